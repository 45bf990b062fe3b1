import { kindOfBuiltInType, pickName } from '@core/activity-types';
import type { BuiltInKind, StoredActivityType } from '@core/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@web/lib/auth/get-me';
import { useActivityTypes } from '@web/lib/queries/get-activity-types';

/** The built-in kind a stored type is of (an answered and an unanswered call are both calls); null for an own type. */
export function findBuiltInKind(type: StoredActivityType): BuiltInKind | null {
  return type === 'custom' ? null : kindOfBuiltInType(type);
}

export interface KindNames {
  /** A built-in kind as the company renamed it, in the reader's language (else the company's); null keeps the app's words. */
  renamed: (kind: BuiltInKind) => string | null;
  /** How a stored type is named in a list, a menu or a title: the app's words, or the company's name for it. */
  label: (type: StoredActivityType) => string;
  /** A log dialog's title: "Log Demo" for a renamed kind, else the app's title for it. */
  logTitle: (kind: BuiltInKind, appTitle: string) => string;
}

/**
 * The built-in kinds' names as the company gave them (decision 116), for the screens a member logs
 * and corrects on. A read of the feed names a renamed kind's activity by itself (its `ownType`); a
 * count ("3 calls") keeps the app's words, which no single name can inflect.
 */
export function useKindNames(): KindNames {
  const { t, i18n } = useTranslation('activity');
  const { data: me } = useMe();
  const { data } = useActivityTypes();
  const companyLanguage = me?.company?.language;
  return useMemo(() => {
    const renamedKinds = new Map((data?.renamedKinds ?? []).map((kind) => [kind.key, kind.names]));
    const renamed = (kind: BuiltInKind) => {
      const names = renamedKinds.get(kind);
      return names ? pickName(names, i18n.language, companyLanguage) : null;
    };
    const label = (type: StoredActivityType) => {
      const kind = findBuiltInKind(type);
      const name = kind && renamed(kind);
      if (!name) return t(`kinds.${type}`);
      // A renamed call still says which it was: the two are told apart everywhere a call is listed.
      if (type === 'call_answered') return t('renamedKind.answered', { name });
      if (type === 'call_unanswered') return t('renamedKind.unanswered', { name });
      return name;
    };
    const logTitle = (kind: BuiltInKind, appTitle: string) => {
      const name = renamed(kind);
      return name ? t('custom.title', { name }) : appTitle;
    };
    return { renamed, label, logTitle };
  }, [data, i18n.language, companyLanguage, t]);
}

import type { CelebrationCard } from '@core/celebrations';
import { BADGE_KINDS } from '@core/contracts/constants';
import { formatMoney, type MinorUnits } from '@core/money';
import { pickName } from '@core/activity-types';
import { formatKpiValue } from './format-kpi';
import { useTranslation } from 'react-i18next';
import { getIntlLocale } from '@web/i18n';
import { formatMemberName } from './member-name';
import { nameOwnType, nameOwnTypeInSentence } from './activity-kind';

/**
 * A card's words, the same on the wall and in the app: one person's news, or a burst of one kind
 * ("3 sales!") with everyone's names (contests starting together: the contests' names). A single
 * sale names its customer and gives its amount as far as the company shows them (decision 078).
 */
export function useCelebrationCardWords(
  card: CelebrationCard,
  /** The company's currency, for a sale's amount. */
  currency?: string,
): { title: string; text: string; amount: string | null; note: string | null } {
  const { t, i18n } = useTranslation('scoreboard');
  const count = card.events.length;
  // An own type's (decision 105): what it was celebrated for, its outcome's name, or the type's when
  // the type celebrates every one (a "No answer!" card would cheer the wrong thing).
  const owns = card.events.map((event) => nameOwnType(event.ownType, i18n.language));
  const whats = new Set(owns.map((own, i) => (card.events[i]!.ownType?.celebratesEvery ? own?.name : (own?.outcome ?? own?.name)) ?? ''));
  const title =
    card.kind !== 'activity'
      ? t(`tv.celebrate.${card.kind}.title`, { count })
      : whats.size === 1
        ? t('tv.celebrate.activity.title', { count, what: [...whats][0] })
        : t('tv.celebrate.activity.mixed', { count });
  if (count === 1) {
    const event = card.events[0]!;
    const name = formatMemberName({ ...event, userId: event.userId ?? '' }, t);
    if (card.kind === 'sale') {
      const amount =
        currency && typeof event.saleValue === 'number'
          ? formatMoney(event.saleValue as MinorUnits, currency, getIntlLocale(i18n.language))
          : null;
      const text = event.customerName
        ? t('tv.celebrate.sale.textCustomer', { name, customer: event.customerName })
        : t('tv.celebrate.sale.text', { name });
      return { title, text, amount, note: null };
    }
    if (card.kind === 'contest') {
      // The winner card (decision 087): who won what, the score with what it counts, the prize.
      const score = event.contestScore;
      const amount = !score
        ? null
        : typeof score.unit === 'object'
          ? // A KPI contest (decision 103): the score as its KPI is written, then the KPI's name; money only in a known currency.
            score.unit.format === 'money' && !currency
            ? null
            : `${formatKpiValue(score.score, score.unit, { language: i18n.language, currency: currency ?? '' })} ${pickName(score.unit.names, i18n.language)}`
          : score.unit === 'sales_value'
            ? currency
              ? formatMoney(score.score as MinorUnits, currency, getIntlLocale(i18n.language))
              : null
            : `${new Intl.NumberFormat(getIntlLocale(i18n.language)).format(score.score)} ${t(`tv.contestUnit.${score.unit}`, { count: score.score })}`;
      const text = event.detail
        ? t('tv.celebrate.contest.textNamed', { name, contest: event.detail })
        : t('tv.celebrate.contest.text', { name });
      return { title, text, amount, note: event.prize ? t('tv.celebrate.contest.prize', { prize: event.prize }) : null };
    }
    if (card.kind === 'activity') {
      // The title starts with the name ("Demo booked!"); the sentence under it writes it as a sentence does.
      const own = nameOwnTypeInSentence(event.ownType, i18n.language);
      const what = own?.outcome ? `${own.name}: ${own.outcome}` : (own?.name ?? '');
      return { title, text: t('tv.celebrate.activity.text', { name, what }), amount: null, note: null };
    }
    if (card.kind === 'badge') {
      // Named as the feed names it: a company's own by its names (decision 107), a built-in one by the catalogue.
      const badge = event.badge;
      const named =
        badge?.kind === 'company'
          ? badge.names
            ? pickName(badge.names, i18n.language)
            : null
          : badge && (BADGE_KINDS as readonly string[]).includes(badge.kind)
            ? t(`badges.kinds.${badge.kind}.name`)
            : null;
      const text = named ? t('tv.celebrate.badge.textNamed', { name, badge: named }) : t('tv.celebrate.badge.text', { name });
      return { title, text, amount: null, note: null };
    }
    return { title, text: t(`tv.celebrate.${card.kind}.text`, { name, detail: event.detail ?? '' }), amount: null, note: null };
  }
  const names =
    card.kind === 'contestStarted'
      ? card.events.map((event) => event.detail ?? '').filter(Boolean)
      : card.events.map((event) => formatMemberName({ ...event, userId: event.userId ?? '' }, t));
  return { title, text: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(names), amount: null, note: null };
}

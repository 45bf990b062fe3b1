import type { Language, Me } from '@core/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { toast } from '@web/components/ui/toaster';
import { changeLanguage, i18n, normalizeLanguage } from '@web/i18n';
import { api } from '../api';
import { queryKeys } from '../query-keys';

/**
 * The language a person saved follows them to every browser: when /me carries one that differs from
 * the one this browser shows, switch to it. Runs when the person or their saved language changes,
 * not on every render, so a choice made a moment ago on this screen is never fought.
 */
export function useApplySavedLanguage(me: Me | null): void {
  const saved = me?.user.language ?? null;
  const userId = me?.user.id ?? null;
  useEffect(() => {
    if (saved && normalizeLanguage(i18n.language) !== saved) void changeLanguage(saved);
  }, [userId, saved]);
}

/**
 * The avatar menu's language switch: changes the screen at once, then saves the choice to the
 * person (PATCH /me/profile) so their next sign-in, anywhere, opens in it. A failed save keeps the
 * screen's language and says the choice only holds in this browser.
 */
export function useChooseLanguage(): (language: Language) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async (language: Language) => {
      await changeLanguage(language);
      try {
        await api.PATCH('/api/v1/me/profile', { body: { language } });
        queryClient.setQueryData<Me | null>(queryKeys.me, (me) => (me ? { ...me, user: { ...me.user, language } } : me));
        // Settings shows the language too; let it re-read.
        await queryClient.invalidateQueries({ queryKey: queryKeys.settings.profile });
      } catch {
        toast.error(i18n.t('header.languageNotSaved'));
      }
    },
    [queryClient],
  );
}

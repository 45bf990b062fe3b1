import type { CelebrationCard } from '@core/celebrations';
import { useTranslation } from 'react-i18next';
import { formatMemberName } from './member-name';

/**
 * A card's words, the same on the wall and in the app: one person's news, or a burst of one kind
 * ("3 sales!") with everyone's names (contests starting together: the contests' names).
 */
export function useCelebrationCardWords(card: CelebrationCard): { title: string; text: string } {
  const { t, i18n } = useTranslation('scoreboard');
  const count = card.events.length;
  const title = t(`tv.celebrate.${card.kind}.title`, { count });
  if (count === 1) {
    const event = card.events[0]!;
    const name = formatMemberName({ ...event, userId: event.userId ?? '' }, t);
    return { title, text: t(`tv.celebrate.${card.kind}.text`, { name, detail: event.detail ?? '' }) };
  }
  const names =
    card.kind === 'contestStarted'
      ? card.events.map((event) => event.detail ?? '').filter(Boolean)
      : card.events.map((event) => formatMemberName({ ...event, userId: event.userId ?? '' }, t));
  return { title, text: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(names) };
}

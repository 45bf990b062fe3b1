import type { BadgeSummary } from '@core/contracts';
import { useTranslation } from 'react-i18next';
import { cn } from '@web/lib/cn';
import { findBadgeLook, nameBadge } from './badge-looks';

type BadgeItem = BadgeSummary['badges'][number];

/**
 * A member's recent badges as small round icons beside their name (the leaderboard row, the TV):
 * a list whose items are named for screen readers and on hover, with "×2" when earned more than
 * once. At most `max` are drawn; the rest are counted in a "+n".
 */
export function BadgeIcons({
  badges,
  max = 3,
  size = 'sm',
  className,
}: {
  badges: readonly BadgeItem[] | undefined;
  max?: number;
  size?: 'sm' | 'tv';
  className?: string;
}) {
  const { t, i18n } = useTranslation('scoreboard');
  if (!badges || badges.length === 0) return null;
  const shown = badges.slice(0, max);
  const hidden = badges.slice(max);
  const nameOf = (badge: BadgeItem) => {
    const name = nameBadge(badge, t, i18n.language);
    return badge.count > 1 ? t('badges.withCount', { name, count: badge.count }) : name;
  };
  const circle = size === 'tv' ? 'size-[3.2vh] [&_svg]:size-[1.9vh]' : 'size-5 [&_svg]:size-3';
  return (
    <ul aria-label={t('badges.listLabel')} data-testid="badge-icons" className={cn('flex shrink-0 items-center gap-1', className)}>
      {shown.map((badge) => {
        const { Icon, tone } = findBadgeLook(badge);
        const name = nameOf(badge);
        return (
          <li
            key={badge.companyBadgeId ?? badge.kind}
            title={name}
            data-badge={badge.kind}
            className={cn('relative inline-flex items-center justify-center rounded-full ring-1 ring-inset', circle, tone)}
          >
            <Icon aria-hidden />
            <span className="sr-only">{name}</span>
          </li>
        );
      })}
      {hidden.length > 0 && (
        <li
          title={hidden.map(nameOf).join(', ')}
          className={cn(
            'inline-flex items-center justify-center rounded-full bg-muted px-1 text-[10px] font-semibold text-muted-foreground',
            size === 'tv' ? 'h-[3.2vh] text-[1.6vh]' : 'h-5',
          )}
        >
          <span aria-hidden>+{hidden.length}</span>
          <span className="sr-only">{hidden.map(nameOf).join(', ')}</span>
        </li>
      )}
    </ul>
  );
}

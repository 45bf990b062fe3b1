import { useTranslation } from 'react-i18next';
import { cn } from '@web/lib/cn';

const MEDAL_CLASSES: Record<number, string> = {
  1: 'bg-gold text-[oklch(0.32_0.07_80)] ring-gold/40',
  2: 'bg-silver text-[oklch(0.3_0.02_250)] ring-silver/50',
  3: 'bg-bronze text-[oklch(0.98_0.01_60)] ring-bronze/40',
};

/** A rank: gold, silver and bronze medallions for the top 3, then a plain number. */
export function RankBadge({ rank, className }: { rank: number; className?: string }) {
  const { t } = useTranslation('scoreboard');
  const medal = MEDAL_CLASSES[rank];
  return (
    <span
      data-rank={rank}
      className={cn(
        'inline-flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold tabular',
        medal ? cn('ring-2', medal) : 'bg-muted text-muted-foreground',
        className,
      )}
    >
      <span aria-hidden>{rank}</span>
      <span className="sr-only">{t('rank.label', { rank })}</span>
    </span>
  );
}

/** The medal tint for a top-3 row or card (empty for other ranks). */
export function getMedalHighlight(rank: number): string {
  if (rank === 1) return 'border-gold/60 bg-gradient-to-br from-gold/15 via-card to-card';
  if (rank === 2) return 'border-silver/70 bg-gradient-to-br from-silver/20 via-card to-card';
  if (rank === 3) return 'border-bronze/50 bg-gradient-to-br from-bronze/15 via-card to-card';
  return '';
}

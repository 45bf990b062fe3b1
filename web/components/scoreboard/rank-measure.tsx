import type { LeaderboardRow, RankBy } from '@core/contracts';
import type { LeaderboardSortKey } from '@core/stats';
import { useTranslation } from 'react-i18next';
import { cn } from '@web/lib/cn';
import type { CompanyFormat } from '@web/lib/format';

/** Basis points (13 400) as the whole percent a person reads (134). */
const toPercent = (basisPoints: number) => Math.round(basisPoints / 100);

/**
 * The measure a row is ranked by under a fair ranking (decision 053): "134% of goal" or "No goal",
 * "+42% on own average" or "No history yet"; what it was measured against in the title and for
 * screen readers. Nothing by points (the row's numbers say it).
 */
export function RankMeasure({
  row,
  rankBy,
  format,
  className,
  missingClassName = 'font-normal text-muted-foreground',
}: {
  row: Pick<LeaderboardRow, 'goalShare' | 'improvement'>;
  rankBy: RankBy;
  format: CompanyFormat;
  className?: string;
  /** How "No goal" and "No history yet" look (the TV's dark board has its own muted colour). */
  missingClassName?: string;
}) {
  const { t } = useTranslation('scoreboard');
  let text: string;
  let detail: string | null = null;
  let isMissing = false;
  if (rankBy === 'goal_share') {
    const measure = row.goalShare;
    if (!measure || measure.share === null || measure.goal === null) {
      text = t('rankBy.noGoal');
      isMissing = true;
    } else {
      text = t('rankBy.ofGoal', { value: format.percent(toPercent(measure.share)) });
      detail = t('rankBy.goalDetail', { goal: format.number(measure.goal), source: t(`rankBy.source.${measure.source ?? 'daily_goal'}`) });
    }
  } else if (rankBy === 'improved') {
    const measure = row.improvement;
    if (!measure || measure.change === null) {
      text = measure && measure.baseline !== null ? t('rankBy.noAverage') : t('rankBy.noHistory');
      isMissing = true;
    } else {
      const percent = toPercent(measure.change);
      text = t('rankBy.onAverage', { value: `${percent >= 0 ? '+' : '−'}${format.percent(Math.abs(percent))}` });
    }
    if (measure && measure.baseline !== null) {
      detail = t('rankBy.baselineDetail', { baseline: format.decimal(measure.baseline), count: measure.periods });
    }
  } else {
    return null;
  }
  return (
    <span
      data-slot="rank-measure"
      title={detail ?? undefined}
      className={cn(
        'font-semibold whitespace-nowrap tabular',
        isMissing ? undefined : 'text-primary',
        className,
        isMissing && missingClassName,
      )}
    >
      {text}
      {detail && <span className="sr-only"> ({detail})</span>}
    </span>
  );
}

/** The line under a board: how it is ranked (for a fair ranking) and its tie rule, the same on every board. */
export function RankingNote({ rankBy, sort, className }: { rankBy: RankBy; sort: LeaderboardSortKey; className?: string }) {
  const { t } = useTranslation('scoreboard');
  return (
    <p data-testid="ranking-note" className={cn('text-xs text-muted-foreground', className)}>
      {rankBy !== 'points' && <>{t(`rankBy.hint.${rankBy}`)} </>}
      {t(`rankBy.tie.${sort}`)}
    </p>
  );
}

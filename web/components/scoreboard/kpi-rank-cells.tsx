import { useTranslation } from 'react-i18next';
import { cn } from '@web/lib/cn';
import { useCompanyFormat } from '@web/lib/format';
import { computeTargetShare, isUpFromZero } from '@web/lib/kpi-periods';

/*
 * The fair rankings' measures on a KPI (decision 053 on a KPI, decisions 101 and 104), for the KPI
 * board and the dashboard's leaderboard ranked by a KPI: one look on both.
 */

/**
 * A person's change on their own average: "+50% on own average", or why there is none, with the
 * average under it, written as the KPI writes it. A change for the better is coloured (down,
 * where lower is better).
 */
export function KpiImprovementCell({
  measure,
  value,
  baseline,
  lowerIsBetter,
  unit,
}: {
  measure: { baseline: number | null; periods: number; change: number | null; changeIn?: 'percentage_points' } | undefined;
  /** The figure now: up from an average of 0 is said so (there is no percentage to give). */
  value: number | null;
  baseline: (value: number) => string;
  lowerIsBetter: boolean;
  /** What the earlier periods are ("over 3 earlier days"); periods when not said. */
  unit?: 'day' | 'week' | 'month';
}) {
  const { t } = useTranslation('scoreboard');
  const format = useCompanyFormat();
  const detail =
    measure && measure.baseline !== null
      ? t('rankBy.baselineDetail', { baseline: baseline(measure.baseline), count: measure.periods, context: unit })
      : null;
  // A rate's change is in percentage points (hundredths of one), one decimal; any other in whole percents.
  const inPoints = measure?.changeIn === 'percentage_points';
  // Rounded away from zero alike on both sides (+2.45 and −2.45 read 2.5).
  const round = (n: number, step: number) => (Math.sign(n) * Math.round(Math.abs(n) / step) * step) / 100;
  const percent = measure?.change != null ? (inPoints ? round(measure.change, 10) : round(measure.change, 100)) : null;
  const better = percent !== null && (lowerIsBetter ? percent < 0 : percent > 0);
  const upFromZero = percent === null && isUpFromZero(measure, value);
  return (
    <span className="flex flex-col items-end text-right">
      {percent === null ? (
        <span
          className={cn(
            'text-sm sm:whitespace-nowrap',
            upFromZero && !lowerIsBetter ? 'font-semibold text-primary' : 'text-muted-foreground',
          )}
        >
          {upFromZero
            ? t('rankBy.upFromZero')
            : measure?.baseline === 0 && value === 0
              ? t('rankBy.sameAsAverage')
              : measure && measure.baseline !== null
                ? t('rankBy.noAverage')
                : t('rankBy.noHistory')}
        </span>
      ) : (
        <span className={cn('font-semibold sm:whitespace-nowrap tabular-nums', better ? 'text-primary' : 'text-foreground')}>
          {inPoints
            ? t('rankBy.onAverageInPoints', { value: `${percent >= 0 ? '+' : '−'}${format.number(Math.abs(percent), 1)}` })
            : t('rankBy.onAverage', { value: `${percent >= 0 ? '+' : '−'}${format.percent(Math.abs(percent))}` })}
        </span>
      )}
      {detail && <span className="text-xs text-muted-foreground">{detail}</span>}
    </span>
  );
}

/**
 * A person's share of their target for the period ("45 %", the target under it, written as the
 * KPI writes it), or that they have none; 100 % and over is coloured.
 */
export function KpiTargetShareCell({
  value,
  target,
  perDay,
  formatTarget,
}: {
  value: number | null;
  target: number | null;
  /** The day's target a week's or month's was made of (its working days times it), when it has none of its own. */
  perDay?: number;
  formatTarget: (value: number) => string;
}) {
  const { t } = useTranslation('scoreboard');
  const format = useCompanyFormat();
  const share = computeTargetShare(value, target);
  if (target === null) return <span className="text-sm sm:whitespace-nowrap text-muted-foreground">{t('rankBy.noTarget')}</span>;
  const percent = share === null ? null : Math.round(share * 100);
  return (
    <span className="flex flex-col items-end text-right">
      <span
        className={cn('font-semibold sm:whitespace-nowrap tabular-nums', share !== null && share >= 1 ? 'text-primary' : 'text-foreground')}
      >
        {percent === null ? '—' : format.percent(percent)}
      </span>
      <span className="text-xs text-muted-foreground">
        {perDay === undefined
          ? t('rankBy.targetDetail', { target: formatTarget(target) })
          : t('rankBy.targetDetailPerDay', { target: formatTarget(target), perDay: formatTarget(perDay) })}
      </span>
    </span>
  );
}

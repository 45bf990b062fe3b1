import type { BoardPeriod, Kpi } from '@core/contracts';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '@web/lib/format';

/**
 * A figure against the equal period before: up or down by how much, green when better (lower is
 * better for some KPIs), or that there is nothing to compare with. Boards' numbers and the reports'.
 */
export function KpiChange({
  kpi,
  value,
  previous,
  period,
}: {
  kpi: Kpi;
  value: number | null;
  previous: number | null;
  period: BoardPeriod;
}) {
  const { t, i18n } = useTranslation('scoreboard');
  const before = t(`boards.previous.${period}`);
  if (value === null || previous === null || previous === 0)
    return <span className="text-muted-foreground">{t('boards.change.none', { period: before })}</span>;
  if (value === previous) return <span className="text-muted-foreground">{t('boards.change.same', { period: before })}</span>;
  const percent = Math.round((Math.abs(value - previous) / Math.abs(previous)) * 100);
  const better = kpi.lowerIsBetter ? value < previous : value > previous;
  return (
    <span className={better ? 'text-success' : 'text-destructive'}>
      {t(value > previous ? 'boards.change.up' : 'boards.change.down', { value: formatPercent(percent, i18n.language), period: before })}
    </span>
  );
}

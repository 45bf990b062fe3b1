import { RANK_BY } from '@core/contracts/constants';
import { ScaleIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LazySelect } from '@web/components/ui/lazy-select';
import { cn } from '@web/lib/cn';
import { useRankBy } from '@web/lib/rank-by';

/**
 * A board's ranking (decision 053): Points (by the figure, beside a KPI's order), % of goal or Most improved, kept in the URL
 * (?rankBy=) like the team filter, so the choice survives a reload and can be shared.
 */
export function RankBySelect({
  className,
  byFigure = false,
  plainLabel,
}: {
  className?: string;
  byFigure?: boolean;
  /** The first choice's name on a board whose plain order is another figure's ("Calls" on today's board by calls). */
  plainLabel?: string;
}) {
  const { t } = useTranslation('scoreboard');
  const labelId = useId();
  const { rankBy, setRankBy } = useRankBy();
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <ScaleIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      {/* Named on screen: beside a board's "Sort by" it must be clear which one ranks. */}
      <span id={labelId} className="text-sm whitespace-nowrap text-muted-foreground">
        {t('rankBy.label')}
      </span>
      <LazySelect
        value={rankBy}
        onValueChange={setRankBy}
        // Beside a KPI's order the first choice ranks by the KPI's figure, not by points.
        options={RANK_BY.map((key) => ({
          value: key,
          label: key === 'points' && plainLabel ? plainLabel : t(byFigure && key === 'points' ? 'rankBy.byFigure' : `rankBy.${key}`),
        }))}
        aria-labelledby={labelId}
        className="w-full min-w-40 sm:w-44"
      />
    </div>
  );
}

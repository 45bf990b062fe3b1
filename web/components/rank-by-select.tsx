import type { LeaderboardSortKey } from '@core/stats';
import { RANK_BY } from '@core/contracts/constants';
import { ScaleIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LazySelect } from '@web/components/ui/lazy-select';
import { cn } from '@web/lib/cn';
import { useRankBy } from '@web/lib/rank-by';

/**
 * A board's ranking (decision 053): the most of the board's figure ("Most calls"; "By the figure" beside a KPI's order),
 * % of goal or Most improved, kept in the URL (?rankBy=) like the team filter, so the choice survives a reload and can be
 * shared. Beside a board's "Sort by" the first choice names the figure sorted by, so the two never disagree.
 */
export function RankBySelect({
  className,
  byFigure = false,
  figure = 'points',
}: {
  className?: string;
  byFigure?: boolean;
  /** The built-in figure the board is in order of: the first choice says "Most calls" on a board by calls. */
  figure?: LeaderboardSortKey;
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
          label: key !== 'points' ? t(`rankBy.${key}`) : byFigure ? t('rankBy.byFigure') : t(`rankBy.most.${figure}`),
        }))}
        aria-labelledby={labelId}
        className="w-full min-w-40 sm:w-44"
      />
    </div>
  );
}

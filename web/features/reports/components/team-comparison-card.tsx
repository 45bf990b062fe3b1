import type { TeamComparisonRow } from '@core/contracts';
import { UsersIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardHeading } from '@web/components/card-heading';
import { EmptyState } from '@web/components/empty-state';
import { LoadError } from '@web/components/load-error';
import { ScrollFade } from '@web/components/scroll-fade';
import { Card, CardDescription, CardHeader } from '@web/components/ui/card';
import { LazySelect } from '@web/components/ui/lazy-select';
import { Skeleton } from '@web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import type { CompanyFormat } from '@web/lib/format';
import { type TeamComparisonPeriod, useTeamComparison } from '../api/get-team-comparison';

const PERIODS: readonly TeamComparisonPeriod[] = ['today', 'week', 'month'];

type Metric = 'calls' | 'meetings' | 'sales' | 'points' | 'revenue';
const METRICS: readonly Metric[] = ['calls', 'meetings', 'sales', 'points', 'revenue'];

/** The company's teams side by side (decision 040): each team's totals, and per head beneath. Hidden while there are no teams. */
export function TeamComparisonCard({ format }: { format: CompanyFormat }) {
  const { t } = useTranslation('scoreboard');
  const periodLabelId = useId();
  const [period, setPeriod] = useState<TeamComparisonPeriod>('week');
  const comparison = useTeamComparison(period);
  const rows = comparison.data?.teams ?? [];
  const hasTeams = rows.some((row) => row.teamId !== null);
  if (comparison.data && !hasTeams) return null;

  const value = (row: TeamComparisonRow, metric: Metric) =>
    metric === 'revenue' ? format.money(row.totals.revenue) : format.number(row.totals[metric]);
  const perHead = (row: TeamComparisonRow, metric: Metric) =>
    metric === 'revenue' ? format.money(row.perHead.revenue) : format.decimal(row.perHead[metric]);

  return (
    <Card className="min-w-0 overflow-hidden" data-testid="team-comparison">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 space-y-0 border-b pb-4">
        <div>
          <CardHeading>{t('company.teams.title')}</CardHeading>
          <CardDescription>{t('company.teams.hint')}</CardDescription>
        </div>
        <div className="flex items-center gap-2">
          <span id={periodLabelId} className="text-sm text-muted-foreground">
            {t('company.teams.period')}
          </span>
          <LazySelect
            value={period}
            onValueChange={setPeriod}
            options={PERIODS.map((p) => ({ value: p, label: t(`company.teams.periods.${p}`) }))}
            className="w-32"
            aria-labelledby={periodLabelId}
          />
        </div>
      </CardHeader>
      {comparison.isError && !comparison.data ? (
        <LoadError title={t('company.teams.failed')} error={comparison.error} onRetry={comparison.refetch} layout="stacked" />
      ) : !comparison.data ? (
        <div className="flex flex-col gap-2 p-5">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-9 w-full" />
          ))}
        </div>
      ) : rows.length === 0 ? (
        <EmptyState className="m-4 border-0 bg-transparent py-8" icon={UsersIcon} title={t('company.teams.empty')} />
      ) : (
        <ScrollFade>
          <Table>
            <caption className="sr-only">{t('company.teams.title')}</caption>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">{t('company.teams.team')}</TableHead>
                <TableHead scope="col" className="text-right">
                  {t('company.teams.members')}
                </TableHead>
                {METRICS.map((metric) => (
                  <TableHead key={metric} scope="col" className="text-right">
                    {t(`company.teams.metrics.${metric}`)}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.teamId ?? 'none'}>
                  <TableHead scope="row" className="text-sm font-medium tracking-normal whitespace-nowrap text-foreground normal-case">
                    {row.name ?? <span className="text-muted-foreground">{t('company.teams.noTeam')}</span>}
                  </TableHead>
                  <TableCell className="text-right tabular-nums">{format.number(row.memberCount)}</TableCell>
                  {METRICS.map((metric) => (
                    <TableCell key={metric} className="text-right whitespace-nowrap tabular-nums">
                      <span className="block font-semibold">{value(row, metric)}</span>
                      <span className="block text-xs text-muted-foreground">
                        {t('company.teams.perHead', { value: perHead(row, metric) })}
                      </span>
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollFade>
      )}
    </Card>
  );
}

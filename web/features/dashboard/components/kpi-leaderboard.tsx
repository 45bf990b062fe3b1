import type { Kpi } from '@core/contracts';
import { pickName } from '@core/activity-types';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@web/components/load-error';
import { LeaderboardSkeleton, MemberCell, RankCell, RankHead } from '@web/components/scoreboard/leaderboard-table';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { useMe } from '@web/lib/auth/get-me';
import { cn } from '@web/lib/cn';
import { formatKpiValue } from '@web/lib/format-kpi';
import { rankRows } from '@web/lib/kpi-periods';
import { formatMemberName } from '@web/lib/member-name';
import { useKpiValues } from '@web/lib/queries/get-kpis';
import { useFlip } from '@web/lib/use-flip';

/** The dashboard's sort by one of the company's KPIs: `kpi:` and its id (the built-in sorts are plain keys). */
export const KPI_SORT_PREFIX = 'kpi:';

/**
 * The dashboard's leaderboard ranked by one of the company's KPIs today (decision 101): the same
 * figures and order as the KPI board and a board's leaderboard widget (rankRows: higher first, or
 * lower where lower is better; no value last; then the name), for the team filtered to.
 */
export function KpiLeaderboard({
  kpi,
  teamId,
  today,
  personHref,
}: {
  kpi: Kpi;
  teamId: string | undefined;
  /** The company's today as the server counts it (the dashboard's cards); nothing is read until it is known. */
  today: string | undefined;
  personHref: (userId: string) => string | null;
}) {
  const { t, i18n } = useTranslation('scoreboard');
  const { data: me } = useMe();
  const day = today ?? '';
  const values = useKpiValues({ from: day, to: day, ...(teamId ? { teamId } : {}) }, { enabled: today !== undefined });
  const people = new Map(values.data?.members.map((member) => [member.userId, member]));
  const nameOf = (userId: string) => formatMemberName({ displayName: people.get(userId)?.displayName ?? null, userId }, t);
  const rows = values.data ? rankRows(values.data, kpi, nameOf) : [];
  const bodyRef = useFlip<HTMLTableSectionElement>(rows.map((row) => row.userId));
  const of = new Map(values.data?.kpis.find((k) => k.id === kpi.id)?.members.map((m) => [m.userId, m.value]));
  const kpiName = pickName(kpi.names, i18n.language, me?.company?.language);
  const format = (value: number | null | undefined) =>
    formatKpiValue(value ?? null, kpi, { language: i18n.language, currency: me?.company?.currency ?? 'NOK' });

  if (values.isError && !values.data)
    return (
      <div className="p-4">
        <LoadError title={t('leaderboard.loadError')} error={values.error} onRetry={() => void values.refetch()} />
      </div>
    );
  if (!values.data) return <LeaderboardSkeleton />;
  if (rows.length === 0) return <p className="border-t px-5 py-4 text-sm text-muted-foreground">{t('boards.noPeople')}</p>;
  return (
    <>
      <Table aria-label={t('leaderboard.byKpi', { kpi: kpiName })}>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <RankHead />
            <TableHead className="px-2 sm:px-3">{t('leaderboard.member')}</TableHead>
            <TableHead className="pr-3 pl-2 text-right sm:pr-5" aria-sort={kpi.lowerIsBetter ? 'ascending' : 'descending'}>
              {kpiName}
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody ref={bodyRef}>
          {rows.map((row, index) => {
            const name = nameOf(row.userId);
            const value = of.get(row.userId) ?? null;
            const isMe = row.userId === me?.user.id;
            // A medal for a figure worth one: nothing counted up yet (0, or no value) earns none.
            const scored = value !== null && (kpi.lowerIsBetter || value > 0);
            return (
              <TableRow
                key={row.userId}
                data-flip-key={row.userId}
                data-testid="leaderboard-row"
                aria-current={isMe ? 'true' : undefined}
                className={cn(isMe && 'bg-primary-soft/50 hover:bg-primary-soft/70', !scored && 'text-muted-foreground')}
              >
                <RankCell rank={index + 1} scored={scored} />
                <MemberCell userId={row.userId} name={name} avatarUrl={row.avatarUrl} href={personHref(row.userId)} isMe={isMe} />
                <TableCell className="pr-3 pl-2 text-right sm:pr-5">
                  <span className="text-base font-bold text-foreground tabular">{format(value)}</span>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <p data-testid="ranking-note" className="border-t px-5 py-3 text-xs text-muted-foreground">
        {t(kpi.lowerIsBetter ? 'leaderboard.kpiNoteLower' : 'leaderboard.kpiNote', { kpi: kpiName })}
      </p>
    </>
  );
}

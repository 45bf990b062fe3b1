import type { Kpi, RankBy } from '@core/contracts';
import { pickName } from '@core/activity-types';
import type { LocalDate } from '@core/period';
import { findWhyNotCountedUpTo } from '@core/kpi-formulas';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@web/components/load-error';
import { KpiImprovementCell, KpiTargetShareCell } from '@web/components/scoreboard/kpi-rank-cells';
import { LeaderboardSkeleton, MemberCell, RankCell, RankHead } from '@web/components/scoreboard/leaderboard-table';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { useMe } from '@web/lib/auth/get-me';
import { cn } from '@web/lib/cn';
import { formatKpiValue } from '@web/lib/format-kpi';
import { computeTargetShare, isUpFromZero, rankRows, rankRowsByImprovement, rankRowsByTargetShare } from '@web/lib/kpi-periods';
import { formatMemberName } from '@web/lib/member-name';
import { useKpiValues } from '@web/lib/queries/get-kpis';
import { usePeopleTargets } from '@web/lib/queries/get-people-targets';
import { useFlip } from '@web/lib/use-flip';

/** The dashboard's sort by one of the company's KPIs: `kpi:` and its id (the built-in sorts are plain keys). */
export const KPI_SORT_PREFIX = 'kpi:';

/**
 * The dashboard's leaderboard ranked by one of the company's KPIs today (decision 101): the same
 * figures and order as the KPI board and a board's leaderboard widget (rankRows: higher first, or
 * lower where lower is better; no value last; then the name), for the team filtered to. The fair
 * rankings (decision 053) apply as on the KPI board: "% of goal" is each person's figure over their
 * manager's target for today on the KPI (a KPI that adds up and goes up), "Most improved" the
 * change on their own average of earlier days with activity.
 */
export function KpiLeaderboard({
  kpi,
  teamId,
  today,
  rankBy,
  personHref,
}: {
  kpi: Kpi;
  teamId: string | undefined;
  /** The company's today as the server counts it (the dashboard's cards); nothing is read until it is known. */
  today: string | undefined;
  rankBy: RankBy;
  personHref: (userId: string) => string | null;
}) {
  const { t, i18n } = useTranslation('scoreboard');
  const { data: me } = useMe();
  const day = today ?? '';
  const known = today !== undefined;
  // Why % of goal cannot rank this KPI (null: it can), named in the note under the table.
  const whyNoTargets = findWhyNotCountedUpTo(kpi);
  const targeting = rankBy === 'goal_share' && whyNoTargets === null;
  const improving = rankBy === 'improved';
  const team = teamId ? { teamId } : {};
  const values = useKpiValues({ from: day, to: day, ...team }, { enabled: known });
  const improved = useKpiValues({ from: day, to: day, ...team, ids: kpi.id, improvement: 'day' }, { enabled: known && improving });
  const targets = usePeopleTargets({ kpi: kpi.id, period: 'day', on: day as LocalDate }, { enabled: known && targeting });
  const people = new Map(values.data?.members.map((member) => [member.userId, member]));
  const nameOf = (userId: string) => formatMemberName({ displayName: people.get(userId)?.displayName ?? null, userId }, t);
  const targetOf = new Map(targets.data?.targets.map((target) => [target.userId, target.value]));
  const rows = !values.data
    ? []
    : improving && improved.data
      ? rankRowsByImprovement(values.data, improved.data, kpi, nameOf)
      : targeting && targets.data
        ? rankRowsByTargetShare(values.data, targetOf, kpi, nameOf)
        : rankRows(values.data, kpi, nameOf);
  const bodyRef = useFlip<HTMLTableSectionElement>(rows.map((row) => row.userId));
  const of = new Map(values.data?.kpis.find((k) => k.id === kpi.id)?.members.map((m) => [m.userId, m.value]));
  const improvementOf = (userId: string) => improved.data?.kpis[0]?.members.find((m) => m.userId === userId)?.improvement;
  const kpiName = pickName(kpi.names, i18n.language, me?.company?.language);
  const format = (value: number | null | undefined) =>
    formatKpiValue(value ?? null, kpi, { language: i18n.language, currency: me?.company?.currency ?? 'NOK' });
  const failed = values.isError && !values.data ? values : improving && improved.isError && !improved.data ? improved : null;
  const targetsFailed = targeting && targets.isError && !targets.data;

  if (failed || targetsFailed)
    return (
      <div className="p-4">
        <LoadError
          title={t('leaderboard.loadError')}
          error={failed ? failed.error : targets.error}
          onRetry={() => void (failed ? failed.refetch() : targets.refetch())}
        />
      </div>
    );
  if (!values.data || (improving && !improved.data) || (targeting && !targets.data)) return <LeaderboardSkeleton />;
  if (rows.length === 0) return <p className="border-t px-5 py-4 text-sm text-muted-foreground">{t('boards.noPeople')}</p>;
  const fair = improving || targeting;
  return (
    <>
      <Table aria-label={t('leaderboard.byKpi', { kpi: kpiName })}>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <RankHead />
            <TableHead className="px-2 sm:px-3">{t('leaderboard.member')}</TableHead>
            {/* On a phone a fair ranking shows its measure alone (the target or average under it says what it is of). */}
            <TableHead
              className={cn('pr-3 pl-2 text-right sm:pr-5', fair && 'max-sm:hidden')}
              aria-sort={fair ? undefined : kpi.lowerIsBetter ? 'ascending' : 'descending'}
            >
              {kpiName}
            </TableHead>
            {fair && (
              <TableHead
                className="pr-3 pl-2 text-right whitespace-nowrap sm:pr-5"
                aria-sort={improving && kpi.lowerIsBetter ? 'ascending' : 'descending'}
              >
                {t(improving ? 'rankBy.change' : 'rankBy.target')}
              </TableHead>
            )}
          </TableRow>
        </TableHeader>
        <TableBody ref={bodyRef}>
          {rows.map((row, index) => {
            const name = nameOf(row.userId);
            const value = of.get(row.userId) ?? null;
            const isMe = row.userId === me?.user.id;
            // A medal for a figure worth one: nothing counted up yet (0, or no value) earns none; on a
            // fair ranking, nothing to measure (no target, no history) earns none either.
            const measured = improving
              ? improvementOf(row.userId)?.change != null || isUpFromZero(improvementOf(row.userId), value)
              : targeting
                ? computeTargetShare(value, targetOf.get(row.userId) ?? null) !== null
                : true;
            const scored = measured && value !== null && (kpi.lowerIsBetter || value > 0);
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
                <TableCell className={cn('pr-3 pl-2 text-right sm:pr-5', fair && 'max-sm:hidden')}>
                  <span className={cn('text-foreground tabular', fair ? 'text-sm font-medium' : 'text-base font-bold')}>
                    {format(value)}
                  </span>
                </TableCell>
                {fair && (
                  <TableCell className="pr-3 pl-2 text-right sm:pr-5" data-slot="rank-measure">
                    {improving ? (
                      <KpiImprovementCell
                        measure={improvementOf(row.userId)}
                        value={value}
                        unit="day"
                        baseline={format}
                        lowerIsBetter={kpi.lowerIsBetter}
                      />
                    ) : (
                      <KpiTargetShareCell value={value} target={targetOf.get(row.userId) ?? null} formatTarget={format} />
                    )}
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <p data-testid="ranking-note" className="border-t px-5 py-3 text-xs text-muted-foreground">
        {improving
          ? t('leaderboard.kpiNoteImproved', { kpi: kpiName })
          : targeting
            ? rows.some((row) => targetOf.has(row.userId))
              ? t('leaderboard.kpiNoteTarget', { kpi: kpiName })
              : t('leaderboard.kpiNoTargets', { kpi: kpiName })
            : rankBy === 'goal_share' && whyNoTargets !== null
              ? whyNoTargets === 'lowerIsBetter'
                ? t('leaderboard.kpiNotTargetableLower', { kpi: kpiName })
                : // The one reason that applies: "a ratio", "an average" (a count or a sum would have targets).
                  t('leaderboard.kpiNotTargetable', { kpi: kpiName, kind: t(`common:kpiNotCountedUpTo.${whyNoTargets}`) })
              : t(kpi.lowerIsBetter ? 'leaderboard.kpiNoteLower' : 'leaderboard.kpiNote', { kpi: kpiName })}
      </p>
    </>
  );
}

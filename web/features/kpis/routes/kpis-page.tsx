import type { Kpi } from '@core/contracts';
import { pickName } from '@core/activity-types';
import { canCountUpTo } from '@core/kpi-formulas';
import { computeTargetPeriodOfBoard } from '@core/rankings';
import { computeLocalDate, computePeriodDays, type LocalDate } from '@core/period';
import { GaugeIcon, ScaleIcon } from 'lucide-react';
import { Fragment, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@web/components/empty-state';
import { ScrollFade } from '@web/components/scroll-fade';
import { LoadError } from '@web/components/load-error';
import { ExportMenu } from '@web/components/export-menu';
import { PageHeader } from '@web/components/page-header';
import { PersonAvatar } from '@web/components/person-avatar';
import { PersonNameLink } from '@web/components/person-name-link';
import { SegmentedChoice } from '@web/components/segmented-choice';
import { TeamFilter } from '@web/components/team-filter';
import { Card, CardContent } from '@web/components/ui/card';
import { LazySelect } from '@web/components/ui/lazy-select';
import { Skeleton } from '@web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { KpiImprovementCell, KpiTargetShareCell } from '@web/components/scoreboard/kpi-rank-cells';
import { useMe } from '@web/lib/auth/get-me';
import { cn } from '@web/lib/cn';
import { formatKpiValue } from '@web/lib/format-kpi';
import { formatMemberName } from '@web/lib/member-name';
import { usePersonPageHref } from '@web/lib/people';
import { useKpis, useKpiValues } from '@web/lib/queries/get-kpis';
import { BUILT_IN_COLUMNS, type Period, PERIODS, rankRows, rankRowsByImprovement, rankRowsByTargetShare } from '@web/lib/kpi-periods';
import { useTeamFilter } from '@web/lib/teams';
import { usePeopleTargets } from '@web/lib/queries/get-people-targets';

/*
 * With many KPIs the figures scroll sideways on a desktop: the rank and the person stay in view
 * (sticky), on an opaque background so the figures pass under them; the row's own tint (yours, the
 * total) mixed into it. On a phone the table has one figure and does not scroll.
 */
// Opaque, they take the row's hover tint themselves (the row's own shows only through the others).
const STICKY_HOVER = '[tr:hover>&]:bg-[color-mix(in_srgb,var(--color-muted)_50%,var(--color-card))]';
// The rank's column is exactly as wide as the person's offset (a table shrinks a width it is only given as a hint).
const STICKY_RANK = `min-w-12 sm:sticky sm:left-0 sm:z-10 ${STICKY_HOVER}`;
const STICKY_PERSON = `sm:sticky sm:left-12 sm:z-10 sm:shadow-[inset_-1px_0_0_var(--color-border)] ${STICKY_HOVER}`;
const MINE_BACKGROUND = 'bg-[color-mix(in_srgb,var(--color-primary-soft)_50%,var(--color-card))]';
const TOTAL_BACKGROUND = 'bg-[color-mix(in_srgb,var(--color-muted)_40%,var(--color-card))]';

/**
 * KPIs (decision 101): every person's figure of each KPI for today, this week or this month,
 * ranked by the KPI chosen (the company's first own one, else points), with everyone's total;
 * the choices live in the URL like the boards' (?period=&kpi=&team=).
 */
export function Component() {
  const { t, i18n } = useTranslation(['settings', 'common']);
  const { data: me } = useMe();
  const [params, setParams] = useSearchParams();
  const { teamId } = useTeamFilter();
  const rankLabel = useId();
  const kpis = useKpis();
  const timeZone = me?.company?.timezone ?? 'Europe/Oslo';
  const period = (PERIODS as readonly string[]).includes(params.get('period') ?? '') ? (params.get('period') as Period) : 'week';
  const days = computePeriodDays(period, computeLocalDate(new Date(), timeZone) as LocalDate);
  const values = useKpiValues({ ...days, ...(teamId ? { teamId } : {}) });
  const personHref = usePersonPageHref();

  const list = kpis.data?.kpis ?? [];
  const own = list.filter((kpi) => !kpi.builtIn);
  const wanted = params.get('kpi');
  const ranked = list.find((kpi) => kpi.id === wanted) ?? own[0] ?? list.find((kpi) => kpi.id === 'points');
  // "Most improved" (decision 053 on a KPI): each person's change on their own average, read only when chosen.
  const improving = params.get('rank') === 'improved' && ranked !== undefined;
  const improved = useKpiValues(
    { ...days, ...(teamId ? { teamId } : {}), ids: ranked?.id ?? 'points', improvement: period === 'today' ? 'day' : period },
    { enabled: improving },
  );
  // "% of target" (decision 053's "% of goal" on a KPI): managers' targets exist for KPIs that add
  // up and go up (decision 104); the whole period's target, as the boards' goals.
  const targetable = ranked !== undefined && canCountUpTo(ranked);
  const targeting = params.get('rank') === 'target' && targetable;
  const targets = usePeopleTargets(
    { kpi: ranked?.id ?? 'points', period: computeTargetPeriodOfBoard(period) ?? 'day', on: days.to },
    { enabled: targeting },
  );
  const targetOf = new Map(targets.data?.targets.map((target) => [target.userId, target.value]));
  const perDayOf = new Map(targets.data?.targets.map((target) => [target.userId, target.perDay]));
  const columns = ranked
    ? [ranked, ...[...own, ...list.filter((kpi) => BUILT_IN_COLUMNS.includes(kpi.id))].filter((kpi) => kpi.id !== ranked.id)]
    : [];
  const setParam = (key: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(key, value);
        return next;
      },
      { replace: true },
    );

  const nameOfKpi = (kpi: Kpi) => pickName(kpi.names, i18n.language, me?.company?.language);
  const format = (kpi: Kpi, value: number | null | undefined) =>
    formatKpiValue(value ?? null, kpi, { language: i18n.language, currency: me?.company?.currency ?? 'NOK' });
  const people = new Map(values.data?.members.map((member) => [member.userId, member]));
  const nameOf = (userId: string) => formatMemberName({ displayName: people.get(userId)?.displayName ?? null, userId }, t);
  const valueOf = (kpi: Kpi, userId: string) =>
    values.data?.kpis.find((k) => k.id === kpi.id)?.members.find((m) => m.userId === userId)?.value;
  const totalOf = (kpi: Kpi) => values.data?.kpis.find((k) => k.id === kpi.id)?.total;
  const rows =
    values.data && ranked
      ? improving && improved.data
        ? rankRowsByImprovement(values.data, improved.data, ranked, nameOf)
        : targeting && targets.data
          ? rankRowsByTargetShare(values.data, targetOf, ranked, nameOf)
          : rankRows(values.data, ranked, nameOf)
      : [];
  const improvementOf = (userId: string) => improved.data?.kpis[0]?.members.find((m) => m.userId === userId)?.improvement;
  const failed =
    (kpis.isError && !kpis.data) ||
    (values.isError && !values.data) ||
    (improving && improved.isError && !improved.data) ||
    (targeting && targets.isError && !targets.data);
  const ranking = improving ? 'improved' : targeting ? 'target' : 'value';

  return (
    <>
      <PageHeader
        title={t('kpis.boardTitle')}
        description={t('kpis.boardDescription')}
        actions={
          <>
            <TeamFilter />
            {/* The board as a file: the same period and team, every KPI a column (decision 101). */}
            <ExportMenu targets={[{ kind: 'kpis', period: { period }, ...(teamId ? { teamId } : {}) }]} disabled={!values.data} />
          </>
        }
      />
      <div className="mb-4 flex flex-wrap items-end gap-x-6 gap-y-3">
        <SegmentedChoice
          legend={t('kpis.period')}
          name="kpi-period"
          value={period}
          onChange={(next) => setParam('period', next)}
          options={PERIODS.map((choice) => ({ value: choice, label: t(`kpis.periods.${choice}`) }))}
        />
        {ranked && (
          <SegmentedChoice
            legend={t('kpis.ranking')}
            name="kpi-ranking"
            value={ranking}
            onChange={(next) => setParam('rank', next)}
            options={[
              { value: 'value', label: t('kpis.rankValue') },
              ...(targetable ? [{ value: 'target', label: t('kpis.rankTarget') }] : []),
              { value: 'improved', label: t('scoreboard:rankBy.improved') },
            ]}
          />
        )}
        {ranked && (
          <div className="flex items-center gap-2 pb-0.5">
            <ScaleIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            <span id={rankLabel} className="text-sm whitespace-nowrap text-muted-foreground">
              {t('kpis.rankBy')}
            </span>
            <LazySelect
              value={ranked.id}
              onValueChange={(id) => setParam('kpi', id)}
              options={list.map((kpi) => ({ value: kpi.id, label: nameOfKpi(kpi) }))}
              aria-labelledby={rankLabel}
              className="w-full min-w-44 sm:w-56"
            />
          </div>
        )}
      </div>
      <Card>
        <CardContent className="p-0">
          {failed ? (
            <div className="p-6">
              <LoadError
                title={t('kpis.loadFailed')}
                error={
                  (kpis.isError && kpis.error) ||
                  (values.isError && values.error) ||
                  (improving && improved.error) ||
                  (targeting && targets.error) ||
                  null
                }
                onRetry={() =>
                  void Promise.all([
                    kpis.refetch(),
                    values.refetch(),
                    ...(improving ? [improved.refetch()] : []),
                    ...(targeting ? [targets.refetch()] : []),
                  ])
                }
                layout="stacked"
              />
            </div>
          ) : !values.data || !ranked || (improving && !improved.data) || (targeting && !targets.data) ? (
            <div className="space-y-3 p-6" role="status" aria-busy="true" aria-label={t('kpis.loading')}>
              {Array.from({ length: 4 }, (_, i) => (
                <Skeleton key={i} className="h-10 w-full" />
              ))}
            </div>
          ) : rows.length === 0 ? (
            <EmptyState icon={GaugeIcon} title={t('kpis.noPeopleTitle')} description={t('kpis.noPeopleText')} />
          ) : (
            <>
              <ScrollFade>
                <Table
                  aria-label={t(improving ? 'kpis.boardTableImproved' : targeting ? 'kpis.boardTableTarget' : 'kpis.boardTable', {
                    kpi: nameOfKpi(ranked),
                  })}
                >
                  <TableHeader>
                    <TableRow>
                      <TableHead className={cn('w-12 text-center', STICKY_RANK, 'bg-card')}>#</TableHead>
                      <TableHead className={cn(STICKY_PERSON, 'bg-card')}>{t('kpis.person')}</TableHead>
                      {columns.map((kpi, i) => (
                        <Fragment key={kpi.id}>
                          <TableHead
                            className={cn(
                              // On a phone the ranked KPI's long name wraps in its column, so its figures stay in view.
                              'text-end sm:whitespace-nowrap',
                              i === 0 && 'text-foreground max-sm:h-auto max-sm:w-32 max-sm:py-2',
                              // On a phone: the ranked KPI only, and a fair ranking's measure alone, so the row fits.
                              (i !== 0 || improving || targeting) && 'max-sm:hidden',
                            )}
                          >
                            {nameOfKpi(kpi)}
                          </TableHead>
                          {i === 0 && improving && (
                            <TableHead className="text-end whitespace-nowrap text-foreground">{t('kpis.change')}</TableHead>
                          )}
                          {i === 0 && targeting && (
                            <TableHead className="text-end whitespace-nowrap text-foreground">{t('kpis.rankTarget')}</TableHead>
                          )}
                        </Fragment>
                      ))}
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {rows.map((member, index) => {
                      const isMe = member.userId === me?.user.id;
                      return (
                        <TableRow key={member.userId} className={cn(isMe && 'bg-primary-soft/50')} aria-current={isMe ? 'true' : undefined}>
                          <TableCell
                            className={cn('text-center font-medium tabular-nums', STICKY_RANK, isMe ? MINE_BACKGROUND : 'bg-card')}
                          >
                            {index + 1}
                          </TableCell>
                          <TableCell className={cn(STICKY_PERSON, isMe ? MINE_BACKGROUND : 'bg-card')}>
                            <span className="flex items-center gap-2">
                              <PersonAvatar
                                name={nameOf(member.userId)}
                                avatarUrl={member.avatarUrl}
                                colorKey={member.userId}
                                className="size-7"
                              />
                              <PersonNameLink href={personHref(member.userId)} className="truncate">
                                {nameOf(member.userId)}
                              </PersonNameLink>
                            </span>
                          </TableCell>
                          {columns.map((kpi, i) => (
                            <Fragment key={kpi.id}>
                              <TableCell
                                className={cn(
                                  'text-end tabular-nums',
                                  i === 0 && 'font-semibold',
                                  (i !== 0 || improving || targeting) && 'max-sm:hidden',
                                )}
                              >
                                {format(kpi, valueOf(kpi, member.userId))}
                              </TableCell>
                              {i === 0 && improving && (
                                <TableCell className="text-end">
                                  <KpiImprovementCell
                                    measure={improvementOf(member.userId)}
                                    value={valueOf(kpi, member.userId) ?? null}
                                    unit={period === 'today' ? 'day' : period}
                                    baseline={(value) => format(kpi, value)}
                                    lowerIsBetter={kpi.lowerIsBetter}
                                  />
                                </TableCell>
                              )}
                              {i === 0 && targeting && (
                                <TableCell className="text-end">
                                  <KpiTargetShareCell
                                    value={valueOf(kpi, member.userId) ?? null}
                                    target={targetOf.get(member.userId) ?? null}
                                    perDay={perDayOf.get(member.userId)}
                                    formatTarget={(value) => format(kpi, value)}
                                  />
                                </TableCell>
                              )}
                            </Fragment>
                          ))}
                        </TableRow>
                      );
                    })}
                    {/* Everyone's total: on a phone a fair ranking shows only its measure, which has no total. */}
                    <TableRow className={cn('border-t-2 bg-muted/40 font-medium', (improving || targeting) && 'max-sm:hidden')}>
                      <TableCell className={cn(STICKY_RANK, TOTAL_BACKGROUND)} />
                      <TableCell className={cn(STICKY_PERSON, TOTAL_BACKGROUND)}>
                        {teamId ? t('kpis.teamTotal') : t('kpis.everyone')}
                      </TableCell>
                      {columns.map((kpi, i) => (
                        <Fragment key={kpi.id}>
                          <TableCell className={cn('text-end tabular-nums', (i !== 0 || improving || targeting) && 'max-sm:hidden')}>
                            {format(kpi, totalOf(kpi))}
                          </TableCell>
                          {i === 0 && (improving || targeting) && <TableCell />}
                        </Fragment>
                      ))}
                    </TableRow>
                  </TableBody>
                </Table>
              </ScrollFade>
              {targeting && !rows.some((member) => targetOf.has(member.userId)) && (
                <p className="border-t px-4 py-3 text-sm text-muted-foreground">{t('kpis.noTargetsNote', { kpi: nameOfKpi(ranked) })}</p>
              )}
            </>
          )}
        </CardContent>
      </Card>
    </>
  );
}

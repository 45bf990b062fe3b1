import type { LeaderboardRow, MonthlyOverview, RankBy } from '@core/contracts';
import { ChevronLeftIcon, ChevronRightIcon, PhoneIcon, TrophyIcon } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_LOOKS } from '@web/components/activity-icon';
import { CardHeading } from '@web/components/card-heading';
import { ConversionInfo } from '@web/components/conversion-label';
import { ExportMenu, type ExportTarget } from '@web/components/export-menu';
import { LoadError } from '@web/components/load-error';
import { OwnKpiTotals } from '@web/components/boards/own-kpi-totals';
import { PageHeader } from '@web/components/page-header';
import { PersonAvatar } from '@web/components/person-avatar';
import { PersonNameLink } from '@web/components/person-name-link';
import { usePersonPageHref } from '@web/lib/people';
import { LiveBadge } from '@web/components/scoreboard/live-badge';
import { RankBadge } from '@web/components/scoreboard/rank-badge';
import { StatCard, StatCardSkeleton } from '@web/components/scoreboard/stat-card';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { useAuth } from '@web/lib/auth/auth-provider';
import { useMe } from '@web/lib/auth/get-me';
import { cn } from '@web/lib/cn';
import { formatMonthYear, type CompanyFormat, useCompanyFormat } from '@web/lib/format';
import { useMonthlyOverview } from '../api/get-monthly-overview';
import { TeamFilter } from '@web/components/team-filter';
import { RankBySelect } from '@web/components/rank-by-select';
import { RankingNote, RankMeasure } from '@web/components/scoreboard/rank-measure';
import { useRankBy } from '@web/lib/rank-by';
import { useTeamFilter } from '@web/lib/teams';
import { useSearchParam } from '@web/lib/use-search-param';

const TrendChart = lazy(() => import('../components/trend-chart').then((m) => ({ default: m.TrendChart })));

/** 'YYYY-MM' of the month `offset` months from the month of `date` ('YYYY-MM-DD'). */
function shiftMonth(date: string, offset: number): string {
  const d = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1 + offset, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

type MonthlyView = 'individual' | 'company';

/**
 * The tab on the screen, kept in the address (`?view=`) so a reload, the back button and a bookmark
 * keep it. Without one it opens where the reader counts (decision 111): a manager who is not on the
 * boards has no month of their own to show, so they open on the company's.
 */
function useMonthlyView(): { view: MonthlyView; setView: (view: MonthlyView) => void } {
  const [chosen, setView] = useSearchParam('view');
  const me = useMe().data;
  const view: MonthlyView =
    chosen === 'company' || chosen === 'individual' ? chosen : me?.profile && !me.profile.onBoards ? 'company' : 'individual';
  return { view, setView };
}

/** /app/monthly: the month for me (Individual) and for the company, with the daily trend. */
export function Component() {
  const { t } = useTranslation('scoreboard');
  const format = useCompanyFormat();
  const [month, setMonth] = useState<string | undefined>(undefined);
  const { teamId } = useTeamFilter();
  const { rankBy } = useRankBy();
  const monthly = useMonthlyOverview(month, teamId, rankBy);
  const data = monthly.data;
  const isCurrentMonth = !data || data.period.from.slice(0, 7) === data.period.today.slice(0, 7);
  const { view, setView } = useMonthlyView();
  const exports = useMonthlyExports(data, isCurrentMonth, view);

  return (
    <>
      <PageHeader
        title={
          <>
            {t('monthly.title')}
            {data && <span className="font-normal text-muted-foreground"> · {formatMonthYear(data.period.from, format.locale)}</span>}
          </>
        }
        description={t('monthly.subtitle')}
        actions={
          <>
            <LiveBadge isLoading={monthly.isPending} isFailed={monthly.isError && !monthly.data} />
            <TeamFilter />
            <ExportMenu targets={exports} disabled={!data} />
            <div className="flex items-center gap-1">
              <Button
                variant="outline"
                size="icon"
                aria-label={t('monthly.previous')}
                disabled={!data}
                onClick={() => data && setMonth(shiftMonth(data.period.from, -1))}
              >
                <ChevronLeftIcon />
              </Button>
              <Button
                variant="outline"
                size="icon"
                aria-label={t('monthly.next')}
                disabled={!data || isCurrentMonth}
                onClick={() => data && setMonth(shiftMonth(data.period.from, 1))}
              >
                <ChevronRightIcon />
              </Button>
            </div>
          </>
        }
      />
      {monthly.isError && !data ? (
        <LoadError title={t('monthly.failed')} error={monthly.error} onRetry={monthly.refetch} layout="stacked" />
      ) : (
        <Tabs value={view} onValueChange={(next) => setView(next === 'company' ? 'company' : 'individual')}>
          <TabsList>
            <TabsTrigger value="individual">{t('monthly.individual')}</TabsTrigger>
            <TabsTrigger value="company">{t('monthly.company')}</TabsTrigger>
          </TabsList>
          <TabsContent value="individual" className="flex flex-col gap-6">
            {data ? <IndividualTab data={data} format={format} /> : <CardsSkeleton />}
          </TabsContent>
          <TabsContent value="company" className="flex flex-col gap-6">
            {data && <OwnKpiTotals period="month" until={isCurrentMonth ? undefined : data.period.to} teamId={teamId} />}
            {data ? <CompanyTab data={data} format={format} /> : <CardsSkeleton />}
          </TabsContent>
        </Tabs>
      )}
    </>
  );
}

/**
 * What the Export menu offers: the month on the screen (this month as the scoreboards name it, an
 * earlier one by its days), for the tab on the screen: my row and my activities, or the company's
 * leaderboard (ranked and filtered as the table is).
 */
function useMonthlyExports(data: MonthlyOverview | undefined, isCurrentMonth: boolean, view: 'individual' | 'company'): ExportTarget[] {
  const { user } = useAuth();
  const { teamId } = useTeamFilter();
  if (!data) return [];
  const period = isCurrentMonth ? { period: 'month' as const } : { from: data.period.from, to: data.period.to };
  if (view === 'company') return [{ kind: 'leaderboard', period, sort: 'points', teamId, rankBy: data.company.rankBy }];
  const member = user?.id;
  return [
    { kind: 'leaderboard', period, sort: 'points', member },
    { kind: 'activities', period, member },
  ];
}

function CardsSkeleton() {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {Array.from({ length: 4 }, (_, i) => (
        <StatCardSkeleton key={i} />
      ))}
    </div>
  );
}

function IndividualTab({ data, format }: { data: MonthlyOverview; format: CompanyFormat }) {
  const { t } = useTranslation('scoreboard');
  const me = data.individual;
  return (
    <>
      <section aria-label={t('monthly.individualCards')} className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard
          label={t('monthly.totalCalls')}
          icon={PhoneIcon}
          value={format.number(me.calls)}
          footer={t('monthly.perDay', { value: format.decimal(me.avgCallsPerDay) })}
        />
        <StatCard
          label={t('monthly.meetingsBooked')}
          info={<ConversionInfo kind="calls" />}
          look={ACTIVITY_LOOKS.meeting}
          value={format.number(me.meetings)}
          footer={t('monthly.conversion', { value: format.percent(me.conversion) })}
        />
        <StatCard
          label={t('monthly.totalSales')}
          look={ACTIVITY_LOOKS.sale}
          value={format.number(me.sales)}
          footer={me.revenue > 0 ? format.money(me.revenue) : t('monthly.noRevenue')}
        />
        <StatCard
          label={t('monthly.totalPoints')}
          icon={TrophyIcon}
          tone="gold"
          value={format.number(me.points)}
          footer={t('monthly.perDay', { value: format.decimal(me.avgPointsPerDay) })}
        />
      </section>
      <Card>
        <CardHeader>
          <CardHeading>{t('monthly.yourPerformance')}</CardHeading>
          <CardDescription>{t('monthly.yourPerformanceHint')}</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 sm:grid-cols-3">
            <PerformanceMetric
              label={t('monthly.avgConversion')}
              info={<ConversionInfo kind="calls" />}
              value={format.percent(me.conversion)}
              progress={Math.min(100, me.conversion)}
            />
            <PerformanceMetric label={t('monthly.activeDays')} value={format.number(me.activities > 0 ? me.workingDays : 0)} />
            <PerformanceMetric label={t('monthly.avgPointsPerDay')} value={format.decimal(me.avgPointsPerDay)} />
          </dl>
        </CardContent>
      </Card>
    </>
  );
}

function PerformanceMetric({ label, info, value, progress }: { label: string; info?: ReactNode; value: string; progress?: number }) {
  return (
    <div className="flex flex-col gap-2 rounded-lg bg-muted/60 p-4">
      <dt className="flex items-center gap-1 text-sm text-muted-foreground">
        {label}
        {info}
      </dt>
      <dd className="text-2xl font-semibold tracking-tight tabular">{value}</dd>
      {progress !== undefined && (
        <dd aria-hidden className="h-1.5 overflow-hidden rounded-full bg-border">
          <span className="block h-full rounded-full bg-success" style={{ width: `${progress}%` }} />
        </dd>
      )}
    </div>
  );
}

function CompanyTab({ data, format }: { data: MonthlyOverview; format: CompanyFormat }) {
  const { t } = useTranslation('scoreboard');
  const totals = data.company.totals;
  const best = data.trend.reduce<MonthlyOverview['trend'][number] | null>((top, p) => (!top || p.points > top.points ? p : top), null);
  const summary = t('monthly.trendSummary', {
    calls: format.number(totals.calls),
    points: format.number(totals.points),
    best:
      best && best.points > 0
        ? t('monthly.trendBest', { day: format.date(`${best.date}T12:00:00Z`), points: format.number(best.points) })
        : '',
  });
  return (
    <>
      <section aria-label={t('monthly.companyCards')} className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard
          label={t('monthly.totalCalls')}
          icon={PhoneIcon}
          value={format.number(totals.calls)}
          footer={t('monthly.entireCompany')}
        />
        <StatCard
          label={t('monthly.meetingsBooked')}
          info={<ConversionInfo kind="calls" />}
          look={ACTIVITY_LOOKS.meeting}
          value={format.number(totals.meetings)}
          footer={t('monthly.conversion', { value: format.percent(totals.conversion) })}
        />
        <StatCard
          label={t('monthly.totalSales')}
          look={ACTIVITY_LOOKS.sale}
          value={format.number(totals.sales)}
          footer={totals.revenue > 0 ? format.money(totals.revenue) : t('monthly.noRevenue')}
        />
        <StatCard
          label={t('monthly.totalPoints')}
          icon={TrophyIcon}
          tone="gold"
          value={format.number(totals.points)}
          footer={t('monthly.teamSize', { count: data.company.teamSize })}
        />
      </section>
      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
          <div>
            <CardHeading>{t('monthly.trendTitle')}</CardHeading>
            <CardDescription>{t('monthly.trendHint')}</CardDescription>
          </div>
          <div className="flex items-center gap-4 text-xs text-muted-foreground" aria-hidden>
            <span className="flex items-center gap-1.5">
              <span className="size-2.5 rounded-sm bg-primary" /> {t('monthly.trendCalls')}
            </span>
            <span className="flex items-center gap-1.5">
              <span className="h-0.5 w-4 rounded-full bg-success" /> {t('monthly.trendPoints')}
            </span>
          </div>
        </CardHeader>
        <CardContent>
          <Suspense fallback={<Skeleton className="h-64 w-full sm:h-72" />}>
            <TrendChart
              trend={data.trend}
              today={data.period.today}
              locale={format.locale}
              labels={{ calls: t('monthly.trendCalls'), points: t('monthly.trendPoints'), summary }}
            />
          </Suspense>
        </CardContent>
      </Card>
      <Card className="overflow-hidden">
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 space-y-0 border-b pb-4">
          <div>
            <CardHeading>{t('monthly.leaderboard')}</CardHeading>
            <CardDescription>
              {data.company.rankBy === 'points'
                ? t('monthly.leaderboardHint')
                : `${t(`rankBy.${data.company.rankBy}`)} (${t('sort.points')})`}
            </CardDescription>
          </div>
          <RankBySelect />
        </CardHeader>
        <MonthlyLeaderboard rows={data.company.leaderboard} format={format} rankBy={data.company.rankBy} />
        {data.company.leaderboard.length > 0 && <RankingNote rankBy={data.company.rankBy} sort="points" className="border-t px-5 py-3" />}
      </Card>
    </>
  );
}

function MonthlyLeaderboard({ rows, format, rankBy }: { rows: readonly LeaderboardRow[]; format: CompanyFormat; rankBy: RankBy }) {
  const { t } = useTranslation('scoreboard');
  const personHref = usePersonPageHref();
  if (rows.length === 0) return <p className="px-5 py-6 text-sm text-muted-foreground">{t('monthly.noMembers')}</p>;
  return (
    <Table>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead className="w-12 pl-4 sm:pl-5">
            <span className="sr-only">{t('leaderboard.rank')}</span>#
          </TableHead>
          <TableHead>{t('leaderboard.member')}</TableHead>
          <TableHead className="text-right">{t('leaderboard.calls')}</TableHead>
          <TableHead className="hidden text-right sm:table-cell">
            <span className="inline-flex items-center gap-1">
              {t('leaderboard.conversion')}
              <ConversionInfo kind="calls" />
            </span>
          </TableHead>
          <TableHead className="text-right" aria-sort="descending">
            {t('leaderboard.points')}
          </TableHead>
          <TableHead className="pr-4 text-right sm:pr-5">{t('leaderboard.sales')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => {
          const name = row.displayName?.trim() || t('monthly.unknownUser');
          const idle = row.activities === 0;
          return (
            <TableRow
              key={row.userId}
              data-testid="monthly-row"
              aria-current={row.isCurrentUser ? 'true' : undefined}
              className={cn(row.isCurrentUser && 'bg-primary-soft/50 hover:bg-primary-soft/70', idle && 'text-muted-foreground')}
            >
              <TableCell className="pl-4 sm:pl-5">
                {row.rank <= 3 && !idle ? (
                  <RankBadge rank={row.rank} />
                ) : (
                  <span className="inline-flex w-7 justify-center text-xs font-semibold tabular">{row.rank}</span>
                )}
              </TableCell>
              <TableCell className="w-full max-w-0 min-w-36">
                <div className="flex min-w-0 items-center gap-2.5">
                  <PersonAvatar name={name} colorKey={row.userId} avatarUrl={row.avatarUrl} className="size-7 text-[11px]" />
                  <div className="flex min-w-0 flex-col">
                    <PersonNameLink href={personHref(row.userId)} className="truncate font-medium text-foreground">
                      <span data-slot="member-name">{name}</span>
                    </PersonNameLink>
                    <RankMeasure row={row} rankBy={rankBy} format={format} className="text-xs" />
                  </div>
                </div>
              </TableCell>
              <TableCell className="text-right tabular" data-slot="calls">
                {format.number(row.calls)}
              </TableCell>
              <TableCell className="hidden text-right tabular sm:table-cell" data-slot="conversion">
                {format.percent(row.conversion)}
              </TableCell>
              <TableCell className="text-right font-semibold text-foreground tabular" data-slot="points">
                {format.number(row.points)}
              </TableCell>
              <TableCell className="pr-4 text-right tabular sm:pr-5" data-slot="sales">
                {format.number(row.sales)}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

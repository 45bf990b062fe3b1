import type { CompanyKpis, Kpi, RankBy } from '@core/contracts';
import { pickName } from '@core/activity-types';
import { LEADERBOARD_SORT_KEYS, type LeaderboardSortKey } from '@core/stats';
import { canCountUpTo } from '@core/kpi-formulas';
import { ActivityIcon, PhoneIcon, PlusIcon, TrophyIcon, TvIcon } from 'lucide-react';
import type { QueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { ACTIVITY_LOOKS } from '@web/components/activity-icon';
import { CardHeading } from '@web/components/card-heading';
import { EmptyState } from '@web/components/empty-state';
import { LoadError } from '@web/components/load-error';
import { ExportMenu, type ExportTarget } from '@web/components/export-menu';
import { PageHeader } from '@web/components/page-header';
import { SetupChecklist } from '@web/components/setup-checklist';
import { ActivityFeed, ActivityFeedSkeleton } from '@web/components/scoreboard/activity-feed';
import { LeaderboardSkeleton, LeaderboardTable } from '@web/components/scoreboard/leaderboard-table';
import { LiveBadge } from '@web/components/scoreboard/live-badge';
import { StatCard, StatCardSkeleton } from '@web/components/scoreboard/stat-card';
import { Button } from '@web/components/ui/button';
import { Card, CardDescription, CardHeader } from '@web/components/ui/card';
import { LazySelect } from '@web/components/ui/lazy-select';
import { formatWeekdayDate, type CompanyFormat, useCompanyFormat } from '@web/lib/format';
import { useMe } from '@web/lib/auth/get-me';
import { paths } from '@web/lib/paths';
import { usePersonPageHref } from '@web/lib/people';
import { getLeaderboardQueryOptions, useLeaderboard } from '@web/lib/queries/get-leaderboard';
import { TEAM_SEARCH_PARAM, useTeamFilter } from '@web/lib/teams';
import { TeamFilter } from '@web/components/team-filter';
import { RankBySelect } from '@web/components/rank-by-select';
import { RankingNote } from '@web/components/scoreboard/rank-measure';
import { RANK_BY_SEARCH_PARAM, readRankBy, useRankBy } from '@web/lib/rank-by';
import { getRecentBadgesQueryOptions, useRecentBadgesByUser } from '@web/lib/queries/get-recent-badges';
import { getFeedQueryOptions, useFeed } from '@web/lib/queries/get-feed';
import { useLoggedError } from '@web/lib/use-logged-error';
import { useKpis as useKpiList } from '@web/lib/queries/get-kpis';
import { useSearchParam } from '@web/lib/use-search-param';
import { getKpisQueryOptions, useKpis } from '../api/get-kpis';
import { AppCelebration } from '../components/app-celebration';
import { ChangeIndicator } from '../components/change-indicator';
import { DashboardError } from '../components/dashboard-error';
import { KPI_SORT_PREFIX, KpiLeaderboard } from '../components/kpi-leaderboard';

/** The leaderboard card's order: a built-in sort key, or one of the company's own KPIs (`kpi:` and its id). */
type DashboardSort = LeaderboardSortKey | `${typeof KPI_SORT_PREFIX}${string}`;

/** The dashboard shows today: the leaderboard, and the activities (an admin's: everyone's; a rep's: their own). */
/** The files of the dashboard: today's leaderboard exactly as the card shows it (sorted, ranked, one team or all), and today's activities. */
function listDashboardExports(board: { sort: DashboardSort; teamId: string | undefined; rankBy: RankBy }): ExportTarget[] {
  const { sort, teamId, rankBy } = board;
  // Ordered by a KPI: the KPI file of today (every KPI a column, each person's figures), for the same
  // team; a fair ranking's order is the screen's, the file's rows are the KPI file's.
  const leaderboard: ExportTarget = sort.startsWith(KPI_SORT_PREFIX)
    ? { kind: 'kpis', period: { period: 'today' }, ...(teamId ? { teamId } : {}) }
    : { kind: 'leaderboard', period: { period: 'today' }, sort: sort as LeaderboardSortKey, teamId, rankBy };
  return [leaderboard, { kind: 'activities', period: { period: 'today' } }];
}

/** The leaderboard card's order until the person picks another. */
const FIRST_SORT: LeaderboardSortKey = 'points';
/** The card's order in the address (?sort=calls, ?sort=kpi:<id>), so a reload or a shared link keeps it. */
const SORT_SEARCH_PARAM = 'sort';

/** The order the address asks for: a built-in sort key or a KPI's (checked against the KPIs later); else the first. */
function readDashboardSort(search: URLSearchParams): DashboardSort {
  return toDashboardSort(search.get(SORT_SEARCH_PARAM));
}

/** The order a `sort` parameter's value names, as readDashboardSort reads it. */
function toDashboardSort(wanted: string | null): DashboardSort {
  const sort = wanted ?? '';
  if ((LEADERBOARD_SORT_KEYS as readonly string[]).includes(sort)) return sort as LeaderboardSortKey;
  return sort.startsWith(KPI_SORT_PREFIX) && sort.length > KPI_SORT_PREFIX.length ? (sort as DashboardSort) : FIRST_SORT;
}

/**
 * The board's first answers (today's numbers, leaderboard, feed and badges), asked for as soon as
 * this code is in rather than once the screen has rendered (app/router.tsx): the same queries the
 * screen's cards make, so they find them answered or on the way.
 */
export function prefetch(queryClient: QueryClient, search: URLSearchParams) {
  const teamId = search.get(TEAM_SEARCH_PARAM) ?? undefined;
  void queryClient.prefetchQuery(getKpisQueryOptions(teamId));
  const sort = readDashboardSort(search);
  // A KPI's order is answered by the KPI figures, which the card asks for once it knows the day.
  if (!sort.startsWith(KPI_SORT_PREFIX)) {
    void queryClient.prefetchQuery(
      getLeaderboardQueryOptions({ period: 'today', sort: sort as LeaderboardSortKey, teamId, rankBy: readRankBy(search) }),
    );
  }
  void queryClient.prefetchQuery(getFeedQueryOptions({ teamId }));
  void queryClient.prefetchQuery(getRecentBadgesQueryOptions());
}

/** /app and /app/dashboard: the Team Dashboard. Everything refreshes from the live stream. */
export function Component() {
  const { data: me } = useMe();
  const { pathname } = useLocation();
  const home = me?.profile?.homeBoardId;
  // At /app (not /app/dashboard) a member who chose a board to open the app on is taken to it (decision 102).
  if (home && pathname.replace(/\/$/, '') === paths.app.dashboard) return <Navigate to={paths.app.board(home)} replace />;
  return <DashboardScreen />;
}

function DashboardScreen() {
  const { t } = useTranslation('scoreboard');
  const format = useCompanyFormat();
  const { teamId } = useTeamFilter();
  const { rankBy } = useRankBy();
  // The leaderboard card's order, here so the export menu writes the file in the same order; kept in
  // the address like the team and the ranking.
  const [wantedSort, setWantedSort] = useSearchParam(SORT_SEARCH_PARAM);
  const chosenSort = toDashboardSort(wantedSort);
  const setSort = (next: DashboardSort) => setWantedSort(next === FIRST_SORT ? null : next);
  // The company's own KPIs rank the board too (decision 101); one deleted meanwhile falls back to points.
  const kpiList = useKpiList();
  const ownKpis = (kpiList.data?.kpis ?? []).filter((kpi) => !kpi.builtIn);
  // A KPI's order in the address waits for the KPIs rather than asking for the built-in board meanwhile.
  const awaitingKpi = chosenSort.startsWith(KPI_SORT_PREFIX) && kpiList.isPending;
  const rankKpi = ownKpis.find((k) => `${KPI_SORT_PREFIX}${k.id}` === chosenSort);
  const sort: DashboardSort = rankKpi || !chosenSort.startsWith(KPI_SORT_PREFIX) ? chosenSort : FIRST_SORT;
  const kpis = useKpis(teamId);
  const isLoading = kpis.isPending;
  // The wall screen opens on the board as filtered and ranked here.
  const tvSearch = new URLSearchParams();
  if (teamId) tvSearch.set(TEAM_SEARCH_PARAM, teamId);
  if (rankBy !== 'points') tvSearch.set(RANK_BY_SEARCH_PARAM, rankBy);
  const tvHref = tvSearch.size > 0 ? `${paths.tv}?${tvSearch.toString()}` : paths.tv;

  return (
    <>
      <PageHeader
        title={t('dashboard.title')}
        description={kpis.data ? formatWeekdayDate(kpis.data.date, format.locale) : t('dashboard.subtitle')}
        actions={
          <>
            <LiveBadge isLoading={isLoading} isFailed={kpis.isError && !kpis.data} />
            <TeamFilter />
            <ExportMenu targets={listDashboardExports({ sort, teamId, rankBy })} />
            <Button asChild variant="outline">
              <a href={tvHref} target="_blank" rel="noopener">
                <TvIcon /> {t('dashboard.tvMode')} <span className="sr-only">{t('dashboard.opensInNewTab')}</span>
              </a>
            </Button>
          </>
        }
      />
      <SetupChecklist />
      <AppCelebration teamId={teamId} />
      {kpis.isError && !kpis.data ? (
        <DashboardError error={kpis.error} onRetry={kpis.refetch} />
      ) : (
        <div className="flex flex-col gap-6">
          <section aria-label={t('dashboard.kpisLabel')} className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            {kpis.data ? <KpiCards kpis={kpis.data} format={format} /> : Array.from({ length: 4 }, (_, i) => <StatCardSkeleton key={i} />)}
          </section>
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,25rem)]">
            <LeaderboardCard
              format={format}
              teamId={teamId}
              today={kpis.data?.date}
              sort={sort}
              ownKpis={ownKpis}
              rankKpi={rankKpi}
              awaitingKpi={awaitingKpi}
              onSortChange={setSort}
            />
            <LiveActivityCard format={format} today={kpis.data?.date ?? ''} teamId={teamId} />
          </div>
        </div>
      )}
    </>
  );
}

function KpiCards({ kpis, format }: { kpis: CompanyKpis; format: CompanyFormat }) {
  const { t } = useTranslation('scoreboard');
  const footer = (k: CompanyKpis['calls']) => <ChangeIndicator change={k.change} yesterday={format.number(k.yesterday)} />;
  return (
    <>
      <StatCard label={t('kpi.callsToday')} icon={PhoneIcon} value={format.number(kpis.calls.today)} footer={footer(kpis.calls)} />
      <StatCard
        label={t('kpi.meetingsBooked')}
        look={ACTIVITY_LOOKS.meeting}
        value={format.number(kpis.meetings.today)}
        footer={footer(kpis.meetings)}
      />
      <StatCard
        label={t('kpi.salesClosed')}
        look={ACTIVITY_LOOKS.sale}
        value={
          <>
            {format.number(kpis.sales.today)}
            {kpis.revenue.today > 0 && (
              <>
                {/* Apart on screen by the margin only: read out, the count and the amount ran together ("366.250,50 kr."). */}
                <span className="sr-only">, </span>
                <span className="ml-2 text-sm font-medium text-muted-foreground">{format.money(kpis.revenue.today)}</span>
              </>
            )}
          </>
        }
        footer={footer(kpis.sales)}
      />
      <StatCard
        label={t('kpi.pointsToday')}
        icon={TrophyIcon}
        tone="gold"
        value={format.number(kpis.points.today)}
        footer={footer(kpis.points)}
      />
    </>
  );
}

function LeaderboardCard({
  format,
  teamId,
  today,
  sort,
  ownKpis,
  rankKpi: kpi,
  awaitingKpi,
  onSortChange,
}: {
  format: CompanyFormat;
  teamId: string | undefined;
  /** The company's today, as the server counts it (the dashboard's numbers); undefined until they come. */
  today: string | undefined;
  /** The built-in sort, or a KPI's when `rankKpi` is that KPI. */
  sort: DashboardSort;
  ownKpis: readonly Kpi[];
  rankKpi: Kpi | undefined;
  /** The address names a KPI and the KPIs are not known yet. */
  awaitingKpi: boolean;
  onSortChange: (sort: DashboardSort) => void;
}) {
  const { t, i18n } = useTranslation('scoreboard');
  const { data: me } = useMe();
  const { rankBy } = useRankBy();
  const builtInSort: LeaderboardSortKey = kpi ? FIRST_SORT : (sort as LeaderboardSortKey);
  const leaderboard = useLeaderboard({ period: 'today', sort: builtInSort, teamId, rankBy }, { enabled: !kpi && !awaitingKpi });
  const personHref = usePersonPageHref();
  const badges = useRecentBadgesByUser();
  useLoggedError('leaderboard', leaderboard.error);
  const labelId = useId();
  const rows = leaderboard.data?.rows ?? [];
  const hasActivity = rows.some((r) => r.activities > 0);
  const nameOfKpi = (k: Kpi) => pickName(k.names, i18n.language, me?.company?.language);
  const sortName = kpi ? nameOfKpi(kpi) : t(`sort.${builtInSort}`);
  // A KPI without targets (a ratio, or lower is better) is ranked by its figure under "% of goal".
  const fair = !kpi || rankBy !== 'goal_share' || canCountUpTo(kpi);
  const options = [
    ...LEADERBOARD_SORT_KEYS.map((key) => ({ value: key as DashboardSort, label: t(`sort.${key}`) })),
    ...ownKpis.map((k) => ({ value: `${KPI_SORT_PREFIX}${k.id}` as DashboardSort, label: nameOfKpi(k) })),
  ];

  return (
    <Card className="min-w-0 self-start overflow-hidden">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 space-y-0 border-b pb-4">
        <div>
          <CardHeading>{t('leaderboard.title')}</CardHeading>
          <CardDescription>
            {t('leaderboard.today', { sort: rankBy === 'points' || !fair ? sortName : `${t(`rankBy.${rankBy}`)} (${sortName})` })}
          </CardDescription>
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          {/* A fair ranking (decision 053) of a built-in sort or of a KPI (as on the KPI board). */}
          <RankBySelect byFigure={kpi !== undefined} figure={builtInSort} />
          <div className="flex items-center gap-2">
            <span id={labelId} className="text-sm text-muted-foreground">
              {t('sort.label')}
            </span>
            <LazySelect
              value={kpi ? sort : builtInSort}
              onValueChange={onSortChange}
              options={options}
              className={ownKpis.length > 0 ? 'w-44' : 'w-32'}
              aria-labelledby={labelId}
            />
          </div>
        </div>
      </CardHeader>
      {kpi ? (
        <KpiLeaderboard kpi={kpi} teamId={teamId} today={today} rankBy={rankBy} personHref={personHref} />
      ) : awaitingKpi || leaderboard.isPending ? (
        <LeaderboardSkeleton />
      ) : (
        <>
          {rows.length > 0 && (
            <LeaderboardTable rows={rows} sort={builtInSort} format={format} personHref={personHref} rankBy={rankBy} badges={badges} />
          )}
          {!hasActivity && <p className="border-t px-5 py-4 text-sm text-muted-foreground">{t('leaderboard.emptyToday')}</p>}
          {rows.length > 0 && <RankingNote rankBy={rankBy} sort={builtInSort} className="border-t px-5 py-3" />}
        </>
      )}
    </Card>
  );
}

function LiveActivityCard({ format, today, teamId }: { format: CompanyFormat; today: string; teamId: string | undefined }) {
  const { t } = useTranslation('scoreboard');
  const feed = useFeed({ teamId });
  useLoggedError('feed', feed.error);
  const items = feed.data?.items ?? [];
  return (
    <Card className="min-w-0 self-start overflow-hidden">
      <CardHeader className="flex-row items-center justify-between border-b pb-4">
        <div>
          <CardHeading>{t('feed.title')}</CardHeading>
          <CardDescription>{t('feed.subtitle')}</CardDescription>
        </div>
        <ActivityIcon className="size-5 text-success" aria-hidden />
      </CardHeader>
      {feed.isPending ? (
        <ActivityFeedSkeleton />
      ) : feed.isError && !feed.data ? (
        <div className="p-4">
          <LoadError title={t('feed.loadError')} error={feed.error} onRetry={() => void feed.refetch()} />
        </div>
      ) : items.length === 0 ? (
        <EmptyState
          className="m-4 border-0 bg-transparent py-8"
          icon={ActivityIcon}
          title={t('feed.emptyTitle')}
          description={t('feed.emptyText')}
          action={
            <Button asChild size="sm">
              <Link to={paths.app.activity}>
                <PlusIcon /> {t('feed.logFirst')}
              </Link>
            </Button>
          }
        />
      ) : (
        <ActivityFeed items={items} today={today} format={format} />
      )}
    </Card>
  );
}

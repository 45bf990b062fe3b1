import type { RankBy, RecentActivity } from '@core/contracts';
import { ListChecksIcon, PercentIcon, PhoneIcon, TrophyIcon, UsersIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConversionInfo } from '@web/components/conversion-label';
import { ACTIVITY_LOOKS } from '@web/components/activity-icon';
import { CardHeading } from '@web/components/card-heading';
import { EmptyState } from '@web/components/empty-state';
import { ExportMenu, type ExportTarget } from '@web/components/export-menu';
import { LoadError } from '@web/components/load-error';
import { PageHeader } from '@web/components/page-header';
import { PersonNameLink } from '@web/components/person-name-link';
import { ActivityFeedSkeleton } from '@web/components/scoreboard/activity-feed';
import { LeaderboardSkeleton } from '@web/components/scoreboard/leaderboard-table';
import { LiveBadge } from '@web/components/scoreboard/live-badge';
import { StatCard, StatCardSkeleton } from '@web/components/scoreboard/stat-card';
import { Card, CardDescription, CardHeader } from '@web/components/ui/card';
import { computeActivityKind, nameOwnType } from '@web/lib/activity-kind';
import { ReadActivityIcon } from '@web/components/activity-type-icon';
import { DailyBonusNote } from '@web/components/scoreboard/daily-bonus-note';
import { cn } from '@web/lib/cn';
import { type CompanyFormat, useCompanyFormat } from '@web/lib/format';
import { formatMemberName } from '@web/lib/member-name';
import { useLeaderboard } from '@web/lib/queries/get-leaderboard';
import { RECENT_ACTIVITIES_LIMIT, useRecentActivities } from '@web/lib/queries/get-recent-activities';
import { usePersonPageHref } from '@web/lib/people';
import { useLoggedError } from '@web/lib/use-logged-error';
import { useTeamStats } from '../api/get-team-stats';
import { TodayLeaderboardTable } from '../components/today-leaderboard-table';
import { TeamFilter } from '@web/components/team-filter';
import { RankBySelect } from '@web/components/rank-by-select';
import { RankingNote } from '@web/components/scoreboard/rank-measure';
import { useRankBy } from '@web/lib/rank-by';
import { useTeamFilter } from '@web/lib/teams';

/** Placeholder rows while today's board loads (the board itself lists every member). */
const TEAM_OVERVIEW_BOARD_SKELETON_ROWS = 5;

/** The week so far and today's board (by calls, as the page sorts it), for the team on the screen. */
const listTeamOverviewExports = (teamId: string | undefined, rankBy: RankBy): ExportTarget[] => [
  { kind: 'leaderboard', period: { period: 'week' }, sort: 'points', teamId },
  { kind: 'leaderboard', period: { period: 'today' }, sort: 'calls', teamId, rankBy },
];

/** /app/team/overview: this week so far, today's activities and today's board (every member). */
export function Component() {
  const { t } = useTranslation('scoreboard');
  const format = useCompanyFormat();
  const { teamId } = useTeamFilter();
  const { rankBy } = useRankBy();
  const week = useTeamStats({ period: 'week', teamId });

  return (
    <>
      <PageHeader
        title={t('teamOverview.title')}
        description={t('teamOverview.subtitle')}
        actions={
          <>
            <LiveBadge isLoading={week.isPending} isFailed={week.isError && !week.data} />
            <TeamFilter />
            <ExportMenu targets={listTeamOverviewExports(teamId, rankBy)} />
          </>
        }
      />
      <div className="flex flex-col gap-6">
        <section aria-labelledby="this-week" className="flex flex-col gap-3">
          <h2 id="this-week" className="text-lg font-semibold tracking-tight">
            {t('teamOverview.thisWeek')}
          </h2>
          {week.isError && !week.data ? (
            <LoadError title={t('teamOverview.weekFailed')} error={week.error} onRetry={week.refetch} layout="stacked" />
          ) : (
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
              {week.data ? (
                <>
                  <StatCard label={t('teamOverview.totalCalls')} icon={PhoneIcon} value={format.number(week.data.totals.calls)} />
                  <StatCard
                    label={t('teamOverview.meetings')}
                    look={ACTIVITY_LOOKS.meeting}
                    value={format.number(week.data.totals.meetings)}
                  />
                  <StatCard label={t('teamOverview.sales')} look={ACTIVITY_LOOKS.sale} value={format.number(week.data.totals.sales)} />
                  <StatCard
                    label={t('teamOverview.conversion')}
                    info={<ConversionInfo kind="calls" />}
                    icon={PercentIcon}
                    tone="success"
                    value={format.percent(week.data.totals.conversion)}
                  />
                  <StatCard label={t('teamOverview.points')} icon={TrophyIcon} tone="gold" value={format.number(week.data.totals.points)} />
                  <StatCard label={t('teamOverview.teamSize')} icon={UsersIcon} value={format.number(week.data.teamSize)} />
                </>
              ) : (
                Array.from({ length: 6 }, (_, i) => <StatCardSkeleton key={i} />)
              )}
            </div>
          )}
        </section>
        <div className="grid gap-6 lg:grid-cols-2">
          <TodayActivitiesCard format={format} />
          <TodayLeaderboardCard format={format} />
        </div>
      </div>
    </>
  );
}

function TodayActivitiesCard({ format }: { format: CompanyFormat }) {
  const { t } = useTranslation('scoreboard');
  const { teamId } = useTeamFilter();
  const feed = useRecentActivities({ period: 'today', limit: RECENT_ACTIVITIES_LIMIT, teamId });
  const personHref = usePersonPageHref();
  useLoggedError("today's activities", feed.error);
  const activities = feed.data?.activities ?? [];
  return (
    <Card className="min-w-0 self-start overflow-hidden">
      <CardHeader className="border-b pb-4">
        <CardHeading>{t('teamOverview.todayActivities')}</CardHeading>
        <CardDescription>{t('teamOverview.todayActivitiesHint')}</CardDescription>
      </CardHeader>
      {feed.isPending ? (
        <ActivityFeedSkeleton />
      ) : activities.length === 0 ? (
        <EmptyState className="m-4 border-0 bg-transparent py-8" icon={ListChecksIcon} title={t('teamOverview.noActivities')} />
      ) : (
        <ol className="divide-y" aria-label={t('teamOverview.todayActivities')}>
          {activities.map((activity) => (
            <TeamActivityItem key={activity.id} activity={activity} format={format} href={personHref(activity.userId)} />
          ))}
        </ol>
      )}
    </Card>
  );
}

function TeamActivityItem({ activity, format, href }: { activity: RecentActivity; format: CompanyFormat; href: string | null }) {
  const { t, i18n } = useTranslation('scoreboard');
  const kind = computeActivityKind(activity);
  const own = nameOwnType(activity.ownType, i18n.language);
  return (
    <li data-testid="team-activity" className="flex animate-fade-in items-center gap-3 px-4 py-2.5 sm:px-5">
      <ReadActivityIcon activity={activity} className="size-8" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">
          {own ? [own.name, own.outcome].filter(Boolean).join(': ') : t(`teamOverview.label.${kind}`)}
          {activity.customerName && <span className="font-normal text-muted-foreground"> · {activity.customerName}</span>}
        </p>
        <p className="truncate text-xs text-muted-foreground">
          <PersonNameLink href={activity.formerMember ? null : href}>{formatMemberName(activity, t)}</PersonNameLink>
          {activity.bonusPoints > 0 && ' · '}
          <DailyBonusNote activity={activity} />
        </p>
      </div>
      <span className={cn('text-sm font-semibold tabular', activity.points > 0 ? 'text-success-strong' : 'text-muted-foreground')}>
        +{format.number(activity.points)}
      </span>
      <time
        className="w-12 text-right text-xs text-muted-foreground tabular"
        dateTime={activity.createdAt}
        title={format.dateTime(activity.createdAt)}
      >
        {format.time(activity.createdAt)}
      </time>
    </li>
  );
}

function TodayLeaderboardCard({ format }: { format: CompanyFormat }) {
  const { t } = useTranslation('scoreboard');
  const { teamId } = useTeamFilter();
  const { rankBy } = useRankBy();
  const board = useLeaderboard({ period: 'today', sort: 'calls', teamId, rankBy });
  useLoggedError("today's leaderboard", board.error);
  const rows = board.data?.rows ?? [];
  const personHref = usePersonPageHref();
  return (
    <Card className="min-w-0 self-start overflow-hidden">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 space-y-0 border-b pb-4">
        <div>
          <CardHeading>{t('teamOverview.todayLeaderboard')}</CardHeading>
          <CardDescription>
            {rankBy === 'points' ? t('teamOverview.todayLeaderboardHint') : `${t(`rankBy.${rankBy}`)} (${t('sort.calls')})`}
          </CardDescription>
        </div>
        {/* This board's plain order is by calls: the first choice says so, as the line under the title does. */}
        <RankBySelect figure="calls" />
      </CardHeader>
      {board.isPending ? (
        <LeaderboardSkeleton rows={TEAM_OVERVIEW_BOARD_SKELETON_ROWS} />
      ) : rows.length === 0 ? (
        <EmptyState className="m-4 border-0 bg-transparent py-8" icon={TrophyIcon} title={t('teamOverview.noLeaderboard')} />
      ) : (
        <>
          <TodayLeaderboardTable
            rows={rows}
            format={format}
            caption={t('teamOverview.todayLeaderboard')}
            personHref={personHref}
            rankBy={rankBy}
          />
          <RankingNote rankBy={rankBy} sort="calls" className="border-t px-5 py-3" />
        </>
      )}
    </Card>
  );
}

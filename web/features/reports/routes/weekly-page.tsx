import type { RankBy } from '@core/contracts';
import { computeIsoWeek, toLocalDate } from '@core/period';
import { CalendarRangeIcon, MaximizeIcon, MinimizeIcon, PercentIcon, PhoneIcon, TrophyIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConversionInfo } from '@web/components/conversion-label';
import { ACTIVITY_LOOKS } from '@web/components/activity-icon';
import { EmptyState } from '@web/components/empty-state';
import { ExportMenu, type ExportTarget } from '@web/components/export-menu';
import { LoadError } from '@web/components/load-error';
import { OwnKpiTotals } from '@web/components/boards/own-kpi-totals';
import { PageHeader } from '@web/components/page-header';
import { LiveBadge } from '@web/components/scoreboard/live-badge';
import { StatCard, StatCardSkeleton } from '@web/components/scoreboard/stat-card';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { formatDateRange, useCompanyFormat } from '@web/lib/format';
import { useFullscreen } from '@web/lib/use-fullscreen';
import { useWeeklyOverview } from '../api/get-weekly-overview';
import { MemberStatsCard } from '../components/member-stats-card';
import { TeamFilter } from '@web/components/team-filter';
import { RankBySelect } from '@web/components/rank-by-select';
import { RankingNote } from '@web/components/scoreboard/rank-measure';
import { useRankBy } from '@web/lib/rank-by';
import { useTeamFilter } from '@web/lib/teams';
import { usePersonPageHref } from '@web/lib/people';

/** This week's per-member totals, ranked and filtered as the page shows them. */
const listWeeklyExports = (teamId: string | undefined, rankBy: RankBy): ExportTarget[] => [
  { kind: 'leaderboard', period: { period: 'week' }, sort: 'points', teamId, rankBy },
];

/** /app/weekly: the wall-display team overview of this week (from Monday), ranked by points. */
export function Component() {
  const { t } = useTranslation('scoreboard');
  const format = useCompanyFormat();
  const personHref = usePersonPageHref();
  const { teamId } = useTeamFilter();
  const { rankBy } = useRankBy();
  const weekly = useWeeklyOverview(teamId, rankBy);
  const fullscreen = useFullscreen();
  const data = weekly.data;

  return (
    <>
      <PageHeader
        title={t('weekly.title')}
        description={
          data
            ? t('weekly.subtitle', {
                week: computeIsoWeek(toLocalDate(data.period.from)).isoWeek,
                range: formatDateRange(data.period.from, data.period.to, format.locale),
              })
            : t('weekly.subtitleLoading')
        }
        actions={
          <>
            <LiveBadge isLoading={weekly.isPending} isFailed={weekly.isError && !weekly.data} />
            <TeamFilter />
            <RankBySelect />
            <ExportMenu targets={listWeeklyExports(teamId, rankBy)} />
            <Button variant="outline" aria-pressed={fullscreen.isFullscreen} onClick={() => void fullscreen.toggle()}>
              {fullscreen.isFullscreen ? <MinimizeIcon /> : <MaximizeIcon />}
              {fullscreen.isFullscreen ? t('weekly.exitFullscreen') : t('weekly.fullscreen')}
            </Button>
          </>
        }
      />
      {weekly.isError && !data ? (
        <LoadError title={t('weekly.failed')} error={weekly.error} onRetry={weekly.refetch} layout="stacked" />
      ) : (
        <div className="flex flex-col gap-8">
          <section aria-label={t('weekly.totalsLabel')} className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
            {data ? (
              <>
                <StatCard
                  size="large"
                  label={t('weekly.totalCalls')}
                  icon={PhoneIcon}
                  value={format.number(data.totals.calls)}
                  footer={t('weekly.callsSplit', {
                    answered: format.number(data.totals.answered),
                    unanswered: format.number(data.totals.unanswered),
                  })}
                />
                <StatCard
                  size="large"
                  label={t('weekly.meetingsBooked')}
                  look={ACTIVITY_LOOKS.meeting}
                  value={format.number(data.totals.meetings)}
                  footer={t('weekly.salesClosed', { count: data.totals.sales, value: format.number(data.totals.sales) })}
                />
                <StatCard
                  size="large"
                  label={t('weekly.avgConversion')}
                  info={<ConversionInfo kind="calls" />}
                  icon={PercentIcon}
                  tone="success"
                  value={format.percent(data.totals.conversion)}
                  footer={t('weekly.conversionHint')}
                />
                <StatCard
                  size="large"
                  label={t('weekly.totalPoints')}
                  icon={TrophyIcon}
                  tone="gold"
                  value={format.number(data.totals.points)}
                  footer={t('weekly.teamSize', { count: data.teamSize })}
                />
              </>
            ) : (
              Array.from({ length: 4 }, (_, i) => <StatCardSkeleton key={i} />)
            )}
          </section>

          <OwnKpiTotals period="week" teamId={teamId} />

          <section aria-labelledby="weekly-ranking" className="flex flex-col gap-4">
            <h2 id="weekly-ranking" className="text-lg font-semibold tracking-tight">
              {t('weekly.ranking')}
            </h2>
            {!data ? (
              <div className="grid grid-cols-1 gap-4 md:grid-cols-2 2xl:grid-cols-3">
                {Array.from({ length: 3 }, (_, i) => (
                  <Skeleton key={i} className="h-40 rounded-xl" />
                ))}
              </div>
            ) : data.totals.activities === 0 ? (
              <EmptyState icon={CalendarRangeIcon} title={t('weekly.empty')} description={t('weekly.emptyHint')} />
            ) : (
              <>
                <div className="grid grid-cols-1 gap-4 md:grid-cols-2 2xl:grid-cols-3">
                  {data.members.map((row) => (
                    <MemberStatsCard key={row.userId} row={row} format={format} href={personHref(row.userId)} rankBy={data.rankBy} />
                  ))}
                </div>
                <RankingNote rankBy={data.rankBy} sort="points" />
              </>
            )}
          </section>
        </div>
      )}
    </>
  );
}

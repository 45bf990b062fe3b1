import { AlertCircleIcon, SparklesIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ExportMenu } from '@web/components/export-menu';
import { PageHeader } from '@web/components/page-header';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { LogDialogs } from '@web/features/activity/components/log-dialogs';
import { PendingSyncNotice } from '@web/features/activity/components/pending-sync-notice';
import { QuickLogBar } from '@web/features/activity/components/quick-log-bar';
import { TeamFeedCard } from '@web/features/activity/components/team-feed-card';
import { TodayActivities } from '@web/features/activity/components/today-activities';
import { useLogDialogParam } from '@web/features/activity/lib/use-log-dialog-param';
import { useLogRules } from '@web/features/activity/lib/use-log-rules';
import { useMyStats } from '@web/features/goals/api/get-my-stats';
import { DailyGoalsCard, DailyGoalsCardSkeleton } from '@web/features/goals/components/daily-goals-card';
import { StatsCards, StatsCardsSkeleton } from '@web/features/goals/components/stats-cards';
import { MyTargetsCard } from '@web/features/targets/components/my-targets-card';
import { useAuth } from '@web/lib/auth/auth-provider';
import { useCompanyFormat } from '@web/lib/format';
import { useLoggableTypes } from '@web/lib/queries/get-activity-types';

/**
 * My Activity (/app/activity): log, see today's numbers against the goals, and today's list. In
 * the app layer because it lays out three features: activity (logging, today's list, the team's
 * feed), goals (today's numbers against the daily goals) and targets (a manager's, with their pace).
 */
export function Component() {
  const { t } = useTranslation('activity');
  const format = useCompanyFormat();
  const stats = useMyStats();
  const { rules, isLoading: isLoadingRules } = useLogRules();
  const [logKind, setLogKind] = useLogDialogParam();
  const { user, me } = useAuth();
  // The company's own types (decision 100): the live ones get a log button each.
  const ownTypes = useLoggableTypes();

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('title')}
        description={stats.data ? t('subtitle', { date: format.longDay(stats.data.date) }) : '\u00a0'}
        actions={
          <>
            {/* Today's list is my own (an admin's too), so the file is. */}
            <ExportMenu targets={[{ kind: 'activities', period: { period: 'today' }, member: user?.id }]} />
            {stats.data && (
              <div
                className="flex items-center gap-2 rounded-full border border-primary/15 bg-primary-soft px-4 py-2 text-sm font-semibold text-primary"
                data-testid="points-today"
              >
                <SparklesIcon className="size-4" aria-hidden />
                <span className="tabular">{t('pointsToday', { count: stats.data.points })}</span>
              </div>
            )}
          </>
        }
      />

      <QuickLogBar
        rules={rules}
        isLoadingRules={isLoadingRules}
        onCall={() => setLogKind('call')}
        onSale={() => setLogKind('sale')}
        onTouch={(kind) => setLogKind(kind)}
        ownTypes={ownTypes}
        companyLanguage={me?.company?.language}
        onOwnType={(typeId) => setLogKind(`type:${typeId}`)}
      />
      {/* Logs made without a connection, until they reach the server (decision 054). */}
      <PendingSyncNotice />

      {stats.isPending ? (
        <StatsCardsSkeleton />
      ) : stats.isError ? (
        <Alert variant="destructive">
          <AlertCircleIcon />
          <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
            {t('stats.loadError')}
            <Button size="sm" variant="outline" onClick={() => void stats.refetch()}>
              {t('retry')}
            </Button>
          </AlertDescription>
        </Alert>
      ) : (
        <StatsCards stats={stats.data} />
      )}

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <TodayActivities onLogCall={() => setLogKind('call')} rules={rules} date={stats.data?.date} />
        </div>
        <div className="min-w-0 space-y-6">
          {stats.data ? <DailyGoalsCard stats={stats.data} /> : stats.isPending ? <DailyGoalsCardSkeleton /> : null}
          {/* A manager's targets beside the rep's own goals; nothing while none is set. */}
          <MyTargetsCard />
          <TeamFeedCard />
        </div>
      </div>

      <LogDialogs kind={logKind} rules={rules} onClose={() => setLogKind(null)} />
    </div>
  );
}

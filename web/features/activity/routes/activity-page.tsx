import { AlertCircleIcon, SparklesIcon } from 'lucide-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@web/components/page-header';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { useCompanyFormat } from '@web/lib/format';
import { useMyStats } from '../api/get-my-stats';
import { DailyGoalsCard, DailyGoalsCardSkeleton } from '../components/daily-goals-card';
import { LogCallDialog } from '../components/log-call-dialog';
import { LogSaleDialog } from '../components/log-sale-dialog';
import { LogTouchDialog, type TouchKind } from '../components/log-touch-dialog';
import { QuickLogBar } from '../components/quick-log-bar';
import { StatsCards, StatsCardsSkeleton } from '../components/stats-cards';
import { TeamFeedCard } from '../components/team-feed-card';
import { TodayActivities } from '../components/today-activities';
import { useLogRules } from '../lib/use-log-rules';

const LOG_KINDS = ['call', 'sale', 'meeting', 'email', 'linkedin'] as const;
type LogKind = (typeof LOG_KINDS)[number];

/**
 * Which log dialog is open lives in the URL (?log=call), so the command palette and the header's
 * links can open one, and the phone's Back button closes it.
 */
function useLogDialogParam(): [LogKind | null, (kind: LogKind | null) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('log');
  const kind = (LOG_KINDS as readonly string[]).includes(raw ?? '') ? (raw as LogKind) : null;
  const setKind = useCallback(
    (next: LogKind | null) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next) updated.set('log', next);
          else updated.delete('log');
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [kind, setKind];
}

/** My Activity (/app/activity): log, see today's numbers against the goals, and today's list. */
export function Component() {
  const { t } = useTranslation('activity');
  const format = useCompanyFormat();
  const stats = useMyStats();
  const { rules, isLoading: isLoadingRules } = useLogRules();
  const [logKind, setLogKind] = useLogDialogParam();
  const onClose = (open: boolean) => !open && setLogKind(null);
  // A link (?log=email) opens a held-meeting, e-mail or LinkedIn dialog only while its rule is on.
  const touchKind: TouchKind | null =
    (logKind === 'meeting' || logKind === 'email' || logKind === 'linkedin') && rules?.enabledKinds[logKind] ? logKind : null;

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('title')}
        description={stats.data ? t('subtitle', { date: format.longDay(stats.data.date) }) : '\u00a0'}
        actions={
          stats.data && (
            <div
              className="flex items-center gap-2 rounded-full border border-primary/15 bg-primary-soft px-4 py-2 text-sm font-semibold text-primary"
              data-testid="points-today"
            >
              <SparklesIcon className="size-4" aria-hidden />
              <span className="tabular">{t('pointsToday', { count: stats.data.points })}</span>
            </div>
          )
        }
      />

      <QuickLogBar
        rules={rules}
        isLoadingRules={isLoadingRules}
        onCall={() => setLogKind('call')}
        onSale={() => setLogKind('sale')}
        onTouch={(kind) => setLogKind(kind)}
      />

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
          <TeamFeedCard />
        </div>
      </div>

      <LogCallDialog open={logKind === 'call'} onOpenChange={onClose} rules={rules} />
      <LogSaleDialog open={logKind === 'sale'} onOpenChange={onClose} />
      <LogTouchDialog kind={touchKind} onOpenChange={onClose} />
    </div>
  );
}

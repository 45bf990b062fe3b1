import { AlertCircleIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@web/components/page-header';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { useCompanyFormat } from '@web/lib/format';
import { useTodayWrapup } from '../api/get-today-wrapup';
import { useWrapupHistory } from '../api/get-wrapup-history';
import { TodayReportCard } from '../components/today-report-card';
import { WeekStatsCard } from '../components/week-stats-card';
import { WrapupForm } from '../components/wrapup-form';
import { WrapupHistoryList } from '../components/wrapup-history';

/** Daily Wrap-up (/app/wrapup): today's form, Today's Report, the last 7 days and earlier summaries. */
export function Component() {
  return <WrapupScreen />;
}

/**
 * The screen, with room under the form for what another feature adds (the app layer puts the
 * rep's coaching conversations there, decision 045).
 */
export function WrapupScreen({ conversations }: { conversations?: ReactNode }) {
  const { t } = useTranslation('wrapup');
  const format = useCompanyFormat();
  const today = useTodayWrapup();
  const history = useWrapupHistory();

  return (
    <div className="space-y-6">
      <PageHeader title={t('title')} description={today.data ? t('subtitle', { date: format.longDay(today.data.date) }) : '\u00a0'} />

      {today.isError && <LoadError text={t('loadError')} onRetry={() => void today.refetch()} />}
      {/* On a phone the cards stack as form, conversations, report, last 7 days, history: display: contents lets the
          columns' cards take part in one ordered flex column below lg. */}
      <div className="flex flex-col gap-6 lg:grid lg:grid-cols-3">
        <div className="contents lg:col-span-2 lg:block lg:min-w-0 lg:space-y-6">
          <div className="order-1 min-w-0">
            {today.data ? <WrapupForm today={today.data} /> : today.isPending ? <CardSkeleton lines={6} /> : null}
          </div>
          {conversations && <div className="order-2 min-w-0">{conversations}</div>}
          <div className="order-5 min-w-0">
            {history.isError ? (
              <LoadError text={t('historyLoadError')} onRetry={() => void history.refetch()} />
            ) : history.data ? (
              <WrapupHistoryList history={history.data.history} />
            ) : (
              <CardSkeleton lines={3} />
            )}
          </div>
        </div>
        <div className="contents lg:block lg:min-w-0 lg:space-y-6">
          <div className="order-3 min-w-0">
            {today.data ? <TodayReportCard today={today.data} /> : today.isPending ? <CardSkeleton lines={4} /> : null}
          </div>
          <div className="order-4 min-w-0">
            {history.data ? <WeekStatsCard week={history.data.last7Days} /> : history.isPending ? <CardSkeleton lines={4} /> : null}
          </div>
        </div>
      </div>
    </div>
  );
}

function LoadError({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation('wrapup');
  return (
    <Alert variant="destructive">
      <AlertCircleIcon />
      <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
        {text}
        <Button size="sm" variant="outline" onClick={onRetry}>
          {t('retry')}
        </Button>
      </AlertDescription>
    </Alert>
  );
}

function CardSkeleton({ lines }: { lines: number }) {
  return (
    <Card className="space-y-3 p-5" aria-hidden>
      <Skeleton className="h-5 w-40" />
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} className="h-9 w-full" />
      ))}
    </Card>
  );
}

import type { MyTodayStats } from '@core/contracts';
import { computeGoalProgress, computeHitRate } from '@core/stats';
import { CheckCircle2Icon, PercentIcon, PhoneIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_LOOKS, type ActivityLook } from '@web/components/activity-icon';
import { ConversionInfo, useConversionWords } from '@web/components/conversion-label';
import { Card } from '@web/components/ui/card';
import { Progress } from '@web/components/ui/progress';
import { Skeleton } from '@web/components/ui/skeleton';
import { useCompanyFormat } from '@web/lib/format';
import { cn } from '@web/lib/cn';

/** The four personal stats cards, each with its progress toward the daily goal. */
export function StatsCards({ stats }: { stats: MyTodayStats }) {
  const { t } = useTranslation('activity');
  const hitRateWords = useConversionWords('hitRate');
  const format = useCompanyFormat();
  const { goals } = stats;
  // Meetings booked per answered call (decision 074), from the numbers on screen so an offline log shows at once.
  const hitRate = computeHitRate(stats.meetingsBooked, stats.answered);
  return (
    <section aria-labelledby="stats-heading" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <h2 id="stats-heading" className="sr-only">
        {t('stats.heading')}
      </h2>
      <StatCard
        icon={PhoneIcon}
        tone="bg-primary-soft text-primary"
        label={t('stats.calls')}
        value={stats.calls}
        detail={t('stats.answered', { count: stats.answered })}
        goal={{ value: stats.calls, goal: goals.dailyCalls }}
      />
      <StatCard
        {...ACTIVITY_LOOKS.meeting}
        label={t('stats.meetings')}
        value={stats.meetingsBooked}
        detail={t('stats.fromAnswered', { count: stats.answered })}
        goal={{ value: stats.meetingsBooked, goal: goals.dailyMeetings }}
      />
      <StatCard
        icon={PercentIcon}
        tone="bg-accent text-accent-foreground"
        label={hitRateWords.label}
        info={<ConversionInfo kind="hitRate" />}
        value={format.percent(hitRate)}
        detail={t('stats.hitRateHint', { count: stats.answered })}
        footer={<Progress value={hitRate} aria-label={hitRateWords.label} indicatorClassName="bg-success" />}
      />
      <StatCard
        {...ACTIVITY_LOOKS.sale}
        label={t('stats.sales')}
        value={stats.sales}
        detail={stats.revenue > 0 ? t('stats.revenue', { amount: format.money(stats.revenue) }) : t('stats.noRevenue')}
        goal={{ value: stats.sales, goal: goals.dailySales }}
      />
    </section>
  );
}

function StatCard({
  icon: Icon,
  tone,
  label,
  info,
  value,
  detail,
  goal,
  footer,
}: {
  icon: ActivityLook['icon'];
  tone: string;
  label: string;
  /** Beside the label: how the number is computed. */
  info?: ReactNode;
  value: ReactNode;
  detail: ReactNode;
  goal?: { value: number; goal: number };
  footer?: ReactNode;
}) {
  const { t } = useTranslation('activity');
  const percent = goal ? computeGoalProgress(goal.value, goal.goal) : 0;
  const isReached = goal !== undefined && goal.goal > 0 && percent >= 100;
  return (
    <Card className="flex min-w-0 flex-col gap-2 p-4 sm:gap-3 sm:p-5" data-testid="stat-card">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex items-center gap-1">
            <h3 className="min-w-0 text-sm font-medium hyphens-auto break-words text-muted-foreground">{label}</h3>
            {info}
          </div>
          <p className="tabular mt-1 text-2xl font-semibold tracking-tight sm:text-3xl">{value}</p>
        </div>
        <span className={cn('hidden size-10 shrink-0 items-center justify-center rounded-lg sm:flex', tone)} aria-hidden>
          <Icon className="size-5" />
        </span>
      </div>
      <p className="truncate text-xs text-muted-foreground sm:text-sm">{detail}</p>
      <div className="mt-auto space-y-1.5">
        {goal ? (
          <>
            <Progress
              value={percent}
              aria-label={t('stats.progressLabel', { label, percent })}
              indicatorClassName={isReached ? 'bg-success' : undefined}
            />
            <p className="flex min-h-4 items-center gap-1 truncate text-xs text-muted-foreground">
              {goal.goal === 0 ? (
                t('stats.noGoal')
              ) : isReached ? (
                <span className="flex items-center gap-1 font-medium text-success-strong">
                  <CheckCircle2Icon className="size-3.5" aria-hidden /> {t('stats.goalReached')} · {goal.value}/{goal.goal}
                </span>
              ) : (
                <span className="tabular">{t('stats.goalProgress', { value: goal.value, goal: goal.goal, percent })}</span>
              )}
            </p>
          </>
        ) : (
          <>
            {footer}
            <p className="text-xs text-transparent select-none" aria-hidden>
              ·
            </p>
          </>
        )}
      </div>
    </Card>
  );
}

export function StatsCardsSkeleton() {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4" aria-hidden>
      {Array.from({ length: 4 }, (_, i) => (
        <Card key={i} className="flex flex-col gap-3 p-4 sm:p-5">
          <div className="flex justify-between">
            <div className="space-y-2">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-8 w-14" />
            </div>
            <Skeleton className="size-10 rounded-lg" />
          </div>
          <Skeleton className="h-4 w-28" />
          <Skeleton className="h-2 w-full rounded-full" />
          <Skeleton className="h-3 w-20" />
        </Card>
      ))}
    </div>
  );
}

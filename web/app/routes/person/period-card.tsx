import { type PersonOverview, type TargetMetric, type TargetProgress } from '@core/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CardHeading } from '@web/components/card-heading';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { Progress } from '@web/components/ui/progress';
import { PacePill } from '@web/features/targets/components/pace-pill';
import { formatExpectedValue, formatMetricValue, METRIC_ICONS } from '@web/features/targets/lib/metrics';
import { type CompanyFormat, formatDateRange } from '@web/lib/format';

/* A person's day, week or month against the targets in force (decision 046). */

/** The metrics a period card and the trend show, in the targets' order. */
export const METRICS: readonly TargetMetric[] = ['calls', 'meetings_booked', 'meetings_held', 'sales', 'sales_value', 'points'];
export type PeriodKey = keyof PersonOverview['periods'];
export const PERIODS: readonly PeriodKey[] = ['day', 'week', 'month'];

export function PeriodCard({ period, data, format }: { period: PeriodKey; data: PersonOverview; format: CompanyFormat }) {
  const { t } = useTranslation('people');
  const { from, to, totals } = data.periods[period];
  const targets = data.targets.filter((target) => target.period === period);
  const headingId = useId();
  return (
    <Card className="min-w-0" data-testid={`person-period-${period}`}>
      <CardHeader className="border-b pb-3">
        <div className="flex items-baseline justify-between gap-2">
          <CardHeading id={headingId}>{t(`periods.${period}`)}</CardHeading>
          <span className="text-xs text-muted-foreground tabular">
            {period === 'day' ? format.shortDay(from) : formatDateRange(from, to, format.locale)}
          </span>
        </div>
      </CardHeader>
      <CardContent className="pt-3">
        <dl className="divide-y" aria-labelledby={headingId}>
          {METRICS.map((metric) => {
            const Icon = METRIC_ICONS[metric];
            const target = targets.find((x) => x.metric === metric);
            return (
              <div
                key={metric}
                className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-2 py-2.5 first:pt-0 last:pb-0"
                data-testid={`person-${period}-${metric}`}
              >
                <dt className="flex min-w-0 items-center gap-2.5 text-sm text-muted-foreground">
                  <Icon className="size-4 shrink-0" aria-hidden />
                  <span className="truncate">
                    {t(`metrics.${metric}`)}
                    {metric === 'calls' && totals.calls > 0 && (
                      <span className="ml-1.5 text-xs">
                        {t('answeredOf', { count: totals.answered, answered: format.number(totals.answered) })}
                      </span>
                    )}
                  </span>
                </dt>
                <dd className="text-base font-semibold tabular" data-slot="value">
                  {formatMetricValue({ metric }, totals[metric], format)}
                </dd>
                {target && <TargetLine target={target} format={format} />}
              </div>
            );
          })}
        </dl>
      </CardContent>
    </Card>
  );
}

export function TargetLine({ target, format }: { target: TargetProgress; format: CompanyFormat }) {
  const { t } = useTranslation('people');
  const value = (n: number) => formatMetricValue(target, n, format);
  const percent = Math.min(100, Math.round((target.progress / target.value) * 100));
  return (
    <dd className="col-span-2 mt-2 space-y-1.5 pl-6.5" data-testid={`person-target-${target.metric}-${target.period}`}>
      <Progress value={percent} aria-label={t('target.label', { metric: t(`metrics.${target.metric}`) })} className="h-1.5" />
      <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 text-xs text-muted-foreground">
        <span className="tabular">
          {t('target.of', { target: value(target.value) })}
          {target.pace !== 'no-working-days' && (
            <> · {t('target.expected', { expected: formatExpectedValue(target, target.expected, format) })}</>
          )}
        </span>
        <PacePill pace={target.pace} />
      </div>
    </dd>
  );
}

// ---- the 12 weeks ----------------------------------------------------------------------------------

import { type PersonOverview, type TargetMetric } from '@core/contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardHeading } from '@web/components/card-heading';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { formatMetricValue } from '@web/features/targets/lib/metrics';
import { type CompanyFormat, formatDateRange } from '@web/lib/format';
import type { PersonTrendPoint } from '../person-trend-chart';
import { METRICS } from './period-card';

/* A person's last 12 weeks of one metric (decision 046). */

export const PersonTrendChart = lazy(() => import('../person-trend-chart').then((m) => ({ default: m.PersonTrendChart })));

export function TrendCard({ data, format }: { data: PersonOverview; format: CompanyFormat }) {
  const { t } = useTranslation('people');
  const [metric, setMetric] = useState<TargetMetric>('calls');
  const metricName = t(`metrics.${metric}`);
  const value = (n: number) => formatMetricValue({ metric }, n, format);
  const points: PersonTrendPoint[] = data.weeks.map((week, index) => ({
    label: t('trend.week', { week: week.isoWeek }),
    range: formatDateRange(week.from, week.to, format.locale),
    value: week.totals[metric],
    isCurrent: index === data.weeks.length - 1,
  }));
  const total = points.reduce((sum, p) => sum + p.value, 0);
  const best = points.reduce((top, p) => (p.value > top.value ? p : top), points[0]!);
  const summary =
    total === 0
      ? t('trend.summaryEmpty', { metric: metricName })
      : t('trend.summary', {
          metric: metricName,
          total: value(total),
          best: value(best.value),
          bestWeek: best.label,
          current: value(points.at(-1)!.value),
        });
  return (
    <Card className="min-w-0" data-testid="person-trend">
      <Tabs value={metric} onValueChange={(next) => setMetric(next as TargetMetric)}>
        <CardHeader className="gap-3 border-b pb-4">
          <div>
            <CardHeading>{t('trend.heading')}</CardHeading>
            <CardDescription>{t('trend.description')}</CardDescription>
          </div>
          {/* The tabs wrap onto a second line rather than scroll: a scrolled row hid its last tab ("Poä…") with no sign of more. */}
          <TabsList aria-label={t('trend.metricLabel')} className="h-auto max-w-full flex-wrap justify-start">
            {METRICS.map((m) => (
              <TabsTrigger key={m} value={m} className="h-7 flex-none px-2.5 text-xs sm:text-sm">
                {t(`metrics.${m}`)}
              </TabsTrigger>
            ))}
          </TabsList>
        </CardHeader>
        {/* The shown metric's panel (the tabs name it); the chart and table below change with the tab. */}
        <TabsContent value={metric} className="mt-0">
          <CardContent className="pt-4">
            <div role="img" aria-label={summary} className="relative h-56 w-full sm:h-64" data-testid="person-trend-chart">
              <Suspense fallback={<Skeleton className="h-full w-full" />}>
                <PersonTrendChart points={points} formatValue={value} name={metricName} />
              </Suspense>
              {total === 0 && (
                <p className="absolute inset-0 flex items-center justify-center text-sm text-muted-foreground" aria-hidden>
                  {/* Of the figure shown: a rep who logged only meetings has logged something, just no calls. */}
                  {t('trend.empty', { metric: metricName })}
                </p>
              )}
            </div>
            <details className="mt-3 text-sm">
              <summary className="w-fit cursor-pointer rounded-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring">
                {t('trend.showTable')}
              </summary>
              <table className="mt-2 w-full text-sm" data-testid="person-trend-table">
                <caption className="sr-only">{summary}</caption>
                <thead>
                  <tr className="border-b text-left text-xs text-muted-foreground">
                    <th scope="col" className="py-1.5 font-medium">
                      {t('trend.weekColumn')}
                    </th>
                    <th scope="col" className="py-1.5 font-medium">
                      {t('trend.datesColumn')}
                    </th>
                    <th scope="col" className="py-1.5 text-right font-medium">
                      {metricName}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {points.map((point) => (
                    <tr key={point.label} className="border-b last:border-0">
                      <th scope="row" className="py-1.5 text-left font-medium">
                        {point.label}
                      </th>
                      <td className="py-1.5 text-muted-foreground">{point.range}</td>
                      <td className="py-1.5 text-right tabular">{value(point.value)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          </CardContent>
        </TabsContent>
      </Tabs>
    </Card>
  );
}

// ---- the funnel ------------------------------------------------------------------------------------

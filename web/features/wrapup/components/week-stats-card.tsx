import { WRAPUP_STATS_DAYS, type WrapupHistory } from '@core/contracts';
import { CalendarRangeIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Progress } from '@web/components/ui/progress';
import { useCompanyFormat } from '@web/lib/format';

/** The last 7 days (today included): totals and per-day averages over the days with a wrap-up, 1 decimal. */
export function WeekStatsCard({ week }: { week: WrapupHistory['last7Days'] }) {
  const { t } = useTranslation('wrapup');
  const format = useCompanyFormat();
  const rows = (['calls', 'meetings', 'sales', 'points'] as const).map((key) => ({
    key,
    label: t(`stats.${key}`),
    total: week.totals[key],
    average: week.averages[key],
  }));
  return (
    <Card data-testid="week-stats">
      <CardHeader>
        <div className="flex items-start gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground" aria-hidden>
            <CalendarRangeIcon className="size-4" />
          </span>
          <div className="min-w-0 flex-1 space-y-1">
            <CardTitle>{t('week.heading')}</CardTitle>
            <CardDescription>
              {format.shortDay(week.from)} – {format.shortDay(week.to)}
            </CardDescription>
          </div>
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="space-y-1.5">
          <p className="text-sm">{t('week.days', { count: week.days })}</p>
          <Progress value={(week.days / WRAPUP_STATS_DAYS) * 100} aria-label={t('week.days', { count: week.days })} />
        </div>
        {week.days === 0 ? (
          <p className="text-sm text-muted-foreground">{t('week.empty')}</p>
        ) : (
          <table className="w-full text-sm">
            <thead>
              <tr className="text-xs text-muted-foreground">
                <th scope="col" className="pb-2 text-left font-medium">
                  <span className="sr-only">{t('week.heading')}</span>
                </th>
                <th scope="col" className="pb-2 text-right font-medium">
                  {t('week.total')}
                </th>
                <th scope="col" className="pb-2 text-right font-medium">
                  {t('week.average')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row" className="py-2 text-left font-normal text-muted-foreground">
                    {row.label}
                  </th>
                  <td className="tabular py-2 text-right font-semibold">{format.number(row.total, 0)}</td>
                  <td className="tabular py-2 text-right">{format.number(row.average, 1)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}

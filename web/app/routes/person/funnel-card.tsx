import { FUNNEL_PERIODS, type FunnelPeriod, type PersonOverview } from '@core/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CardHeading } from '@web/components/card-heading';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { LazySelect } from '@web/components/ui/lazy-select';
import { cn } from '@web/lib/cn';
import { type CompanyFormat, formatDateRange } from '@web/lib/format';

/* A person's conversion funnel (decision 046). */

export function FunnelCard({
  data,
  format,
  funnel,
  onFunnelChange,
  isFetching,
}: {
  data: PersonOverview;
  format: CompanyFormat;
  funnel: FunnelPeriod;
  onFunnelChange: (period: FunnelPeriod) => void;
  isFetching: boolean;
}) {
  const { t } = useTranslation('people');
  const labelId = useId();
  const { stages, overall } = data.funnel;
  const widest = Math.max(1, ...stages.map((s) => s.count));
  return (
    <Card className="flex min-w-0 flex-col" data-testid="person-funnel">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 space-y-0 border-b pb-4">
        <div className="min-w-0">
          <CardHeading>{t('funnel.heading')}</CardHeading>
          <CardDescription>{formatDateRange(data.funnel.from, data.funnel.to, format.locale)}</CardDescription>
        </div>
        <span id={labelId} className="sr-only">
          {t('funnel.periodLabel')}
        </span>
        <LazySelect
          value={funnel}
          onValueChange={onFunnelChange}
          options={FUNNEL_PERIODS.map((period) => ({ value: period, label: t(`funnel.periods.${period}`) }))}
          className="w-40"
          aria-labelledby={labelId}
        />
      </CardHeader>
      <CardContent
        className={cn('flex flex-1 flex-col pt-4 transition-opacity', isFetching && 'opacity-60')}
        aria-busy={isFetching || undefined}
      >
        <ol className="mb-4 flex flex-col gap-3">
          {stages.map((stage, index) => (
            <li key={stage.step} data-testid={`funnel-${stage.step}`}>
              <div className="mb-1 flex items-baseline justify-between gap-2 text-sm">
                <span className="font-medium">{t(`funnel.steps.${stage.step}`)}</span>
                <span className="flex items-baseline gap-2">
                  {index > 0 && (
                    <span className="text-xs text-muted-foreground tabular" data-slot="rate">
                      {stage.rate === null ? '–' : t('funnel.rate', { rate: format.percent(stage.rate) })}
                    </span>
                  )}
                  <span className="font-semibold tabular" data-slot="count">
                    {format.number(stage.count)}
                  </span>
                </span>
              </div>
              <div className="h-2.5 overflow-hidden rounded-full bg-muted" aria-hidden>
                <div
                  className="h-full rounded-full bg-primary transition-[width] duration-500"
                  style={{ width: `${(stage.count / widest) * 100}%`, opacity: 1 - index * 0.12 }}
                />
              </div>
            </li>
          ))}
        </ol>
        <p
          className="mt-auto flex items-baseline justify-between gap-3 border-t pt-3 text-sm text-muted-foreground"
          data-testid="funnel-overall"
        >
          {overall === null ? (
            t('funnel.overallNone')
          ) : (
            <>
              <span>{t('funnel.overallLabel')}</span>
              <span className="text-2xl font-semibold tracking-tight text-foreground tabular">{format.percent(overall)}</span>
            </>
          )}
        </p>
      </CardContent>
    </Card>
  );
}

// ---- recent activities and wrap-ups -----------------------------------------------------------------

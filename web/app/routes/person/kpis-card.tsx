import type { Kpi, KpiValues, PersonOverview } from '@core/contracts';
import { pickName } from '@core/activity-types';
import { GaugeIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CardHeading } from '@web/components/card-heading';
import { Skeleton } from '@web/components/ui/skeleton';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { useMe } from '@web/lib/auth/get-me';
import { formatKpiValue } from '@web/lib/format-kpi';
import { useKpis, useKpiValues } from '@web/lib/queries/get-kpis';
import { useCompanyFormat } from '@web/lib/format';
import { formatMetricValue } from '@web/features/targets/lib/metrics';
import { PacePill } from '@web/features/targets/components/pace-pill';

/*
 * A person's figures on the company's own KPIs (decisions 046 and 101): this week's and this
 * month's, with where the month puts them among the people on the boards, and under a KPI the
 * targets a manager set on it (decision 104) with their pace. The same values the KPI board shows; a
 * company without KPIs of its own has no card.
 */

export function KpisCard({ data }: { data: PersonOverview }) {
  const { t, i18n } = useTranslation('people');
  const { data: me } = useMe();
  const companyFormat = useCompanyFormat();
  const headingId = useId();
  const own = (useKpis().data?.kpis ?? []).filter((kpi) => !kpi.builtIn);
  const enabled = own.length > 0;
  const { week, month } = data.periods;
  const ids = own.map((kpi) => kpi.id).join(',');
  const weekValues = useKpiValues({ from: week.from, to: week.to, ids }, { enabled });
  const monthValues = useKpiValues({ from: month.from, to: month.to, ids }, { enabled });
  if (!enabled) return null;
  const userId = data.person.userId;
  const name = (kpi: Kpi) => pickName(kpi.names, i18n.language, me?.company?.language);
  const format = (kpi: Kpi, value: number | null | undefined) =>
    formatKpiValue(value ?? null, kpi, { language: i18n.language, currency: me?.company?.currency ?? 'NOK' });
  const valueOf = (values: KpiValues | undefined, kpi: Kpi) =>
    values?.kpis.find((k) => k.id === kpi.id)?.members.find((m) => m.userId === userId)?.value;
  /** Their place this month among those with a value: one more than those ahead (equal values share a place). */
  const placeOf = (kpi: Kpi) => {
    const values = (monthValues.data?.kpis.find((k) => k.id === kpi.id)?.members ?? []).flatMap((m) => (m.value === null ? [] : [m.value]));
    const mine = valueOf(monthValues.data, kpi);
    if (mine == null) return null;
    const ahead = values.filter((value) => (kpi.lowerIsBetter ? value < mine : value > mine)).length;
    return { place: ahead + 1, of: values.length };
  };
  return (
    <Card className="min-w-0" data-testid="person-kpis">
      <CardHeader className="border-b pb-3">
        <CardHeading id={headingId}>
          <GaugeIcon className="mr-2 inline size-4 align-[-2px] text-muted-foreground" aria-hidden />
          {t('kpis.heading')}
        </CardHeading>
        <CardDescription>{t('kpis.description')}</CardDescription>
      </CardHeader>
      <CardContent className="pt-3">
        {/* The figures keep a gap and one line each: two money values ran together on a phone ("36.000 kr.36.000 kr."). */}
        <table className="w-full text-sm" aria-labelledby={headingId}>
          <thead>
            <tr className="text-left text-xs text-muted-foreground">
              <th scope="col" className="pb-2 font-medium">
                {t('kpis.kpi')}
              </th>
              <th scope="col" className="pb-2 pl-3 text-right font-medium">
                {t('periods.week')}
              </th>
              <th scope="col" className="pb-2 pl-3 text-right font-medium">
                {t('periods.month')}
              </th>
              <th scope="col" className="pb-2 pl-3 text-right font-medium">
                {t('kpis.place')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {own.flatMap((kpi) => {
              const place = placeOf(kpi);
              const targets = data.targets.filter((target) => target.metric === 'kpi' && target.kpiId === kpi.id);
              return [
                <tr key={kpi.id} data-testid="person-kpi" className={targets.length > 0 ? 'border-b-0' : undefined}>
                  <th scope="row" className="py-2 text-left font-normal">
                    {name(kpi)}
                  </th>
                  <td className="py-2 pl-3 text-right font-semibold whitespace-nowrap tabular-nums">
                    {weekValues.data ? format(kpi, valueOf(weekValues.data, kpi)) : <Skeleton className="ml-auto h-4 w-10" />}
                  </td>
                  <td className="py-2 pl-3 text-right font-semibold whitespace-nowrap tabular-nums">
                    {monthValues.data ? format(kpi, valueOf(monthValues.data, kpi)) : <Skeleton className="ml-auto h-4 w-10" />}
                  </td>
                  <td className="py-2 pl-3 text-right whitespace-nowrap text-muted-foreground tabular-nums">
                    {place ? t('kpis.placeOf', { place: place.place, of: place.of }) : '—'}
                  </td>
                </tr>,
                ...(targets.length > 0
                  ? [
                      <tr key={`${kpi.id}-targets`} className="border-t-0">
                        <td colSpan={4} className="space-y-1 pb-2">
                          {targets.map((target) => (
                            <div
                              key={target.targetId}
                              data-testid={`person-kpi-target-${target.period}`}
                              className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground"
                            >
                              <span className="tabular-nums">
                                {t('kpis.target', {
                                  progress: formatMetricValue(target, target.progress, companyFormat),
                                  target: formatMetricValue(target, target.value, companyFormat),
                                  period: t(`kpis.periods.${target.period}`),
                                })}
                              </span>
                              <PacePill pace={target.pace} />
                            </div>
                          ))}
                        </td>
                      </tr>,
                    ]
                  : []),
              ];
            })}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}

import type { Kpi } from '@core/contracts';
import { pickName } from '@core/activity-types';
import { computeLocalDate, computePeriodDays, computePreviousPeriodDays, type LocalDate } from '@core/period';
import { GaugeIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { StatCard, StatCardSkeleton } from '@web/components/scoreboard/stat-card';
import { useMe } from '@web/lib/auth/get-me';
import { formatKpiValue } from '@web/lib/format-kpi';
import { useKpis, useKpiValues } from '@web/lib/queries/get-kpis';
import { KpiChange } from './kpi-change';

/**
 * The company's own KPIs on a report (decision 101): each one's figure this week or this month so
 * far, or over an earlier month (of the team, when one is chosen), against the same days of the
 * period before. Nothing when
 * the company has no KPIs of its own: the built-in figures are the report's own cards.
 */
export function OwnKpiTotals({
  period,
  until,
  teamId,
}: {
  period: 'week' | 'month';
  /** The period's last day shown: today for the current one, its last day for an earlier month. */
  until?: string;
  teamId: string | undefined;
}) {
  const { t, i18n } = useTranslation('scoreboard');
  const { data: me } = useMe();
  const headingId = useId();
  const own = (useKpis().data?.kpis ?? []).filter((kpi) => !kpi.builtIn);
  const today = (until ?? computeLocalDate(new Date(), me?.company?.timezone ?? 'Europe/Oslo')) as LocalDate;
  const query = { ids: own.map((kpi) => kpi.id).join(','), totalOnly: 'true', ...(teamId ? { teamId } : {}) } as const;
  const enabled = { enabled: own.length > 0 };
  const now = useKpiValues({ ...computePeriodDays(period, today), ...query }, enabled);
  const before = useKpiValues({ ...computePreviousPeriodDays(period, today), ...query }, enabled);
  if (own.length === 0) return null;
  const totalOf = (values: typeof now.data, kpi: Kpi) => values?.kpis.find((k) => k.id === kpi.id)?.total ?? null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4" data-testid="own-kpis">
      <h2 id={headingId} className="text-lg font-semibold tracking-tight">
        {t('ownKpis.heading')}
      </h2>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {own.map((kpi) =>
          now.data ? (
            <StatCard
              key={kpi.id}
              label={pickName(kpi.names, i18n.language, me?.company?.language)}
              icon={GaugeIcon}
              value={formatKpiValue(totalOf(now.data, kpi), kpi, { language: i18n.language, currency: me?.company?.currency ?? 'NOK' })}
              footer={
                before.data ? (
                  <KpiChange kpi={kpi} value={totalOf(now.data, kpi)} previous={totalOf(before.data, kpi)} period={period} />
                ) : null
              }
            />
          ) : (
            <StatCardSkeleton key={kpi.id} />
          ),
        )}
      </div>
    </section>
  );
}

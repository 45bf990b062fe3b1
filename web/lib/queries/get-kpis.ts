import type { KpiList, KpiValues } from '@core/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** The built-in KPIs, then the company's own (decision 101). */
export function getKpis(): Promise<KpiList> {
  return api.GET('/api/v1/kpis');
}

/** Shared: the editor and every screen that names a KPI. Kept fresh by live updates (kpis). */
export function useKpis(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: queryKeys.kpis, queryFn: getKpis, enabled: options.enabled });
}

/** byTeam: each team's figure too; totalOnly with ids: only those KPIs' totals (a number, a gauge); improvement with one id: "most improved". */
type KpiValuesQuery = {
  from: string;
  to: string;
  teamId?: string;
  byTeam?: 'true';
  totalOnly?: 'true';
  ids?: string;
  improvement?: 'day' | 'week' | 'month' | 'range';
};

export function getKpiValues(query: KpiValuesQuery): Promise<KpiValues> {
  return api.GET('/api/v1/kpis/values', { params: { query } });
}

/**
 * Every KPI's value per member and in total over the days (with byTeam, per team too); a logged
 * activity anywhere refreshes it (the boards' family).
 */
export function useKpiValues(query: KpiValuesQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.scoreboard.kpiValues(query),
    queryFn: () => getKpiValues(query),
    enabled: options.enabled ?? true,
  });
}

export function getKpiSeries(query: { id: string; from: string; to: string; teamId?: string }) {
  return api.GET('/api/v1/kpis/series', { params: { query } });
}

/** One KPI day by day (a board's chart); refreshed with the boards' family as activities are logged. */
export function useKpiSeries(query: { id: string; from: string; to: string; teamId?: string }, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.scoreboard.kpiSeries(query),
    queryFn: () => getKpiSeries(query),
    enabled: options.enabled ?? true,
  });
}

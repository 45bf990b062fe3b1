import { computeLogOptions, type LogOptions } from '@core/kpi';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '@web/lib/api';
import { findRulesOnDevice, keepRulesOnDevice, readThroughDevice } from '@web/lib/auth/device-member';
import { queryKeys } from '@web/lib/query-keys';

/**
 * The company's point rules (any member may read them): which kinds can be logged and what each
 * outcome is worth now for the log dialogs, and every rule for the KPI Rules screen. With no
 * connection, the copy kept with the member on this device (decision 054), so quick log shows the
 * buttons and points the rep last saw.
 */
export function getKpiRules() {
  return readThroughDevice(() => api.GET('/api/v1/kpi-rules'), keepRulesOnDevice, findRulesOnDevice);
}

/* One cache entry for both: an admin's change, here or live (LIVE_REFRESHES), refetches it. */
export function getKpiRulesQueryOptions() {
  // offlineFirst: asked even without a connection, so the device's copy can answer.
  return queryOptions({ queryKey: queryKeys.kpiRules, queryFn: getKpiRules, staleTime: 60_000, networkMode: 'offlineFirst' });
}

export function useKpiRules() {
  return useQuery(getKpiRulesQueryOptions());
}

/**
 * Which kinds the company logs now (E-mail, LinkedIn and Meeting held may be off), from its rules;
 * undefined until they come. The screens that offer kinds (a KPI's types, a contest's mix) leave
 * out those switched off.
 */
export function useEnabledKinds(): LogOptions['enabledKinds'] | undefined {
  const rules = useKpiRules().data?.rules;
  return useMemo(() => (rules ? computeLogOptions(rules).enabledKinds : undefined), [rules]);
}

import type { FunnelPeriod } from '@core/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** A person's page (decision 046): their numbers, targets, 12 weeks, funnel, activities and wrap-ups. */
export function getPersonOverview(userId: string, funnel: FunnelPeriod, signal?: AbortSignal) {
  return api.GET('/api/v1/people/{id}/overview', { params: { path: { id: userId }, query: { funnel } }, signal });
}

export function getPersonOverviewQueryOptions(userId: string, funnel: FunnelPeriod) {
  return queryOptions({
    queryKey: queryKeys.scoreboard.person(userId, funnel),
    queryFn: ({ signal }) => getPersonOverview(userId, funnel, signal),
  });
}

/**
 * Keeps the person's page on screen while another funnel period loads (never another person's).
 * `enabled` false: not asked (the viewer may not open it).
 */
export function usePersonOverview(userId: string, funnel: FunnelPeriod, enabled = true) {
  return useQuery({
    ...getPersonOverviewQueryOptions(userId, funnel),
    enabled,
    placeholderData: (previous) => (previous?.person.userId === userId ? previous : undefined),
  });
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** The Company page: name, time zone, created date, member count and the active members. */
export function getCompanyPage(teamId: string | undefined, signal?: AbortSignal) {
  return api.GET('/api/v1/scoreboard/company', { params: { query: { teamId } }, signal });
}

/** `teamId`: only that team's members (decision 040). */
export function getCompanyPageQueryOptions(teamId?: string) {
  return queryOptions({
    queryKey: queryKeys.scoreboard.companyPageOf(teamId),
    queryFn: ({ signal }) => getCompanyPage(teamId, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCompanyPage(teamId?: string) {
  return useQuery(getCompanyPageQueryOptions(teamId));
}

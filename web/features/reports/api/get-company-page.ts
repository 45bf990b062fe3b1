import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** The Company page: name, time zone, created date, member count and the active members. */
export function getCompanyPage(signal?: AbortSignal) {
  return api.GET('/api/v1/scoreboard/company', { signal });
}

export function getCompanyPageQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.scoreboard.companyPage,
    queryFn: ({ signal }) => getCompanyPage(signal),
    placeholderData: keepPreviousData,
  });
}

export function useCompanyPage() {
  return useQuery(getCompanyPageQueryOptions());
}

import type { CompanyPage } from '@core/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';

/** The Company page: name, time zone, created date, member count and the active members. */
export function getCompanyPage(signal?: AbortSignal): Promise<CompanyPage> {
  return apiFetch<CompanyPage>('/scoreboard/company', { signal });
}

export function getCompanyPageQueryOptions() {
  return queryOptions({
    queryKey: ['scoreboard', 'company'],
    queryFn: ({ signal }) => getCompanyPage(signal),
    placeholderData: keepPreviousData,
  });
}

export function useCompanyPage() {
  return useQuery(getCompanyPageQueryOptions());
}

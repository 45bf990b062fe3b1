import type { CompanySettings } from '@core/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';

/** The company with counts of members, activities and customers (any member may read it). */
export function getCompanySettings(): Promise<CompanySettings> {
  return apiFetch<CompanySettings>('/company');
}

/* Under 'company': a logged activity changes the counts, and the live stream invalidates this prefix. */
export const companySettingsQueryKey = ['company', 'settings'] as const;

export function getCompanySettingsQueryOptions() {
  return queryOptions({ queryKey: companySettingsQueryKey, queryFn: getCompanySettings });
}

export function useCompanySettings() {
  return useQuery(getCompanySettingsQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** The company with counts of members, activities and customers (any member may read it). */
export function getCompanySettings() {
  return api.GET('/api/v1/company');
}

/* Under 'company': a logged activity changes the counts, and the live stream invalidates this family. */
export function getCompanySettingsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.company.settings, queryFn: getCompanySettings });
}

export function useCompanySettings() {
  return useQuery(getCompanySettingsQueryOptions());
}

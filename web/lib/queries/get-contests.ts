import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/*
 * The company's contests, read by the contests' screens and by the boards' contest widget
 * (decision 102), so neither feature reaches into the other.
 */

/** The company's contests: running, upcoming and the latest past ones with their winners (everyone). */
export function getContests() {
  return api.GET('/api/v1/contests');
}

/** `enabled: false` until it is needed (a board asks only when it shows a contest). */
export function useContests(options: { enabled?: boolean } = {}) {
  return useQuery(queryOptions({ queryKey: queryKeys.contests.list, queryFn: getContests, enabled: options.enabled ?? true }));
}

/** One contest with its live standings (everyone in the company). */
export function getContest(id: string) {
  return api.GET('/api/v1/contests/{id}', { params: { path: { id } } });
}

export function useContest(id: string, options: { enabled?: boolean } = {}) {
  return useQuery(
    queryOptions({ queryKey: queryKeys.contests.detail(id), queryFn: () => getContest(id), enabled: options.enabled ?? true }),
  );
}

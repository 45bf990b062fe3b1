import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** The company's contests: running, upcoming and the latest past ones with their winners (everyone). */
export function getContests() {
  return api.GET('/api/v1/contests');
}

export function useContests() {
  return useQuery(queryOptions({ queryKey: queryKeys.contests.list, queryFn: getContests }));
}

/** One contest with its live standings (everyone in the company). */
export function getContest(id: string) {
  return api.GET('/api/v1/contests/{id}', { params: { path: { id } } });
}

export function useContest(id: string) {
  return useQuery(queryOptions({ queryKey: queryKeys.contests.detail(id), queryFn: () => getContest(id) }));
}

/** Whom the viewer may run contests among: the same answer as for targets (admins: everyone; leads: their teams). */
export function useContestSubjects(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.targets.subjects, queryFn: () => api.GET('/api/v1/targets/subjects'), enabled });
}

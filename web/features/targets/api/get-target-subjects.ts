import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Whom the viewer may set targets for: an admin, every member and team; a lead, their teams and people (decision 044). */
export function getTargetSubjects() {
  return api.GET('/api/v1/targets/subjects');
}

export function getTargetSubjectsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.targets.subjects, queryFn: getTargetSubjects });
}

export function useTargetSubjects() {
  return useQuery(getTargetSubjectsQueryOptions());
}

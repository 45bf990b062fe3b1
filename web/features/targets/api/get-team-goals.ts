import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** The daily goals of the people the viewer manages, the viewer left out (decision 044). */
export function getTeamGoals() {
  return api.GET('/api/v1/goals/team');
}

export function getTeamGoalsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.targets.teamGoals, queryFn: getTeamGoals });
}

export function useTeamGoals() {
  return useQuery(getTeamGoalsQueryOptions());
}

import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Whom the viewer may run contests among: the same answer as for targets (admins: everyone; leads: their teams). */
export function useContestSubjects(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.targets.subjects, queryFn: () => api.GET('/api/v1/targets/subjects'), enabled });
}

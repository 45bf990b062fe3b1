import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/**
 * The members an admin may export one by one: the team's list (the same query, and cache, as the
 * Team tab's; features do not import each other, so the call is restated here).
 */
export function useExportMembers(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.company.members, queryFn: () => api.GET('/api/v1/team/members'), enabled });
}

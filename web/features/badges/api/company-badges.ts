import type { CompanyBadgeInput } from '@core/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** The company's own badges (decision 107), in the order they were made. */
export function getCompanyBadges(signal?: AbortSignal) {
  return api.GET('/api/v1/badges/company', { signal });
}

export const companyBadgesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.badges.company, queryFn: ({ signal }) => getCompanyBadges(signal) });

export function useCompanyBadges() {
  return useQuery(companyBadgesQueryOptions());
}

/** Admin: creates a badge (id null) or replaces one's definition; 409 badge_exists when a name is another badge's. */
export function saveCompanyBadge(id: string | null, input: CompanyBadgeInput) {
  return id === null
    ? api.POST('/api/v1/badges/company', { body: input })
    : api.PUT('/api/v1/badges/company/{id}', { params: { path: { id } }, body: input });
}

/** Admin: deletes a badge nobody has earned (409 badge_in_use otherwise). */
export function deleteCompanyBadge(id: string) {
  return api.DELETE('/api/v1/badges/company/{id}', { params: { path: { id } } });
}

/** The badges' looks are on the boards too: both follow a change. */
function useRefreshBadges() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.badges.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.scoreboard.all }),
    ]);
}

export function useSaveCompanyBadge(id: string | null) {
  const refresh = useRefreshBadges();
  return useMutation({ mutationFn: (input: CompanyBadgeInput) => saveCompanyBadge(id, input), onSuccess: refresh });
}

export function useDeleteCompanyBadge() {
  const refresh = useRefreshBadges();
  return useMutation({ mutationFn: deleteCompanyBadge, onSuccess: refresh });
}

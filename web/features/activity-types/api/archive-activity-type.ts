import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Admin: archives a type (no longer offered to log; its history stays) or restores it. */
export function archiveActivityType(id: string, archived: boolean) {
  return archived
    ? api.POST('/api/v1/activity-types/{id}/archive', { params: { path: { id } } })
    : api.POST('/api/v1/activity-types/{id}/restore', { params: { path: { id } } });
}

export function useArchiveActivityType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, archived }: { id: string; archived: boolean }) => archiveActivityType(id, archived),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.activityTypes }),
  });
}

import type { ActivityTypeInput } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Admin: creates a type (id null) or replaces one's definition; 409 type_exists when a name is another type's. */
export function saveActivityType(id: string | null, input: ActivityTypeInput) {
  return id === null
    ? api.POST('/api/v1/activity-types', { body: input })
    : api.PUT('/api/v1/activity-types/{id}', { params: { path: { id } }, body: input });
}

export function useSaveActivityType(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ActivityTypeInput) => saveActivityType(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.activityTypes }),
  });
}

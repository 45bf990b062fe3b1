import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Admin: deletes a type no activity has; 409 type_in_use otherwise (archive it instead). */
export function deleteActivityType(id: string) {
  return api.DELETE('/api/v1/activity-types/{id}', { params: { path: { id } } });
}

export function useDeleteActivityType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteActivityType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.activityTypes }),
  });
}

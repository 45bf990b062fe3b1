import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** A comment on a wrap-up: a coach writes, the author answers. Answers with the wrap-up as now. */
export function addWrapupComment(input: { wrapupId: string; body: string }) {
  return api.POST('/api/v1/coaching/wrapups/{id}/comments', { params: { path: { id: input.wrapupId } }, body: { body: input.body } });
}

export function useAddWrapupComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addWrapupComment,
    onSuccess: async (wrapup) => {
      queryClient.setQueryData(queryKeys.coaching.wrapup(wrapup.id), wrapup);
      await queryClient.invalidateQueries({ queryKey: queryKeys.coaching.all });
    },
  });
}

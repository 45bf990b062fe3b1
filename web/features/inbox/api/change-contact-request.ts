import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

export type ContactRequestChange = { id: string; handled: boolean } | { id: string; remove: true };

/** Marks a contact request handled (or open again), or deletes it. */
export async function changeContactRequest(change: ContactRequestChange) {
  const params = { path: { id: change.id } };
  return 'remove' in change
    ? api.DELETE('/api/v1/admin/contact-requests/{id}', { params })
    : api.PATCH('/api/v1/admin/contact-requests/{id}', { params, body: { handled: change.handled } });
}

export function useChangeContactRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeContactRequest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.contactRequests.all }),
  });
}

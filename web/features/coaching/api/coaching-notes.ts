import type { CoachingNotes, CreateCoachingNote } from '@core/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/*
 * The private 1:1 notes and follow-up agenda of one rep: one read and its three changes (add,
 * check off or open again, delete). Each change answers with the whole page, which replaces the cached one.
 */

export function getCoachingNotes(memberId: string, signal?: AbortSignal) {
  return api.GET('/api/v1/coaching/members/{memberId}/notes', { params: { path: { memberId } }, signal });
}

export function getCoachingNotesQueryOptions(memberId: string) {
  return queryOptions({ queryKey: queryKeys.coaching.notes(memberId), queryFn: ({ signal }) => getCoachingNotes(memberId, signal) });
}

export function useCoachingNotes(memberId: string) {
  return useQuery(getCoachingNotesQueryOptions(memberId));
}

function useNotesChange<I>(memberId: string, change: (input: I) => Promise<CoachingNotes>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (notes) => queryClient.setQueryData(queryKeys.coaching.notes(memberId), notes),
  });
}

export function useCreateCoachingNote(memberId: string) {
  return useNotesChange(memberId, (input: CreateCoachingNote) =>
    api.POST('/api/v1/coaching/members/{memberId}/notes', { params: { path: { memberId } }, body: input }),
  );
}

export function useSetFollowUpDone(memberId: string) {
  return useNotesChange(memberId, (input: { id: string; done: boolean }) =>
    api.PATCH('/api/v1/coaching/notes/{id}', { params: { path: { id: input.id } }, body: { done: input.done } }),
  );
}

export function useDeleteCoachingNote(memberId: string) {
  return useNotesChange(memberId, (id: string) => api.DELETE('/api/v1/coaching/notes/{id}', { params: { path: { id } } }));
}

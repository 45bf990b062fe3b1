import type { CommitImport, ImportFieldMapping, ImportKind, ImportMapping } from '@core/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/*
 * Admin: spreadsheet imports (decision 039). An upload answers a preview (nothing written yet);
 * a changed mapping is checked again; a commit writes; an undo deletes an activities import.
 */

export function uploadImport(input: { kind: ImportKind; file: File }) {
  const form = new FormData();
  form.set('kind', input.kind);
  form.set('file', input.file);
  // The typed body is the route's multipart schema; the form is what goes over the wire.
  return api.POST('/api/v1/imports', { body: form as unknown as { kind: ImportKind; file: File } });
}

export function validateImport(input: { id: string; mapping: ImportMapping; fields: ImportFieldMapping }) {
  return api.POST('/api/v1/imports/{id}/validate', {
    params: { path: { id: input.id } },
    body: { mapping: input.mapping, fields: input.fields },
  });
}

export function commitImport(input: { id: string } & CommitImport) {
  const { id, ...body } = input;
  return api.POST('/api/v1/imports/{id}/commit', { params: { path: { id } }, body: { skipFailing: false, ...body } });
}

export function undoImport(id: string) {
  return api.POST('/api/v1/imports/{id}/undo', { params: { path: { id } } });
}

/** While the server writes or undoes an import (decision 084), the history is asked again this often to show how far it has come. */
const IN_PROGRESS_REFETCH_MS = 2_000;

export const importHistoryQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.admin.imports,
    queryFn: ({ signal }) => api.GET('/api/v1/imports', { signal }),
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.imports.some((item) => item.status === 'committing' || item.status === 'undoing') ? IN_PROGRESS_REFETCH_MS : false,
  });

export const useImportHistory = () => useQuery(importHistoryQueryOptions());

export const useUploadImport = () => useMutation({ mutationFn: uploadImport });
export const useValidateImport = () => useMutation({ mutationFn: validateImport });

/** After a commit or an undo every number on every screen may have moved: everything is fetched again. */
function useInvalidateAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}

export function useCommitImport() {
  const invalidate = useInvalidateAll();
  return useMutation({ mutationFn: commitImport, onSuccess: invalidate });
}

export function useUndoImport() {
  const invalidate = useInvalidateAll();
  return useMutation({ mutationFn: undoImport, onSuccess: invalidate });
}

import type { AuditAction } from '@core/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Entries per page: a screenful or two; the server allows up to 100. */
export const AUDIT_LOG_PAGE_SIZE = 50;

/** Admin: one page of the company's audit log, newest first, older than `cursor`. */
export function getAuditLog(input: { action?: AuditAction; cursor?: string | null; signal?: AbortSignal }) {
  return api.GET('/api/v1/admin/audit-log', {
    params: { query: { limit: AUDIT_LOG_PAGE_SIZE, action: input.action, cursor: input.cursor ?? undefined } },
    signal: input.signal,
  });
}

export function getAuditLogQueryOptions(action?: AuditAction) {
  return infiniteQueryOptions({
    queryKey: queryKeys.admin.auditLog.byAction(action),
    queryFn: ({ pageParam, signal }) => getAuditLog({ action, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Changes are made on the console's other tabs: show them whenever the log is opened.
    staleTime: 0,
  });
}

export function useAuditLog(action?: AuditAction) {
  return useInfiniteQuery(getAuditLogQueryOptions(action));
}

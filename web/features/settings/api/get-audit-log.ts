import type { AuditAction, AuditLogPage } from '@core/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';

/** Entries per page: a screenful or two; the server allows up to 100. */
export const AUDIT_LOG_PAGE_SIZE = 50;

export const auditLogQueryKey = ['admin', 'audit-log'] as const;

/** Admin: one page of the company's audit log, newest first, older than `cursor`. */
export function getAuditLog(input: { action?: AuditAction; cursor?: string | null; signal?: AbortSignal }): Promise<AuditLogPage> {
  return apiFetch<AuditLogPage>('/admin/audit-log', {
    query: { limit: AUDIT_LOG_PAGE_SIZE, action: input.action, cursor: input.cursor ?? undefined },
    signal: input.signal,
  });
}

export function getAuditLogQueryOptions(action?: AuditAction) {
  return infiniteQueryOptions({
    queryKey: [...auditLogQueryKey, action ?? 'all'],
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

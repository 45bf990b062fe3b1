import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { type ContactRequestStatusFilter, queryKeys } from '@web/lib/query-keys';

export type { ContactRequestStatusFilter };

/** The operator's admins: requests from the public /contact form, newest first, with the open count. */
export function getContactRequests(status: ContactRequestStatusFilter, signal?: AbortSignal) {
  return api.GET('/api/v1/admin/contact-requests', { params: { query: { status } }, signal });
}

export function getContactRequestsQueryOptions(status: ContactRequestStatusFilter) {
  return queryOptions({
    queryKey: queryKeys.admin.contactRequests.byStatus(status),
    queryFn: ({ signal }) => getContactRequests(status, signal),
    placeholderData: keepPreviousData,
  });
}

export function useContactRequests(status: ContactRequestStatusFilter) {
  return useQuery(getContactRequestsQueryOptions(status));
}

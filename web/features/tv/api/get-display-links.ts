import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** The company's display links, newest first, revoked ones included; never their tokens (admin). */
export function getDisplayLinks(signal?: AbortSignal) {
  return api.GET('/api/v1/display-links', { signal });
}

export function getDisplayLinksQueryOptions() {
  return queryOptions({ queryKey: queryKeys.displayLinks, queryFn: ({ signal }) => getDisplayLinks(signal) });
}

export function useDisplayLinks() {
  return useQuery(getDisplayLinksQueryOptions());
}

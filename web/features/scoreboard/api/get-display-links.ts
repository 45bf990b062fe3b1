import type { DisplayLinkList } from '@core/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';

/** Not under 'scoreboard': logging a call does not change the list of links. */
export const displayLinksQueryKey = ['display-links'] as const;

/** The company's display links, newest first, revoked ones included; never their tokens (admin). */
export function getDisplayLinks(signal?: AbortSignal): Promise<DisplayLinkList> {
  return apiFetch<DisplayLinkList>('/display-links', { signal });
}

export function getDisplayLinksQueryOptions() {
  return queryOptions({ queryKey: displayLinksQueryKey, queryFn: ({ signal }) => getDisplayLinks(signal) });
}

export function useDisplayLinks() {
  return useQuery(getDisplayLinksQueryOptions());
}

import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@web/lib/query-keys';
import { LIVE_REFRESHES } from '@web/lib/realtime';

/**
 * After this browser changes an activity: refetch everything an activity change makes stale, at
 * once, instead of waiting for the live event to come back from the server. A logged or edited
 * activity may also have created a customer, so cached suggestions ("no match for Nordlys") go too.
 */
export function invalidateActivityQueries(queryClient: QueryClient): Promise<unknown> {
  const stale = [...LIVE_REFRESHES.activities, queryKeys.customerSuggestions.all];
  return Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

import type { QueryClient } from '@tanstack/react-query';
import { REALTIME_INVALIDATIONS } from '@web/lib/realtime';

/**
 * After this browser changes an activity: refetch everything an activity change makes stale, at
 * once, instead of waiting for the live event to come back from the server. A logged or edited
 * activity may also have created a customer, so cached suggestions ("no match for Nordlys") go too.
 */
export function invalidateActivityQueries(queryClient: QueryClient): Promise<unknown> {
  const prefixes = [...(REALTIME_INVALIDATIONS.activities ?? []), 'customers'];
  return Promise.all(prefixes.map((prefix) => queryClient.invalidateQueries({ queryKey: [prefix] })));
}

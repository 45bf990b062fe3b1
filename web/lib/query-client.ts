import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api';
import { PERSISTED_CACHE_MAX_AGE_MS } from './query-persistence';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        // Kept in memory as long as the device keeps them (decision 082): a board seen this morning
        // is still there to show offline this afternoon, not dropped five minutes after leaving it.
        gcTime: PERSISTED_CACHE_MAX_AGE_MS,
        refetchOnWindowFocus: true,
        // 4xx answers will not change by asking again; network and 5xx errors get two retries.
        retry: (count, error) => !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && count < 2,
      },
    },
  });
}

let pageQueryClient: QueryClient | null = null;

/**
 * The page's one query client, made by whichever asks first: the start screen's prefetch
 * (app/router.tsx), which may run before the first render, or the app's providers.
 */
export function getPageQueryClient(): QueryClient {
  if (pageQueryClient) return pageQueryClient;
  // TanStack Query assumes online until the browser says otherwise; a start without a connection
  // (the installed app opened offline) fires no 'offline' event, so it is told here, before any
  // query would try the network.
  onlineManager.setOnline(navigator.onLine);
  pageQueryClient = createQueryClient();
  return pageQueryClient;
}

import { QueryClient } from '@tanstack/react-query';
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

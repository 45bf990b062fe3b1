import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';
import { queryKeys } from './query-keys';

export const getPublicConfigQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.publicConfig, queryFn: () => api.GET('/api/v1/public-config'), staleTime: Infinity });

export function usePublicConfig() {
  return useQuery(getPublicConfigQueryOptions());
}

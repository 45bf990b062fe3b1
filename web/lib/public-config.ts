import type { PublicConfig } from '@core/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from './api';

export const getPublicConfigQueryOptions = () =>
  queryOptions({ queryKey: ['public-config'], queryFn: () => apiFetch<PublicConfig>('/public-config'), staleTime: Infinity });

export function usePublicConfig() {
  return useQuery(getPublicConfigQueryOptions());
}

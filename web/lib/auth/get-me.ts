import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { queryKeys } from '../query-keys';
import { findMemberOnDevice, keepMemberOnDevice, readThroughDevice } from './device-member';

/**
 * The signed-in person with membership and onboarding status; null when signed out. With no
 * connection, the member this device last saw (decision 054: the installed app opens offline);
 * with neither, the network error.
 */
export function getMe() {
  return readThroughDevice(() => api.GET('/api/v1/me'), keepMemberOnDevice, findMemberOnDevice);
}

export function getMeQueryOptions() {
  // offlineFirst: asked even without a connection, so the device's copy can answer.
  return queryOptions({ queryKey: queryKeys.me, queryFn: getMe, staleTime: 60_000, networkMode: 'offlineFirst' });
}

export function useMe() {
  return useQuery(getMeQueryOptions());
}

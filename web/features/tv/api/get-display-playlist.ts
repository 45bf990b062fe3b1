import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TvScreen } from '@core/contracts';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';
import { isDisplayLinkGone } from './get-display-leaderboard';

/** The screens a display link's wall rotates through (null: today's leaderboard alone), signed out. */
export function getDisplayPlaylist(token: string, signal?: AbortSignal) {
  return api.GET('/api/v1/display/{token}/playlist', { params: { path: { token } }, signal, credentials: 'omit' });
}

export function getDisplayPlaylistQueryOptions(token: string) {
  return queryOptions({ queryKey: queryKeys.displayPlaylist(token), queryFn: ({ signal }) => getDisplayPlaylist(token, signal) });
}

/** Read again with the board's safety-net interval; stops once the link is gone. */
export function useDisplayPlaylist(token: string, options: { enabled: boolean; refetchInterval: number }) {
  return useQuery({
    ...getDisplayPlaylistQueryOptions(token),
    enabled: options.enabled,
    refetchInterval: (query) => (isDisplayLinkGone(query.state.error) ? false : options.refetchInterval),
  });
}

/** One screen's numbers now (decision 052). */
export function getDisplayScreen(token: string, screenId: string, signal?: AbortSignal) {
  return api.GET('/api/v1/display/{token}/screens/{screenId}', { params: { path: { token, screenId } }, signal, credentials: 'omit' });
}

/**
 * Kept a while after the screen rotates away, so it shows at once when it comes round again (and
 * refreshes then if a live change made it stale). The cache holds at most one entry per screen of
 * the playlist: it cannot grow however long the wall runs.
 */
const SCREEN_CACHE_MS = 30 * 60_000;

export function getDisplayScreenQueryOptions(token: string, screen: Pick<TvScreen, 'id'>) {
  return queryOptions({
    queryKey: queryKeys.scoreboard.displayScreen(token, screen.id),
    queryFn: ({ signal }) => getDisplayScreen(token, screen.id, signal),
    gcTime: SCREEN_CACHE_MS,
  });
}

export function useDisplayScreen(token: string, screen: Pick<TvScreen, 'id'>) {
  return useQuery(getDisplayScreenQueryOptions(token, screen));
}

import type { RankBy } from '@core/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRequestError, api, apiUrl } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** A display link's board: today's top 10 by points (or `rankBy`, decision 053), read with the link's token and no sign-in. */
export function getDisplayLeaderboard(token: string, rankBy: RankBy, signal?: AbortSignal) {
  return api.GET('/api/v1/display/{token}/leaderboard', {
    params: { path: { token }, query: rankBy === 'points' ? {} : { rankBy } },
    signal,
    credentials: 'omit',
  });
}

export function getDisplayLeaderboardQueryOptions(token: string, rankBy: RankBy = 'points') {
  return queryOptions({
    queryKey: queryKeys.scoreboard.display(token, rankBy),
    queryFn: ({ signal }) => getDisplayLeaderboard(token, rankBy, signal),
    placeholderData: keepPreviousData,
  });
}

/** Polls every `refetchInterval` ms (a safety net under the live stream) until the link is gone. */
export function useDisplayLeaderboard(token: string, options: { refetchInterval?: number; rankBy?: RankBy } = {}) {
  const interval = options.refetchInterval;
  return useQuery({
    ...getDisplayLeaderboardQueryOptions(token, options.rankBy),
    refetchInterval: interval === undefined ? false : (query) => (isDisplayLinkGone(query.state.error) ? false : interval),
    // A revoked link stays revoked: stop asking on focus or reconnect too.
    refetchOnWindowFocus: (query) => !isDisplayLinkGone(query.state.error),
    refetchOnReconnect: (query) => !isDisplayLinkGone(query.state.error),
  });
}

/** An unknown or revoked link answers 404. */
export function isDisplayLinkGone(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 404;
}

/** The display link's own event stream (same changes as the members' stream, no sign-in). */
export function getDisplayEventsUrl(token: string): string {
  return apiUrl('/api/v1/display/{token}/events', { token });
}

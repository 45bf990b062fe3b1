import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

export const TEAM_FEED_LIMIT = 8;

/** The team's latest activities of today, newest first (the "Team today" card). */
export function getTeamFeed() {
  return api.GET('/api/v1/scoreboard/recent-activities', { params: { query: { period: 'today', limit: TEAM_FEED_LIMIT } } });
}

/** Under 'scoreboard', so every live change to activities refetches it. */
export function getTeamFeedQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.scoreboard.recentActivities({ period: 'today', limit: TEAM_FEED_LIMIT }),
    queryFn: getTeamFeed,
  });
}

export function useTeamFeed() {
  return useQuery(getTeamFeedQueryOptions());
}

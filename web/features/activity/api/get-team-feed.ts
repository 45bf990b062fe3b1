import type { RecentActivities } from '@core/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';

export const TEAM_FEED_LIMIT = 8;

/** The team's latest activities of today, newest first (the "Team today" card). */
export function getTeamFeed(): Promise<RecentActivities> {
  return apiFetch<RecentActivities>('/scoreboard/recent-activities', { query: { period: 'today', limit: TEAM_FEED_LIMIT } });
}

/** Under 'scoreboard', so every live change to activities refetches it. */
export function getTeamFeedQueryOptions() {
  return queryOptions({
    queryKey: ['scoreboard', 'recent-activities', { period: 'today', limit: TEAM_FEED_LIMIT }],
    queryFn: getTeamFeed,
  });
}

export function useTeamFeed() {
  return useQuery(getTeamFeedQueryOptions());
}

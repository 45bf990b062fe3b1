import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';
import { useSearchParam } from '@web/lib/use-search-param';

/*
 * The company's teams as every screen sees them (decision 040): the boards' team filter, the
 * members list's team column and Administration → Teams all read this one query.
 */

export function getTeams(signal?: AbortSignal) {
  return api.GET('/api/v1/teams', { signal });
}

export function getTeamsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.teams, queryFn: ({ signal }) => getTeams(signal) });
}

export function useTeams() {
  return useQuery(getTeamsQueryOptions());
}

/** Whether the person leads a team (decision 040): the shell offers them Coaching (decision 045). */
export function useIsTeamLead(userId: string | undefined): boolean {
  const teams = useTeams();
  return userId !== undefined && (teams.data?.teams.some((team) => team.leads.some((lead) => lead.userId === userId)) ?? false);
}

/** The search parameter a board's team filter lives in, so a filtered board can be bookmarked and shared. */
export const TEAM_SEARCH_PARAM = 'team';

/**
 * The board's team filter, remembered in the URL (?team=<id>). A team that is gone (deleted, or a
 * link from another company) counts as no filter once the teams are known, so the board shows the
 * whole company rather than an error.
 */
export function useTeamFilter(): { teamId: string | undefined; setTeamId: (teamId: string | undefined) => void } {
  const [wanted, setWanted] = useSearchParam(TEAM_SEARCH_PARAM);
  const teams = useTeams();
  const known = teams.data?.teams;
  const isKnown = known === undefined || known.some((team) => team.id === wanted);
  const setTeamId = useCallback((teamId: string | undefined) => setWanted(teamId || null), [setWanted]);
  return { teamId: wanted && isKnown ? wanted : undefined, setTeamId };
}

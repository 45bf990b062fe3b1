import type { RankBy } from '@core/contracts';
import { RANK_BY } from '@core/contracts/constants';
import { useCallback } from 'react';
import { useSearchParam } from './use-search-param';

/** The search parameter a board's ranking lives in (decision 053), beside the team filter's. */
export const RANK_BY_SEARCH_PARAM = 'rankBy';

export function isRankBy(value: string | null | undefined): value is RankBy {
  return (RANK_BY as readonly string[]).includes(value ?? '');
}

/** The ranking a parameter's value names: points unless it names another. */
function toRankBy(wanted: string | null): RankBy {
  return isRankBy(wanted) ? wanted : 'points';
}

/** The ranking an address asks for: points unless it names another. */
export function readRankBy(search: URLSearchParams): RankBy {
  return toRankBy(search.get(RANK_BY_SEARCH_PARAM));
}

/**
 * The board's ranking, remembered in the URL (?rankBy=goal_share), so a fair board can be
 * bookmarked, shared and put on a TV. Points, the default, leaves the URL clean; an unknown value
 * counts as points rather than an error.
 */
export function useRankBy(): { rankBy: RankBy; setRankBy: (rankBy: RankBy) => void } {
  const [wanted, setWanted] = useSearchParam(RANK_BY_SEARCH_PARAM);
  const setRankBy = useCallback((rankBy: RankBy) => setWanted(rankBy === 'points' ? null : rankBy), [setWanted]);
  return { rankBy: toRankBy(wanted), setRankBy };
}

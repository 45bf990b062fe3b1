import { useEffect } from 'react';

/**
 * Team stats and recent-activity failures are only logged; their lists stay empty. Logged
 * as a warning, once per error, so a screen left open does not flood the console.
 */
export function useLoggedError(what: string, error: unknown) {
  useEffect(() => {
    if (error) console.warn(`[scoreboard] could not load ${what}:`, error instanceof Error ? error.message : error);
  }, [what, error]);
}

import type { CallerCheck } from '../../db/tenant';
import { HttpError } from '../../lib/http';
import type { ActorCache, CachedSession } from './actor-cache';

/** Who a caller is, as far as what a request may do depends on it. */
export type CallerFacts = {
  userId: string;
  companyId: string;
  role: string;
  timezone: string;
  /** A personal access token's scopes; absent for a session cookie. */
  scopes?: readonly string[];
};

/** What the check needs: the cache and its entry, a way to hear every change, and a fresh read. */
export type CallerCheckInput = {
  actors: ActorCache;
  /** Waits until every change committed before the call has been heard here (RealtimeHub.catchUp). */
  catchUp: () => Promise<boolean>;
  key: string;
  /** The cache entry the request trusted. */
  entry: CachedSession;
  /** The facts the request acts on (from `entry`). */
  facts: CallerFacts;
  /**
   * Reads who the caller is afresh, outside any transaction; throws the HttpError to answer when they
   * are no longer one (signed out, token revoked, removed).
   */
  reload: () => Promise<CallerFacts>;
};

/**
 * The signed-in cache's word, checked in the request's first statement instead of a round trip of
 * its own (decision 096). The scope statement reads the identity version (migration 0048); when
 * this instance has heard every identity change up to it and still holds the same entry, the
 * caller is who the cache says: nothing changed them before this request's first statement.
 *
 * Otherwise (a change not heard yet, or the entry forgotten meanwhile) the check waits for the
 * LISTEN connection to catch up; when the entry survives, the caller is confirmed. When it does
 * not, `confirm` answers false: withTenant rolls its transaction back (nothing has run in it),
 * `settle` reads the caller afresh with no connection held, and the transaction starts again.
 * The same caller goes on; a changed one gets the answer their next request would get (401 or 403),
 * or 409 when only their role or company changed under this request.
 */
export function createCallerCheck(input: CallerCheckInput): CallerCheck {
  const { actors, key, entry } = input;
  let confirmed = false;
  return {
    get confirmed() {
      return confirmed;
    },
    async confirm(identityVersion) {
      if (actors.hasHeard(identityVersion) && actors.get(key) === entry) return (confirmed = true);
      await input.catchUp();
      // Still not heard: the announcements were lost (the LISTEN connection away). Forget
      // everything; whatever is remembered from now on is read after this version committed.
      if (!actors.hasHeard(identityVersion)) actors.clearUpTo(identityVersion);
      if (actors.get(key) === entry) return (confirmed = true);
      return false;
    },
    async settle() {
      const now = await input.reload();
      if (!isSameCaller(now, input.facts)) {
        throw new HttpError(
          409,
          'caller_changed',
          'Your role or company changed while this was being saved, so nothing was saved. Try again.',
        );
      }
      confirmed = true;
    },
  };
}

function isSameCaller(a: CallerFacts, b: CallerFacts): boolean {
  const sameScopes =
    a.scopes === undefined || b.scopes === undefined
      ? a.scopes === b.scopes
      : a.scopes.length === b.scopes.length && a.scopes.every((scope) => b.scopes!.includes(scope));
  return a.userId === b.userId && a.companyId === b.companyId && a.role === b.role && a.timezone === b.timezone && sameScopes;
}

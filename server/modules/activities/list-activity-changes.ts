/* The sync feed (GET /api/v1/activities, decision 035): every change to the company's activities, in order, by cursor. */
import type { Activity, ActivityFeed, ActivityFeedQuery, DeletedActivity, StoredActivityType } from '@core/contracts';
import { ACTIVITY_TOMBSTONE_RETENTION_DAYS } from '@core/contracts';
import { type Actor, type AppDeps, memberScopeOf } from '../../context';
import { toUserId } from '../../db/tenant';
import { badRequest, forbidden, HttpError } from '../../lib/http';
import { type FeedPosition, findActivityChanges, findOldestOpenTransactionStart } from './activity-sync-feed.repository';
import { toActivity } from './activity-shape';

/*
 * How long a change waits before the feed serves it (ACTIVITY_FEED_SETTLE_MS, 10 s by default). A
 * change is stamped (updated_at, the app's clock) when its request starts and becomes visible when
 * its transaction commits, milliseconds later; a page that served changes stamped up to "now" could
 * step past one still committing, and the client's cursor would never see it. So the feed serves
 * only changes stamped before now minus the margin, and before the start of the oldest transaction
 * still open (minus the margin too): whatever commits later carries a later stamp than anything
 * already served. The margin covers the time between stamping and the transaction's start (a wait
 * for a connection) and the clocks of several instances disagreeing a little.
 */

const CURSOR_VERSION = 'v1';
const EXACT_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Sorts before every real id at the same instant: a position "at this instant, before any change". */
const BEFORE_ANY_ID = '00000000-0000-0000-0000-000000000000';

/** The cursor is opaque to clients: the position's instant (to the microsecond) and id, base64url. */
function encodeCursor(position: FeedPosition): string {
  return Buffer.from(`${CURSOR_VERSION}|${position.at}|${position.id}`, 'utf8').toString('base64url');
}

const badCursor = () => badRequest('cursor: Not a cursor of this feed', { cursor: 'Not a cursor of this feed' });

function decodeCursor(cursor: string): FeedPosition {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw badCursor();
  const [version, at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (version !== CURSOR_VERSION || rest.length > 0 || !at || !id || !EXACT_INSTANT.test(at) || !UUID.test(id)) throw badCursor();
  if (Number.isNaN(Date.parse(at))) throw badCursor();
  return { at, id };
}

/** The later of two feed positions, by (instant, id): both instants are written alike, so their text sorts as they do. */
const laterOf = (a: FeedPosition, b: FeedPosition): FeedPosition => (a.at > b.at || (a.at === b.at && a.id >= b.id) ? a : b);

/** An instant as the cursor writes it (microseconds), for a position made from a JS date. */
const toExactInstant = (date: Date) => date.toISOString().replace(/Z$/, '000Z');

/**
 * One page of the company's activity changes after the cursor, for a client that keeps a copy
 * (a BI tool). A rep reads only their own activities; an admin everyone's, or one member's with
 * `member`. Filters narrow both the changed and the deleted activities.
 */
export async function listActivityChanges(deps: AppDeps, actor: Actor, query: ActivityFeedQuery): Promise<ActivityFeed> {
  if (actor.role !== 'admin' && query.member !== undefined && query.member !== actor.userId) {
    throw forbidden("A rep reads only their own activities; an admin reads everyone's.");
  }
  const member = actor.role === 'admin' ? query.member : actor.userId;
  const after = query.cursor !== undefined ? decodeCursor(query.cursor) : null;
  const since = query.updatedSince !== undefined ? new Date(query.updatedSince) : undefined;
  if (after !== null && Date.parse(after.at) < deps.now().getTime() - ACTIVITY_TOMBSTONE_RETENTION_DAYS * 86_400_000) {
    throw new HttpError(
      410,
      'sync_expired',
      `This cursor is more than ${ACTIVITY_TOMBSTONE_RETENTION_DAYS} days old and deletions are kept that long: start again with a full sync (no cursor).`,
    );
  }
  // Read before the page's own snapshot: a transaction open now may still commit older stamps.
  const oldestOpen = await findOldestOpenTransactionStart(deps.database.db);
  const now = deps.now().getTime();
  const before = new Date(Math.min(now, oldestOpen?.getTime() ?? now) - deps.config.ACTIVITY_FEED_SETTLE_MS);
  const types = query.type === undefined ? undefined : Array.isArray(query.type) ? query.type : [query.type];

  const changes = await findActivityChanges(deps.database.db, memberScopeOf(actor), {
    userId: member === undefined ? undefined : toUserId(member),
    types,
    from: query.from,
    to: query.to,
    since,
    after,
    before,
    limit: query.limit,
  });
  const page = changes.slice(0, query.limit);
  const activities: Activity[] = [];
  const deleted: DeletedActivity[] = [];
  for (const change of page) {
    if (change.kind === 'activity') activities.push(toActivity(change.row));
    else {
      deleted.push({
        id: change.deleted.id,
        userId: change.deleted.userId,
        type: change.deleted.type as StoredActivityType,
        localDate: change.deleted.localDate,
        deletedAt: change.deleted.deletedAt.toISOString(),
      });
    }
  }
  const hasMore = changes.length > query.limit;
  const start = after ?? { at: toExactInstant(since ?? new Date(0)), id: BEFORE_ANY_ID };
  // Once nothing more is waiting, everything before the horizon has been seen: the cursor moves up to
  // it (never back), so a client that syncs an idle company keeps a fresh cursor, not one that expires.
  const last = hasMore ? page.at(-1)!.position : laterOf(page.at(-1)?.position ?? start, { at: toExactInstant(before), id: BEFORE_ANY_ID });
  return { activities, deleted, nextCursor: encodeCursor(last), hasMore };
}

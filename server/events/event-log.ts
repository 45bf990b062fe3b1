import { sql } from 'drizzle-orm';
import type { DomainEvent } from '@core/contracts';
import type { Database, Transaction } from '../db/client';
import { queryPrepared } from '../db/prepared';
import { type CompanyId, toCompanyId } from '../db/tenant';
import { computeIdleDelay, createPollingLoop } from '../lib/polling-loop';
import type { RealtimeHub } from '../realtime/hub';
import type { EventLogWorker } from '../context';

/*
 * The durable log of domain events and its followers after commit (decision 095). A change appends
 * its events in its own transaction (`appendDomainEvents`, or inside the change's own statement:
 * `APPEND_EVENTS_SQL`); once it has committed, each follower registered here gets them, in order,
 * exactly once across every instance: the worker reads for a follower under a lock on that
 * follower's cursor row (FOR UPDATE SKIP LOCKED), and the follower's writes and the cursor's move
 * commit together. Followers that must be exact with the write stay in its transaction
 * (domain-events.ts).
 */

/** One committed change as the log hands it over: its events, in order, and when it happened. */
export type LoggedChange = { events: readonly DomainEvent[]; occurredAt: Date };

/**
 * What a follower does with the changes of one company that are new to it (in the order they were
 * appended), in the reader's transaction under that company's scope: all at once, so it can write
 * what they make in one statement.
 */
export type AfterCommitFollower = (tx: Transaction, companyId: CompanyId, changes: readonly LoggedChange[]) => Promise<void>;

const followers = new Map<string, AfterCommitFollower>();

/**
 * Registers a follower after commit under its name, at start-up (bootstrap.ts); registering the
 * same name again replaces it (every createDeps registers the same ones).
 */
export function followDomainEventsAfterCommit(name: string, follow: AfterCommitFollower): void {
  followers.set(name, follow);
}

/** The followers after commit by name (the docs and the architecture test read it). */
export function listAfterCommitFollowers(): string[] {
  return [...followers.keys()];
}

/**
 * The CTE a writer adds to its own statement to append its events there (no round trip of their
 * own): `$e` is the events as a JSON array, `$c` the company, `$t` when, `guard` a condition the
 * append waits for (the insert's RETURNING, say). Render with `appendEventsCte`.
 */
export function appendEventsCte(params: { events: string; company: string; at: string; guard?: string }): string {
  return `appended AS (
  INSERT INTO domain_event_log (company_id, occurred_at, event)
  SELECT ${params.company}::uuid, ${params.at}::timestamptz, e.value
    FROM jsonb_array_elements(${params.events}::jsonb) AS e${params.guard ? `\n   WHERE ${params.guard}` : ''}
)`;
}

/** Transaction step: appends one change's events to the log (one statement; none for no events). */
export async function appendDomainEvents(
  tx: Transaction,
  companyId: CompanyId,
  events: readonly DomainEvent[],
  occurredAt: Date,
): Promise<void> {
  if (events.length === 0) return;
  await queryPrepared(tx, 'domain_events_append', `WITH ${appendEventsCte({ events: '$1', company: '$2', at: '$3' })} SELECT 1`, [
    JSON.stringify(events),
    companyId,
    occurredAt.toISOString(),
  ]);
}

/**
 * Transaction step of erasing a person (decision 022): removes the company's events about them or
 * made by them (their activities, goals, wrap-up, joining), read by a follower or not, as their
 * webhook deliveries are removed: nothing they wrote stays in the log for its day.
 */
export async function deleteDomainEventsAbout(tx: Transaction, companyId: CompanyId, userId: string): Promise<void> {
  await tx.execute(sql`DELETE FROM domain_event_log
    WHERE company_id = ${companyId}
      AND (event->'activity'->>'userId' = ${userId} OR event->'wrapup'->>'userId' = ${userId}
           OR event->>'userId' = ${userId} OR event->>'actorId' = ${userId})`);
}

/** After a round that failed, or read while an older transaction ran: look again this soon. */
const RETRY_MS = 1000;
/** How long a woken worker waits for more changes to come before it reads them (see wakeDelayMs). */
const WAKE_DELAY_MS = 100;
/** Events read per follower and round; a full batch makes the next round start at once. */
const READ_BATCH = 200;
const MINUTE = 60_000;
/** Events behind every cursor are kept this long (to look into what a follower did), then removed. */
const KEEP_MS = 24 * 60 * MINUTE;
const HOUR = 60 * MINUTE;

type LogRow = { tx_id: string; position: string; company_id: string; occurred_at: string | Date; event: DomainEvent };

/**
 * Locks the follower's cursor (no row when another instance holds it), gives this transaction its
 * id (`me`: every transaction that appends later has a larger one) and makes it the log's reader,
 * across companies (app_event_reader, migration 0046): one statement.
 */
const LOCK_CURSOR_SQL = `SELECT tx_id::text AS tx_id, position::text AS position, pg_current_xact_id()::text AS me,
       set_config('app.event_reader', 'on', true) AS reader, set_config('app.company_id', '', true) AS company
  FROM domain_event_cursors WHERE follower = $1 FOR UPDATE SKIP LOCKED`;

/**
 * How far before this transaction the oldest transaction still running on this database began
 * (in transaction ids; 0 when none did). Read before the events, in a statement of its own: a
 * transaction running now is either counted here or, if it ends before the next statement, seen
 * there. This database's sessions only (pg_stat_activity shows the app's role its own sessions,
 * which are the only ones that append), not the whole server's (pg_snapshot_xmin): a long
 * transaction in another database on the same server must not hold the followers back.
 */
const OLDEST_RUNNING_SQL = `SELECT greatest(coalesce(max(age(backend_xid)), 0), 0)::text AS age
  FROM pg_stat_activity WHERE datname = current_database() AND backend_xid IS NOT NULL AND pid <> pg_backend_pid()`;

/** The events after the cursor of transactions that have ended: older than `$3`, the oldest one still running. */
const READ_SQL = `SELECT l.tx_id::text AS tx_id, l.position::text AS position, l.company_id, l.occurred_at, l.event
  FROM domain_event_log l
 WHERE (l.tx_id, l.position) > ($1::xid8, $2::bigint) AND l.tx_id < $3::xid8
 ORDER BY l.tx_id, l.position
 LIMIT $4`;

export function createEventLogWorker(options: {
  db: Database;
  hub: RealtimeHub;
  now: () => Date;
  /** Runs once a round that gave a follower events has committed (the webhooks wake their sender). */
  afterCommit?: (follower: string) => void;
}): EventLogWorker {
  const known = new Set<string>();
  let lastCleanupHour = -1;

  async function followOne(name: string, follow: AfterCommitFollower): Promise<number> {
    // The follower's cursor, made once in a statement of its own: committed before any round reads.
    if (!known.has(name)) {
      await options.db.execute(sql`INSERT INTO domain_event_cursors (follower) VALUES (${name}) ON CONFLICT DO NOTHING`);
      known.add(name);
    }
    const handled = await options.db.transaction(async (tx) => {
      const [cursor] = await queryPrepared<{ tx_id: string; position: string; me: string }>(tx, 'domain_events_lock', LOCK_CURSOR_SQL, [
        name,
      ]);
      if (!cursor) return 0; // another instance reads for this follower now
      const [oldest] = await queryPrepared<{ age: string }>(tx, 'domain_events_oldest', OLDEST_RUNNING_SQL, []);
      // An older transaction still runs: what it and those after it append waits for the next
      // round, which must come soon even if nothing more is announced.
      if (BigInt(oldest!.age) > 0n) heldBack = true;
      const before = (BigInt(cursor.me) - BigInt(oldest!.age)).toString();
      const rows = await queryPrepared<LogRow>(tx, 'domain_events_read', READ_SQL, [cursor.tx_id, cursor.position, before, READ_BATCH]);
      if (rows.length === 0) return 0;
      for (const [companyId, changes] of groupByCompany(rows)) await followCompany(tx, name, follow, companyId, changes);
      const last = rows.at(-1)!;
      await tx.execute(sql`SELECT set_config('role', 'none', true), set_config('app.company_id', '', true)`);
      await tx.execute(
        sql`UPDATE domain_event_cursors SET tx_id = ${last.tx_id}::xid8, position = ${last.position}::bigint WHERE follower = ${name}`,
      );
      return rows.length;
    });
    if (handled > 0) options.afterCommit?.(name);
    return handled;
  }

  /**
   * Hands one company's new changes to a follower, under that company's scope, in a savepoint. When
   * it cannot take them, each change is tried alone, and one it still cannot take (a bug) is logged
   * and passed, rather than holding back every change behind it forever.
   */
  async function followCompany(tx: Transaction, name: string, follow: AfterCommitFollower, companyId: CompanyId, changes: LoggedChange[]) {
    const attempt = (some: LoggedChange[]) =>
      tx.transaction(async (savepoint) => {
        await savepoint.execute(
          sql`SELECT set_config('role', 'app_user', true), set_config('app.company_id', ${companyId}, true), set_config('app.user_id', '', true)`,
        );
        await follow(savepoint, companyId, some);
      });
    // A passing failure (a deadlock, a lost connection, a timeout) rolls the whole round back, to be
    // read again: only a change that fails by itself, every time, is passed.
    const pass = (error: unknown) => {
      if (isPassingFailure(error)) throw error;
      console.error(`[events] ${name} could not follow a change; passed`, error);
    };
    try {
      await attempt(changes);
    } catch (error) {
      if (changes.length === 1 || isPassingFailure(error)) return pass(error);
      for (const change of changes) await attempt([change]).catch(pass);
    }
  }

  /** Removes, once an hour, events every follower has passed that are older than a day. */
  async function forgetOldEvents(now: Date): Promise<void> {
    const hour = Math.floor(now.getTime() / HOUR);
    if (hour === lastCleanupHour) return;
    lastCleanupHour = hour;
    await options.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('app.event_reader', 'on', true)`);
      await tx.execute(sql`DELETE FROM domain_event_log l
        WHERE l.occurred_at < ${new Date(now.getTime() - KEEP_MS).toISOString()}::timestamptz
          AND NOT EXISTS (SELECT 1 FROM domain_event_cursors c
                           WHERE c.follower IN (SELECT jsonb_array_elements_text(${JSON.stringify([...followers.keys()])}::jsonb)) AND (c.tx_id, c.position) < (l.tx_id, l.position))`);
    });
  }

  /** A round read while an older transaction ran (some events may wait for it). */
  let heldBack = false;

  async function runDue(): Promise<number> {
    heldBack = false;
    let handled = 0;
    for (const [name, follow] of followers) handled += await followOne(name, follow);
    await forgetOldEvents(options.now()).catch((error) => console.error('[events] removing old events failed', error));
    return handled;
  }

  const loop = createPollingLoop({
    name: 'events',
    round: runDue,
    // Writes that come together are followed together: a few rounds for a burst, not one each.
    wakeDelayMs: WAKE_DELAY_MS,
    // A full batch: more is waiting. Otherwise wait to be woken, and look now and then in case a
    // NOTIFY was missed; often while the LISTEN connection is away.
    delayAfter: (handled) =>
      (handled ?? 0) >= READ_BATCH ? 0 : handled === null || heldBack ? RETRY_MS : computeIdleDelay(options.hub.isListening()),
  });
  let unobserve: (() => void) | null = null;
  let unresync: (() => void) | null = null;

  return {
    runDue,
    wake: loop.wake,
    start() {
      unobserve ??= options.hub.observe((change) => {
        if (change.table === 'domain_event_log') loop.wake();
      });
      // Back after a lost connection: what was appended meanwhile was never announced.
      unresync ??= options.hub.onResync(() => loop.wake());
      loop.start();
    },
    async stop() {
      unobserve?.();
      unresync?.();
      unobserve = unresync = null;
      await loop.stop();
    },
  };
}

/**
 * Whether an error says nothing about the change itself: a serialization failure or deadlock
 * (class 40), a lock not available, a cancelled statement, the server going away, a connection
 * problem (class 08, 57P), or a driver error without a SQLSTATE (a connection that ended).
 */
function isPassingFailure(error: unknown): boolean {
  const codeOf = (e: unknown): string | undefined =>
    typeof e === 'object' && e !== null && 'code' in e && typeof (e as { code: unknown }).code === 'string'
      ? (e as { code: string }).code
      : undefined;
  const cause = typeof error === 'object' && error !== null && 'cause' in error ? (error as { cause: unknown }).cause : undefined;
  const code = codeOf(error) ?? codeOf(cause);
  if (code === undefined)
    return /connection|terminat|ECONN|timeout/i.test(String((cause as Error | undefined)?.message ?? (error as Error)?.message));
  return code.startsWith('40') || code.startsWith('08') || code.startsWith('57') || code === '55P03' || code === '53300';
}

/** The rows by company, each company's as changes (one transaction's rows each), in log order. */
function groupByCompany(rows: LogRow[]): Map<CompanyId, LoggedChange[]> {
  const companies = new Map<CompanyId, LoggedChange[]>();
  let lastTx: string | null = null;
  for (const row of rows) {
    const companyId = toCompanyId(row.company_id);
    let changes = companies.get(companyId);
    if (!changes) companies.set(companyId, (changes = []));
    const current = changes.at(-1);
    // One transaction is one change, of one company.
    if (current && lastTx === row.tx_id) (current.events as DomainEvent[]).push(row.event);
    else changes.push({ events: [row.event], occurredAt: new Date(row.occurred_at) });
    lastTx = row.tx_id;
  }
  return companies;
}

import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { EventStreamQuerySchema, LIVE_TABLES, type LiveChange, MEMBER_STREAM_LIMIT, type StreamReplaced } from '@core/contracts';
import type { AppEnv } from '../context';
import type { TenantChange } from './hub';
import { readSession } from '../auth/auth';
import { createRouter, errorResponses } from '../lib/http';
import { findActiveMembership } from '../modules/companies/memberships.service';
import { requireMember } from '../modules/session/session.middleware';

/** Keeps proxies and browsers from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

/** Changes after which a stream asks whether its viewer may still watch. */
const RECHECKED_TABLES = new Set(['display_links', 'profiles']);

/** How long a stream waits for the check of its viewer's right to watch before it goes on. */
const RECHECK_TIMEOUT_MS = 3_000;

/** How soon a browser reconnects after a dropped stream (the SSE `retry` field). */
const RECONNECT_MS = 2_000;

/**
 * The `retry` sent with 'replaced': a day. Our page closes its EventSource on that event; this is
 * for any other client (a page loaded before the event existed, a script): it waits a day instead
 * of reconnecting in 2 s and pushing out the stream that replaced it, which would push back.
 */
const REPLACED_RETRY_MS = 86_400_000;

export type CompanyEventStreamOptions = {
  companyId: string;
  /**
   * Asked when the company's display links or memberships change (both are NOTIFYed at once, see
   * migrations 0004 and 0006) and at every heartbeat as a backstop; when it answers false (a revoked
   * display link, a member who was removed), the stream sends a 'revoked' event and ends, before
   * the change itself goes out. The browser's reconnect then meets the endpoint's refusal.
   */
  isStillAllowed?: () => Promise<boolean>;
  /**
   * Other changes, of any table or company, after which the stream asks `isStillAllowed` at once
   * (a member's stream: their sign-out, a password reset that ends their sessions). Not sent on.
   */
  recheckWhen?: (change: TenantChange) => boolean;
  /** Whether a change of the company goes out on this stream (a team's display link: its people's only). All when absent. */
  forwards?: (change: LiveChange) => Promise<boolean>;
  /**
   * The cap on open streams this one counts against (a member, a display link): opening it beyond
   * `max` on this instance replaces the oldest, which gets a 'replaced' event and ends.
   */
  limit?: { key: string; max: number; client?: string };
  heartbeatMs?: number;
};

/**
 * Server-Sent Events of one company's changes: a 'ready' event (with the reconnect delay), then
 * a 'change' event per committed change ({ table, op, id, userId }) and a comment line as
 * heartbeat; 'revoked' or 'replaced' ends it. Shared by the members' stream and the display
 * links' stream; the events are documented once, in describeEventStream.
 */
export function streamCompanyEvents(c: Context<AppEnv>, options: CompanyEventStreamOptions): Response {
  const { realtime } = c.get('deps');
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  return streamSSE(c, async (stream) => {
    let id = 0;
    // A resync (the server's LISTEN connection came back) travels as a second 'ready' event: the
    // browser refetches everything on any 'ready' after the first (web/lib/realtime.ts).
    const queue: (LiveChange | 'resync' | 'recheck')[] = [];
    // A check that cannot answer (the database away or slow: a restart) is no refusal, and must not
    // hold the stream: everything queued behind it would wait. After RECHECK_TIMEOUT_MS the stream
    // goes on, and the next change that asks, asks again.
    const revoked = async () => {
      if (!options.isStillAllowed) return false;
      const allowed = await Promise.race([
        options.isStillAllowed().catch(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(true), RECHECK_TIMEOUT_MS).unref?.()),
      ]);
      return !allowed;
    };
    let wake: (() => void) | null = null;
    // Set when a newer stream took this one's place: it goes out before anything still queued.
    let replaced: StreamReplaced | null = null;
    const limit = options.limit;
    const release = limit
      ? realtime.streams.admit(limit.key, limit.max, {
          client: limit.client,
          replace: (reason) => {
            replaced = { reason, limit: limit.max };
            wake?.();
          },
        })
      : () => {};
    const unsubscribe = realtime.subscribe(options.companyId, (change) => {
      queue.push(change);
      wake?.();
    });
    const unsubscribeResync = realtime.onResync(() => {
      queue.push('resync');
      wake?.();
    });
    const recheckWhen = options.recheckWhen;
    const unobserve = recheckWhen
      ? realtime.observe((change) => {
          if (!recheckWhen(change)) return;
          queue.push('recheck');
          wake?.();
        })
      : () => {};
    stream.onAbort(() => {
      unsubscribe();
      unsubscribeResync();
      unobserve();
      release();
      wake?.();
    });
    await stream.writeSSE({ event: 'ready', data: '{}', retry: RECONNECT_MS });
    while (!stream.aborted && !stream.closed) {
      if (replaced) {
        await stream.writeSSE({ event: 'replaced', data: JSON.stringify(replaced), retry: REPLACED_RETRY_MS });
        break;
      }
      const next = queue.shift();
      if (next === 'resync') {
        await stream.writeSSE({ event: 'ready', data: '{}', retry: RECONNECT_MS });
        continue;
      }
      if (next === 'recheck') {
        if (await revoked()) {
          await stream.writeSSE({ event: 'revoked', data: '{}' });
          break;
        }
        continue;
      }
      if (next) {
        if (RECHECKED_TABLES.has(next.table) && (await revoked())) {
          await stream.writeSSE({ event: 'revoked', data: '{}' });
          break;
        }
        if (options.forwards && !(await options.forwards(next))) continue;
        await stream.writeSSE({ event: 'change', data: JSON.stringify(next), id: String(++id) });
        continue;
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, heartbeatMs);
      });
      clearTimeout(timer);
      wake = null;
      if (queue.length > 0 || replaced || stream.aborted) continue;
      if (await revoked()) {
        await stream.writeSSE({ event: 'revoked', data: '{}' });
        break;
      }
      await stream.write(': ping\n\n');
    }
    unsubscribe();
    unsubscribeResync();
    unobserve();
    release();
  });
}

/**
 * The OpenAPI description of a stream: OpenAPI has no words for Server-Sent Events, so the events
 * are told in prose. `who` is the viewer ('member' or 'display link'), `limit` its cap, `revokedWhen`
 * what ends its right to watch.
 */
export function describeEventStream(who: string, limit: number, revokedWhen: string): string {
  return [
    'A `text/event-stream` (Server-Sent Events) that stays open. Events:',
    '',
    `- \`ready\`, data \`{}\`, with \`retry: ${RECONNECT_MS}\`: the stream is open. Another \`ready\` later (the server's database listener came back, or your client reconnected) means changes may have been missed: refetch what you show.`,
    '- `change`, data `{ table, op, id, userId, activity?, feed? }` with an increasing `id:` line: one committed change in the company. `table` is one of ' +
      LIVE_TABLES.map((table) => `\`${table}\``).join(', ') +
      "; `op` is `INSERT`, `UPDATE` or `DELETE`; `id` is the row's id (for `goals` and `team_leads` the member's user id, for `companies` the company's); `userId` is the member the row belongs to, or null; `activity` (activities only) is `{ type, meetingBooked }`; `feed` (feed_events only) is `{ kind }`, what happened (`contest.started`, `badge.earned`, ...). Refetch the screens the table feeds; the event carries no other data.",
    `- \`revoked\`, data \`{}\`: the ${who} may no longer watch (${revokedWhen}). The stream ends; reconnecting is refused.`,
    `- \`replaced\`, data \`{ reason, limit }\`, with \`retry: ${REPLACED_RETRY_MS}\`: a newer stream took this one's place (\`reason\` \`limit\`: more than ${limit} were open; \`same_client\`: a stream with this one's \`client\` was opened). The stream ends. Do not reconnect (close the EventSource), or the two streams push each other out; offer the viewer a button to watch here again.`,
    `- A comment line \`: ping\` every ${HEARTBEAT_MS / 1000} s keeps proxies from closing an idle stream.`,
    '',
    `Limit: at most ${limit} open streams per ${who} on each server instance (with several instances behind a load balancer, up to ${limit} on each). Opening one more closes the oldest with \`replaced\`. Send \`client\`, a random id kept for the page's life, so a reconnect after a network drop replaces the page's own half-open stream instead of another tab's.`,
  ].join('\n');
}

const tags = ['Live events'];

/** A stream's 200 answer in the OpenAPI document. */
export const eventStreamResponse = {
  description: 'The stream (see above); it ends only with `revoked` or `replaced`, or when either side closes it',
  content: { 'text/event-stream': { schema: z.string().openapi({ description: 'Server-Sent Events' }) } },
};

export const eventsRoutes = createRouter();

/**
 * Server-Sent Events of the signed-in member's company. The browser's EventSource reconnects by
 * itself after a network error or a server restart; `retry` tells it how soon.
 */
eventsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/events',
    tags,
    summary: "Live changes in the member's company (Server-Sent Events)",
    description: describeEventStream('member', MEMBER_STREAM_LIMIT, 'removed from the company, or gone to another'),
    middleware: [requireMember] as const,
    request: { query: EventStreamQuerySchema },
    responses: { 200: eventStreamResponse, ...errorResponses },
  }),
  (c) => {
    const { companyId, userId } = c.get('actor');
    const { auth, database } = c.get('deps');
    const headers = c.req.raw.headers;
    return streamCompanyEvents(c, {
      companyId,
      // A member removed (or gone to another company), or whose session ended (signed out, a password
      // reset, an erased account), stops hearing this company at once: the session is asked again.
      isStillAllowed: async () => {
        // A database away for a moment is not a sign-out: readSession throws, and the stream stays.
        const session = await readSession(auth, headers);
        if (session?.user.id !== userId) return false;
        return (await findActiveMembership(database.db, userId))?.companyId === companyId;
      },
      recheckWhen: (change) => (change.table === 'session' || change.table === 'user') && change.user_id === userId,
      limit: { key: `member:${userId}`, max: MEMBER_STREAM_LIMIT, client: c.req.valid('query').client },
    });
  },
);

import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppEnv } from '../context';
import { createRouter } from '../lib/http';
import type { ClientChange } from './hub';
import { findActiveMembership } from '../modules/session/session.repository';
import { requireMember } from '../modules/session/session.middleware';

/** Keeps proxies and browsers from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

/** Changes after which a stream asks whether its viewer may still watch. */
const RECHECKED_TABLES = new Set(['display_links', 'profiles']);

export type CompanyEventStreamOptions = {
  companyId: string;
  /**
   * Asked when the company's display links or memberships change (both are NOTIFYed at once, see
   * migrations 0004 and 0006) and at every heartbeat as a backstop; when it answers false (a revoked
   * display link, a member who was removed), the stream sends a 'revoked' event and ends, before
   * the change itself goes out. The browser's reconnect then meets the endpoint's refusal.
   */
  isStillAllowed?: () => Promise<boolean>;
  heartbeatMs?: number;
};

/**
 * Server-Sent Events of one company's changes: a 'ready' event (with the reconnect delay), then
 * a 'change' event per committed change ({ table, op, id, userId }) and a comment line as
 * heartbeat. Shared by the members' stream and the display links' stream.
 */
export function streamCompanyEvents(c: Context<AppEnv>, options: CompanyEventStreamOptions): Response {
  const { realtime } = c.get('deps');
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  return streamSSE(c, async (stream) => {
    let id = 0;
    // A resync (the server's LISTEN connection came back) travels as a second 'ready' event: the
    // browser refetches everything on any 'ready' after the first (web/lib/realtime.ts).
    const queue: (ClientChange | 'resync')[] = [];
    const revoked = async () => Boolean(options.isStillAllowed && !(await options.isStillAllowed().catch(() => true)));
    let wake: (() => void) | null = null;
    const unsubscribe = realtime.subscribe(options.companyId, (change) => {
      queue.push(change);
      wake?.();
    });
    const unsubscribeResync = realtime.onResync(() => {
      queue.push('resync');
      wake?.();
    });
    stream.onAbort(() => {
      unsubscribe();
      unsubscribeResync();
      wake?.();
    });
    await stream.writeSSE({ event: 'ready', data: '{}', retry: 2000 });
    while (!stream.aborted && !stream.closed) {
      const next = queue.shift();
      if (next === 'resync') {
        await stream.writeSSE({ event: 'ready', data: '{}', retry: 2000 });
        continue;
      }
      if (next) {
        if (RECHECKED_TABLES.has(next.table) && (await revoked())) {
          await stream.writeSSE({ event: 'revoked', data: '{}' });
          break;
        }
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
      if (queue.length > 0 || stream.aborted) continue;
      if (await revoked()) {
        await stream.writeSSE({ event: 'revoked', data: '{}' });
        break;
      }
      await stream.write(': ping\n\n');
    }
    unsubscribe();
    unsubscribeResync();
  });
}

export const eventsRoutes = createRouter();

/**
 * Server-Sent Events of the signed-in member's company. The browser's EventSource reconnects by
 * itself after a network error or a server restart; `retry` tells it how soon.
 */
eventsRoutes.get('/events', requireMember, (c) => {
  const { companyId, userId } = c.get('actor');
  const { db } = c.get('deps').database;
  return streamCompanyEvents(c, {
    companyId,
    // A member removed (or gone to another company) stops hearing this company at once.
    isStillAllowed: async () => (await findActiveMembership(db, userId))?.companyId === companyId,
  });
});

import { streamSSE } from 'hono/streaming';
import { createRouter } from '../lib/http';
import { requireMember } from '../modules/session/session.middleware';

/** Keeps proxies and browsers from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

export const eventsRoutes = createRouter();

/**
 * Server-Sent Events of the signed-in member's company. The browser's EventSource reconnects by
 * itself after a network error or a server restart; `retry` tells it how soon.
 */
eventsRoutes.get('/events', requireMember, (c) => {
  const { realtime } = c.get('deps');
  const actor = c.get('actor');
  return streamSSE(c, async (stream) => {
    let id = 0;
    const queue: string[] = [];
    let wake: (() => void) | null = null;
    const unsubscribe = realtime.subscribe(actor.companyId, (change) => {
      queue.push(JSON.stringify(change));
      wake?.();
    });
    stream.onAbort(() => {
      unsubscribe();
      wake?.();
    });
    await stream.writeSSE({ event: 'ready', data: '{}', retry: 2000 });
    while (!stream.aborted && !stream.closed) {
      const next = queue.shift();
      if (next) {
        await stream.writeSSE({ event: 'change', data: next, id: String(++id) });
        continue;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, HEARTBEAT_MS);
      });
      wake = null;
      if (queue.length === 0 && !stream.aborted) await stream.write(': ping\n\n');
    }
    unsubscribe();
  });
});

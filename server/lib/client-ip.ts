import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from '../context';

/**
 * The caller's address for rate limits: the socket's, or the first X-Forwarded-For hop when
 * TRUST_PROXY says a proxy of ours sets it (a client could send that header itself otherwise).
 */
export function findClientIp(c: Context<AppEnv>): string {
  if (c.get('deps').config.TRUST_PROXY) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? '127.0.0.1';
  } catch {
    return '127.0.0.1'; // in-process requests (tests) have no socket
  }
}

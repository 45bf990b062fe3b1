import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from '../context';
import type { TrustProxy } from '../env';
import { LOOPBACK_ADDRESS, LOOPBACK_HOST } from './loopback';

/** What an in-process request (app.request in tests, no socket) counts as: this machine. */
const NO_SOCKET = '127.0.0.1';

/** The address of the TCP peer: the browser, or the proxy in front of us. Never a header. */
export function findSocketAddress(c: Context<AppEnv>): string {
  try {
    return normalizeAddress(getConnInfo(c).remote.address ?? NO_SOCKET);
  } catch {
    return NO_SOCKET;
  }
}

/**
 * The caller's address, for per-address limits. Without TRUST_PROXY it is the socket's. Behind
 * proxies of ours, X-Forwarded-For is read from the RIGHT: each proxy appends the address it saw,
 * so the rightmost entries were written by proxies we trust and the leftmost by whoever sent the
 * request (a client can put anything there, 127.0.0.1 included). With TRUST_PROXY=N the client is
 * the entry N hops left of the socket; with a list of proxy addresses, the first entry from the
 * right that is not one of them. docs/security.md, "Behind a proxy".
 */
export function findClientIp(c: Context<AppEnv>): string {
  const socket = findSocketAddress(c);
  const trust = c.get('deps').config.trustProxy;
  if (trust.kind === 'none') return socket;
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  return chooseClientAddress([...forwarded, socket], trust);
}

/** The hop chain [leftmost, ..., socket] -> the client, as TRUST_PROXY says. Exported for tests. */
export function chooseClientAddress(chain: string[], trust: TrustProxy): string {
  const socket = chain[chain.length - 1]!;
  if (trust.kind === 'none') return socket;
  if (trust.kind === 'hops') {
    // Fewer hops than proxies: the request skipped a proxy; the leftmost is all there is.
    const candidate = chain[Math.max(0, chain.length - 1 - trust.hops)]!;
    return isIP(normalizeAddress(candidate)) ? normalizeAddress(candidate) : socket;
  }
  // A list of proxies: the socket must be one of them, else nothing in the header is ours.
  if (!trust.isProxy(socket)) return socket;
  for (let i = chain.length - 2; i >= 0; i--) {
    const hop = normalizeAddress(chain[i]!);
    if (!isIP(hop)) return normalizeAddress(chain[i + 1]!);
    if (!trust.isProxy(hop)) return hop;
  }
  return normalizeAddress(chain[0]!);
}

/** IPv4 as seen through an IPv6 socket (::ffff:10.0.0.1) is the IPv4 address. */
function normalizeAddress(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/** Headers a proxy adds; their presence means the socket is a proxy, not the person. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip', 'x-client-ip', 'via'];

export function hasForwardingHeaders(c: Context<AppEnv>): boolean {
  return FORWARDING_HEADERS.some((name) => c.req.header(name) !== undefined);
}

/**
 * A request from a person on this very machine: the socket is loopback, no proxy relayed it (a
 * proxy on this host would make every caller look local), and the Host is a loopback name (a
 * web page elsewhere cannot rebind its own domain to 127.0.0.1 and read the answer). Headers are
 * never believed for this.
 */
export function isFromThisMachine(c: Context<AppEnv>): boolean {
  if (!LOOPBACK_ADDRESS.test(findSocketAddress(c))) return false;
  if (hasForwardingHeaders(c)) return false;
  const host = c.req.header('host');
  return host === undefined || LOOPBACK_HOST.test(host);
}

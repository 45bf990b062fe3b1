import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { compress } from 'hono/compress';
import { createMiddleware } from 'hono/factory';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import type { AppEnv } from '../context';

const gzip = promisify(gzipCallback);

/** Below this many bytes a JSON answer goes as it is: gzip would cost more than it saves. */
export const JSON_COMPRESSION_THRESHOLD = 1024;

const isJson = (type: string | null | undefined) => type?.startsWith('application/json') ?? false;

/** Hono's compress() for everything but JSON (the API docs page, text): compressJson takes JSON. */
export const compressOtherThanJson = compress({
  contentTypeFilter: (type) => !isJson(type) && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type),
});

/**
 * Compresses the API's large JSON answers with node:zlib and leaves small ones alone. Hono's
 * compress() cannot tell a small JSON answer (it carries no Content-Length yet) and pipes every one
 * through a web CompressionStream: about a quarter of the server's CPU for a logged call when the
 * client accepts gzip, as every browser does (docs/performance.md). A small answer is not even read here: the
 * Node adapter sends its string with the length.
 */
export const compressJson = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const res = c.res;
  if (res.status === 206 || res.headers.has('Content-Encoding') || !isJson(res.headers.get('Content-Type'))) return;
  if (!acceptsGzip(c.req.header('Accept-Encoding'))) return;
  const known = peekStringBody(res);
  if (known !== null && Buffer.byteLength(known) < JSON_COMPRESSION_THRESHOLD) return;
  const body = known !== null ? Buffer.from(known) : Buffer.from(await res.arrayBuffer());
  const headers = new Headers(res.headers);
  let sent = body;
  if (body.length >= JSON_COMPRESSION_THRESHOLD) {
    sent = await gzip(body);
    headers.set('Content-Encoding', 'gzip');
    const vary = headers.get('Vary');
    if (!vary || !/accept-encoding/i.test(vary)) headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  }
  headers.set('Content-Length', String(sent.length));
  c.res = new Response(sent, { status: res.status, headers });
});

/**
 * The body of a response made by @hono/node-server's light Response when it is a string (what
 * c.json makes), without turning it into a full web Response; null otherwise (a stream, or the
 * in-process test harness, whose Response is the platform's).
 */
function peekStringBody(res: Response): string | null {
  const key = Object.getOwnPropertySymbols(res).find((symbol) => symbol.description === 'cache');
  const cache = key ? (res as unknown as Record<symbol, unknown>)[key] : undefined;
  return Array.isArray(cache) && typeof cache[1] === 'string' ? cache[1] : null;
}

/** gzip is acceptable unless the header leaves it out or refuses it (q=0). */
function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== 'gzip' && name !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context';

const gzip = promisify(gzipCallback);

/** Below this many bytes a JSON answer goes as it is: gzip would cost more than it saves. */
export const JSON_COMPRESSION_THRESHOLD = 1024;

/**
 * Compresses the API's JSON answers with node:zlib, and leaves small ones alone with their length
 * set. Hono's compress() cannot tell a small JSON answer (it carries no Content-Length) and pipes
 * every one through a web CompressionStream: about a third of the server's CPU for a logged call
 * when the client accepts gzip, as every browser does (issue 11). Streams (SSE) and other types pass
 * through untouched, to compress() or as they are.
 */
export const compressJson = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const res = c.res;
  if (!res.body || res.status === 206 || res.headers.has('Content-Encoding')) return;
  if (!res.headers.get('Content-Type')?.startsWith('application/json')) return;
  const body = Buffer.from(await res.arrayBuffer());
  const headers = new Headers(res.headers);
  const vary = headers.get('Vary');
  if (!vary || !/accept-encoding/i.test(vary)) headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  let sent: Buffer = body;
  if (body.length >= JSON_COMPRESSION_THRESHOLD && acceptsGzip(c.req.header('Accept-Encoding'))) {
    sent = await gzip(body);
    headers.set('Content-Encoding', 'gzip');
  }
  headers.set('Content-Length', String(sent.length));
  c.res = new Response(sent, { status: res.status, statusText: res.statusText, headers });
});

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

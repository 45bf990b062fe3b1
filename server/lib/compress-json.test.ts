import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { JSON_COMPRESSION_THRESHOLD } from './compress-json';

let t: TestApp;
let rep: TestUser & { companyId: string };
beforeAll(async () => {
  t = await createTestApp();
  rep = await t.createMember();
});
afterAll(async () => t?.close());

const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };

describe("the API's JSON answers", () => {
  it('a large one is gzipped for a client that accepts it, and reads back the same', async () => {
    const plain = await t.request('/api/openapi.json');
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(JSON_COMPRESSION_THRESHOLD);
    expect(plain.headers.get('content-encoding')).toBeNull();

    const zipped = await t.request('/api/openapi.json', { headers: browser });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toMatch(/accept-encoding/i);
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(Number(zipped.headers.get('content-length'))).toBe(bytes.length);
    expect(gunzipSync(bytes).toString('utf8')).toBe(text);
  });

  it('a small one goes as it is, even to a browser', async () => {
    const response = await t.request('/api/v1/activities/mine', { as: rep, headers: browser });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBeNull();
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.length).toBeLessThan(JSON_COMPRESSION_THRESHOLD);
    // Its content-length is the Node adapter's to send (the tests run with its Response, as the
    // server does): proven over a socket below, 'sends a small answer untouched with its length'.
    expect(JSON.parse(body.toString('utf8'))).toHaveProperty('activities', []);
  });

  it('a client that refuses gzip gets it plain; an error keeps its status and shape', async () => {
    const refused = await t.request('/api/openapi.json', { headers: { 'accept-encoding': 'gzip;q=0, identity' } });
    expect(refused.headers.get('content-encoding')).toBeNull();
    const error = await t.request('/api/v1/activities/mine', { headers: browser });
    expect(error.status).toBe(401);
    expect(await error.json()).toMatchObject({ error: { code: 'unauthorized' } });
  });
});

describe('through the Node server (the light Response the adapter makes for c.json)', () => {
  it('sends a small answer untouched with its length, and gzips a large one', async () => {
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    try {
      await new Promise((resolve) => server.once('listening', resolve));
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      // A GET with the site's own Origin, as the browser's app sends it.
      const headers = { ...browser, cookie: rep.cookie, origin: 'http://localhost:3000' };
      const small = await fetch(`${base}/api/v1/activities/mine`, { headers, decompress: false } as RequestInit);
      expect(small.status).toBe(200);
      expect(small.headers.get('content-encoding')).toBeNull();
      const smallBody = await small.text();
      expect(Number(small.headers.get('content-length'))).toBe(Buffer.byteLength(smallBody));
      expect(JSON.parse(smallBody)).toHaveProperty('activities', []);

      const large = await fetch(`${base}/api/openapi.json`, { headers });
      expect(large.headers.get('content-encoding')).toBe('gzip');
      expect((await large.json()) as object).toHaveProperty('openapi');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

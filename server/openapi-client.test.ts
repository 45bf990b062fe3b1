import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import createClient from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiDocument } from './app';
import { createTestApp, type TestApp } from './test/test-app';

/*
 * A client generated from /api/openapi.json must reach the API; one once could not. The document's
 * `servers` said /api/v1 while every path already starts with /api/v1, so generated clients
 * called /api/v1/api/v1/... Here the document is fetched from a listening server, turned into
 * TypeScript types by openapi-typescript, a small client is type-checked against them (and a
 * wrong path must not type-check), and openapi-fetch, pointed at the document's own server URL,
 * calls real endpoints signed out and signed in.
 */

const ROOT = resolve(import.meta.dirname, '..');
const WORK = join(ROOT, '.tmp', `openapi-client-${process.pid}`);

let t: TestApp;
let server: ServerType;
let baseUrl: string;

beforeAll(async () => {
  // The port must be known before the app is configured (PUBLIC_URL), so take one first.
  const probe = serve({ fetch: () => new Response(''), port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => probe.once('listening', r));
  const port = (probe.address() as AddressInfo).port;
  await new Promise((r) => probe.close(r));
  baseUrl = `http://127.0.0.1:${port}`;
  t = await createTestApp({ env: { PUBLIC_URL: baseUrl } });
  server = serve({ fetch: t.app.fetch, port, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  mkdirSync(WORK, { recursive: true });
}, 90_000);

afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await t?.close();
  rmSync(WORK, { recursive: true, force: true });
});

async function fetchDocument(): Promise<{ servers: { url: string }[]; paths: Record<string, unknown> }> {
  const response = await fetch(`${baseUrl}/api/openapi.json`);
  expect(response.status).toBe(200);
  return (await response.json()) as { servers: { url: string }[]; paths: Record<string, unknown> };
}

/**
 * tsc on one file, asynchronously (a blocked event loop would let the server drop idle connections
 * under the client). TypeScript 7's native compiler, as `npm run typecheck` uses (decision 064):
 * about 2 s of CPU against 8 s for the JavaScript one. `--ignoreConfig`: the file alone, not the
 * repository's tsconfig.json.
 */
function typecheck(file: string): Promise<{ ok: boolean; output: string }> {
  const args = [
    join(ROOT, 'node_modules', 'typescript-7', 'bin', 'tsc'),
    '--ignoreConfig',
    '--noEmit',
    '--strict',
    '--skipLibCheck',
    '--target',
    'es2022',
    '--module',
    'esnext',
    '--moduleResolution',
    'bundler',
    file,
  ];
  return new Promise((done) => {
    execFile(process.execPath, args, { cwd: ROOT, encoding: 'utf8' }, (error, stdout, stderr) =>
      done({ ok: !error, output: `${stdout}${stderr}` }),
    );
  });
}

describe('a client generated from the OpenAPI document', () => {
  it('names the site as its server, so paths are not doubled', async () => {
    const doc = await fetchDocument();
    expect(doc.servers).toEqual([{ url: baseUrl }]);
    const paths = Object.keys(doc.paths);
    expect(paths.length).toBeGreaterThan(20);
    expect(paths.every((path) => path.startsWith('/api/v1/'))).toBe(true);
  });

  it('is the document the web’s API types are generated from (built from the routes, no server needed)', async () => {
    const served = await fetchDocument();
    expect(served).toEqual(JSON.parse(JSON.stringify(buildApiDocument({ BRAND_NAME: 'Dealboard', publicUrl: baseUrl }))));
  });

  it('describes every refusal with the one error shape', async () => {
    const doc = (await fetchDocument()) as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>;
    };
    const refusals = Object.values(doc.paths).flatMap((item) =>
      Object.values(item).flatMap((op) => Object.entries(op.responses).filter(([status]) => Number(status) >= 400)),
    );
    expect(refusals.length).toBeGreaterThan(100);
    for (const [, response] of refusals)
      expect(response.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/ApiError' });
  });

  it('type-checks against the generated types, and a doubled path does not', async () => {
    const types = astToString(await openapiTS((await fetchDocument()) as Parameters<typeof openapiTS>[0]));
    writeFileSync(join(WORK, 'api.d.ts'), types);
    const client = (path: string) => `import createClient from 'openapi-fetch';
import type { paths } from './api';
const client = createClient<paths>({ baseUrl: 'http://localhost' });
export async function brand(): Promise<string | undefined> {
  const { data } = await client.GET('${path}');
  return data?.brand;
}
export async function logCall() {
  const { data } = await client.POST('/api/v1/activities', { body: { kind: 'call', answered: true, outcome: 'meeting_booked' } });
  return data?.id;
}
`;
    writeFileSync(join(WORK, 'good.ts'), client('/api/v1/public-config'));
    const good = await typecheck(join(WORK, 'good.ts'));
    expect(good.output).toBe('');
    expect(good.ok).toBe(true);
    writeFileSync(join(WORK, 'doubled.ts'), client('/api/v1/api/v1/public-config'));
    const doubled = await typecheck(join(WORK, 'doubled.ts'));
    expect(doubled.ok).toBe(false);
    expect(doubled.output).toMatch(/doubled\.ts\(5,/); // the call with the doubled path
  }, 90_000);

  it('reaches real endpoints at the server the document names, signed out and signed in', async () => {
    const doc = await fetchDocument();
    const client = createClient<never>({ baseUrl: doc.servers[0]!.url });
    type Loose = {
      GET: (path: string, init?: object) => Promise<{ data?: unknown; response: Response }>;
      POST: (path: string, init?: object) => Promise<{ data?: unknown; response: Response }>;
    };
    const loose = client as unknown as Loose;

    const config = await loose.GET('/api/v1/public-config');
    expect(config.response.status).toBe(200);
    expect(config.data).toMatchObject({ brand: 'Dealboard' });

    const rep = await t.createMember();
    const logged = await loose.POST('/api/v1/activities', {
      body: { kind: 'call', answered: true, outcome: 'meeting_booked' },
      headers: { cookie: rep.cookie },
    });
    expect(logged.response.status).toBe(201);
    expect(logged.data).toMatchObject({ kind: 'call', answered: true, outcome: 'meeting_booked' });
  });
});

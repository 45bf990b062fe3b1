import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { openEventStream } from '../test/event-stream';
import { createAdmissionGate } from '../db/admission-gate';
import { admitInTurn } from './admission-gate';

/*
 * The embedded engine's request gate (decision 027). Every ordering here is decided by promises
 * the test resolves itself, never by timing: who got in, in what order, and what a slot is held for.
 */

type Deferred = { promise: Promise<void>; resolve: () => void };
function deferred(): Deferred {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** Lets every settled promise run its callbacks. */
const settle = () => new Promise((r) => setImmediate(r));

describe('the admission gate', () => {
  it('lets callers in first come, first served once it is full', async () => {
    const gate = createAdmissionGate(1);
    const order: string[] = [];
    const first = await gate.admit();
    const releases = new Map<string, () => void>();
    for (const name of ['b', 'c', 'd']) {
      void gate.admit().then((release) => {
        order.push(name);
        releases.set(name, release!);
      });
    }
    await settle();
    expect(order).toEqual([]);
    expect(gate.waiting).toBe(3);

    first!();
    await settle();
    expect(order).toEqual(['b']);
    releases.get('b')!();
    await settle();
    expect(order).toEqual(['b', 'c']);
    releases.get('c')!();
    await settle();
    expect(order).toEqual(['b', 'c', 'd']);
    releases.get('d')!();
    expect(gate.inFlight).toBe(0);
  });

  it('hands a freed slot to the first in line, never to a newcomer', async () => {
    const gate = createAdmissionGate(2);
    const a = (await gate.admit())!;
    const b = (await gate.admit())!;
    let waiterIn = false;
    const waiter = gate.admit().then((release) => ((waiterIn = true), release!));
    a();
    // A newcomer in the same tick as the release: the slot is already the waiter's.
    let newcomerIn = false;
    const newcomer = gate.admit().then((release) => ((newcomerIn = true), release!));
    await settle();
    expect(waiterIn).toBe(true);
    expect(newcomerIn).toBe(false);
    expect(gate.inFlight).toBe(2);
    expect(gate.waiting).toBe(1);

    b();
    (await newcomer)();
    (await waiter)();
    expect(gate.inFlight).toBe(0);
  });

  it('drops a caller who gave up waiting, and its place goes to the next', async () => {
    const gate = createAdmissionGate(1);
    const first = (await gate.admit())!;
    const leaving = new AbortController();
    const gaveUp = gate.admit(leaving.signal);
    const next = gate.admit();
    leaving.abort();
    expect(await gaveUp).toBeNull();
    expect(gate.waiting).toBe(1);
    first();
    (await next)!();
    expect(gate.inFlight).toBe(0);
  });

  it('keeps a slot already handed to a caller who gives up in that moment, and frees it after', async () => {
    const gate = createAdmissionGate(1);
    const first = (await gate.admit())!;
    const leaving = new AbortController();
    const second = gate.admit(leaving.signal);
    first(); // the slot is the second caller's now, handed over on the next turn
    leaving.abort();
    const release = await second;
    expect(release).toBeTypeOf('function');
    expect(gate.inFlight).toBe(1);
    release!();
    expect(gate.inFlight).toBe(0);
  });

  it('frees a slot once however often release is called', async () => {
    const gate = createAdmissionGate(1);
    const release = (await gate.admit())!;
    const second = gate.admit();
    release();
    release();
    expect(gate.inFlight).toBe(1); // the second caller's, not freed by the repeated call
    (await second)!();
    expect(gate.inFlight).toBe(0);
  });
});

describe('requests in turn (the middleware)', () => {
  it('runs waiting requests in the order they arrived, each to its end', async () => {
    const gate = createAdmissionGate(1);
    const app = new Hono();
    const events: string[] = [];
    const holdFirst = deferred();
    app.use('*', admitInTurn(gate));
    app.get('/:name', async (c) => {
      const name = c.req.param('name');
      events.push(`start ${name}`);
      if (name === 'first') await holdFirst.promise;
      await settle(); // a pause inside the request, as a database round trip would be
      events.push(`end ${name}`);
      return c.text(name);
    });

    const responses = ['first', 'second', 'third', 'fourth'].map((name) => app.request(`/${name}`));
    await settle();
    expect(events).toEqual(['start first']);
    expect(gate.waiting).toBe(3);
    holdFirst.resolve();
    expect(await Promise.all(responses.map(async (r) => (await r).text()))).toEqual(['first', 'second', 'third', 'fourth']);
    // No request started before the one ahead of it had ended.
    expect(events).toEqual([
      'start first',
      'end first',
      'start second',
      'end second',
      'start third',
      'end third',
      'start fourth',
      'end fourth',
    ]);
    expect(gate.inFlight).toBe(0);
  });

  it('gives the slot back when the handler throws', async () => {
    const gate = createAdmissionGate(1);
    const app = new Hono();
    app.use('*', admitInTurn(gate));
    app.get('/fails', () => {
      throw new Error('the database refused');
    });
    app.get('/ok', (c) => c.text('ok'));
    app.onError((_error, c) => c.text('failed', 500));

    expect((await app.request('/fails')).status).toBe(500);
    expect(gate.inFlight).toBe(0);
    const ok = await app.request('/ok');
    expect(await ok.text()).toBe('ok');
  });

  it('holds no slot for the life of an event stream', async () => {
    const gate = createAdmissionGate(1);
    const app = new Hono();
    const closeStreams = deferred();
    app.use('*', admitInTurn(gate));
    app.get('/events', (c) =>
      streamSSE(c, async (stream) => {
        await stream.writeSSE({ event: 'ready', data: '{}' });
        await closeStreams.promise;
      }),
    );
    app.get('/ok', (c) => c.text('ok'));

    // More open streams than the gate has slots, and a plain request still gets in.
    const streams = await Promise.all([app.request('/events'), app.request('/events'), app.request('/events')]);
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200]);
    expect(gate.inFlight).toBe(0);
    expect(await (await app.request('/ok')).text()).toBe('ok');
    closeStreams.resolve();
    await Promise.all(streams.map((s) => s.text()));
  });

  it('passes requests straight on without a gate (PostgreSQL)', async () => {
    const app = new Hono();
    const hold = deferred();
    app.use('*', admitInTurn(null));
    app.get('/slow', async (c) => (await hold.promise, c.text('slow')));
    app.get('/fast', (c) => c.text('fast'));
    const slow = app.request('/slow');
    expect(await (await app.request('/fast')).text()).toBe('fast');
    hold.resolve();
    expect(await (await slow).text()).toBe('slow');
  });
});

describe('the app on each engine', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('queues API requests on PGlite only', () => {
    const gate = t.deps.database.requestGate;
    if (t.deps.database.engine === 'pglite') expect(gate?.limit).toBeGreaterThanOrEqual(1);
    else expect(gate).toBeUndefined();
  });

  it('answers a member while more live streams are open than the gate has slots', async () => {
    const member = await t.createMember();
    const slots = t.deps.database.requestGate?.limit ?? 2;
    const streams = await Promise.all(
      Array.from({ length: slots + 1 }, async (_, i) =>
        openEventStream(await t.request('/api/v1/events', { as: member }), { label: `stream ${i + 1}` }),
      ),
    );
    try {
      for (const stream of streams) expect(await stream.until(/event: ready/)).toMatch(/event: ready/);
      expect(t.deps.database.requestGate?.inFlight ?? 0).toBe(0);
      const me = await t.request('/api/v1/me', { as: member });
      expect(me.status).toBe(200);
    } finally {
      await Promise.all(streams.map((s) => s.close()));
    }
  });
});

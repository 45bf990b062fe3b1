import { afterAll, describe, expect, it } from 'vitest';
import { type CreatedDisplayLink, DISPLAY_LINK_STREAM_LIMIT, MEMBER_STREAM_LIMIT } from '@core/contracts';
import { type EventStream, openEventStream } from '../test/event-stream';
import { createTestApp } from '../test/test-app';

/*
 * Found by trying the product as an attacker: one member opened 200 event streams. Each person and each display link
 * now holds at most a set number per instance; one more replaces the oldest, which is told not to
 * reconnect (decision 020).
 */

const t = await createTestApp();
afterAll(() => t.close());

const rep = await t.createMember({ name: 'Rita Rep' });
const colleague = await t.createMember({ companyId: rep.companyId, name: 'Carl Colleague' });
const admin = await t.createMember({ companyId: rep.companyId, role: 'admin', name: 'Ada Admin' });

const clientId = () => crypto.randomUUID();

async function openMemberStream(as: typeof rep, client?: string): Promise<EventStream> {
  const stream = openEventStream(await t.request(`/api/v1/events${client ? `?client=${client}` : ''}`, { as }));
  expect(await stream.until(/event: ready/)).toContain('event: ready');
  return stream;
}

async function openDisplayStream(token: string, client?: string): Promise<EventStream> {
  const stream = openEventStream(await t.request(`/api/v1/display/${token}/events${client ? `?client=${client}` : ''}`));
  expect(await stream.until(/event: ready/)).toContain('event: ready');
  return stream;
}

async function createLink(name: string): Promise<CreatedDisplayLink> {
  const response = await t.request('/api/v1/display-links', { method: 'POST', as: admin, json: { name } });
  expect(response.status).toBe(201);
  return (await response.json()) as CreatedDisplayLink;
}

/** Logs a call through the API and returns its id: what every open stream of the company must hear. */
async function logCall(): Promise<string> {
  const response = await t.request('/api/v1/activities', { method: 'POST', as: colleague, json: { kind: 'call', answered: false } });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** The 'replaced' event as it travels: it ends the stream and asks a plain EventSource to wait a day. */
const REPLACED = /event: replaced\ndata: (\{[^\n]*\})\nretry: 86400000\n\n/;

async function expectReplaced(stream: EventStream, reason: 'limit' | 'same_client', limit: number) {
  const text = await stream.until(REPLACED, 3000);
  expect(text).toMatch(REPLACED);
  expect(JSON.parse(REPLACED.exec(text)![1]!)).toEqual({ reason, limit });
  await stream.until(/$^/, 1000); // the server ends the stream after the event
  expect(stream.state.done).toBe(true);
}

async function expectLive(streams: EventStream[], activityId: string) {
  for (const stream of streams) {
    const text = await stream.until(new RegExp(activityId));
    expect(text).toContain(activityId);
    expect(text).not.toContain('event: replaced');
  }
}

const closeAll = (streams: EventStream[]) => Promise.all(streams.map((s) => s.close()));

/** Waits until the server has noticed closed streams (an aborted stream frees its place). */
async function settle(key: string, open: number) {
  const deadline = Date.now() + 3000;
  while (t.deps.realtime.streams.count(key) !== open && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  expect(t.deps.realtime.streams.count(key)).toBe(open);
}

describe('a member’s event streams', () => {
  it(`are capped at ${MEMBER_STREAM_LIMIT}: one more replaces the oldest, which is told not to reconnect`, async () => {
    const others = [await openMemberStream(colleague)];
    const mine: EventStream[] = [];
    for (let i = 0; i < MEMBER_STREAM_LIMIT; i++) mine.push(await openMemberStream(rep, i % 2 ? clientId() : undefined));
    const newest = await openMemberStream(rep, clientId());
    await expectReplaced(mine[0]!, 'limit', MEMBER_STREAM_LIMIT);
    // The other nine, the newest and a colleague's stream all keep hearing the company.
    const call = await logCall();
    await expectLive([...mine.slice(1), newest, ...others], call);
    await closeAll([...mine, newest, ...others]);
    await settle(`member:${rep.id}`, 0);
  });

  it('free their place when closed: closing some and opening as many replaces nothing', async () => {
    const streams: EventStream[] = [];
    for (let i = 0; i < MEMBER_STREAM_LIMIT; i++) streams.push(await openMemberStream(rep, clientId()));
    await closeAll(streams.slice(0, 3));
    await settle(`member:${rep.id}`, MEMBER_STREAM_LIMIT - 3);
    for (let i = 0; i < 3; i++) streams.push(await openMemberStream(rep, clientId()));
    const call = await logCall();
    await expectLive(streams.slice(3), call);
    await closeAll(streams);
    await settle(`member:${rep.id}`, 0);
  });

  it("a page's reconnect (same client id) replaces that page's own earlier stream, not the oldest", async () => {
    const ids = [clientId(), clientId(), clientId()];
    const streams = [];
    for (const id of ids) streams.push(await openMemberStream(rep, id));
    // The second page's network dropped; its browser reconnects with the page's id.
    const reconnected = await openMemberStream(rep, ids[1]);
    await expectReplaced(streams[1]!, 'same_client', MEMBER_STREAM_LIMIT);
    await expectLive([streams[0]!, streams[2]!, reconnected], await logCall());
    await closeAll([...streams, reconnected]);
    await settle(`member:${rep.id}`, 0);
  });

  it('refuses a malformed client id with a 400 in the error shape', async () => {
    const response = await t.request('/api/v1/events?client=%00bad', { as: rep });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_input', details: { client: expect.any(String) } } });
  });
});

describe('a display link’s event streams', () => {
  it(`are capped at ${DISPLAY_LINK_STREAM_LIMIT} per link; another link and the members count apart`, async () => {
    const lobby = await createLink('Lobby TV');
    const floor = await createLink('Sales floor TV');
    const elsewhere = [await openDisplayStream(floor.token, clientId()), await openMemberStream(rep)];
    const screens: EventStream[] = [];
    for (let i = 0; i < DISPLAY_LINK_STREAM_LIMIT; i++) screens.push(await openDisplayStream(lobby.token, clientId()));
    const newest = await openDisplayStream(lobby.token, clientId());
    await expectReplaced(screens[0]!, 'limit', DISPLAY_LINK_STREAM_LIMIT);
    await expectLive([...screens.slice(1), newest, ...elsewhere], await logCall());
    await closeAll([...screens, newest, ...elsewhere]);
    await settle(`display-link:${lobby.link.id}`, 0);
  });
});

describe('the OpenAPI document', () => {
  it('lists both streams as text/event-stream, with their events and their caps', async () => {
    const doc = (await (await t.request('/api/openapi.json')).json()) as {
      paths: Record<string, { get?: { description?: string; responses: Record<string, { content?: Record<string, unknown> }> } }>;
    };
    for (const [path, limit] of [
      ['/api/v1/events', MEMBER_STREAM_LIMIT],
      ['/api/v1/display/{token}/events', DISPLAY_LINK_STREAM_LIMIT],
    ] as const) {
      const operation = doc.paths[path]?.get;
      expect(operation, path).toBeDefined();
      expect(Object.keys(operation!.responses['200']!.content!)).toEqual(['text/event-stream']);
      for (const event of ['`ready`', '`change`', '`revoked`', '`replaced`']) expect(operation!.description).toContain(event);
      expect(operation!.description).toContain(`at most ${limit} open streams`);
    }
  });
});

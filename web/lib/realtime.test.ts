import { hashKey, QueryClient, type QueryKey } from '@tanstack/react-query';
import { LiveTableSchema } from '@core/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from './query-keys';
import { connectRealtime, LIVE_REFRESHES, loadLiveChangeReader } from './realtime';
import type * as RealtimeModule from './realtime';
import { recordInvalidations } from '@web/test/record-invalidations';

/**
 * The browser's EventSource, as far as the client uses it: the test plays the server's part by
 * dispatching its events. (jsdom has no EventSource; the app's own code is what is under test.)
 */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  emit(type: string, data = '{}') {
    if (type === 'ready') this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new MessageEvent(type, { data }));
  }
  /** What the browser does when an answer is not a stream (a 502, a 403): it gives up for good. */
  failForGood() {
    this.readyState = FakeEventSource.CLOSED;
    this.dispatchEvent(new Event('error'));
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

const clientOf = (source: FakeEventSource) => new URL(source.url, 'http://localhost').searchParams.get('client');

let queryClient: QueryClient;
let invalidated: string[];

// The page loads the reader with its first change (below, 'reads the first changes...'); these
// tests start with it loaded, as a page is after that.
beforeAll(async () => {
  await loadLiveChangeReader();
});

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  queryClient = new QueryClient();
  invalidated = recordInvalidations(queryClient);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const latest = () => FakeEventSource.opened.at(-1)!;
const change = (table: string) => JSON.stringify({ table, op: 'INSERT', id: crypto.randomUUID(), userId: 'u1' });

/** Every fixed key of the registry (functions build keys under one of these families). */
function registryKeys(node: unknown): QueryKey[] {
  if (Array.isArray(node)) return [node];
  if (typeof node !== 'object' || node === null) return [];
  return Object.values(node).flatMap(registryKeys);
}

describe('LIVE_REFRESHES', () => {
  it('has a row for every table the event schema names, and only those', () => {
    expect(Object.keys(LIVE_REFRESHES).sort()).toEqual([...LiveTableSchema.options].sort());
    for (const table of LiveTableSchema.options) expect(Array.isArray(LIVE_REFRESHES[table])).toBe(true);
  });

  it('refreshes only keys of the query-key registry', () => {
    const known = new Set(registryKeys(queryKeys).map((key) => hashKey(key)));
    for (const key of Object.values(LIVE_REFRESHES).flat()) expect(known, hashKey(key)).toContain(hashKey(key));
  });
});

describe('connectRealtime', () => {
  it('turns a burst of changes into one refresh of what they touch', async () => {
    const connection = connectRealtime(queryClient);
    latest().emit('ready');
    for (let i = 0; i < 5; i++) latest().emit('change', change('activities'));
    expect(invalidated).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    expect(invalidated.sort()).toEqual(['activities', 'company', 'contests', 'feed', 'my-stats', 'my-targets', 'scoreboard', 'wrapups']);
    connection.close();
  });

  it("refreshes the viewer's rights and member lists when a membership changes", async () => {
    const connection = connectRealtime(queryClient);
    latest().emit('ready');
    latest().emit('change', change('profiles'));
    await vi.advanceTimersByTimeAsync(200);
    expect(invalidated.sort()).toEqual(['company', 'me', 'my-targets', 'scoreboard', 'teams']);
    connection.close();
  });

  it.each([
    // A lead sets a target: the rep's targets card, every Targets list, the person pages and the boards (% of goal).
    ['targets', ['my-targets', 'scoreboard', 'targets']],
    // A team made, renamed or deleted: the teams list, boards filtered by team, team targets.
    ['teams', ['my-targets', 'scoreboard', 'targets', 'teams']],
    // Leads changed: the teams list (the navigation's lead check), boards, whom a lead may target, coaching.
    ['team_leads', ['coaching', 'scoreboard', 'targets', 'teams']],
  ])('refreshes what a change to %s touches', async (table, families) => {
    const connection = connectRealtime(queryClient);
    latest().emit('ready');
    latest().emit('change', change(table));
    await vi.advanceTimersByTimeAsync(200);
    expect(invalidated.sort()).toEqual(families);
    connection.close();
  });

  it('refreshes the boards when a goal, a target or a KPI rule changes: a board ranked by % of goal measures against them', () => {
    for (const table of ['goals', 'targets', 'kpi_rules'] as const) {
      expect(LIVE_REFRESHES[table].filter((key) => key[0] === 'scoreboard')).toEqual([['scoreboard']]);
    }
  });

  it("refreshes everything on a second 'ready' (a reconnect, or the server's resync), not on the first", async () => {
    const connection = connectRealtime(queryClient);
    latest().emit('ready');
    await vi.advanceTimersByTimeAsync(200);
    expect(invalidated).toEqual([]);
    latest().emit('ready');
    await vi.advanceTimersByTimeAsync(200);
    expect(invalidated).toEqual(expect.arrayContaining(['activities', 'scoreboard', 'wrapups', 'display-links', 'me']));
    connection.close();
  });

  it("refreshes on the first 'ready' what was read before it, while the stream was being opened too", async () => {
    // The real invalidation: which queries it marks is what counts here.
    vi.mocked(queryClient.invalidateQueries).mockRestore();
    const wallBoard = queryKeys.scoreboard.display('tok', 'points');
    queryClient.setQueryData(wallBoard, { rows: [] });
    queryClient.setQueryData(queryKeys.me, { id: 'u1' });
    await vi.advanceTimersByTimeAsync(1_000);
    const connection = connectRealtime(queryClient);
    await vi.advanceTimersByTimeAsync(1_000);
    // Read while the stream was being opened: the server was not yet listening for it.
    const feed = queryKeys.feed.display('tok');
    queryClient.setQueryData(feed, { items: [] });
    await vi.advanceTimersByTimeAsync(1_000);
    latest().emit('ready');
    // A sale made between these reads and the stream's 'ready' reached no stream: they are read again.
    expect(queryClient.getQueryState(wallBoard)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(queryKeys.me)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(feed)?.isInvalidated).toBe(true);
    connection.close();
  });

  it('ignores an event it cannot read (a table it does not know, missing fields, not JSON), and goes on', async () => {
    const connection = connectRealtime(queryClient);
    const seen: unknown[] = [];
    connection.subscribe((c) => seen.push(c.table));
    latest().emit('ready');
    latest().emit('change', JSON.stringify({ table: 'invoices', op: 'INSERT', id: 'x', userId: null }));
    latest().emit('change', JSON.stringify({ table: 'activities', op: 'UPSERT', id: 'x', userId: null }));
    latest().emit('change', JSON.stringify({ table: 'activities' }));
    latest().emit('change', 'not json');
    latest().emit('change', 'null');
    await vi.advanceTimersByTimeAsync(200);
    expect(invalidated).toEqual([]);
    expect(seen).toEqual([]);
    latest().emit('change', change('goals'));
    await vi.advanceTimersByTimeAsync(200);
    expect(invalidated).toEqual(['my-stats', 'targets', 'scoreboard']);
    expect(seen).toEqual(['goals']);
    connection.close();
  });

  it('passes each change to subscribers, with what was logged', () => {
    const connection = connectRealtime(queryClient);
    const seen: unknown[] = [];
    connection.subscribe((c) => seen.push(c.activity));
    latest().emit(
      'change',
      JSON.stringify({ table: 'activities', op: 'INSERT', id: 'a1', userId: 'u1', activity: { type: 'sale', meetingBooked: false } }),
    );
    expect(seen).toEqual([{ type: 'sale', meetingBooked: false }]);
    connection.close();
  });

  it('opens a new stream when the browser gives up on one, waiting longer each time, until closed', async () => {
    const connection = connectRealtime(queryClient);
    expect(FakeEventSource.opened).toHaveLength(1);
    latest().failForGood();
    await vi.advanceTimersByTimeAsync(1_900);
    expect(FakeEventSource.opened).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(FakeEventSource.opened).toHaveLength(2);
    latest().failForGood();
    await vi.advanceTimersByTimeAsync(3_900);
    expect(FakeEventSource.opened).toHaveLength(2); // the second wait is 4 s
    await vi.advanceTimersByTimeAsync(200);
    expect(FakeEventSource.opened).toHaveLength(3);
    // Back on its feet: the refetch covers what was missed, and the next failure waits 2 s again.
    latest().emit('ready');
    latest().failForGood();
    connection.close();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(FakeEventSource.opened).toHaveLength(3);
  });

  it('leaves a dropped connection to the browser, which retries by itself', async () => {
    const connection = connectRealtime(queryClient);
    latest().emit('ready');
    latest().readyState = FakeEventSource.CONNECTING; // a network error: the browser is retrying
    latest().dispatchEvent(new Event('error'));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(FakeEventSource.opened).toHaveLength(1);
    connection.close();
  });

  it('says it is reconnecting as soon as the browser goes offline, and opens a fresh stream that turns live again', async () => {
    const statuses: string[] = [];
    const connection = connectRealtime(queryClient, undefined, { onStatus: (status) => statuses.push(status) });
    const first = latest();
    first.emit('ready');
    // The old stream may sit half-open without ever erroring: the offline event is enough.
    window.dispatchEvent(new Event('offline'));
    expect(statuses).toEqual(['live', 'reconnecting']);
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    expect(FakeEventSource.opened).toHaveLength(2);
    latest().emit('ready');
    expect(statuses.at(-1)).toBe('live');
    connection.close();
    window.dispatchEvent(new Event('offline'));
    expect(FakeEventSource.opened).toHaveLength(2);
  });

  it("sends one client id for the page, on its first stream and on every reopen, so the server replaces the page's own stream", async () => {
    const connection = connectRealtime(queryClient, '/api/v1/display/tok/events');
    const first = latest();
    expect(first.url).toMatch(/^\/api\/v1\/display\/tok\/events\?client=[0-9a-f]{32}$/);
    first.failForGood();
    await vi.advanceTimersByTimeAsync(2_100);
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(clientOf(latest())).toBe(clientOf(first));
    connection.close();
    // Another page (another connection) has its own id.
    const other = connectRealtime(queryClient);
    expect(clientOf(latest())).not.toBe(clientOf(first));
    other.close();
  });

  it("stops for good on 'replaced': closes the stream, tells the page once, delivers what it heard, and never reopens", async () => {
    let replaced = 0;
    const connection = connectRealtime(queryClient, undefined, { onReplaced: () => replaced++ });
    const source = latest();
    source.emit('ready');
    source.emit('change', change('wrapups'));
    source.emit('replaced', JSON.stringify({ reason: 'limit', limit: 10 }));
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
    expect(replaced).toBe(1);
    expect(invalidated).toEqual(['wrapups', 'coaching']);
    // What a browser does after the server closed the stream: an error; nothing may reopen it.
    source.dispatchEvent(new Event('error'));
    source.emit('replaced', JSON.stringify({ reason: 'limit', limit: 10 }));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(replaced).toBe(1);
    connection.close();
  });
});

describe('connectRealtime, before the reader is loaded', () => {
  it('reads the first changes once the schema arrives, in the order they came, and then at once', async () => {
    // A page that has not read a change yet: a second copy of this module alone, its reader not
    // loaded (not vi.resetModules: the web files share their modules, and a reset would give the
    // next file a second i18n and React Query beside the ones its setup prepared).
    const fresh = (await import(/* @vite-ignore */ `./realtime?fresh=${Date.now()}`)) as typeof RealtimeModule;
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    const client = new QueryClient();
    const refreshed = recordInvalidations(client);
    const connection = fresh.connectRealtime(client);
    const seen: string[] = [];
    connection.subscribe((c) => seen.push(c.table));
    latest().emit('ready');
    latest().emit('change', change('wrapups'));
    latest().emit('change', JSON.stringify({ table: 'invoices' }));
    latest().emit('change', change('goals'));
    expect(seen).toEqual([]); // the reader is on its way
    await vi.waitFor(() => expect(seen).toEqual(['wrapups', 'goals']));
    await vi.waitFor(() => expect(refreshed.sort()).toEqual(['coaching', 'my-stats', 'scoreboard', 'targets', 'wrapups']));
    latest().emit('change', change('display_links'));
    expect(seen).toEqual(['wrapups', 'goals', 'display_links']);
    connection.close();
    vi.unstubAllGlobals();
  });
});

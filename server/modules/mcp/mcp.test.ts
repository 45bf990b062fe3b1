import { type AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiToken } from '@core/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * The MCP server (decision 118), spoken to by the SDK's own client over HTTP on a real socket, as an
 * assistant does: it lists the tools the token's scopes allow; each tool answers what the REST route
 * answers that token (a rep's leaderboard, their day after logging through it); a right the member
 * lacks, a scope the token lacks, another company's contest and a bad value are refused in the
 * route's words; no token, a cookie or a GET gets no tools.
 */

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
let server: ServerType;
let url: URL;
let admin: Member;
let rep: Member;
let colleague: Member;
let other: Member;

async function makeToken(member: Member, scopes: string[]): Promise<string> {
  const response = await t.request('/api/v1/me/api-tokens', {
    method: 'POST',
    as: member,
    json: { name: 'Assistant', scopes, expiresInDays: 30 },
  });
  if (response.status !== 201) throw new Error(`${response.status} ${await response.text()}`);
  return ((await response.json()) as CreatedApiToken).secret;
}

/** A week's contest on calls starting tomorrow by UTC (today or later in the company's zone too, whenever the test runs). */
async function makeContest(as: Member, name: string): Promise<string> {
  const response = await t.request('/api/v1/contests', {
    method: 'POST',
    as,
    json: {
      name,
      startsOn: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      endsOn: new Date(Date.now() + 8 * 86_400_000).toISOString().slice(0, 10),
      participants: 'everyone',
      mode: 'individual',
      weights: [{ metric: 'calls', weight: 1 }],
    },
  });
  if (response.status !== 201) throw new Error(`${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

/** One JSON-RPC message to the MCP server in the process (side by side, unlike a socket's client). */
const postMcp = (secret: string, body: unknown) =>
  t.app.request('/api/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${secret}` },
    body: JSON.stringify(body),
  });
const callMyDay = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'read_my_day', arguments: {} } });

async function connect(secret: string): Promise<Client> {
  const client = new Client({ name: 'dealboard-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { authorization: `Bearer ${secret}` } } }));
  return client;
}

const textOf = (result: Awaited<ReturnType<Client['callTool']>>) =>
  (result as CallToolResult).content.map((c) => (c.type === 'text' ? c.text : '')).join('');
const jsonOf = <T>(result: Awaited<ReturnType<Client['callTool']>>) => JSON.parse(textOf(result)) as T;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createMember({ role: 'admin', name: 'Astrid Admin' });
  rep = await t.createMember({ companyId: admin.companyId, name: 'Ola Rep' });
  colleague = await t.createMember({ companyId: admin.companyId, name: 'Kari Colleague' });
  other = await t.createMember({ role: 'admin' });
  await new Promise<void>((resolve) => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
  });
  url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/mcp`);
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

describe('the MCP server', () => {
  it("lists the tools a token's scopes allow, and reads and logs as the token's member", async () => {
    const client = await connect(await makeToken(rep, ['stats:read', 'activities:read', 'activities:write']));
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      [
        'list_boards',
        'list_contests',
        'list_kpis',
        'log_activity',
        'read_board',
        'read_contest',
        'read_kpis',
        'read_leaderboard',
        'read_log_options',
        'read_my_day',
        'read_my_targets',
        'read_people_targets',
        'read_week',
      ].sort(),
    );
    expect(tools.find((tool) => tool.name === 'log_activity')?.annotations).toMatchObject({ readOnlyHint: false });
    expect(tools.find((tool) => tool.name === 'read_leaderboard')?.annotations).toMatchObject({ readOnlyHint: true });

    const logged = await client.callTool({
      name: 'log_activity',
      arguments: { kind: 'call', answered: true, outcome: 'meeting_booked', customerName: 'Fjord AS' },
    });
    expect(logged.isError).toBeFalsy();
    expect(jsonOf<{ type: string; pointsEarned: number; userId: string }>(logged)).toMatchObject({
      type: 'call_answered',
      pointsEarned: 5,
      userId: rep.id,
    });

    const day = jsonOf<{ calls: number; points: number }>(await client.callTool({ name: 'read_my_day', arguments: {} }));
    expect(day).toMatchObject({ calls: 1, points: 5 });
    const board = jsonOf<{ rows: { userId: string; points: number }[] }>(
      await client.callTool({ name: 'read_leaderboard', arguments: { period: 'today' } }),
    );
    expect(board.rows.find((row) => row.userId === rep.id)).toMatchObject({ points: 5 });
    // The assistant reads the rep's company only.
    expect(board.rows.map((row) => row.userId)).not.toContain(other.id);
    await client.close();
  });

  it("refuses in the route's words what the member or the token may not do", async () => {
    const client = await connect(await makeToken(rep, ['stats:read', 'activities:write']));
    // A rep logs for themself only, as the REST API says.
    const forColleague = await client.callTool({ name: 'log_activity', arguments: { kind: 'meeting', userId: colleague.id } });
    expect(forColleague.isError).toBe(true);
    expect(textOf(forColleague)).toMatch(/^403/);
    // A bad value: the route's contract refuses it, field by field.
    const badSale = await client.callTool({ name: 'log_activity', arguments: { kind: 'sale', ticketSize: -5 } });
    expect(badSale.isError).toBe(true);
    expect(textOf(badSale)).toMatch(/^400[\s\S]*ticketSize/);
    // Another company's contest is not found, as over REST.
    const contestId = await makeContest(other, 'Beta cup');
    // Its own admin's assistant reads it: the refusal is the company's line, not the tool's.
    const theirClient = await connect(await makeToken(other, ['stats:read']));
    expect((await theirClient.callTool({ name: 'read_contest', arguments: { id: contestId } })).isError).toBeFalsy();
    await theirClient.close();
    const theirs = await client.callTool({ name: 'read_contest', arguments: { id: contestId } });
    expect(theirs.isError).toBe(true);
    expect(textOf(theirs)).toMatch(/^404/);
    // A tool the token's scopes do not allow is not listed, and not answered.
    expect((await client.listTools()).tools.map((tool) => tool.name)).not.toContain('read_log_options');
    const unlisted = await client.callTool({ name: 'read_log_options', arguments: {} });
    expect(unlisted.isError).toBe(true);
    await client.close();
  });

  it('answers each reading tool with what its REST route answers the same token', async () => {
    const secret = await makeToken(rep, ['stats:read', 'activities:read']);
    const contestId = await makeContest(admin, 'Call sprint');
    const board = await t.request('/api/v1/boards', {
      method: 'POST',
      as: rep,
      json: { name: 'Mine', sharing: 'private', widgets: [{ kind: 'number', kpiId: 'calls', period: 'today', size: 'small' }] },
    });
    expect(board.status, await board.clone().text()).toBe(201);
    const boardId = ((await board.json()) as { id: string }).id;
    const today = new Date().toISOString().slice(0, 10);
    const cases: [string, Record<string, unknown>, string][] = [
      ['list_kpis', {}, '/kpis'],
      [
        'read_kpis',
        { from: '2026-11-01', to: '2026-11-30', ids: ['calls', 'points'] },
        '/kpis/values?from=2026-11-01&to=2026-11-30&ids=calls,points',
      ],
      ['read_leaderboard', { period: 'week', sort: 'calls', limit: 5 }, '/scoreboard/leaderboard?period=week&sort=calls&limit=5'],
      ['read_week', {}, '/scoreboard/weekly'],
      ['read_my_day', {}, '/stats/me/today'],
      ['read_my_targets', { on: today }, `/targets/me?on=${today}`],
      ['read_people_targets', { kpi: 'calls', period: 'week' }, '/targets/people?kpi=calls&period=week'],
      ['list_contests', {}, '/contests'],
      ['read_contest', { id: contestId }, `/contests/${contestId}`],
      ['list_boards', {}, '/boards'],
      ['read_board', { id: boardId }, `/boards/${boardId}`],
      ['read_log_options', {}, '/activities/log-options'],
    ];
    const client = await connect(secret);
    for (const [name, args, path] of cases) {
      const tool = await client.callTool({ name, arguments: args });
      const rest = await t.request(`/api/v1${path}`, { noOrigin: true, headers: { authorization: `Bearer ${secret}` } });
      expect(rest.status, `${name}: ${path}`).toBe(200);
      expect(tool.isError, `${name}: ${textOf(tool)}`).toBeFalsy();
      expect(JSON.parse(textOf(tool)), name).toEqual(await rest.json());
    }
    await client.close();
  });

  it('refuses a batch of messages, and a token none of whose scopes a tool needs', async () => {
    const batch = await postMcp(await makeToken(rep, ['stats:read']), [callMyDay(1), callMyDay(2)]);
    expect(batch.status).toBe(400);
    expect(((await batch.json()) as { error: { message: string } }).error.message).toMatch(/one message a request/);
    const members = await postMcp(await makeToken(rep, ['members:read']), callMyDay(1));
    expect(members.status).toBe(403);
    expect(((await members.json()) as { error: { code: string } }).error.code).toBe('insufficient_scope');
  });

  it("answers many tool calls at once: a tool's own request does not wait behind the call it serves", async () => {
    // On PGlite the API admits 4 requests at a time; 8 calls at once, each making a request of its
    // own, would wait on each other for ever if those requests queued behind them. Sent side by side
    // in the process (over a socket the calls arrive one after another).
    const secret = await makeToken(rep, ['stats:read']);
    const call = async (id: number) => {
      const response = await postMcp(secret, callMyDay(id));
      return { status: response.status, body: (await response.json()) as { result?: CallToolResult } };
    };
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => call(i + 1)));
    expect(answers.map((answer) => [answer.status, answer.body.result?.isError ?? false])).toEqual(
      Array.from({ length: 8 }, () => [200, false]),
    );
  });

  it('gives no tools without a token: none, a session cookie, a revoked token; and no stream on GET', async () => {
    const ask = (headers: Record<string, string>, method = 'POST') =>
      fetch(url, {
        method,
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        body: method === 'POST' ? JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }) : undefined,
      });
    const none = await ask({});
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer /);
    expect((await ask({ cookie: rep.cookie })).status).toBe(401);
    expect((await ask({ authorization: 'Bearer dbp_not-a-token' })).status).toBe(401);

    const secret = await makeToken(admin, ['stats:read']);
    expect((await ask({ authorization: `Bearer ${secret}` }, 'GET')).status).toBe(405);
    const list = (await (await t.request('/api/v1/me/api-tokens', { as: admin })).json()) as { tokens: { id: string }[] };
    await t.request(`/api/v1/me/api-tokens/${list.tokens[0]!.id}`, { method: 'DELETE', as: admin });
    expect((await ask({ authorization: `Bearer ${secret}` })).status).toBe(401);
  });
});

/**
 * The statement budget (decision 028): what a signed-in request costs the database before its feature
 * does anything, and what logging a call costs in all. Deterministic, not timed: it counts the
 * statements the app sends (DbHandle.observeStatements) and fails naming them when a change adds one.
 *
 *   - a signed-in read: at most 2 statements before its feature's own (the session and the
 *     membership come from the actor cache: 0 once the session is known to this instance);
 *   - a logged call (POST /api/v1/activities): at most 6 statements in total: begin, the scope and
 *     the day's lock, the logging context (on PostgreSQL these three in one round trip, decision 099), the insert (which appends its domain events to the log in
 *     the same statement, decision 095), the badges', commit. The badges' (decision 050) judges every
 *     badge rule on the rollups after the insert and inserts what was earned; it cannot join the
 *     insert, whose rollup trigger has not run yet for a statement in the same query. A write that
 *     earns a badge (rare: a first sale, a record) sends two more: its feed events, and the push
 *     notification of the badge for the member's devices (decision 055; one INSERT ... SELECT that
 *     finds the devices itself). What follows after commit (webhooks, chat) is the log worker's, not
 *     the request's: requests here do not settle the log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatementPhase } from './db/client';
import { readOperations } from './test/openapi';
import { createTestApp, type TestApp, type TestUser } from './test/test-app';

const SIGNED_IN_READ_BUDGET = 2;
const LOGGED_CALL_BUDGET = 6;
/** better-auth's session and user lookup, then the membership: once per session and instance. */
const COLD_LOOKUP_BUDGET = 3;

type Statement = { text: string; params: readonly unknown[]; phase: StatementPhase | undefined };

let t: TestApp;
let rep: TestUser & { companyId: string };
let admin: TestUser & { companyId: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createMember({ role: 'admin' });
  rep = await t.createMember({ companyId: admin.companyId });
});
afterAll(async () => t?.close());

async function recordStatements(send: () => Promise<Response>): Promise<{ response: Response; statements: Statement[] }> {
  const statements: Statement[] = [];
  const stop = t.deps.database.observeStatements((text, params, phase) => statements.push({ text: oneLine(text), params, phase }));
  try {
    const response = await send();
    await response.arrayBuffer();
    return { response, statements };
  } finally {
    stop();
  }
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
const listed = (statements: Statement[]) => statements.map((s, i) => `  ${i + 1}. ${s.text.slice(0, 160)}`).join('\n');

/** The statements that found who the caller is (the session and the membership), not the feature's. */
const signedInCost = (statements: Statement[]) => statements.filter((s) => s.phase === 'signed-in');

describe('the statement budget', () => {
  it(`a logged call costs at most ${LOGGED_CALL_BUDGET} statements, the session and membership included`, async () => {
    // The first request of a session fills this instance's actor cache; the budget is the steady state.
    await t.request('/api/v1/activities/mine', { as: rep });
    // The rep's first sale earns a badge (measured below); the sales measured here earn none.
    expect((await t.request('/api/v1/activities', { method: 'POST', as: rep, json: { kind: 'sale', ticketSize: 100 } })).status).toBe(201);
    // One of the company's own types (decision 100): its definition comes with the logging context.
    const typeResponse = await t.request('/api/v1/activity-types', {
      method: 'POST',
      as: admin,
      json: {
        names: { en: 'Demo' },
        icon: 'presentation',
        colour: 'green',
        points: 2,
        outcomes: [{ names: { en: 'Booked' }, points: 1 }],
        fields: [{ names: { en: 'Seats' }, kind: 'number', required: true }],
        bonus: { threshold: 2, points: 5 },
      },
    });
    const demo = (await typeResponse.json()) as { id: string; outcomes: { id: string }[]; fields: { id: string }[] };
    const custom = { kind: 'custom', typeId: demo.id, outcome: demo.outcomes[0]!.id, fields: { [demo.fields[0]!.id]: 12 } };
    for (const body of [
      custom,
      custom,
      { kind: 'call', answered: true, outcome: 'meeting_booked', customerName: 'Fjord Fisk AS' },
      { kind: 'call', answered: false },
      { kind: 'sale', ticketSize: 12500, customerName: 'fjord fisk as', productName: 'Pro' },
    ]) {
      const { response, statements } = await recordStatements(() =>
        t.request('/api/v1/activities', { method: 'POST', as: rep, json: body, settle: false }),
      );
      expect(response.status, JSON.stringify(body)).toBe(201);
      expect(statements.length, `POST /api/v1/activities ${JSON.stringify(body)} sent:\n${listed(statements)}`).toBeLessThanOrEqual(
        LOGGED_CALL_BUDGET,
      );
    }
  });

  it(`a logged call that earns a badge costs two statements more (its feed events, its push): at most ${LOGGED_CALL_BUDGET + 2}`, async () => {
    const newcomer = await t.createMember({ companyId: admin.companyId });
    await t.request('/api/v1/activities/mine', { as: newcomer });
    const { response, statements } = await recordStatements(() =>
      t.request('/api/v1/activities', { method: 'POST', as: newcomer, json: { kind: 'sale', ticketSize: 100 }, settle: false }),
    );
    expect(response.status).toBe(201);
    expect(statements.some((s) => s.text.startsWith('insert into "feed_events"'))).toBe(true);
    expect(statements.some((s) => s.text.includes('INSERT INTO push_outbox'))).toBe(true);
    expect(statements.length, listed(statements)).toBeLessThanOrEqual(LOGGED_CALL_BUDGET + 2);
  });

  it(`every signed-in read runs at most ${SIGNED_IN_READ_BUDGET} statements before its feature's own`, async () => {
    const reads = (await readOperations(t)).filter(
      (op) => op.method === 'GET' && !op.path.includes('{') && op.path.startsWith('/api/v1/') && op.path !== '/api/v1/events',
    );
    // A read of every kind a signed-in screen makes: the scoreboards, the rep's day, settings, admin.
    expect(reads.length).toBeGreaterThan(15);
    const overBudget: string[] = [];
    for (const who of [rep, admin]) {
      for (const op of reads) {
        const path = op.path.replace(/^\/api\/v1/, '/api/v1');
        await t.request(path, { as: who }); // warm: the session is known to this instance
        const { response, statements } = await recordStatements(() => t.request(path, { as: who }));
        if (response.status >= 500) overBudget.push(`${op.key} answered ${response.status}`);
        const before = signedInCost(statements);
        if (before.length > SIGNED_IN_READ_BUDGET) {
          overBudget.push(`${op.key} as ${who === rep ? 'rep' : 'admin'}: ${before.length} before the feature's own:\n${listed(before)}`);
        }
      }
    }
    expect(overBudget, overBudget.join('\n')).toEqual([]);
  });

  it('a session new to this instance is looked up once, then costs nothing', async () => {
    t.deps.actors.clear();
    const cold = await recordStatements(() => t.request('/api/v1/scoreboard/kpis', { as: rep }));
    expect(cold.response.status).toBe(200);
    const coldCost = signedInCost(cold.statements);
    expect(coldCost.length).toBeGreaterThan(0);
    expect(coldCost.length, `a cold lookup sent:\n${listed(coldCost)}`).toBeLessThanOrEqual(COLD_LOOKUP_BUDGET);
    const warm = await recordStatements(() => t.request('/api/v1/scoreboard/kpis', { as: rep }));
    expect(signedInCost(warm.statements)).toEqual([]);
  });

  it('a call with a personal access token, once known, spends one statement on who is calling: its rate-limit count', async () => {
    const made = await t.request('/api/v1/me/api-tokens', {
      method: 'POST',
      as: rep,
      json: { name: 'Budget', scopes: ['stats:read'], expiresInDays: 30 },
    });
    const { secret } = (await made.json()) as { secret: string };
    const withToken = () => t.request('/api/v1/scoreboard/kpis', { noOrigin: true, headers: { authorization: `Bearer ${secret}` } });
    const first = await recordStatements(withToken);
    expect(first.response.status).toBe(200);
    // The lookup, the count and the first use of the minute.
    expect(signedInCost(first.statements).length, listed(signedInCost(first.statements))).toBe(3);
    const warm = await recordStatements(withToken);
    expect(signedInCost(warm.statements).map((s) => s.text)).toEqual([expect.stringMatching(/^INSERT INTO app_rate_limits/)]);
  });

  it('the budget is what a change would break: a signed-out cookie is looked up again, and refused', async () => {
    // The same read, once the session is gone, must not be answered from the cache.
    const gone = await t.createMember({ companyId: admin.companyId });
    expect((await t.request('/api/v1/scoreboard/kpis', { as: gone })).status).toBe(200);
    const signOut = await t.request('/api/auth/sign-out', { method: 'POST', as: gone, json: {} });
    expect(signOut.status).toBe(200);
    const { response, statements } = await recordStatements(() => t.request('/api/v1/scoreboard/kpis', { as: gone }));
    expect(response.status).toBe(401);
    expect(statements.length).toBeGreaterThan(0); // looked up in the database, not the cache
  });
});

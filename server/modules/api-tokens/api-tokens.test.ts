import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiTokenList, CompanyApiTokenList, CreatedApiToken } from '@core/contracts';
import { API_TOKENS_PER_MEMBER } from '@core/contracts';
import { withTenant } from '../../db/tenant';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * Personal access tokens (decision 035): made, listed and revoked with the session; used with
 * `Authorization: Bearer`, acting as their member and never more; refused when malformed, unknown,
 * revoked, expired or their member is gone; limited per token with the RateLimit headers.
 */

type Member = Awaited<ReturnType<TestApp['createMember']>>;

const RATE_LIMIT = 12;
let t: TestApp;
let admin: Member;
let rep: Member;
let otherAdmin: Member;

beforeAll(async () => {
  t = await createTestApp({ env: { API_TOKEN_RATE_LIMIT: String(RATE_LIMIT) } });
  admin = await t.createMember({ role: 'admin', name: 'Ada Admin' });
  rep = await t.createMember({ companyId: admin.companyId, name: 'Rolf Rep' });
  otherAdmin = await t.createMember({ role: 'admin', name: 'Olga Other' });
});
afterAll(() => t.close());
afterEach(() => t.setNow(() => new Date()));

async function makeToken(
  member: Member,
  input: { name?: string; scopes?: string[]; expiresInDays?: number | null } = {},
): Promise<CreatedApiToken> {
  const response = await t.request('/api/v1/me/api-tokens', {
    method: 'POST',
    as: member,
    json: {
      name: input.name ?? 'BI sync',
      scopes: input.scopes ?? ['activities:read', 'activities:write', 'stats:read', 'members:read'],
      expiresInDays: input.expiresInDays === undefined ? 90 : input.expiresInDays,
    },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as CreatedApiToken;
}

/** A request made with a token only: no cookie, and no Origin (a script). */
function withToken(secret: string, path: string, init: { method?: string; json?: unknown; headers?: Record<string, string> } = {}) {
  return t.request(path, { ...init, noOrigin: true, headers: { authorization: `Bearer ${secret}`, ...init.headers } });
}

async function errorCode(response: Response): Promise<string> {
  return ((await response.json()) as { error: { code: string } }).error.code;
}

describe('making, listing and revoking tokens', () => {
  it('shows the secret once, stores only its SHA-256 hash, and lists the token without it', async () => {
    const created = await makeToken(rep, { name: 'Power BI', scopes: ['stats:read', 'activities:read'], expiresInDays: 30 });
    expect(created.secret).toMatch(/^dbp_[A-Za-z0-9]{43}$/);
    expect(created.token).toMatchObject({
      name: 'Power BI',
      scopes: ['activities:read', 'stats:read'], // in the scopes' own order
      hint: `dbp_...${created.secret.slice(-4)}`,
      lastUsedAt: null,
      expired: false,
    });
    expect(Date.parse(created.token.expiresAt!) - Date.parse(created.token.createdAt)).toBe(30 * 24 * 3600 * 1000);

    const stored = await withTenant(t.db, { companyId: rep.companyId, userId: rep.id }, (tx) =>
      tx.execute(sql`SELECT token_hash FROM api_tokens WHERE id = ${created.token.id}`),
    );
    const [row] = (stored as unknown as { rows: { token_hash: string }[] }).rows;
    expect(row!.token_hash).toBe(createHash('sha256').update(created.secret).digest('hex'));

    const list = (await (await t.request('/api/v1/me/api-tokens', { as: rep })).json()) as ApiTokenList;
    expect(list.tokens.find((token) => token.id === created.token.id)).toEqual(created.token);
    expect(JSON.stringify(list)).not.toContain(created.secret);
    // A colleague does not see it among theirs.
    const theirs = (await (await t.request('/api/v1/me/api-tokens', { as: admin })).json()) as ApiTokenList;
    expect(theirs.tokens.map((token) => token.id)).not.toContain(created.token.id);
  });

  it('refuses a token without a name, scopes or a lifetime from the offered set', async () => {
    for (const json of [
      { name: '', scopes: ['stats:read'], expiresInDays: 30 },
      { name: 'x', scopes: [], expiresInDays: 30 },
      { name: 'x', scopes: ['admin:everything'], expiresInDays: 30 },
      { name: 'x', scopes: ['stats:read', 'stats:read'], expiresInDays: 30 },
      { name: 'x', scopes: ['stats:read'], expiresInDays: 7 },
      { name: 'x', scopes: ['stats:read'] },
    ]) {
      const response = await t.request('/api/v1/me/api-tokens', { method: 'POST', as: rep, json });
      expect(response.status, JSON.stringify(json)).toBe(400);
      expect(await errorCode(response)).toBe('invalid_input');
    }
  });

  it("lets a member revoke their own token and not a colleague's; it stops working at once", async () => {
    const mine = await makeToken(rep);
    const colleagues = await makeToken(admin);
    expect((await withToken(mine.secret, '/api/v1/activities/mine')).status).toBe(200);

    const notMine = await t.request(`/api/v1/me/api-tokens/${colleagues.token.id}`, { method: 'DELETE', as: rep });
    expect(notMine.status).toBe(404);
    expect((await withToken(colleagues.secret, '/api/v1/activities/mine')).status).toBe(200);

    expect((await t.request(`/api/v1/me/api-tokens/${mine.token.id}`, { method: 'DELETE', as: rep })).status).toBe(200);
    const refused = await withToken(mine.secret, '/api/v1/activities/mine');
    expect(refused.status).toBe(401);
    expect(await errorCode(refused)).toBe('invalid_token');
  });

  it("lets an admin list every token of the company with whose it is, and revoke anyone's", async () => {
    const repToken = await makeToken(rep, { name: 'Rep script' });
    const elsewhere = await makeToken(otherAdmin, { name: 'Other company' });
    const list = (await (await t.request('/api/v1/admin/api-tokens', { as: admin })).json()) as CompanyApiTokenList;
    expect(list.tokens.find((token) => token.id === repToken.token.id)).toMatchObject({
      name: 'Rep script',
      userId: rep.id,
      displayName: 'Rolf Rep',
      email: rep.email,
    });
    expect(list.tokens.map((token) => token.id)).not.toContain(elsewhere.token.id);
    expect(JSON.stringify(list)).not.toContain(repToken.secret);

    // A rep may not; another company's admin finds nothing of A's.
    expect((await t.request('/api/v1/admin/api-tokens', { as: rep })).status).toBe(403);
    expect((await t.request(`/api/v1/admin/api-tokens/${repToken.token.id}`, { method: 'DELETE', as: otherAdmin })).status).toBe(404);
    expect((await withToken(repToken.secret, '/api/v1/activities/mine')).status).toBe(200);

    expect((await t.request(`/api/v1/admin/api-tokens/${repToken.token.id}`, { method: 'DELETE', as: admin })).status).toBe(200);
    expect((await withToken(repToken.secret, '/api/v1/activities/mine')).status).toBe(401);
  });

  it(`holds at most ${API_TOKENS_PER_MEMBER} tokens per member`, async () => {
    const member = await t.createMember({ companyId: admin.companyId });
    for (let i = 0; i < API_TOKENS_PER_MEMBER; i++) await makeToken(member, { name: `Token ${i}` });
    const refused = await t.request('/api/v1/me/api-tokens', {
      method: 'POST',
      as: member,
      json: { name: 'One more', scopes: ['stats:read'], expiresInDays: null },
    });
    expect(refused.status).toBe(409);
    expect(await errorCode(refused)).toBe('too_many_tokens');
  });
});

describe('calling with a token', () => {
  it('acts as its member: the same answer the member gets with the cookie', async () => {
    const { secret } = await makeToken(rep);
    await t.request('/api/v1/activities', { method: 'POST', as: rep, json: { kind: 'call', answered: false } });
    const byCookie = await (await t.request('/api/v1/activities/mine', { as: rep })).json();
    const byToken = await withToken(secret, '/api/v1/activities/mine');
    expect(byToken.status).toBe(200);
    expect(await byToken.json()).toEqual(byCookie);
    // Writes too, with no Origin header (a script), and with a foreign one: a header-borne token is no CSRF risk.
    const logged = await withToken(secret, '/api/v1/activities', { method: 'POST', json: { kind: 'call', answered: false } });
    expect(logged.status).toBe(201);
    const fromElsewhere = await withToken(secret, '/api/v1/activities', {
      method: 'POST',
      json: { kind: 'call', answered: false },
      headers: { origin: 'https://evil.example' },
    });
    expect(fromElsewhere.status).toBe(201);
    expect(((await logged.json()) as { userId: string }).userId).toBe(rep.id);
  });

  it('never reaches token management, settings, the admin console or the sign-in endpoints', async () => {
    const { secret } = await makeToken(admin, {
      scopes: ['activities:read', 'activities:write', 'stats:read', 'members:read', 'webhooks:manage'],
    });
    for (const [method, path, json] of [
      ['POST', '/api/v1/me/api-tokens', { name: 'minted by a token', scopes: ['stats:read'], expiresInDays: null }],
      ['GET', '/api/v1/me/api-tokens', undefined],
      ['GET', '/api/v1/admin/api-tokens', undefined],
      ['GET', '/api/v1/me', undefined],
      ['GET', '/api/v1/me/profile', undefined],
      ['PATCH', '/api/v1/company', { name: 'Renamed by a token' }],
      ['GET', '/api/v1/admin/audit-log', undefined],
      ['GET', '/api/v1/public-config', undefined],
      ['GET', '/api/v1/events', undefined],
    ] as const) {
      const response = await withToken(secret, path, { method, json });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(await errorCode(response), `${method} ${path}`).toBe('token_not_accepted');
    }
    // better-auth's endpoints do not know tokens at all: no session comes of one.
    const session = await withToken(secret, '/api/auth/get-session');
    expect(await session.json()).toBeNull();
  });

  it('answers 404 for a path or method that is no endpoint, as it does without a token', async () => {
    const { secret } = await makeToken(rep, { scopes: ['activities:read'] });
    for (const [method, path] of [
      ['GET', '/api/v1/no-such-endpoint'],
      ['GET', '/api/v1/activities/mine/extra'],
      ['POST', '/api/v1/activities/mine'],
    ] as const) {
      const response = await withToken(secret, path, { method });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(await errorCode(response), `${method} ${path}`).toBe('not_found');
    }
    // A token that does not work is still told so first: a 404 must not tell it apart from a good one.
    const spoiled = await withToken(`${secret.slice(0, -2)}xx`, '/api/v1/no-such-endpoint');
    expect(spoiled.status).toBe(401);
  });

  it("notes each token made and revoked in the company's audit log, with its owner, name and scopes, never its secret", async () => {
    const readTokenEntries = async () => {
      const response = await t.request('/api/v1/admin/audit-log?limit=100', { as: admin });
      expect(response.status).toBe(200);
      const page = (await response.json()) as {
        entries: { action: string; actor: { id: string }; target: { id: string }; details: object }[];
      };
      return page.entries.filter((entry) => entry.action.startsWith('api_token.'));
    };
    const before = (await readTokenEntries()).length;
    const made = await makeToken(rep, { name: 'Audit BI', scopes: ['stats:read', 'activities:read'], expiresInDays: 30 });
    const [created] = await readTokenEntries();
    expect(created).toMatchObject({
      action: 'api_token.created',
      actor: { id: rep.id },
      target: { id: rep.id },
      details: { name: 'Audit BI', scopes: ['activities:read', 'stats:read'], expiresAt: made.token.expiresAt },
    });
    expect(JSON.stringify(created)).not.toContain(made.secret.slice(4));

    const revoked = await t.request(`/api/v1/admin/api-tokens/${made.token.id}`, { method: 'DELETE', as: admin });
    expect(revoked.status).toBe(200);
    const [entry] = await readTokenEntries();
    expect(entry).toMatchObject({
      action: 'api_token.revoked',
      actor: { id: admin.id },
      target: { id: rep.id },
      details: { name: 'Audit BI' },
    });
    expect(await readTokenEntries()).toHaveLength(before + 2);
  });

  it("takes the tokens' names out of the audit log when the member's data is erased; the entries stay", async () => {
    const kari = await t.createMember({ companyId: admin.companyId, name: 'Kari Erased' });
    const kept = await makeToken(kari, { name: "Kari's CRM sync" });
    const gone = await makeToken(kari, { name: "Kari's spreadsheet" });
    expect((await t.request(`/api/v1/admin/api-tokens/${gone.token.id}`, { method: 'DELETE', as: admin })).status).toBe(200);
    const colleagues = await makeToken(rep, { name: 'Rita BI' });
    const entriesAbout = async (id: string) => {
      const response = await t.request('/api/v1/admin/audit-log?limit=100', { as: admin });
      const page = (await response.json()) as { entries: { action: string; target: { id: string } | null; details: object }[] };
      return page.entries.filter((entry) => entry.action.startsWith('api_token.') && entry.target?.id === id);
    };
    expect(JSON.stringify(await entriesAbout(kari.id))).toContain("Kari's CRM sync");

    expect((await t.request(`/api/v1/team/members/${kari.id}/data`, { method: 'DELETE', as: admin })).status).toBe(200);
    const after = await entriesAbout(kari.id);
    expect(after.map((entry) => entry.action).sort()).toEqual(['api_token.created', 'api_token.created', 'api_token.revoked']);
    expect(JSON.stringify(after)).not.toContain('Kari');
    expect(after.find((entry) => entry.action === 'api_token.created')?.details).toMatchObject({ scopes: kept.token.scopes });
    // A colleague's token keeps its name.
    expect(JSON.stringify(await entriesAbout(rep.id))).toContain('Rita BI');
    await t.request(`/api/v1/admin/api-tokens/${colleagues.token.id}`, { method: 'DELETE', as: admin });
  });

  it('refuses a token sent together with a session cookie', async () => {
    const { secret } = await makeToken(rep);
    const response = await t.request('/api/v1/activities/mine', { as: rep, headers: { authorization: `Bearer ${secret}` } });
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe('mixed_credentials');
  });

  it('refuses malformed, unknown and expired tokens with 401 and a Bearer challenge', async () => {
    const unknown = `dbp_${'A'.repeat(43)}`;
    for (const authorization of [`Bearer ${unknown}`, 'Bearer', 'Bearer dbp_short', `Basic ${btoa('a:b')}`, `Bearer ${unknown} extra`]) {
      const response = await t.request('/api/v1/activities/mine', { noOrigin: true, headers: { authorization } });
      expect(response.status, authorization).toBe(401);
      expect(await errorCode(response)).toBe('invalid_token');
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer realm=".*", error="invalid_token"$/);
    }

    const { secret } = await makeToken(rep, { expiresInDays: 30 });
    expect((await withToken(secret, '/api/v1/activities/mine')).status).toBe(200);
    t.setNow(() => new Date(Date.now() + 30 * 24 * 3600 * 1000 + 1000));
    const expired = await withToken(secret, '/api/v1/activities/mine');
    expect(expired.status).toBe(401);
    expect(((await expired.json()) as { error: { message: string } }).error.message).toMatch(/expired/);
    const listed = (await (await t.request('/api/v1/me/api-tokens', { as: rep })).json()) as ApiTokenList;
    expect(listed.tokens.find((token) => token.hint.endsWith(secret.slice(-4)))?.expired).toBe(true);
  });

  it("follows its member at once: a demoted admin's token loses the admin's reach, a removed member's token stops", async () => {
    const member = await t.createMember({ companyId: admin.companyId, role: 'admin', name: 'Soon demoted' });
    const { secret } = await makeToken(member);
    // As an admin, the token reads a colleague's activities.
    expect((await withToken(secret, `/api/v1/activities?member=${rep.id}`)).status).toBe(200);
    const demoted = await t.request(`/api/v1/team/members/${member.id}/role`, { method: 'PATCH', as: admin, json: { role: 'user' } });
    expect(demoted.status).toBe(200);
    const afterDemotion = await withToken(secret, `/api/v1/activities?member=${rep.id}`);
    expect(afterDemotion.status).toBe(403);
    expect(await errorCode(afterDemotion)).toBe('forbidden');

    expect((await t.request(`/api/v1/team/members/${member.id}`, { method: 'DELETE', as: admin })).status).toBe(200);
    const afterRemoval = await withToken(secret, '/api/v1/activities/mine');
    expect(afterRemoval.status).toBe(401);
    expect(await errorCode(afterRemoval)).toBe('invalid_token');
    // The removal took the member's tokens with it: coming back does not bring one back.
    const list = (await (await t.request('/api/v1/admin/api-tokens', { as: admin })).json()) as CompanyApiTokenList;
    expect(list.tokens.filter((token) => token.userId === member.id)).toEqual([]);
  });

  it("never reaches another company's data", async () => {
    const { secret } = await makeToken(admin);
    const theirs = (await (
      await t.request('/api/v1/activities', { method: 'POST', as: otherAdmin, json: { kind: 'sale', ticketSize: 100 } })
    ).json()) as { id: string };
    const patch = await withToken(secret, `/api/v1/activities/${theirs.id}`, { method: 'PATCH', json: { notes: 'hijacked' } });
    expect(patch.status).toBe(404);
    const del = await withToken(secret, `/api/v1/activities/${theirs.id}`, { method: 'DELETE' });
    expect(del.status).toBe(404);
    t.setNow(() => new Date(Date.now() + 60_000));
    const feed = await withToken(secret, `/api/v1/activities?member=${otherAdmin.id}`);
    expect(feed.status).toBe(200);
    expect(((await feed.json()) as { activities: unknown[] }).activities).toEqual([]);
    const members = await withToken(secret, '/api/v1/team/members');
    expect(await members.text()).not.toContain(otherAdmin.id);
  });
});

describe('last used', () => {
  it('is written on first use and at most once a minute after', async () => {
    const { token, secret } = await makeToken(rep);
    const start = Date.now();
    t.setNow(() => new Date(start));
    await withToken(secret, '/api/v1/activities/mine');
    const listed = async () =>
      ((await (await t.request('/api/v1/me/api-tokens', { as: rep })).json()) as ApiTokenList).tokens.find((x) => x.id === token.id)!
        .lastUsedAt;
    expect(await listed()).toBe(new Date(start).toISOString());

    const statements: string[] = [];
    const stop = t.deps.database.observeStatements((text) => statements.push(text));
    t.setNow(() => new Date(start + 30_000));
    await withToken(secret, '/api/v1/activities/mine');
    stop();
    expect(statements.filter((text) => text.includes('app_note_api_token_use'))).toEqual([]);
    expect(await listed()).toBe(new Date(start).toISOString());

    t.setNow(() => new Date(start + 61_000));
    await withToken(secret, '/api/v1/activities/mine');
    expect(await listed()).toBe(new Date(start + 61_000).toISOString());
  });
});

describe("the member's token rate limit", () => {
  it("counts all of a member's tokens together, says where it stands in RateLimit headers, and answers 429 past it", async () => {
    // A member of their own: the other tests' calls count in rep's window.
    const caller = await t.createMember({ companyId: admin.companyId, name: 'Tore Tokens' });
    const { secret } = await makeToken(caller);
    const other = await makeToken(caller);
    const start = Date.now();
    t.setNow(() => new Date(start));
    for (let i = 1; i <= RATE_LIMIT; i++) {
      // Half of the calls with each token: one budget for the member, not one per token.
      const response = await withToken(i % 2 === 0 ? secret : other.secret, '/api/v1/activities/mine');
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit-limit')).toBe(String(RATE_LIMIT));
      expect(response.headers.get('ratelimit-remaining')).toBe(String(RATE_LIMIT - i));
      expect(response.headers.get('ratelimit-reset')).toBe('60');
      expect(response.headers.get('ratelimit-policy')).toBe(`${RATE_LIMIT};w=60`);
    }
    t.setNow(() => new Date(start + 20_000));
    const refused = await withToken(secret, '/api/v1/activities/mine');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('40');
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('ratelimit-reset')).toBe('40');
    expect(await refused.json()).toEqual({ error: { code: 'rate_limited', message: expect.stringMatching(/40 seconds/) } });
    // The member's other token is out of calls too; a colleague's token has its own count; the cookie has none.
    expect((await withToken(other.secret, '/api/v1/activities/mine')).status).toBe(429);
    expect((await withToken((await makeToken(admin)).secret, '/api/v1/activities/mine')).status).toBe(200);
    expect((await t.request('/api/v1/activities/mine', { as: caller })).headers.get('ratelimit-limit')).toBeNull();

    t.setNow(() => new Date(start + 60_001));
    const next = await withToken(secret, '/api/v1/activities/mine');
    expect(next.status).toBe(200);
    expect(next.headers.get('ratelimit-remaining')).toBe(String(RATE_LIMIT - 1));
  });
});

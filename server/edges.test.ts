import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONTACT_RATE_LIMIT, type Invitation } from '@core/contracts';
import { withInstance } from './db/tenant';
import { chooseClientAddress } from './lib/client-ip';
import { mapDatabaseError } from './lib/http';
import { ConfigError, loadConfig, parseTrustProxy, type TrustProxy } from './env';
import { createTestApp, TEST_ORIGIN, type TestApp } from './test/test-app';

/*
 * The product's edges, tried as an attacker and a careless operator would (decision 024). Each
 * block names the weakness it closes; every test here failed on the code before the fix.
 */

const apps: TestApp[] = [];
async function appWith(env: Record<string, string> = {}, now?: () => Date): Promise<TestApp> {
  const t = await createTestApp({ env, now });
  apps.push(t);
  return t;
}
afterAll(async () => {
  for (const t of apps) await t.close();
});

const unique = () => crypto.randomUUID().slice(0, 8);
const PROXY = '10.0.0.2';
const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { code: string; message: string; details?: Record<string, string> } }).error;

const contact = (message: string) => ({ name: 'Kari', email: 'kari@example.com', teamSize: '6-10', message });

describe('the client address cannot be forged', () => {
  let proxied: TestApp;
  let plain: TestApp;
  beforeAll(async () => {
    proxied = await appWith({ TRUST_PROXY: 'true' });
    plain = await appWith();
  });

  it('behind one proxy, the address is the hop the proxy wrote, not one the client wrote', async () => {
    // One real client behind our proxy, writing a new "first hop" each time: one budget.
    const statuses: number[] = [];
    for (let i = 0; i <= CONTACT_RATE_LIMIT.max; i++) {
      const response = await proxied.request('/api/v1/contact', {
        method: 'POST',
        socket: PROXY,
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}, 203.0.113.77` },
        json: contact(`Forged hop ${i} ${unique()}`),
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, CONTACT_RATE_LIMIT.max).every((s) => s === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('counts trusted hops from the right, or skips the listed proxies', () => {
    const hops = (n: number): TrustProxy => ({ kind: 'hops', hops: n });
    expect(chooseClientAddress(['127.0.0.1', '203.0.113.9', PROXY], hops(1))).toBe('203.0.113.9');
    expect(chooseClientAddress(['127.0.0.1', '203.0.113.9', '10.0.0.7', PROXY], hops(2))).toBe('203.0.113.9');
    expect(chooseClientAddress(['203.0.113.9', PROXY], hops(3))).toBe('203.0.113.9'); // fewer hops than proxies
    expect(chooseClientAddress(['not-an-ip', PROXY], hops(1))).toBe(PROXY);
    const list = parseTrustProxy('10.0.0.0/8, 192.0.2.1') as TrustProxy;
    expect(chooseClientAddress(['127.0.0.1', '203.0.113.9', '10.1.2.3', PROXY], list)).toBe('203.0.113.9');
    // A socket that is not one of our proxies: nothing in the header is believed.
    expect(chooseClientAddress(['127.0.0.1', '203.0.113.50'], list)).toBe('203.0.113.50');
    expect(parseTrustProxy('10.0.0.0/40')).toMatch(/prefix/);
    expect(parseTrustProxy('proxy.example.com')).toMatch(/not an address/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example.com' })).toThrow(/TRUST_PROXY="proxy.example.com"/);
  });

  async function signUpSomeone(t: TestApp): Promise<string> {
    const email = `mailbox-${unique()}@example.com`;
    const response = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email, password: `Dealboard-${crypto.randomUUID()}`, name: 'Mia' },
    });
    expect(response.status).toBe(200);
    return email;
  }

  it('the dev mailbox is refused to a caller elsewhere who claims to be 127.0.0.1', async () => {
    const email = await signUpSomeone(proxied);
    const forged = { 'x-forwarded-for': '127.0.0.1' };
    for (const path of ['/dev/mailbox', `/api/dev/mail?to=${encodeURIComponent(email)}`]) {
      const response = await proxied.request(path, { socket: '203.0.113.9', headers: forged });
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain(email);
    }
  });

  it('the dev mailbox is refused to anything a proxy on this machine relays (every socket looks local there)', async () => {
    const email = await signUpSomeone(plain);
    const relayed: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.9' },
      { forwarded: 'for=203.0.113.9' },
      { 'x-real-ip': '203.0.113.9' },
      { via: '1.1 nginx' },
    ];
    for (const headers of relayed) {
      const response = await plain.request('/dev/mailbox', { socket: '127.0.0.1', headers });
      expect(response.status, JSON.stringify(headers)).toBe(404);
      expect(await response.text()).not.toContain(email);
    }
  });

  it('the dev mailbox is refused to a page that rebinds its own domain to 127.0.0.1', async () => {
    const response = await plain.request('/api/dev/mail', { socket: '127.0.0.1', headers: { host: 'attacker.example:3000' } });
    expect(response.status).toBe(404);
  });

  it('this machine still reads it, and no browser or proxy may keep a copy', async () => {
    const email = await signUpSomeone(plain);
    const page = await plain.request('/dev/mailbox', { socket: '127.0.0.1', headers: { host: 'localhost:3000' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(email);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const api = await plain.request(`/api/dev/mail?to=${encodeURIComponent(email)}`, { socket: '::1' });
    expect(api.status).toBe(200);
    expect(api.headers.get('cache-control')).toBe('no-store');
  });

  it('development mode refuses to start on an address others reach, unless the operator says so', () => {
    for (const env of [
      { PUBLIC_URL: 'https://dealboard.example.com' },
      { NODE_ENV: 'development', PUBLIC_URL: 'http://192.0.2.10:3000' },
    ]) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(/NODE_ENV=.*development mode.*ALLOW_DEVELOPMENT_ON_PUBLIC_URL=true/s);
    }
    expect(loadConfig({ PUBLIC_URL: 'https://dealboard.example.com', ALLOW_DEVELOPMENT_ON_PUBLIC_URL: 'true' }).NODE_ENV).toBe(
      'development',
    );
    expect(loadConfig({ PUBLIC_URL: 'https://dealboard.example.com', NODE_ENV: 'production' }).isProduction).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3000' }).NODE_ENV).toBe('development');
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
  });

  it('sign-in links reach the log only in development', async () => {
    const printed = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const { createDeps } = await import('./bootstrap');
    const { createTestDatabase } = await import('./test/test-database');
    const database = await createTestDatabase();
    try {
      for (const NODE_ENV of ['production', 'test', 'development']) {
        const config = loadConfig({ NODE_ENV, AUTH_SECRET: 'x'.repeat(32) });
        const deps = await createDeps(config, { database });
        const link = `http://localhost:3000/api/auth/magic-link/verify?token=${NODE_ENV}-${unique()}`;
        await deps.mailer.send({ to: `${NODE_ENV}@example.com`, subject: 'Sign in', text: 'Your link', links: [link] });
        await deps.realtime.stop();
        const log = printed.mock.calls.flat().join('\n');
        if (NODE_ENV === 'development') expect(log, NODE_ENV).toContain(link);
        else expect(log, NODE_ENV).not.toContain(link);
      }
    } finally {
      printed.mockRestore();
      await database.close();
    }
  });
});

describe('a NUL byte or a lone surrogate is a 400 with a field message, never a 500', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['createMember']>>;
  let invitation: Invitation;
  beforeAll(async () => {
    t = await appWith({ TRUST_PROXY: 'true' });
    admin = await t.createMember({ role: 'admin' });
    invitation = (await (await t.request('/api/v1/invitations', { method: 'POST', as: admin, json: {} })).json()) as Invitation;
  });

  it.each([
    ['NUL', '\u0000'],
    ['a lone high surrogate', '\uD800'],
    ['a lone low surrogate', '\uDC00'],
  ])('%s in text fields of endpoints that need no sign-in', async (_label, bad) => {
    const cases: [string, unknown, string][] = [
      ['/api/v1/contact', contact(`Hello ${bad} there`), 'message'],
      ['/api/v1/invitations/magic-link', { code: invitation.code, email: `m-${unique()}@example.com`, name: `Ma${bad}ja` }, 'name'],
      [
        '/api/auth/sign-up/email',
        { email: `s-${unique()}@example.com`, password: `Dealboard-${crypto.randomUUID()}`, name: `Ni${bad}na` },
        'name',
      ],
      ['/api/v1/access-code/check', { code: `ab${bad}` }, 'code'],
    ];
    for (const [path, json, field] of cases) {
      const response = await t.request(path, {
        method: 'POST',
        json,
        headers: { 'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 250)}` },
      });
      expect(response.status, path).toBe(400);
      const error = await errorOf(response);
      expect(error.details?.[field], path).toMatch(/cannot be saved/);
    }
  });

  it('in signed-in bodies and path parameters', async () => {
    const wrapup = await t.request('/api/v1/wrapups/today', {
      method: 'PUT',
      as: admin,
      json: { calls: 1, meetings: 0, sales: 0, points: 1, good: 'Calls \uD83D went well', improve: 'x' },
    });
    expect(wrapup.status).toBe(400);
    expect((await errorOf(wrapup)).details?.good).toMatch(/cannot be saved/);
    const activity = await t.request('/api/v1/activities', {
      method: 'POST',
      as: admin,
      json: { kind: 'call', answered: true, outcome: 'no_progress', notes: 'a\u0000b' },
    });
    expect(activity.status).toBe(400);
    expect((await errorOf(activity)).details?.notes).toMatch(/cannot be saved/);
    const member = await t.request('/api/v1/team/members/%00', { method: 'DELETE', as: admin });
    expect(member.status).toBe(400);
    const role = await t.request('/api/v1/team/members/%00/role', { method: 'PATCH', as: admin, json: { role: 'admin' } });
    expect(role.status).toBe(400);
    const search = await t.request('/api/v1/customers/suggest?q=%00', { as: admin });
    expect(search.status).toBe(400);
  });

  it('a value the database itself refuses becomes a 400 on either engine, without its words', async () => {
    for (const statement of [sql`SELECT ${'a\u0000b'}::text`, sql`SELECT 'not a number'::int`, sql`SELECT 99999999999::int`]) {
      const error = await t.db.execute(statement).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error, 'the database should refuse it').not.toBeNull();
      expect(mapDatabaseError(error)).toMatchObject({ status: 400, code: 'invalid_input' });
      expect(mapDatabaseError(error)!.message).not.toMatch(/SELECT|syntax|int|text/);
    }
    expect(mapDatabaseError(new Error('plain bug'))).toBeNull();
  });
});

describe('request bodies are limited before anything parses them', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWith();
  });

  it('a 50 MB JSON body on a public endpoint is refused with 413 and the error shape', async () => {
    const big = JSON.stringify(contact('x'.repeat(50 * 1024 * 1024)));
    for (const path of ['/api/v1/contact', '/api/auth/sign-up/email', '/api/v1/invitations/magic-link']) {
      const response = await t.request(path, { method: 'POST', body: big, headers: { 'content-type': 'application/json' } });
      expect(response.status, path).toBe(413);
      expect((await errorOf(response)).code).toBe('payload_too_large');
    }
  });

  it('a streamed body without a length is cut off at the limit', async () => {
    let sent = 0;
    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.length;
        if (sent > 10 * 1024 * 1024) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const response = await t.app.request('/api/v1/contact', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(sent).toBeLessThan(1024 * 1024); // it stopped reading, not read it all then refused
  });

  it('an honest body passes', async () => {
    const response = await t.request('/api/v1/contact', { method: 'POST', json: contact('A normal message'.repeat(100)) });
    expect(response.status).toBe(201);
  });
});

describe('nobody writes the words of our mails', () => {
  let t: TestApp;
  let clock = new Date('2026-11-24T09:00:00Z');
  beforeAll(async () => {
    t = await appWith({ TENANCY: 'multi', MAIL_RECIPIENT_HOURLY_LIMIT: '3' }, () => clock);
  });
  const mailTo = async (email: string) =>
    (await t.db.execute(sql`SELECT subject, text FROM mail_outbox WHERE "to" = ${email} ORDER BY created_at`)) as unknown as {
      rows: { subject: string; text: string }[];
    };

  it('a sign-up name is capped like a display name', async () => {
    const response = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: {
        email: `long-${unique()}@example.com`,
        password: `Dealboard-${crypto.randomUUID()}`,
        name: 'Win a prize at evil.example! '.repeat(400),
      },
    });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).details?.name).toMatch(/at most 80/);
  });

  it('a company name chosen by anyone stays out of the subject of the invitation mail', async () => {
    const founder = await t.createUser();
    const created = await t.request('/api/v1/companies', {
      method: 'POST',
      as: founder,
      json: { name: 'URGENT verify your bank account', timezone: 'Europe/Oslo' },
    });
    expect(created.status).toBe(201);
    const invitation = (await (await t.request('/api/v1/invitations', { method: 'POST', as: founder, json: {} })).json()) as Invitation;
    const victim = `victim-${unique()}@example.com`;
    expect(
      (await t.request('/api/v1/invitations/magic-link', { method: 'POST', json: { code: invitation.code, email: victim } })).status,
    ).toBe(200);
    const { rows } = await mailTo(victim);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.subject).toBe('Your invitation to Dealboard');
    expect(rows[0]!.subject).not.toContain('URGENT');
    expect(rows[0]!.text).toContain('“URGENT verify your bank account”');
    const long = await t.request('/api/v1/companies', {
      method: 'POST',
      as: await t.createUser(),
      json: { name: 'x'.repeat(101), timezone: 'Europe/Oslo' },
    });
    expect(long.status).toBe(400);
  });

  it('one address gets at most the hourly number of mails, whoever asks', async () => {
    const founder = await t.createUser();
    await t.request('/api/v1/companies', { method: 'POST', as: founder, json: { name: 'Mail Flood AS', timezone: 'Europe/Oslo' } });
    const invitation = (await (await t.request('/api/v1/invitations', { method: 'POST', as: founder, json: {} })).json()) as Invitation;
    const victim = `flooded-${unique()}@example.com`;
    for (let i = 0; i < 6; i++) {
      const response = await t.request('/api/v1/invitations/magic-link', {
        method: 'POST',
        json: { code: invitation.code, email: victim },
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
      expect(response.status).toBe(200); // the requester learns nothing new
    }
    expect((await mailTo(victim)).rows).toHaveLength(3);
    clock = new Date(clock.getTime() + 61 * 60_000);
    await t.request('/api/v1/invitations/magic-link', { method: 'POST', json: { code: invitation.code, email: victim } });
    expect((await mailTo(victim)).rows).toHaveLength(4);
  });
});

describe('accepting two companies’ invitations at once', () => {
  it('answers one 200 and one 409 member_of_another_company, never a 500', async () => {
    const t = await appWith({ TENANCY: 'multi' });
    const [adminA, adminB] = [await t.createMember({ role: 'admin' }), await t.createMember({ role: 'admin' })];
    const person = await t.createUser();
    for (let round = 0; round < 5; round++) {
      const codes = await Promise.all(
        [adminA, adminB].map(
          async (admin) =>
            ((await (await t.request('/api/v1/invitations', { method: 'POST', as: admin, json: {} })).json()) as Invitation).code,
        ),
      );
      const responses = await Promise.all(
        codes.map((code) => t.request('/api/v1/invitations/accept', { method: 'POST', as: person, json: { code } })),
      );
      const statuses = responses.map((r) => r.status).sort();
      expect(statuses[0]).toBe(200);
      // Round one: a race; later rounds: the person already belongs to one of the two.
      for (const response of responses.filter((r) => r.status !== 200)) {
        expect(response.status).toBe(409);
        expect((await errorOf(response)).code).toBe('member_of_another_company');
      }
      // Read as the person (row-level security applies to the app's own role on PostgreSQL).
      const memberships = await withInstance(t.db, { companyId: null, userId: person.id }, (tx) =>
        tx.execute(sql`SELECT count(*)::int AS n FROM profiles WHERE user_id = ${person.id} AND removed_at IS NULL`),
      );
      expect((memberships as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    }
  });
});

describe('unsafe methods from a foreign origin', () => {
  let t: TestApp;
  let rep: Awaited<ReturnType<TestApp['createMember']>>;
  beforeAll(async () => {
    t = await appWith();
    rep = await t.createMember();
  });
  const countActivities = async () => {
    const result = await withInstance(t.db, { companyId: rep.companyId, userId: rep.id }, (tx) =>
      tx.execute(sql`SELECT count(*)::int AS n FROM activities WHERE user_id = ${rep.id}`),
    );
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  };

  it('a JSON POST with a valid cookie from another site is refused and writes nothing', async () => {
    const before = await countActivities();
    const refused: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
      { origin: 'null', 'sec-fetch-site': 'same-site' },
      { origin: 'http://localhost:3000.evil.example' },
    ];
    for (const headers of refused) {
      const response = await t.request('/api/v1/activities', { method: 'POST', as: rep, headers, json: { kind: 'call', answered: false } });
      expect(response.status, headers.origin).toBe(403);
      expect((await errorOf(response)).code).toBe('forbidden_origin');
    }
    const crossSite = await t.request('/api/v1/activities', {
      method: 'POST',
      as: rep,
      noOrigin: true,
      headers: { 'sec-fetch-site': 'cross-site' },
      json: { kind: 'call', answered: false },
    });
    expect(crossSite.status).toBe(403);
    const signOut = await t.request('/api/auth/sign-out', { method: 'POST', as: rep, headers: { origin: 'https://evil.example' } });
    expect(signOut.status).toBe(403);
    // The sign-in screens read better-auth's shape: they say where to go (they said "An unexpected error occurred").
    const signIn = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      noOrigin: true,
      headers: { origin: 'http://127.0.0.1:3000' },
      json: { email: 'someone@example.com', password: 'whatever it is' },
    });
    expect(signIn.status).toBe(403);
    expect(await signIn.json()).toMatchObject({
      code: 'FORBIDDEN_ORIGIN',
      message: expect.stringMatching(/^Requests that change data must come from http/),
      origin: expect.stringMatching(/^http:\/\/localhost:\d+$/),
    });
    expect(await countActivities()).toBe(before);
  });

  it('our own pages and clients without a browser still work', async () => {
    const before = await countActivities();
    expect((await t.request('/api/v1/activities', { method: 'POST', as: rep, json: { kind: 'call', answered: false } })).status).toBe(201);
    expect(
      (await t.request('/api/v1/activities', { method: 'POST', as: rep, noOrigin: true, json: { kind: 'call', answered: false } })).status,
    ).toBe(201);
    expect((await t.request('/api/v1/me', { as: rep, headers: { origin: 'https://evil.example' } })).status).toBe(200); // reads are not actions
    // A form on our own page (Referrer-Policy no-referrer makes the browser say Origin: null).
    const ownForm = await t.request('/api/v1/activities', {
      method: 'POST',
      as: rep,
      headers: { origin: 'null', 'sec-fetch-site': 'same-origin' },
      json: { kind: 'call', answered: false },
    });
    expect(ownForm.status).toBe(201);
    expect(await countActivities()).toBe(before + 3);
  });
});

describe('better-auth behind the same edges', () => {
  it('only the endpoints the app uses are open', async () => {
    const t = await appWith();
    const rep = await t.createMember();
    const update = await t.request('/api/auth/update-user', {
      method: 'POST',
      as: rep,
      json: { name: 'x', image: 'https://tracker.example/pixel.png' },
    });
    expect(update.status).toBe(404);
    expect((await t.request('/api/auth/list-sessions', { as: rep })).status).toBe(404);
    const malformed = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      body: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect((await errorOf(malformed)).code).toBe('invalid_json');
  });
});

describe('per-address limits keep their whole window', () => {
  it("better-auth pruning its own table (rows older than a minute) does not reset the app's hourly limits", async () => {
    // The app's clock runs five minutes behind: its counters look older than better-auth's window.
    const t = await appWith({ TRUST_PROXY: 'true' }, () => new Date(Date.now() - 5 * 60_000));
    const send = () =>
      t.request('/api/v1/contact', {
        method: 'POST',
        json: contact(`Pruning ${unique()}`),
        headers: { 'x-forwarded-for': '203.0.113.200' },
      });
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) expect((await send()).status).toBe(201);
    expect((await send()).status).toBe(429);

    // Make better-auth reset one of its windows, which prunes every row older than its longest window.
    const signIn = () =>
      t.request('/api/auth/sign-in/email', {
        method: 'POST',
        json: { email: `nobody-${unique()}@example.com`, password: 'Wrong-password-123' },
        headers: { 'x-forwarded-for': '198.51.100.99' },
      });
    await signIn();
    await t.db.execute(sql`UPDATE rate_limit SET last_request = last_request - 120000`);
    await signIn();
    const oldRows = async () =>
      (
        (await t.db.execute(sql`SELECT count(*)::int AS n FROM rate_limit WHERE last_request < ${Date.now() - 90_000}`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n;
    for (let i = 0; i < 50 && (await oldRows()) > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await oldRows()).toBe(0); // better-auth did prune

    expect((await send()).status).toBe(429);
  });
});

describe('found by the API fuzz (decision 025): better-auth endpoints answered 500', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWith();
  });
  const post = (path: string, body: string) => t.request(path, { method: 'POST', body, headers: { 'content-type': 'application/json' } });

  it('a body nested thousands of levels deep is a 400, not a stack overflow', async () => {
    for (const body of [`${'['.repeat(5_000)}${']'.repeat(5_000)}`, `${'{"a":'.repeat(5_000)}"x"${'}'.repeat(5_000)}`]) {
      const response = await post('/api/auth/sign-in/email', body);
      expect(response.status).toBe(400);
      // better-auth's own refusal ({ code, message }: its browser client reads that shape).
      expect(await response.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    // A NUL byte deep down is still found, and named by its path.
    const deep = await post('/api/auth/sign-in/email', `{"email":[[{"x":"a\\u0000"}]]}`);
    expect(deep.status).toBe(400);
    expect((await errorOf(deep)).details).toEqual({ 'email.0.0.x': expect.any(String) });
  });

  it('an e-mail that is not text is a 400 (the sign-up check read it as text)', async () => {
    for (const [path, body] of [
      ['/api/auth/sign-in/email', '{"email":0,"password":"x"}'],
      ['/api/auth/sign-in/magic-link', '{"email":true}'],
      ['/api/auth/send-verification-email', '{"email":{"a":1}}'],
      ['/api/auth/sign-up/email', '{"email":["a@example.com"],"password":"x","name":"x"}'],
    ] as const) {
      const response = await post(path, body);
      expect(response.status, path).toBe(400);
    }
  });

  it('a callback that is not a page of this site is a 400 (a bare word threw in better-auth; another site is an open redirect)', async () => {
    for (const callbackURL of ['xxxx', ' ', 'ää', '//evil.example/x', 'https://evil.example/app', 'javascript:alert(1)']) {
      const query = `/api/auth/verify-email?token=nope&callbackURL=${encodeURIComponent(callbackURL)}`;
      const response = await t.request(query);
      expect(response.status, callbackURL).toBe(400);
      expect((await errorOf(response)).details).toEqual({ callbackURL: expect.any(String) });
      const magic = await post('/api/auth/sign-in/magic-link', JSON.stringify({ email: `m-${unique()}@example.com`, callbackURL }));
      expect(magic.status, callbackURL).toBe(400);
    }
    // Our own pages, as paths or on PUBLIC_URL, still pass to better-auth (an unknown token: its redirect).
    for (const callbackURL of ['/auth/callback', `${TEST_ORIGIN}/auth/callback?invite=x`]) {
      const response = await t.request(`/api/auth/verify-email?token=nope&callbackURL=${encodeURIComponent(callbackURL)}`);
      expect(response.status, callbackURL).toBe(302);
    }
  });
});

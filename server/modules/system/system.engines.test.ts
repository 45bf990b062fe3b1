import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * The dev mailbox holds every sign-in and confirmation link the server sent: reading it is as good
 * as signing in as anyone. It answers only on this machine, outside production, without SMTP.
 * (In-process requests have no socket and count as this machine; a proxy's X-Forwarded-For, with
 * TRUST_PROXY, stands in for a caller elsewhere on the network. server/edges.test.ts tries it with
 * real socket addresses and forged headers.)
 */

const apps: TestApp[] = [];
async function appWith(env: Record<string, string>) {
  const t = await createTestApp({ env });
  apps.push(t);
  return t;
}
afterAll(async () => {
  for (const t of apps) await t.close();
});

async function mailTo(t: TestApp, email: string, headers: Record<string, string> = {}) {
  return t.request(`/api/dev/mail?to=${encodeURIComponent(email)}`, { headers });
}

describe('the dev mailbox', () => {
  let local: TestApp;
  let email: string;
  beforeAll(async () => {
    local = await appWith({ TRUST_PROXY: 'true' });
    email = `mailbox-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const signUp = await local.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email, password: 'correct-horse-battery', name: 'Mia Mailbox' },
    });
    expect(signUp.status).toBe(200);
  });

  it('shows this machine the confirmation mail, with its link', async () => {
    const response = await mailTo(local, email);
    expect(response.status).toBe(200);
    const { mail } = (await response.json()) as { mail: { to: string; subject: string; links: string[] }[] };
    expect(mail.length).toBeGreaterThan(0);
    expect(mail[0]!.to).toBe(email);
    expect(mail[0]!.links.some((link) => link.includes('/api/auth/verify-email'))).toBe(true);
    const page = await local.request('/dev/mailbox');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(email);
  });

  it("shows a mail's extra headers (a digest's List-Unsubscribe)", async () => {
    const to = `headers-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await local.deps.mailer.send({
      to,
      subject: 'With headers',
      text: 'Body',
      headers: { 'List-Unsubscribe': '<http://localhost:3000/unsubscribe/digest?token=x>' },
    });
    const { mail } = (await (await mailTo(local, to)).json()) as { mail: { headers: Record<string, string> }[] };
    expect(mail[0]!.headers).toEqual({ 'List-Unsubscribe': '<http://localhost:3000/unsubscribe/digest?token=x>' });
    expect(await (await local.request('/dev/mailbox')).text()).toContain(
      'List-Unsubscribe: &lt;http://localhost:3000/unsubscribe/digest?token=x&gt;',
    );
  });

  it('does not exist for a caller elsewhere on the network', async () => {
    const remote = { 'x-forwarded-for': '203.0.113.9' };
    const response = await mailTo(local, email, remote);
    expect(response.status).toBe(404);
    expect(JSON.stringify(await response.json())).not.toContain(email);
    const page = await local.request('/dev/mailbox', { headers: remote });
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain(email);
  });

  it.each<[string, Record<string, string>]>([
    ['in production', { NODE_ENV: 'production' }],
    ['once a real mail server is configured', { SMTP_URL: 'smtp://mail.example.com:587' }],
  ])(
    'does not exist %s',
    async (_label, env) => {
      const t = await appWith(env);
      expect((await mailTo(t, email)).status).toBe(404);
      expect((await t.request('/dev/mailbox')).status).toBe(404);
    },
    90_000,
  );
});

describe('GET /api/health', () => {
  it('reports the server and its database as up, with the engine and the query time', { timeout: 90_000 }, async () => {
    const t = await appWith({});
    const response = await t.request('/api/health');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { status: string; database: { engine: string; status: string; latencyMs: number } };
    expect(body.status).toBe('ok');
    expect(body.database.status).toBe('ok');
    expect(['pglite', 'postgres']).toContain(body.database.engine);
    expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('says the database is down without telling the public why', { timeout: 90_000 }, async () => {
    const t = await createTestApp();
    await t.close(); // the database is gone; the app still answers
    const response = await t.request('/api/health');
    expect(response.status).toBe(503);
    const body = (await response.json()) as { status: string; database: Record<string, unknown> };
    expect(body.status).toBe('degraded');
    expect(body.database.status).toBe('down');
    expect(body.database).not.toHaveProperty('error');
  });
});

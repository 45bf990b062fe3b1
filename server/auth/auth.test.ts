import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, mailOutbox, session } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SESSION_HOURS: '2' } });
});
afterAll(() => t.close());

const signUp = (email: string, password = 'correct-horse-battery', ip = '203.0.113.1') =>
  t.request('/api/auth/sign-up/email', {
    method: 'POST',
    headers: { 'x-forwarded-for': ip },
    json: { email, password, name: 'Test Person', callbackURL: '/auth/callback' },
  });

describe('accounts', () => {
  it('stores passwords as argon2id hashes, never in the clear', async () => {
    const person = await t.createUser({ password: 'correct-horse-battery' });
    const [row] = await t.db.select({ password: account.password }).from(account).where(eq(account.userId, person.id));
    expect(row!.password).toMatch(/^\$argon2id\$/);
    expect(row!.password).not.toContain('correct-horse-battery');
  });

  it('sends the confirmation mail to the outbox and refuses sign-in until it is confirmed', async () => {
    const email = 'unconfirmed@example.com';
    expect((await signUp(email)).status).toBe(200);
    const mail = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.links[0]).toMatch(/\/api\/auth\/verify-email\?token=.+callbackURL=%2Fauth%2Fcallback/);
    const signIn = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password: 'correct-horse-battery' } });
    expect(signIn.status).toBe(403);
  });

  it('sends a confirmation link opened again to the sign-in page, which says the address is confirmed already', async () => {
    const email = 'twice@example.com';
    expect((await signUp(email)).status).toBe(200);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    const link = new URL(mail!.links[0]!);
    const first = await t.request(link.pathname + link.search);
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('/auth/callback');
    const again = await t.request(link.pathname + link.search);
    expect(again.status).toBe(302);
    expect(again.headers.get('location')).toBe('/auth?already_confirmed=1');
    // A forged token learns nothing: better-auth answers it as an invalid link, as before.
    const forged = await t.request(
      `/api/auth/verify-email?token=${link.searchParams.get('token')!.slice(0, -2)}xx&callbackURL=%2Fauth%2Fcallback`,
    );
    expect(forged.headers.get('location')).toMatch(/^\/auth\/callback\?error=/);
  });

  it('rejects a password shorter than 10 characters', async () => {
    const response = await signUp('short@example.com', 'Zq9#vL2!x');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'PASSWORD_TOO_SHORT' });
  });

  it('keeps sessions in an httpOnly, SameSite=Lax cookie with a fixed lifetime', async () => {
    const person = await t.createUser();
    const response = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: person.email, password: person.password },
    });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('dealboard.session_token='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=7200/);
    const body = JSON.stringify(await response.json());
    expect(body).not.toContain('session_token');

    const [before] = await t.db.select().from(session).where(eq(session.userId, person.id));
    // Using the session does not extend it: the lifetime is absolute.
    await t.request('/api/v1/me', { as: person });
    await t.request('/api/auth/get-session', { as: person });
    const [after] = await t.db.select().from(session).where(eq(session.userId, person.id));
    expect(after!.expiresAt.getTime()).toBe(before!.expiresAt.getTime());
    expect(before!.expiresAt.getTime() - before!.createdAt.getTime()).toBeLessThanOrEqual(2 * 3600 * 1000 + 1000);
  });
});

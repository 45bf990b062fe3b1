import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, session } from '../db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../test/test-app';

/*
 * Forgot password, as the /auth screens use it: better-auth's request-password-reset mails a link
 * that opens our page (/auth/reset-password?token=...), and reset-password sets the new password.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const requestReset = (email: string, redirectTo?: string) =>
  t.request('/api/auth/request-password-reset', { method: 'POST', json: redirectTo ? { email, redirectTo } : { email } });

const resetPassword = (token: string, newPassword: string) =>
  t.request('/api/auth/reset-password', { method: 'POST', json: { token, newPassword } });

const signIn = (email: string, password: string) => t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });

async function mailedResetLinks(email: string): Promise<string[]> {
  const mail = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt));
  return mail.flatMap((m) => m.links).filter((link) => link.includes('/reset-password/'));
}

/** Follows the mailed link like a browser: better-auth checks the token and redirects to our page. */
async function followLink(link: string): Promise<URL> {
  const url = new URL(link);
  const response = await t.request(url.pathname + url.search, { redirect: 'manual' });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location')!);
}

describe('password reset', () => {
  it('mails a link that opens /auth/reset-password with a token, which sets the new password once', async () => {
    const person = await t.createUser({ password: 'old-password-1' });
    const response = await requestReset(person.email);
    expect(response.status).toBe(200);

    const [link] = await mailedResetLinks(person.email);
    expect(link).toBeDefined();
    const landing = await followLink(link!);
    expect(landing.origin).toBe(TEST_ORIGIN);
    expect(landing.pathname).toBe('/auth/reset-password');
    const token = landing.searchParams.get('token');
    expect(token).toBeTruthy();

    expect((await resetPassword(token!, 'new-password-2')).status).toBe(200);
    expect((await signIn(person.email, 'old-password-1')).status).toBe(401);
    expect((await signIn(person.email, 'new-password-2')).status).toBe(200);

    // The link works once: used again, it lands on our page with the error, and the API refuses it.
    const reused = await followLink(link!);
    expect(reused.pathname).toBe('/auth/reset-password');
    expect(reused.searchParams.get('error')).toBe('INVALID_TOKEN');
    const again = await resetPassword(token!, 'third-password-3');
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('always opens our page, whatever page the caller named', async () => {
    const person = await t.createUser();
    expect((await requestReset(person.email, '/app')).status).toBe(200);
    const [link] = await mailedResetLinks(person.email);
    expect((await followLink(link!)).pathname).toBe('/auth/reset-password');
  });

  it('answers an unknown address exactly like a known one, and mails nobody', async () => {
    const person = await t.createUser();
    const known = await requestReset(person.email);
    const unknown = await requestReset('nobody-here@example.com');
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());
    expect(await mailedResetLinks('nobody-here@example.com')).toEqual([]);
  });

  it('signs the account out everywhere once the password is reset', async () => {
    const person = await t.createUser();
    expect(await (await t.request('/api/v1/me', { as: person })).json()).toMatchObject({ user: { id: person.id } });
    await requestReset(person.email);
    const [link] = await mailedResetLinks(person.email);
    const token = (await followLink(link!)).searchParams.get('token')!;
    expect((await resetPassword(token, 'brand-new-secret')).status).toBe(200);
    expect(await t.db.select().from(session).where(eq(session.userId, person.id))).toEqual([]);
    expect(await (await t.request('/api/v1/me', { as: person })).json()).toBeNull();
  });

  it('refuses a new password shorter than 10 characters and keeps the token usable', async () => {
    const person = await t.createUser();
    await requestReset(person.email);
    const [link] = await mailedResetLinks(person.email);
    const token = (await followLink(link!)).searchParams.get('token')!;
    const short = await resetPassword(token, 'Zq9#vL2!x');
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ code: 'PASSWORD_TOO_SHORT' });
    expect((await resetPassword(token, 'Zq9#vL2!xR')).status).toBe(200);
  });

  it('refuses a made-up token', async () => {
    const response = await resetPassword('not-a-real-token', 'whatever-password');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    const landing = await followLink(`${TEST_ORIGIN}/api/auth/reset-password/not-a-real-token?callbackURL=%2Fauth%2Freset-password`);
    expect(landing.pathname).toBe('/auth/reset-password');
    expect(landing.searchParams.get('error')).toBe('INVALID_TOKEN');
  });
});

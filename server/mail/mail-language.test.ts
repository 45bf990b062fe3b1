import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';
import { chooseMailLanguage, UI_LANGUAGE_HEADER } from './templates';

/*
 * Mails speak the reader's language: the saved language first, then the language on the screen
 * the request came from (the web app sends it), then the browser's, then English.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function latestMailTo(email: string) {
  const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt)).limit(1);
  return mail;
}

const fresh = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`;

describe('chooseMailLanguage', () => {
  it.each<[string, string | null, Record<string, string>, 'en' | 'nb']>([
    ['the saved language wins', 'nb', { [UI_LANGUAGE_HEADER]: 'en', 'accept-language': 'en-GB' }, 'nb'],
    ['then the screen', null, { [UI_LANGUAGE_HEADER]: 'nb', 'accept-language': 'en-GB,en' }, 'nb'],
    ['then the browser (nn and no read as bokmål)', null, { 'accept-language': 'nn-NO,nn;q=0.9,en;q=0.8' }, 'nb'],
    ['an English browser', null, { 'accept-language': 'en-US,en;q=0.9' }, 'en'],
    ['a language we do not write falls back to English', null, { 'accept-language': 'de-DE' }, 'en'],
    ['nothing known', null, {}, 'en'],
  ])('%s', (_label, saved, headers, expected) => {
    expect(chooseMailLanguage(saved, new Headers(headers))).toBe(expected);
  });
});

describe('mails in the reader’s language', () => {
  it('a sign-up from a Norwegian screen gets its confirmation in Norwegian; from an English one, in English', async () => {
    const kari = fresh('kari');
    const signUp = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email: kari, password: 'correct-horse-battery', name: 'Kari' },
      headers: { [UI_LANGUAGE_HEADER]: 'nb' },
    });
    expect(signUp.status).toBe(200);
    const norwegian = await latestMailTo(kari);
    expect(norwegian?.subject).toBe('Bekreft e-posten din for Dealboard');
    expect(norwegian?.text).toContain('Hei Kari,');
    expect(norwegian?.html).toContain('lang="nb"');

    const john = fresh('john');
    await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email: john, password: 'correct-horse-battery', name: 'John' },
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect((await latestMailTo(john))?.subject).toBe('Confirm your e-mail for Dealboard');
  });

  it('a password reset follows the saved language, and says how long the link works', async () => {
    const person = await t.createMember();
    const saved = await t.request('/api/v1/me/profile', { method: 'PATCH', as: person, json: { language: 'nb' } });
    expect(saved.status).toBe(200);
    const response = await t.request('/api/auth/request-password-reset', {
      method: 'POST',
      json: { email: person.email },
      headers: { 'accept-language': 'en-US' },
    });
    expect(response.status).toBe(200);
    const mail = await latestMailTo(person.email);
    expect(mail?.subject).toBe('Tilbakestill passordet ditt i Dealboard');
    expect(mail?.text).toContain('Lenken virker én gang, i én time.');
  });

  it('an invitation magic link asked for from a Norwegian screen comes in Norwegian', async () => {
    const admin = await t.createMember({ role: 'admin' });
    const created = await t.request('/api/v1/invitations', { method: 'POST', as: admin, json: { role: 'user', expiresInDays: 7 } });
    const { code } = (await created.json()) as { code: string };
    const email = fresh('nora');
    const response = await t.request('/api/v1/invitations/magic-link', {
      method: 'POST',
      json: { code, email },
      headers: { [UI_LANGUAGE_HEADER]: 'nb' },
    });
    expect(response.status).toBe(200);
    const mail = await latestMailTo(email);
    expect(mail?.subject).toBe('Invitasjonen din til Dealboard');
    expect(mail?.text).toMatch(/bli med i «.+»/);
    expect(mail?.text).toContain('Lenken virker én gang og utløper om 15 minutter.');
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, CompanySettings, ProfileSettings } from '@core/contracts';
import { withTenant } from '../../db/tenant';
import { createTestApp, type TestApp } from '../../test/test-app';

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
let admin: Member;
let rep: Member;
let otherAdmin: Member;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createMember({ role: 'admin', name: 'Ada Admin' });
  rep = await t.createMember({ companyId: admin.companyId, role: 'user', name: 'Rita Rep' });
  otherAdmin = await t.createMember({ role: 'admin', name: 'Otto Other' });
});
afterAll(() => t.close());

const errorOf = async (response: Response) => ((await response.json()) as ApiError).error;

async function profile(as: Member): Promise<ProfileSettings> {
  const response = await t.request('/api/v1/me/profile', { as });
  expect(response.status).toBe(200);
  return (await response.json()) as ProfileSettings;
}

async function company(as: Member): Promise<CompanySettings> {
  const response = await t.request('/api/v1/company', { as });
  expect(response.status).toBe(200);
  return (await response.json()) as CompanySettings;
}

describe('personal settings', () => {
  it('shows the display name, avatar, read-only e-mail and language', async () => {
    expect(await profile(rep)).toEqual({ displayName: 'Rita Rep', avatarUrl: null, email: rep.email, language: null, digestOptOut: false });
  });

  it('trims the display name and stores the language', async () => {
    const response = await t.request('/api/v1/me/profile', {
      method: 'PATCH',
      as: rep,
      json: { displayName: '  Rita R.  ', language: 'nb' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      displayName: 'Rita R.',
      avatarUrl: null,
      email: rep.email,
      language: 'nb',
      digestOptOut: false,
    });
    // /me (the shell's avatar and name, and the language the next sign-in opens in) follows.
    const me = (await (await t.request('/api/v1/me', { as: rep })).json()) as {
      user: { language: string | null };
      profile: { displayName: string };
    };
    expect(me.profile).toMatchObject({ displayName: 'Rita R.' });
    expect(me.user.language).toBe('nb');
  });

  it('turns empty text into null and leaves omitted fields alone', async () => {
    const cleared = await t.request('/api/v1/me/profile', { method: 'PATCH', as: rep, json: { displayName: '', language: null } });
    expect(cleared.status).toBe(200);
    expect(await cleared.json()).toMatchObject({ displayName: null, language: null });
    const me = (await (await t.request('/api/v1/me', { as: rep })).json()) as { user: { language: string | null } };
    expect(me.user.language).toBeNull();
  });

  it('refuses an outside avatar URL (decision 023: pictures are uploaded) and says how to set one', async () => {
    for (const avatarUrl of [
      'https://cdn.example.com/rita.png',
      'http://tracker.example/pixel.gif',
      '/api/v1/avatars/00000000-0000-4000-8000-000000000000',
      '',
      null,
    ]) {
      const response = await t.request('/api/v1/me/profile', { method: 'PATCH', as: rep, json: { displayName: 'Tracked', avatarUrl } });
      expect(response.status, JSON.stringify(avatarUrl)).toBe(400);
      const error = await errorOf(response);
      expect(error.code).toBe('invalid_input');
      expect(error.details?.avatarUrl).toMatch(/upload a picture/i);
    }
    expect(await profile(rep)).toMatchObject({ displayName: null, avatarUrl: null });
  });

  it.each([
    [{ avatarUrl: 'javascript:alert(1)' }, 'avatarUrl'],
    [{ avatarUrl: 'https://example.com/a.png' }, 'avatarUrl'],
    [{ displayName: 'x'.repeat(81) }, 'displayName'],
    [{ displayName: 'Ada\nAdmin' }, 'displayName'],
    [{ displayName: 42 }, 'displayName'],
    [{ language: 'de' }, 'language'],
    [{ email: 'new@example.com' }, '_'],
  ])('refuses %j with a 400 and writes nothing', async (body, field) => {
    const before = await profile(admin);
    const response = await t.request('/api/v1/me/profile', { method: 'PATCH', as: admin, json: body });
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe('invalid_input');
    expect(Object.keys(error.details ?? {})).toContain(field);
    expect(await profile(admin)).toEqual(before);
  });

  it('changes only the caller’s own profile', async () => {
    await t.request('/api/v1/me/profile', { method: 'PATCH', as: admin, json: { displayName: 'Ada the Admin' } });
    expect((await profile(admin)).displayName).toBe('Ada the Admin');
    expect((await profile(otherAdmin)).displayName).toBe('Otto Other');
  });
});

describe('company settings', () => {
  it('shows name, zone, currency, created date and counts to any member', async () => {
    await withTenant(t.db, { companyId: admin.companyId, userId: rep.id }, async (tx) => {
      await tx.execute(sql`INSERT INTO customer_companies (company_id, name) VALUES (${admin.companyId}, 'Fjord AS')`);
      await tx.execute(
        sql`INSERT INTO activities (company_id, user_id, type, local_date) VALUES (${admin.companyId}, ${rep.id}, 'call_answered', '2026-11-20')`,
      );
      await tx.execute(
        sql`INSERT INTO activities (company_id, user_id, type, local_date) VALUES (${admin.companyId}, ${rep.id}, 'call_unanswered', '2026-11-20')`,
      );
    });
    const view = await company(rep);
    expect(view).toMatchObject({ id: admin.companyId, name: 'Acme Sales AS', timezone: 'Europe/Oslo', currency: 'NOK' });
    expect(view.counts).toEqual({ members: 2, activities: 2, customers: 1 });
    expect(Number.isNaN(Date.parse(view.createdAt))).toBe(false);
    expect((await company(otherAdmin)).counts).toEqual({ members: 1, activities: 0, customers: 0 });
  });

  it('lets an admin change name (trimmed), time zone and currency', async () => {
    const response = await t.request('/api/v1/company', {
      method: 'PATCH',
      as: admin,
      json: { name: '  Nordlys Salg  ', timezone: 'America/New_York', currency: 'USD' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ name: 'Nordlys Salg', timezone: 'America/New_York', currency: 'USD' });
    expect(await company(rep)).toMatchObject({ name: 'Nordlys Salg', timezone: 'America/New_York', currency: 'USD' });
    expect((await company(otherAdmin)).name).toBe('Acme Sales AS');
  });

  it.each([
    [{ name: '   ' }, 'name'],
    [{ name: 'x'.repeat(101) }, 'name'],
    [{ timezone: 'Mars/Olympus' }, 'timezone'],
    [{ timezone: '' }, 'timezone'],
    [{ currency: 'BTC' }, 'currency'],
    [{}, '_'],
    [{ id: 'x' }, '_'],
  ])('refuses %j with a 400 and writes nothing', async (body, field) => {
    const before = await company(admin);
    const response = await t.request('/api/v1/company', { method: 'PATCH', as: admin, json: body });
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(Object.keys(error.details ?? {})).toContain(field);
    expect(await company(admin)).toEqual(before);
  });

  it('refuses users (403) and anonymous callers (401)', async () => {
    const before = await company(admin);
    const asUser = await t.request('/api/v1/company', { method: 'PATCH', as: rep, json: { name: 'Hijacked' } });
    expect(asUser.status).toBe(403);
    expect((await errorOf(asUser)).message).toBe('Access denied. You need administrator privileges to access this page.');
    expect((await t.request('/api/v1/company', { method: 'PATCH', json: { name: 'Hijacked' } })).status).toBe(401);
    expect((await t.request('/api/v1/company')).status).toBe(401);
    expect(await company(admin)).toEqual(before);
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, Billing, Invitation, SignupPolicySettings } from '@core/contracts';
import { user } from '../../db/schema';
import { toCompanyId, withInstance } from '../../db/tenant';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';

/*
 * Sign-up policy and billing, in single-tenant mode as it runs: everyone is provisioned into the
 * one shared company, the first person as admin.
 */

let t: TestApp;
let admin: TestUser;
let rep: TestUser;

async function provisioned(name: string): Promise<TestUser> {
  const person = await t.createUser({ name });
  expect((await t.request('/api/v1/me/provision', { method: 'POST', as: person })).status).toBe(200);
  return person;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await provisioned('First Admin');
  rep = await provisioned('Second Rep');
});
afterAll(() => t.close());

const errorOf = async (response: Response) => ((await response.json()) as ApiError).error;

const putPolicy = (as: TestUser | null, json: unknown) => t.request('/api/v1/admin/signup-policy', { method: 'PUT', as, json });

async function policy(): Promise<SignupPolicySettings> {
  const response = await t.request('/api/v1/admin/signup-policy', { as: admin });
  expect(response.status).toBe(200);
  return (await response.json()) as SignupPolicySettings;
}

function signUp(email: string, headers: Record<string, string> = {}) {
  return t.request('/api/auth/sign-up/email', {
    method: 'POST',
    headers,
    json: { email, password: 'correct-horse-battery', name: 'New Person' },
  });
}

async function accountExists(email: string): Promise<boolean> {
  const rows = await t.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return rows.length > 0;
}

const freshEmail = (tag: string) => `${tag}-${crypto.randomUUID().slice(0, 8)}@example.com`;

async function createInvitation(): Promise<Invitation> {
  const response = await t.request('/api/v1/invitations', { method: 'POST', as: admin, json: {} });
  expect(response.status).toBe(201);
  return (await response.json()) as Invitation;
}

describe('sign-up policy settings', () => {
  it('starts open with no access code; the public endpoint shows the policy only', async () => {
    expect(await policy()).toEqual({ policy: 'open', accessCode: null, enforced: true });
    const pub = await t.request('/api/v1/signup-policy');
    expect(pub.status).toBe(200);
    expect(await pub.json()).toEqual({ policy: 'open' });
  });

  it('an admin sets access_code with a code; the public view never shows the code', async () => {
    const response = await putPolicy(admin, { policy: 'access_code', accessCode: '  fjord-2026 ' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ policy: 'access_code', accessCode: 'fjord-2026', enforced: true });
    const pub = await t.request('/api/v1/signup-policy');
    expect(await pub.json()).toEqual({ policy: 'access_code' });
    // Omitting the code keeps it.
    expect(await (await putPolicy(admin, { policy: 'access_code' })).json()).toMatchObject({ accessCode: 'fjord-2026' });
    // The onboarding access-code check uses the same code.
    const check = await t.request('/api/v1/access-code/check', { method: 'POST', json: { code: 'fjord-2026' } });
    expect(await check.json()).toEqual({ valid: true });
  });

  it.each([
    [{ policy: 'access_code', accessCode: '' }, 'accessCode'],
    [{ policy: 'access_code', accessCode: null }, 'accessCode'],
    [{ policy: 'closed' }, 'policy'],
    [{ policy: 'open', accessCode: 'abc' }, 'accessCode'],
    [{ policy: 'open', accessCode: 'x'.repeat(101) }, 'accessCode'],
    [{}, 'policy'],
  ])('refuses %j with a 400 and writes nothing', async (body, field) => {
    const before = await policy();
    const response = await putPolicy(admin, body);
    expect(response.status).toBe(400);
    expect(Object.keys((await errorOf(response)).details ?? {})).toContain(field);
    expect(await policy()).toEqual(before);
  });

  it('refuses users and anonymous callers, reading or writing', async () => {
    const before = await policy();
    expect((await putPolicy(rep, { policy: 'open', accessCode: null })).status).toBe(403);
    expect((await putPolicy(null, { policy: 'open', accessCode: null })).status).toBe(401);
    expect((await t.request('/api/v1/admin/signup-policy', { as: rep })).status).toBe(403);
    expect((await t.request('/api/v1/admin/signup-policy')).status).toBe(401);
    expect(await policy()).toEqual(before);
  });
});

describe('the policy is enforced at sign-up (/api/auth/sign-up/email)', () => {
  it('access_code: refuses a missing or wrong code, accepts the right one or an invitation', async () => {
    await putPolicy(admin, { policy: 'access_code', accessCode: 'fjord-2026' });

    const missing = freshEmail('missing');
    const noCode = await signUp(missing);
    expect(noCode.status).toBe(403);
    expect(await noCode.json()).toMatchObject({ code: 'ACCESS_CODE_REQUIRED', message: expect.stringMatching(/access code is required/) });
    expect(await accountExists(missing)).toBe(false);

    const wrong = freshEmail('wrong');
    const badCode = await signUp(wrong, { 'x-access-code': 'fjord-2025' });
    expect(badCode.status).toBe(403);
    expect(await badCode.json()).toMatchObject({ code: 'INVALID_ACCESS_CODE', message: 'Invalid access code' });
    expect(await accountExists(wrong)).toBe(false);

    const right = freshEmail('right');
    expect((await signUp(right, { 'x-access-code': ' fjord-2026 ' })).status).toBe(200);
    expect(await accountExists(right)).toBe(true);

    const invited = freshEmail('invited');
    const invitation = await createInvitation();
    expect((await signUp(invited, { 'x-invite-code': invitation.code })).status).toBe(200);
  });

  it('invite_only: refuses without a valid invitation, accepts with one', async () => {
    await putPolicy(admin, { policy: 'invite_only' });
    expect(await (await t.request('/api/v1/signup-policy')).json()).toEqual({ policy: 'invite_only' });

    const uninvited = freshEmail('uninvited');
    const refused = await signUp(uninvited, { 'x-access-code': 'fjord-2026' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'INVITE_ONLY', message: expect.stringMatching(/by invitation only/) });
    expect(await accountExists(uninvited)).toBe(false);

    const forged = freshEmail('forged');
    const badInvite = await signUp(forged, { 'x-invite-code': 'made-up' });
    expect(badInvite.status).toBe(403);
    expect(await badInvite.json()).toMatchObject({ code: 'INVITATION_INVALID', message: 'The invitation is not valid or has expired' });
    expect(await accountExists(forged)).toBe(false);

    const invitation = await createInvitation();
    const invited = freshEmail('invited');
    expect((await signUp(invited, { 'x-invite-code': invitation.code })).status).toBe(200);
    expect(await accountExists(invited)).toBe(true);
  });

  it('invite_only: signing in does not make a newcomer a member; accepting the invitation does, once', async () => {
    await putPolicy(admin, { policy: 'invite_only' });
    const invitation = await createInvitation();
    const email = freshEmail('holds-invite');
    expect((await signUp(email, { 'x-invite-code': invitation.code })).status).toBe(200);
    const [created] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    await t.db.update(user).set({ emailVerified: true }).where(eq(user.id, created!.id));
    const person: TestUser = {
      id: created!.id,
      email,
      name: 'New Person',
      password: 'correct-horse-battery',
      cookie: await t.signIn(email, 'correct-horse-battery'),
    };

    const provision = await t.request('/api/v1/me/provision', { method: 'POST', as: person });
    expect(await provision.json()).toMatchObject({ success: true, created: false });
    const before = (await (await t.request('/api/v1/me', { as: person })).json()) as { onboarding: { hasCompany: boolean } };
    expect(before.onboarding.hasCompany).toBe(false);

    const accepted = await t.request('/api/v1/invitations/accept', { method: 'POST', as: person, json: { code: invitation.code } });
    expect(accepted.status).toBe(200);
    const list = (await (await t.request('/api/v1/invitations', { as: admin })).json()) as { invitations: Invitation[] };
    expect(list.invitations.find((i) => i.code === invitation.code)?.status).toBe('used');
    await putPolicy(admin, { policy: 'open' });
  });

  it('invite_only: a used or expired invitation does not open the door', async () => {
    await putPolicy(admin, { policy: 'invite_only' });
    const used = await createInvitation();
    const expired = await createInvitation();
    const me = (await (await t.request('/api/v1/me', { as: admin })).json()) as { company: { id: string } };
    // Tenant policies are forced even for the owning role (PostgreSQL): act inside the company.
    await withInstance(t.db, { companyId: toCompanyId(me.company.id), userId: null }, async (tx) => {
      await tx.execute(sql`UPDATE invitations SET used_by = ${rep.id}, used_at = now() WHERE code = ${used.code}`);
      await tx.execute(sql`UPDATE invitations SET expires_at = now() - interval '1 minute' WHERE code = ${expired.code}`);
    });
    for (const code of [used.code, expired.code]) {
      const email = freshEmail('late');
      const response = await signUp(email, { 'x-invite-code': code });
      expect(response.status).toBe(403);
      expect(await accountExists(email)).toBe(false);
    }
  });

  it('invite_only also guards magic links for e-mails without an account', async () => {
    await putPolicy(admin, { policy: 'invite_only' });
    const stranger = freshEmail('magic-stranger');
    const direct = await t.request('/api/auth/sign-in/magic-link', { method: 'POST', json: { email: stranger, callbackURL: '/app' } });
    expect(direct.status).toBe(403);
    const [mail] = await t.db
      .execute(sql`SELECT 1 FROM mail_outbox WHERE "to" = ${stranger}`)
      .then((r) => (r as unknown as { rows: unknown[] }).rows);
    expect(mail).toBeUndefined();
    // Existing accounts may still sign in by magic link.
    const existing = await t.request('/api/auth/sign-in/magic-link', { method: 'POST', json: { email: rep.email, callbackURL: '/app' } });
    expect(existing.status).toBe(200);
    // And the invitation route passes the invitation along.
    const invitation = await createInvitation();
    const invited = await t.request('/api/v1/invitations/magic-link', {
      method: 'POST',
      json: { code: invitation.code, email: freshEmail('magic-invited') },
    });
    expect(invited.status).toBe(200);
  });

  it('open: anyone may sign up, but an entered access code must be right', async () => {
    await putPolicy(admin, { policy: 'open' });
    expect((await signUp(freshEmail('open'))).status).toBe(200);
    const wrong = freshEmail('open-wrong');
    expect((await signUp(wrong, { 'x-access-code': 'nope' })).status).toBe(403);
    expect(await accountExists(wrong)).toBe(false);
    expect((await signUp(freshEmail('open-right'), { 'x-access-code': 'fjord-2026' })).status).toBe(200);
  });
});

describe('billing', () => {
  it('shows the plan and monthly price for the active member count', async () => {
    await putPolicy(admin, { policy: 'open' });
    const response = await t.request('/api/v1/admin/billing', { as: admin });
    expect(response.status).toBe(200);
    const billing = (await response.json()) as Billing;
    expect(billing).toMatchObject({ plan: 'free', currency: 'USD', monthlyPriceCents: 0, priceOnRequest: false });
    const members = billing.memberCount;
    expect(members).toBeGreaterThanOrEqual(2);

    // Grow the company past Free: 6 active members is Pro at $99.
    for (let i = members; i < 6; i++) await provisioned(`Grower ${i}`);
    expect(await (await t.request('/api/v1/admin/billing', { as: admin })).json()).toMatchObject({
      plan: 'pro',
      memberCount: 6,
      monthlyPriceCents: 9900,
      includedUsers: 10,
      additionalUsers: 0,
    });
  });

  it('refuses users and anonymous callers', async () => {
    expect((await t.request('/api/v1/admin/billing', { as: rep })).status).toBe(403);
    expect((await t.request('/api/v1/admin/billing')).status).toBe(401);
  });
});

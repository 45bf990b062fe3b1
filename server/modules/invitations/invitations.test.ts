import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AcceptInvitationResult, ApiError, Invitation, InvitationList, InvitationPreview, Me } from '@core/contracts';
import { mailOutbox } from '../../db/schema';
import { seedMembership } from '../../seed/factories';
import { toCompanyId, toUserId, withInstance } from '../../db/tenant';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';

type Member = Awaited<ReturnType<TestApp['createMember']>>;

const DAY = 24 * 60 * 60 * 1000;
const INVALID = 'The invitation is not valid or has expired';

let t: TestApp;
let admin: Member;
let rep: Member;
let otherAdmin: Member;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createMember({ role: 'admin', name: 'Ada Admin' });
  rep = await t.createMember({ companyId: admin.companyId, name: 'Rita Rep' });
  otherAdmin = await t.createMember({ role: 'admin', name: 'Otto Other' });
});
afterAll(() => t.close());

const errorOf = async (response: Response) => ((await response.json()) as ApiError).error;

async function invite(as: Member, json: unknown = {}): Promise<Invitation> {
  const response = await t.request('/api/v1/invitations', { method: 'POST', as, json });
  expect(response.status).toBe(201);
  return (await response.json()) as Invitation;
}

async function list(as: Member): Promise<Invitation[]> {
  const response = await t.request('/api/v1/invitations', { as });
  expect(response.status).toBe(200);
  return ((await response.json()) as InvitationList).invitations;
}

async function preview(code: string): Promise<InvitationPreview> {
  const response = await t.request(`/api/v1/invitations/preview/${encodeURIComponent(code)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as InvitationPreview;
}

const accept = (as: TestUser | null, code: unknown) => t.request('/api/v1/invitations/accept', { method: 'POST', as, json: { code } });

async function countInvitations(companyId: string): Promise<number> {
  return withInstance(t.db, { companyId: toCompanyId(companyId), userId: null }, async (tx) => {
    const result = await tx.execute(sql`SELECT count(*)::int AS n FROM invitations WHERE company_id = ${companyId}`);
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  });
}

async function membershipOf(userId: string): Promise<{ company_id: string; role: string }[]> {
  return withInstance(t.db, { companyId: null, userId: toUserId(userId) }, async (tx) => {
    const result = await tx.execute(sql`SELECT company_id, role FROM profiles WHERE user_id = ${userId} AND removed_at IS NULL`);
    return (result as unknown as { rows: { company_id: string; role: string }[] }).rows;
  });
}

describe('creating and listing invitations', () => {
  it('creates a user invitation expiring in 7 days by default, with a long url-safe code and link', async () => {
    const now = Date.now();
    const created = await invite(admin);
    expect(created).toMatchObject({ role: 'user', status: 'active', usedBy: null, usedAt: null, createdBy: admin.id });
    expect(created.code).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(created.url).toBe(`http://localhost:3000/invite/${created.code}`);
    const days = (Date.parse(created.expiresAt) - now) / DAY;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
  });

  it('creates an admin invitation with the expiry asked for (1 to 30 days), never the same code twice', async () => {
    const a = await invite(admin, { role: 'admin', expiresInDays: 30 });
    const b = await invite(admin, { expiresInDays: 1 });
    expect(a.role).toBe('admin');
    expect(a.code).not.toBe(b.code);
    expect(Math.round((Date.parse(a.expiresAt) - Date.parse(a.createdAt)) / DAY)).toBe(30);
  });

  it.each([
    [{ expiresInDays: 0 }, 'expiresInDays'],
    [{ expiresInDays: 31 }, 'expiresInDays'],
    [{ expiresInDays: 2.5 }, 'expiresInDays'],
    [{ role: 'manager' }, 'role'],
    [{ role: 'owner' }, 'role'],
    [{ code: 'chosen-by-me' }, '_'],
  ])('refuses %j with a 400 and writes nothing', async (body, field) => {
    const before = await countInvitations(admin.companyId);
    const response = await t.request('/api/v1/invitations', { method: 'POST', as: admin, json: body });
    expect(response.status).toBe(400);
    expect(Object.keys((await errorOf(response)).details ?? {})).toContain(field);
    expect(await countInvitations(admin.companyId)).toBe(before);
  });

  it('lists newest first with Active / Used / Expired, a stored manager role as user', async () => {
    const company = await t.createMember({ role: 'admin' });
    t.setNow(() => new Date(Date.now() - 10 * DAY));
    const expired = await invite(company, { expiresInDays: 2 });
    t.setNow(() => new Date(Date.now() - 5 * DAY));
    const used = await invite(company);
    t.setNow(() => new Date(Date.now() - 1 * DAY));
    const manager = await invite(company);
    t.setNow(() => new Date());
    const active = await invite(company, { role: 'admin' });
    await withInstance(t.db, { companyId: company.companyId, userId: null }, (tx) =>
      tx.execute(sql`UPDATE invitations SET role = 'manager' WHERE id = ${manager.id}`),
    );
    const joiner = await t.createUser({ name: 'Jo Joiner' });
    expect((await accept(joiner, used.code)).status).toBe(200);

    const rows = await list(company);
    expect(rows.map((r) => r.id)).toEqual([active.id, manager.id, used.id, expired.id]);
    expect(rows.map((r) => r.status)).toEqual(['active', 'active', 'used', 'expired']);
    expect(rows.map((r) => r.role)).toEqual(['admin', 'user', 'user', 'user']);
    expect(rows[2]).toMatchObject({ usedBy: joiner.id, usedByName: 'Jo Joiner' });
    expect(rows[2]!.usedAt).not.toBeNull();
    // Another company's admin sees none of them.
    expect((await list(otherAdmin)).map((r) => r.id)).not.toContain(active.id);
  });

  it('deletes any invitation, whatever its status; a deleted code no longer works', async () => {
    const company = await t.createMember({ role: 'admin' });
    const active = await invite(company);
    const used = await invite(company);
    expect((await accept(await t.createUser(), used.code)).status).toBe(200);
    for (const invitation of [active, used]) {
      const response = await t.request(`/api/v1/invitations/${invitation.id}`, { method: 'DELETE', as: company });
      expect(response.status).toBe(200);
    }
    expect(await list(company)).toEqual([]);
    expect((await preview(active.code)).valid).toBe(false);
    expect((await t.request(`/api/v1/invitations/${active.id}`, { method: 'DELETE', as: company })).status).toBe(404);
  });

  it('refuses users, anonymous callers and admins of another company', async () => {
    const mine = await invite(admin);
    const before = await countInvitations(admin.companyId);
    expect((await t.request('/api/v1/invitations', { method: 'POST', as: rep, json: {} })).status).toBe(403);
    expect((await t.request('/api/v1/invitations', { method: 'POST', json: {} })).status).toBe(401);
    expect((await t.request('/api/v1/invitations', { as: rep })).status).toBe(403);
    expect((await t.request(`/api/v1/invitations/${mine.id}`, { method: 'DELETE', as: rep })).status).toBe(403);
    expect((await t.request(`/api/v1/invitations/${mine.id}`, { method: 'DELETE', as: otherAdmin })).status).toBe(404);
    expect(await countInvitations(admin.companyId)).toBe(before);
  });
});

describe('preview (public)', () => {
  it('shows the company name and role of an active code to anyone', async () => {
    const invitation = await invite(admin, { role: 'admin' });
    // A link to share names no address.
    expect(await preview(invitation.code)).toEqual({ valid: true, companyName: 'Acme Sales AS', role: 'admin', email: null });
  });

  it('says an unknown, used or expired code is not valid, revealing no company', async () => {
    const expired = await invite(admin, { expiresInDays: 1 });
    const used = await invite(admin);
    expect((await accept(await t.createUser(), used.code)).status).toBe(200);
    t.setNow(() => new Date(Date.now() + 2 * DAY));
    try {
      for (const code of ['no-such-code', used.code, expired.code]) {
        expect(await preview(code)).toEqual({ valid: false, companyName: null, role: null, error: INVALID });
      }
    } finally {
      t.setNow(() => new Date());
    }
  });
});

describe('accepting', () => {
  it('joins the company with the invited role; the invitation then shows Used', async () => {
    const invitation = await invite(admin, { role: 'admin' });
    const person = await t.createUser({ name: 'Nina New' });
    const response = await accept(person, invitation.code);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      message: 'You are now part of Acme Sales AS',
      companyId: admin.companyId,
      companyName: 'Acme Sales AS',
      role: 'admin',
      alreadyMember: false,
    } satisfies AcceptInvitationResult);
    expect(await membershipOf(person.id)).toEqual([{ company_id: admin.companyId, role: 'admin' }]);
    const me = (await (await t.request('/api/v1/me', { as: person })).json()) as { onboarding: { role: string; hasCompany: boolean } };
    expect(me.onboarding).toMatchObject({ hasCompany: true, role: 'admin' });
    expect((await list(admin)).find((r) => r.id === invitation.id)).toMatchObject({ status: 'used', usedBy: person.id });
  });

  it('refuses a used code: "The invitation is not valid or has expired"', async () => {
    const invitation = await invite(admin);
    expect((await accept(await t.createUser(), invitation.code)).status).toBe(200);
    const late = await t.createUser();
    const response = await accept(late, invitation.code);
    expect(response.status).toBe(410);
    expect(await errorOf(response)).toMatchObject({ code: 'invitation_invalid', message: INVALID });
    expect(await membershipOf(late.id)).toEqual([]);
  });

  it('refuses an expired code with the same text, and an unknown one', async () => {
    const invitation = await invite(admin, { expiresInDays: 1 });
    const person = await t.createUser();
    t.setNow(() => new Date(Date.now() + DAY + 1000));
    try {
      const response = await accept(person, invitation.code);
      expect(response.status).toBe(410);
      expect((await errorOf(response)).message).toBe(INVALID);
    } finally {
      t.setNow(() => new Date());
    }
    const unknown = await accept(person, 'made-up-code');
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).message).toBe(INVALID);
    expect(await membershipOf(person.id)).toEqual([]);
    expect((await list(admin)).find((r) => r.id === invitation.id)!.usedBy).toBeNull();
  });

  it('20 different people racing for one code: exactly one joins', async () => {
    const invitation = await invite(admin);
    const people = await Promise.all(Array.from({ length: 20 }, (_, i) => t.createUser({ name: `Racer ${i}` })));
    const responses = await Promise.all(people.map((p) => accept(p, invitation.code)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 410)).toHaveLength(19);
    const memberships = await Promise.all(people.map((p) => membershipOf(p.id)));
    expect(memberships.filter((m) => m.length > 0)).toHaveLength(1);
    const winner = people[statuses.indexOf(200)]!;
    expect((await list(admin)).find((r) => r.id === invitation.id)!.usedBy).toBe(winner.id);
  });

  it('refuses a member of another company with a clear message and leaves the invitation unused', async () => {
    const invitation = await invite(admin);
    const response = await accept(otherAdmin, invitation.code);
    expect(response.status).toBe(409);
    const error = await errorOf(response);
    expect(error.code).toBe('member_of_another_company');
    expect(error.message).toMatch(/already belong to another company/);
    expect(await membershipOf(otherAdmin.id)).toEqual([{ company_id: otherAdmin.companyId, role: 'admin' }]);
    expect((await preview(invitation.code)).valid).toBe(true);
  });

  it('tells an existing member they already are one, and uses the invitation up (it works once)', async () => {
    const invitation = await invite(admin);
    const response = await accept(rep, invitation.code);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      alreadyMember: true,
      role: 'user',
      message: 'You are already a member of Acme Sales AS',
    });
    expect((await list(admin)).find((r) => r.id === invitation.id)).toMatchObject({ status: 'used', usedBy: rep.id });
    expect((await accept(await t.createUser(), invitation.code)).status).toBe(410);
  });

  it('never demotes an admin who accepts a user invitation', async () => {
    const invitation = await invite(admin);
    expect(await (await accept(admin, invitation.code)).json()).toMatchObject({ alreadyMember: true, role: 'admin' });
    expect(await membershipOf(admin.id)).toEqual([{ company_id: admin.companyId, role: 'admin' }]);
  });

  it('single-tenant journey: signed up with the code, provisioned as user on sign-in, then accepted as admin', async () => {
    const invitation = await invite(admin, { role: 'admin' });
    const person = await t.createUser({ name: 'Invited Ivar' });
    // The web app provisions on every sign-in before the invitation page accepts.
    await seedMembership(t.db, { companyId: admin.companyId, userId: person.id, role: 'user' });
    const response = await accept(person, invitation.code);
    expect(await response.json()).toMatchObject({
      alreadyMember: true,
      role: 'admin',
      message: 'You are now an admin of Acme Sales AS',
    });
    expect(await membershipOf(person.id)).toEqual([{ company_id: admin.companyId, role: 'admin' }]);
    expect((await list(admin)).find((r) => r.id === invitation.id)).toMatchObject({ status: 'used', usedBy: person.id });
  });

  it('lets a removed member back in by invitation, with the same profile and history', async () => {
    const company = await t.createMember({ role: 'admin' });
    const leaver = await t.createMember({ companyId: company.companyId, name: 'Boomerang Bo' });
    expect((await t.request(`/api/v1/team/members/${leaver.id}`, { method: 'DELETE', as: company })).status).toBe(200);
    const invitation = await invite(company);
    expect((await accept(leaver, invitation.code)).status).toBe(200);
    const team = (await (await t.request('/api/v1/team/members', { as: company })).json()) as {
      members: { userId: string; displayName: string }[];
    };
    expect(team.members.filter((m) => m.userId === leaver.id)).toEqual([expect.objectContaining({ displayName: 'Boomerang Bo' })]);
  });

  it('refuses anonymous callers and bad input', async () => {
    const invitation = await invite(admin);
    expect((await accept(null, invitation.code)).status).toBe(401);
    const person = await t.createUser();
    for (const code of ['', '   ', 42, 'x'.repeat(201)]) {
      const response = await accept(person, code);
      expect(response.status).toBe(400);
      expect((await errorOf(response)).code).toBe('invalid_input');
    }
    expect((await preview(invitation.code)).valid).toBe(true);
  });
});

describe('magic link join (/join?invite={code})', () => {
  async function latestMailTo(email: string) {
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt)).limit(1);
    return mail;
  }

  /** The session a followed magic link set, as a cookie header. */
  const sessionCookieOf = (followed: Response) =>
    followed.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');

  it('mails a link that signs a new person in and accepts the invitation, with its role', async () => {
    const invitation = await invite(admin, { role: 'admin' });
    const email = `magic-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const response = await t.request('/api/v1/invitations/magic-link', {
      method: 'POST',
      json: { code: invitation.code, email, name: 'Maja Magic' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ sent: true });

    const mail = await latestMailTo(email);
    // The company's name (chosen by whoever made it) is in the body, never the subject.
    expect(mail?.subject).toBe('Your invitation to Dealboard');
    expect(mail?.text).toContain('join “Acme Sales AS”');
    const link = new URL(mail!.links[0]!);
    expect(link.pathname).toBe('/api/auth/magic-link/verify');
    expect(link.searchParams.get('callbackURL')).toBe(`/auth/callback?invite=${invitation.code}`);

    const followed = await t.request(`${link.pathname}${link.search}`, { redirect: 'manual' });
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toContain(`/auth/callback?invite=${invitation.code}`);
    const person = { id: toUserId(''), email, name: 'Maja Magic', password: '', cookie: sessionCookieOf(followed) };

    // Following the link was enough: a member with the invited role, the invitation used up.
    const me = (await (await t.request('/api/v1/me', { as: person })).json()) as Me;
    expect(me.user).toMatchObject({ name: 'Maja Magic', emailVerified: true });
    expect(me.company?.id).toBe(admin.companyId);
    expect(me.profile?.role).toBe('admin');
    // The invitation page it lands on welcomes them; to anyone else the code is simply not valid.
    const mine = await t.request(`/api/v1/invitations/preview/${invitation.code}`, { as: person });
    expect(await mine.json()).toEqual({ valid: false, companyName: 'Acme Sales AS', role: 'admin', acceptedByYou: true });
    const theirs = await t.request(`/api/v1/invitations/preview/${invitation.code}`, { as: admin });
    expect(await theirs.json()).toMatchObject({ valid: false, companyName: null, role: null });
    expect((await accept(person, invitation.code)).status).toBe(410);
  });

  it('names someone who gave no name from their address, so the boards show who they are', async () => {
    const invitation = await invite(admin, { role: 'user' });
    // Digits only after the name: left out of it, and the address is this test's own.
    const email = `camilla.bech.${Date.now()}${crypto.getRandomValues(new Uint32Array(1))[0]}@example.com`;
    expect((await t.request('/api/v1/invitations/magic-link', { method: 'POST', json: { code: invitation.code, email } })).status).toBe(
      200,
    );
    const link = new URL((await latestMailTo(email))!.links[0]!);
    const followed = await t.request(`${link.pathname}${link.search}`, { redirect: 'manual' });
    const person = { id: toUserId(''), email, name: '', password: '', cookie: sessionCookieOf(followed) };
    const me = (await (await t.request('/api/v1/me', { as: person })).json()) as Me;
    expect(me.profile?.displayName).toBe('Camilla Bech');
  });

  it('a magic link followed by someone already in another company signs them in and joins nothing', async () => {
    const elsewhere = await t.createMember({ name: 'Elsa Elsewhere' });
    const invitation = await invite(admin);
    const response = await t.request('/api/v1/invitations/magic-link', {
      method: 'POST',
      json: { code: invitation.code, email: elsewhere.email },
    });
    expect(response.status).toBe(200);
    const link = new URL((await latestMailTo(elsewhere.email))!.links[0]!);
    const followed = await t.request(`${link.pathname}${link.search}`, { redirect: 'manual' });
    expect(followed.status).toBe(302);
    const me = (await (await t.request('/api/v1/me', { as: elsewhere })).json()) as Me;
    expect(me.company?.id).toBe(elsewhere.companyId);
    // The invitation is still there for the page to explain, and for someone else to use.
    const preview = await t.request(`/api/v1/invitations/preview/${invitation.code}`);
    expect(await preview.json()).toMatchObject({ valid: true });
  });

  it('refuses an invalid invitation and sends nothing', async () => {
    const email = `nobody-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const response = await t.request('/api/v1/invitations/magic-link', { method: 'POST', json: { code: 'nope', email } });
    expect(response.status).toBe(410);
    expect((await errorOf(response)).message).toBe(INVALID);
    expect(await latestMailTo(email)).toBeUndefined();
  });

  it.each([
    [{ code: 'x', email: 'not-an-email' }, 'email'],
    [{ email: 'a@example.com' }, 'code'],
    [{ code: 'x', email: 'a@example.com', callbackURL: 'https://evil.example' }, '_'],
  ])('refuses %j with a 400', async (body, field) => {
    const response = await t.request('/api/v1/invitations/magic-link', { method: 'POST', json: body });
    expect(response.status).toBe(400);
    expect(Object.keys((await errorOf(response)).details ?? {})).toContain(field);
  });
});

describe('magic link rate limit', () => {
  it('keeps better-auth’s limit on the magic link path', { timeout: 90_000 }, async () => {
    const limited = await createTestApp({ env: { AUTH_RATE_LIMIT: '2' } });
    try {
      const owner = await limited.createMember({ role: 'admin' }).catch(() => null);
      // createMember signs up and in (2 attempts of the limit are on other paths, counted apart).
      expect(owner).not.toBeNull();
      const created = await limited.request('/api/v1/invitations', { method: 'POST', as: owner!, json: {} });
      const { code } = (await created.json()) as Invitation;
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const response = await limited.request('/api/v1/invitations/magic-link', {
          method: 'POST',
          json: { code, email: `limit-${i}@example.com` },
        });
        statuses.push(response.status);
      }
      expect(statuses.slice(0, 2)).toEqual([200, 200]);
      expect(statuses.slice(2)).toEqual([429, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('names are one line', () => {
  it('refuses a company name with a line break, and writes nothing', async () => {
    for (const name of ['Acme\nClick https://evil.example to confirm', 'Acme\r\nSales', 'Acme\u2028Sales', 'Acme\tSales']) {
      const response = await t.request('/api/v1/company', { method: 'PATCH', as: admin, json: { name } });
      expect(response.status, JSON.stringify(name)).toBe(400);
      expect((await errorOf(response)).details?.name).toBe('Company name must be on one line');
    }
    const me = (await (await t.request('/api/v1/me', { as: admin })).json()) as Me;
    expect(me.company?.name).toBe('Acme Sales AS');
  });

  it('refuses a person’s name with a line break at sign-up', async () => {
    const response = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: {
        name: 'Ola\nNordmann',
        email: `two-lines-${crypto.randomUUID().slice(0, 8)}@example.com`,
        password: `Pw-${crypto.randomUUID()}`,
      },
    });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).details?.name).toBe('Your name must be on one line');
  });

  it('mails a name stored with a line break (before the rule) on one line', async () => {
    const company = await t.createMember({ role: 'admin', name: 'Ada Admin' });
    await withInstance(t.db, { companyId: null, userId: toUserId(company.id) }, (tx) =>
      tx.execute(sql`UPDATE "user" SET name = ${'Ada\nAdmin'} WHERE id = ${company.id}`),
    );
    await withInstance(t.db, { companyId: toCompanyId(company.companyId), userId: null }, (tx) =>
      tx.execute(
        sql`UPDATE companies SET name = ${'Fjord Salg\n\nYour account is locked: visit https://evil.example'} WHERE id = ${company.companyId}`,
      ),
    );
    const email = `one-line-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const sent = await t.request('/api/v1/invitations/send', { method: 'POST', as: company, json: { emails: [email] } });
    expect(sent.status).toBe(201);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt)).limit(1);
    expect(mail!.text).toContain('Ada Admin invited you to join “Fjord Salg Your account is locked: visit https://evil.example”');
    expect(mail!.text).not.toMatch(/^Your account is locked/m);
  });
});

describe('joining with the invited address (decision 076)', () => {
  const PASSWORD = 'fjord-lantern-2026';
  const freshAddress = (tag: string) => `${tag}-${crypto.randomUUID().slice(0, 8)}@example.com`;

  /** Mails an invitation to `email` and returns its code, as the invitee's mail carries it. */
  async function mailInvitation(email: string): Promise<string> {
    const sent = await t.request('/api/v1/invitations/send', { method: 'POST', as: admin, json: { emails: [email] } });
    expect(sent.status).toBe(201);
    return (await list(admin)).find((invitation) => invitation.email === email)!.code;
  }

  const signUp = (email: string, code: string | null) =>
    t.request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: code ? { 'x-invite-code': code } : {},
      json: { email, password: PASSWORD, name: 'Ivar Invited', callbackURL: `/auth/callback?invite_code=${code ?? ''}` },
    });

  const confirmationMailsTo = async (email: string) =>
    (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).filter((mail) =>
      mail.links.some((l) => l.includes('verify-email')),
    );
  const cookieOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');

  it('signs the invited address straight in: no confirmation mail, and the invitation can be accepted at once', async () => {
    const email = freshAddress('invited');
    const code = await mailInvitation(email);
    // The address as a person might type it: the invitation's address, in other letters' case.
    const response = await signUp(email.toUpperCase(), code);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { token: string | null; user: { emailVerified: boolean } };
    expect(body.token).toEqual(expect.any(String));
    expect(body.user.emailVerified).toBe(true);
    expect(await confirmationMailsTo(email)).toEqual([]);

    const cookie = cookieOf(response);
    expect(cookie).toContain('session_token=');
    const person = { id: '', email, name: 'Ivar Invited', password: PASSWORD, cookie } as TestUser;
    const accepted = await accept(person, code);
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ companyName: 'Acme Sales AS', role: 'user' });
    // The password works from now on as well, with no "confirm your address first".
    const signIn = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password: PASSWORD } });
    expect(signIn.status).toBe(200);
  });

  it("tells the invitee whom signing in let in first that they joined, and puts them in the invitation's team", async () => {
    const team = (await (
      await t.request('/api/v1/teams', { method: 'POST', as: admin, json: { name: `Sør ${crypto.randomUUID().slice(0, 6)}` } })
    ).json()) as {
      id: string;
    };
    const email = freshAddress('provisioned');
    expect(
      (await t.request('/api/v1/invitations/send', { method: 'POST', as: admin, json: { emails: [email], teamId: team.id } })).status,
    ).toBe(201);
    const code = (await list(admin)).find((invitation) => invitation.email === email)!.code;
    const person = await t.createUser({ email, name: 'Pia Provisioned' });
    // Single-tenant mode: signing in (in another browser, say) let them in as a user before the invitation page accepted.
    await seedMembership(t.db, { companyId: admin.companyId, userId: person.id, role: 'user' });
    const accepted = await accept(person, code);
    expect(await accepted.json()).toMatchObject({ alreadyMember: false, message: 'You are now part of Acme Sales AS' });
    const teamOf = await withInstance(t.db, { companyId: null, userId: toUserId(person.id) }, async (tx) => {
      const result = await tx.execute(sql`SELECT team_id FROM profiles WHERE user_id = ${person.id} AND removed_at IS NULL`);
      return (result as unknown as { rows: { team_id: string | null }[] }).rows[0]?.team_id ?? null;
    });
    expect(teamOf).toBe(team.id);
  });

  it('still asks another address to confirm itself by mail, with no session before it does', async () => {
    const code = await mailInvitation(freshAddress('mailed-to'));
    const other = freshAddress('someone-else');
    const response = await signUp(other, code);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { token: string | null }).token).toBeNull();
    expect(response.headers.getSetCookie().join()).not.toContain('session_token=');
    expect(await confirmationMailsTo(other)).toHaveLength(1);
  });

  it('asks for the confirmation as before with a link shared without an address and with an expired invitation', async () => {
    const shared = await invite(admin);
    const sharedAddress = freshAddress('shared-link');
    expect(((await (await signUp(sharedAddress, shared.code)).json()) as { token: string | null }).token).toBeNull();
    expect(await confirmationMailsTo(sharedAddress)).toHaveLength(1);

    const address = freshAddress('late');
    const code = await mailInvitation(address);
    await withInstance(t.db, { companyId: toCompanyId(admin.companyId), userId: null }, (tx) =>
      tx.execute(sql`UPDATE invitations SET expires_at = now() - interval '1 minute' WHERE code = ${code}`),
    );
    // An expired invitation lets nobody in under an open policy's rules either way; it never confirms.
    const late = await signUp(address, code);
    expect(((await late.json()) as { token?: string | null }).token ?? null).toBeNull();
    expect(late.headers.getSetCookie().join()).not.toContain('session_token=');
  });

  it('never signs anyone into an account that already exists at the invited address', async () => {
    const owner = await t.createUser({ email: freshAddress('owner') });
    const code = await mailInvitation(owner.email);
    // Whoever else holds the code (the inviting admin sees it too) signs up with the owner's address.
    const response = await signUp(owner.email, code);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { token: string | null }).token).toBeNull();
    expect(response.headers.getSetCookie().join()).not.toContain('session_token=');
    // The owner's own password is still the one that works.
    expect((await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: owner.email, password: PASSWORD } })).status).toBe(
      401,
    );
    expect(
      (await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: owner.email, password: owner.password } })).status,
    ).toBe(200);
  });
});

describe("invitation mails speak the company's language (decision 079)", () => {
  it("uses the company's language over the inviting admin's screen, and the admin's while it has none", async () => {
    const mailTo = async (email: string) =>
      (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt)).limit(1))[0];
    const send = (email: string) =>
      t.request('/api/v1/invitations/send', { method: 'POST', as: admin, json: { emails: [email] }, headers: { 'accept-language': 'en' } });

    const before = `no-language-${crypto.randomUUID().slice(0, 8)}@example.com`;
    expect((await send(before)).status).toBe(201);
    expect((await mailTo(before))?.subject).toBe('Ada Admin invited you to Acme Sales AS on Dealboard');

    expect((await t.request('/api/v1/company', { method: 'PATCH', as: admin, json: { language: 'nb' } })).status).toBe(200);
    try {
      const after = `norsk-${crypto.randomUUID().slice(0, 8)}@example.com`;
      expect((await send(after)).status).toBe(201);
      expect((await mailTo(after))?.subject).toBe('Ada Admin har invitert deg til Acme Sales AS på Dealboard');
    } finally {
      await t.request('/api/v1/company', { method: 'PATCH', as: admin, json: { language: null } });
    }
  });
});

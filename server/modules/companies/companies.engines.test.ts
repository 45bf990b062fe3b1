import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiError,
  CompanySettings,
  CreatedCompany,
  Invitation,
  InvitationList,
  KpiRuleList,
  Me,
  TeamMemberList,
} from '@core/contracts';
import { toCompanyId, toUserId, withInstance } from '../../db/tenant';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TENANCY: 'multi' } });
});
afterAll(() => t.close());

const errorOf = async (response: Response) => ((await response.json()) as ApiError).error;
const create = (as: TestUser | null, json: unknown) => t.request('/api/v1/companies', { method: 'POST', as, json });

/**
 * The person's active memberships (readable as themself under row-level security). A company is
 * created in the same transaction as its admin's membership, so no membership means no company.
 */
async function membershipsOf(userId: string): Promise<{ company_id: string; role: string }[]> {
  return withInstance(t.db, { companyId: null, userId: toUserId(userId) }, async (tx) => {
    const result = await tx.execute(sql`SELECT company_id, role FROM profiles WHERE user_id = ${userId} AND removed_at IS NULL`);
    return (result as unknown as { rows: { company_id: string; role: string }[] }).rows;
  });
}

/** Companies visible in their own scope: whether this id exists. */
async function companyExists(companyId: string): Promise<boolean> {
  return withInstance(t.db, { companyId: toCompanyId(companyId), userId: null }, async (tx) => {
    const result = await tx.execute(sql`SELECT 1 FROM companies WHERE id = ${companyId}`);
    return (result as unknown as { rows: unknown[] }).rows.length === 1;
  });
}

async function get<T>(as: TestUser, path: string): Promise<T> {
  const response = await t.request(path, { as });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

describe('multi-tenant: a person without a company', () => {
  it('is not provisioned anywhere and sees no company', async () => {
    const person = await t.createUser();
    expect(await (await t.request('/api/v1/me/provision', { method: 'POST', as: person })).json()).toMatchObject({
      success: true,
      created: false,
    });
    const me = await get<Me>(person, '/api/v1/me');
    expect(me).toMatchObject({ tenancy: 'multi', company: null, onboarding: { hasCompany: false } });
    expect((await t.request('/api/v1/kpi-rules', { as: person })).status).toBe(403);
  });

  it('creates a company with default rules and becomes its admin', async () => {
    const founder = await t.createUser({ name: 'Frida Founder' });
    const response = await create(founder, { name: '  Fjordsalg AS ', timezone: 'Europe/Stockholm' });
    expect(response.status).toBe(201);
    const created = (await response.json()) as CreatedCompany;
    expect(created).toMatchObject({ name: 'Fjordsalg AS', timezone: 'Europe/Stockholm', role: 'admin' });

    const me = await get<Me>(founder, '/api/v1/me');
    expect(me.company).toMatchObject({ id: created.companyId, name: 'Fjordsalg AS', timezone: 'Europe/Stockholm' });
    expect(me.onboarding).toMatchObject({ hasCompany: true, role: 'admin', profileComplete: true });
    expect((await get<KpiRuleList>(founder, '/api/v1/kpi-rules')).rules).toHaveLength(10);
    expect(await get<{ policy: string }>(founder, '/api/v1/admin/signup-policy')).toEqual({
      policy: 'open',
      accessCode: null,
      enforced: false,
    });
  });

  it("speaks its founder's language: the one they saved, else the one their screen speaks", async () => {
    const danish = await t.createUser();
    const created = await t.request('/api/v1/companies', {
      method: 'POST',
      as: danish,
      json: { name: 'Nordsalg ApS', timezone: 'Europe/Copenhagen' },
      headers: { 'x-dealboard-language': 'da' },
    });
    expect(created.status).toBe(201);
    expect((await get<Me>(danish, '/api/v1/me')).company).toMatchObject({ language: 'da' });
    // An API client that names no language leaves it to each wall's browser and each reader's choice.
    const silent = await t.createUser();
    expect((await create(silent, { name: 'Quiet AS' })).status).toBe(201);
    expect((await get<Me>(silent, '/api/v1/me')).company).toMatchObject({ language: null });
  });

  it('defaults the time zone to Europe/Oslo', async () => {
    const founder = await t.createUser();
    expect(await (await create(founder, { name: 'Min bedrift' })).json()).toMatchObject({ timezone: 'Europe/Oslo' });
  });

  it('cannot create a second company, even with two requests at once', async () => {
    const founder = await t.createUser();
    const responses = await Promise.all([create(founder, { name: 'One' }), create(founder, { name: 'Two' })]);
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409]);
    const winner = (await responses.find((r) => r.status === 201)!.json()) as CreatedCompany;
    const loser = await errorOf(responses.find((r) => r.status === 409)!);
    expect(loser.code).toBe('already_member');
    expect(await membershipsOf(founder.id)).toEqual([{ company_id: winner.companyId, role: 'admin' }]);
    expect(await companyExists(winner.companyId)).toBe(true);
    const again = await create(founder, { name: 'Three' });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe('already_member');
    expect(await membershipsOf(founder.id)).toEqual([{ company_id: winner.companyId, role: 'admin' }]);
  });

  it.each([
    [{ name: '   ' }, 'name'],
    [{ name: 'x'.repeat(101) }, 'name'],
    [{ name: 'Ok', timezone: 'Nowhere/Land' }, 'timezone'],
    [{ timezone: 'UTC' }, 'name'],
    [{ name: 'Ok', id: '00000000-0000-0000-0000-000000000000' }, '_'],
  ])('refuses %j with a 400 and creates nothing', async (body, field) => {
    const person = await t.createUser();
    const response = await create(person, body);
    expect(response.status).toBe(400);
    expect(Object.keys((await errorOf(response)).details ?? {})).toContain(field);
    expect(await membershipsOf(person.id)).toEqual([]);
  });

  it('refuses anonymous callers', async () => {
    expect((await create(null, { name: 'Ghost Co' })).status).toBe(401);
  });
});

describe('multi-tenant: admins of different companies never see each other’s anything', () => {
  let a: TestUser;
  let b: TestUser;
  let aRep: TestUser;
  let aCompany: CreatedCompany;
  let bCompany: CreatedCompany;
  let aInvitation: Invitation;

  beforeAll(async () => {
    a = await t.createUser({ name: 'Anna A' });
    b = await t.createUser({ name: 'Bjørn B' });
    aCompany = (await (await create(a, { name: 'Alpha AS' })).json()) as CreatedCompany;
    bCompany = (await (await create(b, { name: 'Beta AS' })).json()) as CreatedCompany;
    aInvitation = (await (await t.request('/api/v1/invitations', { method: 'POST', as: a, json: {} })).json()) as Invitation;
    const bInvitation = (await (await t.request('/api/v1/invitations', { method: 'POST', as: b, json: {} })).json()) as Invitation;
    aRep = await t.createUser({ name: 'Ari Rep' });
    expect((await t.request('/api/v1/invitations/accept', { method: 'POST', as: aRep, json: { code: aInvitation.code } })).status).toBe(
      200,
    );
    expect(bInvitation.code).not.toBe(aInvitation.code);
  });

  it('each sees only their own company, team, invitations and rules', async () => {
    expect((await get<CompanySettings>(a, '/api/v1/company')).name).toBe('Alpha AS');
    expect((await get<CompanySettings>(b, '/api/v1/company')).name).toBe('Beta AS');
    expect((await get<TeamMemberList>(a, '/api/v1/team/members')).members.map((m) => m.displayName)).toEqual(['Anna A', 'Ari Rep']);
    expect((await get<TeamMemberList>(b, '/api/v1/team/members')).members.map((m) => m.displayName)).toEqual(['Bjørn B']);
    const bInvitations = (await get<InvitationList>(b, '/api/v1/invitations')).invitations;
    expect(bInvitations.map((i) => i.id)).not.toContain(aInvitation.id);
    const aRules = (await get<KpiRuleList>(a, '/api/v1/kpi-rules')).rules.map((r) => r.id);
    const bRules = (await get<KpiRuleList>(b, '/api/v1/kpi-rules')).rules.map((r) => r.id);
    expect(aRules.filter((id) => bRules.includes(id))).toEqual([]);
    expect((await get<{ memberCount: number }>(b, '/api/v1/admin/billing')).memberCount).toBe(1);
  });

  it('cannot change or delete the other company’s things by id', async () => {
    const aRule = (await get<KpiRuleList>(a, '/api/v1/kpi-rules')).rules[0]!;
    expect((await t.request(`/api/v1/kpi-rules/${aRule.id}`, { method: 'PATCH', as: b, json: { basePoints: 99 } })).status).toBe(404);
    expect((await t.request(`/api/v1/invitations/${aInvitation.id}`, { method: 'DELETE', as: b })).status).toBe(404);
    expect((await t.request(`/api/v1/team/members/${aRep.id}/role`, { method: 'PATCH', as: b, json: { role: 'admin' } })).status).toBe(404);
    expect((await t.request(`/api/v1/team/members/${aRep.id}`, { method: 'DELETE', as: b })).status).toBe(404);
    expect((await get<KpiRuleList>(a, '/api/v1/kpi-rules')).rules[0]).toEqual(aRule);
    expect((await get<TeamMemberList>(a, '/api/v1/team/members')).members.map((m) => m.role)).toEqual(['admin', 'user']);
    expect((await get<InvitationList>(a, '/api/v1/invitations')).invitations.map((i) => i.id)).toContain(aInvitation.id);
    expect(bCompany.companyId).not.toBe(aCompany.companyId);
  });

  it('a member of one company cannot join another by invitation', async () => {
    const fresh = (await (await t.request('/api/v1/invitations', { method: 'POST', as: a, json: {} })).json()) as Invitation;
    const response = await t.request('/api/v1/invitations/accept', { method: 'POST', as: b, json: { code: fresh.code } });
    expect(response.status).toBe(409);
    expect((await errorOf(response)).code).toBe('member_of_another_company');
    expect((await get<Me>(b, '/api/v1/me')).company?.id).toBe(bCompany.companyId);
  });
});

describe('multi-tenant: the company that runs the installation', () => {
  it('is the first one created: its admins read the contact Inbox, later companies never take it over', { timeout: 90_000 }, async () => {
    const fresh = await createTestApp({ env: { TENANCY: 'multi' } });
    try {
      const founder = await fresh.createUser({ name: 'Frida Founder' });
      const customer = await fresh.createUser({ name: 'Carl Customer' });
      const createIn = (as: TestUser, name: string) => fresh.request('/api/v1/companies', { method: 'POST', as, json: { name } });
      expect((await createIn(founder, 'Dealboard Drift AS')).status).toBe(201);
      expect((await createIn(customer, 'Kunde AS')).status).toBe(201);
      const meOf = async (as: TestUser) => (await (await fresh.request('/api/v1/me', { as })).json()) as Me;
      expect((await meOf(founder)).operator).toBe(true);
      expect((await meOf(customer)).operator).toBe(false);
      expect((await fresh.request('/api/v1/admin/contact-requests', { as: founder })).status).toBe(200);
      expect((await fresh.request('/api/v1/admin/contact-requests', { as: customer })).status).toBe(403);
    } finally {
      await fresh.close();
    }
  });
});

describe('single-tenant mode', () => {
  it('refuses to create companies, with a clear message', { timeout: 90_000 }, async () => {
    const single = await createTestApp();
    try {
      const person = await single.createUser();
      const response = await single.request('/api/v1/companies', { method: 'POST', as: person, json: { name: 'Second Co' } });
      expect(response.status).toBe(409);
      const error = await errorOf(response);
      expect(error.code).toBe('single_tenant');
      expect(error.message).toMatch(/single-tenant/);
    } finally {
      await single.close();
    }
  });
});

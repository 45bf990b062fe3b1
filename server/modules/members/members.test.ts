import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, TeamMember, TeamMemberList } from '@core/contracts';
import { toCompanyId, withInstance, withTenant } from '../../db/tenant';
import { createTestApp, type TestApp } from '../../test/test-app';

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const errorOf = async (response: Response) => ((await response.json()) as ApiError).error;

async function members(as: Member): Promise<TeamMember[]> {
  const response = await t.request('/api/v1/team/members', { as });
  expect(response.status).toBe(200);
  return ((await response.json()) as TeamMemberList).members;
}

const setRole = (as: Member | null, userId: string, role: unknown) =>
  t.request(`/api/v1/team/members/${userId}/role`, { method: 'PATCH', as, json: { role } });
const remove = (as: Member | null, userId: string) => t.request(`/api/v1/team/members/${userId}`, { method: 'DELETE', as });

async function roleOf(companyId: string, userId: string): Promise<{ role: string; removed: boolean } | null> {
  return withInstance(t.db, { companyId: toCompanyId(companyId), userId: null }, async (tx) => {
    const result = await tx.execute(
      sql`SELECT role, removed_at IS NOT NULL AS removed FROM profiles WHERE company_id = ${companyId} AND user_id = ${userId}`,
    );
    return (result as unknown as { rows: { role: string; removed: boolean }[] }).rows[0] ?? null;
  });
}

describe('team members', () => {
  let admin: Member;
  let rep: Member;
  beforeAll(async () => {
    admin = await t.createMember({ role: 'admin', name: 'Ada Admin' });
    rep = await t.createMember({ companyId: admin.companyId, name: 'Rita Rep' });
    await t.createMember({ name: 'Elsewhere Ed' });
  });

  it('lists the active members with e-mail, role, avatar and join date to any member, oldest first', async () => {
    const list = await members(rep);
    expect(list.map((m) => [m.displayName, m.role, m.email])).toEqual([
      ['Ada Admin', 'admin', admin.email],
      ['Rita Rep', 'user', rep.email],
    ]);
    expect(list[0]).toMatchObject({ userId: admin.id, avatarUrl: null });
    expect(Number.isNaN(Date.parse(list[0]!.joinedAt))).toBe(false);
  });

  it('shows a stored role other than admin (such as manager) as user', async () => {
    await withTenant(t.db, { companyId: admin.companyId, userId: admin.id }, (tx) =>
      tx.execute(sql`UPDATE profiles SET role = 'manager' WHERE company_id = ${admin.companyId} AND user_id = ${rep.id}`),
    );
    expect((await members(admin)).find((m) => m.userId === rep.id)!.role).toBe('user');
    await withTenant(t.db, { companyId: admin.companyId, userId: admin.id }, (tx) =>
      tx.execute(sql`UPDATE profiles SET role = 'user' WHERE company_id = ${admin.companyId} AND user_id = ${rep.id}`),
    );
  });
});

describe('roles: Make Admin and Remove Admin', () => {
  it('promotes and demotes a member; a demoted admin loses the admin endpoints at once', async () => {
    const admin = await t.createMember({ role: 'admin' });
    const rep = await t.createMember({ companyId: admin.companyId });

    const promoted = await setRole(admin, rep.id, 'admin');
    expect(promoted.status).toBe(200);
    expect(await promoted.json()).toMatchObject({ userId: rep.id, role: 'admin' });
    expect((await t.request('/api/v1/invitations', { as: rep })).status).toBe(200);

    const demoted = await setRole(admin, rep.id, 'user');
    expect(demoted.status).toBe(200);
    expect(await demoted.json()).toMatchObject({ role: 'user' });
    expect((await t.request('/api/v1/invitations', { as: rep })).status).toBe(403);
  });

  it('never demotes the last admin, and says why', async () => {
    const admin = await t.createMember({ role: 'admin', name: 'Solo Admin' });
    const response = await setRole(admin, admin.id, 'user');
    expect(response.status).toBe(409);
    const error = await errorOf(response);
    expect(error.code).toBe('last_admin');
    expect(error.message).toMatch(/only admin/);
    expect(await roleOf(admin.companyId, admin.id)).toEqual({ role: 'admin', removed: false });
  });

  it('lets an admin step down while another admin remains', async () => {
    const first = await t.createMember({ role: 'admin' });
    const second = await t.createMember({ companyId: first.companyId, role: 'admin' });
    expect((await setRole(first, first.id, 'user')).status).toBe(200);
    expect((await setRole(second, second.id, 'user')).status).toBe(409);
  });

  it('two admins demoting each other at the same moment leave one admin', async () => {
    const a = await t.createMember({ role: 'admin' });
    const b = await t.createMember({ companyId: a.companyId, role: 'admin' });
    const results = await Promise.all([setRole(a, b.id, 'user'), setRole(b, a.id, 'user')]);
    // The loser is refused either as no longer admin (403) or as the last admin's target (409).
    const statuses = results.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const roles = await Promise.all([roleOf(a.companyId, a.id), roleOf(a.companyId, b.id)]);
    expect(roles.filter((r) => r?.role === 'admin')).toHaveLength(1);
  });

  it('refuses bad input, unknown members and members of another company with nothing written', async () => {
    const admin = await t.createMember({ role: 'admin' });
    const rep = await t.createMember({ companyId: admin.companyId });
    const stranger = await t.createMember({ role: 'admin' });
    expect((await setRole(admin, rep.id, 'manager')).status).toBe(400);
    expect((await setRole(admin, rep.id, undefined)).status).toBe(400);
    expect((await setRole(admin, 'nobody', 'admin')).status).toBe(404);
    expect((await setRole(admin, stranger.id, 'admin')).status).toBe(404);
    expect(await roleOf(admin.companyId, rep.id)).toEqual({ role: 'user', removed: false });
    expect(await roleOf(stranger.companyId, stranger.id)).toEqual({ role: 'admin', removed: false });
    expect((await setRole(admin, stranger.id, 'user')).status).toBe(404);
    expect(await roleOf(stranger.companyId, stranger.id)).toEqual({ role: 'admin', removed: false });
  });

  it('refuses users and anonymous callers', async () => {
    const admin = await t.createMember({ role: 'admin' });
    const rep = await t.createMember({ companyId: admin.companyId });
    expect((await setRole(rep, rep.id, 'admin')).status).toBe(403);
    expect((await setRole(null, rep.id, 'admin')).status).toBe(401);
    expect((await setRole(rep, admin.id, 'user')).status).toBe(403);
    expect(await roleOf(admin.companyId, rep.id)).toEqual({ role: 'user', removed: false });
    expect(await roleOf(admin.companyId, admin.id)).toEqual({ role: 'admin', removed: false });
  });
});

describe('removing a member', () => {
  it('marks them removed, keeps their history, and refuses their requests with no_company', async () => {
    // Single-tenant mode as it runs: both provisioned into the one shared company, the first as admin.
    const provisioned = async (name: string) => {
      const person = await t.createUser({ name });
      expect((await t.request('/api/v1/me/provision', { method: 'POST', as: person })).status).toBe(200);
      const me = (await (await t.request('/api/v1/me', { as: person })).json()) as { company: { id: string } };
      return { ...person, companyId: toCompanyId(me.company.id) };
    };
    const admin = await provisioned('First Admin');
    const rep = await provisioned('Leaving Liv');
    expect(await roleOf(admin.companyId, admin.id)).toEqual({ role: 'admin', removed: false });
    await withTenant(t.db, { companyId: admin.companyId, userId: rep.id }, (tx) =>
      tx.execute(
        sql`INSERT INTO activities (company_id, user_id, type, local_date) VALUES (${admin.companyId}, ${rep.id}, 'sale', '2026-11-20')`,
      ),
    );

    const response = await remove(admin, rep.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });

    expect((await members(admin)).map((m) => m.userId)).not.toContain(rep.id);
    expect(await roleOf(admin.companyId, rep.id)).toEqual({ role: 'user', removed: true });
    const history = await withTenant(t.db, { companyId: admin.companyId, userId: admin.id }, (tx) =>
      tx.execute(
        sql`SELECT p.display_name FROM activities a JOIN profiles p ON p.company_id = a.company_id AND p.user_id = a.user_id WHERE a.user_id = ${rep.id}`,
      ),
    );
    expect((history as unknown as { rows: { display_name: string }[] }).rows).toEqual([{ display_name: 'Leaving Liv' }]);

    const after = await t.request('/api/v1/kpi-rules', { as: rep });
    expect(after.status).toBe(403);
    expect((await errorOf(after)).code).toBe('no_company');
    // Provisioning does not quietly put them back.
    const provision = await t.request('/api/v1/me/provision', { method: 'POST', as: rep });
    expect(await provision.json()).toMatchObject({ success: false, error: 'removed' });
    expect((await remove(admin, rep.id)).status).toBe(404);
  });

  it('never removes the last admin, not even themself', async () => {
    const admin = await t.createMember({ role: 'admin' });
    await t.createMember({ companyId: admin.companyId });
    const self = await remove(admin, admin.id);
    expect(self.status).toBe(409);
    const error = await errorOf(self);
    expect(error.code).toBe('last_admin');
    expect(error.message).toMatch(/You are the company's only admin/);
    expect(await roleOf(admin.companyId, admin.id)).toEqual({ role: 'admin', removed: false });
  });

  it('lets an admin leave when another admin remains', async () => {
    const admin = await t.createMember({ role: 'admin' });
    const other = await t.createMember({ companyId: admin.companyId, role: 'admin' });
    expect((await remove(admin, admin.id)).status).toBe(200);
    expect((await t.request('/api/v1/team/members', { as: admin })).status).toBe(403);
    expect((await members(other)).map((m) => m.userId)).toEqual([other.id]);
  });

  it('refuses users, anonymous callers and admins of another company', async () => {
    const admin = await t.createMember({ role: 'admin' });
    const rep = await t.createMember({ companyId: admin.companyId });
    const otherAdmin = await t.createMember({ role: 'admin' });
    expect((await remove(rep, admin.id)).status).toBe(403);
    expect((await remove(null, rep.id)).status).toBe(401);
    expect((await remove(otherAdmin, rep.id)).status).toBe(404);
    expect(await roleOf(admin.companyId, rep.id)).toEqual({ role: 'user', removed: false });
  });
});

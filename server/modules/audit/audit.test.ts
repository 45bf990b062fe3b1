import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, AuditEntry, AuditLogPage, CreatedDisplayLink, Invitation, KpiRuleList, KpiRuleView } from '@core/contracts';
import { toCompanyId, withInstance, withTenant } from '../../db/tenant';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertAuditEvent } from './audit.repository';

/*
 * The audit log as an admin reads it (GET /api/v1/admin/audit-log) after real HTTP calls: each
 * recorded admin action with its actor, time and details; refused changes record nothing; only
 * the company's own admins read it; pages follow one another without gaps or repeats.
 */

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The clock stands still at `iso` for the next call, so each entry's time is known exactly. */
function at(iso: string): string {
  const now = new Date(iso);
  t.setNow(() => now);
  return now.toISOString();
}

async function readLog(as: Member, query: Record<string, string> = {}): Promise<AuditLogPage> {
  const response = await t.request(`/api/v1/admin/audit-log?${new URLSearchParams(query)}`, { as });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as AuditLogPage;
}

async function latest(as: Member): Promise<AuditEntry> {
  const [entry] = (await readLog(as, { limit: '1' })).entries;
  if (!entry) throw new Error('the audit log is empty');
  return entry;
}

async function call(as: Member, method: string, path: string, json?: unknown): Promise<Response> {
  return t.request(path, { method, as, json });
}

async function ok<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

async function ruleOf(as: Member, key: string): Promise<KpiRuleView> {
  const { rules } = await ok<KpiRuleList>(await call(as, 'GET', '/api/v1/kpi-rules'));
  return rules.find((r) => r.kpiKey === key)!;
}

/** A company with its admin Ada and two reps. */
async function company(): Promise<{ admin: Member; rita: Member; kasper: Member }> {
  const admin = await t.createMember({ role: 'admin', name: 'Ada Admin' });
  const rita = await t.createMember({ companyId: admin.companyId, name: 'Rita Rep' });
  const kasper = await t.createMember({ companyId: admin.companyId, name: 'Kasper Kollega' });
  return { admin, rita, kasper };
}

/** The company's audit rows as stored, read by the owning role (not through the API under test). */
async function storedRows(companyId: string): Promise<{ action: string; details: unknown }[]> {
  return withInstance(t.db, { companyId: toCompanyId(companyId), userId: null }, async (tx) => {
    const result = await tx.execute(sql`SELECT action, details FROM audit_log WHERE company_id = ${companyId} ORDER BY created_at, id`);
    return (result as unknown as { rows: { action: string; details: unknown }[] }).rows;
  });
}

describe('each admin action is recorded with its actor, time and details', () => {
  let admin: Member;
  let rita: Member;
  let kasper: Member;
  beforeAll(async () => {
    ({ admin, rita, kasper } = await company());
  });
  const ada = () => ({ id: admin.id, name: 'Ada Admin', state: 'member' });

  it('member.role_changed: Make Admin and Remove Admin, from and to', async () => {
    const when = at('2026-11-24T08:00:00.000Z');
    await ok(await call(admin, 'PATCH', `/api/v1/team/members/${rita.id}/role`, { role: 'admin' }));
    expect(await latest(admin)).toMatchObject({
      action: 'member.role_changed',
      actor: ada(),
      target: { type: 'member', id: rita.id, label: 'Rita Rep', removed: false },
      details: { from: 'user', to: 'admin' },
      at: when,
    });

    const later = at('2026-11-24T08:01:00.000Z');
    await ok(await call(admin, 'PATCH', `/api/v1/team/members/${rita.id}/role`, { role: 'user' }));
    expect(await latest(admin)).toMatchObject({ action: 'member.role_changed', details: { from: 'admin', to: 'user' }, at: later });
  });

  it('member.removed: the member keeps their name in the log, marked removed', async () => {
    const when = at('2026-11-24T08:05:00.000Z');
    await ok(await call(admin, 'DELETE', `/api/v1/team/members/${kasper.id}`));
    expect(await latest(admin)).toMatchObject({
      action: 'member.removed',
      actor: ada(),
      target: { type: 'member', id: kasper.id, label: 'Kasper Kollega', removed: true },
      details: { role: 'user' },
      at: when,
    });
  });

  it('kpi_rule.changed: only the fields that changed, before and after, and the KPI key', async () => {
    const answered = await ruleOf(admin, 'call_answered');
    const when = at('2026-11-24T08:10:00.000Z');
    // enabled is sent unchanged: it is not part of what changed.
    await ok(
      await call(admin, 'PATCH', `/api/v1/kpi-rules/${answered.id}`, { basePoints: answered.basePoints + 2, enabled: answered.enabled }),
    );
    const entry = await latest(admin);
    expect(entry).toMatchObject({
      action: 'kpi_rule.changed',
      actor: ada(),
      target: { type: 'kpi_rule', id: answered.id, label: 'call_answered' },
      at: when,
    });
    expect(entry.details).toEqual({
      kpiKey: 'call_answered',
      changes: { basePoints: { from: answered.basePoints, to: answered.basePoints + 2 } },
    });

    const ticket = await ruleOf(admin, 'sale_ticket_size');
    at('2026-11-24T08:11:00.000Z');
    await ok(await call(admin, 'PATCH', `/api/v1/kpi-rules/${ticket.id}`, { enabled: !ticket.enabled, multiplierValue: 0.001 }));
    expect((await latest(admin)).details).toEqual({
      kpiKey: 'sale_ticket_size',
      changes: { enabled: { from: ticket.enabled, to: !ticket.enabled }, multiplierValue: { from: ticket.multiplierValue, to: 0.001 } },
    });
  });

  it('invitation.created (its role) and invitation.revoked (whether it still worked), never the code', async () => {
    const created = at('2026-11-24T08:20:00.000Z');
    const invitation = await ok<Invitation>(await call(admin, 'POST', '/api/v1/invitations', { role: 'admin', expiresInDays: 3 }), 201);
    expect(await latest(admin)).toMatchObject({
      action: 'invitation.created',
      actor: ada(),
      target: { type: 'invitation', id: invitation.id, label: null },
      details: { role: 'admin', expiresAt: invitation.expiresAt },
      at: created,
    });

    const revoked = at('2026-11-24T08:21:00.000Z');
    await ok(await call(admin, 'DELETE', `/api/v1/invitations/${invitation.id}`));
    expect(await latest(admin)).toMatchObject({
      action: 'invitation.revoked',
      target: { type: 'invitation', id: invitation.id },
      details: { role: 'admin', status: 'active' },
      at: revoked,
    });

    // An expired one deleted is tidying up, and says so.
    at('2026-11-20T08:00:00.000Z');
    const old = await ok<Invitation>(await call(admin, 'POST', '/api/v1/invitations', { expiresInDays: 1 }), 201);
    at('2026-11-24T08:22:00.000Z');
    await ok(await call(admin, 'DELETE', `/api/v1/invitations/${old.id}`));
    expect((await latest(admin)).details).toEqual({ role: 'user', status: 'expired' });

    const stored = JSON.stringify(await storedRows(admin.companyId));
    expect(stored).not.toContain(invitation.code);
    expect(stored).not.toContain(old.code);
  });

  it('display_link.created and display_link.revoked by name, never the token; revoking twice records once', async () => {
    const created = at('2026-11-24T08:30:00.000Z');
    const { link, token } = await ok<CreatedDisplayLink>(await call(admin, 'POST', '/api/v1/display-links', { name: 'Lobby TV' }), 201);
    expect(await latest(admin)).toMatchObject({
      action: 'display_link.created',
      actor: ada(),
      target: { type: 'display_link', id: link.id, label: 'Lobby TV' },
      details: { name: 'Lobby TV' },
      at: created,
    });

    const revoked = at('2026-11-24T08:31:00.000Z');
    await ok(await call(admin, 'DELETE', `/api/v1/display-links/${link.id}`));
    at('2026-11-24T08:32:00.000Z');
    await ok(await call(admin, 'DELETE', `/api/v1/display-links/${link.id}`));
    const [last, before] = (await readLog(admin, { limit: '2' })).entries;
    expect(last).toMatchObject({
      action: 'display_link.revoked',
      target: { id: link.id, label: 'Lobby TV' },
      details: { name: 'Lobby TV' },
      at: revoked,
    });
    expect(before).toMatchObject({ action: 'display_link.created', target: { id: link.id } });
    expect(JSON.stringify(await storedRows(admin.companyId))).not.toContain(token);
  });

  it('company.updated: which fields changed, before and after', async () => {
    const when = at('2026-11-24T08:40:00.000Z');
    await ok(await call(admin, 'PATCH', '/api/v1/company', { name: 'Nordlys Salg AS', timezone: 'America/New_York', currency: 'NOK' }));
    const entry = await latest(admin);
    expect(entry).toMatchObject({ action: 'company.updated', actor: ada(), target: { type: 'company', id: admin.companyId }, at: when });
    // The currency was NOK before too: not a change.
    expect(entry.details).toEqual({
      changes: { name: { from: 'Acme Sales AS', to: 'Nordlys Salg AS' }, timezone: { from: 'Europe/Oslo', to: 'America/New_York' } },
    });
  });

  it('signup_policy.changed: the policy before and after, and that the access code was set, changed or removed, never the code', async () => {
    const secret = 'nordlys-harbour-7f3k';
    const when = at('2026-11-24T08:50:00.000Z');
    await ok(await call(admin, 'PUT', '/api/v1/admin/signup-policy', { policy: 'access_code', accessCode: secret }));
    expect(await latest(admin)).toMatchObject({
      action: 'signup_policy.changed',
      actor: ada(),
      details: { policy: { from: 'open', to: 'access_code' }, accessCode: 'set' },
      at: when,
    });

    at('2026-11-24T08:51:00.000Z');
    await ok(await call(admin, 'PUT', '/api/v1/admin/signup-policy', { policy: 'access_code', accessCode: `${secret}-2` }));
    expect((await latest(admin)).details).toEqual({ accessCode: 'changed' });

    at('2026-11-24T08:52:00.000Z');
    await ok(await call(admin, 'PUT', '/api/v1/admin/signup-policy', { policy: 'invite_only', accessCode: '' }));
    expect((await latest(admin)).details).toEqual({ policy: { from: 'access_code', to: 'invite_only' }, accessCode: 'removed' });

    const everything = JSON.stringify(await readLog(admin, { limit: '100' })) + JSON.stringify(await storedRows(admin.companyId));
    expect(everything).not.toContain(secret);
  });

  it('a save that changes nothing records nothing', async () => {
    const before = (await readLog(admin, { limit: '100' })).entries.length;
    const answered = await ruleOf(admin, 'call_answered');
    await ok(await call(admin, 'PATCH', `/api/v1/kpi-rules/${answered.id}`, { basePoints: answered.basePoints }));
    await ok(await call(admin, 'PATCH', '/api/v1/company', { name: 'Nordlys Salg AS' }));
    await ok(await call(admin, 'PUT', '/api/v1/admin/signup-policy', { policy: 'invite_only' }));
    await ok(await call(admin, 'PATCH', `/api/v1/team/members/${rita.id}/role`, { role: 'user' }));
    expect((await readLog(admin, { limit: '100' })).entries).toHaveLength(before);
  });

  it('reads entries written by others with insertAuditEvent (exports, erasure) and a system actor', async () => {
    const when = new Date('2026-11-24T09:00:00.000Z');
    await withTenant(t.db, { companyId: admin.companyId, userId: admin.id }, async (tx) => {
      await insertAuditEvent(tx, {
        companyId: admin.companyId,
        actorUserId: admin.id,
        action: 'member.data_exported',
        targetType: 'member',
        targetId: rita.id,
        at: when,
      });
      await insertAuditEvent(tx, {
        companyId: admin.companyId,
        actorUserId: null,
        action: 'export.downloaded',
        targetType: 'export',
        targetId: 'activities',
        at: new Date(when.getTime() + 1000),
      });
    });
    const [system, exported] = (await readLog(admin, { limit: '2' })).entries;
    expect(system).toMatchObject({
      action: 'export.downloaded',
      actor: { id: null, name: null, state: 'system' },
      target: { type: 'export', id: 'activities' },
    });
    expect(exported).toMatchObject({
      action: 'member.data_exported',
      actor: ada(),
      target: { id: rita.id, label: 'Rita Rep' },
      at: when.toISOString(),
    });
  });
});

describe('who acted, when they are no longer an active member', () => {
  it('a removed admin keeps their name (marked removed); a person gone from the company reads as a former member', async () => {
    const { admin, rita } = await company();
    const bjorn = await t.createMember({ companyId: admin.companyId, role: 'admin', name: 'Bjørn Boss' });
    const gone = await t.createMember({ companyId: admin.companyId, role: 'admin', name: 'Gina Gone' });
    at('2026-11-24T10:00:00.000Z');
    await ok(await call(bjorn, 'PATCH', `/api/v1/team/members/${rita.id}/role`, { role: 'admin' }));
    at('2026-11-24T10:01:00.000Z');
    await ok(await call(gone, 'POST', '/api/v1/display-links', { name: 'Kitchen TV' }), 201);
    at('2026-11-24T10:02:00.000Z');
    await ok(await call(admin, 'DELETE', `/api/v1/team/members/${bjorn.id}`));
    // The account deleted altogether (its profile goes with it).
    await t.db.execute(sql`DELETE FROM "user" WHERE id = ${gone.id}`);

    const entries = (await readLog(admin)).entries;
    const byAction = (action: string, actorId: string) => entries.find((e) => e.action === action && e.actor.id === actorId);
    expect(byAction('member.role_changed', bjorn.id)?.actor).toEqual({ id: bjorn.id, name: 'Bjørn Boss', state: 'removed' });
    expect(byAction('display_link.created', gone.id)?.actor).toEqual({ id: gone.id, name: null, state: 'former' });
    expect(entries[0]).toMatchObject({ action: 'member.removed', target: { id: bjorn.id, label: 'Bjørn Boss', removed: true } });
  });
});

describe('a refused change records nothing', () => {
  it('the last admin cannot be demoted or removed; a bad rule change or another company’s rule changes nothing', async () => {
    const { admin, rita } = await company();
    const other = await company();
    const before = await storedRows(admin.companyId);

    const demote = await call(admin, 'PATCH', `/api/v1/team/members/${admin.id}/role`, { role: 'user' });
    expect(demote.status).toBe(409);
    expect(((await demote.json()) as ApiError).error.code).toBe('last_admin');
    expect((await call(admin, 'DELETE', `/api/v1/team/members/${admin.id}`)).status).toBe(409);
    const answered = await ruleOf(admin, 'call_answered');
    expect((await call(admin, 'PATCH', `/api/v1/kpi-rules/${answered.id}`, { multiplierValue: 2 })).status).toBe(400);
    expect((await call(admin, 'PUT', '/api/v1/admin/signup-policy', { policy: 'access_code', accessCode: '' })).status).toBe(400);
    expect((await call(other.admin, 'PATCH', `/api/v1/kpi-rules/${answered.id}`, { basePoints: 9 })).status).toBe(404);
    expect((await call(other.admin, 'PATCH', `/api/v1/team/members/${rita.id}/role`, { role: 'admin' })).status).toBe(404);
    expect((await call(rita, 'POST', '/api/v1/invitations', { role: 'admin' })).status).toBe(403);

    expect(await storedRows(admin.companyId)).toEqual(before);
    expect(await storedRows(other.admin.companyId)).toEqual([]);
    expect((await readLog(admin)).entries).toEqual([]);
  });
});

describe('who may read it', () => {
  it('refuses reps (403) and signed-out callers (401) in the one error shape', async () => {
    const { rita } = await company();
    const asRep = await t.request('/api/v1/admin/audit-log', { as: rita });
    expect(asRep.status).toBe(403);
    expect(((await asRep.json()) as ApiError).error.code).toBe('forbidden');
    const anonymous = await t.request('/api/v1/admin/audit-log');
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as ApiError).error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it("another company's admin sees none of it, not even with a cursor or a filter naming it", async () => {
    const a = await company();
    const b = await company();
    at('2026-11-24T11:00:00.000Z');
    await ok(await call(a.admin, 'PATCH', `/api/v1/team/members/${a.rita.id}/role`, { role: 'admin' }));
    at('2026-11-24T11:01:00.000Z');
    await ok(await call(a.admin, 'POST', '/api/v1/invitations', { role: 'admin' }), 201);
    await ok(await call(b.admin, 'POST', '/api/v1/display-links', { name: 'B only' }), 201);

    const aLog = await readLog(a.admin);
    expect(aLog.entries.map((e) => e.action)).toEqual(['invitation.created', 'member.role_changed']);
    const bLog = await readLog(b.admin);
    expect(bLog.entries.map((e) => e.action)).toEqual(['display_link.created']);
    expect(JSON.stringify(bLog)).not.toContain(a.admin.companyId);
    expect(JSON.stringify(bLog)).not.toContain(a.rita.id);

    // A's newest entry as B's cursor: older than an entry B cannot see is nothing at all.
    expect((await readLog(b.admin, { cursor: aLog.entries[0]!.id })).entries).toEqual([]);
    expect((await readLog(b.admin, { action: 'member.role_changed' })).entries).toEqual([]);
  });
});

describe('pages', () => {
  let admin: Member;
  const times: string[] = [];
  beforeAll(async () => {
    ({ admin } = await company());
    // Seven entries a minute apart, the last two in the same millisecond (ties broken by id).
    for (let i = 0; i < 7; i += 1) {
      times.push(at(`2026-11-24T12:0${Math.min(i, 5)}:00.000Z`));
      await ok(await call(admin, 'POST', '/api/v1/display-links', { name: `TV ${i}` }), 201);
    }
    at('2026-11-24T12:30:00.000Z');
    await ok(await call(admin, 'POST', '/api/v1/invitations', { role: 'user' }), 201);
  });

  it('newest first, `limit` at a time, each page older than the one before, until nextCursor is null', async () => {
    const seen: AuditEntry[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const page: AuditLogPage = await readLog(admin, { limit: '3', ...(cursor ? { cursor } : {}) });
      sizes.push(page.entries.length);
      seen.push(...page.entries);
      cursor = page.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([3, 3, 2]);
    expect(new Set(seen.map((e) => e.id)).size).toBe(8);
    expect(seen[0]).toMatchObject({ action: 'invitation.created', at: '2026-11-24T12:30:00.000Z' });
    expect(
      seen
        .slice(1)
        .map((e) => e.details.name)
        .sort(),
    ).toEqual(['TV 0', 'TV 1', 'TV 2', 'TV 3', 'TV 4', 'TV 5', 'TV 6']);
    const instants = seen.map((e) => Date.parse(e.at));
    expect(instants).toEqual([...instants].sort((x, y) => y - x));
  });

  it('a page that ends exactly at the last entry says so (nextCursor null)', async () => {
    expect((await readLog(admin, { limit: '8' })).nextCursor).toBeNull();
    expect((await readLog(admin, { limit: '7' })).nextCursor).not.toBeNull();
    expect((await readLog(admin)).entries).toHaveLength(8);
  });

  it('filters by action, with pages', async () => {
    const first = await readLog(admin, { action: 'display_link.created', limit: '5' });
    expect(first.entries).toHaveLength(5);
    expect(first.entries.every((e) => e.action === 'display_link.created')).toBe(true);
    const second = await readLog(admin, { action: 'display_link.created', limit: '5', cursor: first.nextCursor! });
    expect(second.entries).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    expect((await readLog(admin, { action: 'member.erased' })).entries).toEqual([]);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
    ['cursor=not-a-cursor', 'cursor'],
    ['action=member.deleted', 'action'],
  ])('refuses %s with a 400 naming the field', async (query, field) => {
    const response = await t.request(`/api/v1/admin/audit-log?${query}`, { as: admin });
    expect(response.status).toBe(400);
    expect(Object.keys(((await response.json()) as ApiError).error.details ?? {})).toContain(field);
  });

  it('serves up to 100 at once', async () => {
    expect((await readLog(admin, { limit: '100' })).entries).toHaveLength(8);
  });
});

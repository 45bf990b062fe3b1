import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, AuditLogPage, Invitation, InvitationList, KpiRuleList, SentInvitations, SetupState } from '@core/contracts';
import { mailOutbox } from '../../db/schema';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';

/*
 * The first-run setup and invitations by e-mail (decision 042), through the HTTP API on a real
 * database: what an admin sees on a new company, what each invited person receives, and what the
 * admin's list then shows.
 */

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
let firstAdmin: TestUser;
let admin: Member;
let rep: Member;

beforeAll(async () => {
  t = await createTestApp();
  // Single-tenant mode: the first person to sign in gets the shared company, named 'Min bedrift', as its admin.
  firstAdmin = await t.createUser({ name: 'Frida First' });
  const provisioned = await t.request('/api/v1/me/provision', { method: 'POST', as: firstAdmin });
  expect(provisioned.status).toBe(200);
  await t.deps.realtime.sync();
  admin = await t.createMember({ role: 'admin', name: 'Ada Admin' });
  rep = await t.createMember({ companyId: admin.companyId, name: 'Rita Rep' });
});
afterAll(() => t.close());

const errorOf = async (response: Response) => ((await response.json()) as ApiError).error;

async function setupOf(as: TestUser): Promise<SetupState> {
  const response = await t.request('/api/v1/setup', { as });
  expect(response.status).toBe(200);
  return (await response.json()) as SetupState;
}

const doneSteps = (state: SetupState) => state.steps.filter((s) => s.done).map((s) => s.step);

async function latestMailTo(email: string) {
  const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt)).limit(1);
  return mail;
}

async function mailsTo(email: string): Promise<number> {
  return (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).length;
}

async function listOf(as: TestUser): Promise<Invitation[]> {
  const response = await t.request('/api/v1/invitations', { as });
  expect(response.status).toBe(200);
  return ((await response.json()) as InvitationList).invitations;
}

const send = (as: TestUser, json: unknown, headers?: Record<string, string>) =>
  t.request('/api/v1/invitations/send', { method: 'POST', as, json, headers });

const unique = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@example.com`;
const companyNameOf = async (member: Member) =>
  ((await (await t.request('/api/v1/me', { as: member })).json()) as { company: { name: string } }).company.name;

describe('the first-run setup', () => {
  it('asks the first admin to name the company: a new shared company has no step done and shows the checklist', async () => {
    const state = await setupOf(firstAdmin);
    expect(state.steps.map((s) => s.step)).toEqual(['company', 'timezone', 'currency', 'activities', 'invite']);
    expect(state).toMatchObject({ doneCount: 0, total: 5, dismissed: false, showChecklist: true });
  });

  it('counts a step done when saved in the setup (even unchanged) or when the setting differs from the default', async () => {
    const saved = await t.request('/api/v1/setup/steps/timezone', { method: 'POST', as: firstAdmin });
    expect(saved.status).toBe(200);
    expect(doneSteps((await saved.json()) as SetupState)).toEqual(['timezone']);

    const renamed = await t.request('/api/v1/company', { method: 'PATCH', as: firstAdmin, json: { name: 'Nordlys Salg' } });
    expect(renamed.status).toBe(200);
    const me = await t.request('/api/v1/me', { as: firstAdmin });
    expect(((await me.json()) as { company: { name: string } }).company.name).toBe('Nordlys Salg');
    expect(doneSteps(await setupOf(firstAdmin))).toEqual(['company', 'timezone']);
  });

  it('offers e-mail and LinkedIn logging: off on a new company, the activities step is done once one is turned on', async () => {
    const rules = ((await (await t.request('/api/v1/kpi-rules', { as: firstAdmin })).json()) as KpiRuleList).rules;
    const email = rules.find((r) => r.kpiKey === 'email')!;
    expect(email.enabled).toBe(false);
    expect((await setupOf(firstAdmin)).steps.find((s) => s.step === 'activities')!.done).toBe(false);
    const on = await t.request(`/api/v1/kpi-rules/${email.id}`, {
      method: 'PATCH',
      as: firstAdmin,
      json: { enabled: true, basePoints: 1 },
    });
    expect(on.status).toBe(200);
    expect((await setupOf(firstAdmin)).steps.find((s) => s.step === 'activities')!.done).toBe(true);
  });

  it('counts the activities step done once only the call bonus’s number of calls changed (decision 108)', async () => {
    const admin = await t.createMember({ role: 'admin' });
    expect((await setupOf(admin)).steps.find((s) => s.step === 'activities')!.done).toBe(false);
    const rules = ((await (await t.request('/api/v1/kpi-rules', { as: admin })).json()) as KpiRuleList).rules;
    const bonus = rules.find((r) => r.kpiKey === 'daily_call_bonus_20')!;
    const changed = await t.request(`/api/v1/kpi-rules/${bonus.id}`, { method: 'PATCH', as: admin, json: { threshold: 30 } });
    expect(changed.status).toBe(200);
    expect((await setupOf(admin)).steps.find((s) => s.step === 'activities')!.done).toBe(true);
  });

  it('hides the checklist once dismissed, and shows it again on request; an unknown step is a 400', async () => {
    const dismissed = await t.request('/api/v1/setup/dismiss', { method: 'POST', as: firstAdmin, json: {} });
    expect(((await dismissed.json()) as SetupState).showChecklist).toBe(false);
    const back = await t.request('/api/v1/setup/dismiss', { method: 'POST', as: firstAdmin, json: { dismissed: false } });
    expect(((await back.json()) as SetupState).showChecklist).toBe(true);
    const unknown = await t.request('/api/v1/setup/steps/billing', { method: 'POST', as: firstAdmin });
    expect(unknown.status).toBe(400);
  });

  it('a company created in multi-tenant mode starts with its name step done (it was named when created)', async () => {
    const multi = await createTestApp({ env: { TENANCY: 'multi' } });
    try {
      const founder = await multi.createUser({ name: 'Mona Multi' });
      const created = await multi.request('/api/v1/companies', { method: 'POST', as: founder, json: { name: 'Fjord AS' } });
      expect(created.status).toBe(201);
      await multi.deps.realtime.sync();
      const response = await multi.request('/api/v1/setup', { as: founder });
      expect(response.status).toBe(200);
      const state = (await response.json()) as SetupState;
      expect(state).toMatchObject({ doneCount: 1, showChecklist: true });
      expect(state.steps[0]).toEqual({ step: 'company', done: true });
    } finally {
      await multi.close();
    }
  });

  it('a company created with a time zone chosen starts with that step done too: the setup does not ask it again', async () => {
    const multi = await createTestApp({ env: { TENANCY: 'multi' } });
    try {
      const founder = await multi.createUser({ name: 'Tor Zone' });
      // Oslo is also the default: the choice counts, not whether it differs.
      const created = await multi.request('/api/v1/companies', {
        method: 'POST',
        as: founder,
        json: { name: 'Vik AS', timezone: 'Europe/Oslo' },
      });
      expect(created.status).toBe(201);
      await multi.deps.realtime.sync();
      const state = (await (await multi.request('/api/v1/setup', { as: founder })).json()) as SetupState;
      expect(doneSteps(state)).toEqual(['company', 'timezone']);
    } finally {
      await multi.close();
    }
  });

  it('only admins: a rep gets 403 for the setup and its changes, and no session gets 401', async () => {
    expect((await t.request('/api/v1/setup', { as: rep })).status).toBe(403);
    expect((await t.request('/api/v1/setup/steps/company', { method: 'POST', as: rep })).status).toBe(403);
    expect((await t.request('/api/v1/setup/dismiss', { method: 'POST', as: rep, json: {} })).status).toBe(403);
    expect((await t.request('/api/v1/setup')).status).toBe(401);
  });
});

describe('invitations by e-mail', () => {
  it('mails each distinct address its own invitation link in English, naming the company and the inviter', async () => {
    const [a, b] = [unique('anna'), unique('bjorn')];
    const response = await send(admin, { emails: [a, b.toUpperCase(), b], role: 'user' }, { 'x-dealboard-language': 'en' });
    expect(response.status).toBe(201);
    expect((await response.json()) as SentInvitations).toEqual({ sent: 2, emails: [a, b] });

    const mail = (await latestMailTo(a))!;
    // The subject says who invites to what, as a colleague's invitation does.
    expect(mail.subject).toBe(`Ada Admin invited you to ${await companyNameOf(admin)} on Dealboard`);
    expect(mail.text).toContain('Ada Admin invited you to join');
    const list = await listOf(admin);
    const invitation = list.find((i) => i.email === a)!;
    expect(invitation).toMatchObject({ status: 'active', sentCount: 1, openedAt: null, role: 'user' });
    expect(mail.links).toEqual([invitation.url]);
    expect(await mailsTo(b)).toBe(1);
  });

  it("writes the mail in Norwegian when that is the admin's language", async () => {
    const to = unique('nora');
    expect((await send(admin, { emails: [to], role: 'admin' }, { 'x-dealboard-language': 'nb' })).status).toBe(201);
    const mail = (await latestMailTo(to))!;
    expect(mail.subject).toBe(`Ada Admin har invitert deg til ${await companyNameOf(admin)} på Dealboard`);
    expect(mail.text).toContain('Ada Admin har invitert deg til');
    expect(mail.text).toContain('som administrator');
  });

  it('refuses a list with an invalid address (400, nothing sent) and more than 50 addresses at once', async () => {
    const ok = unique('valid');
    const bad = await send(admin, { emails: [ok, 'not-an-address'] });
    expect(bad.status).toBe(400);
    expect(await mailsTo(ok)).toBe(0);
    const many = Array.from({ length: 51 }, (_, i) => `p${i}-${crypto.randomUUID().slice(0, 6)}@example.com`);
    const tooMany = await send(admin, { emails: many });
    expect(tooMany.status).toBe(400);
    expect((await errorOf(tooMany)).message).toContain('At most 50');
  });

  it('tracks opened (the link previewed) and accepted (the person joined)', async () => {
    const to = unique('olav');
    await send(admin, { emails: [to] });
    const invitation = (await listOf(admin)).find((i) => i.email === to)!;
    const previewed = await t.request(`/api/v1/invitations/preview/${invitation.code}`);
    expect(previewed.status).toBe(200);
    // The address it was mailed to, for the join forms to fill in.
    expect(await previewed.json()).toMatchObject({ valid: true, email: to });
    const opened = (await listOf(admin)).find((i) => i.id === invitation.id)!;
    expect(opened.openedAt).not.toBeNull();
    expect(opened.status).toBe('active');

    const person = await t.createUser({ name: 'Olav', email: to });
    const accepted = await t.request('/api/v1/invitations/accept', { method: 'POST', as: person, json: { code: invitation.code } });
    expect(accepted.status).toBe(200);
    const used = (await listOf(admin)).find((i) => i.id === invitation.id)!;
    expect(used).toMatchObject({ status: 'used', usedBy: person.id, usedByName: 'Olav' });
  });

  it('resends with a new mail, at most 3 times a day per invitation (then 429); a used one cannot be resent', async () => {
    const to = unique('resend');
    await send(admin, { emails: [to] });
    const invitation = (await listOf(admin)).find((i) => i.email === to)!;
    for (let i = 0; i < 3; i++) {
      const again = await t.request(`/api/v1/invitations/${invitation.id}/resend`, { method: 'POST', as: admin });
      expect(again.status).toBe(200);
      expect(((await again.json()) as Invitation).sentCount).toBe(i + 2);
    }
    expect(await mailsTo(to)).toBe(4);
    const fourth = await t.request(`/api/v1/invitations/${invitation.id}/resend`, { method: 'POST', as: admin });
    expect(fourth.status).toBe(429);
    expect(await mailsTo(to)).toBe(4);

    const person = await t.createUser({ email: unique('taker') });
    await t.request('/api/v1/invitations/accept', { method: 'POST', as: person, json: { code: invitation.code } });
    const refused = await t.request(`/api/v1/invitations/${invitation.id}/resend`, { method: 'POST', as: admin });
    expect(refused.status).toBe(409);
  });

  it('revoking an e-mailed invitation makes its link invalid and is in the audit log', async () => {
    const to = unique('revoked');
    await send(admin, { emails: [to] });
    const invitation = (await listOf(admin)).find((i) => i.email === to)!;
    expect((await t.request(`/api/v1/invitations/${invitation.id}`, { method: 'DELETE', as: admin })).status).toBe(200);
    const preview = await (await t.request(`/api/v1/invitations/preview/${invitation.code}`)).json();
    expect(preview).toMatchObject({ valid: false });
    const audit = (await (await t.request('/api/v1/admin/audit-log', { as: admin })).json()) as AuditLogPage;
    const actions = audit.entries.filter((e) => e.target?.id === invitation.id).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['invitation.created', 'invitation.revoked']));
  });

  it("limits a company's invitation mails per day (429 before any mail of the batch leaves)", async () => {
    const busy = await t.createMember({ role: 'admin', name: 'Busy Admin' });
    await withDailyCount(busy.companyId, 199);
    const [a, b] = [unique('late-a'), unique('late-b')];
    const response = await send(busy, { emails: [a, b] });
    expect(response.status).toBe(429);
    expect((await errorOf(response)).code).toBe('invitation_limit');
    expect(await mailsTo(a)).toBe(0);
  });

  it('only admins send and resend; a rep gets 403 and no mail leaves', async () => {
    const to = unique('by-rep');
    expect((await send(rep, { emails: [to] })).status).toBe(403);
    expect(await mailsTo(to)).toBe(0);
    const some = (await listOf(admin))[0]!;
    expect((await t.request(`/api/v1/invitations/${some.id}/resend`, { method: 'POST', as: rep })).status).toBe(403);
  });

  it('marks the invite step done once the company has sent an invitation', async () => {
    expect((await setupOf(admin)).steps.find((s) => s.step === 'invite')!.done).toBe(true);
  });
});

/** The company has already sent `n` invitation mails today (the limit's counter, as the server keeps it). */
async function withDailyCount(companyId: string, n: number): Promise<void> {
  await t.db.execute(
    sql`INSERT INTO app_rate_limits (key, count, window_started_at) VALUES (${`invitation-mails:${companyId}`}, ${n}, ${Date.now()})
        ON CONFLICT (key) DO UPDATE SET count = ${n}, window_started_at = ${Date.now()}`,
  );
}

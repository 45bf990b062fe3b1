import {
  type AccountDeletionPlan,
  type ApiError,
  type Invitation,
  type PersonalData,
  PersonalDataSchema,
  type RecentActivities,
} from '@core/contracts';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { hashApiToken } from '../../lib/api-token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany, seedMembership } from '../../seed/factories';
import { toCompanyId, withInstance, withTenant } from '../../db/tenant';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { EXPORT_PAGE_SIZE } from './privacy.service';

type Member = TestUser & { companyId: string };

/** Long random passwords: weak ones are refused (decision 018). */
const strongPassword = () => `Pw-${crypto.randomUUID()}-${crypto.randomUUID().slice(0, 8)}`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const errorOf = async (response: Response) => ((await response.json()) as ApiError).error;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Reads as the owning role with the company in scope (tests look behind the API). */
async function query<T>(companyId: string | null, statement: ReturnType<typeof sql>): Promise<T[]> {
  return withInstance(t.db, { companyId: companyId === null ? null : toCompanyId(companyId), userId: null }, async (tx) =>
    rowsOf<T>(await tx.execute(statement)),
  );
}

async function member(input: { companyId?: string; role?: 'admin' | 'user'; name: string }): Promise<Member> {
  const email = `${input.name.toLowerCase().replaceAll(' ', '.')}-${crypto.randomUUID().slice(0, 6)}@example.com`;
  const person = await t.createUser({ name: input.name, email, password: strongPassword() });
  const companyId = input.companyId ?? (await seedCompany(t.db)).id;
  await seedMembership(t.db, { companyId, userId: person.id, role: input.role ?? 'user' });
  return { ...person, companyId };
}

async function log(as: Member, body: Record<string, unknown>): Promise<string> {
  const response = await t.request('/api/v1/activities', { method: 'POST', as, json: body });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** A day of history written directly (the rollup trigger counts it as it counts every insert). */
async function logHistory(as: Member, input: { day: string; type: string; notes: string; ticketSize?: number; points: number }) {
  await withTenant(t.db, { companyId: toCompanyId(as.companyId), userId: as.id }, (tx) =>
    tx.execute(sql`INSERT INTO activities (company_id, user_id, type, notes, ticket_size, points_earned, local_date, created_at)
      VALUES (${as.companyId}, ${as.id}, ${input.type}, ${input.notes}, ${input.ticketSize ?? null}, ${input.points}, ${input.day}, ${`${input.day}T10:00:00Z`})`),
  );
}

async function download(path: string, as: TestUser): Promise<{ response: Response; text: string; data: PersonalData }> {
  const response = await t.request(path, { as });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return { response, text, data: PersonalDataSchema.parse(JSON.parse(text)) };
}

/** Every number the boards show for the company, for comparing before and after an erasure. */
async function companyNumbers(as: TestUser) {
  const read = async (path: string) => {
    const response = await t.request(path, { as });
    expect(response.status, path).toBe(200);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const month = await read('/api/v1/scoreboard/team-stats?period=month');
  const all = await read('/api/v1/scoreboard/team-stats?period=custom&from=2026-01-01&to=2026-12-31');
  const monthly = (await read('/api/v1/scoreboard/monthly')) as { company: { totals: unknown }; trend: unknown };
  const kpis = await read('/api/v1/scoreboard/kpis');
  return { month: month.totals, year: all.totals, monthly: monthly.company.totals, trend: monthly.trend, kpis };
}

const signInStatus = async (email: string, password: string) =>
  (await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } })).status;

/** Uploads a small picture as the member's avatar; returns its (public) URL. */
async function uploadPicture(as: Member): Promise<string> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0e7490' } })
    .png()
    .toBuffer();
  const response = await t.request('/api/v1/me/avatar', {
    method: 'PUT',
    as,
    body: new Uint8Array(png),
    headers: { 'content-type': 'image/png' },
  });
  expect(response.status).toBe(200);
  const { avatarUrl } = (await response.json()) as { avatarUrl: string };
  expect((await t.request(avatarUrl)).status).toBe(200);
  return avatarUrl;
}

async function saveWrapup(as: Member, good: string, improve: string) {
  const response = await t.request('/api/v1/wrapups/today', {
    method: 'PUT',
    as,
    json: { calls: 3, meetings: 1, sales: 1, points: 15, good, improve },
  });
  expect(response.status).toBeLessThan(300);
}

async function setGoals(as: Member) {
  const response = await t.request('/api/v1/goals/me', { method: 'PUT', as, json: { dailyCalls: 25, dailyMeetings: 3, dailySales: 1 } });
  expect(response.status).toBe(200);
}

describe('GET /me/data: everything held about the caller', () => {
  let admin: Member;
  let rita: Member;
  let colin: Member;
  beforeAll(async () => {
    admin = await member({ role: 'admin', name: 'Ada Admin' });
    rita = await member({ companyId: admin.companyId, name: 'Rita Rep' });
    colin = await member({ companyId: admin.companyId, name: 'Colin Colleague' });
    await log(rita, {
      kind: 'call',
      answered: true,
      outcome: 'meeting_booked',
      customerName: 'Fjord AS',
      notes: 'Rita: call back Tuesday',
    });
    await log(rita, { kind: 'sale', ticketSize: 125_000, productName: 'Pro plan', customerName: 'Fjord AS', notes: 'Rita: signed' });
    await log(colin, {
      kind: 'call',
      answered: true,
      outcome: 'meeting_booked',
      customerName: 'Colin Customer AS',
      notes: 'Colin secret note',
    });
    await saveWrapup(rita, 'Rita: good day', 'Rita: fewer no-shows');
    await saveWrapup(colin, 'Colin: good day', 'Colin: improve');
    await setGoals(rita);
    const contact = await t.request('/api/v1/contact', {
      method: 'POST',
      json: { name: 'Rita Rep', email: rita.email, teamSize: '6-10', message: 'Rita asks for a demo' },
    });
    expect(contact.status).toBe(201);
  });

  it('is a JSON attachment named dealboard-data-YYYY-MM-DD.json with the account, membership, activities, wrap-ups, goals, sign-ins, mail and contact requests', async () => {
    const { response, data } = await download('/api/v1/me/data', rita);
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="dealboard-data-${today}.json"`);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(data).toMatchObject({ format: 'dealboard.personal-data', version: 1, scope: 'person', company: null });
    expect(data.account).toMatchObject({ id: rita.id, email: rita.email, name: 'Rita Rep', emailVerified: true, language: null });
    expect(data.memberships).toEqual([
      expect.objectContaining({
        companyId: admin.companyId,
        companyName: 'Acme Sales AS',
        role: 'user',
        displayName: 'Rita Rep',
        removedAt: null,
      }),
    ]);
    expect(data.activities.map((a) => [a.type, a.customerName, a.notes])).toEqual([
      ['call_answered', 'Fjord AS', 'Rita: call back Tuesday'],
      ['sale', 'Fjord AS', 'Rita: signed'],
    ]);
    expect(data.activities[1]).toMatchObject({ ticketSize: 125_000, productName: 'Pro plan', pointsEarned: 10 });
    expect(data.wrapups).toEqual([expect.objectContaining({ good: 'Rita: good day', improve: 'Rita: fewer no-shows', calls: 3 })]);
    expect(data.goals).toEqual([expect.objectContaining({ dailyCalls: 25, dailyMeetings: 3, dailySales: 1 })]);
    // The badge her sale earned (decision 050); none of Colin's.
    expect(data.badges).toEqual([
      {
        companyId: admin.companyId,
        kind: 'first_sale',
        occasion: '',
        localDate: expect.any(String),
        data: { sales: 1 },
        earnedAt: expect.any(String),
      },
    ]);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(Object.keys(data.sessions[0]!).sort()).toEqual(['createdAt', 'expiresAt', 'ipAddress', 'userAgent']);
    // The confirmation mail of the sign-up: its subject, not its link.
    expect(data.mail.length).toBeGreaterThan(0);
    expect(data.contactRequests).toEqual([expect.objectContaining({ message: 'Rita asks for a demo', email: rita.email })]);
  });

  it("holds none of a colleague's data, no session secret and no link from a mail", async () => {
    const { text } = await download('/api/v1/me/data', rita);
    for (const secret of [colin.email, colin.id, 'Colin', 'Colin Customer AS', admin.email, 'Ada Admin'])
      expect(text).not.toContain(secret);
    expect(text).not.toMatch(/https?:\/\//);
    const tokens = await query<{ token: string }>(null, sql`SELECT token FROM session WHERE user_id = ${rita.id}`);
    for (const row of tokens) expect(text).not.toContain(row.token);
  });

  it('includes invitations and display links an admin created and what they did in the audit log', async () => {
    const invite = await t.request('/api/v1/invitations', { method: 'POST', as: admin, json: { role: 'user' } });
    expect(invite.status).toBe(201);
    const link = await t.request('/api/v1/display-links', { method: 'POST', as: admin, json: { name: 'Lobby TV' } });
    expect(link.status).toBe(201);
    await download(`/api/v1/team/members/${colin.id}/data`, admin); // audit: member.data_exported
    const { data, text } = await download('/api/v1/me/data', admin);
    expect(data.invitations.created).toEqual([expect.objectContaining({ companyId: admin.companyId, role: 'user', usedAt: null })]);
    expect(data.displayLinksCreated).toEqual([expect.objectContaining({ name: 'Lobby TV', revokedAt: null })]);
    expect(data.auditEvents).toContainEqual(expect.objectContaining({ action: 'member.data_exported', targetType: 'member' }));
    // Whom the export concerned is the colleague's business.
    expect(text).not.toContain(colin.id);
  });

  it("includes the person's API tokens (name, scopes, times), never the secret or its hash", async () => {
    const made = await t.request('/api/v1/me/api-tokens', {
      method: 'POST',
      as: rita,
      json: { name: 'Rita sheet sync', scopes: ['activities:read'], expiresInDays: 90 },
    });
    expect(made.status).toBe(201);
    const { secret } = (await made.json()) as { secret: string };
    const { data, text } = await download('/api/v1/me/data', rita);
    expect(data.apiTokens).toEqual([
      {
        companyId: admin.companyId,
        name: 'Rita sheet sync',
        scopes: ['activities:read'],
        createdAt: expect.any(String),
        expiresAt: expect.any(String),
        lastUsedAt: null,
      },
    ]);
    expect(text).not.toContain(secret.slice(4));
    expect(text).not.toContain(hashApiToken(secret));
  });

  it('pages through a long history: every activity once, in order, still one valid JSON document', async () => {
    const heavy = await member({ companyId: admin.companyId, name: 'Heavy Hitter' });
    const count = EXPORT_PAGE_SIZE * 2 + 17;
    await withTenant(t.db, { companyId: toCompanyId(heavy.companyId), userId: heavy.id }, (tx) =>
      tx.execute(sql`INSERT INTO activities (company_id, user_id, type, notes, local_date, created_at)
        SELECT ${heavy.companyId}, ${heavy.id}, 'call_unanswered', 'note ' || n,
               (date '2026-01-01' + (n % 300)), timestamptz '2026-01-01 08:00Z' + (n % 300) * interval '1 day' + (n / 300) * interval '1 minute'
        FROM generate_series(1, ${count}) AS n`),
    );
    const { data } = await download('/api/v1/me/data', heavy);
    expect(data.activities).toHaveLength(count);
    expect(new Set(data.activities.map((a) => a.id)).size).toBe(count);
    const keys = data.activities.map((a) => `${a.localDate} ${a.createdAt} ${a.id}`);
    expect(keys).toEqual([...keys].sort());
  });

  it('says which activity carries its day’s bonus as the app does, a meeting’s too (decision 115)', async () => {
    const closer = await member({ companyId: admin.companyId, name: 'Bonus Closer' });
    await withTenant(t.db, { companyId: toCompanyId(closer.companyId), userId: closer.id }, (tx) =>
      tx.execute(sql`INSERT INTO activities (company_id, user_id, type, local_date, created_at, points_earned, bonus_points)
        VALUES (${closer.companyId}, ${closer.id}, 'meeting', '2026-02-02', '2026-02-02T09:00Z', 13, 10),
               (${closer.companyId}, ${closer.id}, 'meeting', '2026-02-02', '2026-02-02T10:00Z', 3, 0)`),
    );
    const { data } = await download('/api/v1/me/data', closer);
    expect(data.activities.map((a) => ({ points: a.pointsEarned, bonus: a.bonusPoints, dailyBonus: a.dailyBonus }))).toEqual([
      { points: 13, bonus: 10, dailyBonus: true },
      { points: 3, bonus: 0, dailyBonus: false },
    ]);
  });

  it('refuses anonymous callers', async () => {
    expect((await t.request('/api/v1/me/data')).status).toBe(401);
  });
});

describe("an admin's export of one member", () => {
  it("holds that member's data in this company only, is written to the audit log, and finds nothing in another company", async () => {
    const admin = await member({ role: 'admin', name: 'Export Admin' });
    const rita = await member({ companyId: admin.companyId, name: 'Exported Rita' });
    const colleague = await member({ companyId: admin.companyId, name: 'Other Oscar' });
    await log(rita, { kind: 'meeting', customerName: 'Bergen AS', notes: 'Rita meeting note' });
    await log(colleague, { kind: 'meeting', customerName: 'Oscar AS', notes: 'Oscar meeting note' });
    const { data, text } = await download(`/api/v1/team/members/${rita.id}/data`, admin);
    expect(data).toMatchObject({ scope: 'company', company: { id: admin.companyId, name: 'Acme Sales AS' } });
    expect(data.account).toMatchObject({ id: rita.id, email: rita.email, emailVerified: null });
    expect(data.activities.map((a) => a.notes)).toEqual(['Rita meeting note']);
    // Sign-ins, mail and contact requests belong to the person's account, not to the company.
    expect(data.sessions).toEqual([]);
    expect(data.mail).toEqual([]);
    expect(data.contactRequests).toEqual([]);
    for (const secret of [colleague.email, colleague.id, 'Oscar']) expect(text).not.toContain(secret);

    const audit = await query<{ actor_user_id: string; action: string; target_id: string }>(
      admin.companyId,
      sql`SELECT actor_user_id, action, target_id FROM audit_log WHERE company_id = ${admin.companyId}`,
    );
    expect(audit).toEqual([{ actor_user_id: admin.id, action: 'member.data_exported', target_id: rita.id }]);

    const stranger = await member({ role: 'admin', name: 'Stranger Admin' });
    expect((await t.request(`/api/v1/team/members/${rita.id}/data`, { as: stranger })).status).toBe(404);
    expect((await t.request(`/api/v1/team/members/${rita.id}/data`, { as: colleague })).status).toBe(403);
    const strangerAudit = await query(stranger.companyId, sql`SELECT 1 FROM audit_log WHERE company_id = ${stranger.companyId}`);
    expect(strangerAudit).toEqual([]);
  });
});

describe('DELETE /me: deleting one’s own account', () => {
  it('keeps every company number while the e-mail, name, sessions, notes, wrap-up text and goals go and nobody can sign in', async () => {
    const admin = await member({ role: 'admin', name: 'Keeper Admin' });
    const rita = await member({ companyId: admin.companyId, name: 'Leaving Rita' });
    await log(rita, { kind: 'call', answered: true, outcome: 'meeting_booked', customerName: 'Nord AS', notes: 'private call note' });
    await log(rita, { kind: 'sale', ticketSize: 990_00, customerName: 'Nord AS', notes: 'private sale note' });
    await log(admin, { kind: 'call', answered: false });
    await logHistory(rita, { day: '2026-02-03', type: 'sale', notes: 'old private note', ticketSize: 50_000, points: 10 });
    await saveWrapup(rita, 'private good', 'private improve');
    await setGoals(rita);
    const picture = await uploadPicture(rita);
    const second = await t.signIn(rita.email, rita.password); // another device

    const before = await companyNumbers(admin);
    expect(await query(admin.companyId, sql`SELECT kind FROM badges WHERE user_id = ${rita.id}`)).toEqual([{ kind: 'first_sale' }]);
    const plan = (await (await t.request('/api/v1/me/account-deletion', { as: rita })).json()) as AccountDeletionPlan;
    expect(plan).toEqual({ confirmWith: 'password', company: { name: 'Acme Sales AS', outcome: 'kept' }, blockedBy: null });

    const response = await t.request('/api/v1/me', { method: 'DELETE', as: rita, json: { password: rita.password } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(response.headers.getSetCookie().join(';')).toMatch(/dealboard\.session_token=;/);

    // Boards, totals and past totals are exactly as they were.
    expect(await companyNumbers(admin)).toEqual(before);

    // The person is gone.
    const [person] = await query<{ email: string; name: string; email_verified: boolean }>(
      null,
      sql`SELECT email, name, email_verified FROM "user" WHERE id = ${rita.id}`,
    );
    expect(person).toEqual({ email: `erased-${rita.id}@erased.invalid`, name: '', email_verified: false });
    expect(await query(null, sql`SELECT 1 FROM "user" WHERE lower(email) = lower(${rita.email})`)).toEqual([]);
    expect(await query(null, sql`SELECT 1 FROM session WHERE user_id = ${rita.id}`)).toEqual([]);
    expect(await query(null, sql`SELECT 1 FROM account WHERE user_id = ${rita.id}`)).toEqual([]);
    expect(await query(null, sql`SELECT 1 FROM mail_outbox WHERE lower("to") = lower(${rita.email})`)).toEqual([]);
    const notes = await query<{ notes: string | null; n: number }>(
      admin.companyId,
      sql`SELECT notes, count(*)::int AS n FROM activities WHERE user_id = ${rita.id} GROUP BY notes`,
    );
    expect(notes).toEqual([{ notes: null, n: 3 }]);
    expect(await query(admin.companyId, sql`SELECT good, improve, calls FROM wrapups WHERE user_id = ${rita.id}`)).toEqual([
      { good: null, improve: null, calls: 3 },
    ]);
    expect(await query(admin.companyId, sql`SELECT 1 FROM goals WHERE user_id = ${rita.id}`)).toEqual([]);
    // Her badges go with her (decision 050); the feed's announcement stays, naming a former member.
    expect(await query(admin.companyId, sql`SELECT 1 FROM badges WHERE user_id = ${rita.id}`)).toEqual([]);
    expect(
      await query(
        admin.companyId,
        sql`SELECT display_name, avatar_url, removed_at IS NOT NULL AS removed, erased_at IS NOT NULL AS erased FROM profiles WHERE user_id = ${rita.id}`,
      ),
    ).toEqual([{ display_name: null, avatar_url: null, removed: true, erased: true }]);
    expect((await t.request(picture)).status).toBe(404);

    // Signed out on every device, and the password opens nothing.
    for (const cookie of [rita.cookie, second]) {
      const me = await t.request('/api/v1/me', { as: { ...rita, cookie } });
      expect(await me.json()).toBeNull();
    }
    expect(await signInStatus(rita.email, rita.password)).not.toBe(200);

    // The boards name a former member, and the company's admins see who left in the audit log.
    const feed = (await (await t.request('/api/v1/scoreboard/recent-activities?limit=10', { as: admin })).json()) as RecentActivities;
    const hers = feed.activities.filter((a) => a.userId === rita.id);
    expect(hers.length).toBe(3);
    for (const item of hers) expect(item).toMatchObject({ displayName: null, formerMember: true, notes: null });
    expect(feed.activities.find((a) => a.userId === admin.id)).toMatchObject({ formerMember: false, displayName: 'Keeper Admin' });
    const audit = await query(
      admin.companyId,
      sql`SELECT actor_user_id, action, target_id FROM audit_log WHERE company_id = ${admin.companyId}`,
    );
    expect(audit).toEqual([{ actor_user_id: rita.id, action: 'member.erased', target_id: rita.id }]);
    // The console's audit log names nobody: not the old name, not the placeholder address.
    const auditPage = await t.request('/api/v1/admin/audit-log', { as: admin });
    const logText = await auditPage.text();
    expect(JSON.parse(logText).entries).toEqual([
      expect.objectContaining({
        action: 'member.erased',
        actor: { id: rita.id, name: null, state: 'former' },
        target: { type: 'member', id: rita.id, label: null, removed: null },
      }),
    ]);
    expect(logText).not.toMatch(/Leaving Rita|erased\.invalid/);
  });

  it('asks again: a wrong or missing password is refused and nothing changes', async () => {
    const admin = await member({ role: 'admin', name: 'Patient Admin' });
    const rita = await member({ companyId: admin.companyId, name: 'Careful Rita' });
    const wrong = await t.request('/api/v1/me', { method: 'DELETE', as: rita, json: { password: 'not-my-password-at-all' } });
    expect(wrong.status).toBe(400);
    expect(await errorOf(wrong)).toMatchObject({ code: 'wrong_password', details: { password: expect.any(String) } });
    const missing = await t.request('/api/v1/me', { method: 'DELETE', as: rita, json: {} });
    expect(missing.status).toBe(400);
    const emailInstead = await t.request('/api/v1/me', { method: 'DELETE', as: rita, json: { email: rita.email } });
    expect(emailInstead.status).toBe(400);
    expect((await t.request('/api/v1/me', { method: 'DELETE', json: { password: rita.password } })).status).toBe(401);
    expect(await signInStatus(rita.email, rita.password)).toBe(200);
    expect(await query(admin.companyId, sql`SELECT removed_at FROM profiles WHERE user_id = ${rita.id}`)).toEqual([{ removed_at: null }]);
  });

  it('an account without a password confirms with its e-mail address', async () => {
    const admin = await member({ role: 'admin', name: 'Link Admin' });
    const rita = await member({ companyId: admin.companyId, name: 'Magic Rita' });
    await t.db.execute(sql`UPDATE account SET password = NULL WHERE user_id = ${rita.id}`);
    const plan = (await (await t.request('/api/v1/me/account-deletion', { as: rita })).json()) as AccountDeletionPlan;
    expect(plan.confirmWith).toBe('email');
    const wrong = await t.request('/api/v1/me', { method: 'DELETE', as: rita, json: { email: 'someone-else@example.com' } });
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).code).toBe('email_mismatch');
    const right = await t.request('/api/v1/me', { method: 'DELETE', as: rita, json: { email: `  ${rita.email.toUpperCase()} ` } });
    expect(right.status).toBe(200);
    expect(await query(null, sql`SELECT 1 FROM "user" WHERE lower(email) = lower(${rita.email})`)).toEqual([]);
  });

  it('refuses the only admin of a company with other members (409) until another member is admin', async () => {
    const admin = await member({ role: 'admin', name: 'Only Admin' });
    const rep = await member({ companyId: admin.companyId, name: 'Staying Rep' });
    const plan = (await (await t.request('/api/v1/me/account-deletion', { as: admin })).json()) as AccountDeletionPlan;
    expect(plan.blockedBy).toBe('last_admin');
    const refused = await t.request('/api/v1/me', { method: 'DELETE', as: admin, json: { password: admin.password } });
    expect(refused.status).toBe(409);
    const error = await errorOf(refused);
    expect(error.code).toBe('last_admin');
    expect(error.message).toMatch(/only admin of Acme Sales AS.*Make another member admin first/);
    expect(await signInStatus(admin.email, admin.password)).toBe(200);
    expect(await query(admin.companyId, sql`SELECT count(*)::int AS n FROM audit_log WHERE company_id = ${admin.companyId}`)).toEqual([
      { n: 0 },
    ]);

    expect((await t.request(`/api/v1/team/members/${rep.id}/role`, { method: 'PATCH', as: admin, json: { role: 'admin' } })).status).toBe(
      200,
    );
    expect((await t.request('/api/v1/me', { method: 'DELETE', as: admin, json: { password: admin.password } })).status).toBe(200);
  });

  it('the only member of a company in single-company mode leaves the company and its numbers behind', async () => {
    const solo = await member({ role: 'admin', name: 'Solo Sam' });
    await log(solo, { kind: 'sale', ticketSize: 10_000 });
    const plan = (await (await t.request('/api/v1/me/account-deletion', { as: solo })).json()) as AccountDeletionPlan;
    expect(plan).toMatchObject({ company: { outcome: 'kept' }, blockedBy: null });
    expect((await t.request('/api/v1/me', { method: 'DELETE', as: solo, json: { password: solo.password } })).status).toBe(200);
    expect(await query(solo.companyId, sql`SELECT sales FROM daily_user_stats WHERE company_id = ${solo.companyId}`)).toEqual([
      { sales: 1 },
    ]);
  });
});

describe('an admin erases a member', () => {
  it('removes them, keeps the numbers, forgets them (the account too when it was only here), and writes the audit log', async () => {
    const admin = await member({ role: 'admin', name: 'Eraser Admin' });
    const rita = await member({ companyId: admin.companyId, name: 'Erased Rita' });
    await log(rita, { kind: 'call', answered: true, outcome: 'meeting_booked', notes: 'rita private' });
    await logHistory(rita, { day: '2026-03-10', type: 'sale', notes: 'rita old private', ticketSize: 70_000, points: 10 });
    await saveWrapup(rita, 'rita good', 'rita improve');
    const picture = await uploadPicture(rita);
    const before = await companyNumbers(admin);

    const response = await t.request(`/api/v1/team/members/${rita.id}/data`, { method: 'DELETE', as: admin });
    expect(response.status).toBe(200);
    expect((await t.request(picture)).status).toBe(404);
    expect(await companyNumbers(admin)).toEqual(before);
    expect(await query(admin.companyId, sql`SELECT DISTINCT notes FROM activities WHERE user_id = ${rita.id}`)).toEqual([{ notes: null }]);
    expect(await query(admin.companyId, sql`SELECT good, improve FROM wrapups WHERE user_id = ${rita.id}`)).toEqual([
      { good: null, improve: null },
    ]);
    const members = (await (await t.request('/api/v1/team/members', { as: admin })).json()) as { members: { userId: string }[] };
    expect(members.members.map((m) => m.userId)).toEqual([admin.id]);
    // Her account existed only for this company: it is erased too.
    expect(await signInStatus(rita.email, rita.password)).not.toBe(200);
    expect(await query(null, sql`SELECT email FROM "user" WHERE id = ${rita.id}`)).toEqual([{ email: `erased-${rita.id}@erased.invalid` }]);
    const audit = await query(
      admin.companyId,
      sql`SELECT actor_user_id, action, target_id, details FROM audit_log WHERE company_id = ${admin.companyId}`,
    );
    expect(audit).toEqual([{ actor_user_id: admin.id, action: 'member.erased', target_id: rita.id, details: { accountErased: true } }]);
    const auditPage = (await (await t.request('/api/v1/admin/audit-log', { as: admin })).json()) as {
      entries: { action: string; actor: unknown; target: unknown }[];
    };
    expect(auditPage.entries[0]).toMatchObject({
      action: 'member.erased',
      actor: { id: admin.id, name: 'Eraser Admin', state: 'member' },
      target: { id: rita.id, label: null },
    });
    // Exporting an erased member shows what is left: numbers, no words.
    const { data } = await download(`/api/v1/team/members/${rita.id}/data`, admin);
    expect(data.memberships[0]).toMatchObject({ displayName: null, erasedAt: expect.any(String) });
    expect(data.activities.every((a) => a.notes === null)).toBe(true);
  });

  it("keeps the account of someone who belongs to another company, and no longer names them in this company's invitations", async () => {
    const admin = await member({ role: 'admin', name: 'Inviting Admin' });
    const mover = await member({ role: 'user', name: 'Moving Mona' });
    const moverCompany = mover.companyId;
    // Mona joined this company by invitation once, and left it.
    const invite = (await (
      await t.request('/api/v1/invitations', { method: 'POST', as: admin, json: { role: 'user' } })
    ).json()) as Invitation;
    await withTenant(t.db, { companyId: toCompanyId(admin.companyId), userId: mover.id }, (tx) =>
      tx.execute(
        sql`INSERT INTO profiles (company_id, user_id, role, display_name, removed_at) VALUES (${admin.companyId}, ${mover.id}, 'user', 'Moving Mona', now())`,
      ),
    );
    await withTenant(t.db, { companyId: toCompanyId(admin.companyId), userId: admin.id }, (tx) =>
      tx.execute(sql`UPDATE invitations SET used_by = ${mover.id}, used_at = now() WHERE id = ${invite.id}`),
    );
    const named = (await (await t.request('/api/v1/invitations', { as: admin })).json()) as { invitations: Invitation[] };
    expect(named.invitations.find((i) => i.id === invite.id)!.usedByName).toBe('Moving Mona');

    expect((await t.request(`/api/v1/team/members/${mover.id}/data`, { method: 'DELETE', as: admin })).status).toBe(200);
    const after = (await (await t.request('/api/v1/invitations', { as: admin })).json()) as { invitations: Invitation[] };
    expect(after.invitations.find((i) => i.id === invite.id)!.usedByName).toBeNull();
    expect(await signInStatus(mover.email, mover.password)).toBe(200);
    expect(
      await query(
        moverCompany,
        sql`SELECT display_name, removed_at FROM profiles WHERE company_id = ${moverCompany} AND user_id = ${mover.id}`,
      ),
    ).toEqual([{ display_name: 'Moving Mona', removed_at: null }]);
  });

  it('refuses admins of another company (404), users (403) and erasing the last admin (409), writing nothing', async () => {
    const admin = await member({ role: 'admin', name: 'Guarded Admin' });
    const rita = await member({ companyId: admin.companyId, name: 'Guarded Rita' });
    await log(rita, { kind: 'meeting', notes: 'still here' });
    const stranger = await member({ role: 'admin', name: 'Foreign Admin' });
    expect((await t.request(`/api/v1/team/members/${rita.id}/data`, { method: 'DELETE', as: stranger })).status).toBe(404);
    expect((await t.request(`/api/v1/team/members/${admin.id}/data`, { method: 'DELETE', as: rita })).status).toBe(403);
    expect((await t.request(`/api/v1/team/members/${rita.id}/data`, { method: 'DELETE' })).status).toBe(401);
    const last = await t.request(`/api/v1/team/members/${admin.id}/data`, { method: 'DELETE', as: admin });
    expect(last.status).toBe(409);
    expect((await errorOf(last)).code).toBe('last_admin');
    expect(await query(admin.companyId, sql`SELECT notes FROM activities WHERE user_id = ${rita.id}`)).toEqual([{ notes: 'still here' }]);
    expect(await query(admin.companyId, sql`SELECT 1 FROM audit_log WHERE company_id = ${admin.companyId}`)).toEqual([]);
    expect(await query(stranger.companyId, sql`SELECT 1 FROM audit_log WHERE company_id = ${stranger.companyId}`)).toEqual([]);
    expect(await signInStatus(rita.email, rita.password)).toBe(200);
  });
});

describe('multi-company mode', () => {
  let multi: TestApp;
  beforeAll(async () => {
    multi = await createTestApp({ env: { TENANCY: 'multi' } });
  });
  afterAll(() => multi.close());

  it('the only member of a company deletes it with their account; the operator company stays', async () => {
    const createCompany = async (name: string) => {
      const person = await multi.createUser({ name, password: strongPassword() });
      const response = await multi.request('/api/v1/companies', { method: 'POST', as: person, json: { name: `${name} AS` } });
      expect(response.status).toBe(201);
      return person;
    };
    const operator = await createCompany('Operator'); // the first company runs the installation
    const founder = await createCompany('Founder');
    const companyOf = async (as: TestUser) =>
      ((await (await multi.request('/api/v1/me', { as })).json()) as { company: { id: string } }).company.id;
    const operatorCompany = await companyOf(operator);
    const founderCompany = await companyOf(founder);
    const planOf = async (as: TestUser) =>
      (await (await multi.request('/api/v1/me/account-deletion', { as })).json()) as AccountDeletionPlan;
    expect(await planOf(founder)).toMatchObject({ company: { name: 'Founder AS', outcome: 'deleted' } });
    expect(await planOf(operator)).toMatchObject({ company: { name: 'Operator AS', outcome: 'kept' } });

    expect((await multi.request('/api/v1/me', { method: 'DELETE', as: founder, json: { password: founder.password } })).status).toBe(200);
    const exists = (companyId: string) =>
      withInstance(multi.db, { companyId: toCompanyId(companyId), userId: null }, async (tx) =>
        rowsOf(await tx.execute(sql`SELECT name FROM companies WHERE id = ${companyId}`)),
      );
    expect(await exists(founderCompany)).toEqual([]);
    expect(await exists(operatorCompany)).toEqual([{ name: 'Operator AS' }]);
  });
});

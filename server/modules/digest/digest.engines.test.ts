import type { CoachingWrapupList, KpiValues, MyTargets, ProfileSettings, WeeklyOverview } from '@core/contracts';
import type { DigestKpiLine } from '@core/digest';
import type { ActivityInput } from '@core/kpi';
import type { MinorUnits } from '@core/money';
import type { LocalDate } from '@core/period';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRecentMail, type OutboxMail } from '../../mail/mailer';
import { seedActivity } from '../../seed/activities';
import { seedCompany } from '../../seed/factories';
import { seedWrapup } from '../../seed/wrapups';
import { toCompanyId } from '../../db/tenant';
import { createTestApp, type TestApp } from '../../test/test-app';
import { testEngine } from '../../test/test-database';
import { signDigestToken } from './digest-token';
import { findDigestWeeks } from './digest.repository';
import { prepareCompanyDigests } from './digest.service';

/*
 * The weekly digest end to end on the real database: what each person's says (the same numbers as
 * the boards), when it goes (Monday 07:00 in the company's zone), to whom (not to those who turned
 * it off), once, and the one-click unsubscribe link.
 */

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
let admin: Member;
let lead: Member;
let kari: Member;
let ola: Member;
let solo: Member;
let quiet: Member;
let optedOut: Member;
let teamId: string;

const at = (iso: string) => t.setNow(() => new Date(iso));
const WEEK = '2026-11-16' as LocalDate;

async function call<T>(member: Member, method: string, path: string, json?: unknown): Promise<T> {
  const response = await t.request(path, { method, as: member, json });
  expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

const log = (member: Member, iso: string, input: ActivityInput) =>
  seedActivity(t.db, { companyId: member.companyId, userId: member.id, at: new Date(iso), timezone: 'Europe/Oslo', ...input });

async function mailTo(member: Member): Promise<OutboxMail[]> {
  return (await findRecentMail(t.db, 500)).filter((mail) => mail.to === member.email && mail.dedupeKey?.startsWith('digest:'));
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createMember({ role: 'admin', name: 'Anne Admin' });
  const companyId = admin.companyId;
  lead = await t.createMember({ companyId, name: 'Lars Lead' });
  kari = await t.createMember({ companyId, name: 'Kari Nordmann' });
  ola = await t.createMember({ companyId, name: 'Ola Hansen' });
  solo = await t.createMember({ companyId, name: 'Siri Solo' });
  quiet = await t.createMember({ companyId, name: 'Quiet Quinn' });
  optedOut = await t.createMember({ companyId, name: 'Otto Out' });

  // Sunday before the week: the team, its lead, and weekly call targets from the week's Monday.
  at('2026-11-15T12:00:00Z');
  teamId = (await call<{ id: string }>(admin, 'POST', '/api/v1/teams', { name: 'Oslo' })).id;
  await call(admin, 'PUT', `/api/v1/teams/${teamId}/leads`, { userIds: [lead.id] });
  for (const member of [lead, kari, ola]) await call(admin, 'PUT', `/api/v1/team/members/${member.id}/team`, { teamId });
  for (const member of [kari, ola]) {
    await call(admin, 'POST', '/api/v1/targets', { userId: member.id, metric: 'calls', period: 'week', value: 10, effectiveFrom: WEEK });
  }
  await call(admin, 'POST', '/api/v1/targets', {
    userId: kari.id,
    metric: 'sales_value',
    period: 'week',
    value: 1_000_00,
    effectiveFrom: WEEK,
  });
  await call(admin, 'POST', '/api/v1/targets', { teamId, metric: 'calls', period: 'week', value: 20, effectiveFrom: WEEK });
  await call(optedOut, 'PATCH', '/api/v1/me/profile', { digestOptOut: true });

  // The week before, to compare with.
  for (let i = 0; i < 3; i++) await log(ola, `2026-11-10T${String(8 + i).padStart(2, '0')}:00:00Z`, { type: 'call_unanswered' });
  await log(kari, '2026-11-12T09:00:00Z', { type: 'call_answered', outcome: 'meeting_booked' });

  // The week of 16-22 November 2026 (Oslo, UTC+1).
  for (let i = 0; i < 4; i++) await log(kari, `2026-11-16T${String(8 + i).padStart(2, '0')}:00:00Z`, { type: 'call_unanswered' });
  for (let i = 0; i < 6; i++)
    await log(kari, `2026-11-18T${String(8 + i).padStart(2, '0')}:00:00Z`, { type: 'call_answered', outcome: 'no_progress' });
  await log(kari, '2026-11-18T15:00:00Z', { type: 'call_answered', outcome: 'meeting_booked' });
  await log(kari, '2026-11-19T10:00:00Z', { type: 'sale', ticketSize: 1_250_00 as MinorUnits });
  await log(kari, '2026-11-22T23:30:00Z', { type: 'call_unanswered' }); // Monday 23rd 00:30 in Oslo: next week
  await log(ola, '2026-11-17T09:00:00Z', { type: 'call_unanswered' });
  await log(ola, '2026-11-17T10:00:00Z', { type: 'call_unanswered' });
  await log(solo, '2026-11-20T09:00:00Z', { type: 'meeting' });
  await log(optedOut, '2026-11-20T09:00:00Z', { type: 'call_unanswered' });
  await seedWrapup(t.db, { companyId, userId: kari.id, date: '2026-11-18', calls: 7, meetings: 1, sales: 0, points: 20 });
  await seedWrapup(t.db, { companyId, userId: ola.id, date: '2026-11-17', calls: 2, meetings: 0, sales: 0, points: 2 });
  await seedWrapup(t.db, { companyId, userId: solo.id, date: '2026-11-20', calls: 0, meetings: 1, sales: 0, points: 5 });
});
afterAll(() => t?.close());

describe(`a digest says what the boards say (${testEngine})`, () => {
  it("a rep's totals are the weekly board's, their targets the targets card's, and their best day the day of most points", async () => {
    at('2026-11-15T20:00:00Z'); // the Sunday before: the board's "this week" is the week the digest compares with
    const before = await call<WeeklyOverview>(admin, 'GET', '/api/v1/scoreboard/weekly');
    at('2026-11-22T20:00:00Z'); // Sunday evening: the board's "this week" is the digest's week
    const board = await call<WeeklyOverview>(admin, 'GET', '/api/v1/scoreboard/weekly');
    const lead_ = await call<WeeklyOverview>(admin, 'GET', `/api/v1/scoreboard/weekly?teamId=${teamId}`);
    at('2026-11-23T06:30:00Z');
    const targets = await call<MyTargets>(kari, 'GET', '/api/v1/targets/me?on=2026-11-22');

    const { digests } = await prepareCompanyDigests(t.db, toCompanyId(admin.companyId), WEEK);
    const of = (member: Member) => digests.find((d) => d.membership.userId === member.id)?.digest;
    const row = board.members.find((m) => m.userId === kari.id)!;
    const own = of(kari)!.own!;
    expect(own.totals).toMatchObject({
      calls: row.calls,
      meetings_booked: row.meetings,
      sales: row.sales,
      sales_value: row.revenue,
      points: row.points,
    });
    expect(own.totals.calls).toBe(11);
    expect(own.targets.map(({ metric, progress, pace }) => ({ metric, progress, pace }))).toEqual(
      targets.targets
        .filter((x) => x.period === 'week' && x.subjectKind === 'person')
        .map(({ metric, progress, pace }) => ({ metric, progress, pace })),
    );
    // 11 of 10 calls is within the 10 % band (on track); 1 250 of 1 000 in sales is ahead.
    expect(own.targets.map((x) => x.pace)).toEqual(['on-track', 'ahead']);
    // The sale's day outscores the day of seven calls under the default rules.
    expect(own.bestDay).toMatchObject({ day: '2026-11-19', sales: 1, sales_value: 1_250_00 });

    // The change is against the week before's board, for the reader and for the company.
    const kariBefore = before.members.find((m) => m.userId === kari.id)!;
    expect(own.previous).toMatchObject({ calls: kariBefore.calls, meetings_booked: kariBefore.meetings, points: kariBefore.points });
    expect(own.previous.meetings_booked).toBe(1);
    expect(of(admin)!.team!.previous).toMatchObject({ calls: before.totals.calls, points: before.totals.points });
    expect(of(admin)!.team!.previous.calls).toBe(4);

    // The week's best are the board's top three by points.
    const podium = [...board.members]
      .filter((m) => m.points > 0)
      .sort((a, b) => b.points - a.points)
      .slice(0, 3);
    expect(of(admin)!.team!.top.map((m) => [m.userId, m.points])).toEqual(podium.map((m) => [m.userId, m.points]));

    // The team's line is the board filtered to the team; its target is the targets card's team target.
    const teamCard = targets.targets.find((x) => x.subjectKind === 'team' && x.period === 'week')!;
    expect(of(lead)!.team!.teams).toEqual([
      {
        teamId,
        name: 'Oslo',
        totals: expect.objectContaining({ calls: lead_.totals.calls, points: lead_.totals.points }),
        targets: [{ metric: 'calls', period: 'week', value: 20, progress: teamCard.progress, pace: teamCard.pace }],
      },
    ]);
    expect(teamCard).toMatchObject({ progress: 13, pace: 'behind' });
    // The admin's split: Oslo, then the people in no team (Siri's meeting, Otto's call).
    expect(of(admin)!.team!.teams.map((line) => [line.name, line.totals.calls, line.totals.points])).toEqual([
      ['Oslo', lead_.totals.calls, lead_.totals.points],
      [null, board.totals.calls - lead_.totals.calls, board.totals.points - lead_.totals.points],
    ]);

    // The admin's is the company's week; the lead's is their team's, with who is behind and the wrap-ups.
    expect(of(admin)!.team).toMatchObject({ scope: 'company', totals: { calls: board.totals.calls, points: board.totals.points } });
    const team = of(lead)!.team!;
    expect(team).toMatchObject({ scope: 'teams', teamNames: ['Oslo'], totals: { calls: lead_.totals.calls, points: lead_.totals.points } });
    expect(team.behind).toEqual([
      { userId: ola.id, name: 'Ola Hansen', targets: [{ metric: 'calls', period: 'week', value: 10, progress: 2, pace: 'behind' }] },
    ]);
    // Kari's and Ola's wrap-ups (Siri is not in the team), neither opened on the Coaching screen yet.
    expect(team.wrapups).toEqual({ count: 2, unread: true });
    expect(of(admin)!.team!.wrapups).toEqual({ count: 3, unread: true });

    // The lead reads Kari's: one left unread for the lead, still three for the admin.
    const list = await call<CoachingWrapupList>(lead, 'GET', `/api/v1/coaching/wrapups?memberId=${kari.id}`);
    const karis = list.items.find((item) => item.date >= WEEK)!;
    await call(lead, 'POST', `/api/v1/coaching/wrapups/${karis.id}/read`);
    const again = (await prepareCompanyDigests(t.db, toCompanyId(admin.companyId), WEEK)).digests;
    const after = (member: Member) => again.find((d) => d.membership.userId === member.id)?.digest;
    expect(after(lead)!.team!.wrapups).toEqual({ count: 1, unread: true });
    expect(after(admin)!.team!.wrapups).toEqual({ count: 3, unread: true });

    // Nobody gets an empty one; nobody who turned it off gets one at all.
    expect(of(quiet)).toBeUndefined();
    expect(of(optedOut)).toBeUndefined();
  });
});

describe(`a digest's KPIs (${testEngine})`, () => {
  it("are the company's own KPIs of the week and the week before, as the KPI board reads them, for the reader and the people they manage", async () => {
    at('2026-11-22T20:00:00Z');
    const created = await call<{ id: string }>(admin, 'POST', '/api/v1/kpis', {
      names: { en: 'Answered share' },
      formula: { kind: 'ratio', left: 'answered_calls', right: 'calls' },
      format: 'percent',
      decimals: 0,
    });
    const values = (query: string) => call<KpiValues>(admin, 'GET', `/api/v1/kpis/values?ids=${created.id}&${query}`);
    const week = await values(`from=${WEEK}&to=2026-11-22`);
    const before = await values('from=2026-11-09&to=2026-11-15');
    const team = await values(`from=${WEEK}&to=2026-11-22&teamId=${teamId}`);
    const memberValue = (answer: KpiValues, member: Member) => answer.kpis[0]!.members.find((m) => m.userId === member.id)?.value;
    at('2026-11-23T06:30:00Z');
    const { digests } = await prepareCompanyDigests(t.db, toCompanyId(admin.companyId), WEEK);
    const of = (member: Member) => digests.find((d) => d.membership.userId === member.id)!.digest;
    const line = (kpis: DigestKpiLine[] | undefined) => kpis?.map(({ id, value, previous }) => ({ id, value, previous }));
    expect(line(of(kari).own!.kpis)).toEqual([{ id: created.id, value: memberValue(week, kari), previous: memberValue(before, kari) }]);
    expect(of(kari).own!.kpis[0]!.value).toBeGreaterThan(0);
    expect(line(of(admin).team!.kpis)).toEqual([{ id: created.id, value: week.kpis[0]!.total, previous: before.kpis[0]!.total }]);
    expect(line(of(lead).team!.kpis)?.[0]).toMatchObject({ id: created.id, value: team.kpis[0]!.total });
    expect(of(admin).team!.kpis[0]).toMatchObject({ names: { en: 'Answered share' }, format: 'percent' });
  });

  it('a target on a KPI (decision 104) is measured as the targets card measures it, for the reader and who is behind', async () => {
    at('2026-11-15T12:00:00Z');
    const calls = await call<{ id: string }>(admin, 'POST', '/api/v1/kpis', {
      names: { en: 'Calls logged', nb: 'Samtaler logget' },
      formula: { kind: 'aggregate', aggregate: 'count', typeIds: ['call'], outcomeIds: [] },
      format: 'number',
    });
    for (const [member, value] of [
      [kari, 15],
      [ola, 5],
    ] as const) {
      await call(admin, 'POST', '/api/v1/targets', {
        userId: member.id,
        metric: 'kpi',
        kpiId: calls.id,
        period: 'week',
        value,
        effectiveFrom: WEEK,
      });
    }
    at('2026-11-23T06:30:00Z');
    const card = (await call<MyTargets>(kari, 'GET', '/api/v1/targets/me?on=2026-11-22')).targets.find(
      (x) => x.metric === 'kpi' && x.period === 'week',
    )!;
    const { digests } = await prepareCompanyDigests(t.db, toCompanyId(admin.companyId), WEEK);
    const of = (member: Member) => digests.find((d) => d.membership.userId === member.id)!.digest;
    const kariLine = of(kari).own!.targets.find((line) => line.metric === 'kpi')!;
    expect(kariLine).toEqual({
      metric: 'kpi',
      kpi: { id: calls.id, names: { en: 'Calls logged', nb: 'Samtaler logget' }, format: 'number', decimals: 0 },
      period: 'week',
      value: 15,
      progress: card.progress,
      pace: card.pace,
    });
    // Kari's eleven calls of the week (the Monday after's is next week's) against 15: behind; Ola's two against 5 too.
    expect(kariLine).toMatchObject({ progress: 11, pace: 'behind' });
    expect(of(lead).team!.behind.map((m) => [m.name, m.targets.map((x) => x.metric)])).toEqual([
      ['Kari Nordmann', ['kpi']],
      ['Ola Hansen', ['calls', 'kpi']],
    ]);
  });
});

describe('sending', () => {
  it('nothing before 07:00 on Monday in Oslo; at 07:00 once to each person, in their language, with the unsubscribe headers', async () => {
    await call(kari, 'PATCH', '/api/v1/me/profile', { language: 'nb' });
    at('2026-11-23T05:59:00Z'); // 06:59 in Oslo
    expect(await t.deps.digests.runDue()).toBe(0);
    expect(await mailTo(kari)).toEqual([]);

    at('2026-11-23T06:00:00Z');
    expect(await t.deps.digests.runDue()).toBe(5); // admin, lead, Kari, Ola, Siri
    const [mail] = await mailTo(kari);
    expect(mail).toBeDefined();
    expect(mail!.subject).toMatch(/^Ukeoppsummeringen din: 16\.\s?–\s?22\. november 2026$/);
    expect(mail!.text).toContain('Samtaler: 11 av 10 forrige uke (i rute)');
    expect(mail!.text).toMatch(/Din beste dag: torsdag 19\. november, \d+ poeng \(1 salg\)/);
    expect(mail!.html).toContain('lang="nb"');
    const unsubscribe = mail!.links.find((link) => link.includes('/unsubscribe/digest?token='))!;
    expect(mail!.headers).toEqual({ 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });

    const [leadMail] = await mailTo(lead);
    expect(leadMail!.text).toContain('Behind pace:');
    expect(leadMail!.text).toContain('Ola Hansen: Calls: 2 of 10 last week (behind)');
    expect(leadMail!.text).toContain('1 unread wrap-up from your people.');
    expect(await mailTo(quiet)).toEqual([]);
    expect(await mailTo(optedOut)).toEqual([]);

    // Later ticks the same Monday send nothing again.
    at('2026-11-23T09:00:00Z');
    expect(await t.deps.digests.runDue()).toBe(0);
    expect(await mailTo(kari)).toHaveLength(1);
    expect(await findDigestWeeks(t.db, toCompanyId(admin.companyId))).toMatchObject([{ weekStart: WEEK, status: 'sent', recipients: 5 }]);
  });

  it('a company that logged nothing all week gets no digests; nor does anyone on the Wednesday after a missed Monday', async () => {
    const idle = await t.createMember({ role: 'admin' });
    const idleRep = await t.createMember({ companyId: idle.companyId });
    at('2026-11-20T12:00:00Z');
    await call(idle, 'POST', '/api/v1/targets', {
      userId: idleRep.id,
      metric: 'calls',
      period: 'week',
      value: 10,
      effectiveFrom: '2026-11-20',
    });
    at('2026-11-23T07:00:00Z');
    await t.deps.digests.runDue();
    expect([...(await mailTo(idle)), ...(await mailTo(idleRep))]).toEqual([]);

    // A week with activity, but every instance was down on Monday 30 November: Wednesday sends nothing.
    await log(idleRep, '2026-11-24T09:00:00Z', { type: 'call_unanswered' });
    at('2026-12-02T08:00:00Z');
    expect(await t.deps.digests.runDue()).toBe(0);
    expect(await mailTo(idleRep)).toEqual([]);
  });

  it('the week after a DST change: due at 07:00 summer time, and the Sunday night before the change counts', async () => {
    const company = await seedCompany(t.db, { name: 'DST AS' });
    const rep = await t.createMember({ companyId: company.id });
    // Summer time began on Sunday 29 March 2026 at 02:00. 23:30 that Sunday is 21:30Z; 00:30 on Monday is 22:30Z.
    await log(rep, '2026-03-29T21:30:00Z', { type: 'call_unanswered' });
    await log(rep, '2026-03-29T22:30:00Z', { type: 'call_unanswered' });
    at('2026-03-30T04:59:00Z');
    expect(await t.deps.digests.runDue()).toBe(0);
    at('2026-03-30T05:00:00Z');
    expect(await t.deps.digests.runDue()).toBe(1);
    const [mail] = await mailTo(rep);
    expect(mail!.subject).toMatch(/^Your weekly digest: 23\s?–\s?29 March 2026$/);
    expect(mail!.text).toContain('  Calls: 1 (+1)\n'); // one call that week, none the week before
  });
});

describe('the one-click unsubscribe link', () => {
  const page = (token: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) =>
    t.request(`/unsubscribe/digest?token=${encodeURIComponent(token)}`, { noOrigin: true, ...init });
  const profile = (member: Member) => call<ProfileSettings>(member, 'GET', '/api/v1/me/profile');

  it('GET shows the state and a button but changes nothing; the RFC 8058 POST unsubscribes without signing in', async () => {
    const token = signDigestToken(t.deps.signingSecret, { companyId: ola.companyId, userId: ola.id });
    const shown = await page(token);
    expect(shown.status).toBe(200);
    const html = await shown.text();
    expect(html).toContain('You get the weekly digest');
    expect(html).toContain('>Unsubscribe</button>');
    expect(shown.headers.get('cache-control')).toBe('no-store');
    expect(html).toContain('<meta name="referrer" content="same-origin">');
    expect((await profile(ola)).digestOptOut).toBe(false);

    const posted = await page(token, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(posted.status).toBe(200);
    expect(await posted.text()).toContain('You are unsubscribed');
    expect((await profile(ola)).digestOptOut).toBe(true);

    // The page's own button turns it on again, from this site (its Origin).
    const again = await t.request(`/unsubscribe/digest?token=${token}`, {
      method: 'POST',
      body: 'action=resubscribe',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(again.status).toBe(200);
    expect((await profile(ola)).digestOptOut).toBe(false);
  });

  it('a changed or made-up token is refused with a page that says so, and changes nobody', async () => {
    const token = signDigestToken(t.deps.signingSecret, { companyId: kari.companyId, userId: kari.id });
    const [payload, mac] = token.split('.') as [string, string];
    const swapped = `${Buffer.from(`${kari.companyId}:${solo.id}`).toString('base64url')}.${mac}`;
    const flipped = `${payload}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`;
    const forged = signDigestToken('not-the-server-secret', { companyId: kari.companyId, userId: kari.id });
    for (const bad of [swapped, flipped, forged, '', 'nonsense']) {
      const response = await page(bad, {
        method: 'POST',
        body: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(response.status, bad).toBe(400);
      expect(await response.text()).toContain('This link does not work');
      expect((await page(bad)).status).toBe(400);
    }
    expect((await profile(kari)).digestOptOut).toBe(false);
    expect((await profile(solo)).digestOptOut).toBe(false);
  });

  it("speaks the browser language to a person who never chose one; a removed member's link is a 404", async () => {
    const token = signDigestToken(t.deps.signingSecret, { companyId: solo.companyId, userId: solo.id });
    const norwegian = await page(token, { headers: { 'accept-language': 'nb-NO,nb;q=0.9' } });
    expect(await norwegian.text()).toContain('Du får ukeoppsummeringen');
    expect(await (await page('x', { headers: { 'accept-language': 'nb' } })).text()).toContain('Denne lenken virker ikke');

    await call(admin, 'DELETE', `/api/v1/team/members/${quiet.id}`);
    const removed = signDigestToken(t.deps.signingSecret, { companyId: quiet.companyId, userId: quiet.id });
    const gone = await page(removed, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain('This link no longer works');
  });

  it('the setting is the same switch: Settings turns it off and on, and says so', async () => {
    expect((await call<ProfileSettings>(solo, 'PATCH', '/api/v1/me/profile', { digestOptOut: true })).digestOptOut).toBe(true);
    const token = signDigestToken(t.deps.signingSecret, { companyId: solo.companyId, userId: solo.id });
    expect(await (await page(token)).text()).toContain('You are unsubscribed');
    const refused = await t.request('/api/v1/me/profile', { method: 'PATCH', as: solo, json: { digestOptOut: 'no' } });
    expect(refused.status).toBe(400);
  });
});

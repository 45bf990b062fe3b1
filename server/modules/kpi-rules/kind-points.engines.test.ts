import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ApiError, AuditLogPage, KpiRuleList, KpiRuleView } from '@core/contracts';
import { logActivity } from '../activities/activities.test-support';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * What a built-in kind is worth, set in one save as an own type's points are (decision 117), on both
 * engines: an admin (not a rep) sets a call's points and its outcomes', a sale's points per value, a
 * held meeting's points; the kind's point rules change together and each changed rule is audited; a
 * save that changes nothing writes nothing; a part left out stays as another admin set it meanwhile;
 * logged activities earn the new points and those logged before keep theirs; a shape the kind does not
 * take is refused; another company's rules stay.
 */

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
let admin: Member;
let rep: Member;
let other: Member;

async function ok<T>(response: Response, status = 200): Promise<T> {
  if (response.status !== status) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
const setPoints = (as: Member, key: string, json: unknown) => t.request(`/api/v1/kpi-rules/kinds/${key}`, { method: 'PATCH', as, json });
const rulesOf = async (as: Member) => (await ok<KpiRuleList>(await t.request('/api/v1/kpi-rules', { as }))).rules;
const ruleIn = (rules: KpiRuleView[], key: string) => rules.find((rule) => rule.kpiKey === key)!;
const ruleAudits = async () =>
  (await ok<AuditLogPage>(await t.request('/api/v1/admin/audit-log?action=kpi_rule.changed', { as: admin }))).entries;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createMember({ role: 'admin' });
  rep = await t.createMember({ companyId: admin.companyId });
  other = await t.createMember({ role: 'admin' });
});
afterAll(() => t.close());

it("sets a call's points and its outcomes' in one save: later calls earn them, earlier ones keep theirs", async () => {
  const before = await logActivity(t, rep, { kind: 'call', answered: true, outcome: 'meeting_booked' });
  expect(before.pointsEarned).toBe(5);
  expect((await setPoints(rep, 'call', { points: 1, outcomes: { moved_forward: 2, meeting_booked: 6, not_answered: 1 } })).status).toBe(
    403,
  );

  const audited = (await ruleAudits()).length;
  const { rules } = await ok<KpiRuleList>(
    await setPoints(admin, 'call', { points: 1, outcomes: { moved_forward: 2, meeting_booked: 6, not_answered: 1 } }),
  );
  expect(
    Object.fromEntries(
      ['call_answered', 'moved_forward', 'meeting_booked', 'call_unanswered'].map((key) => [key, ruleIn(rules, key).basePoints]),
    ),
  ).toEqual({ call_answered: 1, moved_forward: 2, meeting_booked: 6, call_unanswered: 1 });
  // Every member reads the rules as they are now.
  expect(ruleIn(await rulesOf(rep), 'meeting_booked').basePoints).toBe(6);
  // One entry per rule that changed, as a change made under KPI Rules.
  const entries = await ruleAudits();
  expect(entries.length - audited).toBe(4);
  expect(
    entries
      .slice(0, 4)
      .map((entry) => (entry.details as { kpiKey: string }).kpiKey)
      .sort(),
  ).toEqual(['call_answered', 'call_unanswered', 'meeting_booked', 'moved_forward']);

  expect((await logActivity(t, rep, { kind: 'call', answered: true, outcome: 'meeting_booked' })).pointsEarned).toBe(7);
  expect((await logActivity(t, rep, { kind: 'call', answered: true, outcome: 'no_progress' })).pointsEarned).toBe(1);
  expect((await logActivity(t, rep, { kind: 'call', answered: false })).pointsEarned).toBe(1);
  const feed = await ok<{ activities: { id: string; points: number }[] }>(
    await t.request('/api/v1/scoreboard/recent-activities?limit=50', { as: rep }),
  );
  expect(feed.activities.find((activity) => activity.id === before.id)?.points).toBe(5);

  // The same points again: nothing written, nothing audited.
  const count = (await ruleAudits()).length;
  const updatedAt = ruleIn(await rulesOf(admin), 'call_answered').updatedAt;
  await ok(await setPoints(admin, 'call', { points: 1, outcomes: { moved_forward: 2, meeting_booked: 6, not_answered: 1 } }));
  expect((await ruleAudits()).length).toBe(count);
  expect(ruleIn(await rulesOf(admin), 'call_answered').updatedAt).toBe(updatedAt);
});

it("sets a sale's points per value, on and off, and a held meeting's points without turning e-mail on", async () => {
  await ok(await setPoints(admin, 'sale', { points: 12, perValue: 0.001 }));
  let rules = await rulesOf(admin);
  expect(ruleIn(rules, 'sale').basePoints).toBe(12);
  expect(ruleIn(rules, 'sale_ticket_size')).toMatchObject({ enabled: true, multiplierValue: 0.001 });
  // 25 000.00 at 0.001 a unit is 25, on top of the sale's 12.
  expect((await logActivity(t, rep, { kind: 'sale', ticketSize: 2_500_000 })).pointsEarned).toBe(37);
  await ok(await setPoints(admin, 'sale', { points: 12, perValue: 0 }));
  expect(ruleIn(await rulesOf(admin), 'sale_ticket_size').enabled).toBe(false);
  expect((await logActivity(t, rep, { kind: 'sale', ticketSize: 2_500_000 })).pointsEarned).toBe(12);

  await ok(await setPoints(admin, 'meeting', { points: 4 }));
  await ok(await setPoints(admin, 'email', { points: 2 }));
  rules = await rulesOf(admin);
  expect(ruleIn(rules, 'meeting_completed')).toMatchObject({ basePoints: 4, enabled: true });
  // E-mail's rule is its switch (off by default): its points are set, and it stays off until switched on.
  expect(ruleIn(rules, 'email')).toMatchObject({ basePoints: 2, enabled: false });
  expect((await logActivity(t, rep, { kind: 'meeting' })).pointsEarned).toBe(4);
  expect((await t.request('/api/v1/activities', { method: 'POST', as: rep, json: { kind: 'email' } })).status).toBe(400);
});

it('changes only the parts sent: two admins saving different parts of a call at once both keep theirs', async () => {
  const second = await t.createMember({ role: 'admin', companyId: admin.companyId });
  const rules = await rulesOf(admin);
  const movedForward = ruleIn(rules, 'moved_forward');
  // The second admin changes what moving forward adds while the first's dialog is open on the call.
  await ok(await t.request(`/api/v1/kpi-rules/${movedForward.id}`, { method: 'PATCH', as: second, json: { basePoints: 3 } }));
  const after = (await ok<KpiRuleList>(await setPoints(admin, 'call', { points: 2, outcomes: { meeting_booked: 8 } }))).rules;
  expect([
    ruleIn(after, 'call_answered').basePoints,
    ruleIn(after, 'moved_forward').basePoints,
    ruleIn(after, 'meeting_booked').basePoints,
  ]).toEqual([2, 3, 8]);
});

it('refuses a shape the kind does not take, with words, and leaves another company as it was', async () => {
  const refused = async (key: string, json: unknown) => {
    const response = await setPoints(admin, key, json);
    return { status: response.status, error: ((await response.json()) as ApiError).error };
  };
  expect(await refused('call', {})).toMatchObject({ status: 400, error: { message: expect.stringContaining('Nothing to change') } });
  expect(await refused('meeting', { points: 1, perValue: 1 })).toMatchObject({
    status: 400,
    error: { details: { perValue: 'Only a sale earns points per value' } },
  });
  expect(await refused('sale', { points: 1, outcomes: { moved_forward: 1, meeting_booked: 1, not_answered: 1 } })).toMatchObject({
    status: 400,
    error: { details: { outcomes: 'Only a call has outcomes' } },
  });
  expect(await refused('meeting', { points: -1 })).toMatchObject({
    status: 400,
    error: { message: expect.stringContaining('at least 0') },
  });
  expect((await setPoints(admin, 'visit', { points: 1 })).status).toBe(400);

  // The other company still has the defaults.
  const theirs = await rulesOf(other);
  expect([
    ruleIn(theirs, 'call_answered').basePoints,
    ruleIn(theirs, 'meeting_booked').basePoints,
    ruleIn(theirs, 'sale').basePoints,
  ]).toEqual([0, 5, 10]);
});

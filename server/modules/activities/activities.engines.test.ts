import type { Activity, ActivityLogOptions, MyActivities } from '@core/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LiveChange } from '@core/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { seedCompany } from '../../seed/factories';
import {
  countActivities,
  countCustomers,
  createRepWithAdmin,
  type ErrorBody,
  expectRollupsExact,
  findDayStats,
  logActivity,
  type Member,
  setLateLoggingDays,
  setRule,
  tickingClock,
} from './activities.test-support';

let t: TestApp;
let b: Member; // a member of another company

beforeAll(async () => {
  t = await createTestApp();
  b = await t.createMember({ name: 'Bob of B' });
});
afterEach(() => t.setNow(() => new Date()));
afterAll(() => t.close());

const TODAY_NOON = '2026-11-20T11:00:00Z'; // a Friday, 12:00 in Oslo
const TODAY = '2026-11-20';

async function mine(member: Member): Promise<MyActivities> {
  const response = await t.request('/api/v1/activities/mine?period=today', { as: member });
  expect(response.status).toBe(200);
  return (await response.json()) as MyActivities;
}

async function patch(member: Member, id: string, json: unknown) {
  return t.request(`/api/v1/activities/${id}`, { method: 'PATCH', as: member, json });
}

/** One of the member's activities of today, as their own list shows it now. */
async function findActivity(member: Member, id: string) {
  return (await mine(member)).activities.find((a) => a.id === id);
}

async function remove(member: Member, id: string) {
  return t.request(`/api/v1/activities/${id}`, { method: 'DELETE', as: member });
}

async function expectError(response: Response, status: number, code?: string): Promise<ErrorBody> {
  expect(response.status).toBe(status);
  const body = (await response.json()) as ErrorBody;
  expect(typeof body.error.message).toBe('string');
  expect(body.error.message.length).toBeGreaterThan(0);
  if (code) expect(body.error.code).toBe(code);
  return body;
}

describe('who may log', () => {
  it('refuses anonymous callers and people without a company', async () => {
    expect((await t.request('/api/v1/activities', { method: 'POST', json: { kind: 'meeting' } })).status).toBe(401);
    expect((await t.request('/api/v1/activities/mine')).status).toBe(401);
    const loner = await t.createUser();
    await expectError(await t.request('/api/v1/activities', { method: 'POST', as: loner, json: { kind: 'meeting' } }), 403, 'no_company');
  });
});

describe('logging and points with the default rules', () => {
  it.each<[string, Record<string, unknown>, Partial<Activity>]>([
    [
      'answered, no progress',
      { kind: 'call', answered: true, outcome: 'no_progress' },
      { type: 'call_answered', outcome: 'no_progress', pointsEarned: 0 },
    ],
    [
      'answered, moved forward',
      { kind: 'call', answered: true, outcome: 'moved_forward' },
      { type: 'call_answered', outcome: 'moved_forward', movedForward: true, pointsEarned: 1 },
    ],
    [
      'answered, meeting booked',
      { kind: 'call', answered: true, outcome: 'meeting_booked' },
      { type: 'call_answered', outcome: 'meeting_booked', meetingBooked: true, pointsEarned: 5 },
    ],
    [
      'not answered',
      { kind: 'call', answered: false },
      { type: 'call_unanswered', answered: false, outcome: 'no_progress', pointsEarned: 0 },
    ],
    [
      'not answered with an outcome sent anyway',
      { kind: 'call', answered: false, outcome: 'meeting_booked' },
      { type: 'call_unanswered', outcome: 'no_progress', meetingBooked: false, pointsEarned: 0 },
    ],
    ['a held meeting', { kind: 'meeting' }, { type: 'meeting', kind: 'meeting', outcome: null, answered: null, pointsEarned: 3 }],
    [
      'a sale',
      { kind: 'sale', ticketSize: 2_500_000, productName: '  Pro plan ' },
      { type: 'sale', ticketSize: 2_500_000, productName: 'Pro plan', pointsEarned: 10 },
    ],
  ])('%s', async (_label, body, expected) => {
    const rep = await t.createMember();
    t.setNow(tickingClock(TODAY_NOON));
    const activity = await logActivity(t, rep, body);
    expect(activity).toMatchObject({ ...expected, userId: rep.id, localDate: TODAY, dailyBonus: false, customerId: null });
    const stats = await findDayStats(t, rep, TODAY);
    expect(stats).toMatchObject({
      calls: body.kind === 'call' ? 1 : 0,
      answered: expected.type === 'call_answered' ? 1 : 0,
      unanswered: expected.type === 'call_unanswered' ? 1 : 0,
      meetings_booked: expected.meetingBooked ? 1 : 0,
      moved_forward: expected.movedForward ? 1 : 0,
      meetings_completed: expected.type === 'meeting' ? 1 : 0,
      sales: expected.type === 'sale' ? 1 : 0,
      revenue: String(expected.type === 'sale' ? 2_500_000 : 0),
      points: expected.pointsEarned,
      activities: 1,
    });
  });

  it('a sale scores its ticket size when that rule is enabled', async () => {
    const rep = await t.createMember();
    await setRule(t, rep.companyId, 'sale_ticket_size', { enabled: true, multiplierValue: 0.001 });
    const sale = await logActivity(t, rep, { kind: 'sale', ticketSize: 2_500_000 }); // 25 000.00
    expect(sale.pointsEarned).toBe(35);
  });

  it('e-mail and LinkedIn can be logged only while their rule is enabled', async () => {
    const rep = await t.createMember();
    for (const kind of ['email', 'linkedin']) {
      const refused = await expectError(
        await t.request('/api/v1/activities', { method: 'POST', as: rep, json: { kind, customerName: 'Never Created AS' } }),
        400,
        'kpi_rule_disabled',
      );
      expect(refused.error.message).toMatch(kind === 'email' ? /E-mail logging is turned off/ : /LinkedIn logging is turned off/);
    }
    expect(await countActivities(t, rep.companyId)).toBe(0);
    expect(await countCustomers(t, rep.companyId)).toBe(0);
    expect(await findDayStats(t, rep, TODAY)).toBeNull();

    await setRule(t, rep.companyId, 'email', { enabled: true, basePoints: 1 });
    await setRule(t, rep.companyId, 'linkedin', { enabled: true, basePoints: 2 });
    expect((await logActivity(t, rep, { kind: 'email' })).pointsEarned).toBe(1);
    expect((await logActivity(t, rep, { kind: 'linkedin' })).pointsEarned).toBe(2);
  });

  it('a held meeting can be logged only while its rule (meeting_completed) is enabled, as the buttons show', async () => {
    const rep = await t.createMember();
    await setRule(t, rep.companyId, 'meeting_completed', { enabled: false });
    const options = (await (await t.request('/api/v1/activities/log-options', { as: rep })).json()) as ActivityLogOptions;
    expect(options.enabledKinds.meeting).toBe(false);
    const refused = await expectError(
      await t.request('/api/v1/activities', { method: 'POST', as: rep, json: { kind: 'meeting', customerName: 'Never Created AS' } }),
      400,
      'kpi_rule_disabled',
    );
    expect(refused.error.message).toMatch(/Held-meeting logging is turned off/);
    expect(await countActivities(t, rep.companyId)).toBe(0);
    expect(await countCustomers(t, rep.companyId)).toBe(0);
    await setRule(t, rep.companyId, 'meeting_completed', { enabled: true, basePoints: 3 });
    expect((await logActivity(t, rep, { kind: 'meeting' })).pointsEarned).toBe(3);
  });

  it('log-options shows the current points of each outcome and which kinds are on', async () => {
    const rep = await t.createMember();
    const before = (await (await t.request('/api/v1/activities/log-options', { as: rep })).json()) as ActivityLogOptions;
    expect(before.outcomePoints).toEqual({ no_progress: 0, moved_forward: 1, meeting_booked: 5 });
    expect(before.kindPoints).toEqual({ call_unanswered: 0, meeting: 3, sale: 10, email: 0, linkedin: 0 });
    expect(before.enabledKinds).toEqual({ call: true, sale: true, meeting: true, email: false, linkedin: false });
    expect(before.hasTicketSizePoints).toBe(false);
    await setRule(t, rep.companyId, 'meeting_booked', { basePoints: 8 });
    await setRule(t, rep.companyId, 'linkedin', { enabled: true, basePoints: 2 });
    const after = (await (await t.request('/api/v1/activities/log-options', { as: rep })).json()) as ActivityLogOptions;
    expect(after.outcomePoints.meeting_booked).toBe(8);
    expect(after.enabledKinds.linkedin).toBe(true);
    expect(after.kindPoints.linkedin).toBe(2);
    await setRule(t, rep.companyId, 'sale_ticket_size', { enabled: true, multiplierValue: 0.001 });
    expect(
      ((await (await t.request('/api/v1/activities/log-options', { as: rep })).json()) as ActivityLogOptions).hasTicketSizePoints,
    ).toBe(true);
  });
});

describe('bad input is refused with a clear message and writes nothing', () => {
  const long = (n: number) => 'x'.repeat(n);
  it.each<[string, unknown, string]>([
    ['no body kind', {}, 'kind'],
    ['an unknown kind', { kind: 'fax' }, 'kind'],
    ['an answered call without an outcome', { kind: 'call', answered: true, customerName: 'Ghost AS' }, 'outcome'],
    ['a call without answered', { kind: 'call', outcome: 'no_progress' }, 'answered'],
    ['an unknown outcome', { kind: 'call', answered: true, outcome: 'won' }, 'outcome'],
    ['a sale without a value', { kind: 'sale', customerName: 'Ghost AS' }, 'ticketSize'],
    ['a sale of 0', { kind: 'sale', ticketSize: 0 }, 'ticketSize'],
    ['a negative sale', { kind: 'sale', ticketSize: -100 }, 'ticketSize'],
    ['a sale value as text', { kind: 'sale', ticketSize: '12 500' }, 'ticketSize'],
    ['a fractional minor unit', { kind: 'sale', ticketSize: 10.5 }, 'ticketSize'],
    ['notes that are too long', { kind: 'meeting', notes: long(2001) }, 'notes'],
    ['a customer name that is too long', { kind: 'meeting', customerName: long(201) }, 'customerName'],
    ['a product name that is too long', { kind: 'sale', ticketSize: 100, productName: long(201) }, 'productName'],
  ])('%s', async (_label, body, field) => {
    const rep = await t.createMember();
    const error = await expectError(await t.request('/api/v1/activities', { method: 'POST', as: rep, json: body }), 400, 'invalid_input');
    expect(Object.keys(error.error.details ?? {})).toContain(field);
    expect(await countActivities(t, rep.companyId)).toBe(0);
    expect(await countCustomers(t, rep.companyId)).toBe(0);
  });

  it('an invalid sale value says so: "Please enter a valid sale value"', async () => {
    const rep = await t.createMember();
    const error = await expectError(
      await t.request('/api/v1/activities', { method: 'POST', as: rep, json: { kind: 'sale', ticketSize: 0 } }),
      400,
    );
    expect(error.error.details?.ticketSize).toBe('Please enter a valid sale value');
    const answered = await expectError(
      await t.request('/api/v1/activities', { method: 'POST', as: rep, json: { kind: 'call', answered: true } }),
      400,
    );
    expect(answered.error.details?.outcome).toBe('Choose an outcome for the answered call');
  });

  it('a body that is not JSON is a 400, not a 500', async () => {
    const rep = await t.createMember();
    const response = await t.app.request('/api/v1/activities', {
      method: 'POST',
      headers: { origin: 'http://localhost:3000', cookie: rep.cookie, 'content-type': 'application/json' },
      body: '{"kind": ',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('invalid_json');
    expect(await countActivities(t, rep.companyId)).toBe(0);
  });
});

describe('customers on activities', () => {
  it('trims the name, finds the customer case-insensitively, and links nothing for an empty name', async () => {
    const rep = await t.createMember();
    const first = await logActivity(t, rep, { kind: 'call', answered: true, outcome: 'moved_forward', customerName: '  Acme Shipping  ' });
    expect(first.customerName).toBe('Acme Shipping');
    expect(first.customerId).not.toBeNull();
    const second = await logActivity(t, rep, { kind: 'sale', ticketSize: 1000, customerName: 'ACME shipping' });
    expect(second.customerId).toBe(first.customerId);
    expect(second.customerName).toBe('Acme Shipping');
    const none = await logActivity(t, rep, { kind: 'meeting', customerName: '   ' });
    expect(none).toMatchObject({ customerId: null, customerName: null });
    expect(await countCustomers(t, rep.companyId)).toBe(1);
  });

  it('the same new name logged at once by several reps yields one customer', async () => {
    const companyId = (await seedCompany(t.db)).id;
    const reps = await Promise.all([1, 2, 3, 4].map(() => t.createMember({ companyId })));
    const logged = await Promise.all(
      reps.flatMap((rep, i) => [
        logActivity(t, rep, { kind: 'call', answered: false, customerName: i % 2 ? 'Fjord Fisk AS' : 'fjord fisk as' }),
        logActivity(t, rep, { kind: 'meeting', customerName: 'FJORD FISK AS ' }),
      ]),
    );
    expect(new Set(logged.map((a) => a.customerId)).size).toBe(1);
    expect(await countCustomers(t, companyId)).toBe(1);
  });
});

describe("today's activities", () => {
  it('lists only the caller’s own activities of the local day, newest first, with the customer name', async () => {
    const rep = await t.createMember();
    const colleague = await t.createMember({ companyId: rep.companyId });
    t.setNow(tickingClock('2026-11-19T12:00:00Z'));
    await logActivity(t, rep, { kind: 'meeting' }); // yesterday
    t.setNow(tickingClock(TODAY_NOON));
    const a1 = await logActivity(t, rep, { kind: 'call', answered: false, customerName: 'Nordlys AS' });
    const a2 = await logActivity(t, rep, { kind: 'sale', ticketSize: 99_900 });
    await logActivity(t, colleague, { kind: 'meeting' });
    await logActivity(t, b, { kind: 'meeting' });
    const list = await mine(rep);
    expect(list.date).toBe(TODAY);
    expect(list.activities.map((a) => a.id)).toEqual([a2.id, a1.id]);
    expect(list.activities[1]!.customerName).toBe('Nordlys AS');
  });

  it('refuses an unknown period', async () => {
    const rep = await t.createMember();
    await expectError(await t.request('/api/v1/activities/mine?period=forever', { as: rep }), 400, 'invalid_input');
  });
});

describe('editing an activity of today', () => {
  it('recomputes points and the rollup when the outcome changes', async () => {
    const rep = await t.createMember();
    const call = await logActivity(t, rep, { kind: 'call', answered: true, outcome: 'no_progress' });
    const response = await patch(rep, call.id, { outcome: 'meeting_booked', notes: '  Demo on Tuesday ' });
    expect(response.status).toBe(200);
    const edited = (await response.json()) as Activity;
    expect(edited).toMatchObject({ outcome: 'meeting_booked', meetingBooked: true, pointsEarned: 5, notes: 'Demo on Tuesday' });
    const today = edited.localDate;
    expect(await findDayStats(t, rep, today)).toMatchObject({ calls: 1, answered: 1, meetings_booked: 1, points: 5 });
    const back = (await (await patch(rep, call.id, { outcome: 'moved_forward', notes: '' })).json()) as Activity;
    expect(back).toMatchObject({ outcome: 'moved_forward', meetingBooked: false, movedForward: true, pointsEarned: 1, notes: null });
    expect(await findDayStats(t, rep, today)).toMatchObject({ meetings_booked: 0, moved_forward: 1, points: 1 });
    await expectRollupsExact(t, rep.companyId);
  });

  it('changes the customer, sale value and product of a sale', async () => {
    const rep = await t.createMember();
    await setRule(t, rep.companyId, 'sale_ticket_size', { enabled: true, multiplierValue: 0.01 });
    const sale = await logActivity(t, rep, { kind: 'sale', ticketSize: 100_000, customerName: 'Old Customer' }); // 1000.00 -> 10 + 10
    expect(sale.pointsEarned).toBe(20);
    const edited = (await (
      await patch(rep, sale.id, { ticketSize: 300_000, productName: 'Licence', customerName: 'New Customer' })
    ).json()) as Activity;
    expect(edited).toMatchObject({ ticketSize: 300_000, productName: 'Licence', customerName: 'New Customer', pointsEarned: 40 });
    expect(edited.customerId).not.toBe(sale.customerId);
    const unlinked = (await (await patch(rep, sale.id, { customerName: null })).json()) as Activity;
    expect(unlinked).toMatchObject({ customerId: null, customerName: null, ticketSize: 300_000 });
    expect(await findDayStats(t, rep, sale.localDate)).toMatchObject({ sales: 1, revenue: '300000', points: 40 });
  });

  it.each<[string, Record<string, unknown>, Record<string, unknown>, string]>([
    ['an outcome on a sale', { kind: 'sale', ticketSize: 500 }, { outcome: 'meeting_booked' }, 'outcome'],
    ['an outcome on an unanswered call', { kind: 'call', answered: false }, { outcome: 'meeting_booked' }, 'outcome'],
    ['a sale value on a call', { kind: 'call', answered: true, outcome: 'no_progress' }, { ticketSize: 500 }, 'ticketSize'],
    ['a zero sale value', { kind: 'sale', ticketSize: 500 }, { ticketSize: 0 }, 'ticketSize'],
    ['nothing to change', { kind: 'meeting' }, {}, '_'],
    ['a field that cannot change', { kind: 'meeting' }, { pointsEarned: 100 }, '_'],
  ])('refuses %s and changes nothing', async (_label, body, change, field) => {
    const rep = await t.createMember();
    const activity = await logActivity(t, rep, { ...body, notes: 'original' });
    const error = await expectError(await patch(rep, activity.id, { ...change, ...(field === '_' ? {} : { notes: 'changed' }) }), 400);
    if (field !== '_') expect(Object.keys(error.error.details ?? {})).toContain(field);
    const [after] = (await mine(rep)).activities;
    expect(after).toEqual(activity);
  });

  it('refuses a malformed id', async () => {
    const rep = await t.createMember();
    await expectError(await patch(rep, 'not-a-uuid', { notes: 'x' }), 400, 'invalid_input');
    await expectError(await remove(rep, 'not-a-uuid'), 400, 'invalid_input');
  });
});

describe("another person's activity", () => {
  it('a colleague cannot edit or delete it (404), nor can another company', async () => {
    const rep = await t.createMember();
    const colleague = await t.createMember({ companyId: rep.companyId });
    const activity = await logActivity(t, rep, { kind: 'call', answered: true, outcome: 'no_progress', notes: 'mine' });
    for (const other of [colleague, b]) {
      await expectError(await patch(other, activity.id, { outcome: 'meeting_booked' }), 404, 'not_found');
      await expectError(await remove(other, activity.id), 404, 'not_found');
    }
    expect((await mine(rep)).activities).toEqual([activity]);
    expect((await mine(colleague)).activities).toEqual([]);
    expect(await findDayStats(t, rep, activity.localDate)).toMatchObject({ calls: 1, points: 0 });
  });

  it("company B's activities are never listed for company A", async () => {
    const rep = await t.createMember();
    const bActivity = await logActivity(t, b, { kind: 'meeting', customerName: 'Secret Customer of B' });
    const list = await mine(rep);
    expect(list.activities.find((a) => a.id === bActivity.id)).toBeUndefined();
    const suggestions = await (await t.request('/api/v1/customers/suggest?q=secret', { as: rep })).json();
    expect(suggestions).toEqual({ suggestions: [] });
  });
});

describe('deleting (undo)', () => {
  it('removes the activity and takes it out of the rollup; the day row goes with the last activity', async () => {
    const rep = await t.createMember();
    t.setNow(tickingClock(TODAY_NOON));
    const keep = await logActivity(t, rep, { kind: 'sale', ticketSize: 50_000 });
    const undo = await logActivity(t, rep, { kind: 'call', answered: true, outcome: 'meeting_booked' });
    expect(await findDayStats(t, rep, TODAY)).toMatchObject({ calls: 1, sales: 1, points: 15, activities: 2 });
    const response = await remove(rep, undo.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(await findDayStats(t, rep, TODAY)).toMatchObject({ calls: 0, meetings_booked: 0, sales: 1, points: 10, activities: 1 });
    await expectError(await remove(rep, undo.id), 404, 'not_found');
    expect((await remove(rep, keep.id)).status).toBe(200);
    expect(await findDayStats(t, rep, TODAY)).toBeNull();
    await expectRollupsExact(t, rep.companyId);
  });

  it("with a window of 0 days an earlier day's activity can be neither edited nor deleted", async () => {
    const { rep } = await createRepWithAdmin(t);
    await setLateLoggingDays(t, rep.companyId, 0);
    t.setNow(tickingClock('2026-11-19T15:00:00Z'));
    const yesterday = await logActivity(t, rep, { kind: 'call', answered: true, outcome: 'no_progress' });
    t.setNow(tickingClock(TODAY_NOON));
    await expectError(await patch(rep, yesterday.id, { outcome: 'meeting_booked' }), 403, 'outside_logging_window');
    await expectError(await remove(rep, yesterday.id), 403, 'outside_logging_window');
    expect(await findDayStats(t, rep, '2026-11-19')).toMatchObject({ calls: 1, points: 0 });
  });
});

describe('points are snapshots', () => {
  it('a rule change affects only later activities (and edits made after it)', async () => {
    const rep = await t.createMember();
    t.setNow(tickingClock(TODAY_NOON));
    const before = await logActivity(t, rep, { kind: 'call', answered: true, outcome: 'meeting_booked' });
    await setRule(t, rep.companyId, 'meeting_booked', { basePoints: 8 });
    const after = await logActivity(t, rep, { kind: 'call', answered: true, outcome: 'meeting_booked' });
    expect([before.pointsEarned, after.pointsEarned]).toEqual([5, 8]);
    const list = await mine(rep);
    expect(list.activities.find((a) => a.id === before.id)!.pointsEarned).toBe(5);
    expect(await findDayStats(t, rep, TODAY)).toMatchObject({ points: 13 });

    await setRule(t, rep.companyId, 'meeting_booked', { enabled: false });
    const disabled = await logActivity(t, rep, { kind: 'call', answered: true, outcome: 'meeting_booked' });
    expect(disabled).toMatchObject({ pointsEarned: 0, meetingBooked: true });
    // Editing recomputes with the rules as they are now.
    const edited = (await (await patch(rep, before.id, { notes: 'rescored' })).json()) as Activity;
    expect(edited.pointsEarned).toBe(0);
    expect(await findDayStats(t, rep, TODAY)).toMatchObject({ points: 8, meetings_booked: 3 });
  });
});

describe('the daily 20-call bonus', () => {
  const call = { kind: 'call', answered: false };

  it('goes to the 20th call, once a day; undoing that call passes it to the call that is now the 20th', async () => {
    const rep = await t.createMember();
    t.setNow(tickingClock(TODAY_NOON));
    for (let i = 0; i < 19; i++) expect((await logActivity(t, rep, call)).dailyBonus).toBe(false);
    await logActivity(t, rep, { kind: 'sale', ticketSize: 100 }); // not a call: no bonus
    const twentieth = await logActivity(t, rep, call);
    expect(twentieth).toMatchObject({ dailyBonus: true, pointsEarned: 5 });
    const twentyFirst = await logActivity(t, rep, call);
    expect(twentyFirst).toMatchObject({ dailyBonus: false, pointsEarned: 0 });
    expect(await findDayStats(t, rep, TODAY)).toMatchObject({ calls: 21, points: 15 });

    // Editing the bonus call keeps its bonus; editing another never gains it.
    const kept = (await (await patch(rep, twentieth.id, { notes: 'still the 20th' })).json()) as Activity;
    expect(kept).toMatchObject({ dailyBonus: true, pointsEarned: 5 });

    // The day still has 20 calls: the latest of them takes the bonus, and the next call does not.
    expect((await remove(rep, twentieth.id)).status).toBe(200);
    expect(await findDayStats(t, rep, TODAY)).toMatchObject({ calls: 20, points: 15 });
    expect(await findActivity(rep, twentyFirst.id)).toMatchObject({ dailyBonus: true, pointsEarned: 5 });
    const next = await logActivity(t, rep, { kind: 'call', answered: true, outcome: 'moved_forward' });
    expect(next).toMatchObject({ dailyBonus: false, pointsEarned: 1 });
    expect(await findDayStats(t, rep, TODAY)).toMatchObject({ calls: 21, points: 16 });

    // A new day starts from zero.
    t.setNow(tickingClock('2026-11-21T08:00:00Z'));
    expect((await logActivity(t, rep, call)).dailyBonus).toBe(false);
    await expectRollupsExact(t, rep.companyId);
  });

  it('leaves a day that falls below 20 calls, exactly its points, and comes back with the next 20th call', async () => {
    const rep = await t.createMember();
    t.setNow(tickingClock(TODAY_NOON));
    const calls: Activity[] = [];
    for (let i = 0; i < 20; i++) calls.push(await logActivity(t, rep, { kind: 'call', answered: true, outcome: 'moved_forward' }));
    expect(calls[19]).toMatchObject({ dailyBonus: true, pointsEarned: 6 });
    expect(await findDayStats(t, rep, TODAY)).toMatchObject({ calls: 20, points: 25 });

    // The rule changes after the bonus was earned: taking it back removes the 5 it added, not 9.
    await setRule(t, rep.companyId, 'daily_call_bonus_20', { basePoints: 9 });
    expect((await remove(rep, calls[4]!.id)).status).toBe(200);
    expect(await findActivity(rep, calls[19]!.id)).toMatchObject({ dailyBonus: false, pointsEarned: 1 });
    expect(await findDayStats(t, rep, TODAY)).toMatchObject({ calls: 19, points: 19 });

    // The next call to reach 20 earns it anew, under today's rule.
    const twentieth = await logActivity(t, rep, call);
    expect(twentieth).toMatchObject({ dailyBonus: true, pointsEarned: 9 });
    expect(await findDayStats(t, rep, TODAY)).toMatchObject({ calls: 20, points: 28 });
    await expectRollupsExact(t, rep.companyId);
  });

  it('cannot be kept by logging 20 calls and deleting 19', async () => {
    const rep = await t.createMember();
    t.setNow(tickingClock(TODAY_NOON));
    const calls: Activity[] = [];
    for (let i = 0; i < 20; i++) calls.push(await logActivity(t, rep, call));
    for (const c of calls.slice(0, 19)) expect((await remove(rep, c.id)).status).toBe(200);
    expect(await findDayStats(t, rep, TODAY)).toMatchObject({ calls: 1, points: 0 });
    expect(await findActivity(rep, calls[19]!.id)).toMatchObject({ dailyBonus: false, pointsEarned: 0 });
    await expectRollupsExact(t, rep.companyId);
  });

  it('calls logged at once around the 20th earn the bonus exactly once', async () => {
    const rep = await t.createMember();
    t.setNow(tickingClock(TODAY_NOON));
    for (let i = 0; i < 17; i++) await logActivity(t, rep, call);
    const burst = await Promise.all(Array.from({ length: 8 }, () => logActivity(t, rep, call)));
    expect(burst.filter((a) => a.dailyBonus)).toHaveLength(1);
    expect(await findDayStats(t, rep, TODAY)).toMatchObject({ calls: 25, points: 5 });
    await expectRollupsExact(t, rep.companyId);
  });

  it('a disabled bonus rule is not awarded, and an edit after disabling drops it', async () => {
    const rep = await t.createMember();
    t.setNow(tickingClock(TODAY_NOON));
    for (let i = 0; i < 19; i++) await logActivity(t, rep, call);
    const twentieth = await logActivity(t, rep, call);
    expect(twentieth.dailyBonus).toBe(true);
    await setRule(t, rep.companyId, 'daily_call_bonus_20', { enabled: false });
    const edited = (await (await patch(rep, twentieth.id, { notes: 'rule off' })).json()) as Activity;
    expect(edited).toMatchObject({ dailyBonus: false, pointsEarned: 0 });
    expect((await logActivity(t, rep, call)).dailyBonus).toBe(false);
    await setRule(t, rep.companyId, 'daily_call_bonus_20', { enabled: true });
    expect((await logActivity(t, rep, call)).dailyBonus).toBe(true);
    expect((await logActivity(t, rep, call)).dailyBonus).toBe(false);
    await expectRollupsExact(t, rep.companyId);
  });
});

describe("'today' is the company's local day, across DST changes (Europe/Oslo)", () => {
  const at = (iso: string) => t.setNow(() => new Date(iso));

  it.each([
    // spring forward: 2026-03-29 is 23 hours long, from 2026-03-28T23:00Z to 2026-03-29T22:00Z
    ['2026-03-28T22:59:59Z', '2026-03-28'],
    ['2026-03-28T23:00:00Z', '2026-03-29'],
    ['2026-03-29T01:30:00Z', '2026-03-29'], // 03:30 CEST, just after the jump
    ['2026-03-29T21:59:59Z', '2026-03-29'],
    ['2026-03-29T22:00:00Z', '2026-03-30'],
    // fall back: 2026-10-25 is 25 hours long, from 2026-10-24T22:00Z to 2026-10-25T23:00Z
    ['2026-10-24T21:59:59Z', '2026-10-24'],
    ['2026-10-24T22:00:00Z', '2026-10-25'],
    ['2026-10-25T22:59:59Z', '2026-10-25'],
    ['2026-10-25T23:00:00Z', '2026-10-26'],
  ])('an activity logged at %s belongs to %s', async (iso, day) => {
    const rep = await t.createMember();
    at(iso);
    const activity = await logActivity(t, rep, { kind: 'meeting' });
    expect(activity.localDate).toBe(day);
    expect(await findDayStats(t, rep, day)).toMatchObject({ meetings_completed: 1 });
  });

  it('the list and the edit window switch at local midnight on both sides of the change', async () => {
    const { rep } = await createRepWithAdmin(t);
    await setLateLoggingDays(t, rep.companyId, 0);
    at('2026-10-25T22:30:00Z'); // 23:30 on the 25-hour day
    const late = await logActivity(t, rep, { kind: 'call', answered: false });
    at('2026-10-25T22:59:59Z');
    expect((await mine(rep)).activities.map((a) => a.id)).toEqual([late.id]);
    expect((await patch(rep, late.id, { notes: 'still today' })).status).toBe(200);
    at('2026-10-25T23:00:00Z'); // 00:00 on the 26th
    const next = await mine(rep);
    expect(next).toEqual({ date: '2026-10-26', activities: [] });
    await expectError(await remove(rep, late.id), 403, 'outside_logging_window');

    at('2026-03-28T22:59:00Z'); // 23:59 on the 28th, the evening before spring-forward
    const before = await logActivity(t, rep, { kind: 'meeting' });
    at('2026-03-28T23:00:30Z'); // 00:00:30 on the 23-hour day
    const after = await logActivity(t, rep, { kind: 'meeting' });
    expect([before.localDate, after.localDate]).toEqual(['2026-03-28', '2026-03-29']);
    expect((await mine(rep)).activities.map((a) => a.id)).toEqual([after.id]);
  });

  it('a company in another zone has its own today', async () => {
    const utc = await seedCompany(t.db, { timezone: 'UTC' });
    const rep = await t.createMember({ companyId: utc.id });
    at('2026-11-20T23:30:00Z'); // already the 21st in Oslo, still the 20th in UTC
    expect((await logActivity(t, rep, { kind: 'meeting' })).localDate).toBe('2026-11-20');
  });
});

describe('realtime', () => {
  it("a company's listener gets exactly its own company's change, after commit", async () => {
    const rep = await t.createMember();
    const received: LiveChange[] = [];
    // Only this table's changes: the new member's own profile INSERT may still be on its way (PostgreSQL
    // delivers notifications asynchronously), and it is not what this test is about.
    const unsubscribe = t.deps.realtime.subscribe(rep.companyId, (change) => {
      if (change.table === 'activities') received.push(change);
    });
    try {
      const mineLogged = await logActivity(t, rep, { kind: 'meeting' });
      await logActivity(t, b, { kind: 'meeting' });
      // A refused write (rolled back) must not notify either.
      await t.request('/api/v1/activities', { method: 'POST', as: rep, json: { kind: 'email' } });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(received).toEqual([
        { table: 'activities', op: 'INSERT', id: mineLogged.id, userId: rep.id, activity: { type: 'meeting', meetingBooked: false } },
      ]);
    } finally {
      unsubscribe();
    }
  });

  it('says what was logged, so a wall screen celebrates a booked meeting or a sale and not an edit', async () => {
    const rep = await t.createMember();
    const received: LiveChange[] = [];
    // Only this table's changes: the new member's own profile INSERT may still be on its way (PostgreSQL
    // delivers notifications asynchronously), and it is not what this test is about.
    const unsubscribe = t.deps.realtime.subscribe(rep.companyId, (change) => {
      if (change.table === 'activities') received.push(change);
    });
    try {
      const booked = await logActivity(t, rep, { kind: 'call', answered: true, outcome: 'meeting_booked' });
      const sale = await logActivity(t, rep, { kind: 'sale', ticketSize: 100_000 });
      const edited = await t.request(`/api/v1/activities/${booked.id}`, { method: 'PATCH', as: rep, json: { outcome: 'moved_forward' } });
      expect(edited.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(received.map((c) => [c.op, c.id, c.activity])).toEqual([
        // The company celebrates every sale and booked meeting until an admin chooses (decision 051).
        ['INSERT', booked.id, { type: 'call_answered', meetingBooked: true, celebrate: true }],
        ['INSERT', sale.id, { type: 'sale', meetingBooked: false, celebrate: true }],
        ['UPDATE', booked.id, { type: 'call_answered', meetingBooked: false }],
      ]);
    } finally {
      unsubscribe();
    }
  });
});

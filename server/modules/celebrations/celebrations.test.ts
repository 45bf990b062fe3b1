import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ActivityType,
  type AuditLogPage,
  type CelebrationSettings,
  DEFAULT_CELEBRATION_SETTINGS,
  type DisplayFeed,
  type Feed,
  type ItemReactions,
  type LiveChange,
  type PersonalData,
} from '@core/contracts';
import { toCompanyId, toUserId, withTenant } from '../../db/tenant';
import { createTestApp, type TestApp } from '../../test/test-app';
import { recordFeedEvents } from '../feed/feed.service';

/*
 * Celebrations and reactions (decision 051): admins choose what is celebrated; the database marks
 * a new sale at or above the minimum as celebrated in its live change; a goal reached is announced
 * in the feed with the write; the feed shows activities and events with reactions; members react
 * as themselves; a display link sees counts, never values or reactors.
 */

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
let admin: Member;
let rep: Member;
let colleague: Member;
let outsider: Member;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createMember({ role: 'admin', name: 'Ada Admin' });
  rep = await t.createMember({ companyId: admin.companyId, name: 'Ola Oslo' });
  colleague = await t.createMember({ companyId: admin.companyId, name: 'Kari Kollega' });
  outsider = await t.createMember({ role: 'admin', name: 'Otto Outsider' });
});
afterAll(() => t.close());

async function ok<T>(response: Response, status = 200): Promise<T> {
  if (response.status !== status) throw new Error(`${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

const saveSettings = (as: Member, settings: CelebrationSettings) =>
  t.request('/api/v1/celebrations/settings', { method: 'PUT', as, json: settings });

const logSale = async (as: Member, ticketSize: number) =>
  ok<{ id: string; createdAt: string }>(
    await t.request('/api/v1/activities', { method: 'POST', as, json: { kind: 'sale', ticketSize } }),
    201,
  );

/** The live changes of a company while `act` runs (and a moment after, for the NOTIFYs). */
async function collectChanges(companyId: string, act: () => Promise<void>): Promise<LiveChange[]> {
  const received: LiveChange[] = [];
  const unsubscribe = t.deps.realtime.subscribe(companyId, (change) => received.push(change));
  try {
    await act();
    await t.deps.realtime.sync();
    await new Promise((resolve) => setTimeout(resolve, 200));
  } finally {
    unsubscribe();
  }
  return received;
}

describe('celebration settings', () => {
  it('start at the defaults, every member reads them, only an admin saves them, and a change is audited once', async () => {
    expect(await ok<CelebrationSettings>(await t.request('/api/v1/celebrations/settings', { as: rep }))).toEqual(
      DEFAULT_CELEBRATION_SETTINGS,
    );
    const chosen = { ...DEFAULT_CELEBRATION_SETTINGS, saleMinimum: 500_000, sound: true, style: 'spotlight' as const, badges: false };

    const refused = await saveSettings(rep, chosen);
    expect(refused.status).toBe(403);
    expect(await ok<CelebrationSettings>(await saveSettings(admin, chosen))).toEqual(chosen);
    // Saving the same again changes nothing and writes no second entry.
    await ok(await saveSettings(admin, chosen));
    expect(await ok<CelebrationSettings>(await t.request('/api/v1/celebrations/settings', { as: colleague }))).toEqual(chosen);

    const log = await ok<AuditLogPage>(await t.request('/api/v1/admin/audit-log?action=celebrations.changed', { as: admin }));
    expect(log.entries).toHaveLength(1);
    expect(log.entries[0]!.details).toEqual({
      saleMinimum: { from: 0, to: 500_000 },
      sound: { from: false, to: true },
      style: { from: 'confetti', to: 'spotlight' },
      badges: { from: true, to: false },
    });
    // Another company still has its defaults.
    expect(await ok<CelebrationSettings>(await t.request('/api/v1/celebrations/settings', { as: outsider }))).toEqual(
      DEFAULT_CELEBRATION_SETTINGS,
    );
  });

  it('refuse bad input with field messages (400), never a 500', async () => {
    for (const [body, field] of [
      [{ ...DEFAULT_CELEBRATION_SETTINGS, saleMinimum: -1 }, 'saleMinimum'],
      [{ ...DEFAULT_CELEBRATION_SETTINGS, saleMinimum: 1.5 }, 'saleMinimum'],
      [{ ...DEFAULT_CELEBRATION_SETTINGS, style: 'fireworks' }, 'style'],
      [{ sales: true }, 'saleMinimum'],
    ] as const) {
      const response = await t.request('/api/v1/celebrations/settings', { method: 'PUT', as: admin, json: body });
      expect(response.status).toBe(400);
      const error = (await response.json()) as { error: { details?: Record<string, string> } };
      expect(Object.keys(error.error.details ?? {})).toContain(field);
    }
  });
});

describe('what a TV celebrates', () => {
  it('a new sale at or above the minimum says so in its live change; one below it and an edit do not', async () => {
    await ok(await saveSettings(admin, { ...DEFAULT_CELEBRATION_SETTINGS, saleMinimum: 500_000, meetings: false }));
    let big = '';
    let small = '';
    const changes = await collectChanges(admin.companyId, async () => {
      big = (await logSale(rep, 500_000)).id;
      small = (await logSale(rep, 499_999)).id;
      await ok(await t.request(`/api/v1/activities/${big}`, { method: 'PATCH', as: rep, json: { notes: 'Signed' } }));
      await ok(
        await t.request('/api/v1/activities', {
          method: 'POST',
          as: rep,
          json: { kind: 'call', answered: true, outcome: 'meeting_booked' },
        }),
        201,
      );
    });
    const activities = changes.filter((change) => change.table === 'activities');
    expect(activities.find((c) => c.id === big && c.op === 'INSERT')?.activity).toEqual({
      type: 'sale',
      meetingBooked: false,
      celebrate: true,
    });
    expect(activities.find((c) => c.id === small)?.activity).toEqual({ type: 'sale', meetingBooked: false });
    expect(activities.find((c) => c.id === big && c.op === 'UPDATE')?.activity).toEqual({ type: 'sale', meetingBooked: false });
    // Booked meetings are switched off.
    expect(activities.find((c) => c.activity?.meetingBooked)?.activity).toEqual({ type: 'call_answered', meetingBooked: true });

    // With sales off, no sale celebrates whatever its size.
    await ok(await saveSettings(admin, { ...DEFAULT_CELEBRATION_SETTINGS, sales: false }));
    const off = await collectChanges(admin.companyId, async () => void (await logSale(rep, 9_000_000)));
    expect(off.find((c) => c.table === 'activities')?.activity?.celebrate).toBeUndefined();
    await ok(await saveSettings(admin, DEFAULT_CELEBRATION_SETTINGS));
  });

  it("an own type's activity is celebrated as its type says: every one, or only an outcome marked, and never an edit", async () => {
    const makeType = async (en: string, celebrate: boolean, outcomes: { en: string; celebrate: boolean }[]) =>
      ok<ActivityType>(
        await t.request('/api/v1/activity-types', {
          method: 'POST',
          as: admin,
          json: {
            names: { en },
            icon: 'star',
            colour: 'blue',
            points: 1,
            outcomes: outcomes.map((o) => ({ names: { en: o.en }, points: 0, celebrate: o.celebrate })),
            fields: [],
            bonus: null,
            celebrate,
          },
        }),
        201,
      );
    const dial = await makeType('Dial', false, [
      { en: 'No answer', celebrate: false },
      { en: 'Demo booked', celebrate: true },
    ]);
    const contract = await makeType('Signed contract', true, []);
    const checkIn = await makeType('Check-in', false, []);
    expect(dial.outcomes.map((o) => o.celebrate)).toEqual([false, true]);
    expect(contract.celebrate).toBe(true);
    const outcome = (en: string) => dial.outcomes.find((o) => o.names.en === en)!.id;
    const log = async (typeId: string, extra: Record<string, unknown> = {}) =>
      (
        await ok<{ id: string }>(
          await t.request('/api/v1/activities', { method: 'POST', as: rep, json: { kind: 'custom', typeId, ...extra } }),
          201,
        )
      ).id;

    const ids: Record<string, string> = {};
    const changes = await collectChanges(admin.companyId, async () => {
      ids.noAnswer = await log(dial.id, { outcome: outcome('No answer') });
      ids.demo = await log(dial.id, { outcome: outcome('Demo booked') });
      ids.contract = await log(contract.id);
      ids.checkIn = await log(checkIn.id);
      await ok(await t.request(`/api/v1/activities/${ids.contract}`, { method: 'PATCH', as: rep, json: { notes: 'Signed' } }));
    });
    const celebrated = (id: string, op = 'INSERT') =>
      changes.find((c) => c.table === 'activities' && c.id === id && c.op === op)?.activity?.celebrate === true;
    expect(celebrated(ids.demo!)).toBe(true);
    expect(celebrated(ids.contract!)).toBe(true);
    expect(celebrated(ids.noAnswer!)).toBe(false);
    expect(celebrated(ids.checkIn!)).toBe(false);
    expect(celebrated(ids.contract!, 'UPDATE')).toBe(false);

    // The feed names the type for the card, here and on a signed-out wall.
    const feed = await ok<Feed>(await t.request('/api/v1/feed?limit=20', { as: colleague }));
    const demo = feed.items.find((item) => item.id === ids.demo);
    expect(demo?.type === 'activity' && demo.activity.ownType).toMatchObject({
      names: { en: 'Dial' },
      outcomeNames: { en: 'Demo booked' },
      celebratesEvery: false,
    });

    // Unmarking the outcome stops its celebrations; the type's own switch is the only one.
    await ok(
      await t.request(`/api/v1/activity-types/${dial.id}`, {
        method: 'PUT',
        as: admin,
        json: {
          names: { en: 'Dial' },
          icon: 'star',
          colour: 'blue',
          points: 1,
          outcomes: dial.outcomes.map((o) => ({ id: o.id, names: o.names, points: o.points, celebrate: false })),
          fields: [],
          bonus: null,
        },
      }),
    );
    const after = await collectChanges(
      admin.companyId,
      async () => void (ids.demo2 = await log(dial.id, { outcome: outcome('Demo booked') })),
    );
    expect(after.find((c) => c.id === ids.demo2)?.activity).toEqual({ type: 'custom', meetingBooked: false });
  });

  it('a sale that reaches the daily goal announces goal.reached once, with the write, live', async () => {
    const goalRep = await t.createMember({ companyId: admin.companyId, name: 'Gunn Goal' });
    await ok(await t.request('/api/v1/goals/me', { method: 'PUT', as: goalRep, json: { dailyCalls: 0, dailyMeetings: 0, dailySales: 2 } }));
    const sales: { id: string; createdAt: string }[] = [];
    const changes = await collectChanges(admin.companyId, async () => {
      for (let i = 0; i < 3; i++) sales.push(await logSale(goalRep, 1_000));
    });
    const feed = await ok<Feed>(await t.request('/api/v1/feed?limit=50', { as: colleague }));
    // Only the goal: the first sale also earns a badge (decision 050), announced beside it.
    const goals = feed.items.filter(
      (item) => item.type === 'event' && item.event.userId === goalRep.id && item.event.kind === 'goal.reached',
    );
    expect(goals).toHaveLength(1);
    const goal = goals[0]!;
    if (goal.type !== 'event') throw new Error('not an event');
    expect(goal.event).toMatchObject({
      kind: 'goal.reached',
      displayName: 'Gunn Goal',
      formerMember: false,
      data: { goal: 'sales', target: 2, activityId: sales[1]!.id },
    });
    // Committed with the second sale: stamped with its time, announced with its kind.
    expect(goal.createdAt).toBe(sales[1]!.createdAt);
    expect(changes.filter((c) => c.table === 'feed_events' && c.feed?.kind === 'goal.reached')).toEqual([
      { table: 'feed_events', op: 'INSERT', id: goal.id, userId: goalRep.id, feed: { kind: 'goal.reached' } },
    ]);
  });
});

describe('the feed and its reactions', () => {
  it('shows activities and feed events together, newest first, with names looked up when read', async () => {
    const companyId = toCompanyId(admin.companyId);
    const sale = await logSale(rep, 25_000);
    const [badge] = await withTenant(t.db, { companyId, userId: toUserId(rep.id) }, (tx) =>
      recordFeedEvents(
        tx,
        companyId,
        [{ kind: 'badge.earned', userId: toUserId(rep.id), subjectId: 'first_sale' }],
        new Date(Date.now() + 1000),
      ),
    );
    const feed = await ok<Feed>(await t.request('/api/v1/feed?limit=2', { as: colleague }));
    expect(feed.items.map((item) => [item.type, item.id])).toEqual([
      ['event', badge!.id],
      ['activity', sale.id],
    ]);
    const [event, activity] = feed.items;
    expect(event).toMatchObject({ event: { kind: 'badge.earned', displayName: 'Ola Oslo', subjectId: 'first_sale' }, reactions: [] });
    expect(activity).toMatchObject({ activity: { displayName: 'Ola Oslo', type: 'sale', ticketSize: 25_000 }, reactions: [] });

    expect(await ok<Feed>(await t.request('/api/v1/feed', { as: outsider }))).toEqual({ items: [] });
    expect((await t.request('/api/v1/feed?limit=51', { as: rep })).status).toBe(400);
  });

  it('a member toggles their own emoji, sees who reacted, and every screen hears it live', async () => {
    const sale = await logSale(rep, 80_000);
    const toggle = (as: Member, emoji: string, itemId = sale.id, itemType = 'activity') =>
      t.request('/api/v1/feed/reactions', { method: 'POST', as, json: { itemType, itemId, emoji } });

    let reactions!: ItemReactions;
    const changes = await collectChanges(admin.companyId, async () => {
      await ok(await toggle(colleague, '👏'));
      await ok(await toggle(admin, '👏'));
      reactions = await ok<ItemReactions>(await toggle(colleague, '🔥'));
    });
    expect(reactions).toEqual({
      itemType: 'activity',
      itemId: sale.id,
      reactions: [
        {
          emoji: '👏',
          count: 2,
          reactedByMe: true,
          people: [
            { userId: colleague.id, displayName: 'Kari Kollega', formerMember: false },
            { userId: admin.id, displayName: 'Ada Admin', formerMember: false },
          ],
        },
        { emoji: '🔥', count: 1, reactedByMe: true, people: [{ userId: colleague.id, displayName: 'Kari Kollega', formerMember: false }] },
      ],
    });
    expect(changes.filter((c) => c.table === 'feed_reactions').map((c) => [c.op, c.userId])).toEqual([
      ['INSERT', colleague.id],
      ['INSERT', admin.id],
      ['INSERT', colleague.id],
    ]);

    // The second toggle takes it back; the others' reactions stay.
    const after = await ok<ItemReactions>(await toggle(colleague, '👏'));
    expect(after.reactions.map((r) => [r.emoji, r.count, r.reactedByMe])).toEqual([
      ['👏', 1, false],
      ['🔥', 1, true],
    ]);
    const feed = await ok<Feed>(await t.request('/api/v1/feed?limit=50', { as: rep }));
    const item = feed.items.find((i) => i.id === sale.id)!;
    expect(item.reactions.map((r) => [r.emoji, r.count, r.reactedByMe, r.people.map((p) => p.displayName)])).toEqual([
      ['👏', 1, false, ['Ada Admin']],
      ['🔥', 1, false, ['Kari Kollega']],
    ]);

    // An emoji outside the set, an unknown item and another company's item are refused.
    expect((await toggle(colleague, '💩')).status).toBe(400);
    expect((await toggle(colleague, '👏', 'not-an-id')).status).toBe(400);
    expect((await toggle(colleague, '👏', '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await toggle(outsider, '👏')).status).toBe(404);
    expect((await toggle(outsider, '👏', sale.id, 'event')).status).toBe(404);
  });

  it("a display link reads what its wall celebrates, a sale's amount and customer as the company allows, and reaction counts, never reactors", async () => {
    await ok(await saveSettings(admin, { ...DEFAULT_CELEBRATION_SETTINGS, saleMinimum: 100_000, style: 'banner' }));
    const { token } = await ok<{ token: string }>(
      await t.request('/api/v1/display-links', { method: 'POST', as: admin, json: { name: 'Lobby' } }),
      201,
    );
    const sale = await ok<{ id: string }>(
      await t.request('/api/v1/activities', {
        method: 'POST',
        as: rep,
        json: { kind: 'sale', ticketSize: 777_000, customerName: 'Fjordkraft AS', notes: 'Private notes' },
      }),
      201,
    );
    await ok(
      await t.request('/api/v1/feed/reactions', {
        method: 'POST',
        as: colleague,
        json: { itemType: 'activity', itemId: sale.id, emoji: '🎉' },
      }),
    );

    const wall = await ok<DisplayFeed>(await t.request(`/api/v1/display/${token}/feed`));
    const { saleMinimum: _hidden, ...visible } = { ...DEFAULT_CELEBRATION_SETTINGS, style: 'banner' as const };
    expect(wall.celebrations).toEqual(visible);
    // By default the sale's card names what was sold for and to whom (decision 078).
    expect(wall.items.find((item) => item.id === sale.id)).toEqual({
      type: 'activity',
      id: sale.id,
      createdAt: expect.any(String),
      userId: rep.id,
      displayName: 'Ola Oslo',
      formerMember: false,
      activityType: 'sale',
      ownType: null,
      meetingBooked: false,
      saleValue: 777_000,
      customerName: 'Fjordkraft AS',
      eventKind: null,
      teamName: null,
      subjectId: null,
      data: {},
      reactions: [{ emoji: '🎉', count: 1 }],
    });
    expect(JSON.stringify(wall)).not.toContain('Private notes');
    expect(JSON.stringify(wall)).not.toContain('Kari');

    // An own type's amount (an upsell's) shows as a sale's value does, and is hidden with it.
    const upsell = await ok<ActivityType>(
      await t.request('/api/v1/activity-types', {
        method: 'POST',
        as: admin,
        json: {
          names: { en: 'Upsell' },
          icon: 'star',
          colour: 'amber',
          points: 1,
          outcomes: [],
          fields: [{ names: { en: 'Upsell value' }, kind: 'money', required: true }],
          bonus: null,
          celebrate: false,
        },
      }),
      201,
    );
    const fieldId = upsell.fields[0]!.id;
    const sold = await ok<{ id: string }>(
      await t.request('/api/v1/activities', {
        method: 'POST',
        as: rep,
        json: { kind: 'custom', typeId: upsell.id, fields: { [fieldId]: 350_000 } },
      }),
      201,
    );
    const withUpsell = await ok<DisplayFeed>(await t.request(`/api/v1/display/${token}/feed`));
    expect(withUpsell.items.find((item) => item.id === sold.id)).toMatchObject({ activityType: 'custom', saleValue: 350_000 });

    // A wall visitors can read: the company hides amounts, then customers too.
    await ok(await saveSettings(admin, { ...DEFAULT_CELEBRATION_SETTINGS, showSaleAmount: false }));
    const noAmounts = await ok<DisplayFeed>(await t.request(`/api/v1/display/${token}/feed`));
    expect(noAmounts.celebrations).toMatchObject({ showSaleAmount: false, showSaleCustomer: true });
    expect(noAmounts.items.find((item) => item.id === sale.id)).toMatchObject({ saleValue: null, customerName: 'Fjordkraft AS' });
    expect(JSON.stringify(noAmounts)).not.toContain('777000');
    expect(noAmounts.items.find((item) => item.id === sold.id)).toMatchObject({ saleValue: null });
    await ok(await saveSettings(admin, { ...DEFAULT_CELEBRATION_SETTINGS, showSaleAmount: false, showSaleCustomer: false }));
    const neither = await ok<DisplayFeed>(await t.request(`/api/v1/display/${token}/feed`));
    expect(neither.items.find((item) => item.id === sale.id)).toMatchObject({ saleValue: null, customerName: null });
    expect(JSON.stringify(neither)).not.toContain('777000');
    expect(JSON.stringify(neither)).not.toContain('Fjordkraft');
    expect((await t.request('/api/v1/display/not-a-real-token/feed')).status).toBe(404);
    await ok(await saveSettings(admin, DEFAULT_CELEBRATION_SETTINGS));
  });

  it("a person's reactions are in their download and go with their erasure; the item stays", async () => {
    const leaver = await t.createMember({ companyId: admin.companyId, name: 'Lars Leaver' });
    const sale = await logSale(rep, 10_000);
    await ok(
      await t.request('/api/v1/feed/reactions', {
        method: 'POST',
        as: leaver,
        json: { itemType: 'activity', itemId: sale.id, emoji: '💪' },
      }),
    );
    await ok(
      await t.request('/api/v1/feed/reactions', {
        method: 'POST',
        as: colleague,
        json: { itemType: 'activity', itemId: sale.id, emoji: '💪' },
      }),
    );

    const download = (await (await t.request('/api/v1/me/data', { as: leaver })).json()) as PersonalData;
    expect(download.reactions).toEqual([{ companyId: admin.companyId, itemType: 'activity', emoji: '💪', createdAt: expect.any(String) }]);

    await ok(await t.request(`/api/v1/team/members/${leaver.id}/data`, { method: 'DELETE', as: admin }));
    const feed = await ok<Feed>(await t.request('/api/v1/feed?limit=50', { as: rep }));
    const item = feed.items.find((i) => i.id === sale.id)!;
    expect(item.reactions).toEqual([
      { emoji: '💪', count: 1, reactedByMe: false, people: [{ userId: colleague.id, displayName: 'Kari Kollega', formerMember: false }] },
    ]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, Board, BoardList, KpiSeries, KpiValues, Me } from '@core/contracts';
import { addDays, computeLocalDate, type LocalDate } from '@core/period';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * Boards (decision 102): who sees which board and who changes it, enforced by the server whatever
 * a screen offers; widgets that name KPIs and teams of the company only; and the chart widget's
 * KPI day by day.
 */

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
let admin: Member;
let lead: Member;
let oslo: Member; // in Oslo, led by `lead`
let bergen: Member; // in Bergen
let osloTeam: string;
let bergenTeam: string;
let outsider: Member;

const TZ = 'Europe/Oslo';
const today = () => computeLocalDate(new Date(), TZ);
const errorOf = async (response: Response) => ((await response.json()) as ApiError).error;
async function ok<T>(response: Response): Promise<T> {
  if (response.status >= 300) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
const board = (over: Record<string, unknown> = {}) => ({
  name: 'Floor',
  sharing: 'private',
  widgets: [
    { kind: 'number', kpiId: 'calls', period: 'today', size: 'small' },
    { kind: 'leaderboard', kpiId: 'conversion', rows: 10 },
    { kind: 'chart', kpiId: 'points', style: 'line', size: 'large' },
    { kind: 'gauge', kpiId: 'sales_value', goal: 5_000_000 },
    { kind: 'feed' },
  ],
  ...over,
});
const create = (as: Member, json: Record<string, unknown>) => t.request('/api/v1/boards', { method: 'POST', as, json });
const seen = async (as: Member) => (await ok<BoardList>(await t.request('/api/v1/boards', { as }))).boards.map((b) => b.name);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createMember({ role: 'admin', name: 'Astrid Admin' });
  lead = await t.createMember({ companyId: admin.companyId, name: 'Lars Lead' });
  oslo = await t.createMember({ companyId: admin.companyId, name: 'Ola Oslo' });
  bergen = await t.createMember({ companyId: admin.companyId, name: 'Berit Bergen' });
  outsider = await t.createMember({ role: 'admin', name: 'Other Admin' });
  osloTeam = (await ok<{ id: string }>(await t.request('/api/v1/teams', { method: 'POST', as: admin, json: { name: 'Oslo' } }))).id;
  bergenTeam = (await ok<{ id: string }>(await t.request('/api/v1/teams', { method: 'POST', as: admin, json: { name: 'Bergen' } }))).id;
  await ok(await t.request(`/api/v1/team/members/${oslo.id}/team`, { method: 'PUT', as: admin, json: { teamId: osloTeam } }));
  await ok(await t.request(`/api/v1/team/members/${bergen.id}/team`, { method: 'PUT', as: admin, json: { teamId: bergenTeam } }));
  await ok(await t.request(`/api/v1/teams/${osloTeam}/leads`, { method: 'PUT', as: admin, json: { userIds: [lead.id] } }));
});
afterAll(() => t?.close());

describe('boards', () => {
  it('anyone makes a private board of widgets: theirs alone to see and change', async () => {
    const made = await ok<Board>(await create(oslo, board({ name: 'Mine' })));
    expect(made).toMatchObject({ name: 'Mine', sharing: 'private', teamId: null, ownerId: oslo.id, canEdit: true });
    expect(made.widgets.map((w) => [w.kind, typeof w.id])).toEqual([
      ['number', 'string'],
      ['leaderboard', 'string'],
      ['chart', 'string'],
      ['gauge', 'string'],
      ['feed', 'string'],
    ]);
    // Defaults filled in: a week, medium, the board's people.
    expect(made.widgets[1]).toMatchObject({ period: 'week', size: 'medium', teamId: null, rows: 10 });
    expect(await seen(oslo)).toContain('Mine');
    expect(await seen(bergen)).not.toContain('Mine');
    // Not in an admin's list either (it is Ola's view), though an admin may open it.
    expect(await seen(admin)).not.toContain('Mine');
    expect((await t.request(`/api/v1/boards/${made.id}`, { as: admin })).status).toBe(200);
    expect((await t.request(`/api/v1/boards/${made.id}`, { as: bergen })).status).toBe(404);
    expect((await t.request(`/api/v1/boards/${made.id}`, { method: 'PUT', as: bergen, json: board() })).status).toBe(404);
    const renamed = await ok<Board>(
      await t.request(`/api/v1/boards/${made.id}`, {
        method: 'PUT',
        as: oslo,
        json: board({ name: 'Mine, renamed', widgets: made.widgets }),
      }),
    );
    // Widgets keep their ids across a save.
    expect(renamed.widgets.map((w) => w.id)).toEqual(made.widgets.map((w) => w.id));
  });

  it('a team’s lead shares a board with the team; its members see it, others do not; a rep may not share', async () => {
    const refused = await create(oslo, board({ name: 'Oslo floor', sharing: 'team', teamId: osloTeam }));
    expect(refused.status).toBe(403);
    expect((await create(lead, board({ name: 'Bergen floor', sharing: 'team', teamId: bergenTeam }))).status).toBe(403);
    const shared = await ok<Board>(await create(lead, board({ name: 'Oslo floor', sharing: 'team', teamId: osloTeam })));
    expect(await seen(oslo)).toContain('Oslo floor');
    expect(await seen(bergen)).not.toContain('Oslo floor');
    expect(await seen(admin)).toContain('Oslo floor');
    const forOslo = await ok<Board>(await t.request(`/api/v1/boards/${shared.id}`, { as: oslo }));
    expect(forOslo.canEdit).toBe(false);
    expect((await t.request(`/api/v1/boards/${shared.id}`, { method: 'DELETE', as: oslo })).status).toBe(403);
    // The lead may not widen it to the company.
    const widened = await t.request(`/api/v1/boards/${shared.id}`, {
      method: 'PUT',
      as: lead,
      json: board({ name: 'Oslo floor', sharing: 'company' }),
    });
    expect(widened.status).toBe(403);
  });

  it('an admin shares a board with the company: everyone sees it, only its owner and admins change it', async () => {
    expect((await create(lead, board({ name: 'Company wall', sharing: 'company' }))).status).toBe(403);
    const wall = await ok<Board>(await create(admin, board({ name: 'Company wall', sharing: 'company' })));
    for (const member of [lead, oslo, bergen]) expect(await seen(member)).toContain('Company wall');
    expect((await t.request(`/api/v1/boards/${wall.id}`, { method: 'PUT', as: lead, json: board({ sharing: 'company' }) })).status).toBe(
      403,
    );
    expect((await t.request(`/api/v1/boards/${wall.id}`, { as: outsider })).status).toBe(404);
    await ok(await t.request(`/api/v1/boards/${wall.id}`, { method: 'DELETE', as: admin }));
    expect(await seen(oslo)).not.toContain('Company wall');
  });

  it('refuses widgets naming a KPI or team the company does not have, and a team board without its team', async () => {
    const response = await create(
      admin,
      board({
        widgets: [
          { kind: 'number', kpiId: crypto.randomUUID() },
          { kind: 'feed', teamId: crypto.randomUUID() },
        ],
      }),
    );
    expect(response.status).toBe(400);
    expect((await errorOf(response)).details).toEqual({
      'widgets.0.kpiId': 'That KPI no longer exists',
      'widgets.1.teamId': 'Not a team of your company',
    });
    const noTeam = await create(admin, board({ sharing: 'team' }));
    expect(noTeam.status).toBe(400);
    expect((await errorOf(noTeam)).details).toMatchObject({ teamId: 'Choose the team to share it with' });
    const badGoal = await create(admin, board({ widgets: [{ kind: 'gauge', kpiId: 'calls', goal: 0 }] }));
    expect((await errorOf(badGoal)).details).toMatchObject({ 'widgets.0.goal': 'The goal must be more than 0' });
  });

  it('gives a KPI day by day for a chart: every day of the period, a day without activity at 0', async () => {
    const day = today() as LocalDate;
    const from = addDays(day, -2);
    await ok(
      await t.request('/api/v1/activities', {
        method: 'POST',
        as: oslo,
        json: { kind: 'call', answered: true, outcome: 'meeting_booked' },
      }),
    );
    await ok(
      await t.request('/api/v1/activities', {
        method: 'POST',
        as: admin,
        json: { kind: 'call', answered: false, userId: bergen.id, localDate: from },
      }),
    );
    const series = async (query: string) => ok<KpiSeries>(await t.request(`/api/v1/kpis/series?${query}`, { as: oslo }));
    expect((await series(`id=calls&from=${from}&to=${day}`)).days).toEqual([
      { day: from, value: 1 },
      { day: addDays(day, -1), value: 0 },
      { day, value: 1 },
    ]);
    expect((await series(`id=conversion&from=${from}&to=${day}&teamId=${osloTeam}`)).days).toEqual([
      { day: from, value: null },
      { day: addDays(day, -1), value: null },
      { day, value: 1 },
    ]);
    expect((await t.request(`/api/v1/kpis/series?id=nope&from=${from}&to=${day}`, { as: oslo })).status).toBe(400);
  });

  it('shows a contest of the company on a board, and refuses another company’s contest', async () => {
    const contest = await ok<{ id: string }>(
      await t.request('/api/v1/contests', {
        method: 'POST',
        as: admin,
        json: {
          name: 'December dials',
          startsOn: today(),
          endsOn: addDays(today() as LocalDate, 6),
          participants: 'everyone',
          mode: 'individual',
          weights: [{ metric: 'calls', weight: 1 }],
        },
      }),
    );
    const theirs = await ok<{ id: string }>(
      await t.request('/api/v1/contests', {
        method: 'POST',
        as: outsider,
        json: {
          name: 'Elsewhere',
          startsOn: today(),
          endsOn: today(),
          participants: 'everyone',
          mode: 'individual',
          weights: [{ metric: 'calls', weight: 1 }],
        },
      }),
    );
    const made = await ok<Board>(
      await create(
        oslo,
        board({
          widgets: [
            { kind: 'contest', contestId: contest.id, rows: 10 },
            { kind: 'teams', kpiId: 'calls' },
          ],
        }),
      ),
    );
    expect(made.widgets).toMatchObject([
      { kind: 'contest', contestId: contest.id, rows: 10 },
      { kind: 'teams', kpiId: 'calls', period: 'week' },
    ]);
    const refused = await create(oslo, board({ widgets: [{ kind: 'contest', contestId: theirs.id }] }));
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).details).toEqual({ 'widgets.0.contestId': 'No such contest in your company' });
    const unnamed = await create(oslo, board({ widgets: [{ kind: 'contest' }] }));
    expect((await errorOf(unnamed)).details).toMatchObject({ 'widgets.0.contestId': 'Choose a contest' });
  });

  it('compares the teams on a KPI: each team’s members together, a ratio of their sums', async () => {
    const day = today() as LocalDate;
    const log = (as: Member, json: Record<string, unknown>) => t.request('/api/v1/activities', { method: 'POST', as, json });
    const values = async (query: string) =>
      ok<KpiValues>(await t.request(`/api/v1/kpis/values?from=${day}&to=${day}&${query}`, { as: oslo }));
    const before = await values('byTeam=true&ids=calls,conversion');
    const figure = (v: KpiValues, kpi: string, team: string) =>
      v.kpis.find((k) => k.id === kpi)!.teams!.find((x) => x.teamId === team)!.value;
    // Oslo: two answered calls, one booking a meeting; Bergen: an answered call that books nothing and an unanswered one.
    await ok(await log(oslo, { kind: 'call', answered: true, outcome: 'meeting_booked' }));
    await ok(await log(oslo, { kind: 'call', answered: true, outcome: 'no_progress' }));
    await ok(await log(bergen, { kind: 'call', answered: true, outcome: 'no_progress' }));
    await ok(await log(bergen, { kind: 'call', answered: false }));
    const after = await values('byTeam=true&ids=calls,conversion');
    expect(after.teams).toEqual(
      expect.arrayContaining([
        { id: osloTeam, name: 'Oslo' },
        { id: bergenTeam, name: 'Bergen' },
      ]),
    );
    expect(figure(after, 'calls', osloTeam)! - (figure(before, 'calls', osloTeam) ?? 0)).toBe(2);
    expect(figure(after, 'calls', bergenTeam)! - (figure(before, 'calls', bergenTeam) ?? 0)).toBe(2);
    // Bergen's calls booked nothing: its conversion is 0, not the company's; Oslo's is its one member's.
    expect(figure(after, 'conversion', bergenTeam)).toBe(0);
    const conversion = after.kpis.find((k) => k.id === 'conversion')!;
    expect(figure(after, 'conversion', osloTeam)).toBe(conversion.members.find((m) => m.userId === oslo.id)!.value);
    expect(figure(after, 'conversion', osloTeam)).toBeGreaterThan(0);
    // Without byTeam the answer has no teams (every widget but the comparison asks without).
    const plain = await values('ids=calls');
    expect(plain.teams).toBeUndefined();
    expect(plain.kpis[0]!.teams).toBeUndefined();
    expect((await t.request(`/api/v1/kpis/values?from=${day}&to=${day}&byTeam=yes`, { as: oslo })).status).toBe(400);
    // A number or a gauge asks for a KPI's total alone: the same total, no member's figure.
    const total = await values('ids=conversion&totalOnly=true');
    expect(total.members).toEqual([]);
    expect(total.kpis).toEqual([{ id: 'conversion', total: conversion.total, members: [] }]);
  });

  it('a member opens the app on a board they choose, for themselves alone, while they may see it', async () => {
    const meOf = async (as: Member) => (await ok<Me>(await t.request('/api/v1/me', { as }))).profile!.homeBoardId;
    const floor = await ok<Board>(await create(admin, board({ name: 'Start floor', sharing: 'company' })));
    const mine = await ok<Board>(await create(lead, board({ name: 'Lead private' })));
    expect(await meOf(oslo)).toBeNull();

    const set = await ok<Board>(await t.request(`/api/v1/boards/${floor.id}/home`, { method: 'PUT', as: oslo }));
    expect(set.isHome).toBe(true);
    expect(await meOf(oslo)).toBe(floor.id);
    const list = await ok<BoardList>(await t.request('/api/v1/boards', { as: oslo }));
    expect(list.homeBoardId).toBe(floor.id);
    expect(list.boards.find((b) => b.id === floor.id)?.isHome).toBe(true);
    // Another member's start page is untouched; another person's private board cannot be chosen.
    expect(await meOf(bergen)).toBeNull();
    expect((await t.request(`/api/v1/boards/${mine.id}/home`, { method: 'PUT', as: oslo })).status).toBe(404);

    // Made private by the admin, the board is no longer Ola's to open: the dashboard again.
    await ok(
      await t.request(`/api/v1/boards/${floor.id}`, { method: 'PUT', as: admin, json: board({ name: 'Start floor', sharing: 'private' }) }),
    );
    expect(await meOf(oslo)).toBeNull();
    await ok(
      await t.request(`/api/v1/boards/${floor.id}`, { method: 'PUT', as: admin, json: board({ name: 'Start floor', sharing: 'company' }) }),
    );
    expect(await meOf(oslo)).toBe(floor.id);

    // Taken back, and (chosen again) gone with the board.
    const cleared = await ok<Board>(await t.request(`/api/v1/boards/${floor.id}/home`, { method: 'DELETE', as: oslo }));
    expect(cleared.isHome).toBe(false);
    expect(await meOf(oslo)).toBeNull();
    await ok(await t.request(`/api/v1/boards/${floor.id}/home`, { method: 'PUT', as: oslo }));
    await ok(await t.request(`/api/v1/boards/${floor.id}`, { method: 'DELETE', as: admin }));
    expect(await meOf(oslo)).toBeNull();
  });
});

describe('a board from a template', () => {
  type TypeList = { types: { id: string; key?: string; names: { en?: string } }[] };
  type KpiList = { kpis: { id: string; builtIn: boolean; names: { en?: string }; formula: unknown }[] };
  let boss: Member;
  let rep: Member;
  let lead2: Member;
  let team: string;

  beforeAll(async () => {
    boss = await t.createMember({ role: 'admin', name: 'Mette Boss' });
    rep = await t.createMember({ companyId: boss.companyId, name: 'Rasmus Rep' });
    lead2 = await t.createMember({ companyId: boss.companyId, name: 'Lise Lead' });
    team = (await ok<{ id: string }>(await t.request('/api/v1/teams', { method: 'POST', as: boss, json: { name: 'Felt' } }))).id;
    await ok(await t.request(`/api/v1/team/members/${rep.id}/team`, { method: 'PUT', as: boss, json: { teamId: team } }));
    await ok(await t.request(`/api/v1/teams/${team}/leads`, { method: 'PUT', as: boss, json: { userIds: [lead2.id] } }));
  });

  const kpisOf = async (as: Member) => (await ok<KpiList>(await t.request('/api/v1/kpis', { as }))).kpis.filter((k) => !k.builtIn);
  const kpiIdsOf = (made: Board) => made.widgets.map((w) => ('kpiId' in w ? w.kpiId : w.kind));

  it('without the template’s types, its widgets read the built-in KPIs (and a lead’s too)', async () => {
    const made = await ok<Board>(await create(lead2, { name: 'Felt', sharing: 'team', teamId: team, template: 'field_sales' }));
    expect(kpiIdsOf(made)).toEqual(['meetings_held', 'sales', 'sales_value', 'sales_value', 'meetings_held', 'feed']);
    const sdr = await ok<Board>(await create(boss, { name: 'SDR', sharing: 'private', template: 'sdr' }));
    expect(kpiIdsOf(sdr)).toEqual(['calls', 'answered_calls', 'meetings_booked', 'meetings_booked', 'conversion', 'calls', 'feed']);
    expect(await kpisOf(boss)).toEqual([]);
    // A template starts a board; an existing one changes its widgets.
    expect(
      (await t.request(`/api/v1/boards/${sdr.id}`, { method: 'PUT', as: boss, json: { name: 'SDR', sharing: 'private', template: 'sdr' } }))
        .status,
    ).toBe(400);
    expect((await create(boss, { ...board(), template: 'floor' })).status).toBe(400);
    // A change names every widget: one without them is refused, not a board emptied.
    const put = (json: Record<string, unknown>) => t.request(`/api/v1/boards/${sdr.id}`, { method: 'PUT', as: boss, json });
    expect((await put({ name: 'SDR', sharing: 'private' })).status).toBe(400);
    expect((await ok<Board>(await t.request(`/api/v1/boards/${sdr.id}`, { as: boss }))).widgets).toHaveLength(7);
  });

  it('with the field-sales types, an admin’s board counts door knocks, and contracts with the sales, in their value', async () => {
    const types = await ok<TypeList>(
      await t.request('/api/v1/activity-types/templates', { method: 'POST', as: boss, json: { template: 'field_sales' } }),
    );
    const contract = types.types.find((type) => type.names.en === 'Signed contract')!;
    const knock = types.types.find((type) => type.names.en === 'Door knock')!;
    // A renamed template type is still the template's.
    const renamed = { ...contract, names: { en: 'Kontrakt', da: 'Kontrakt' } };
    const { id: _id, key: _key, ...definition } = renamed as Record<string, unknown>;
    await ok(await t.request(`/api/v1/activity-types/${contract.id}`, { method: 'PUT', as: boss, json: pickDefinition(definition) }));

    const made = await ok<Board>(await create(boss, { name: 'Feltsalg', sharing: 'company', template: 'field_sales' }));
    const kpis = await kpisOf(boss);
    expect(kpis.map((k) => k.names.en)).toEqual(['Door knocks', 'Contracts signed', 'Value signed']);
    const byName = (name: string) => kpis.find((k) => k.names.en === name)!.id;
    expect(kpiIdsOf(made)).toEqual([
      byName('Door knocks'),
      byName('Contracts signed'),
      byName('Value signed'),
      byName('Value signed'),
      byName('Door knocks'),
      'feed',
    ]);

    // A contract of 48 000 kr and a sale of 12 500 kr are the month's value signed; two knocks are counted.
    await ok(
      await t.request('/api/v1/activities', {
        method: 'POST',
        as: rep,
        json: { kind: 'custom', typeId: contract.id, fields: { value: 4_800_000 } },
      }),
    );
    await ok(await t.request('/api/v1/activities', { method: 'POST', as: rep, json: { kind: 'sale', ticketSize: 1_250_000 } }));
    for (const outcome of ['talked', 'not_home'])
      await ok(await t.request('/api/v1/activities', { method: 'POST', as: rep, json: { kind: 'custom', typeId: knock.id, outcome } }));
    const values = await ok<KpiValues>(
      await t.request(`/api/v1/kpis/values?from=${today()}&to=${today()}&ids=${kpis.map((k) => k.id).join(',')}`, { as: rep }),
    );
    const totals = Object.fromEntries(values.kpis.map((k) => [kpis.find((kpi) => kpi.id === k.id)!.names.en, k.total]));
    expect(totals).toEqual({ 'Door knocks': 2, 'Contracts signed': 2, 'Value signed': 6_050_000 });
    // The feed shows what each was worth: the contract's amount as the sale's value, a knock none.
    const feed = await ok<{ activities: { type: string; amount: number | null }[] }>(
      await t.request('/api/v1/scoreboard/recent-activities?limit=10', { as: rep }),
    );
    expect(feed.activities.map((a) => [a.type, a.amount])).toEqual([
      ['custom', null],
      ['custom', null],
      ['sale', 1_250_000],
      ['custom', 4_800_000],
    ]);

    // A second board finds the same KPIs (an admin may have renamed them) instead of making more.
    await ok(
      await t.request(`/api/v1/kpis/${byName('Value signed')}`, {
        method: 'PUT',
        as: boss,
        json: { ...kpiDefinition(kpis, 'Value signed'), names: { en: 'Signed kroner' } },
      }),
    );
    const again = await ok<Board>(await create(lead2, { name: 'Felt 2', sharing: 'team', teamId: team, template: 'field_sales' }));
    expect(kpiIdsOf(again)).toEqual(kpiIdsOf(made));
    expect((await kpisOf(boss)).map((k) => k.names.en)).toEqual(['Door knocks', 'Contracts signed', 'Signed kroner']);
    // Adding the template again adds nothing: the renamed contract type is its.
    const list = await ok<TypeList>(
      await t.request('/api/v1/activity-types/templates', { method: 'POST', as: boss, json: { template: 'field_sales' } }),
    );
    expect(list.types.map((type) => type.names.en)).toEqual(['Door knock', 'Kontrakt']);
  });

  it('a lead’s board reads the built-in KPIs where no admin has made the template’s (a lead makes no KPI)', async () => {
    await ok(await t.request('/api/v1/activity-types/templates', { method: 'POST', as: boss, json: { template: 'account_management' } }));
    const made = await ok<Board>(await create(lead2, { name: 'Konti', sharing: 'team', teamId: team, template: 'account_management' }));
    expect(kpiIdsOf(made)).toEqual(['sales_value', 'meetings_held', 'sales_value', 'sales_value', 'sales_value', 'sales_value']);
    expect((await kpisOf(boss)).map((k) => k.names.en)).toEqual(['Door knocks', 'Contracts signed', 'Signed kroner']);
    // An admin's own "Check-ins" counts something else: its name is taken, so that widget reads the built-in figure.
    const own = { names: { en: 'Check-ins' }, formula: { kind: 'aggregate', aggregate: 'count', typeIds: ['meeting'] }, format: 'number' };
    await ok(await t.request('/api/v1/kpis', { method: 'POST', as: boss, json: own }));
    const byAdmin = await ok<Board>(await create(boss, { name: 'Konti', sharing: 'company', template: 'account_management' }));
    const kpis = await kpisOf(boss);
    expect(kpis.map((k) => k.names.en).slice(3)).toEqual(['Check-ins', 'Renewed value', 'Sales and upsell value']);
    const id = (name: string) => kpis.find((k) => k.names.en === name)!.id;
    expect(kpiIdsOf(byAdmin)).toEqual([
      id('Renewed value'),
      'meetings_held',
      id('Sales and upsell value'),
      id('Sales and upsell value'),
      id('Renewed value'),
      id('Sales and upsell value'),
    ]);
  });
});

/** A type as the editor sends it back (what the list answers, less what the server keeps itself). */
function pickDefinition(type: Record<string, unknown>) {
  const { names, icon, colour, points, outcomes, fields, bonus, celebrate } = type;
  const live = JSON.parse(JSON.stringify({ outcomes, fields }, (key, value: unknown) => (key === 'archived' ? undefined : value)));
  return { names, icon, colour, points, ...live, bonus, celebrate };
}

function kpiDefinition(kpis: { names: { en?: string }; formula: unknown }[], name: string) {
  const kpi = kpis.find((k) => k.names.en === name) as unknown as Record<string, unknown>;
  return { names: kpi.names, formula: kpi.formula, format: kpi.format, decimals: kpi.decimals, lowerIsBetter: kpi.lowerIsBetter };
}

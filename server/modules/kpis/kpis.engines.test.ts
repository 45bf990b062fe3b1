import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Activity, ActivityType, ApiError, ImportPreview, Kpi, KpiFormula, KpiList, KpiSeries, KpiValues } from '@core/contracts';
import { pickFormulasFor } from '@core/kpi-formulas';
import { addDays, computeLocalDate, endOfMonth, type LocalDate, startOfMonth } from '@core/period';
import { toCompanyId, withTenant } from '../../db/tenant';
import { createTestApp, type TestApp } from '../../test/test-app';
import { findMisnamedActivities } from '../activities/activities.test-support';

/*
 * Formula KPIs (decision 101), on both engines: who may define them, the refusals a manager reads,
 * and the property the issue asks for: for random types, fields, filters and formulas, every KPI's
 * value (each member's and the total) equals the same figure computed by brute force over the
 * activities themselves, through logs, edits, moves between days and members, and deletes.
 */

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
const TZ = 'Europe/Oslo';
const today = () => computeLocalDate(new Date(), TZ);

const errorOf = async (response: Response) => ((await response.json()) as ApiError).error;
async function ok<T>(response: Response): Promise<T> {
  if (response.status >= 300) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/**
 * Where the month rollup (migration 0071) differs from its company's days' rollup summed by month: a
 * row with what each says, or nothing when they agree.
 */
async function findMonthRollupDrift(companyId: string): Promise<unknown[]> {
  return withTenant(t.db, { companyId: toCompanyId(companyId), userId: null }, async (tx) => {
    const result = await tx.execute(sql`
      WITH by_days AS (
        SELECT date_trunc('month', day)::date AS month, user_id, type_id, outcome_id, sum(activities)::int AS activities,
               sum(points)::int AS points, jsonb_sum_numbers(sums) AS sums, jsonb_sum_numbers(counts) AS counts,
               jsonb_min_numbers_agg(mins) AS mins, jsonb_max_numbers_agg(maxes) AS maxes
          FROM activity_type_day_stats WHERE company_id = ${companyId} GROUP BY 1, 2, 3, 4),
      kept AS (
        SELECT month, user_id, type_id, outcome_id, activities, points, sums, counts, mins, maxes
          FROM activity_type_month_stats WHERE company_id = ${companyId})
      SELECT 'days' AS side, * FROM (SELECT * FROM by_days EXCEPT SELECT * FROM kept) d
      UNION ALL SELECT 'month', * FROM (SELECT * FROM kept EXCEPT SELECT * FROM by_days) k`);
    return (result as unknown as { rows: unknown[] }).rows;
  });
}

async function createType(admin: Member, json: Record<string, unknown>): Promise<ActivityType> {
  return ok<ActivityType>(await t.request('/api/v1/activity-types', { method: 'POST', as: admin, json }));
}

const kpiInput = (name: string, formula: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  names: { en: name },
  formula,
  format: 'number',
  ...extra,
});

describe('defining KPIs', () => {
  let admin: Member;
  let rep: Member;
  let visit: ActivityType;

  beforeAll(async () => {
    admin = await t.createMember({ role: 'admin', name: 'Astrid Admin' });
    rep = await t.createMember({ companyId: admin.companyId, name: 'Ola Rep' });
    visit = await createType(admin, {
      names: { en: 'Site visit' },
      icon: 'car',
      colour: 'amber',
      points: 3,
      outcomes: [
        { names: { en: 'Offer sent' }, points: 5 },
        { names: { en: 'No fit' }, points: 0 },
      ],
      fields: [
        { names: { en: 'Size m2' }, kind: 'number' },
        { names: { en: 'Notes' }, kind: 'text' },
        { names: { en: 'Decision maker met' }, kind: 'yes_no' },
      ],
      bonus: null,
    });
  });

  it('lists the built-in KPIs to every member, and lets only an admin add one', async () => {
    const list = await ok<KpiList>(await t.request('/api/v1/kpis', { as: rep }));
    expect(list.kpis.map((kpi) => kpi.id)).toEqual([
      'calls',
      'answered_calls',
      'meetings_booked',
      'meetings_held',
      'sales',
      'sales_value',
      'points',
      'conversion',
    ]);
    expect(list.kpis.find((kpi) => kpi.id === 'conversion')).toMatchObject({ builtIn: true, format: 'percent' });

    const input = kpiInput('Visits', { kind: 'aggregate', aggregate: 'count', typeIds: [visit.id] });
    const refused = await t.request('/api/v1/kpis', { method: 'POST', as: rep, json: input });
    expect(refused.status).toBe(403);
    const created = await ok<Kpi>(await t.request('/api/v1/kpis', { method: 'POST', as: admin, json: input }));
    expect(created).toMatchObject({ builtIn: false, names: { en: 'Visits' }, decimals: 0, lowerIsBetter: false });
    expect((await ok<KpiList>(await t.request('/api/v1/kpis', { as: rep }))).kpis.at(-1)!.id).toBe(created.id);

    const twin = await t.request('/api/v1/kpis', { method: 'POST', as: admin, json: input });
    expect(twin.status).toBe(409);
    expect((await errorOf(twin)).code).toBe('kpi_exists');
  });

  it('refuses definitions that make no sense, in words a manager understands, field by field', async () => {
    const refusal = async (formula: Record<string, unknown>) => {
      const response = await t.request('/api/v1/kpis', {
        method: 'POST',
        as: admin,
        json: kpiInput(`Bad ${crypto.randomUUID()}`, formula),
        headers: { 'accept-language': 'en' },
      });
      expect(response.status).toBe(400);
      return (await errorOf(response)).details;
    };
    expect(await refusal({ kind: 'ratio', left: 'calls', right: 'calls' })).toEqual({
      'formula.right': 'A ratio of a KPI to itself is always 1, and a difference always 0: choose two different KPIs',
    });
    expect(await refusal({ kind: 'aggregate', aggregate: 'sum', of: 'points', typeIds: ['call'], outcomeIds: ['meeting_booked'] })).toEqual(
      {
        'formula.outcomeIds': "A call's points are kept for all its outcomes together: choose no outcome to sum a call's points",
      },
    );
    expect(await refusal({ kind: 'aggregate', aggregate: 'max', of: 'value', typeIds: ['sale', 'call'] })).toEqual({
      'formula.of':
        "The smallest and largest are kept for a sale's value and the number and amount fields of your own types: choose one of those",
    });
    const notes = visit.fields.find((field) => field.names.en === 'Notes')!.id;
    expect(await refusal({ kind: 'aggregate', aggregate: 'average', of: notes, typeIds: [visit.id] })).toEqual({
      'formula.of': 'Every chosen type must have this field, as a number or an amount',
    });
    expect(await refusal({ kind: 'aggregate', aggregate: 'count', typeIds: [visit.id], where: { fieldId: notes, values: ['x'] } })).toEqual(
      {
        'formula.where': 'Every chosen type must have this field, as a choice or yes/no',
      },
    );
    expect(await refusal({ kind: 'aggregate', aggregate: 'count', typeIds: ['meeting'], outcomeIds: ['meeting_booked'] })).toEqual({
      'formula.outcomeIds': 'Choose outcomes of the chosen types',
    });
    expect(await refusal({ kind: 'difference', left: 'calls', right: crypto.randomUUID() })).toEqual({
      'formula.right': 'That KPI no longer exists',
    });
    // In the reader's language.
    const norwegian = await t.request('/api/v1/kpis', {
      method: 'POST',
      as: admin,
      json: kpiInput('Dårlig', { kind: 'ratio', left: 'sales', right: 'sales' }),
      headers: { 'accept-language': 'nb' },
    });
    expect((await errorOf(norwegian)).details!['formula.right']).not.toMatch(/ratio of a KPI/);
  });

  it('refuses a circle of KPIs, and a KPI another is made of cannot be deleted', async () => {
    const visits = await ok<Kpi>(
      await t.request('/api/v1/kpis', {
        method: 'POST',
        as: admin,
        json: kpiInput('Visits with offer', {
          kind: 'aggregate',
          aggregate: 'count',
          typeIds: [visit.id],
          outcomeIds: [visit.outcomes[0]!.id],
        }),
      }),
    );
    const perCall = await ok<Kpi>(
      await t.request('/api/v1/kpis', {
        method: 'POST',
        as: admin,
        json: kpiInput('Offers per call', { kind: 'ratio', left: visits.id, right: 'calls' }, { format: 'percent' }),
      }),
    );
    const circle = await t.request(`/api/v1/kpis/${visits.id}`, {
      method: 'PUT',
      as: admin,
      json: kpiInput('Visits with offer', { kind: 'difference', left: perCall.id, right: 'calls' }),
    });
    expect(circle.status).toBe(400);
    expect((await errorOf(circle)).details).toEqual({ 'formula.left': 'This would make a circle: the chosen KPI is made from this one' });

    const inUse = await t.request(`/api/v1/kpis/${visits.id}`, { method: 'DELETE', as: admin });
    expect(inUse.status).toBe(409);
    expect((await errorOf(inUse)).code).toBe('kpi_in_use');
    expect((await t.request(`/api/v1/kpis/${perCall.id}`, { method: 'DELETE', as: rep })).status).toBe(403);
    await ok(await t.request(`/api/v1/kpis/${perCall.id}`, { method: 'DELETE', as: admin }));
    await ok(await t.request(`/api/v1/kpis/${visits.id}`, { method: 'DELETE', as: admin }));
  });

  it('keeps the largest and smallest sale of a period exact through edits, moves and deletions (decision 109)', async () => {
    const boss = await t.createMember({ role: 'admin', name: 'Sale Boss' });
    const seller = await t.createMember({ companyId: boss.companyId, name: 'Siri Seller' });
    const post = async (json: Record<string, unknown>) =>
      ok<{ id: string }>(await t.request('/api/v1/kpis', { method: 'POST', as: boss, json }));
    const largest = await post(
      kpiInput('Largest sale', { kind: 'aggregate', aggregate: 'max', of: 'value', typeIds: ['sale'] }, { format: 'money' }),
    );
    const smallest = await post(
      kpiInput('Smallest sale', { kind: 'aggregate', aggregate: 'min', of: 'value', typeIds: ['sale'] }, { format: 'money' }),
    );
    const sell = async (as: Member, ticketSize: number) =>
      ok<{ id: string }>(await t.request('/api/v1/activities', { method: 'POST', as, json: { kind: 'sale', ticketSize } }));
    const figures = async () => {
      const values = await ok<KpiValues>(
        await t.request(`/api/v1/kpis/values?from=${today()}&to=${today()}&ids=${largest.id},${smallest.id}`, { as: boss }),
      );
      const of = (id: string) => Object.fromEntries(values.kpis.find((k) => k.id === id)!.members.map((m) => [m.userId, m.value]));
      return { largest: of(largest.id)[seller.id], smallest: of(smallest.id)[seller.id], total: values.kpis[0]!.total };
    };
    expect(await figures()).toEqual({ largest: null, smallest: null, total: null });
    await sell(seller, 120_000);
    const big = await sell(seller, 900_000);
    const small = await sell(seller, 30_000);
    await sell(boss, 1_500_000);
    expect(await figures()).toEqual({ largest: 900_000, smallest: 30_000, total: 1_500_000 });
    // The largest deleted: the next largest is the day's; the smallest edited up: the next smallest.
    expect((await t.request(`/api/v1/activities/${big.id}`, { method: 'DELETE', as: seller })).status).toBe(200);
    expect((await t.request(`/api/v1/activities/${small.id}`, { method: 'PATCH', as: seller, json: { ticketSize: 400_000 } })).status).toBe(
      200,
    );
    expect(await figures()).toEqual({ largest: 400_000, smallest: 120_000, total: 1_500_000 });
    // The boss's sale moved to the seller: now the seller's largest.
    const bossSales = await ok<{ activities: { id: string }[] }>(await t.request('/api/v1/activities/mine', { as: boss }));
    const moved = await t.request(`/api/v1/activities/${bossSales.activities[0]!.id}`, {
      method: 'PATCH',
      as: boss,
      json: { userId: seller.id },
    });
    expect(moved.status).toBe(200);
    expect(await figures()).toEqual({ largest: 1_500_000, smallest: 120_000, total: 1_500_000 });
  });

  it('answers a ratio over zero with no value, and a team total as a ratio of the sums', async () => {
    const other = await t.createMember({ role: 'admin', name: 'Fresh Admin' });
    const colleague = await t.createMember({ companyId: other.companyId, name: 'Kari Colleague' });
    const values = async () =>
      ok<KpiValues>(await t.request(`/api/v1/kpis/values?from=${today()}&to=${today()}&ids=conversion,calls`, { as: colleague }));
    const none = await values();
    expect(none.kpis[0]).toEqual({
      id: 'conversion',
      total: null,
      members: [
        { userId: [other.id, colleague.id].sort()[0], value: null },
        { userId: [other.id, colleague.id].sort()[1], value: null },
      ],
    });
    const log = (as: Member, json: Record<string, unknown>) => t.request('/api/v1/activities', { method: 'POST', as, json });
    await ok(await log(other, { kind: 'call', answered: true, outcome: 'meeting_booked' }));
    await ok(await log(colleague, { kind: 'call', answered: true, outcome: 'no_progress' }));
    await ok(await log(colleague, { kind: 'call', answered: true, outcome: 'no_progress' }));
    await ok(await log(colleague, { kind: 'call', answered: false }));
    const after = await values();
    const conversion = Object.fromEntries(after.kpis[0]!.members.map((m) => [m.userId, m.value]));
    expect(conversion).toEqual({ [other.id]: 1, [colleague.id]: 0 });
    // One booked meeting of four calls: a quarter, not the average of 100 % and 0 %; the boards' conversion.
    expect(after.kpis[0]!.total).toBeCloseTo(1 / 4, 10);
    // The same number the dashboard and the weekly report call conversion.
    const stats = await ok<{ totals: { conversion: number } }>(
      await t.request(`/api/v1/scoreboard/team-stats?period=custom&from=${today()}&to=${today()}`, { as: colleague }),
    );
    expect(Math.round(after.kpis[0]!.total! * 100)).toBe(stats.totals.conversion);
    expect(stats.totals.conversion).toBe(25);
    expect(after.kpis[1]!.total).toBe(4);

    // Left off the boards (decision 081): not ranked, still counted in the total; the others named.
    await ok(await t.request(`/api/v1/team/members/${other.id}/boards`, { method: 'PATCH', as: other, json: { onBoards: false } }));
    const offBoards = await values();
    expect(offBoards.members).toEqual([{ userId: colleague.id, displayName: 'Kari Colleague', avatarUrl: null }]);
    expect(offBoards.kpis[0]!.members).toEqual([{ userId: colleague.id, value: 0 }]);
    expect(offBoards.kpis[0]!.total).toBeCloseTo(1 / 4, 10);

    const bad = await t.request(`/api/v1/kpis/values?from=${today()}&to=${addDays(today() as LocalDate, -1)}`, { as: colleague });
    expect(bad.status).toBe(400);
    // Another company's KPI is no KPI here.
    const foreign = await t.request(`/api/v1/kpis/values?from=${today()}&to=${today()}&ids=${crypto.randomUUID()}`, { as: colleague });
    expect(foreign.status).toBe(400);
  });
});

// ---- the property -----------------------------------------------------------------------------------

/** A type the property makes: outcomes, and fields of the kinds a KPI reads. */
const typeArb = fc.record({
  outcomes: fc.integer({ min: 0, max: 3 }),
  number: fc.boolean(),
  money: fc.boolean(),
  choice: fc.boolean(),
  yesNo: fc.boolean(),
  required: fc.boolean(),
  points: fc.integer({ min: 0, max: 5 }),
});

/** One step of a member's week: a log of any type, or a change to an earlier one. */
const stepArb = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      op: fc.constant('own' as const),
      type: fc.nat(),
      outcome: fc.nat(),
      seed: fc.nat(),
      who: fc.nat(),
      day: fc.nat(3),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ op: fc.constant('call' as const), answered: fc.boolean(), outcome: fc.nat(2), who: fc.nat(), day: fc.nat(3) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('sale' as const),
      value: fc.integer({ min: 100, max: 1_000_000 }),
      who: fc.nat(),
      day: fc.nat(3),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('meeting' as const), who: fc.nat(), day: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('move_day' as const), pick: fc.nat(), day: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('move_member' as const), pick: fc.nat(), who: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }) },
  {
    // A spreadsheet of a few own-type rows (decision 100), kept or undone again.
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('import' as const),
      rows: fc.array(fc.record({ type: fc.nat(), outcome: fc.nat(), seed: fc.nat(), who: fc.nat(), day: fc.nat(3) }), {
        minLength: 1,
        maxLength: 3,
      }),
      undo: fc.boolean(),
    }),
  },
);

/** An own type's field values from a seed: an optional field left empty now and then. */
function rollFieldValues(type: ActivityType, seed: number): Record<string, number | string | boolean> {
  const values: Record<string, number | string | boolean> = {};
  type.fields.forEach((field, i) => {
    const roll = (seed >> (i * 3)) % 8;
    if (!field.required && roll < 3) return; // an optional field left empty: an average is over those that have it
    if (field.kind === 'number') values[field.id] = (roll * 7) % 23;
    if (field.kind === 'money') values[field.id] = roll * 12_500;
    if (field.kind === 'choice') values[field.id] = field.options[roll % field.options.length]!.id;
    if (field.kind === 'yes_no') values[field.id] = roll % 2 === 0;
  });
  return values;
}

/** Those values as a spreadsheet's cells: money in whole kroner, a choice by its option's name, yes or no in Norwegian. */
function cellOf(field: ActivityType['fields'][number], value: number | string | boolean | undefined): string {
  if (value === undefined) return '';
  if (field.kind === 'money') return String((value as number) / 100).replace('.', ',');
  if (field.kind === 'choice') return field.options.find((option) => option.id === value)!.names.en!;
  if (field.kind === 'yes_no') return value ? 'ja' : 'nei';
  return String(value);
}

/** A KPI the property asks for, as choices resolved against the run's types and earlier KPIs. */
const kpiArb = fc.record({
  combine: fc.constantFrom('aggregate', 'aggregate', 'aggregate', 'ratio', 'difference'),
  aggregate: fc.constantFrom('count', 'sum', 'average', 'min', 'max'),
  /** One type (an own one, or the sale), or any subset of them all. */
  single: fc.boolean(),
  pick: fc.nat(),
  types: fc.subarray([0, 1, 2, 3, 4, 5, 6]),
  of: fc.nat(),
  outcomes: fc.nat(),
  where: fc.boolean(),
  left: fc.nat(),
  right: fc.nat(),
});

const BUILT_IN_TYPE_REFS = ['call', 'meeting', 'sale'];

/** What one stored activity is to a KPI, read straight from its row. */
interface RawActivity {
  userId: string;
  localDate: string;
  type: string;
  outcomeId: string;
  points: number;
  values: Record<string, number | string | boolean>;
}

function rawOf(row: Record<string, unknown>): RawActivity {
  const base = { userId: String(row.user_id), localDate: String(row.local_date), points: Number(row.points_earned) };
  switch (row.type) {
    case 'call_unanswered':
      return { ...base, type: 'call', outcomeId: 'not_answered', values: {} };
    case 'call_answered':
      return {
        ...base,
        type: 'call',
        outcomeId: row.meeting_booked ? 'meeting_booked' : row.moved_forward ? 'moved_forward' : 'no_progress',
        values: {},
      };
    case 'sale':
      return { ...base, type: 'sale', outcomeId: '', values: row.ticket_size == null ? {} : { value: Number(row.ticket_size) } };
    case 'custom':
      return {
        ...base,
        type: String(row.type_id),
        outcomeId: String(row.outcome_id ?? ''),
        values: (row.field_values ?? {}) as RawActivity['values'],
      };
    default:
      return { ...base, type: String(row.type), outcomeId: '', values: {} };
  }
}

/** A KPI's value over some activities, by brute force: the formula read literally, no rollup. */
function bruteForce(id: string, formulas: Map<string, KpiFormula>, activities: readonly RawActivity[]): number | null {
  const formula = formulas.get(id)!;
  if (formula.kind !== 'aggregate') {
    const left = bruteForce(formula.left, formulas, activities);
    const right = bruteForce(formula.right, formulas, activities);
    if (left === null || right === null) return null;
    return formula.kind === 'difference' ? left - right : right === 0 ? null : left / right;
  }
  const chosen = activities.filter(
    (a) =>
      (formula.typeIds.length === 0 || formula.typeIds.includes(a.type)) &&
      (formula.outcomeIds.length === 0 || formula.outcomeIds.includes(a.outcomeId)),
  );
  if (formula.aggregate === 'count') {
    const where = formula.where;
    if (!where) return chosen.length;
    return chosen.filter((a) => {
      const value = a.values[where.fieldId];
      const asFilter = value === true ? 'yes' : value === false ? 'no' : value;
      return typeof asFilter === 'string' && where.values.includes(asFilter);
    }).length;
  }
  const numbers = chosen.flatMap((a) => {
    if (formula.of === 'points') return [a.points];
    const value = a.values[formula.of!];
    return typeof value === 'number' ? [value] : [];
  });
  if (formula.aggregate === 'min' || formula.aggregate === 'max')
    return numbers.length === 0 ? null : formula.aggregate === 'min' ? Math.min(...numbers) : Math.max(...numbers);
  const sum = numbers.reduce((s, n) => s + n, 0);
  if (formula.aggregate === 'sum') return sum;
  return numbers.length === 0 ? null : sum / numbers.length;
}

describe('every KPI equals its brute-force figure over the activities', () => {
  it('for random types, fields, filters and formulas, through logs, edits, moves, deletes and imports', { timeout: 240_000 }, async () => {
    let run = 0;
    /** How many KPIs of the company's own were compared (a property that compared none would prove nothing). */
    let compared = 0;
    /** How many imports were written (and undone): the property goes through them too. */
    let imported = 0;
    let undone = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(typeArb, { minLength: 1, maxLength: 3 }),
        fc.array(stepArb, { minLength: 6, maxLength: 18 }),
        fc.array(kpiArb, { minLength: 4, maxLength: 8 }),
        async (typeSpecs, steps, kpiSpecs) => {
          run++;
          const admin = await t.createMember({ role: 'admin', name: `Admin ${run}` });
          const rep = await t.createMember({ companyId: admin.companyId, name: `Rep ${run}` });
          const members = [admin, rep];
          // Today, and last month's 28th, 2nd and 1st: the periods below then read whole months, a
          // month less its last days and less its first day (migration 0071), each with activity in it.
          const lastMonth = startOfMonth(addDays(startOfMonth(today()), -1));
          const days = [today(), addDays(lastMonth, 27), addDays(lastMonth, 1), lastMonth];
          // The daily call bonus at 2 calls (decision 108), so random runs earn it and move it often:
          // a call's points then include it, and the points of calls (decision 110) must follow.
          const { rules } = await ok<{ rules: { id: string; kpiKey: string }[] }>(await t.request('/api/v1/kpi-rules', { as: admin }));
          const bonusRule = rules.find((rule) => rule.kpiKey === 'daily_call_bonus_20')!;
          await ok(await t.request(`/api/v1/kpi-rules/${bonusRule.id}`, { method: 'PATCH', as: admin, json: { threshold: 2 } }));

          const types: ActivityType[] = [];
          for (const [i, spec] of typeSpecs.entries()) {
            // The same ids in every type (as an admin's API client or a template may give them): a
            // KPI can then sum one field over several types.
            const fields = [
              ...(spec.number ? [{ id: 'count', names: { en: 'Count' }, kind: 'number', required: spec.required }] : []),
              ...(spec.money ? [{ id: 'value', names: { en: 'Value' }, kind: 'money' }] : []),
              ...(spec.choice
                ? [
                    {
                      id: 'size',
                      names: { en: 'Size' },
                      kind: 'choice',
                      required: spec.required,
                      options: [
                        { id: 's', names: { en: 'S' } },
                        { id: 'm', names: { en: 'M' } },
                        { id: 'l', names: { en: 'L' } },
                      ],
                    },
                  ]
                : []),
              ...(spec.yesNo ? [{ id: 'met', names: { en: 'Met' }, kind: 'yes_no' }] : []),
            ];
            types.push(
              await createType(admin, {
                names: { en: `Type ${i}` },
                icon: 'star',
                colour: 'blue',
                points: spec.points,
                outcomes: Array.from({ length: spec.outcomes }, (_, n) => ({ names: { en: `Outcome ${n}` }, points: n })),
                fields,
                bonus: null,
              }),
            );
          }

          const logged: string[] = [];
          for (const step of steps) {
            const who = 'who' in step ? members[step.who % 2]! : admin;
            const day = 'day' in step ? days[step.day]! : today();
            const logFor = async (json: Record<string, unknown>) => {
              const activity = await ok<Activity>(
                await t.request('/api/v1/activities', { method: 'POST', as: admin, json: { ...json, userId: who.id, localDate: day } }),
              );
              logged.push(activity.id);
            };
            if (step.op === 'own') {
              const type = types[step.type % types.length]!;
              const outcome = type.outcomes.length > 0 ? type.outcomes[step.outcome % type.outcomes.length]!.id : undefined;
              await logFor({ kind: 'custom', typeId: type.id, outcome, fields: rollFieldValues(type, step.seed) });
            } else if (step.op === 'import') {
              // The fields by their names as headers (the same names in every type): the import maps them itself.
              const headers = ['Count', 'Value', 'Size', 'Met'];
              const lines = step.rows.map((row) => {
                const type = types[row.type % types.length]!;
                const values = rollFieldValues(type, row.seed);
                const outcome = type.outcomes.length > 0 ? type.outcomes[row.outcome % type.outcomes.length]!.names.en! : '';
                const fieldCells = headers.map((header) => {
                  const field = type.fields.find((f) => f.names.en === header);
                  return field ? cellOf(field, values[field.id]) : '';
                });
                return [days[row.day]!, members[row.who % 2]!.email, type.names.en, outcome, ...fieldCells].join(';');
              });
              const form = new FormData();
              form.set('kind', 'activities');
              form.set('file', new File([['Date;E-mail;Type;Outcome;' + headers.join(';'), ...lines].join('\n')], 'own.csv'));
              const preview = await ok<ImportPreview>(await t.request('/api/v1/imports', { method: 'POST', as: admin, body: form }));
              expect(preview.failures).toEqual([]);
              await ok(
                await t.request(`/api/v1/imports/${preview.id}/commit`, {
                  method: 'POST',
                  as: admin,
                  json: { mapping: preview.mapping, fields: preview.fields },
                }),
              );
              imported += 1;
              if (step.undo) {
                await ok(await t.request(`/api/v1/imports/${preview.id}/undo`, { method: 'POST', as: admin }));
                undone += 1;
              }
            } else if (step.op === 'call') {
              await logFor({
                kind: 'call',
                answered: step.answered,
                outcome: step.answered ? ['no_progress', 'moved_forward', 'meeting_booked'][step.outcome] : undefined,
              });
            } else if (step.op === 'sale') {
              await logFor({ kind: 'sale', ticketSize: step.value });
            } else if (step.op === 'meeting') {
              await logFor({ kind: 'meeting' });
            } else if (logged.length > 0) {
              const id = logged[step.pick % logged.length]!;
              if (step.op === 'delete') {
                await ok(await t.request(`/api/v1/activities/${id}`, { method: 'DELETE', as: admin }));
                logged.splice(logged.indexOf(id), 1);
              } else {
                const change = step.op === 'move_day' ? { localDate: days[step.day] } : { userId: members[step.who % 2]!.id };
                await ok(await t.request(`/api/v1/activities/${id}`, { method: 'PATCH', as: admin, json: change }));
              }
            }
          }

          // The KPIs: each resolved against the run's types and the KPIs made before it.
          const typeRefs = [...BUILT_IN_TYPE_REFS, ...types.map((type) => type.id)];
          const shapeOf = (ref: string) => types.find((type) => type.id === ref);
          const kpiIds: string[] = ['calls', 'conversion', 'points', 'sales_value'];
          for (const [i, spec] of kpiSpecs.entries()) {
            let formula: Record<string, unknown>;
            if (spec.combine !== 'aggregate') {
              formula = { kind: spec.combine, left: kpiIds[spec.left % kpiIds.length], right: kpiIds[spec.right % kpiIds.length] };
            } else {
              const typeIds = spec.single
                ? [[...types.map((type) => type.id), 'sale'][spec.pick % (types.length + 1)]!]
                : spec.types.filter((n) => n < typeRefs.length).map((n) => typeRefs[n]!);
              const own = typeIds.map(shapeOf).filter((type) => type !== undefined);
              const allOwn = own.length === typeIds.length && typeIds.length > 0;
              // What every chosen type has: outcomes to filter by, number fields to sum, choices to count.
              const outcomes = typeIds.flatMap((ref) =>
                ref === 'call' ? ['not_answered', 'meeting_booked'] : (shapeOf(ref)?.outcomes ?? []).map((o) => o.id),
              );
              const numberFields = allOwn
                ? own[0]!.fields.filter(
                    (f) => (f.kind === 'number' || f.kind === 'money') && own.every((type) => type.fields.some((g) => g.id === f.id)),
                  )
                : [];
              // Points of any type, the built-in kinds' too (decision 110).
              const ofs = ['points', ...numberFields.map((f) => f.id), ...(typeIds.length === 1 && typeIds[0] === 'sale' ? ['value'] : [])];
              const filterable = allOwn
                ? own[0]!.fields.filter(
                    (f) => (f.kind === 'choice' || f.kind === 'yes_no') && own.every((type) => type.fields.some((g) => g.id === f.id)),
                  )
                : [];
              // The smallest and largest read an own type's number or money field, or a sale's value (decision 109); not points.
              const extreme = spec.aggregate === 'min' || spec.aggregate === 'max';
              const fieldsFor = extreme
                ? [...numberFields.map((f) => f.id), ...(typeIds.length === 1 && typeIds[0] === 'sale' ? ['value'] : [])]
                : ofs;
              const aggregate = spec.aggregate !== 'count' && fieldsFor.length === 0 ? 'count' : spec.aggregate;
              const where =
                aggregate === 'count' && spec.where && filterable.length > 0
                  ? (() => {
                      const field = filterable[spec.of % filterable.length]!;
                      const values = field.kind === 'yes_no' ? ['yes'] : field.options.slice(0, 1 + (spec.of % 2)).map((o) => o.id);
                      return { fieldId: field.id, values };
                    })()
                  : null;
              const of = aggregate === 'count' ? null : fieldsFor[spec.of % fieldsFor.length];
              // A call's points are kept for all its outcomes together: no outcome filter on them.
              const callPoints = of === 'points' && typeIds.includes('call');
              formula = {
                kind: 'aggregate',
                aggregate,
                of,
                typeIds,
                outcomeIds:
                  outcomes.length > 0 && spec.outcomes % 3 === 0 && !callPoints ? [outcomes[spec.outcomes % outcomes.length]] : [],
                where,
              };
            }
            const response = await t.request('/api/v1/kpis', { method: 'POST', as: admin, json: kpiInput(`KPI ${i}`, formula) });
            if (response.status === 400 && spec.combine !== 'aggregate') continue; // a ratio of a KPI to itself: refused, as it should be
            kpiIds.push((await ok<Kpi>(response)).id);
            compared++;
          }
          // The points of a built-in kind (decision 110) in every run: a call's (its daily bonus among
          // them) summed and averaged, a sale's and a meeting's together.
          for (const formula of [
            { kind: 'aggregate', aggregate: 'sum', of: 'points', typeIds: ['call'] },
            { kind: 'aggregate', aggregate: 'average', of: 'points', typeIds: ['call'] },
            { kind: 'aggregate', aggregate: 'sum', of: 'points', typeIds: ['sale', 'meeting'] },
          ]) {
            const response = await t.request('/api/v1/kpis', {
              method: 'POST',
              as: admin,
              json: kpiInput(`Points ${formula.aggregate} ${formula.typeIds.join(' ')}`, formula),
            });
            kpiIds.push((await ok<Kpi>(response)).id);
            compared++;
          }
          // The largest and smallest sale (decision 109) in every run, whatever the draw.
          for (const aggregate of ['max', 'min'] as const) {
            const formula = { kind: 'aggregate', aggregate, of: 'value', typeIds: ['sale'] };
            const response = await t.request('/api/v1/kpis', { method: 'POST', as: admin, json: kpiInput(`Sale ${aggregate}`, formula) });
            kpiIds.push((await ok<Kpi>(response)).id);
            compared++;
          }

          const formulas = new Map(
            (await ok<KpiList>(await t.request('/api/v1/kpis', { as: rep }))).kpis.map((kpi) => [kpi.id, kpi.formula]),
          );
          const rows = await withTenant(t.db, { companyId: toCompanyId(admin.companyId), userId: null }, async (tx) => {
            const result = await tx.execute(sql`
              SELECT user_id, local_date::text AS local_date, type, type_id, outcome_id, field_values, meeting_booked, moved_forward,
                     ticket_size, points_earned
                FROM activities WHERE company_id = ${admin.companyId}`);
            return (result as unknown as { rows: Record<string, unknown>[] }).rows.map(rawOf);
          });

          // Every activity of a built-in kind names its kind's row and outcome, imported ones too (decision 114).
          expect(await findMisnamedActivities(t, admin.companyId)).toEqual([]);

          // The month rollup is its days' rollup by month, through every step above.
          expect(await findMonthRollupDrift(admin.companyId)).toEqual([]);

          const periods: [string, string][] = [
            [days[3]!, days[0]!],
            [days[1]!, days[1]!],
            [days[3]!, endOfMonth(days[3]!)],
            [days[3]!, addDays(days[1]!, -1)],
            [days[2]!, endOfMonth(days[2]!)],
            [startOfMonth(days[0]!), days[0]!],
          ];
          // Asked for all at once (a smallest or largest value among them: nothing is taken away from a
          // month), and those made of sums and counts alone (a month less the days outside the period).
          const additive = kpiIds.filter((id) =>
            [...pickFormulasFor(formulas, [id]).values()].every(
              (f) => f.kind !== 'aggregate' || (f.aggregate !== 'min' && f.aggregate !== 'max'),
            ),
          );
          expect(additive.length).toBeGreaterThan(0);
          for (const [[from, to], ids] of periods.flatMap((period) => [[period, kpiIds] as const, [period, additive] as const])) {
            const answer = await ok<KpiValues>(
              await t.request(`/api/v1/kpis/values?from=${from}&to=${to}&ids=${ids.join(',')}`, { as: rep }),
            );
            const inPeriod = rows.filter((a) => a.localDate >= from && a.localDate <= to);
            // The totals alone (a number, a gauge), summed without members: the same totals.
            const totalOnly = await ok<KpiValues>(
              await t.request(`/api/v1/kpis/values?from=${from}&to=${to}&ids=${ids.join(',')}&totalOnly=true`, { as: rep }),
            );
            for (const [i, kpi] of totalOnly.kpis.entries()) {
              const total = answer.kpis[i]!.total;
              if (total === null) expect(kpi.total, kpi.id).toBeNull();
              else expect(kpi.total, kpi.id).toBeCloseTo(total, 6);
            }
            for (const kpi of answer.kpis) {
              const expectClose = (actual: number | null, expected: number | null, who: string) => {
                const where = `${kpi.id} ${JSON.stringify(formulas.get(kpi.id))} ${who} ${from}..${to}`;
                if (expected === null) expect(actual, where).toBeNull();
                else expect(actual, where).toBeCloseTo(expected, 6);
              };
              expectClose(kpi.total, bruteForce(kpi.id, formulas, inPeriod), 'total');
              for (const member of kpi.members) {
                expectClose(
                  member.value,
                  bruteForce(
                    kpi.id,
                    formulas,
                    inPeriod.filter((a) => a.userId === member.userId),
                  ),
                  member.userId,
                );
              }
            }
          }
          // Day by day (a board's chart): everyone's facts together per day, each day its brute-force figure.
          const [from, to] = periods[0]!;
          for (const id of kpiIds) {
            const series = await ok<KpiSeries>(await t.request(`/api/v1/kpis/series?id=${id}&from=${from}&to=${to}`, { as: rep }));
            for (const { day, value } of series.days) {
              const expected = bruteForce(
                id,
                formulas,
                rows.filter((a) => a.localDate === day),
              );
              const where = `${id} ${JSON.stringify(formulas.get(id))} on ${day}`;
              if (expected === null) expect(value, where).toBeNull();
              else expect(value, where).toBeCloseTo(expected, 6);
            }
          }
        },
      ),
      { numRuns: 6, seed: 20261205 },
    );
    expect(compared).toBeGreaterThan(15);
    expect(imported).toBeGreaterThan(0);
    expect(undone).toBeGreaterThan(0);
  });
});

import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityTypeList, Activity, ActivityType, ApiError, Leaderboard } from '@core/contracts';
import { computeLocalDate } from '@core/period';
import { listMigrations } from '../../db/migrate';
import { toCompanyId, withTenant } from '../../db/tenant';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * Logging one of the company's own types (decision 100), on both engines: values checked against
 * the type, points from the type, its outcome, money per unit and the daily bonus, the type's
 * rollup kept exact by its triggers through logs, moves and deletes, the bonus following the day's
 * count, and the points on the boards.
 */

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
let admin: Member;
let rep: Member;
let outsider: Member;
let visit: ActivityType;
const TZ = 'Europe/Oslo';

const errorOf = async (response: Response) => ((await response.json()) as ApiError).error;
async function ok<T>(response: Response): Promise<T> {
  if (response.status >= 300) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
const log = (as: Member, json: Record<string, unknown>) =>
  t.request('/api/v1/activities', { method: 'POST', as, json: { kind: 'custom', typeId: visit.id, ...json } });

const fieldId = (name: string) => visit.fields.find((field) => field.names.en === name)!.id;
const outcomeId = (name: string) => visit.outcomes.find((outcome) => outcome.names.en === name)!.id;
const optionId = (field: string, name: string) =>
  visit.fields.find((f) => f.names.en === field)!.options.find((option) => option.names.en === name)!.id;

/** The type's rollup rows of a member's day, as the triggers keep them. */
async function typeStats(member: Member, day: string) {
  return withTenant(t.db, { companyId: toCompanyId(member.companyId), userId: null }, async (tx) => {
    const result = await tx.execute(sql`
      SELECT outcome_id, activities, points, bonus_taken, sums, counts, mins, maxes FROM activity_type_day_stats
       WHERE company_id = ${member.companyId} AND user_id = ${member.id} AND day = ${day} AND type_id = ${visit.id}
       ORDER BY outcome_id`);
    return (result as unknown as { rows: Record<string, unknown>[] }).rows;
  });
}

/** What the rows of a member's day of the type hold, computed from the activities themselves. */
async function bruteForce(member: Member, day: string) {
  return withTenant(t.db, { companyId: toCompanyId(member.companyId), userId: null }, async (tx) => {
    const result = await tx.execute(sql`
      SELECT coalesce(outcome_id, '') AS outcome_id, count(*)::int AS activities, sum(points_earned)::int AS points,
             count(*) FILTER (WHERE bonus_points > 0)::int AS bonus_taken,
             coalesce(sum((field_values ->> ${fieldId('Site size m2')})::numeric), 0) AS size,
             coalesce(sum((field_values ->> ${fieldId('Offer value')})::numeric), 0) AS value,
             min((field_values ->> ${fieldId('Site size m2')})::numeric) AS "minSize",
             max((field_values ->> ${fieldId('Site size m2')})::numeric) AS "maxSize",
             max((field_values ->> ${fieldId('Offer value')})::numeric) AS "maxValue"
        FROM activities
       WHERE company_id = ${member.companyId} AND user_id = ${member.id} AND local_date = ${day} AND type_id = ${visit.id}
       GROUP BY 1 ORDER BY 1`);
    return (result as unknown as { rows: Record<string, unknown>[] }).rows;
  });
}

const extreme = (json: unknown, field: string) => {
  const value = (json as Record<string, number>)[fieldId(field)];
  return value === undefined ? null : Number(value);
};

async function expectRollupExact(member: Member, day: string) {
  const stats = await typeStats(member, day);
  const brute = await bruteForce(member, day);
  expect(
    stats.map((row) => ({
      outcome_id: row.outcome_id,
      activities: row.activities,
      points: row.points,
      bonus_taken: row.bonus_taken,
      size: Number((row.sums as Record<string, number>)[fieldId('Site size m2')] ?? 0),
      value: Number((row.sums as Record<string, number>)[fieldId('Offer value')] ?? 0),
      // The day's extremes (minimum and maximum KPIs): null where no activity holds a value.
      minSize: extreme(row.mins, 'Site size m2'),
      maxSize: extreme(row.maxes, 'Site size m2'),
      maxValue: extreme(row.maxes, 'Offer value'),
    })),
  ).toEqual(
    brute.map((row) => ({
      ...row,
      size: Number(row.size),
      value: Number(row.value),
      minSize: row.minSize === null ? null : Number(row.minSize),
      maxSize: row.maxSize === null ? null : Number(row.maxSize),
      maxValue: row.maxValue === null ? null : Number(row.maxValue),
    })),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createMember({ role: 'admin', name: 'Astrid Admin' });
  rep = await t.createMember({ companyId: admin.companyId, name: 'Ola Rep' });
  outsider = await t.createMember({ role: 'admin', name: 'Other Admin' });
  visit = await ok<ActivityType>(
    await t.request('/api/v1/activity-types', {
      method: 'POST',
      as: admin,
      json: {
        names: { en: 'Site visit', nb: 'Befaring' },
        icon: 'car',
        colour: 'amber',
        points: 3,
        outcomes: [
          { names: { en: 'Offer sent' }, points: 5 },
          { names: { en: 'No fit' }, points: 0 },
        ],
        fields: [
          { names: { en: 'Site size m2' }, kind: 'number', required: true },
          { names: { en: 'Offer value' }, kind: 'money', pointsPerUnit: 0.01 },
          { names: { en: 'Size' }, kind: 'choice', options: [{ names: { en: 'Small' } }, { names: { en: 'Large' } }] },
          { names: { en: 'Decision maker met' }, kind: 'yes_no' },
          { names: { en: 'Next visit' }, kind: 'date' },
          { names: { en: 'Contact' }, kind: 'text' },
        ],
        bonus: { threshold: 3, points: 10 },
      },
    }),
  );
});
afterAll(() => t?.close());

describe('logging a company’s own type', () => {
  const today = () => computeLocalDate(new Date(), TZ);

  it('stores its outcome and values and scores it: the type, the outcome and money per whole unit', async () => {
    const response = await log(rep, {
      outcome: outcomeId('Offer sent'),
      fields: {
        [fieldId('Site size m2')]: 120,
        [fieldId('Offer value')]: 4_550_000, // 45 500.00 kr: 455 points at 0.01 a krone
        [fieldId('Size')]: optionId('Size', 'Large'),
        [fieldId('Decision maker met')]: true,
        [fieldId('Next visit')]: '2026-12-14',
        [fieldId('Contact')]: '  Kari at the front desk  ',
      },
      customerName: 'Fjord Fisk AS',
    });
    expect(response.status).toBe(201);
    const activity = await ok<Activity>(response);
    expect(activity).toMatchObject({ kind: 'custom', type: 'custom', typeId: visit.id, outcomeId: outcomeId('Offer sent') });
    expect(activity.pointsEarned).toBe(3 + 5 + 455);
    expect(activity.fieldValues).toEqual({
      [fieldId('Site size m2')]: 120,
      [fieldId('Offer value')]: 4_550_000,
      [fieldId('Size')]: optionId('Size', 'Large'),
      [fieldId('Decision maker met')]: true,
      [fieldId('Next visit')]: '2026-12-14',
      [fieldId('Contact')]: 'Kari at the front desk',
    });
    const [row] = await typeStats(rep, today());
    expect(row).toMatchObject({ outcome_id: outcomeId('Offer sent'), activities: 1, points: 463, bonus_taken: 0 });
    // Each choice and yes/no value counted; each number or money field counted as holding a value (an average's denominator).
    expect(row!.counts).toEqual({
      [`${fieldId('Size')}:${optionId('Size', 'Large')}`]: 1,
      [`${fieldId('Decision maker met')}:true`]: 1,
      [fieldId('Site size m2')]: 1,
      [fieldId('Offer value')]: 1,
    });
    // The type is in use now: archived, never deleted.
    expect((await t.request(`/api/v1/activity-types/${visit.id}`, { method: 'DELETE', as: admin })).status).toBe(409);
  });

  it('refuses values the type does not take, naming each field, and logs nothing', async () => {
    const before = await typeStats(rep, today());
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ fields: { [fieldId('Site size m2')]: 10 } }, { outcome: 'Choose one of the outcomes' }],
      [{ outcome: 'nope', fields: { [fieldId('Site size m2')]: 10 } }, { outcome: 'Choose one of the outcomes' }],
      [{ outcome: outcomeId('No fit') }, { [`fields.${fieldId('Site size m2')}`]: 'This field is required' }],
      [
        {
          outcome: outcomeId('No fit'),
          fields: { [fieldId('Site size m2')]: 'big', [fieldId('Size')]: 'huge', [fieldId('Next visit')]: '14.12.2026' },
        },
        {
          [`fields.${fieldId('Site size m2')}`]: 'Enter a number',
          [`fields.${fieldId('Size')}`]: 'Choose one of the options',
          [`fields.${fieldId('Next visit')}`]: 'Enter a date as YYYY-MM-DD',
        },
      ],
      [
        { outcome: outcomeId('No fit'), fields: { [fieldId('Site size m2')]: 1, [fieldId('Offer value')]: 12.5, mystery: 1 } },
        {
          [`fields.${fieldId('Offer value')}`]: 'Enter an amount in minor units (øre, cents), 0 or more',
          'fields.mystery': 'This type has no such field',
        },
      ],
    ];
    for (const [body, details] of cases) {
      const response = await log(rep, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(response)).details).toEqual(details);
    }
    expect(await typeStats(rep, today())).toEqual(before);
    // Another company's type is not found; an archived one is logged no more.
    const theirs = await log(outsider, { outcome: outcomeId('No fit'), fields: { [fieldId('Site size m2')]: 1 } });
    expect(theirs.status).toBe(404);
  });

  it('gives the daily bonus to the day’s third, moves it with the count, and keeps the rollup exact throughout', async () => {
    const day = today();
    const plain = { outcome: outcomeId('No fit'), fields: { [fieldId('Site size m2')]: 50 } };
    const second = await ok<Activity>(await log(rep, plain));
    expect(second.pointsEarned).toBe(3);
    const third = await ok<Activity>(await log(rep, plain));
    expect(third.pointsEarned).toBe(3 + 10);
    await expectRollupExact(rep, day);

    // The third goes: two are left, below the bonus's number, so none carries it.
    expect((await t.request(`/api/v1/activities/${third.id}`, { method: 'DELETE', as: rep })).status).toBe(200);
    await expectRollupExact(rep, day);
    expect((await typeStats(rep, day)).reduce((sum, row) => sum + Number(row.bonus_taken), 0)).toBe(0);

    // Three again, then a fourth; the first going leaves three: the bonus stays with the one that has it.
    const again = await ok<Activity>(await log(rep, plain));
    expect(again.pointsEarned).toBe(13);
    const fourth = await ok<Activity>(await log(rep, plain));
    expect(fourth.pointsEarned).toBe(3);
    expect((await t.request(`/api/v1/activities/${second.id}`, { method: 'DELETE', as: rep })).status).toBe(200);
    await expectRollupExact(rep, day);
    expect((await typeStats(rep, day)).reduce((sum, row) => sum + Number(row.bonus_taken), 0)).toBe(1);

    // A fifth, then the carrier goes while three remain: the day's latest of the type takes the bonus.
    const fifth = await ok<Activity>(await log(rep, plain));
    expect(fifth.pointsEarned).toBe(3);
    expect((await t.request(`/api/v1/activities/${again.id}`, { method: 'DELETE', as: rep })).status).toBe(200);
    await expectRollupExact(rep, day);
    const listed = await ok<{ activities: Activity[] }>(await t.request('/api/v1/activities/mine', { as: rep }));
    const ofType = listed.activities.filter((a) => a.typeId === visit.id).map((a) => [a.id, a.pointsEarned]);
    expect(ofType).toEqual([
      [fifth.id, 13],
      [fourth.id, 3],
      [expect.any(String), 463],
    ]);
  });

  it('counts its points on the boards, and moves to another day with its rollup', async () => {
    const board = await ok<Leaderboard>(await t.request('/api/v1/scoreboard/leaderboard?period=today', { as: admin }));
    const listed = await ok<{ activities: Activity[] }>(await t.request('/api/v1/activities/mine', { as: rep }));
    const total = listed.activities.reduce((sum, a) => sum + a.pointsEarned, 0);
    expect(board.rows.find((row) => row.userId === rep.id)?.points).toBe(total);

    const [latest] = listed.activities.filter((a) => a.typeId === visit.id);
    const yesterday = computeLocalDate(new Date(Date.now() - 86_400_000), TZ);
    const moved = await t.request(`/api/v1/activities/${latest!.id}`, {
      method: 'PATCH',
      as: rep,
      json: { localDate: yesterday, notes: 'Went Monday' },
    });
    expect(moved.status).toBe(200);
    expect(await ok<Activity>(moved)).toMatchObject({ localDate: yesterday, notes: 'Went Monday', typeId: visit.id });
    await expectRollupExact(rep, yesterday);
    await expectRollupExact(rep, today());
    // Its outcome and values are the type's to check: another outcome is logged anew.
    const refused = await t.request(`/api/v1/activities/${latest!.id}`, { method: 'PATCH', as: rep, json: { outcome: 'no_progress' } });
    expect(refused.status).toBe(400);
  });

  it('the boards’ feed names the type, its look and its outcome, in every language the company gave', async () => {
    const feed = await ok<{ activities: { type: string; ownType: unknown }[] }>(
      await t.request('/api/v1/scoreboard/recent-activities?limit=50', { as: admin }),
    );
    const offer = feed.activities.find(
      (activity) => (activity.ownType as { outcomeNames: { en?: string } | null } | null)?.outcomeNames?.en === 'Offer sent',
    );
    expect(offer).toMatchObject({
      type: 'custom',
      ownType: {
        names: { en: 'Site visit', nb: 'Befaring' },
        icon: 'car',
        colour: 'amber',
        outcomeNames: { en: 'Offer sent' },
        celebratesEvery: false,
      },
    });
  });

  it('the activities’ file names the type and its outcome and gives each field a typed column of its own', async () => {
    const csv = await t.request('/api/v1/exports/activities?period=today&format=csv', { as: admin });
    expect(csv.status).toBe(200);
    const [header, ...rows] = parse(Buffer.from(await csv.arrayBuffer()), { bom: true }) as string[][];
    expect(header!.slice(-6)).toEqual([
      'Site visit · Site size m2',
      'Site visit · Offer value (NOK)',
      'Site visit · Size',
      'Site visit · Decision maker met',
      'Site visit · Next visit',
      'Site visit · Contact',
    ]);
    const offer = rows.find((row) => row[3] === 'Offer sent')!;
    expect(offer.slice(2, 4)).toEqual(['Site visit', 'Offer sent']);
    expect(offer.slice(-6)).toEqual(['120', '45500.00', 'Large', 'Yes', '2026-12-14', 'Kari at the front desk']);

    const xlsx = await t.request('/api/v1/exports/activities?period=today&format=xlsx', { as: admin });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await xlsx.arrayBuffer()) as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const columns = sheet.getRow(1).values as unknown[];
    const at = (name: string) => columns.indexOf(name);
    const offerRow = sheet.getRows(2, sheet.rowCount - 1)!.find((row) => row.getCell(4).value === 'Offer sent')!;
    // Typed cells: a number, an amount in the currency, a date.
    expect(offerRow.getCell(at('Site visit · Site size m2')).value).toBe(120);
    expect(offerRow.getCell(at('Site visit · Offer value (NOK)')).value).toBe(45500);
    expect(offerRow.getCell(at('Site visit · Next visit')).value).toEqual(new Date('2026-12-14T00:00:00Z'));
  });

  it('answers a retry with the first log, and refuses an archived type', async () => {
    const clientKey = crypto.randomUUID();
    const body = { outcome: outcomeId('No fit'), fields: { [fieldId('Site size m2')]: 5 }, clientKey };
    const first = await ok<Activity>(await log(rep, body));
    const retry = await ok<Activity>(await log(rep, body));
    expect(retry.id).toBe(first.id);

    expect((await t.request(`/api/v1/activity-types/${visit.id}/archive`, { method: 'POST', as: admin })).status).toBe(200);
    const archived = await log(rep, { outcome: outcomeId('No fit'), fields: { [fieldId('Site size m2')]: 5 } });
    expect(archived.status).toBe(400);
    expect((await errorOf(archived)).details).toEqual({ typeId: 'This activity type is archived' });
    expect((await t.request(`/api/v1/activity-types/${visit.id}/restore`, { method: 'POST', as: admin })).status).toBe(200);
  });

  it("tells each member how many of each type they logged lately, for their quick log's order; no one else's", async () => {
    const other = await ok<ActivityType>(
      await t.request('/api/v1/activity-types', {
        method: 'POST',
        as: admin,
        json: { names: { en: 'Door knock' }, icon: 'star', colour: 'blue', points: 1, outcomes: [], fields: [], bonus: null },
      }),
    );
    const before = await ok<ActivityTypeList>(await t.request('/api/v1/activity-types', { as: rep }));
    for (let i = 0; i < 3; i++)
      await ok(await t.request('/api/v1/activities', { method: 'POST', as: rep, json: { kind: 'custom', typeId: other.id } }));
    const mine = await ok<ActivityTypeList>(await t.request('/api/v1/activity-types', { as: rep }));
    expect(mine.myUse[other.id]).toBe(3);
    expect(mine.myUse[visit.id]).toBe(before.myUse[visit.id]);
    expect(before.myUse[visit.id]).toBeGreaterThan(0);
    // The admin logged none of them; another company's list names none of these types.
    const admins = await ok<ActivityTypeList>(await t.request('/api/v1/activity-types', { as: admin }));
    expect(admins.myUse[other.id]).toBeUndefined();
    expect(await ok<ActivityTypeList>(await t.request('/api/v1/activity-types', { as: outsider }))).toEqual({
      types: [],
      myUse: {},
      builtIn: ['meeting', 'sale', 'email', 'linkedin'].map((key) => ({ key, bonus: null })),
      renamedKinds: [],
    });
  });

  it('a type stored before celebrations reads as celebrating nothing, and migration 0060 marks its outcomes as the app owner', async () => {
    const stored = async () =>
      withTenant(t.db, { companyId: toCompanyId(admin.companyId), userId: null }, async (tx) => {
        const result = await tx.execute(sql`SELECT outcomes FROM activity_types WHERE id = ${visit.id}`);
        return (result as unknown as { rows: { outcomes: Record<string, unknown>[] }[] }).rows[0]!.outcomes;
      });
    // The outcomes as they were stored before 0060, without the key (the owner lifts the forced policy for this script).
    const without = `UPDATE activity_types SET outcomes = (SELECT jsonb_agg(o - 'celebrate' ORDER BY n) FROM jsonb_array_elements(outcomes) WITH ORDINALITY AS e(o, n)) WHERE id = '${visit.id}'`;
    await t.deps.database.exec(
      `BEGIN; ALTER TABLE activity_types NO FORCE ROW LEVEL SECURITY; ${without}; ALTER TABLE activity_types FORCE ROW LEVEL SECURITY; COMMIT;`,
    );
    expect((await stored()).every((outcome) => !('celebrate' in outcome))).toBe(true);
    const listed = await ok<ActivityTypeList>(await t.request('/api/v1/activity-types', { as: rep }));
    expect(listed.types.find((type) => type.id === visit.id)!.outcomes.map((outcome) => outcome.celebrate)).toEqual([false, false]);

    // The migration's backfill as the server runs it: as the owner, not a superuser, on PostgreSQL.
    const migration = listMigrations().find((m) => m.tag.startsWith('0060_'))!;
    const backfill = migration.sql
      .split('--> statement-breakpoint')
      .filter((statement) => !statement.includes('ADD COLUMN') && !statement.includes('CREATE OR REPLACE FUNCTION'))
      .join(';\n');
    await t.deps.database.exec(`BEGIN; ${backfill}; COMMIT;`);
    expect((await stored()).map((outcome) => outcome.celebrate)).toEqual([false, false]);
  });
});

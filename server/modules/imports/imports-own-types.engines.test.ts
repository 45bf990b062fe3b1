import { afterAll, describe, expect, it } from 'vitest';
import type { ActivityType, ImportPreview, ImportSummary, KpiValues } from '@core/contracts';
import { importFieldKey } from '@core/contracts';
import { sql } from 'drizzle-orm';
import { toCompanyId, withInstance } from '../../db/tenant';
import { createTestApp, type TestUser } from '../../test/test-app';
import { findRollupDriftIn } from '../activities/activities.service';

/*
 * An import of a company's own types (decision 100), on both engines: a row's type and outcome by
 * their names in any language, each field from the column its header names, checked as logging
 * checks them; points and the type's daily bonus as logging gives them; both rollups and every KPI
 * read from them equal to a recount of the activities after the commit and after the undo, which
 * settles the type's bonus on the day it leaves.
 */

/** Tuesday 24 November 2026, 14:00 in Oslo. */
const NOW = new Date('2026-11-24T13:00:00Z');
const t = await createTestApp({ now: () => NOW });
afterAll(() => t.close());

type Member = TestUser & { companyId: string };
const admin: Member = await t.createMember({ role: 'admin', name: 'Åse Admin' });
const company = admin.companyId;
const rep: Member = await t.createMember({
  companyId: company,
  name: 'Rita Rep',
  email: `rita-${crypto.randomUUID().slice(0, 6)}@example.com`,
});

async function json<T>(response: Response, status = 200): Promise<T> {
  const body = await response.text();
  expect(response.status, body).toBe(status);
  return JSON.parse(body) as T;
}
const post = (path: string, body: unknown, as: Member = admin) => t.request(path, { method: 'POST', as, json: body });
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const inCompany = <T>(fn: (tx: Parameters<Parameters<typeof withInstance>[2]>[0]) => Promise<T>) =>
  withInstance(t.db, { companyId: toCompanyId(company), userId: admin.id }, fn);

const knock = await json<ActivityType>(
  await post('/api/v1/activity-types', {
    names: { en: 'Door knock', nb: 'Dørbank' },
    icon: 'phone',
    colour: 'amber',
    points: 1,
    outcomes: [
      { names: { en: 'Signed', nb: 'Signert' }, points: 10 },
      { names: { en: 'Not home', nb: 'Ikke hjemme' }, points: 0 },
    ],
    fields: [
      { names: { en: 'Contract value', nb: 'Kontraktsverdi' }, kind: 'money' },
      {
        names: { en: 'Package', nb: 'Pakke' },
        kind: 'choice',
        options: [{ names: { en: 'Standard' } }, { names: { en: 'Premium' } }],
      },
      { names: { en: 'Decision maker', nb: 'Beslutningstaker' }, kind: 'yes_no' },
    ],
    bonus: { threshold: 3, points: 5 },
  }),
  201,
);
const outcome = (en: string) => knock.outcomes.find((o) => o.names.en === en)!.id;
const field = (en: string) => knock.fields.find((f) => f.names.en === en)!;
const premium = field('Package').options.find((o) => o.names.en === 'Premium')!.id;

const kpi = async (name: string, formula: Record<string, unknown>, format = 'number') =>
  (await json<{ id: string }>(await post('/api/v1/kpis', { names: { en: name }, formula, format }), 201)).id;
const KPIS = {
  contracts: await kpi('Contracts', { kind: 'aggregate', aggregate: 'count', typeIds: [knock.id], outcomeIds: [outcome('Signed')] }),
  value: await kpi('Contract value', { kind: 'aggregate', aggregate: 'sum', of: field('Contract value').id, typeIds: [knock.id] }, 'money'),
  largest: await kpi(
    'Largest contract',
    { kind: 'aggregate', aggregate: 'max', of: field('Contract value').id, typeIds: [knock.id] },
    'money',
  ),
  premium: await kpi('Premium', {
    kind: 'aggregate',
    aggregate: 'count',
    typeIds: [knock.id],
    where: { fieldId: field('Package').id, values: [premium] },
  }),
  points: 'points',
};

/** The KPIs for the rep over the two days, as the KPI board reads them from the rollups. */
async function kpiValues(): Promise<Record<keyof typeof KPIS, number | null>> {
  const values = await json<KpiValues>(
    await t.request(`/api/v1/kpis/values?from=2026-11-23&to=2026-11-24&ids=${Object.values(KPIS).join(',')}`, { as: admin }),
  );
  const of = (id: string) => values.kpis.find((k) => k.id === id)!.members.find((m) => m.userId === rep.id)!.value;
  return Object.fromEntries(Object.entries(KPIS).map(([key, id]) => [key, of(id)])) as Record<keyof typeof KPIS, number | null>;
}

/** The same figures counted from the activities themselves. */
async function recount(): Promise<Record<keyof typeof KPIS, number | null>> {
  const [row] = await inCompany(async (tx) =>
    rowsOf<{ contracts: number; value: string | null; largest: string | null; premium: number; points: number }>(
      await tx.execute(sql`SELECT
          count(*) FILTER (WHERE type_id = ${knock.id}::uuid AND outcome_id = ${outcome('Signed')})::int AS contracts,
          sum((field_values ->> ${field('Contract value').id})::numeric) FILTER (WHERE type_id = ${knock.id}::uuid) AS value,
          max((field_values ->> ${field('Contract value').id})::numeric) FILTER (WHERE type_id = ${knock.id}::uuid) AS largest,
          count(*) FILTER (WHERE type_id = ${knock.id}::uuid AND field_values ->> ${field('Package').id} = ${premium})::int AS premium,
          coalesce(sum(points_earned), 0)::int AS points
        FROM activities WHERE company_id = ${company}::uuid AND user_id = ${rep.id} AND local_date BETWEEN '2026-11-23' AND '2026-11-24'`),
    ),
  );
  return {
    contracts: row!.contracts,
    value: row!.value === null ? 0 : Number(row!.value),
    largest: row!.largest === null ? null : Number(row!.largest),
    premium: row!.premium,
    points: row!.points,
  };
}

/** The type rollup's rows against a recount of the activities: the (member, day, type, outcome) rows that differ. */
async function typeDrift(): Promise<number> {
  const [row] = await inCompany(async (tx) =>
    rowsOf<{ n: number }>(
      await tx.execute(sql`WITH recount AS (
          SELECT user_id, local_date AS day, type_id, coalesce(outcome_id, '') AS outcome_id, count(*)::int AS activities,
                 sum(points_earned)::int AS points, count(*) FILTER (WHERE bonus_points > 0)::int AS bonus_taken
            FROM activities WHERE company_id = ${company}::uuid AND type_id IS NOT NULL GROUP BY 1, 2, 3, 4)
        SELECT count(*)::int AS n FROM recount r
          FULL JOIN (SELECT * FROM activity_type_day_stats WHERE company_id = ${company}::uuid) s
            ON s.user_id = r.user_id AND s.day = r.day AND s.type_id = r.type_id AND s.outcome_id = r.outcome_id
         WHERE r.activities IS DISTINCT FROM s.activities OR r.points IS DISTINCT FROM s.points OR r.bonus_taken IS DISTINCT FROM s.bonus_taken`),
    ),
  );
  return row!.n;
}

const log = async (outcomeName: string, fields: Record<string, unknown> = {}) =>
  json<{ id: string }>(
    await post('/api/v1/activities', { kind: 'custom', typeId: knock.id, outcome: outcome(outcomeName), fields }, rep),
    201,
  );
const bonusOf = async (id: string) =>
  (
    await inCompany(async (tx) =>
      rowsOf<{ b: number }>(await tx.execute(sql`SELECT bonus_points AS b FROM activities WHERE id = ${id}::uuid`)),
    )
  )[0]!.b;

// Norwegian headers and names, an English name, and the rows that cannot be imported.
const CSV =
  'Dato;E-post;Aktivitet;Utfall;Kontraktsverdi;Pakke;Beslutningstaker\n' +
  `24.11.2026 10:00;${rep.email};Dørbank;Signert;40 000;Premium;ja\n` +
  `24.11.2026 11:00;${rep.email};Door knock;Not home;;;nei\n` +
  `23.11.2026 09:00;${rep.email};dørbank;signert;15 000,50;standard;Ja\n` +
  `23.11.2026 15:00;${rep.email};Dørbank;Signert;0;;\n` + // nothing owed: an amount of 0
  `24.11.2026 12:00;${rep.email};Dørbank;Kanskje;;;\n` + // unknown outcome
  `24.11.2026 12:00;${rep.email};Dørbank;;;;\n` + // no outcome
  `24.11.2026 12:00;${rep.email};Dørbank;Signert;mye;;\n` + // not an amount
  `24.11.2026 12:00;${rep.email};Dørbank;Signert;100;Gull;\n`; // not an option

describe('an import of the company’s own types', () => {
  let preview: ImportPreview;
  let logged: string;

  it('maps each field from the header that names it and checks every row as logging does', async () => {
    logged = (await log('Not home')).id;
    const form = new FormData();
    form.set('kind', 'activities');
    form.set('file', new File([CSV], 'dørbank.csv'));
    preview = await json<ImportPreview>(await t.request('/api/v1/imports', { method: 'POST', as: admin, body: form }), 201);
    expect(preview.fields).toEqual({
      [importFieldKey(knock.id, field('Contract value').id)]: 4,
      [importFieldKey(knock.id, field('Package').id)]: 5,
      [importFieldKey(knock.id, field('Decision maker').id)]: 6,
    });
    expect(preview.validCount).toBe(4);
    const reasons = Object.fromEntries(
      preview.failures.map((f) => [f.row, f.issues.map((i) => `${i.field}:${i.code}${i.typeField ? `:${i.typeField}` : ''}`)]),
    );
    expect(reasons).toEqual({
      6: ['outcome:unknown_outcome'],
      7: ['outcome:required'],
      8: [`value:bad_field:${importFieldKey(knock.id, field('Contract value').id)}`],
      9: [`value:bad_field:${importFieldKey(knock.id, field('Package').id)}`],
    });
    // Without the field columns the values are not read: a row's fields are its type's, from their columns.
    const unmapped = await json<ImportPreview>(
      await post(`/api/v1/imports/${preview.id}/validate`, { mapping: preview.mapping, fields: {} }),
    );
    expect(unmapped.failures.map((f) => f.row)).toEqual([6, 7]);
  });

  it('writes them with their outcome, values and points, the type’s daily bonus on the one that reaches it; every KPI as recounted', async () => {
    const summary = await json<ImportSummary>(
      await post(`/api/v1/imports/${preview.id}/commit`, { mapping: preview.mapping, fields: preview.fields, skipFailing: true }),
    );
    expect(summary).toMatchObject({ status: 'committed', importedCount: 4 });
    const stored = await inCompany(async (tx) =>
      rowsOf<{
        type: string;
        outcome_id: string;
        field_values: Record<string, unknown>;
        points_earned: number;
        bonus_points: number;
        local_date: string;
      }>(
        await tx.execute(sql`SELECT type, outcome_id, field_values, points_earned, bonus_points, local_date::text AS local_date
                               FROM activities WHERE import_id = ${preview.id}::uuid ORDER BY local_date, created_at`),
      ),
    );
    expect(stored).toEqual([
      {
        type: 'custom',
        outcome_id: outcome('Signed'),
        field_values: {
          [field('Contract value').id]: 1_500_050,
          [field('Package').id]: field('Package').options[0]!.id,
          [field('Decision maker').id]: true,
        },
        points_earned: 11,
        bonus_points: 0,
        local_date: '2026-11-23',
      },
      {
        type: 'custom',
        outcome_id: outcome('Signed'),
        field_values: { [field('Contract value').id]: 0 },
        points_earned: 11,
        bonus_points: 0,
        local_date: '2026-11-23',
      },
      {
        type: 'custom',
        outcome_id: outcome('Signed'),
        field_values: { [field('Contract value').id]: 4_000_000, [field('Package').id]: premium, [field('Decision maker').id]: true },
        points_earned: 11,
        bonus_points: 0,
        local_date: '2026-11-24',
      },
      // The day's third knock (after the one logged in the app and the one at 10:00) earns the bonus.
      {
        type: 'custom',
        outcome_id: outcome('Not home'),
        field_values: { [field('Decision maker').id]: false },
        points_earned: 6,
        bonus_points: 5,
        local_date: '2026-11-24',
      },
    ]);
    expect(await kpiValues()).toEqual(await recount());
    expect(await kpiValues()).toMatchObject({ contracts: 3, value: 5_500_050, largest: 4_000_000, premium: 1 });
    expect(await typeDrift()).toBe(0);
    expect(await inCompany((tx) => findRollupDriftIn(tx, toCompanyId(company)))).toBe(0);
  });

  it('an undo takes them out of both rollups and settles the bonus on the days they leave', async () => {
    // Two more today in the app, later in the afternoon: the bonus is taken (by the import's), so neither carries it.
    t.setNow(() => new Date('2026-11-24T13:05:00Z'));
    await log('Not home');
    t.setNow(() => new Date('2026-11-24T13:10:00Z'));
    const latest = (await log('Signed', { [field('Contract value').id]: 250_000 })).id;
    expect(await bonusOf(latest)).toBe(0);
    await json(await post(`/api/v1/imports/${preview.id}/undo`, {}));
    // Three left today, none with the bonus: the latest takes it.
    expect(await bonusOf(latest)).toBe(5);
    expect(await bonusOf(logged)).toBe(0);
    expect(await kpiValues()).toEqual(await recount());
    expect(await kpiValues()).toMatchObject({ contracts: 1, value: 250_000, largest: 250_000, premium: 0 });
    expect(await typeDrift()).toBe(0);
    expect(await inCompany((tx) => findRollupDriftIn(tx, toCompanyId(company)))).toBe(0);
  });
});

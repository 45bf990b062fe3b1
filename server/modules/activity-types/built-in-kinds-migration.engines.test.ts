import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DbHandle } from '../../db/client';
import { listMigrations, migrateDatabase } from '../../db/migrate';
import { toCompanyId, withInstance } from '../../db/tenant';
import { createTestDatabase } from '../../test/test-database';

/*
 * The migration that makes the five built-in kinds type rows (decision 114), on both engines, run
 * as the server runs it (the owner, not a superuser) on a database migrated up to just before it
 * and holding a company's activities of every kind: the company gets its five rows, every activity
 * its type and a call its outcome, and nothing a user sees moves (points, both rollups, the sync
 * feed's `updated_at`).
 */

let handle: DbHandle;
const TAGS = listMigrations().map((m) => m.tag);
const MIGRATION = TAGS.find((tag) => tag.endsWith('_built-in-kinds-as-type-rows'))!;
/** It and every migration after it, applied in their order after the data is in. */
const FROM_IT = TAGS.slice(TAGS.indexOf(MIGRATION));
const tagList = FROM_IT.map((tag) => `('${tag}')`).join(', ');
const companyId = crypto.randomUUID();
const otherCompanyId = crypto.randomUUID();
const ownTypeId = crypto.randomUUID();
const TABLES = ['companies', 'activity_types', 'activities', 'daily_user_stats', 'activity_type_day_stats'];

/** Each activity: its kind and flags as the app stored them, and the type row and outcome it must get. */
const ACTIVITIES = [
  { id: crypto.randomUUID(), type: 'call_answered', flags: [false, false], key: 'call', outcome: 'no_progress' },
  { id: crypto.randomUUID(), type: 'call_answered', flags: [false, true], key: 'call', outcome: 'moved_forward' },
  { id: crypto.randomUUID(), type: 'call_answered', flags: [true, false], key: 'call', outcome: 'meeting_booked' },
  { id: crypto.randomUUID(), type: 'call_unanswered', flags: [false, false], key: 'call', outcome: 'not_answered' },
  { id: crypto.randomUUID(), type: 'meeting', flags: [false, false], key: 'meeting', outcome: null },
  { id: crypto.randomUUID(), type: 'sale', flags: [false, false], key: 'sale', outcome: null },
  { id: crypto.randomUUID(), type: 'email', flags: [false, false], key: 'email', outcome: null },
  { id: crypto.randomUUID(), type: 'linkedin', flags: [false, false], key: 'linkedin', outcome: null },
] as const;
const OWN_ID = crypto.randomUUID();

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function read(company: string) {
  return withInstance(handle.db, { companyId: toCompanyId(company), userId: null }, async (tx) => ({
    types: rowsOf<{ id: string; key: string | null; names: Record<string, string>; outcomes: { id: string }[]; fields: { id: string }[] }>(
      await tx.execute(
        sql`SELECT id::text, key, names, outcomes, fields FROM activity_types WHERE company_id = ${company} ORDER BY position, key`,
      ),
    ),
    activities: rowsOf<{
      id: string;
      type: string;
      type_id: string | null;
      outcome_id: string | null;
      points_earned: number;
      updated_at: string;
    }>(
      await tx.execute(sql`SELECT id::text, type, type_id::text, outcome_id, points_earned, updated_at::text
                             FROM activities WHERE company_id = ${company} ORDER BY id`),
    ),
    daily: rowsOf(await tx.execute(sql`SELECT * FROM daily_user_stats WHERE company_id = ${company} ORDER BY user_id, day`)),
    typeDaily: rowsOf(
      await tx.execute(sql`SELECT * FROM activity_type_day_stats WHERE company_id = ${company} ORDER BY type_id, outcome_id`),
    ),
  }));
}

let before: Awaited<ReturnType<typeof read>>;

beforeAll(async () => {
  handle = await createTestDatabase({ empty: true });
  // Everything before this migration: mark it and those after it applied, migrate, then un-mark them.
  await handle.exec(`CREATE TABLE dealboard_migrations (tag text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
    INSERT INTO dealboard_migrations (tag) VALUES ${tagList};`);
  await migrateDatabase(handle);
  const activities = ACTIVITIES.map(
    (
      a,
      n,
    ) => `INSERT INTO activities (id, company_id, user_id, type, meeting_booked, moved_forward, ticket_size, points_earned, local_date, created_at, updated_at)
      VALUES ('${a.id}', '${companyId}', 'ola', '${a.type}', ${a.flags[0]}, ${a.flags[1]}, ${a.type === 'sale' ? 1500000 : 'NULL'}, ${n + 1},
              '2026-11-02', '2026-11-02T09:0${n}:00Z', '2026-11-03T10:00:00Z');`,
  ).join('\n');
  // The owner lifts the forced policies for its own setup, as the migrations do.
  await handle.exec(`BEGIN;
    ${TABLES.map((table) => `ALTER TABLE ${table} NO FORCE ROW LEVEL SECURITY;`).join('\n')}
    INSERT INTO companies (id, name) VALUES ('${companyId}', 'Fjord Salg AS'), ('${otherCompanyId}', 'Annet AS');
    INSERT INTO "user" (id, name, email) VALUES ('ola', 'Ola Rep', 'ola@example.com');
    INSERT INTO activity_types (company_id, id, key, names, icon, colour, points, outcomes)
      VALUES ('${companyId}', '${ownTypeId}', 'door_knock', '{"en":"Door knock"}', 'door-open', 'green', 3,
              '[{"id":"yes","names":{"en":"Yes"},"points":2,"celebrate":false,"archived":false}]');
    ${activities}
    INSERT INTO activities (id, company_id, user_id, type, type_id, outcome_id, field_values, points_earned, local_date, created_at, updated_at)
      VALUES ('${OWN_ID}', '${companyId}', 'ola', 'custom', '${ownTypeId}', 'yes', '{}', 5, '2026-11-02', '2026-11-02T11:00:00Z', '2026-11-03T10:00:00Z');
    ${TABLES.map((table) => `ALTER TABLE ${table} FORCE ROW LEVEL SECURITY;`).join('\n')}
    COMMIT;
    DELETE FROM dealboard_migrations WHERE tag IN (${FROM_IT.map((tag) => `'${tag}'`).join(', ')});`);
  before = await read(companyId);
});
afterAll(() => handle?.close());

it('gives every company its five rows and every activity its type, and moves no point, rollup or sync cursor', async () => {
  expect(before.activities.filter((a) => a.type_id !== null).map((a) => a.id)).toEqual([OWN_ID]);
  expect(before.daily).toHaveLength(1);
  expect(await migrateDatabase(handle)).toEqual(FROM_IT);
  const after = await read(companyId);

  // The five rows first, in the kinds' order, beside the company's own type (kept as it was).
  expect(after.types.map((type) => type.key)).toEqual(['call', 'meeting', 'sale', 'email', 'linkedin', 'door_knock']);
  const keyOf = new Map(after.types.map((type) => [type.id, type.key]));
  expect(after.types[0]!.outcomes.map((outcome) => outcome.id)).toEqual(['not_answered', 'no_progress', 'moved_forward', 'meeting_booked']);
  expect(after.types[2]!.fields.map((field) => field.id)).toEqual(['value']);
  expect(after.types[0]!.names).toEqual({ en: 'Call', nb: 'Samtale', sv: 'Samtal', da: 'Opkald' });
  expect((await read(otherCompanyId)).types.map((type) => type.key)).toEqual(['call', 'meeting', 'sale', 'email', 'linkedin']);

  for (const expected of ACTIVITIES) {
    const activity = after.activities.find((a) => a.id === expected.id)!;
    expect({ kind: expected.type, key: keyOf.get(activity.type_id!), outcome: activity.outcome_id }).toEqual({
      kind: expected.type,
      key: expected.key,
      outcome: expected.outcome,
    });
  }
  const own = after.activities.find((a) => a.id === OWN_ID)!;
  expect({ type: own.type_id, outcome: own.outcome_id }).toEqual({ type: ownTypeId, outcome: 'yes' });

  // Nothing a user sees moved: the points, the sync feed's cursor and both rollups (the type
  // rollup still holds the company's own type only).
  const unchanged = (rows: typeof after.activities) => rows.map(({ id, points_earned, updated_at }) => ({ id, points_earned, updated_at }));
  expect(unchanged(after.activities)).toEqual(unchanged(before.activities));
  expect(after.daily).toEqual(before.daily);
  expect(after.typeDaily).toEqual(before.typeDaily);
  expect(after.typeDaily.map((row) => (row as { type_id: string }).type_id)).toEqual([ownTypeId]);
});

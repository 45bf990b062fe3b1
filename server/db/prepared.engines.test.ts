/*
 * The hot path's prepared statements (server/db/prepared.ts) on both engines. On PGlite the values
 * travel as quoted literals to EXECUTE: whatever a person types must arrive unchanged, the first
 * time (PREPARE and EXECUTE) and every time after, also after a transaction that failed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import type { DbHandle } from './client';
import { queryPrepared } from './prepared';
import { withTenant } from './tenant';

let database: DbHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

const ECHO_SQL = `SELECT $1::text AS text, $2::int AS n, $3::boolean AS flag, $4::timestamptz::text AS at, $5::text IS NULL AS missing`;
type Echo = { text: string; n: number; flag: boolean; at: string; missing: boolean };

const echo = (values: unknown[]) =>
  withTenant(database.db, { companyId: null, userId: null }, (tx) => queryPrepared<Echo>(tx, 'prepared_test_echo', ECHO_SQL, values));

describe('prepared statements', () => {
  const awkward = [
    "O'Brien & Sønner AS",
    'C:\\Users\\kari\\notes',
    "\\'; DROP TABLE activities; --",
    "E'x' '' \\\\ $1 $$ ?",
    'emoji 🚀 and æøå',
    '',
  ];

  it('returns what was sent, the first time and every time after, whatever the text holds', async () => {
    for (const text of awkward) {
      const [row] = await echo([text, -42, false, new Date('2026-12-05T08:00:00.000Z'), null]);
      expect(row).toEqual({ text, n: -42, flag: false, at: expect.stringMatching(/^2026-12-05 /), missing: true });
    }
  });

  it('stays prepared after a transaction that failed, and runs again', async () => {
    await expect(
      withTenant(database.db, { companyId: null, userId: null }, async (tx) => {
        await queryPrepared(tx, 'prepared_test_fails', 'SELECT 1 / $1::int AS n', [1]);
        await queryPrepared(tx, 'prepared_test_fails', 'SELECT 1 / $1::int AS n', [0]);
      }),
    ).rejects.toThrow(/division by zero/);
    const rows = await withTenant(database.db, { companyId: null, userId: null }, (tx) =>
      queryPrepared<{ n: number }>(tx, 'prepared_test_fails', 'SELECT 1 / $1::int AS n', [1]),
    );
    expect(rows).toEqual([{ n: 1 }]);
    const [row] = await echo(["it's", 7, true, new Date(0), 'present']);
    expect(row).toMatchObject({ text: "it's", n: 7, flag: true, missing: false });
  });
});

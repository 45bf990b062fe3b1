import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DbHandle } from '../../db/client';
import { listMigrations, migrateDatabase } from '../../db/migrate';
import { toCompanyId, withInstance } from '../../db/tenant';
import { createTestDatabase } from '../../test/test-database';

/*
 * The migration that introduced uploads (decision 023) clears every stored avatar URL that is not
 * one of our own picture paths: outside hosts no longer appear on anyone's screen. Run on a
 * database migrated up to just before it, holding the kinds of values people had saved.
 */

let handle: DbHandle;
const MIGRATION = listMigrations().find((m) => m.tag.endsWith('_avatar-images'))!.tag;
const companyId = crypto.randomUUID();
const OWN = '/api/v1/avatars/0b6f7a3e-5c1d-4e2f-9a8b-7c6d5e4f3a2b';
const before: Record<string, string | null> = {
  'remote-https': 'https://cdn.example.com/rita.png',
  'remote-http': 'http://tracker.example/pixel.gif?u=1',
  'data-uri': 'data:image/png;base64,iVBORw0KGgo=',
  'look-alike': '/api/v1/avatars/../../evil',
  'protocol-relative': '//evil.example/a.png',
  'own-path': OWN,
  none: null,
};

const literal = (value: string | null) => (value === null ? 'NULL' : `'${value.replaceAll("'", "''")}'`);

beforeAll(async () => {
  handle = await createTestDatabase({ empty: true });
  // Everything before this migration: mark it applied, migrate, then un-mark it.
  await handle.exec(`CREATE TABLE dealboard_migrations (tag text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
    INSERT INTO dealboard_migrations (tag) VALUES (${literal(MIGRATION)});`);
  await migrateDatabase(handle);
  const people = Object.entries(before)
    .map(
      ([id, url]) => `INSERT INTO "user" (id, name, email) VALUES ('${id}', '${id}', '${id}@example.com');
      INSERT INTO profiles (company_id, user_id, avatar_url) VALUES ('${companyId}', '${id}', ${literal(url)});`,
    )
    .join('\n');
  // Profiles' row-level security is forced even for the owner: act inside the company.
  await handle.exec(`BEGIN;
    SELECT set_config('app.company_id', '${companyId}', true);
    INSERT INTO companies (id, name) VALUES ('${companyId}', 'Acme Sales AS');
    ${people}
    COMMIT;
    DELETE FROM dealboard_migrations WHERE tag = ${literal(MIGRATION)};`);
});
afterAll(() => handle?.close());

it('clears every avatar URL that is not our own picture path, and keeps the rest of the profile', async () => {
  expect(await migrateDatabase(handle)).toEqual([MIGRATION]);
  const result = await withInstance(handle.db, { companyId: toCompanyId(companyId), userId: null }, (tx) =>
    tx.execute(sql`SELECT user_id, avatar_url FROM profiles ORDER BY user_id`),
  );
  const rows = (result as unknown as { rows: { user_id: string; avatar_url: string | null }[] }).rows;
  const after = Object.fromEntries(rows.map((row) => [row.user_id, row.avatar_url]));
  expect(after).toEqual({
    'remote-https': null,
    'remote-http': null,
    'data-uri': null,
    'look-alike': null,
    'protocol-relative': null,
    'own-path': OWN,
    none: null,
  });
});

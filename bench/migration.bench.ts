/*
 * npm run bench:migration: how long a migration that rewrites the activities table takes on a table
 * of N activities (docs/scaling.md, "Migrations that rewrite a table"). A fresh database is migrated
 * up to just before the migration, filled with N activities of the built-in kinds (50 members, 300
 * days, the rollups' triggers off: the rows alone are what the migration reads and writes), and the
 * migration is then timed as the server runs it at start.
 *
 *   BENCH_DATABASE_URL=postgres://user@host:port/db npm run bench:migration   # PostgreSQL (a fresh database, dropped after)
 *   npm run bench:migration -- --engine=pglite                               # PGlite (in memory)
 *   ... -- --activities=1000000 --migration=built-in-kinds-as-type-rows
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../server/db/client';
import { listMigrations, migrateDatabase } from '../server/db/migrate';
import { createPostgresDatabase } from '../server/test/test-database';

const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const ACTIVITIES = Number(option('activities') ?? 1_000_000);
const NAME = option('migration') ?? 'built-in-kinds-as-type-rows';
const ENGINE = option('engine') ?? (BENCH_DATABASE_URL ? 'postgres' : 'pglite');

const migrations = listMigrations();
const migration = migrations.find((m) => m.tag.endsWith(`_${NAME}`));
if (!migration) throw new Error(`No migration named ${NAME}`);
/** It and every migration after it: applied in their order after the rows are in (the later ones timed with it). */
const fromIt = migrations.slice(migrations.indexOf(migration)).map((m) => `'${m.tag}'`);
if (ENGINE === 'postgres' && !BENCH_DATABASE_URL) throw new Error('Set BENCH_DATABASE_URL for --engine=postgres');
if (BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = BENCH_DATABASE_URL; // createPostgresDatabase creates it on that server
const database = ENGINE === 'postgres' ? await createPostgresDatabase('dealboard_bench_migration') : null;
const handle = await openDatabase(database ? { engine: 'postgres', url: database.url, poolSize: 2 } : { engine: 'pglite', dataDir: null });
try {
  // Everything before the migration: mark it and those after it applied, migrate, fill, then un-mark them.
  await handle.exec(`CREATE TABLE dealboard_migrations (tag text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
    INSERT INTO dealboard_migrations (tag) VALUES ${fromIt.map((tag) => `(${tag})`).join(', ')};`);
  await migrateDatabase(handle);
  const company = crypto.randomUUID();
  let started = performance.now();
  await handle.exec(`BEGIN;
    ALTER TABLE companies NO FORCE ROW LEVEL SECURITY;
    ALTER TABLE activities NO FORCE ROW LEVEL SECURITY;
    INSERT INTO companies (id, name) VALUES ('${company}', 'Bench AS');
    INSERT INTO "user" (id, name, email) SELECT 'bench-' || g, 'Rep ' || g, 'rep' || g || '@example.com' FROM generate_series(1, 50) g;
    ALTER TABLE activities DISABLE TRIGGER USER;
    INSERT INTO activities (company_id, user_id, type, meeting_booked, moved_forward, points_earned, local_date, created_at)
      SELECT '${company}', 'bench-' || (g % 50 + 1),
             (ARRAY['call_answered', 'call_unanswered', 'meeting', 'sale', 'email', 'linkedin'])[g % 6 + 1],
             g % 7 = 0, g % 5 = 0, 1, date '2026-01-01' + (g % 300), now()
        FROM generate_series(1, ${ACTIVITIES}) g;
    ALTER TABLE activities ENABLE TRIGGER USER;
    ALTER TABLE companies FORCE ROW LEVEL SECURITY;
    ALTER TABLE activities FORCE ROW LEVEL SECURITY;
    COMMIT;
    DELETE FROM dealboard_migrations WHERE tag IN (${fromIt.join(', ')});`);
  await handle.exec('ANALYZE activities');
  console.info(`filled ${ACTIVITIES.toLocaleString('en')} activities in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const load = loadavg()[0]!.toFixed(1);
  started = performance.now();
  await migrateDatabase(handle);
  const seconds = (performance.now() - started) / 1000;
  console.info(
    `${migration.tag}${fromIt.length > 1 ? ` (and the ${fromIt.length - 1} after it)` : ''} on ${ACTIVITIES.toLocaleString('en')} activities (${ENGINE}): ${seconds.toFixed(1)} s ` +
      `(${Math.round(ACTIVITIES / seconds).toLocaleString('en')} a second; load average ${load} before)`,
  );
} finally {
  await handle.close();
  await database?.drop();
}

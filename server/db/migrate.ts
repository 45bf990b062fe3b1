import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from './project-root';
import type { DbHandle } from './client';

const MIGRATIONS_DIR = join(PROJECT_ROOT, 'server', 'db', 'migrations');
/** Any fixed number: the key of the advisory lock that serialises migrating instances. */
const MIGRATION_LOCK_KEY = 727274;

type Journal = { entries: { idx: number; tag: string }[] };

export function listMigrations(): { tag: string; sql: string }[] {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as Journal;
  return [...journal.entries]
    .sort((a, b) => a.idx - b.idx)
    .map((entry) => ({ tag: entry.tag, sql: readFileSync(join(MIGRATIONS_DIR, `${entry.tag}.sql`), 'utf8') }));
}

/**
 * Applies the committed migrations in journal order, each in its own transaction, and records
 * them. An advisory lock keeps several server instances starting at once from racing.
 * drizzle-kit's SQL and our hand-written SQL run alike, as one multi-statement script each.
 */
export async function migrateDatabase(handle: DbHandle): Promise<string[]> {
  return handle.withSession(async (query) => {
    await query(`SELECT pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
    try {
      await query(`CREATE TABLE IF NOT EXISTS dealboard_migrations (
        tag text PRIMARY KEY,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
      const done = new Set((await query('SELECT tag FROM dealboard_migrations')).map((r) => String(r.tag)));
      const applied: string[] = [];
      for (const migration of listMigrations()) {
        if (done.has(migration.tag)) continue;
        const body = migration.sql.replaceAll('--> statement-breakpoint', '');
        const tag = migration.tag.replaceAll("'", "''");
        try {
          // Deferred triggers (the identity version's, migration 0048) fire at each statement's end
          // here: a migration that changes rows and then alters their table has nothing pending.
          await query(
            `BEGIN;\nSET CONSTRAINTS ALL IMMEDIATE;\n${body}\n;\nINSERT INTO dealboard_migrations (tag) VALUES ('${tag}');\nCOMMIT;`,
          );
        } catch (error) {
          await query('ROLLBACK').catch(() => undefined);
          throw new Error(`Migration ${migration.tag} failed: ${(error as Error).message}`);
        }
        applied.push(migration.tag);
      }
      return applied;
    } finally {
      await query(`SELECT pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
    }
  });
}

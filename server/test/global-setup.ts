import type { TestProject } from 'vitest/node';
import { ensurePgliteDump, ensurePgliteFolder, ensurePostgresTemplate } from './base-database';

/**
 * Builds the run's migrated base before any file starts (server/test/base-database.ts): the dump
 * every in-memory PGlite loads, the data folder process tests copy, and on PostgreSQL the template
 * database. Each is reused from an earlier run while the migrations are unchanged.
 */
export async function setup(project: TestProject) {
  const url = project.config.env?.TEST_DATABASE_URL;
  if (url) {
    await ensurePostgresTemplate(url);
  } else {
    await ensurePgliteDump();
    await ensurePgliteFolder();
  }
}

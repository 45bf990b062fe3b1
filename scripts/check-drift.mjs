#!/usr/bin/env node
// Fails when the drizzle schema and the committed migrations disagree: generates into a scratch
// copy of the migrations folder and looks for anything new.
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, run } from './lib.mjs';

const source = join(ROOT, 'server', 'db', 'migrations');
const scratch = mkdtempSync(join(tmpdir(), 'dealboard-drift-'));
cpSync(source, scratch, { recursive: true });
const before = new Set(readdirSync(scratch));
const status = run('npx', ['drizzle-kit', 'generate', '--name', 'drift_check'], { env: { DRIZZLE_OUT: scratch }, stdio: 'pipe' });
const added = readdirSync(scratch).filter((f) => !before.has(f));
rmSync(scratch, { recursive: true, force: true });
if (status !== 0) {
  console.error('drift check: drizzle-kit generate failed');
  process.exit(1);
}
if (added.length > 0) {
  console.error(
    `Schema drift: server/db/schema differs from the committed migrations (would add ${added.join(', ')}).\nRun \`npm run db:generate -- --name <what-changed>\` and commit the migration.`,
  );
  process.exit(1);
}
console.info('drift check: schema and migrations agree');

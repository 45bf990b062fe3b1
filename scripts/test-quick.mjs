#!/usr/bin/env node
// `npm run test:quick`: the inner loop (docs/testing.md). For the files changed since HEAD (staged,
// unstaged and new; with nothing uncommitted, the last commit's), in a few minutes:
//   format check of those files, `tsc -b` (incremental: only what changed and what depends on it),
//   lint of those files (cached), the unit tests that import them (vitest related) and the server
//   tests of their folders, on PGlite. Journeys are not run here: a changed journey is named with the command that runs it.
// `npm run test:quick -- --since <rev>` takes the changes since another commit (a branch's base).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ensureDependencies, ROOT, run } from './lib.mjs';

const since = process.argv.includes('--since') ? process.argv[process.argv.indexOf('--since') + 1] : null;

function git(args) {
  const result = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.split('\n').filter(Boolean);
}

function changedFiles() {
  // New files not yet added are changes too (a new journey's lint error once reached CI this way).
  const uncommitted = [...git(['diff', '--name-only', 'HEAD']), ...git(['ls-files', '--others', '--exclude-standard'])];
  if (since) return [...git(['diff', '--name-only', `${since}...HEAD`]), ...uncommitted];
  if (uncommitted.length > 0) return uncommitted;
  return git(['diff', '--name-only', 'HEAD~1', 'HEAD']);
}

const files = [...new Set(changedFiles())].filter((file) => existsSync(join(ROOT, file)));
if (files.length === 0) {
  console.info('test:quick: nothing changed.');
  process.exit(0);
}
console.info(`test:quick: ${files.length} changed file(s)\n  ${files.join('\n  ')}`);

const code = files.filter((file) => /\.(ts|tsx|mjs|js)$/.test(file));
const started = Date.now();
const results = [];
function step(name, command, args, env) {
  const t0 = Date.now();
  console.info(`\n━━ ${name} ━━`);
  const status = run(command, args, { env });
  results.push({ name, ok: status === 0, seconds: ((Date.now() - t0) / 1000).toFixed(1) });
  return status === 0;
}

ensureDependencies();
let ok = step('format', 'npx', ['prettier', '--check', '--ignore-unknown', '--log-level', 'warn', ...files]);
ok = step('typecheck (tsc -b, incremental)', 'npm', ['run', '--silent', 'typecheck']) && ok;
if (code.length > 0) {
  ok =
    step('lint', 'npx', [
      'eslint',
      '--max-warnings',
      '0',
      '--cache',
      '--cache-location',
      '.tmp/eslint-cache',
      '--no-warn-ignored',
      ...code,
    ]) && ok;
  // The tests of what changed, on PGlite (PostgreSQL is CI's). Web and core: vitest related (the
  // tests that import a changed file). Server: the changed file's own folder's tests, since every
  // server test imports the whole app (createTestApp) and "related" would be the whole suite.
  const serverTests = new Set();
  const relatedFiles = [];
  for (const file of code) {
    if (file.startsWith('e2e/')) continue;
    if (file.startsWith('server/')) {
      const folder = dirname(file);
      if (file.endsWith('.test.ts')) serverTests.add(file);
      else for (const entry of readdirSync(join(ROOT, folder))) if (entry.endsWith('.test.ts')) serverTests.add(join(folder, entry));
    } else relatedFiles.push(file);
  }
  if (relatedFiles.length > 0) {
    ok =
      step(
        'related unit tests',
        'npx',
        [
          'vitest',
          'related',
          '--run',
          '--passWithNoTests',
          '--project',
          'core',
          '--project',
          'web',
          '--project',
          'tooling',
          ...relatedFiles,
        ],
        { TEST_DATABASE_URL: '' },
      ) && ok;
  }
  if (serverTests.size > 0) {
    ok =
      step('server tests of the changed folders', 'npx', ['vitest', 'run', '--project', 'server', ...serverTests], {
        TEST_DATABASE_URL: '',
      }) && ok;
  }
}
const journeys = files.filter((file) => file.endsWith('.e2e.ts'));
if (journeys.length > 0) console.info(`\nChanged journeys (not run here): npm run test:e2e -- ${journeys.join(' ')}`);

console.info('\n━━ test:quick ━━');
for (const r of results) console.info(`${r.ok ? '✓' : '✗'} ${r.name} (${r.seconds}s)`);
console.info(`total ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(ok ? 0 : 1);

#!/usr/bin/env node
// `npm test`: the whole suite, in the order that fails fastest (docs/testing.md).
//   1. static checks, side by side: format, types (`tsc -b`, every config, core once), lint, schema
//      drift, the web's generated API types against the routes, and the web build the journeys use;
//   2. unit tests (core, web, tooling);
//   3. server tests: every file on PGlite, and with TEST_DATABASE_URL the engine-sensitive ones
//      (*.engines.test.ts, *.postgres.test.ts) on PostgreSQL too, from one migrated base copied per file;
//   4. browser journeys against the built app.
// Each stage's seconds are printed in a table at the end.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium } from './chromium.mjs';
import { ensureDependencies, ROOT, run } from './lib.mjs';

const REPORT_DIR = join(ROOT, '.tmp', 'test-reports');
rmSync(REPORT_DIR, { recursive: true, force: true });
mkdirSync(REPORT_DIR, { recursive: true });

const results = [];
const started = Date.now();
const reportPath = (name) => join(REPORT_DIR, `${name.replace(/\W+/g, '-')}.json`);

function step(name, command, args, env) {
  const t0 = Date.now();
  console.info(`\n━━ ${name} ━━`);
  const status = run(command, args, { env });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  results.push({ name, ok: status === 0, seconds });
  if (status !== 0) finish(`${name} failed`);
}

/** Runs one lane in the background; its output is printed whole when it ends (lanes do not interleave). */
function lane(name, command, args) {
  const t0 = Date.now();
  return new Promise((resolveLane) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, FORCE_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - t0) / 1000).toFixed(1);
      console.info(`\n━━ ${name} (${seconds}s) ━━\n${output.trimEnd()}`);
      resolveLane({ name: `  ${name}`, ok: code === 0, seconds });
    });
  });
}

/** Lanes side by side: on 2 cores the checks that wait on files and the ones that compute overlap. */
async function lanes(name, list) {
  const t0 = Date.now();
  console.info(`\n━━ ${name}: ${list.map(([lane]) => lane).join(', ')}, side by side ━━`);
  const done = await Promise.all(list.map(([laneName, command, args]) => lane(laneName, command, args)));
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  results.push({ name, ok: done.every((d) => d.ok), seconds }, ...done);
  const failed = done.filter((d) => !d.ok).map((d) => d.name.trim());
  if (failed.length > 0) finish(`${failed.join(', ')} failed`);
}

function vitest(name, args, env) {
  step(name, 'npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${reportPath(name)}`], env);
}

function countTests() {
  let passed = 0;
  let failed = 0;
  for (const { name } of results) {
    const report = reportPath(name);
    if (!existsSync(report)) continue;
    const json = JSON.parse(readFileSync(report, 'utf8'));
    passed += json.numPassedTests ?? 0;
    failed += (json.numFailedTests ?? 0) + (json.numFailedTestSuites ?? 0);
  }
  return { passed, failed };
}

function finish(failure) {
  const minutes = ((Date.now() - started) / 60000).toFixed(1);
  console.info('\n━━ summary ━━');
  for (const r of results) console.info(`${r.ok ? '✓' : '✗'} ${r.name} (${r.seconds}s)`);
  console.info(`total ${minutes} min`);
  const { passed, failed } = countTests();
  if (failure) console.error(`\n${failure}`);
  console.info(`${passed} passed, ${failure && failed === 0 ? 1 : failed} failed`);
  process.exit(failure ? 1 : 0);
}

ensureDependencies();
ensureChromium();

await lanes('static checks and build', [
  ['format', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']],
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npx', ['eslint', '--max-warnings', '0', '.']],
  ['schema drift', 'node', ['scripts/check-drift.mjs']],
  ['API types drift', 'npx', ['tsx', 'scripts/api-types.ts', '--check']],
  // The journeys' app, built while the checks run rather than after the server tests.
  ['web build', 'npm', ['run', '--silent', 'build']],
]);
vitest('unit (core, web, tooling)', ['--project', 'core', '--project', 'web', '--project', 'tooling']);
if (process.env.TEST_DATABASE_URL) {
  vitest('server (PGlite, and PostgreSQL for engine-sensitive files)', ['--project', 'server', '--project', 'server-postgres']);
} else {
  vitest('server (PGlite)', ['--project', 'server']);
  console.info('\n(TEST_DATABASE_URL is not set: the server tests ran on PGlite only; .ci/run adds PostgreSQL 15.)');
}
// Screenshots are for a person looking at a journey (npm run test:e2e); a whole run skips the
// drawing unless E2E_SCREENSHOTS=on (e2e/support/browser.ts).
vitest('browser journeys', ['--config', 'vitest.e2e.config.ts'], { E2E_SCREENSHOTS: process.env.E2E_SCREENSHOTS ?? 'off' });
finish(null);

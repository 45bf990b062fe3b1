#!/usr/bin/env node
// `npm test`: the whole suite, in the order that fails fastest. Typecheck, lint (import
// boundaries), schema drift, the web's generated API types against the routes, unit tests (core, web), server integration tests on PGlite and — when
// TEST_DATABASE_URL is set — on PostgreSQL, then the browser journeys against the built app.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium } from './chromium.mjs';
import { ensureDependencies, ensureWebBuild, ROOT, run } from './lib.mjs';

const REPORT_DIR = join(ROOT, '.tmp', 'test-reports');
rmSync(REPORT_DIR, { recursive: true, force: true });
mkdirSync(REPORT_DIR, { recursive: true });

const results = [];
const started = Date.now();

function step(name, command, args, env) {
  const t0 = Date.now();
  console.info(`\n━━ ${name} ━━`);
  const status = run(command, args, { env });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  results.push({ name, ok: status === 0, seconds });
  if (status !== 0) finish(`${name} failed`);
}

function vitest(name, args, env) {
  const report = join(REPORT_DIR, `${name.replace(/\W+/g, '-')}.json`);
  step(name, 'npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], env);
}

function countTests() {
  let passed = 0;
  let failed = 0;
  for (const { name } of results) {
    const report = join(REPORT_DIR, `${name.replace(/\W+/g, '-')}.json`);
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

step('format', 'npx', ['prettier', '--check', '.']);
step('typecheck', 'npx', ['tsc', '-p', 'tsconfig.core.json', '--noEmit']);
step('typecheck server', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
step('typecheck web', 'npx', ['tsc', '-p', 'tsconfig.web.json', '--noEmit']);
step('typecheck service worker', 'npx', ['tsc', '-p', 'tsconfig.sw.json', '--noEmit']);
step('typecheck e2e', 'npx', ['tsc', '-p', 'tsconfig.e2e.json', '--noEmit']);
step('lint', 'npx', ['eslint', '--max-warnings', '0', '.']);
step('schema drift', 'node', ['scripts/check-drift.mjs']);
step('API types drift', 'npx', ['tsx', 'scripts/api-types.ts', '--check']);
vitest('unit (core, web, tooling)', ['--project', 'core', '--project', 'web', '--project', 'tooling']);
vitest('server on PGlite', ['--project', 'server'], { TEST_DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) {
  vitest('server on PostgreSQL', ['--project', 'server'], { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL });
} else {
  console.info('\n(TEST_DATABASE_URL is not set: the server tests ran on PGlite only; .ci/run adds PostgreSQL 15.)');
}
ensureWebBuild({ force: true });
vitest('browser journeys', ['--config', 'vitest.e2e.config.ts']);
finish(null);

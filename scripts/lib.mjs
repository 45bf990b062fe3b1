import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options, env: { ...process.env, ...options.env } });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

export function runOrExit(command, args, options) {
  const status = run(command, args, options);
  if (status !== 0) process.exit(status);
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** `npm ci` when node_modules is missing or older than the lock file. */
export function ensureDependencies() {
  const marker = join(ROOT, 'node_modules', '.package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(join(ROOT, 'package-lock.json')).mtimeMs) return;
  console.info('[dealboard] installing dependencies (npm ci)...');
  runOrExit('npm', ['ci', '--no-audit', '--no-fund']);
}

/** `vite build` when the built app is missing or older than any source it is built from. */
export function ensureWebBuild({ force = false } = {}) {
  const built = join(ROOT, 'dist', 'web', 'index.html');
  const sources = ['web', 'core', 'vite.config.ts', 'package-lock.json'].map((p) => newestMtime(join(ROOT, p)));
  if (!force && existsSync(built) && statSync(built).mtimeMs >= Math.max(...sources)) return;
  console.info('[dealboard] building the web app...');
  runOrExit('npm', ['run', '--silent', 'build']);
}

/** Where the server's bundle goes (scripts/build-server.mjs): what `npm start` and the tests run. */
export const SERVER_BUNDLE = join(ROOT, 'dist', 'server', 'main.mjs');

/**
 * Bundles the server (server/ and core/, TypeScript) into one ES module with esbuild, when the
 * bundle is missing or older than any source (about 0.2 s). Packages stay outside it, loaded from
 * node_modules as usual. Written beside and then renamed, so a process starting the server
 * meanwhile never reads half a file.
 */
export function ensureServerBuild({ force = false } = {}) {
  const sources = ['server', 'core', 'tsconfig.server.json', 'tsconfig.base.json', 'package-lock.json'].map((p) =>
    newestMtime(join(ROOT, p)),
  );
  if (!force && existsSync(SERVER_BUNDLE) && statSync(SERVER_BUNDLE).mtimeMs >= Math.max(...sources)) return;
  const partial = join(dirname(SERVER_BUNDLE), `.partial-${process.pid}`);
  runOrExit(join(ROOT, 'node_modules', '.bin', 'esbuild'), [
    'server/main.ts',
    '--bundle',
    '--platform=node',
    '--format=esm',
    '--target=node20',
    '--packages=external',
    '--sourcemap',
    '--tsconfig=tsconfig.server.json',
    '--log-level=warning',
    `--outfile=${join(partial, 'main.mjs')}`,
  ]);
  renameSync(join(partial, 'main.mjs.map'), `${SERVER_BUNDLE}.map`);
  renameSync(join(partial, 'main.mjs'), SERVER_BUNDLE);
  rmSync(partial, { recursive: true, force: true });
}

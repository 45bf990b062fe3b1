import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

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

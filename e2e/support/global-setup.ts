import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { type RunningServer, startServer } from './server';

let server: RunningServer | null = null;
let webCopy: string | null = null;

/**
 * One server for the whole e2e run, on a fresh data folder; each journey makes its own people.
 * It serves a private copy of the built app (E2E_WEB_DIST, else dist/web), so a rebuild during
 * the run cannot pull files from under it.
 */
/** Longer than the browser journeys take on the CI machine (about 10 minutes). */
const MIDNIGHT_GUARD_MS = 15 * 60_000;
const COMPANY_TIME_ZONE = 'Europe/Oslo';

/** Milliseconds until the next midnight in the company's zone (UTC+1 or +2), computed here. */
function msUntilCompanyMidnight(now = new Date()): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: COMPANY_TIME_ZONE, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
    .format(now)
    .split(':')
    .map(Number) as [number, number, number];
  const [h, m, sec] = parts;
  return ((24 - h) * 3600 - m * 60 - sec) * 1000 - now.getMilliseconds();
}

export async function setup(project: TestProject) {
  // The journeys compare screens with "today" in Oslo, computed once as they load. A run that
  // crosses Oslo midnight would compare yesterday's ledger with today's screens: close to
  // midnight, wait for the new day first (at most 15 minutes, a few times a year on CI).
  const untilMidnight = msUntilCompanyMidnight();
  if (untilMidnight < MIDNIGHT_GUARD_MS) {
    console.info(`[e2e] ${Math.ceil(untilMidnight / 1000)} s to midnight in ${COMPANY_TIME_ZONE}: waiting for the new day so no journey spans two days`);
    await new Promise((resolve) => setTimeout(resolve, untilMidnight + 30_000));
  }
  const built = resolve(process.env.E2E_WEB_DIST ?? 'dist/web');
  if (!existsSync(join(built, 'index.html'))) throw new Error(`No built web app in ${built}: run \`npx vite build\` first.`);
  webCopy = mkdtempSync(join(tmpdir(), 'dealboard-web-'));
  cpSync(built, webCopy, { recursive: true });
  server = await startServer({ WEB_DIST_DIR: webCopy });
  project.provide('baseUrl', server.baseUrl);
  project.provide('webDist', webCopy);
}

export async function teardown() {
  if (server && process.env.E2E_SERVER_LOG) console.log(server.output());
  await server?.stop();
  if (webCopy) rmSync(webCopy, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The private copy of the built app, for journeys that start a server of their own. */
    webDist: string;
  }
}

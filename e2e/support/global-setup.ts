import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { computeMsUntilNextLocalDay } from '@core/period';
import type { TestProject } from 'vitest/node';
import { ensurePgliteFolder } from '../../server/test/base-database';
import { type RunningServer, startServer } from './server';
import { startServerPool } from './server-pool';

let shared: RunningServer | null = null;
let pool: Awaited<ReturnType<typeof startServerPool>> | null = null;
let webCopy: string | null = null;

/** Longer than the browser journeys take on the CI machine (about 10 minutes). */
const MIDNIGHT_GUARD_MS = 15 * 60_000;
const COMPANY_TIME_ZONE = 'Europe/Oslo';

/**
 * What every journey shares: a private copy of the built app (E2E_WEB_DIST, else dist/web), so a
 * rebuild during the run cannot pull files from under it; the migrated data folder journey servers
 * start from; the shared multi-tenant server; and the pool of servers started ahead.
 */
export async function setup(project: TestProject) {
  // The journeys compare screens with "today" in Oslo, computed once as they load. A run that
  // crosses Oslo midnight would compare yesterday's ledger with today's screens: close to
  // midnight, wait for the new day first (at most 15 minutes, only for a run started then).
  const untilMidnight = computeMsUntilNextLocalDay(new Date(), COMPANY_TIME_ZONE);
  if (untilMidnight < MIDNIGHT_GUARD_MS) {
    console.info(
      `[e2e] ${Math.ceil(untilMidnight / 1000)} s to midnight in ${COMPANY_TIME_ZONE}: waiting for the new day so no journey spans two days`,
    );
    await new Promise((resolve) => setTimeout(resolve, untilMidnight + 30_000));
  }
  const built = resolve(process.env.E2E_WEB_DIST ?? 'dist/web');
  if (!existsSync(join(built, 'index.html'))) throw new Error(`No built web app in ${built}: run \`npx vite build\` first.`);
  webCopy = mkdtempSync(join(tmpdir(), 'dealboard-web-'));
  cpSync(built, webCopy, { recursive: true });
  // Journey servers start from a copy of one migrated data folder (e2e/support/server.ts); their
  // forks inherit this variable. (The landing journey's server starts on an empty folder, as a
  // first `npm start` does, so that path stays proven in a browser.)
  process.env.E2E_BASE_DATA_DIR = await ensurePgliteFolder();
  // The journeys' shared server (useSharedServer, shared-server.ts): multi-tenant, each journey
  // file a company of its own in it.
  shared = await startServer({ WEB_DIST_DIR: webCopy, TENANCY: 'multi' }, { fromPool: false });
  project.provide('sharedBaseUrl', shared.baseUrl);
  // Journeys that ask for a server of their own with nothing else set take one started ahead.
  pool = await startServerPool({ WEB_DIST_DIR: webCopy });
  process.env.E2E_SERVER_POOL = pool.url;
  process.env.E2E_SERVER_POOL_WEB_DIST = webCopy;
  project.provide('webDist', webCopy);
}

export async function teardown() {
  await pool?.close();
  await shared?.stop();
  if (webCopy) rmSync(webCopy, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The journeys' shared multi-tenant server (useSharedServer, e2e/support/shared-server.ts). */
    sharedBaseUrl: string;
    /** The private copy of the built app, for journeys that start a server of their own. */
    webDist: string;
  }
}

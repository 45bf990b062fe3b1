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
export async function setup(project: TestProject) {
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

import type { TestProject } from 'vitest/node';
import { type RunningServer, startServer } from './server';

let server: RunningServer | null = null;

/** One server for the whole e2e run, on a fresh data folder; each journey makes its own people. */
export async function setup(project: TestProject) {
  server = await startServer();
  project.provide('baseUrl', server.baseUrl);
}

export async function teardown() {
  if (server && process.env.E2E_SERVER_LOG) console.log(server.output());
  await server?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

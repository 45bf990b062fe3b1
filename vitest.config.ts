import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const alias = {
  '@core': resolve(import.meta.dirname, 'core'),
  '@server': resolve(import.meta.dirname, 'server'),
  '@web': resolve(import.meta.dirname, 'web'),
};

/** The app's: `@core/contracts` is web/lib/contracts.ts there (core's, with zod's refusals in the screen's language). */
const webAlias = [
  { find: /^@core\/contracts$/, replacement: resolve(import.meta.dirname, 'web/lib/contracts.ts') },
  ...Object.entries(alias).map(([find, replacement]) => ({ find, replacement })),
];

const postgresUrl = process.env.TEST_DATABASE_URL ?? '';

/**
 * A server project on one engine: TEST_DATABASE_URL empty is PGlite in memory, else that
 * PostgreSQL server. Each file starts from a copy of one migrated base (server/test/base-database.ts),
 * built by the global setup before the files start.
 */
function serverProject(name: string, include: string[], exclude: string[], databaseUrl: string) {
  return {
    resolve: { alias },
    test: {
      name,
      include,
      exclude,
      environment: 'node' as const,
      // TEST_ENGINES: whether this run has both engines (the fuzz shares its cases out between them).
      env: { TEST_DATABASE_URL: databaseUrl, TEST_ENGINES: postgresUrl ? 'both' : 'pglite' },
      globalSetup: ['server/test/global-setup.ts'],
      setupFiles: ['server/test/setup.ts'],
      pool: 'forks' as const,
      maxWorkers: 2,
      // Files share their worker's modules instead of importing the whole server (and compiling
      // PGlite's WASM) again each: that took half of every file's time. Each file still has its
      // own database, and module state is per database (listeners are sets, caches live in deps).
      isolate: false,
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
}

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: 'core', include: ['core/**/*.test.ts'], environment: 'node', maxWorkers: 2 },
      },
      {
        // The project's own tooling (lint rules), tested like code.
        resolve: { alias },
        test: { name: 'tooling', include: ['scripts/**/*.test.ts'], environment: 'node', testTimeout: 30_000, maxWorkers: 2 },
      },
      // Every server file on PGlite (the default engine, what `npm start` runs).
      serverProject('server', ['server/**/*.test.ts'], ['server/**/*.postgres.test.ts'], ''),
      // With TEST_DATABASE_URL (CI), the files whose outcome can depend on the engine run on
      // PostgreSQL too, named by kind (docs/testing.md, "Test kinds"): *.engines.test.ts on both
      // engines, *.postgres.test.ts on PostgreSQL only (what only a server has: a LISTEN connection to lose).
      ...(postgresUrl ? [serverProject('server-postgres', ['server/**/*.{engines,postgres}.test.ts'], [], postgresUrl)] : []),
      {
        plugins: [react()],
        resolve: { alias: webAlias },
        test: {
          name: 'web',
          include: ['web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Two files at a time: vitest's default on 2 cores is one worker, which left a core idle.
          maxWorkers: 2,
          // Files share their worker's jsdom and modules: building a window and importing React,
          // the router and the UI kit again for each of 90 files was most of the stage. Each file
          // still starts from a clean window (web/test/setup.ts resets storage, language, document).
          isolate: false,
          // Whole pages render in jsdom; on a busy 2-core CI machine some take several seconds.
          testTimeout: 20_000,
          setupFiles: ['web/test/setup.ts'],
        },
      },
    ],
  },
});

import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const alias = {
  '@core': resolve(import.meta.dirname, 'core'),
  '@server': resolve(import.meta.dirname, 'server'),
  '@web': resolve(import.meta.dirname, 'web'),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: 'core', include: ['core/**/*.test.ts'], environment: 'node' },
      },
      {
        // The project's own tooling (lint rules), tested like code.
        resolve: { alias },
        test: { name: 'tooling', include: ['scripts/**/*.test.ts'], environment: 'node', testTimeout: 30_000 },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          // *.postgres.test.ts prove what only a PostgreSQL server has (a LISTEN connection to
          // lose): collected on the PostgreSQL run, not on PGlite's (rather than reported skipped).
          exclude: process.env.TEST_DATABASE_URL ? [] : ['server/**/*.postgres.test.ts'],
          environment: 'node',
          // Each file boots its own database; PGlite is CPU-bound WASM, so two at a time on 2 cores.
          pool: 'forks',
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'web',
          include: ['web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Whole pages render in jsdom; on a busy 2-core CI machine some take several seconds.
          testTimeout: 20_000,
          setupFiles: ['web/test/setup.ts'],
        },
      },
    ],
  },
});

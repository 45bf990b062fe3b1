import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import { JourneySequencer } from './e2e/support/sequencer';
import { E2E_WORKERS } from './e2e/support/workers';

/** Browser journeys against the built app (run by scripts/e2e.mjs after `vite build`). */
export default defineConfig({
  resolve: { alias: { '@core': resolve(import.meta.dirname, 'core') } },
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    setupFiles: ['e2e/support/setup.ts'],
    environment: 'node',
    pool: 'forks',
    // Files share their worker's modules (Playwright, the support code): importing them again for
    // each file was about 3 s of CPU per file. Each file still makes its own company on the shared
    // server and closes its own Chromium (e2e/support/setup.ts).
    isolate: false,
    maxWorkers: E2E_WORKERS,
    fileParallelism: E2E_WORKERS > 1,
    // The journeys that wait on a clock go first, beside the others' work (e2e/support/sequencer.ts).
    sequence: { sequencer: JourneySequencer },
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // A page that answers in a second alone can take several late in a full run on 2 cores (a
    // dashboard poll once ran out at the default 1 s): journeys wait as long as a person would.
    expect: { poll: { timeout: 10_000 } },
  },
});

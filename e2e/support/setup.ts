import { afterAll, afterEach, beforeAll } from 'vitest';
import { forgetJourneyCompanies } from './accounts';
import { closeSharedChromium, describeOpenPages } from './browser';

// Each journey file's Chromium goes with the file (e2e/support/browser.ts).
afterAll(closeSharedChromium);

// Each file makes its own company on the shared server, also after another file in this worker.
beforeAll(forgetJourneyCompanies);

// A failed journey says what its pages showed: the log is all a CI run leaves behind.
afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  const pages = await describeOpenPages(task.name);
  if (pages) console.error(`What the open pages showed when "${task.name}" failed:\n${pages}`);
});

import { afterAll, beforeAll } from 'vitest';
import { forgetJourneyCompanies } from './accounts';
import { closeSharedChromium } from './browser';

// Each journey file's Chromium goes with the file (e2e/support/browser.ts).
afterAll(closeSharedChromium);

// Each file makes its own company on the shared server, also after another file in this worker.
beforeAll(forgetJourneyCompanies);

import { afterAll } from 'vitest';
import { closeSharedChromium } from './browser';

// Each journey file's Chromium goes with the file (e2e/support/browser.ts).
afterAll(closeSharedChromium);

#!/usr/bin/env node
// Screens for a person to look at (not tests, not part of `npm test`): e2e/screens/*.screens.ts
// walk screens in every language, at phone and desktop width, light and dark, and write
// artifacts/screenshots/<name>.png. Same server, browser and support code as the journeys.
import { ensureChromium } from './chromium.mjs';
import { ensureDependencies, ensureWebBuild, runOrExit } from './lib.mjs';

ensureDependencies();
ensureChromium();
ensureWebBuild();
process.env.E2E_SCREENSHOTS = 'on';
runOrExit('npx', ['vitest', 'run', '--config', 'vitest.screens.config.ts', ...process.argv.slice(2)]);

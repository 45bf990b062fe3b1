#!/usr/bin/env node
// Browser journeys: build the app, then run e2e/*.e2e.ts against a real server (see
// e2e/support/global-setup.ts) in Debian's chromium.
import { ensureChromium } from './chromium.mjs';
import { ensureDependencies, ensureWebBuild, runOrExit } from './lib.mjs';

ensureDependencies();
ensureChromium();
ensureWebBuild();
runOrExit('npx', ['vitest', 'run', '--config', 'vitest.e2e.config.ts', ...process.argv.slice(2)]);

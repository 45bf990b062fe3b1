#!/usr/bin/env node
// `npm start`: install if needed, build the web app if stale, then serve app + API (migrations
// run at server start). With no DATABASE_URL the embedded PGlite database lives in ./data.
import { spawn } from 'node:child_process';
import { ensureDependencies, ensureWebBuild, ROOT } from './lib.mjs';

ensureDependencies();
ensureWebBuild();

const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

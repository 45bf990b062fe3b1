#!/usr/bin/env node
// `npm start`: install if needed, build the web app and bundle the server if stale, then serve
// app + API (migrations run at server start). With no DATABASE_URL the embedded PGlite database
// lives in ./data.
import { spawn } from 'node:child_process';
import { ensureDependencies, ensureServerBuild, ensureWebBuild, ROOT, SERVER_BUNDLE } from './lib.mjs';

ensureDependencies();
ensureWebBuild();
ensureServerBuild();

// The server's bundle (decision 061), with its source map for stack traces that name our files.
const child = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], { cwd: ROOT, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

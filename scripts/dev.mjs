#!/usr/bin/env node
// `npm run dev`: the API with reload on change (tsx watch, port 3001) and Vite's dev server with
// hot module replacement on http://localhost:3000, proxying /api to the API.
import { spawn } from 'node:child_process';
import { ensureDependencies, ROOT } from './lib.mjs';

ensureDependencies();
const apiPort = process.env.API_PORT ?? '3001';
const webPort = process.env.PORT ?? '3000';
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${webPort}` },
  }),
  spawn('npx', ['vite', '--port', webPort, '--strictPort'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });

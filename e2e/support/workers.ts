/**
 * Journey files at a time (E2E_WORKERS, default 1). Measured on the 2-core CI machine: one file
 * already keeps both cores about 85 % busy (Chromium's renderer, compositor and browser processes,
 * the server, the runner), and two at a time took longer per file than they saved, while making
 * every wait in them twice as long. A machine with more cores can set more; the server pool keeps
 * one server ready per worker (server-pool.ts).
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 1));

/**
 * Journey files at a time (E2E_WORKERS, default 2). Measured on the 2-core CI machine with every
 * journey in Debian's headless shell, reduced motion and the shared server (decision 062): one file
 * at a time kept the cores 69 % busy (a journey waits on its server and its browser in turn) and
 * took 1,283 s; two at a time kept them 96 % busy and took 1,086 s, every check passing. (Before
 * those changes one file alone kept them 85 % busy, and two took longer.) A machine with more cores
 * can set more.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

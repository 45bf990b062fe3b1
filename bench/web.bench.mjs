#!/usr/bin/env node
/*
 * npm run bench:web -- the public face's speed, as a benchmark rather than a timed test.
 *
 *   1. Builds the web app (vite build: the SPA and the pre-rendered public site) when dist/web is
 *      missing or older than its sources (--build forces it).
 *   2. Starts the real server on a free port with a temporary data folder (as e2e/support/server.ts).
 *   3. Counts the JavaScript each page makes the browser download, gzipped: /landing and the sign-in
 *      page /auth (both pre-rendered: checks that none of it is the app's), the app's signed-out
 *      screens (the join form, the reset-password form, /join, the waiting page of a signed-in
 *      person without a company) and the signed-in app shell's first load (/app: the dashboard).
 *      Budgets (decisions 026 and 029): 100 KB for /auth, 200 KB for any app screen.
 *   4. A rep's phone (decision 068): quick log, the dashboard and My Activity signed in, at 390x844 with
 *      4x CPU slowdown and a 150 ms, 1.6 Mbps network, cold (an empty cache) and warm (the service
 *      worker's cache): requests, JavaScript as sent, the first usable control and the largest paint,
 *      against the phone budgets. --phone-only measures this alone (--list-files names the scripts;
 *      --waterfall, --profile, --coverage and --trace say where the time went: requests and the
 *      largest-paint candidates, the main thread by script, how much of each script ran, and the
 *      main thread by trace event, scripts against style, layout and paint; --no-start-copy starts
 *      the warm visit without quick log's copy of itself, decision 090, to compare; --no-worker blocks
 *      the service worker, to see what its install costs a first visit, decision 091; --trace-file=F
 *      writes the raw trace events beside).
 *      The cold visit waits for the worker to be ready before the warm one: it registers after the
 *      start (decision 091).
 *   5. Runs Lighthouse 12 (its own install in bench/lighthouse) against Debian's chromium for /landing, desktop and mobile (median of
 *      --runs, default 5): performance, accessibility, best practices, SEO; the goal is 95 each.
 *
 * Prints a Markdown table. --update-docs rewrites the "## Web" section of docs/performance.md
 * (and only that section). Exits non-zero when a figure misses its goal or budget (--no-fail to
 * only report). --runs=1 while developing: Lighthouse is heavy on a shared machine.
 *
 *   npm run bench:web -- --update-docs
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = resolve(import.meta.dirname, '..');
const DIST = join(ROOT, 'dist', 'web');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const args = new Set(process.argv.slice(2));
const runsArg = process.argv.find((a) => a.startsWith('--runs='));
const RUNS = runsArg ? Math.max(1, Number(runsArg.split('=')[1])) : 5;
const LANDING_JS_BUDGET_KB = 90;
/**
 * Decisions 026 and 029: the sign-in page (/auth, pre-rendered: none of the app's code), and
 * the app's first load on any screen, signed out or in (gzipped JavaScript).
 */
const SIGN_IN_JS_BUDGET_KB = 100;
const APP_JS_BUDGET_KB = 200;
const LIGHTHOUSE_GOAL = 95;
const START_LOAD = loadavg()[0];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const log = (...parts) => console.info('[bench:web]', ...parts);

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function buildIfNeeded() {
  const marker = join(DIST, 'site', 'manifest.json');
  const built = existsSync(marker) && existsSync(join(DIST, 'index.html')) ? statSync(marker).mtimeMs : 0;
  const sources = Math.max(
    ...['web', 'core', 'scripts/public-site'].map((d) => newestMtime(join(ROOT, d))),
    statSync(join(ROOT, 'vite.config.ts')).mtimeMs,
  );
  if (!args.has('--build') && built > sources) return log('dist/web is up to date');
  log('building (npx vite build)...');
  const result = spawnSync('npx', ['vite', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error('vite build failed');
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

async function waitFor(url, timeoutMs, process) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (process && process.exitCode !== null) throw new Error(`${url}: the process exited early`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer in time`);
}

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'dealboard-bench-web-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      DATABASE_URL: '',
      AUTH_RATE_LIMIT: '500',
      WEB_DIST_DIR: DIST,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  try {
    await waitFor(`${baseUrl}/api/health`, 60_000, child);
  } catch (error) {
    console.error(output);
    throw error;
  }
  return {
    baseUrl,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An account through the API and the dev mailbox (as e2e/support/accounts.ts), signed in and provisioned: its cookies. */
async function signedInCookies(baseUrl, name) {
  const account = {
    name,
    email: `bench.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`,
    password: 'bench-password-42',
  };
  const headers = { 'content-type': 'application/json', origin: baseUrl };
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...account, callbackURL: '/auth/callback' }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status}`);
  let link = null;
  for (let attempt = 0; attempt < 40 && !link; attempt++) {
    const { mail } = await (await fetch(`${baseUrl}/api/dev/mail?to=${encodeURIComponent(account.email)}`)).json();
    link = mail.flatMap((m) => m.links).find((l) => /verify-email/.test(l)) ?? null;
    if (!link) await new Promise((r) => setTimeout(r, 250));
  }
  if (!link) throw new Error('no confirmation mail');
  await fetch(link, { redirect: 'manual' });
  const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
  const cookies = signIn.headers.getSetCookie().map((raw) => {
    const [pair] = raw.split(';');
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl, httpOnly: true, sameSite: 'Lax' };
  });
  await callApi(baseUrl, cookies, 'POST', '/me/provision');
  return cookies;
}

async function callApi(baseUrl, cookies, method, path) {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: { origin: baseUrl, cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') },
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
  return response.json();
}

/**
 * A signed-in person without a company, who waits on /awaiting-assignment: the second person in
 * joins the (single-tenant) company and the admin removes them again.
 */
async function waitingPersonCookies(baseUrl, adminCookies) {
  const cookies = await signedInCookies(baseUrl, 'Bench Waiting');
  const me = await callApi(baseUrl, cookies, 'GET', '/me');
  await callApi(baseUrl, adminCookies, 'DELETE', `/team/members/${me.user.id}`);
  return cookies;
}

/** The scripts a page makes the browser fetch (until the network is idle), each gzipped at level 9. */
async function measureJs(browser, baseUrl, path, cookies = []) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  if (cookies.length) await context.addCookies(cookies);
  const page = await context.newPage();
  const scripts = new Map();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => null);
    if (body) scripts.set(new URL(response.url()).pathname, { raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  });
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  const finalPath = new URL(page.url()).pathname;
  await context.close();
  const files = [...scripts.entries()].map(([file, size]) => ({ file, ...size }));
  return {
    path,
    finalPath,
    files,
    raw: files.reduce((sum, f) => sum + f.raw, 0),
    gzip: files.reduce((sum, f) => sum + f.gzip, 0),
  };
}

/**
 * A signed-in screen on a phone, cold, as a rep on a train would meet it (decision 068).
 * Chromium at 390x844 with 4x CPU throttling and a 150 ms, 1.6 Mbps network (the profile the
 * phone budgets of decision 068 are set for), an empty cache, the service worker allowed: every request the page and
 * its worker make until the network is idle (JavaScript files and gzipped bytes as sent), the
 * largest contentful paint, and when the screen's first usable control showed. Then, for a warm
 * start, the same screen again in the same browser profile (the worker's cache), WARM_VISITS times:
 * the warm figures are the visit with the median usable time (one visit on a shared two-core machine
 * swings by ±300 ms; all are printed).
 */
const WARM_VISITS = 3;
const PHONE_SCREENS = [
  { label: 'Quick log (/app/quick-log)', path: '/app/quick-log', usable: 'Call not answered' },
  { label: 'Dashboard (/app)', path: '/app', usable: 'Log' },
  { label: 'My Activity (/app/activity)', path: '/app/activity', usable: 'Call' },
];
const PHONE_PROFILE = { latencyMs: 150, downloadBps: 1_600_000, uploadBps: 750_000, cpuSlowdown: 4 };
/**
 * The phone budgets (decision 068), on that profile: quick log usable within 2.5 s cold and 1 s
 * warm, the dashboard's largest paint within 2.5 s (the "good" line of Core Web Vitals), and by
 * network idle at most 200 KB of JavaScript and 40 requests from the page.
 */
const PHONE_BUDGET = { coldUsableMs: 2_500, warmUsableMs: 1_000, lcpMs: 2_500, jsKb: 200, requests: 40 };

async function throttle(context, page) {
  const cdp = await context.newCDPSession(page);
  page.__cdp = cdp;
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE_PROFILE.latencyMs,
    downloadThroughput: PHONE_PROFILE.downloadBps / 8,
    uploadThroughput: PHONE_PROFILE.uploadBps / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_PROFILE.cpuSlowdown });
  return cdp;
}

/** Records the page's largest contentful paint (ms since navigation start) in window.__lcp. */
const LCP_RECORDER = () => {
  globalThis.__lcp = 0;
  globalThis.__lcpEntries = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      globalThis.__lcp = Math.max(globalThis.__lcp, entry.startTime);
      const element = entry.element;
      globalThis.__lcpEntries.push(
        `${Math.round(entry.startTime)} ms, ${entry.size} px: <${element?.tagName?.toLowerCase() ?? '?'} class="${element?.className ?? ''}"> ${(element?.textContent ?? '').slice(0, 60)}`,
      );
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  // When quick log's copy of itself (decision 090) went in, and when the app replaced it.
  new globalThis.MutationObserver(() => {
    const root = globalThis.document.getElementById('root');
    if (!root) return;
    if (root.hasAttribute('data-start-snapshot')) globalThis.__copyAt ??= performance.now();
    else if (globalThis.__copyAt && root.firstElementChild) globalThis.__copyGoneAt ??= performance.now();
  }).observe(globalThis.document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-start-snapshot'] });
};

/**
 * When the screen's first usable control showed: looked for by the page itself in every frame
 * (before it is painted) and said on the console, which the bench listens to. Not a Playwright
 * waitForFunction: that puts Playwright's own script into the page as it starts, which on the
 * throttled phone took the main thread for about 300 ms before the page had asked for its first file.
 */
const USABLE_MESSAGE = 'dealboard-bench: usable';
const USABLE_RECORDER = ({ name, message }) => {
  const look = () => {
    const control = [...globalThis.document.querySelectorAll('button, a')].find((el) => el.textContent?.trim().includes(name));
    if (control && !control.disabled && control.getBoundingClientRect().height > 0) {
      globalThis.__usableAt = performance.now();
      console.debug(message);
    } else globalThis.requestAnimationFrame(look);
  };
  globalThis.requestAnimationFrame(look);
};

async function visitOnPhone(context, baseUrl, path, usable, { waitForWorker = false } = {}) {
  const page = await context.newPage();
  page.on('pageerror', (error) => log(`${path}: page error: ${error.message}`));
  page.on('console', (message) => message.type() === 'error' && log(`${path}: console error: ${message.text()}`));
  await throttle(context, page);
  const requests = [];
  const scripts = new Map();
  const workerRequests = [];
  // The worker's own fetches (its install) are counted apart from the page's.
  const onRequest = (request) => (request.serviceWorker() ? workerRequests : requests).push(request.url());
  const onResponse = async (response) => {
    if (response.request().serviceWorker()) return;
    if (response.request().resourceType() !== 'script' && !/\.js($|\?)/.test(response.url())) return;
    // The worker's own script (registered after the start, decision 091) is not the page's JavaScript.
    if (new URL(response.url()).pathname === '/sw.js') return;
    const sizes = await response
      .request()
      .sizes()
      .catch(() => null);
    scripts.set(response.url(), sizes ? sizes.responseBodySize : 0);
  };
  context.on('request', onRequest);
  context.on('response', onResponse);
  // --coverage: how much of each script had run by the time the screen was usable (what a leaner
  // start could leave for later).
  if (args.has('--coverage')) await page.coverage.startJSCoverage({ resetOnNavigation: false });
  // --profile: where the main thread's time went until the screen was usable (self time per script and function).
  if (args.has('--profile')) {
    await page.__cdp.send('Profiler.enable');
    await page.__cdp.send('Profiler.setSamplingInterval', { interval: 500 });
    await page.__cdp.send('Profiler.start');
  }
  // --trace: the main thread's work by kind (scripts compiled and run, style, layout, paint) until usable.
  const tracing = args.has('--trace') ? startTrace(page.__cdp) : null;
  const shown = new Promise((resolve, reject) => {
    const timeout = setTimeout(() => reject(new Error(`${path}: no usable "${usable}" within a minute`)), 60_000);
    page.on('console', (message) => {
      if (message.text() !== USABLE_MESSAGE) return;
      clearTimeout(timeout);
      resolve();
    });
  });
  await page.addInitScript(USABLE_RECORDER, { name: usable, message: USABLE_MESSAGE });
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'commit' });
  await shown;
  const usableAt = await page.evaluate(() => globalThis.__usableAt);
  if (args.has('--coverage')) logCoverage(path, usableAt, await page.coverage.stopJSCoverage());
  if (tracing) {
    const events = await tracing.stop();
    logTrace(path, usableAt, events);
    // --trace-file=F: the raw events too, for a timeline viewer: F<screen>-<n>.json, n counting that
    // screen's visits (1 cold, 2 and on warm).
    const file = process.argv.find((a) => a.startsWith('--trace-file='))?.slice('--trace-file='.length);
    const visit = (traceVisits[path] = (traceVisits[path] ?? 0) + 1);
    if (file) writeFileSync(`${file}${path.replace(/\W+/g, '-')}-${visit}.json`, JSON.stringify({ traceEvents: events }));
  }
  if (args.has('--profile')) logProfile(path, usableAt, (await page.__cdp.send('Profiler.stop')).profile);
  await page.waitForLoadState('networkidle', { timeout: 120_000 });
  await page.waitForTimeout(1_000);
  const pageRequests = requests.length;
  const pageScripts = new Map(scripts);
  const lcp = await page.evaluate(() => globalThis.__lcp);
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0);
  // --waterfall: when each of the page's requests started and ended (ms since navigation), to see
  // what waits for what.
  if (args.has('--waterfall')) {
    const entries = await page.evaluate(() =>
      [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map((e) => ({
        name: e.name,
        start: e.startTime,
        end: e.responseEnd,
        size: e.transferSize,
      })),
    );
    log(`${path} waterfall (usable at ${Math.round(usableAt)} ms, LCP ${Math.round(lcp)} ms):`);
    const timing = await page.evaluate(() => {
      const n = performance.getEntriesByType('navigation')[0]?.toJSON() ?? {};
      const keys = [
        'redirectEnd',
        'workerStart',
        'fetchStart',
        'requestStart',
        'responseStart',
        'responseEnd',
        'domInteractive',
        'domContentLoadedEventEnd',
        'loadEventEnd',
      ];
      return keys.map((k) => `${k} ${Math.round(n[k] ?? 0)}`).join(', ');
    });
    log(`  navigation: ${timing}`);
    const copy = await page.evaluate(() => [globalThis.__copyAt ?? 0, globalThis.__copyGoneAt ?? 0].map(Math.round));
    log(
      `  first contentful paint ${Math.round(fcp)} ms; quick log's copy (decision 090) in at ${copy[0]} ms, replaced by the app at ${copy[1]} ms`,
    );
    for (const entry of await page.evaluate(() => globalThis.__lcpEntries)) log(`  largest paint candidate: ${entry}`);
    for (const e of entries.sort((a, b) => a.start - b.start))
      log(
        `  ${String(Math.round(e.start)).padStart(5)}-${String(Math.round(e.end)).padStart(5)} ${String(e.size).padStart(6)} ${e.name.replace(baseUrl, '')}`,
      );
  }
  // The worker registers once the start is over (decision 091) and installs the shell: waited for,
  // so that the next visit starts from its cache, and its fetches are all counted.
  if (waitForWorker) {
    // A worker that never installs fails the bench rather than hanging it.
    const ready = await page.evaluate(() =>
      Promise.race([navigator.serviceWorker.ready.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 60_000))]),
    );
    if (!ready) throw new Error(`${path}: the service worker was not ready a minute after the start`);
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
  }
  context.off('request', onRequest);
  context.off('response', onResponse);
  await page.close();
  const files = [...pageScripts.entries()].filter(([url]) => url.startsWith(baseUrl));
  return {
    requests: pageRequests,
    workerRequests: workerRequests.length,
    jsFiles: files.length,
    jsBytes: files.reduce((sum, [, bytes]) => sum + bytes, 0),
    usableMs: usableAt,
    lcpMs: lcp,
    fcpMs: fcp,
    fileNames: files.map(([url]) => new URL(url).pathname),
    sizes: Object.fromEntries(files.map(([url, bytes]) => [new URL(url).pathname, bytes])),
  };
}

/** Self time per script and per function in a CPU profile (ms, as sampled). */
function logProfile(path, usableAt, profile) {
  const out = [...args].find((a) => a.startsWith('--profile-out='))?.slice('--profile-out='.length);
  if (out) writeFileSync(`${out}.${(logProfile.count = (logProfile.count ?? 0) + 1)}.cpuprofile`, JSON.stringify(profile));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i]);
    const delta = (profile.timeDeltas[i] ?? 0) / 1000;
    self.set(node, (self.get(node) ?? 0) + delta);
  }
  const byScript = new Map();
  const byFunction = new Map();
  for (const [node, ms] of self) {
    const url = node.callFrame.url ? new URL(node.callFrame.url, 'http://x').pathname : `(${node.callFrame.functionName || 'program'})`;
    byScript.set(url, (byScript.get(url) ?? 0) + ms);
    const fn = `${node.callFrame.functionName || '(anonymous)'} ${url}:${node.callFrame.lineNumber}:${node.callFrame.columnNumber}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
  }
  const top = (map, n) => [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);
  // A timeline in 250 ms windows: what the main thread did in each (idle, native work, scripts).
  const windows = [];
  let at = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    at += (profile.timeDeltas[i] ?? 0) / 1000;
    const node = byId.get(profile.samples[i]);
    const kind = node.callFrame.url
      ? new URL(node.callFrame.url, 'http://x').pathname.replace('/assets/', '')
      : node.callFrame.functionName;
    const w = (windows[Math.floor(at / 250)] ??= new Map());
    w.set(kind, (w.get(kind) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
  }
  log(`${path} main thread per 250 ms (since profiling started):`);
  windows.forEach((w, i) =>
    log(
      `  ${String(i * 250).padStart(5)} ${top(w ?? new Map(), 4)
        .map(([k, ms]) => `${k} ${Math.round(ms)}`)
        .join(', ')}`,
    ),
  );
  log(`${path} CPU profile until usable (${Math.round(usableAt)} ms), self time by script:`);
  for (const [url, ms] of top(byScript, 15)) log(`  ${String(Math.round(ms)).padStart(6)} ms ${url}`);
  log('by function:');
  for (const [fn, ms] of top(byFunction, 25)) log(`  ${String(Math.round(ms)).padStart(6)} ms ${fn}`);
}

/** Starts a Chromium trace of the page's renderer; stop() answers its events. */
/** Traced visits per screen so far (--trace-file). */
const traceVisits = {};
function startTrace(cdp) {
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const started = cdp.send('Tracing.start', {
    categories: 'devtools.timeline,v8,v8.execute,blink,loading,blink.user_timing,disabled-by-default-devtools.timeline',
    transferMode: 'ReportEvents',
  });
  return {
    async stop() {
      await started;
      const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.end');
      await done;
      return events;
    },
  };
}

/**
 * The renderer main thread's complete events until usable, by name: each event's time minus its
 * children's (self time), so nested work is counted once.
 */
function logTrace(path, usableAt, events) {
  // The renderer that loaded the page: of the main threads that parsed HTML, the busiest (a warm
  // visit's page can share the trace with another renderer's).
  const busy = (thread) =>
    events.filter((x) => x.pid === thread.pid && x.tid === thread.tid && x.ph === 'X').reduce((sum, x) => sum + (x.dur ?? 0), 0);
  const main = events
    .filter(
      (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((x) => x.pid === e.pid && x.name === 'ParseHTML'),
    )
    .map((thread) => ({ thread, time: busy(thread) }))
    .sort((a, b) => b.time - a.time)[0]?.thread;
  if (!main) return log(`${path}: no renderer main thread in the trace`);
  const spans = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && typeof e.dur === 'number')
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const navigation = events.find((e) => e.pid === main.pid && e.name === 'navigationStart')?.ts ?? spans[0]?.ts ?? 0;
  const end = navigation + usableAt * 1000;
  const self = new Map();
  const stack = [];
  for (const span of spans) {
    if (span.ts > end) break;
    while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= span.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - span.dur);
    self.set(span.name, (self.get(span.name) ?? 0) + span.dur);
    stack.push(span);
  }
  log(`${path} main thread until usable (${Math.round(usableAt)} ms), self time by trace event:`);
  for (const [name, us] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 20)) {
    log(`  ${String(Math.round(us / 1000)).padStart(6)} ms ${name}`);
  }
}

/** Per script: its size and the bytes of the functions that ran (Chromium's block coverage). */
function logCoverage(path, usableAt, entries) {
  const out = [...args].find((a) => a.startsWith('--coverage-out='))?.slice('--coverage-out='.length);
  if (out) writeFileSync(`${out}.${(logCoverage.count = (logCoverage.count ?? 0) + 1)}.json`, JSON.stringify(entries));
  const rows = entries
    .filter((entry) => entry.url.includes('/assets/'))
    .map((entry) => {
      // Ranges nest: the outermost counted range of each function says whether it ran at all.
      const ran = new Array(entry.source?.length ?? 0).fill(false);
      for (const fn of entry.functions)
        for (const range of fn.ranges) for (let i = range.startOffset; i < range.endOffset; i++) ran[i] = range.count > 0;
      const used = ran.filter(Boolean).length;
      return { file: new URL(entry.url).pathname, size: ran.length, used };
    })
    .sort((a, b) => b.size - a.size);
  const total = rows.reduce((sum, row) => sum + row.size, 0);
  const used = rows.reduce((sum, row) => sum + row.used, 0);
  log(`${path} coverage when usable (${Math.round(usableAt)} ms): ${kb(used)} of ${kb(total)} of script ran`);
  for (const row of rows) log(`  ${kb(row.used).padStart(9)} of ${kb(row.size).padStart(9)} ${row.file}`);
}

function checkPhoneBudgets(phone) {
  const problems = [];
  for (const r of phone) {
    if (r.cold.jsBytes > PHONE_BUDGET.jsKb * 1024)
      problems.push(`${r.path} on a phone: ${kb(r.cold.jsBytes)} of JavaScript (budget ${PHONE_BUDGET.jsKb} KB)`);
    if (r.cold.requests > PHONE_BUDGET.requests)
      problems.push(`${r.path} on a phone: ${r.cold.requests} requests (budget ${PHONE_BUDGET.requests})`);
  }
  const quickLog = phone.find((r) => r.path === '/app/quick-log');
  if (quickLog && quickLog.cold.usableMs > PHONE_BUDGET.coldUsableMs)
    problems.push(`quick log usable after ${Math.round(quickLog.cold.usableMs)} ms cold (budget ${PHONE_BUDGET.coldUsableMs})`);
  if (quickLog && quickLog.warm.usableMs > PHONE_BUDGET.warmUsableMs)
    problems.push(`quick log usable after ${Math.round(quickLog.warm.usableMs)} ms warm (budget ${PHONE_BUDGET.warmUsableMs})`);
  const dashboard = phone.find((r) => r.path === '/app');
  if (dashboard && dashboard.cold.lcpMs > PHONE_BUDGET.lcpMs)
    problems.push(`the dashboard's largest paint after ${Math.round(dashboard.cold.lcpMs)} ms (budget ${PHONE_BUDGET.lcpMs})`);
  return problems;
}

async function measurePhone(browser, baseUrl, cookies, screen) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: args.has('--no-worker') ? 'block' : 'allow',
  });
  await context.addCookies(cookies);
  await context.addInitScript(LCP_RECORDER);
  try {
    const cold = await visitOnPhone(context, baseUrl, screen.path, screen.usable, { waitForWorker: !args.has('--no-worker') });
    // --no-start-copy: the warm start without quick log's copy of itself (decision 090), to compare.
    if (args.has('--no-start-copy')) await context.addInitScript(() => localStorage.removeItem('dealboard.start-snapshot'));
    const warmVisits = [];
    for (let i = 0; i < WARM_VISITS; i++) warmVisits.push(await visitOnPhone(context, baseUrl, screen.path, screen.usable));
    const warm = [...warmVisits].sort((a, b) => a.usableMs - b.usableMs)[Math.floor(WARM_VISITS / 2)];
    return { ...screen, cold, warm: { ...warm, usableRunsMs: warmVisits.map((v) => v.usableMs) } };
  } finally {
    await context.close();
  }
}

/** The SPA's own chunks: everything in dist/web/assets that the public-site build did not make. */
function appChunks() {
  return new Set(
    readdirSync(join(DIST, 'assets'))
      .filter((f) => f.endsWith('.js') && !f.startsWith('site-'))
      .map((f) => `/assets/${f}`),
  );
}

async function launchChromiumForLighthouse() {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'dealboard-lighthouse-'));
  const child = spawn(CHROMIUM, [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: 'ignore',
  });
  await waitFor(`http://127.0.0.1:${port}/json/version`, 30_000, child);
  return {
    port,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

/**
 * Lighthouse (200 packages, 185 MB) is only this benchmark's: it has its own package and lock file
 * in bench/lighthouse, installed here on first use, so npm ci, npm test and npm start never fetch it.
 */
async function loadLighthouse() {
  const dir = join(ROOT, 'bench', 'lighthouse');
  const marker = join(dir, 'node_modules', '.package-lock.json');
  if (!existsSync(marker) || statSync(marker).mtimeMs < statSync(join(dir, 'package-lock.json')).mtimeMs) {
    log('installing Lighthouse into bench/lighthouse (npm ci, once)...');
    const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' });
    if (install.status !== 0) throw new Error('npm ci in bench/lighthouse failed');
  }
  const from = (file) => pathToFileURL(join(dir, 'node_modules', 'lighthouse', file)).href;
  const [{ default: lighthouse }, { default: desktopConfig }] = await Promise.all([
    import(from('core/index.js')),
    import(from('core/config/desktop-config.js')),
  ]);
  return { lighthouse, desktopConfig };
}

async function runLighthouse(url, formFactor) {
  const { lighthouse, desktopConfig } = await loadLighthouse();
  const runs = [];
  let failed = 0;
  // A run that errors out (no paint recorded on a starved CPU, say) is retried, not scored 0.
  for (let attempt = 0; runs.length < RUNS && attempt < RUNS * 3; attempt++) {
    const chrome = await launchChromiumForLighthouse();
    try {
      const result = await lighthouse(
        url,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES },
        formFactor === 'desktop' ? desktopConfig : undefined,
      );
      const { categories, audits, runtimeError } = result.lhr;
      if (runtimeError || CATEGORIES.some((c) => typeof categories[c]?.score !== 'number')) {
        failed++;
        log(`${formFactor}: discarded a failed run (${runtimeError?.code ?? 'missing score'})`);
        continue;
      }
      runs.push({
        scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((categories[c]?.score ?? 0) * 100)])),
        metrics: {
          fcp: audits['first-contentful-paint']?.numericValue,
          lcp: audits['largest-contentful-paint']?.numericValue,
          tbt: audits['total-blocking-time']?.numericValue,
          cls: audits['cumulative-layout-shift']?.numericValue,
        },
        failing: Object.values(audits)
          .filter(
            (a) =>
              a.score !== null &&
              a.score < 0.9 &&
              a.scoreDisplayMode !== 'informative' &&
              a.scoreDisplayMode !== 'notApplicable' &&
              a.scoreDisplayMode !== 'manual',
          )
          .map((a) => `${a.id} (${a.score})`),
      });
    } finally {
      await chrome.stop();
    }
  }
  if (runs.length === 0) throw new Error(`Lighthouse ${formFactor}: every run failed`);
  return {
    formFactor,
    failed,
    runs,
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))])),
    metrics: Object.fromEntries(['fcp', 'lcp', 'tbt', 'cls'].map((m) => [m, median(runs.map((r) => r.metrics[m] ?? 0))])),
  };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function renderMarkdown({ js, phone, lighthouseResults, landingHasAppCode, signInHasAppCode, date }) {
  const lines = [];
  lines.push(
    `Measured ${date} on this machine (${process.platform}, ${cpus().length} CPUs, load average ${START_LOAD.toFixed(1)} at the start, Node ${process.versions.node}, Debian chromium, Lighthouse 12.8.2), against the built app`,
  );
  lines.push('served by `server/main.ts` on a fresh embedded database. JavaScript is what the page makes the browser download until the');
  lines.push('network is idle, each file gzipped at level 9 (the server itself compresses with gzip on the fly).');
  lines.push(
    `Budgets: ${SIGN_IN_JS_BUDGET_KB} KB for the sign-in page (pre-rendered, none of the app's code: decision 029), ${APP_JS_BUDGET_KB} KB for the app's`,
  );
  lines.push('first load on any other screen, signed out or in; how the app is split to meet them is decision 026.');
  lines.push('');
  lines.push('```sh');
  lines.push('npm run bench:web -- --update-docs   # builds if stale, starts the server, measures, rewrites this section');
  lines.push('```');
  lines.push('');
  lines.push('| Page | JavaScript files | Raw | Gzipped | Goal |');
  lines.push('|---|---:|---:|---:|---|');
  for (const m of js) {
    const goal =
      m.path === '/landing'
        ? `≤ ${LANDING_JS_BUDGET_KB} KB, none of the app's code (${landingHasAppCode ? '**app code loaded**' : 'none loaded'})`
        : m.path === '/auth'
          ? `≤ ${m.budgetKb} KB${m.gzip > m.budgetKb * 1024 ? ' (**over**)' : ''}, none of the app's code (${signInHasAppCode ? '**app code loaded**' : 'none loaded'})`
          : m.budgetKb
            ? `≤ ${m.budgetKb} KB${m.gzip > m.budgetKb * 1024 ? ' (**over**)' : ''}`
            : '';
    lines.push(`| ${m.label} | ${m.files.length} | ${kb(m.raw)} | ${kb(m.gzip)} | ${goal} |`);
  }
  lines.push('');
  lines.push(
    `Signed in on a phone (decision 068): Chromium at 390x844, ${PHONE_PROFILE.cpuSlowdown}x CPU slowdown, ${PHONE_PROFILE.latencyMs} ms and ${PHONE_PROFILE.downloadBps / 1e6} Mbps, an empty cache; warm is the same screen again from the worker's cache (the median of ${WARM_VISITS} visits).`,
  );
  lines.push(
    `Budgets: ${PHONE_BUDGET.jsKb} KB of JavaScript as sent and ${PHONE_BUDGET.requests} requests by network idle, quick log usable in ${PHONE_BUDGET.coldUsableMs / 1000} s cold and ${PHONE_BUDGET.warmUsableMs / 1000} s warm, the dashboard's largest paint in ${PHONE_BUDGET.lcpMs / 1000} s.`,
  );
  lines.push('');
  lines.push(
    '| Screen | Requests (page + worker) | JavaScript files | JavaScript as sent | First usable control | Largest paint | Warm: usable |',
  );
  lines.push('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of phone) {
    lines.push(
      `| ${r.label} | ${r.cold.requests} + ${r.cold.workerRequests} | ${r.cold.jsFiles} | ${kb(r.cold.jsBytes)} | ${(r.cold.usableMs / 1000).toFixed(2)} s | ${(r.cold.lcpMs / 1000).toFixed(2)} s | ${(r.warm.usableMs / 1000).toFixed(2)} s |`,
    );
  }
  lines.push('');
  lines.push(`Lighthouse, /landing (median of ${RUNS} runs; goal ${LIGHTHOUSE_GOAL} or more each):`);
  const failed = lighthouseResults.reduce((sum, r) => sum + r.failed, 0);
  lines.push('');
  lines.push('| Form factor | Performance | Accessibility | Best practices | SEO | FCP | LCP | TBT | CLS |');
  lines.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of lighthouseResults) {
    const s = r.scores;
    const m = r.metrics;
    lines.push(
      `| ${r.formFactor} | ${s.performance} | ${s.accessibility} | ${s['best-practices']} | ${s.seo} | ${(m.fcp / 1000).toFixed(2)} s | ${(m.lcp / 1000).toFixed(2)} s | ${Math.round(m.tbt)} ms | ${m.cls.toFixed(3)} |`,
    );
  }
  lines.push('');
  lines.push("Mobile is Lighthouse's default: a mid-range phone on a slow 4G network (simulated throttling, 4x CPU slowdown).");
  lines.push('The 4x slowdown is applied on top of this machine, so a busy machine (other test suites running) lowers the mobile');
  lines.push(
    `performance score through Total Blocking Time; the median of several runs evens that out.${failed ? ` ${failed} run(s) that errored out were retried.` : ''}`,
  );
  return lines.join('\n');
}

function updateDocs(markdown) {
  const file = join(ROOT, 'docs', 'performance.md');
  const section = `## Web\n\n${markdown}\n`;
  let text = existsSync(file) ? readFileSync(file, 'utf8') : '# Performance\n';
  const start = text.search(/^## Web\s*$/m);
  if (start === -1) {
    text = `${text.trimEnd()}\n\n${section}`;
  } else {
    const rest = text.slice(start + 6);
    const next = rest.search(/^## /m);
    text = text.slice(0, start) + section + (next === -1 ? '' : `\n${rest.slice(next)}`);
  }
  writeFileSync(file, text.endsWith('\n') ? text : `${text}\n`);
  log('updated the "## Web" section of docs/performance.md');
}

async function main() {
  buildIfNeeded();
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS.slice(1) });
  try {
    const { baseUrl } = server;
    log(`server on ${baseUrl}`);
    const cookies = await signedInCookies(baseUrl, 'Bench Admin');
    const waitingCookies = await waitingPersonCookies(baseUrl, cookies);
    const phone = [];
    // --screen=/app/quick-log: that phone screen alone (while working on it).
    const only = [...args].find((a) => a.startsWith('--screen='))?.slice('--screen='.length);
    for (const screen of PHONE_SCREENS.filter((s) => !only || s.path === only)) {
      const result = await measurePhone(browser, baseUrl, cookies, screen);
      log(
        `phone ${screen.path}: cold ${result.cold.requests} requests (+${result.cold.workerRequests} by the worker), ${result.cold.jsFiles} JS files, ${kb(result.cold.jsBytes)} JS, first contentful paint ${Math.round(result.cold.fcpMs)} ms, usable ${Math.round(result.cold.usableMs)} ms, LCP ${Math.round(result.cold.lcpMs)} ms; warm (median of ${WARM_VISITS}) first contentful paint ${Math.round(result.warm.fcpMs)} ms, usable ${Math.round(result.warm.usableMs)} ms (${result.warm.usableRunsMs.map(Math.round).join(' / ')}), ${result.warm.requests} requests`,
      );
      if (args.has('--list-files')) for (const f of result.cold.fileNames) log(`  ${f} ${result.cold.sizes[f]}`);
      phone.push(result);
    }
    const phoneProblems = checkPhoneBudgets(phone);
    if (args.has('--phone-only')) {
      if (phoneProblems.length) console.error(`[bench:web] phone budgets missed:\n  ${phoneProblems.join('\n  ')}`);
      return;
    }
    const landing = { label: 'Landing (/landing)', ...(await measureJs(browser, baseUrl, '/landing')) };
    const signIn = {
      label: 'Sign-in page (/auth, pre-rendered)',
      ...(await measureJs(browser, baseUrl, '/auth')),
      budgetKb: SIGN_IN_JS_BUDGET_KB,
    };
    const signedOut = [
      { label: 'App, signed out: join (/auth/register)', ...(await measureJs(browser, baseUrl, '/auth/register')) },
      {
        label: 'App, signed out: new password (/auth/reset-password)',
        ...(await measureJs(browser, baseUrl, '/auth/reset-password?token=bench')),
      },
      { label: 'App, signed out: invitation (/join)', ...(await measureJs(browser, baseUrl, '/join?invite=bench')) },
      {
        label: 'App, no company yet (/awaiting-assignment)',
        ...(await measureJs(browser, baseUrl, '/awaiting-assignment', waitingCookies)),
      },
    ].map((m) => ({ ...m, budgetKb: APP_JS_BUDGET_KB }));
    const shell = {
      label: 'App shell, signed in (/app: dashboard)',
      ...(await measureJs(browser, baseUrl, '/app', cookies)),
      budgetKb: APP_JS_BUDGET_KB,
    };
    const measured = [landing, signIn, ...signedOut, shell];
    const chunks = appChunks();
    const landingAppFiles = landing.files.filter((f) => chunks.has(f.file) || !f.file.startsWith('/assets/site-'));
    const signInAppFiles = signIn.files.filter((f) => chunks.has(f.file) || !f.file.startsWith('/assets/site-'));
    for (const m of measured) log(`${m.label}: ${m.files.length} files, ${kb(m.raw)} raw, ${kb(m.gzip)} gzipped -> ${m.finalPath}`);
    // A page that ended elsewhere (a redirect) would measure the wrong screen.
    for (const m of measured) if (new URL(m.path, baseUrl).pathname !== m.finalPath) throw new Error(`${m.path} ended on ${m.finalPath}`);
    for (const f of landing.files) log(`  landing loads ${f.file} (${kb(f.gzip)} gz)`);
    // --list-files: every measured page's scripts, largest first.
    if (args.has('--list-files'))
      for (const m of [...signedOut, shell])
        for (const f of [...m.files].sort((a, b) => b.gzip - a.gzip)) log(`  ${m.path} loads ${f.file} (${kb(f.gzip)} gz)`);

    const lighthouseResults = [];
    for (const formFactor of ['desktop', 'mobile']) {
      log(`lighthouse ${formFactor} x${RUNS}...`);
      const result = await runLighthouse(`${baseUrl}/landing`, formFactor);
      log(`${formFactor}: ${JSON.stringify(result.scores)} (runs: ${result.runs.map((r) => JSON.stringify(r.scores)).join(' ')})`);
      const failing = [...new Set(result.runs.flatMap((r) => r.failing))];
      if (failing.length) log(`${formFactor}: audits below 0.9 in some run: ${failing.join(', ')}`);
      lighthouseResults.push(result);
    }

    const markdown = renderMarkdown({
      js: measured,
      phone,
      lighthouseResults,
      landingHasAppCode: landingAppFiles.length > 0,
      signInHasAppCode: signInAppFiles.length > 0,
      date: new Date().toISOString().slice(0, 10),
    });
    console.info(`\n${markdown}\n`);
    if (args.has('--update-docs')) updateDocs(markdown);

    const problems = [...phoneProblems];
    if (landing.gzip > LANDING_JS_BUDGET_KB * 1024)
      problems.push(`/landing loads ${kb(landing.gzip)} of gzipped JavaScript (budget ${LANDING_JS_BUDGET_KB} KB)`);
    if (landingAppFiles.length) problems.push(`/landing loads the app's code: ${landingAppFiles.map((f) => f.file).join(', ')}`);
    if (signInAppFiles.length) problems.push(`/auth loads the app's code: ${signInAppFiles.map((f) => f.file).join(', ')}`);
    for (const m of [signIn, ...signedOut, shell])
      if (m.gzip > m.budgetKb * 1024) problems.push(`${m.path} loads ${kb(m.gzip)} of gzipped JavaScript (budget ${m.budgetKb} KB)`);
    for (const r of lighthouseResults)
      for (const c of CATEGORIES)
        if (r.scores[c] < LIGHTHOUSE_GOAL) problems.push(`Lighthouse ${r.formFactor} ${c}: ${r.scores[c]} < ${LIGHTHOUSE_GOAL}`);
    if (problems.length) {
      console.error(`[bench:web] goals missed:\n  ${problems.join('\n  ')}`);
      if (!args.has('--no-fail')) process.exitCode = 1;
    } else {
      log('all goals met');
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();

/*
 * npm run bench:live -- how fast a logged call reaches other screens (the goal: "within a
 * second"), as a benchmark rather than a timed test.
 *
 *   1. Builds the web app when dist/web is missing (--build forces it) and starts the real server
 *      on a free port with a temporary data folder (e2e/support/server.ts), embedded PGlite.
 *   2. Makes a manager and a rep through the API, opens the manager's Team Dashboard and the TV
 *      (/tv) in Debian's chromium.
 *   3. Logs --calls (default 30) calls as the rep through the API, one at a time. Each page notes,
 *      by its own clock, when it shows the new number (dashboard: Calls Today; TV: the rep's calls),
 *      through a MutationObserver installed before the call; the latency is that moment minus
 *      the moment the API answered (the call was committed).
 *
 * Prints p50, p95 and the worst, per screen and for "both screens updated". --update-docs
 * rewrites the "## Live updates" section of docs/performance.md (only that section).
 *
 *   npm run bench:live -- --update-docs
 *
 * --fanout: how fast a celebration reaches many wall screens (decision 051). Makes 50 display links
 * (a link feeds at most 10 screens per instance, decision 020) and opens 500 signed-out event
 * streams (GET /api/v1/display/{token}/events, --tvs=N) from this process, as 500 TVs would; logs
 * --sales (default 20) sales above the company's minimum, one at a time, and takes per stream the
 * moment its 'change' event marked `celebrate` arrives minus the moment the API answered (the sale
 * was committed). Prints p50, p95 and the worst over every (TV, sale); the goal is p95 under 250 ms.
 * With --update-docs it rewrites "## Celebration fan-out" of docs/performance.md.
 *
 *   npm run bench:live -- --fanout --update-docs
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { createVerifiedAccount, makeAccount, signInContext, signInCookie } from '../e2e/support/accounts';
import { openBrowser } from '../e2e/support/browser';
import { READ_CALLS_TODAY, readCallsOnTv, watchText } from '../e2e/support/live';
import { startServer } from '../e2e/support/server';

const ROOT = resolve(import.meta.dirname, '..');
const DIST = join(ROOT, 'dist', 'web');
const args = process.argv.slice(2);
const CALLS = Number(args.find((a) => a.startsWith('--calls='))?.split('=')[1] ?? 30);
const GOAL_MS = 1_000;
const FANOUT = args.includes('--fanout');
const TVS = Number(args.find((a) => a.startsWith('--tvs='))?.split('=')[1] ?? 500);
const SALES = Number(args.find((a) => a.startsWith('--sales='))?.split('=')[1] ?? 20);
const FANOUT_GOAL_MS = 250;
/** Screens one link feeds per instance (DISPLAY_LINK_STREAM_LIMIT). */
const SCREENS_PER_LINK = 10;
const log = (...parts: unknown[]) => console.info('[bench:live]', ...parts);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main() {
  if (args.includes('--build') || !existsSync(join(DIST, 'index.html'))) {
    log('building (npx vite build)...');
    if (spawnSync('npx', ['vite', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] }).status !== 0)
      throw new Error('vite build failed');
  }
  const startLoad = loadavg()[0]!;
  const server = await startServer({ WEB_DIST_DIR: DIST });
  const manager = makeAccount('Mona Manager');
  const rep = makeAccount('Rolf Rep');
  const browsers: Awaited<ReturnType<typeof openBrowser>>[] = [];
  try {
    for (const account of [manager, rep]) await createVerifiedAccount(server.baseUrl, account);
    const dashboardBrowser = await openBrowser({ baseUrl: server.baseUrl });
    const tvBrowser = await openBrowser({ baseUrl: server.baseUrl, viewport: { width: 1920, height: 1080 } });
    browsers.push(dashboardBrowser, tvBrowser);
    await signInContext(dashboardBrowser.context, server.baseUrl, manager); // the first person: the admin
    await signInContext(tvBrowser.context, server.baseUrl, rep);
    const cookieOf = async (browser: (typeof browsers)[number]) =>
      (await browser.context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    for (const browser of [dashboardBrowser, tvBrowser]) {
      const provisioned = await fetch(`${server.baseUrl}/api/v1/me/provision`, {
        method: 'POST',
        headers: { origin: server.baseUrl, cookie: await cookieOf(browser) },
      });
      if (!provisioned.ok) throw new Error(`provisioning failed: ${provisioned.status}`);
    }
    const cookie = await cookieOf(tvBrowser);

    const logCall = async () => {
      const response = await fetch(`${server.baseUrl}/api/v1/activities`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.baseUrl, cookie },
        body: JSON.stringify({ kind: 'call', answered: true, outcome: 'moved_forward', customerName: 'Benchmark AS' }),
      });
      if (response.status !== 201) throw new Error(`logging failed: ${response.status} ${await response.text()}`);
    };

    const dashboard = await dashboardBrowser.newPage();
    await dashboard.goto('/app');
    await dashboard.getByRole('heading', { name: 'Team Dashboard' }).waitFor();
    const tv = await tvBrowser.newPage();
    await tv.goto('/tv');
    // The TV lists people with activity today: the first call puts the rep on it.
    await logCall();
    await tv.locator('[data-testid="tv-row"]').first().waitFor();
    await new Promise((r) => setTimeout(r, 1_000));

    const samples: { dashboard: number; tv: number; both: number }[] = [];
    for (let i = 1; i <= CALLS; i++) {
      const total = String(i + 1);
      const dashboardSeen = watchText(dashboard, READ_CALLS_TODAY, total);
      const tvSeen = watchText(tv, readCallsOnTv(rep.name), total);
      await new Promise((r) => setTimeout(r, 150)); // both observers are in place
      await logCall();
      const committedAt = Date.now();
      const [dashboardAt, tvAt] = await Promise.all([dashboardSeen, tvSeen]);
      samples.push({ dashboard: dashboardAt - committedAt, tv: tvAt - committedAt, both: Math.max(dashboardAt, tvAt) - committedAt });
      await new Promise((r) => setTimeout(r, 400));
    }

    const rows = (['dashboard', 'tv', 'both'] as const).map((key) => {
      const sorted = samples.map((s) => s[key]).sort((a, b) => a - b);
      return { key, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1)! };
    });
    const label = { dashboard: 'Team Dashboard (Calls Today)', tv: 'TV (/tv, the rep’s calls)', both: 'both screens updated' };
    const table = [
      '| screen | p50 | p95 | worst |',
      '|---|---:|---:|---:|',
      ...rows.map((r) => `| ${label[r.key]} | ${r.p50} ms | ${r.p95} ms | ${r.max} ms |`),
    ].join('\n');
    const machine = `${cpus().length} cores, load average ${startLoad.toFixed(1)} at the start, ${new Date().toISOString().slice(0, 10)}`;
    console.info(`\n${table}\n\n${CALLS} calls, embedded PGlite; ${machine}`);
    const both = rows.find((r) => r.key === 'both')!;
    log(both.p50 < GOAL_MS ? `p50 ${both.p50} ms: within the ${GOAL_MS} ms goal` : `p50 ${both.p50} ms: MISSES the ${GOAL_MS} ms goal`);

    if (args.includes('--update-docs')) {
      const docs = join(ROOT, 'docs', 'performance.md');
      const text = readFileSync(docs, 'utf8');
      const section = `## Live updates

\`npm run bench:live\` (\`bench/live.bench.ts\`) measures the live updates' promise: a call logged in
one browser shows on other screens "within a second". It starts the real server (embedded PGlite),
opens a manager's Team Dashboard and the TV in Debian's chromium, logs ${CALLS} calls as a rep through the
API, and takes, per call, the moment each page shows the new number (by the page's own clock,
through a MutationObserver) minus the moment the API answered. The path: the insert commits, the
trigger's NOTIFY reaches the server's LISTEN, the SSE stream tells the browser, which waits 75 ms for
more changes and refetches what they touched.

\`\`\`sh
npm run bench:live -- --update-docs
\`\`\`

${table}

${CALLS} calls, embedded PGlite; ${machine}. The goal: p50 under ${GOAL_MS} ms for both screens.

More screens on one small server are slower: the scoreboard browser journeys keep about six pages
open, each refetching on every change, against one embedded database on 2 cores, and print 0.4 to
1.1 s per call on the CI machine (seen 2026-11-22). A PostgreSQL server runs those queries side by side.
`;
      const start = text.indexOf('## Live updates');
      const next = start === -1 ? -1 : text.indexOf('\n## ', start + 1);
      const updated =
        start === -1 ? `${text.trimEnd()}\n\n${section}` : `${text.slice(0, start)}${section}${next === -1 ? '' : text.slice(next)}`;
      writeFileSync(docs, updated);
      log('docs/performance.md updated');
    }
    if (both.p50 >= GOAL_MS && !args.includes('--no-fail')) process.exitCode = 1;
  } finally {
    for (const browser of browsers) await browser.close().catch(() => undefined);
    await server.stop();
  }
}

/** Rewrites one `## ` section of docs/performance.md (appended when missing). */
function updateDocsSection(heading: string, section: string) {
  const docs = join(ROOT, 'docs', 'performance.md');
  const text = readFileSync(docs, 'utf8');
  const start = text.indexOf(heading);
  const next = start === -1 ? -1 : text.indexOf('\n## ', start + 1);
  const updated =
    start === -1 ? `${text.trimEnd()}\n\n${section}` : `${text.slice(0, start)}${section}${next === -1 ? '' : text.slice(next)}`;
  writeFileSync(docs, updated);
  log('docs/performance.md updated');
}

/** One wall screen's stream: resolves each sale's id with the moment its celebrated change arrived. */
function openWallStream(url: string, onCelebrated: (activityId: string, at: number) => void) {
  const controller = new AbortController();
  const ready = (async () => {
    const response = await fetch(url, { signal: controller.signal, headers: { accept: 'text/event-stream' } });
    if (response.status !== 200 || !response.body) throw new Error(`stream: ${response.status}`);
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    let isReady = false;
    let markReady: () => void = () => undefined;
    const readyOnce = new Promise<void>((resolve) => (markReady = resolve));
    void (async () => {
      for (;;) {
        const chunk = await reader.read().catch(() => ({ done: true, value: undefined }));
        if (chunk.done) return;
        buffer += decoder.decode(chunk.value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!isReady && message.includes('event: ready')) {
            isReady = true;
            markReady();
          }
          if (!message.includes('event: change')) continue;
          const data = message.split('\n').find((line) => line.startsWith('data:'));
          const change = data ? (JSON.parse(data.slice(5)) as { id: string; activity?: { celebrate?: boolean } }) : null;
          if (change?.activity?.celebrate) onCelebrated(change.id, Date.now());
        }
      }
    })();
    await readyOnce;
  })();
  return { ready, close: () => controller.abort() };
}

async function fanout() {
  const startLoad = loadavg()[0]!;
  const server = await startServer({});
  const streams: ReturnType<typeof openWallStream>[] = [];
  try {
    const admin = makeAccount('Astrid Admin');
    await createVerifiedAccount(server.baseUrl, admin);
    const cookie = await signInCookie(server.baseUrl, admin);
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${server.baseUrl}/api/v1${path}`, {
        method,
        headers: { 'content-type': 'application/json', origin: server.baseUrl, cookie },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as Record<string, unknown>;
    };
    await call('POST', '/me/provision');
    // Only sales of 1 000 or more are celebrated; the bench's sales are 2 500.
    await call('PUT', '/celebrations/settings', {
      sales: true,
      saleMinimum: 100_000,
      meetings: true,
      goals: true,
      records: true,
      contests: true,
      badges: true,
      sound: false,
      style: 'confetti',
    });

    const seen = new Map<string, number[]>();
    const links = Math.ceil(TVS / SCREENS_PER_LINK);
    log(`opening ${TVS} wall streams on ${links} display links...`);
    for (let l = 0; l < links; l++) {
      const { token } = (await call('POST', '/display-links', { name: `Wall ${l + 1}` })) as { token: string };
      for (let s = 0; s < SCREENS_PER_LINK && streams.length < TVS; s++) {
        const url = `${server.baseUrl}/api/v1/display/${token}/events?client=bench-${l}-${s}-wall`;
        streams.push(openWallStream(url, (id, at) => seen.set(id, [...(seen.get(id) ?? []), at])));
      }
    }
    await Promise.all(streams.map((s) => s.ready));
    await new Promise((r) => setTimeout(r, 1_000));

    const samples: number[] = [];
    for (let i = 0; i < SALES; i++) {
      const sale = await call('POST', '/activities', { kind: 'sale', ticketSize: 250_000 });
      const committedAt = Date.now();
      const id = sale.id as string;
      const deadline = Date.now() + 5_000;
      while ((seen.get(id)?.length ?? 0) < TVS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      const arrivals = seen.get(id) ?? [];
      if (arrivals.length < TVS) throw new Error(`sale ${i + 1}: ${arrivals.length} of ${TVS} screens heard it within 5 s`);
      samples.push(...arrivals.map((at) => Math.max(0, at - committedAt)));
      await new Promise((r) => setTimeout(r, 300));
    }

    const sorted = samples.sort((a, b) => a - b);
    const p50 = percentile(sorted, 50);
    const p95 = percentile(sorted, 95);
    const worst = sorted.at(-1)!;
    const table = [
      '| wall screens | sales | p50 | p95 | worst |',
      '|---:|---:|---:|---:|---:|',
      `| ${TVS} | ${SALES} | ${p50} ms | ${p95} ms | ${worst} ms |`,
    ].join('\n');
    const machine = `${cpus().length} cores, load average ${startLoad.toFixed(1)} at the start, ${new Date().toISOString().slice(0, 10)}`;
    console.info(`\n${table}\n\nembedded PGlite, one server instance; ${machine}`);
    log(
      p95 < FANOUT_GOAL_MS ? `p95 ${p95} ms: within the ${FANOUT_GOAL_MS} ms goal` : `p95 ${p95} ms: MISSES the ${FANOUT_GOAL_MS} ms goal`,
    );

    if (args.includes('--update-docs')) {
      updateDocsSection(
        '## Celebration fan-out',
        `## Celebration fan-out

\`npm run bench:live -- --fanout\` (\`bench/live.bench.ts\`) measures how fast a celebration reaches the
wall screens (decision 051): the real server (embedded PGlite, one instance), ${TVS} signed-out display-link
event streams on ${links} links (a link feeds at most ${SCREENS_PER_LINK} screens per instance, decision 020),
and ${SALES} sales above the company's minimum logged through the API one at a time. Per (screen, sale): the
moment the stream's \`change\` event marked \`celebrate\` arrived minus the moment the API answered (the
sale was committed). The path: the insert's NOTIFY (its trigger decides \`celebrate\` from the company's
settings), the server's one LISTEN, the hub's fan-out to every open stream of the company. A screen then
reads its feed once (\`GET /display/{token}/feed\`) for the name and shows the card.

\`\`\`sh
npm run bench:live -- --fanout --update-docs
\`\`\`

${table}

Embedded PGlite, one server instance; ${machine}. The goal: p95 under ${FANOUT_GOAL_MS} ms.
`,
      );
    }
    if (p95 >= FANOUT_GOAL_MS && !args.includes('--no-fail')) process.exitCode = 1;
  } finally {
    for (const stream of streams) stream.close();
    await server.stop();
  }
}

await (FANOUT ? fanout() : main());

import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { createVerifiedAccount, makeAccount, type Account } from '../../e2e/support/accounts';
import { CHROMIUM_ARGS } from '../../e2e/support/browser';
import { startServer } from '../../e2e/support/server';

/*
 * The landing carousel's first two slides are screenshots of the real product: the Team Dashboard
 * and the Log Call dialog. This makes them from the built app, on a fresh data folder, with a small
 * team that has logged a morning's work through the API, and writes WebP copies at two widths
 * (Chromium's own encoder; no image tool needed) plus web/public/landing/screenshots.json, which the
 * landing page reads at build time.
 *
 *   npx vite build && npx tsx scripts/public-site/landing-screenshots.ts && npx vite build
 */

const ROOT = resolve(import.meta.dirname, '..', '..');
const OUT = join(ROOT, 'web/public/landing');
const VIEWPORT = { width: 1440, height: 900 };
const WIDTHS = [800, 1440];
const QUALITY = 0.8;

type Call = {
  kind: 'call';
  answered: boolean;
  outcome?: 'no_progress' | 'moved_forward' | 'meeting_booked';
  customerName?: string;
  notes?: string;
};
type Sale = { kind: 'sale'; ticketSize: number; productName?: string; customerName?: string };

const CUSTOMERS = [
  'Fjordkraft Solutions AS',
  'Nordlys Energi',
  'Bergen Bygg AS',
  'Tromsø Data',
  'Vestland Logistikk',
  'Oslo Medtech',
  'Aurora Finans',
  'Lofoten Sjømat',
];

/** A believable morning: different people, different mixes of calls, meetings and sales. */
const TEAM: { name: string; calls: [answered: number, unanswered: number]; moved: number; meetings: number; sales: number[] }[] = [
  { name: 'Ingrid Solberg', calls: [9, 5], moved: 3, meetings: 4, sales: [4_800_000] },
  { name: 'Magnus Lindqvist', calls: [11, 7], moved: 4, meetings: 3, sales: [] },
  { name: 'Sofie Haugen', calls: [7, 4], moved: 2, meetings: 2, sales: [2_150_000] },
  { name: 'Jonas Berg', calls: [6, 3], moved: 2, meetings: 1, sales: [] },
  { name: 'Emma Nilsen', calls: [5, 4], moved: 1, meetings: 1, sales: [] },
];

function plan(member: (typeof TEAM)[number], index: number): (Call | Sale)[] {
  const [answered, unanswered] = member.calls;
  const out: (Call | Sale)[] = [];
  for (let i = 0; i < answered; i++) {
    const outcome = i < member.meetings ? 'meeting_booked' : i < member.meetings + member.moved ? 'moved_forward' : 'no_progress';
    out.push({ kind: 'call', answered: true, outcome, customerName: CUSTOMERS[(index * 3 + i) % CUSTOMERS.length] });
  }
  for (let i = 0; i < unanswered; i++) out.push({ kind: 'call', answered: false });
  for (const value of member.sales)
    out.push({ kind: 'sale', ticketSize: value, productName: 'Annual licence', customerName: CUSTOMERS[index] });
  // A fixed shuffle (same pictures every run), so calls, meetings and sales are mixed through the day.
  let seed = 7 + index;
  const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  return out
    .map((activity) => ({ activity, key: next() }))
    .sort((a, b) => a.key - b.key)
    .map(({ activity }) => activity);
}

async function signIn(baseUrl: string, account: Account): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (!response.ok) throw new Error(`sign-in failed for ${account.email}: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function api(baseUrl: string, cookie: string, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} failed: ${response.status} ${await response.text()}`);
}

/** PNG bytes -> WebP at a width, encoded by Chromium's canvas. */
async function toWebp(page: Page, png: Buffer, width: number): Promise<{ bytes: Buffer; height: number }> {
  const result = await page.evaluate(
    async ({ data, width, quality }) => {
      // Runs in the page (DOM types are not in this script's TypeScript config).
      type Canvas = {
        width: number;
        height: number;
        getContext: (kind: '2d') => { imageSmoothingQuality: string; drawImage: (...args: unknown[]) => void } | null;
        toDataURL: (type: string, quality: number) => string;
      };
      const page = globalThis as unknown as {
        Image: new () => { src: string; naturalWidth: number; naturalHeight: number; decode: () => Promise<void> };
        document: { createElement: (tag: 'canvas') => Canvas };
      };
      const image = new page.Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const height = Math.round((image.naturalHeight * width) / image.naturalWidth);
      const canvas = page.document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d')!;
      context.imageSmoothingQuality = 'high';
      context.drawImage(image, 0, 0, width, height);
      return { url: canvas.toDataURL('image/webp', quality), height };
    },
    { data: png.toString('base64'), width, quality: QUALITY },
  );
  return { bytes: Buffer.from(result.url.split(',')[1]!, 'base64'), height: result.height };
}

async function main() {
  const dist = resolve(process.env.WEB_DIST_DIR ?? join(ROOT, 'dist/web'));
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`No built app in ${dist}: run npx vite build first`);
  const server = await startServer({ WEB_DIST_DIR: dist });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    const { baseUrl } = server;
    const accounts = TEAM.map((member) => makeAccount(member.name));
    const cookies: string[] = [];
    for (const account of accounts) {
      await createVerifiedAccount(baseUrl, account);
      const cookie = await signIn(baseUrl, account);
      await api(baseUrl, cookie, '/me/provision', {}); // the first becomes the admin
      cookies.push(cookie);
    }
    // Round-robin, ending together, so the live feed shows the whole team at work.
    const queues = TEAM.map((member, index) => plan(member, index));
    const longest = Math.max(...queues.map((queue) => queue.length));
    for (let step = 0; step < longest; step++) {
      for (const [index, queue] of queues.entries()) {
        const activity = queue[step - (longest - queue.length)];
        if (activity) await api(baseUrl, cookies[index]!, '/activities', activity);
      }
    }
    const adminCookie = cookies[0]!;

    const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-GB', timezoneId: 'Europe/Oslo', deviceScaleFactor: 1 });
    await context.addCookies(
      adminCookie.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl, httpOnly: true, sameSite: 'Lax' as const };
      }),
    );
    const page = await context.newPage();
    const hideToasts = () => page.addStyleTag({ content: '[data-sonner-toaster]{display:none!important}' });

    await page.goto(`${baseUrl}/app`);
    await page.getByRole('heading', { name: 'Team Dashboard' }).waitFor();
    await page.waitForLoadState('networkidle');
    await hideToasts();
    await page.waitForTimeout(1500); // counters and bars settle
    const dashboard = await page.screenshot({ animations: 'disabled' });

    await page.goto(`${baseUrl}/app/activity`);
    await page.getByRole('button', { name: /^Call/ }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Log Call' });
    await dialog.getByRole('button', { name: /^Answered/ }).click();
    await dialog.getByRole('combobox', { name: /Customer/ }).fill('Fjordkraft Solutions AS');
    await dialog.getByRole('radio', { name: /Meeting booked/ }).check();
    await dialog.getByLabel('Notes').fill('Demo with the CFO on Thursday, wants a pilot for 40 seats.');
    if (!(await dialog.isVisible())) throw new Error('The Log Call dialog closed');
    await hideToasts();
    await page.waitForTimeout(500);
    const quickLog = await page.screenshot({ animations: 'disabled' });

    mkdirSync(OUT, { recursive: true });
    const blank = await context.newPage();
    const manifest: Record<string, { width: number; height: number; sources: { src: string; width: number }[] }> = {};
    for (const [key, file, png] of [
      ['dashboard', 'dashboard', dashboard],
      ['quickLog', 'quick-log', quickLog],
    ] as const) {
      const sources: { src: string; width: number }[] = [];
      let height = 0;
      for (const width of WIDTHS) {
        const webp = await toWebp(blank, png, width);
        writeFileSync(join(OUT, `${file}-${width}.webp`), webp.bytes);
        sources.push({ src: `/landing/${file}-${width}.webp`, width });
        height = webp.height;
        console.info(`${file}-${width}.webp: ${(webp.bytes.length / 1024).toFixed(1)} KB`);
      }
      manifest[key] = { width: WIDTHS[WIDTHS.length - 1]!, height, sources };
    }
    writeFileSync(join(OUT, 'screenshots.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    console.info(`wrote ${join(OUT, 'screenshots.json')}; rebuild (npx vite build) to put them on the landing page`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { LANGUAGES } from '@core/language';
import { createVerifiedAccount, makeAccount, type Account } from '../../e2e/support/accounts';
import { CHROMIUM_ARGS } from '../../e2e/support/browser';
import { startServer } from '../../e2e/support/server';

/*
 * The landing carousel's first two slides are screenshots of the real product: the Team Dashboard
 * and the Log Call dialog, in each language the site speaks. This makes them from the built app, on
 * a fresh data folder per language, with a small team of that country (its language, time zone and
 * currency) that has logged a morning's work through the API, and writes WebP copies at two widths
 * (Chromium's own encoder; no image tool needed) to web/public/landing/<language>/ plus
 * web/public/landing/screenshots.json, which the landing page reads at build time.
 *
 *   npx vite build && npx tsx scripts/public-site/landing-screenshots.ts && npx vite build
 */

type Language = (typeof LANGUAGES)[number];

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

/**
 * Each language's landing shows a team of its own country, in its language and currency: a Danish
 * visitor sees Danish words and kroner, not the Norwegian team in English (a helper's walk, 2026-12-07).
 */
type Country = {
  locale: string;
  timezone: string;
  currency: string;
  company: string;
  names: readonly string[];
  customers: readonly string[];
  product: string;
  notes: string;
};
/** The Norwegian team's company, which the English landing shows too. */
const NORWAY = {
  timezone: 'Europe/Oslo',
  currency: 'NOK',
  company: 'Fjordsalg AS',
  customers: [
    'Fjordkraft Solutions AS',
    'Nordlys Energi',
    'Bergen Bygg AS',
    'Tromsø Data',
    'Vestland Logistikk',
    'Oslo Medtech',
    'Aurora Finans',
    'Lofoten Sjømat',
  ],
} as const;
const COUNTRIES: Record<Language, Country> = {
  en: {
    ...NORWAY,
    locale: 'en-GB',
    names: ['Ingrid Solberg', 'Magnus Lindqvist', 'Sofie Haugen', 'Jonas Berg', 'Emma Nilsen'],
    product: 'Annual licence',
    notes: 'Demo with the CFO on Thursday, wants a pilot for 40 seats.',
  },
  nb: {
    ...NORWAY,
    locale: 'nb-NO',
    names: ['Ingrid Solberg', 'Magnus Lie', 'Sofie Haugen', 'Jonas Berg', 'Emma Nilsen'],
    product: 'Årslisens',
    notes: 'Demo med økonomisjefen torsdag, vil ha en pilot for 40 brukere.',
  },
  sv: {
    locale: 'sv-SE',
    timezone: 'Europe/Stockholm',
    currency: 'SEK',
    company: 'Skärgårdssälj AB',
    names: ['Elin Lindqvist', 'Oskar Andersson', 'Maja Ek', 'Viktor Holm', 'Alva Nyström'],
    customers: [
      'Mälardalens Energi AB',
      'Göta Bygg AB',
      'Norrsken Data',
      'Öresund Logistik',
      'Uppsala Medtech',
      'Vänern Finans',
      'Gotlands Fisk AB',
      'Kiruna Teknik',
    ],
    product: 'Årslicens',
    notes: 'Demo med ekonomichefen på torsdag, vill ha en pilot för 40 användare.',
  },
  da: {
    locale: 'da-DK',
    timezone: 'Europe/Copenhagen',
    currency: 'DKK',
    company: 'Havnesalg ApS',
    names: ['Mette Sørensen', 'Rasmus Kjær', 'Ida Mortensen', 'Frederik Dahl', 'Sofie Bech'],
    customers: [
      'Østjysk Energi A/S',
      'Fyns Byg ApS',
      'Aalborg Data',
      'Kattegat Logistik',
      'Odense Medtech',
      'Limfjord Finans',
      'Skagen Fisk A/S',
      'Bornholm Teknik',
    ],
    product: 'Årslicens',
    notes: 'Demo med økonomichefen torsdag, vil have en pilot til 40 brugere.',
  },
};

/** A believable morning: different people, different mixes of calls, meetings and sales (minor units). */
const TEAM: { calls: [answered: number, unanswered: number]; moved: number; meetings: number; sales: number[] }[] = [
  { calls: [9, 5], moved: 3, meetings: 4, sales: [4_800_000] },
  { calls: [11, 7], moved: 4, meetings: 3, sales: [] },
  { calls: [7, 4], moved: 2, meetings: 2, sales: [2_150_000] },
  { calls: [6, 3], moved: 2, meetings: 1, sales: [] },
  { calls: [5, 4], moved: 1, meetings: 1, sales: [] },
];

function plan(member: (typeof TEAM)[number], index: number, country: Country): (Call | Sale)[] {
  const [answered, unanswered] = member.calls;
  const out: (Call | Sale)[] = [];
  for (let i = 0; i < answered; i++) {
    const outcome = i < member.meetings ? 'meeting_booked' : i < member.meetings + member.moved ? 'moved_forward' : 'no_progress';
    out.push({ kind: 'call', answered: true, outcome, customerName: country.customers[(index * 3 + i) % country.customers.length] });
  }
  for (let i = 0; i < unanswered; i++) out.push({ kind: 'call', answered: false });
  for (const value of member.sales)
    out.push({ kind: 'sale', ticketSize: value, productName: country.product, customerName: country.customers[index] });
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

async function api(baseUrl: string, cookie: string, path: string, body: unknown, method = 'POST'): Promise<void> {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} failed: ${response.status} ${await response.text()}`);
}

/** The app's own words in a language (web/i18n/locales), so the script clicks what a visitor reads. */
function activityWords(language: Language) {
  const words = JSON.parse(readFileSync(join(ROOT, 'web/i18n/locales', language, 'activity.json'), 'utf8')) as {
    quickLog: { call: string };
    logCall: { title: string; answered: string };
    customer: { label: string };
    outcomes: { meeting_booked: string };
    notes: { label: string };
  };
  return words;
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

type Shot = { width: number; height: number; sources: { src: string; width: number }[] };

/** One language's two pictures: a fresh server, the country's team at work, then the dashboard and the Log Call dialog. */
async function shootLanguage(browser: Browser, dist: string, language: Language): Promise<Record<'dashboard' | 'quickLog', Shot>> {
  const country = COUNTRIES[language];
  const words = activityWords(language);
  const server = await startServer({ WEB_DIST_DIR: dist }, { fromPool: false });
  try {
    const { baseUrl } = server;
    const accounts = country.names.map((name) => makeAccount(name));
    const cookies: string[] = [];
    for (const account of accounts) {
      await createVerifiedAccount(baseUrl, account);
      const cookie = await signIn(baseUrl, account);
      await api(baseUrl, cookie, '/me/provision', {}); // the first becomes the admin
      cookies.push(cookie);
    }
    const adminCookie = cookies[0]!;
    await api(
      baseUrl,
      adminCookie,
      '/company',
      { name: country.company, timezone: country.timezone, currency: country.currency, language },
      'PATCH',
    );
    // The product's board, not the setup checklist a new company sees above it.
    await api(baseUrl, adminCookie, '/setup/dismiss', { dismissed: true });
    // Round-robin, ending together, so the live feed shows the whole team at work.
    const queues = TEAM.map((member, index) => plan(member, index, country));
    const longest = Math.max(...queues.map((queue) => queue.length));
    for (let step = 0; step < longest; step++) {
      for (const [index, queue] of queues.entries()) {
        const activity = queue[step - (longest - queue.length)];
        if (activity) await api(baseUrl, cookies[index]!, '/activities', activity);
      }
    }

    const context = await browser.newContext({
      viewport: VIEWPORT,
      locale: country.locale,
      timezoneId: country.timezone,
      deviceScaleFactor: 1,
    });
    // The app's own choice of language (web/i18n keeps it under this key), as a visitor who picked it on the site.
    await context.addInitScript(`localStorage.setItem('dealboard.lang', ${JSON.stringify(language)})`);
    await context.addCookies(
      adminCookie.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl, httpOnly: true, sameSite: 'Lax' as const };
      }),
    );
    const page = await context.newPage();
    const hideToasts = () => page.addStyleTag({ content: '[data-sonner-toaster]{display:none!important}' });

    await page.goto(`${baseUrl}/app`);
    await page.locator('main[data-path]').waitFor();
    await page.waitForLoadState('networkidle');
    await hideToasts();
    await page.waitForTimeout(1500); // counters and bars settle
    const dashboard = await page.screenshot({ animations: 'disabled' });

    await page.goto(`${baseUrl}/app/activity`);
    await page
      .getByRole('button', { name: new RegExp(`^${words.quickLog.call}`) })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: words.logCall.title });
    await dialog.getByRole('button', { name: new RegExp(`^${words.logCall.answered}`) }).click();
    await dialog.getByRole('combobox', { name: new RegExp(words.customer.label) }).fill(country.customers[0]!);
    await dialog.getByRole('radio', { name: new RegExp(words.outcomes.meeting_booked) }).check();
    await dialog.getByLabel(words.notes.label).fill(country.notes);
    if (!(await dialog.isVisible())) throw new Error('The Log Call dialog closed');
    await hideToasts();
    await page.waitForTimeout(500);
    const quickLog = await page.screenshot({ animations: 'disabled' });

    const out = join(OUT, language);
    mkdirSync(out, { recursive: true });
    const blank = await context.newPage();
    const shots = {} as Record<'dashboard' | 'quickLog', Shot>;
    for (const [key, file, png] of [
      ['dashboard', 'dashboard', dashboard],
      ['quickLog', 'quick-log', quickLog],
    ] as const) {
      const sources: { src: string; width: number }[] = [];
      let height = 0;
      for (const width of WIDTHS) {
        const webp = await toWebp(blank, png, width);
        writeFileSync(join(out, `${file}-${width}.webp`), webp.bytes);
        sources.push({ src: `/landing/${language}/${file}-${width}.webp`, width });
        height = webp.height;
        console.info(`${language}/${file}-${width}.webp: ${(webp.bytes.length / 1024).toFixed(1)} KB`);
      }
      shots[key] = { width: WIDTHS[WIDTHS.length - 1]!, height, sources };
    }
    await context.close();
    return shots;
  } finally {
    await server.stop();
  }
}

async function main() {
  const dist = resolve(process.env.WEB_DIST_DIR ?? join(ROOT, 'dist/web'));
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`No built app in ${dist}: run npx vite build first`);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    const manifest = {} as Record<Language, Record<'dashboard' | 'quickLog', Shot>>;
    for (const language of LANGUAGES) manifest[language] = await shootLanguage(browser, dist, language);
    writeFileSync(join(OUT, 'screenshots.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    console.info(`wrote ${join(OUT, 'screenshots.json')}; rebuild (npx vite build) to put them on the landing page`);
  } finally {
    await browser.close();
  }
}

await main();

import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../server/db/client';
import { seedActivity } from '../server/seed/activities';
import { lockDataDir } from '../server/lib/data-dir-lock';
import { axeViolations, WCAG_AA } from './support/axe';
import { type Browser, captureScreenshot, openBrowser, saveScreenshot } from './support/browser';
import { type Account, callApi, joinCompany, makeAccount, signInContext } from './support/accounts';
import { READ_CALLS_TODAY, readCallsOnTv, watchText } from './support/live';
import { type RunningServer, startServer } from './support/server';
import { toMinorUnits } from '@core/money';

/*
 * The scoreboard's journeys: the team's scoreboard on every screen.
 *
 * This file runs its own server on its own data folder. The cross-check needs to know every
 * activity of the company's day, week and month, and in single-tenant mode every other journey's
 * people land in the same company; a private server keeps the numbers ours alone.
 *
 * History (yesterday, earlier this week, this month, last month) is written with the shared seed
 * factory (seedActivity: the product's points rules, local dates and rollup trigger) while the
 * server is stopped; today's activities are logged through the API (POST /api/v1/activities) as
 * the person who did them. Both go into a ledger, and the expected numbers are computed here from
 * the ledger with the default point rules, independently of the server. Every screen must show them.
 */

type CallOutcome = 'no_progress' | 'moved_forward' | 'meeting_booked';
type Logged =
  | { kind: 'call'; answered: true; outcome: CallOutcome; customerName?: string; notes?: string }
  | { kind: 'call'; answered: false; customerName?: string; notes?: string }
  | { kind: 'sale'; ticketSize: number; productName?: string; customerName?: string; notes?: string }
  | { kind: 'meeting'; customerName?: string; notes?: string };

type Member = { account: Account; cookie: string; userId: string };
type Entry = { who: string; activity: Logged; date: string };
type Expected = {
  name: string;
  calls: number;
  answered: number;
  unanswered: number;
  meetings: number;
  sales: number;
  revenue: number;
  points: number;
  activities: number;
  conversion: number;
  days: number;
};

const TIME_ZONE = 'Europe/Oslo';
/** The default KPI rules (core/kpi/rules.ts), restated: the test must not borrow the server's math. */
const POINTS = { moved_forward: 1, meeting_booked: 5, meeting_completed: 3, sale: 10 } as const;
const LONG_NOTE = 'Follow up next week with pricing for the Nordic rollout and a reference customer';

let server: RunningServer;
let webCopy: string;
let dataDir: string;
let baseUrl: string;
let companyId: string;
const members = new Map<string, Member>();
const ledger: Entry[] = [];
const browsers: Browser[] = [];

const kari = makeAccount('Kari Nordmann');
const ola = makeAccount('Ola Hansen');
const sofie = makeAccount('Sofie Berg');
const magnus = makeAccount('Magnus Lie');
const emma = makeAccount('Emma Solberg');
const ingrid = makeAccount('Ingrid Dahl');
const henrik = makeAccount('Henrik Moe');
const nora = makeAccount('Nora Bakken');
const TEAM = [kari, ola, sofie, magnus, emma, ingrid, henrik, nora];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Calendar arithmetic on 'YYYY-MM-DD', done here with plain UTC dates (no product code).
const localDateOf = (instant: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
const shiftDate = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const weekdayOf = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
const TODAY = localDateOf(new Date());
const YESTERDAY = shiftDate(TODAY, -1);
const MONDAY = shiftDate(TODAY, -weekdayOf(TODAY));
const MONTH_START = `${TODAY.slice(0, 8)}01`;
const PREVIOUS_MONTH = shiftDate(MONTH_START, -1).slice(0, 7);
/** History starts on the first of last month, or 31 days back when that is later (fewer rows, still across the month boundary). */
const HISTORY_FROM = [`${PREVIOUS_MONTH}-01`, shiftDate(TODAY, -31)].sort()[1]!;

type Period = 'today' | 'yesterday' | 'week' | 'month' | 'previousMonth';
const inPeriod: Record<Period, (date: string) => boolean> = {
  today: (d) => d === TODAY,
  yesterday: (d) => d === YESTERDAY,
  week: (d) => d >= MONDAY && d <= TODAY,
  month: (d) => d >= MONTH_START && d <= TODAY,
  previousMonth: (d) => d.startsWith(PREVIOUS_MONTH),
};

/** Signs the person up (verified) and provisions them into the company like the app does. */
async function joinTeam(account: Account): Promise<Member> {
  const { id, cookie, provision, me } = await joinCompany(baseUrl, account);
  expect(provision.success).toBe(true);
  expect(me.company!.timezone).toBe(TIME_ZONE);
  companyId = me.company!.id;
  const member = { account, cookie, userId: id };
  members.set(account.email, member);
  return member;
}

/** Logs an activity for today through the API, as its owner. */
async function log(account: Account, activity: Logged): Promise<{ pointsEarned: number }> {
  const member = members.get(account.email)!;
  const response = await callApi<{ pointsEarned: number; localDate: string }>(baseUrl, member.cookie, 'POST', '/activities', activity);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  expect(response.body.localDate).toBe(TODAY);
  ledger.push({ who: account.email, activity, date: TODAY });
  return response.body;
}

/** A small deterministic generator, so every run seeds the same history. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const CUSTOMERS = ['Equinor', 'Telenor', 'DNB', 'Orkla', 'Storebrand', 'Schibsted', 'Yara', 'Kongsberg Gruppen', 'Aker BP', 'Fjordkraft'];
/** How busy each rep is, so the history ranks people differently from today. */
const PACE = [1.0, 1.25, 1.1, 0.85, 0.7, 0.95, 1.15, 0.8];

function createHistory(memberIndex: number, date: string): Logged[] {
  const random = createRandom(Number(date.replaceAll('-', '')) * 31 + memberIndex * 7919);
  const weekend = weekdayOf(date) >= 5;
  const pace = PACE[memberIndex]!;
  const calls = weekend ? (random() < 0.25 ? 1 + Math.floor(random() * 2) : 0) : Math.min(16, Math.floor((3 + random() * 6) * pace));
  const out: Logged[] = [];
  for (let i = 0; i < calls; i++) {
    const customerName = random() < 0.5 ? CUSTOMERS[Math.floor(random() * CUSTOMERS.length)] : undefined;
    if (random() < 0.38) {
      out.push({ kind: 'call', answered: false, customerName });
      continue;
    }
    const roll = random();
    const outcome: CallOutcome = roll < 0.17 ? 'meeting_booked' : roll < 0.45 ? 'moved_forward' : 'no_progress';
    out.push({ kind: 'call', answered: true, outcome, customerName });
  }
  if (!weekend && random() < 0.14 * pace)
    out.push({
      kind: 'sale',
      ticketSize: (10 + Math.floor(random() * 140)) * 100_000,
      customerName: CUSTOMERS[Math.floor(random() * CUSTOMERS.length)],
    });
  if (!weekend && random() < 0.15) out.push({ kind: 'meeting', customerName: CUSTOMERS[Math.floor(random() * CUSTOMERS.length)] });
  return out;
}

/** The last Sunday of a month ('YYYY-MM'), the day European clocks change. */
function lastSundayOf(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  let date = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  while (weekdayOf(date) !== 6) date = shiftDate(date, -1);
  return date;
}

/** Local midnight-adjacent moments to seed: both sides of the month boundary and of the latest DST change. */
function listEdgeMoments(): { date: string; time: string }[] {
  const year = Number(TODAY.slice(0, 4));
  const changes = [year - 1, year].flatMap((y) => [lastSundayOf(`${y}-03`), lastSundayOf(`${y}-10`)]).filter((d) => d < TODAY);
  const latestChange = changes.sort().at(-1)!;
  const dates = new Set([shiftDate(MONTH_START, -1), MONTH_START, shiftDate(latestChange, -1), latestChange, shiftDate(latestChange, 1)]);
  return [...dates]
    .filter((date) => date >= HISTORY_FROM && date < TODAY)
    .sort()
    .flatMap((date) => ['00:30', '23:30'].map((time) => ({ date, time })));
}

/** The instant a local Oslo wall-clock time happens (UTC+1 or +2), found by trying both offsets. */
function findInstant(date: string, time: string): Date {
  for (const offsetHours of [1, 2]) {
    const at = new Date(Date.parse(`${date}T${time}:00Z`) - offsetHours * 3_600_000);
    const wall = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
    if (localDateOf(at) === date && wall === time) return at;
  }
  throw new Error(`no instant for ${date} ${time} in ${TIME_ZONE}`);
}

/** Backdated history through the seed factory, straight into the (stopped) server's data folder. */
async function seedHistory(): Promise<void> {
  const release = lockDataDir(dataDir);
  const database = await openDatabase({ engine: 'pglite', dataDir });
  try {
    for (let date = HISTORY_FROM; date < TODAY; date = shiftDate(date, 1)) {
      for (const [index, account] of TEAM.entries()) {
        const { userId } = members.get(account.email)!;
        for (const [i, activity] of createHistory(index, date).entries()) {
          // 07:00 to about 16:00 in Oslo (UTC+1 or +2): always the same local date.
          const at = new Date(Date.parse(`${date}T06:00:00Z`) + (i * 37 + index * 11) * 60_000);
          const input =
            activity.kind === 'sale'
              ? ({ type: 'sale', ticketSize: toMinorUnits(activity.ticketSize) } as const)
              : activity.kind === 'meeting'
                ? ({ type: 'meeting' } as const)
                : activity.answered
                  ? ({ type: 'call_answered', outcome: activity.outcome } as const)
                  : ({ type: 'call_unanswered' } as const);
          await seedActivity(database.db, {
            ...input,
            companyId,
            userId,
            at,
            timezone: TIME_ZONE,
            customerName: activity.customerName ?? null,
          });
          ledger.push({ who: account.email, activity, date });
        }
      }
    }
    // The edges where a wrong time zone or a naive "+24 h" would put an activity on the wrong day:
    // 00:30 and 23:30 local on both sides of the month boundary and of the latest DST change (when
    // it falls in the seeded history, which the monthly screens show). Held meetings and sales, so
    // no day nears the 20-call bonus the ledger does not model.
    for (const [k, { date, time }] of listEdgeMoments().entries()) {
      const index = k % TEAM.length;
      const account = TEAM[index]!;
      const { userId } = members.get(account.email)!;
      const at = findInstant(date, time);
      expect(localDateOf(at), `${date} ${time}`).toBe(date);
      const activity: Logged =
        k % 2 === 0 ? { kind: 'meeting', customerName: 'Kantdag AS' } : { kind: 'sale', ticketSize: 1_990_000, customerName: 'Kantdag AS' };
      const input =
        activity.kind === 'sale'
          ? ({ type: 'sale', ticketSize: toMinorUnits(activity.ticketSize) } as const)
          : ({ type: 'meeting' } as const);
      await seedActivity(database.db, { ...input, companyId, userId, at, timezone: TIME_ZONE, customerName: 'Kantdag AS' });
      ledger.push({ who: account.email, activity, date });
    }
  } finally {
    await database.close();
    release();
  }
}

/** The rounded percent of meetings booked per call, 0 with no calls, computed here. */
function conversionOf(meetings: number, calls: number): number {
  return calls === 0 ? 0 : Math.round((meetings / calls) * 100);
}

/** The change label on the screen: both zero '0%', previous zero 'New', else the signed rounded percent. */
function changeOf(current: number, previous: number): string {
  if (current === 0 && previous === 0) return '0%';
  if (previous === 0) return 'New';
  const change = Math.round(((current - previous) / Math.abs(previous)) * 100);
  return `${change >= 0 ? '+' : ''}${change}%`;
}

function pointsOf(activity: Logged): number {
  if (activity.kind === 'sale') return POINTS.sale;
  if (activity.kind === 'meeting') return POINTS.meeting_completed;
  if (!activity.answered) return 0;
  if (activity.outcome === 'moved_forward') return POINTS.moved_forward;
  if (activity.outcome === 'meeting_booked') return POINTS.meeting_booked;
  return 0;
}

function summarize(name: string, entries: readonly Entry[]): Expected {
  const activities = entries.map((e) => e.activity);
  const calls = activities.filter((a) => a.kind === 'call');
  const meetings = calls.filter((a) => a.answered && a.outcome === 'meeting_booked').length;
  return {
    name,
    calls: calls.length,
    answered: calls.filter((a) => a.answered).length,
    unanswered: calls.filter((a) => !a.answered).length,
    meetings,
    sales: activities.filter((a) => a.kind === 'sale').length,
    revenue: activities.reduce((sum, a) => sum + (a.kind === 'sale' ? a.ticketSize : 0), 0),
    points: activities.reduce((sum, a) => sum + pointsOf(a), 0),
    activities: activities.length,
    conversion: conversionOf(meetings, calls.length),
    days: new Set(entries.map((e) => e.date)).size,
  };
}

function computeExpected(account: Account, period: Period = 'today'): Expected {
  const entries = ledger.filter((e) => e.who === account.email && inPeriod[period](e.date));
  // Nobody reaches 20 calls in a day here, so the daily call bonus never applies.
  for (const date of new Set(entries.map((e) => e.date))) {
    expect(entries.filter((e) => e.date === date && e.activity.kind === 'call').length).toBeLessThan(20);
  }
  return summarize(account.name, entries);
}

function computeTeamTotals(period: Period = 'today'): Expected {
  return summarize(
    'team',
    ledger.filter((e) => inPeriod[period](e.date)),
  );
}

/** Ranked as the leaderboard is: the key descending, ties by calls then meetings (then name, as the server does). */
function computeRanking(
  sort: 'points' | 'calls' | 'meetings' | 'sales',
  options: { activeOnly?: boolean; period?: Period } = {},
): Expected[] {
  return TEAM.map((account) => computeExpected(account, options.period))
    .filter((r) => !options.activeOnly || r.activities > 0)
    .sort((a, b) => b[sort] - a[sort] || b.calls - a.calls || b.meetings - a.meetings || (a.name < b.name ? -1 : 1));
}

const n = (value: number) => new Intl.NumberFormat('en-GB').format(value);
const decimal = (value: number) => new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 }).format(value);
const money = (minor: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'NOK', maximumFractionDigits: 0 }).format(minor / 100);
/** One decimal, as core's average, restated. */
const average = (total: number, count: number) => (count <= 0 ? 0 : Math.round((total / count) * 10) / 10);

/** The StatCard whose label is `label`. */
function statCard(page: Page, label: string): Locator {
  return page.locator('[data-slot="stat-card"]').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) });
}

async function expectStat(page: Page, label: string, expected: string) {
  await expect
    .poll(async () => (await statCard(page, label).first().locator('[data-slot="stat-value"]').textContent())?.trim(), { timeout: 10_000 })
    .toBe(expected);
}

/** Reads the rows of a ranked list: name plus the data-slot values asked for. */
async function readRows(page: Page, selector: string, slots: readonly string[]): Promise<Record<string, string>[]> {
  return page.locator(selector).evaluateAll(
    (rows, wanted) =>
      rows.map((row) => {
        const out: Record<string, string> = {};
        for (const slot of ['member-name', ...wanted]) out[slot] = row.querySelector(`[data-slot="${slot}"]`)?.textContent?.trim() ?? '';
        return out;
      }),
    slots,
  );
}

async function expectRows(page: Page, selector: string, slots: readonly string[], expected: Record<string, string>[]) {
  await expect.poll(() => readRows(page, selector, slots), { timeout: 10_000 }).toEqual(expected);
}

async function open(
  options: { account?: Account; viewport?: { width: number; height: number }; locale?: string } = {},
): Promise<{ browser: Browser; page: Page }> {
  const browser = await openBrowser({ baseUrl, viewport: options.viewport, locale: options.locale });
  browsers.push(browser);
  if (options.account) await signInContext(browser.context, baseUrl, options.account);
  return { browser, page: await browser.newPage() };
}

beforeAll(async () => {
  const built = resolve(process.env.E2E_WEB_DIST ?? 'dist/web');
  if (!existsSync(join(built, 'index.html'))) throw new Error(`No built web app in ${built}: run \`npx vite build\` first.`);
  webCopy = mkdtempSync(join(tmpdir(), 'dealboard-scoreboard-web-'));
  cpSync(built, webCopy, { recursive: true });
  dataDir = mkdtempSync(join(tmpdir(), 'dealboard-scoreboard-data-'));
  const started = Date.now();
  server = await startServer({ WEB_DIST_DIR: webCopy, DATA_DIR: dataDir });
  baseUrl = server.baseUrl;
  // The first person provisioned becomes the company's admin.
  for (const account of TEAM) await joinTeam(account);
  await server.stop();
  const seeding = Date.now();
  await seedHistory();
  console.info(
    `[scoreboard e2e] team ready in ${seeding - started} ms; ${ledger.length} past activities seeded in ${Date.now() - seeding} ms`,
  );
  // The same data folder on a new port: sessions live in the database and cookies ignore ports.
  server = await startServer({ WEB_DIST_DIR: webCopy, DATA_DIR: dataDir });
  baseUrl = server.baseUrl;
  // This journey's TV celebrates sales and booked meetings. The seeded history makes the first calls
  // of today personal bests, whose badge and record cards would queue ahead of them by the wall's
  // rules (decision 051), so the company celebrates sales and meetings only (celebrations.e2e.ts
  // covers the rest).
  const admin = members.get(TEAM[0]!.email)!;
  const settings = { sales: true, saleMinimum: 0, meetings: true, goals: false, records: false, contests: false, badges: false };
  const saved = await callApi(baseUrl, admin.cookie, 'PUT', '/celebrations/settings', { ...settings, sound: false, style: 'confetti' });
  expect(saved.status).toBe(200);
}, 420_000);

afterAll(async () => {
  for (const browser of browsers) await browser.close().catch(() => undefined);
  if (process.env.E2E_SERVER_LOG) console.log(server?.output());
  await server?.stop();
  if (webCopy) rmSync(webCopy, { recursive: true, force: true });
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('scoreboard journeys', () => {
  let manager: { browser: Browser; page: Page };
  let tv: { browser: Browser; page: Page };

  it('shows a quiet morning: nothing yet today on the dashboard, yesterday to beat, and the empty TV', async () => {
    manager = await open({ account: kari });
    const { page } = manager;
    await page.goto('/app');
    await page.getByRole('heading', { name: 'Team Dashboard', level: 1 }).waitFor();
    await expectStat(page, 'Calls Today', '0');
    const yesterday = computeTeamTotals('yesterday');
    await statCard(page, 'Calls Today').getByText(changeOf(0, yesterday.calls), { exact: true }).waitFor();
    await statCard(page, 'Calls Today')
      .getByText(`vs yesterday (${n(yesterday.calls)})`)
      .waitFor();
    await page.getByText('No calls logged yet today. The first one takes the lead.').waitFor();
    await expect.poll(() => page.getByTestId('leaderboard-row').count()).toBe(TEAM.length);
    // The feed carries on from earlier days, with the day shown on each entry.
    await expect.poll(() => page.getByTestId('feed-item').count()).toBe(10);
    await saveScreenshot(page, 'scoreboard-01-dashboard-morning');

    tv = await open({ account: kari, viewport: { width: 1920, height: 1080 } });
    await tv.page.goto('/tv');
    await tv.page.getByText('No activity to display yet today').waitFor();
    await tv.page.getByText('Start making calls to see the leaderboard!').waitFor();
    await saveScreenshot(tv.page, 'scoreboard-02-tv-empty-1920');
  });

  it("a call logged by one person moves the leaderboard on another person's dashboard and on the TV, live, without a reload", async () => {
    const { page } = manager;
    await log(kari, { kind: 'call', answered: true, outcome: 'moved_forward', customerName: 'Fjordkraft' });
    const firstName = () => page.locator('[data-testid="leaderboard-row"] [data-slot="member-name"]').first().textContent();
    await expect.poll(firstName, { timeout: 5_000 }).toBe('Kari Nordmann');
    const tvFirst = () => tv.page.locator('[data-testid="tv-row"] [data-slot="member-name"]').first().textContent();
    await expect.poll(tvFirst, { timeout: 5_000 }).toBe('Kari Nordmann');
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    await tv.page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));

    await log(ola, {
      kind: 'call',
      answered: true,
      outcome: 'meeting_booked',
      customerName: 'Equinor',
      notes: 'Demo booked for Tuesday with the procurement team and their CFO',
    });
    const loggedAt = Date.now();
    await Promise.all([
      page.waitForFunction(
        () => document.querySelector('[data-testid="leaderboard-row"] [data-slot="member-name"]')?.textContent === 'Ola Hansen',
        null,
        { timeout: 5_000 },
      ),
      tv.page.waitForFunction(
        () => document.querySelector('[data-testid="tv-row"] [data-slot="member-name"]')?.textContent === 'Ola Hansen',
        null,
        { timeout: 5_000 },
      ),
    ]);
    // The timing budget is asserted below, over several calls (a median); this one re-ranks.
    console.info(`[live] committed call -> dashboard and TV re-ranked in ${Date.now() - loggedAt} ms`);
    // The same documents: nothing reloaded.
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    expect(await tv.page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    // The booked meeting reached the feed with its sparkle, and the KPI card moved too.
    await page.getByRole('img', { name: 'Meeting booked' }).first().waitFor();
    await expectStat(page, 'Meetings Booked', '1');
    // The TV celebrated the booked meeting.
    await tv.page.getByTestId('celebration').getByText('Ola Hansen just booked a meeting').waitFor();
  });

  it('the sort selector reorders the leaderboard', async () => {
    const { page } = manager;
    for (let i = 0; i < 3; i++) await log(kari, { kind: 'call', answered: false });
    const names = () => page.locator('[data-testid="leaderboard-row"] [data-slot="member-name"]').allTextContents();
    await expect.poll(async () => (await names()).slice(0, 2), { timeout: 5_000 }).toEqual(['Ola Hansen', 'Kari Nordmann']);

    const sortBy = page.getByRole('combobox', { name: 'Sort by' });
    await sortBy.click();
    await page.getByRole('option', { name: 'Calls' }).click();
    await expect.poll(async () => (await names()).slice(0, 2), { timeout: 5_000 }).toEqual(['Kari Nordmann', 'Ola Hansen']);
    await expect(page.getByText('Today · ranked by Calls').isVisible()).resolves.toBe(true);

    await sortBy.click();
    await page.getByRole('option', { name: 'Meetings' }).click();
    await expect.poll(async () => (await names()).slice(0, 2), { timeout: 5_000 }).toEqual(['Ola Hansen', 'Kari Nordmann']);

    await sortBy.click();
    await page.getByRole('option', { name: 'Points' }).click();
    await expect.poll(async () => (await names()).slice(0, 2), { timeout: 5_000 }).toEqual(['Ola Hansen', 'Kari Nordmann']);
  });

  it('an admin makes a TV display link that works signed out, live, and stops working once revoked', async () => {
    const { page, browser } = manager;
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await page.goto('/app/admin/integrations');
    await page.getByRole('heading', { name: 'TV display links' }).waitFor();
    await page.getByText('No display links yet').waitFor();
    await page.getByRole('heading', { name: 'Slack and Microsoft Teams' }).waitFor();

    await page.getByRole('button', { name: 'Create link' }).click();
    await page.getByRole('alert').filter({ hasText: 'Name is required' }).waitFor();
    await page.getByLabel('Screen name').fill('Sales floor TV');
    await page.getByRole('button', { name: 'Create link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Display link for “Sales floor TV” created' });
    await dialog.waitFor();
    await dialog.getByText('Shown once', { exact: true }).waitFor();
    const url = await dialog.getByLabel('Display link').inputValue();
    expect(url).toMatch(new RegExp(`^${baseUrl}/tv\\?display=[A-Za-z0-9_-]{43}$`));
    await saveScreenshot(page, 'scoreboard-10-admin-display-link-created');
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Link Copied').first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await dialog.getByRole('button', { name: 'Done' }).click();
    const row = page.getByTestId('display-link-row').filter({ hasText: 'Sales floor TV' });
    await row.getByText('Active').waitFor();
    await row.getByText('Never').waitFor();

    // A wall screen with no session at all.
    const wall = await open({ viewport: { width: 1280, height: 720 } });
    await wall.page.goto(url);
    await wall.page.getByRole('heading', { name: 'Team Leaderboard' }).waitFor();
    await wall.page.getByText('Display: Sales floor TV').waitFor();
    await expect
      .poll(() => wall.page.locator('[data-testid="tv-row"] [data-slot="member-name"]').allTextContents(), { timeout: 5_000 })
      .toEqual(computeRanking('points', { activeOnly: true }).map((r) => r.name));
    expect(await wall.page.evaluate(async () => (await fetch('/api/v1/me')).json())).toBeNull();

    // Live on the link's own stream: a sale lands, the wall re-ranks and celebrates.
    await log(sofie, { kind: 'sale', ticketSize: 4_500_000, productName: 'Enterprise licence', customerName: 'Telenor' });
    const loggedAt = Date.now();
    await wall.page.waitForFunction(
      () => document.querySelector('[data-testid="tv-row"] [data-slot="member-name"]')?.textContent === 'Sofie Berg',
      null,
      { timeout: 5_000 },
    );
    console.info(`[live] committed sale -> signed-out wall screen re-ranked in ${Date.now() - loggedAt} ms`);
    // The sale's card names its customer and amount (decision 078).
    await wall.page.getByTestId('celebration').getByText('Sofie Berg just closed a sale with Telenor').waitFor();
    expect(await wall.page.getByTestId('celebration-amount').innerText()).toMatch(/^NOK\s45,000$/);
    await saveScreenshot(wall.page, 'scoreboard-11-tv-display-link-celebration-1280');

    await page.reload();
    await row.getByText('Never').waitFor({ state: 'detached' });

    await row.getByRole('button', { name: 'Revoke Sales floor TV' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke “Sales floor TV”?' });
    await confirm.getByText('Screens using this link stop showing the leaderboard at once.').waitFor();
    await saveScreenshot(page, 'scoreboard-12-admin-revoke-confirm');
    await confirm.getByRole('button', { name: 'Revoke link' }).click();
    await page.getByText('Display link revoked').first().waitFor();
    await row.getByText('Revoked').waitFor();
    await expect(row.getByRole('button', { name: /Revoke/ }).count()).resolves.toBe(0);
    await saveScreenshot(page, 'scoreboard-13-admin-integrations');
    expect(await axeViolations(page, { tags: WCAG_AA }), 'admin integrations').toEqual([]);

    const token = new URL(url).searchParams.get('display')!;
    expect((await callApi(baseUrl, null, 'GET', `/display/${token}/leaderboard`)).status).toBe(404);
    // The open wall screen goes dark by itself: the revocation reaches its live stream at once
    // (no reload, and well inside the stream's 25 s heartbeat).
    await wall.page
      .getByText('Error loading leaderboard: This display link does not exist or has been revoked. Ask an administrator for a new link.')
      .waitFor();
    await expect(wall.page.locator('[data-testid="tv-row"]').count()).resolves.toBe(0);
    await saveScreenshot(wall.page, 'scoreboard-14-tv-display-link-revoked');
    // The refused link is a 404 the browser reports on its console; it is the expected answer.
    await sleep(500);
    expect(wall.browser.consoleErrors.every((e) => e.includes('404'))).toBe(true);
    wall.browser.consoleErrors.length = 0;
  });

  it('logs the rest of the known mix of activities', async () => {
    const call = (outcome: CallOutcome, customerName?: string, notes?: string): Logged => ({
      kind: 'call',
      answered: true,
      outcome,
      customerName,
      notes,
    });
    const missed: Logged = { kind: 'call', answered: false };
    // The everyday calls first, the highlights last (the newest ten are what the feed shows).
    const mix: [Account, Logged][] = [
      [kari, call('no_progress', 'DNB')],
      [kari, call('no_progress')],
      [ola, call('moved_forward', 'Kongsberg Gruppen')],
      [ola, call('moved_forward')],
      [ola, call('no_progress')],
      [ola, missed],
      [ola, missed],
      [ola, missed],
      [sofie, call('moved_forward')],
      [sofie, call('moved_forward')],
      [sofie, call('moved_forward')],
      [sofie, call('no_progress')],
      [sofie, call('no_progress')],
      [sofie, missed],
      [sofie, missed],
      [magnus, missed],
      [magnus, missed],
      [magnus, missed],
      [magnus, call('no_progress', 'Aker BP')],
      [magnus, call('no_progress')],
      [ingrid, call('moved_forward')],
      [ingrid, call('no_progress')],
      [ingrid, call('moved_forward')],
      [ingrid, call('no_progress')],
      [ingrid, missed],
      [henrik, call('no_progress')],
      [henrik, call('no_progress')],
      [henrik, call('moved_forward')],
      [henrik, call('no_progress')],
      [henrik, call('moved_forward')],
      [henrik, missed],
      [henrik, missed],
      [henrik, missed],
      [henrik, missed],
      [nora, missed],
      [nora, missed],
      [ola, call('meeting_booked', 'Orkla')],
      [sofie, call('meeting_booked', 'Storebrand')],
      [henrik, call('meeting_booked', 'Storebrand')],
      [sofie, { kind: 'meeting', customerName: 'Telenor', notes: 'Onboarding meeting with the sales managers' }],
      [ingrid, call('meeting_booked', 'Yara')],
      [ingrid, { kind: 'sale', ticketSize: 2_990_000, productName: 'Starter plan', customerName: 'Fjordkraft' }],
      [kari, call('meeting_booked', 'Schibsted', 'Wants a walkthrough of the TV board for all three offices')],
      [henrik, call('meeting_booked', 'Equinor')],
      [nora, call('meeting_booked', 'DNB', 'Intro meeting next Thursday')],
      [
        ola,
        {
          kind: 'sale',
          ticketSize: 12_500_000,
          productName: 'Pro plan, 40 seats',
          customerName: 'Equinor',
          notes: 'Signed after the second demo',
        },
      ],
    ];
    for (const [account, activity] of mix) await log(account, activity);
    const last = await log(magnus, call('moved_forward', 'Yara', LONG_NOTE));
    expect(last.pointsEarned).toBe(POINTS.moved_forward);
    // Emma logs nothing today: an idle member shows on the dashboard with zeros and stays off the TV.
    expect(computeExpected(emma).activities).toBe(0);
  });

  it('cross-check: the dashboard shows the computed KPIs and leaderboard', async () => {
    const { page } = manager;
    await page.goto('/app');
    const totals = computeTeamTotals();
    const yesterday = computeTeamTotals('yesterday');
    await expectStat(page, 'Calls Today', n(totals.calls));
    await expectStat(page, 'Meetings Booked', n(totals.meetings));
    // The count and the amount, apart for a screen reader too (", ").
    await expectStat(page, 'Sales Closed', `${n(totals.sales)}, ${money(totals.revenue)}`);
    await expectStat(page, 'Points Today', n(totals.points));
    for (const [label, key] of [
      ['Calls Today', 'calls'],
      ['Meetings Booked', 'meetings'],
      ['Sales Closed', 'sales'],
      ['Points Today', 'points'],
    ] as const) {
      const footer = statCard(page, label);
      await footer.getByText(changeOf(totals[key], yesterday[key]), { exact: true }).waitFor();
      await footer.getByText(`vs yesterday (${n(yesterday[key])})`).waitFor();
    }

    const ranking = computeRanking('points');
    await expectRows(
      page,
      '[data-testid="leaderboard-row"]',
      ['calls', 'meetings', 'conversion', 'sales', 'points'],
      ranking.map((r) => ({
        'member-name': r.name,
        calls: n(r.calls),
        meetings: n(r.meetings),
        conversion: `${r.conversion}%`,
        sales: n(r.sales),
        points: n(r.points),
      })),
    );
    // Top 3 carry rank badges, the viewer the 'that's you' badge, every row its answered/unanswered split.
    const rows = page.getByTestId('leaderboard-row');
    for (const rank of [1, 2, 3])
      await expect(
        rows
          .nth(rank - 1)
          .locator(`[data-rank="${rank}"]`)
          .count(),
      ).resolves.toBe(1);
    await expect(rows.nth(3).locator('[data-rank]').count()).resolves.toBe(0);
    await expect(rows.filter({ hasText: 'Kari Nordmann' }).getByText("that's you").isVisible()).resolves.toBe(true);
    const kariRow = computeExpected(kari);
    await rows
      .filter({ hasText: 'Kari Nordmann' })
      .getByText(`${kariRow.answered} answered, ${kariRow.unanswered} unanswered`)
      .waitFor({ state: 'attached' });

    // The feed: the latest 10, newest first, notes cut at 50 characters.
    await expect.poll(() => page.getByTestId('feed-item').count()).toBe(10);
    const newest = page.getByTestId('feed-item').first();
    await newest.getByText('Magnus Lie').waitFor();
    await newest.getByText('moved a deal forward').waitFor();
    await newest.getByText('Yara').waitFor();
    await newest.getByText('+1 pt').waitFor();
    expect(LONG_NOTE.length).toBeGreaterThan(50);
    await newest.getByText(`“${LONG_NOTE.slice(0, 50)}…”`, { exact: true }).waitFor();
    expect(await axeViolations(page, { tags: WCAG_AA }), 'dashboard').toEqual([]);
  });

  it('cross-check: the TV shows the same top 10', async () => {
    await tv.page.goto('/tv');
    const ranking = computeRanking('points', { activeOnly: true }).slice(0, 10);
    await expectRows(
      tv.page,
      '[data-testid="tv-row"]',
      ['calls', 'meetings', 'conversion', 'points'],
      ranking.map((r) => ({
        'member-name': r.name,
        calls: n(r.calls),
        meetings: n(r.meetings),
        conversion: `${r.conversion}%`,
        points: n(r.points),
      })),
    );
    await expect(tv.page.getByText('points today').count()).resolves.toBe(ranking.length);
    // The clock ticks every second and the date is Norwegian.
    const clock = tv.page.getByTestId('tv-clock');
    const before = await clock.textContent();
    expect(before).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    await expect.poll(() => clock.textContent(), { timeout: 3_000 }).not.toBe(before);
    const date = await tv.page.getByTestId('tv-date').textContent();
    expect(date).toBe(
      new Intl.DateTimeFormat('nb-NO', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Oslo' }).format(
        new Date(),
      ),
    );
    expect(await axeViolations(tv.page, { tags: WCAG_AA }), 'tv').toEqual([]);
  });

  it('cross-check: Team Overview', async () => {
    const { page } = manager;
    await page.goto('/app/team/overview');
    await page.getByRole('heading', { name: 'Team Overview', level: 1 }).waitFor();
    await page.getByText("Weekly progress and today's team activities").waitFor();
    const totals = computeTeamTotals('week');
    await expectStat(page, 'Total Calls', n(totals.calls));
    await expectStat(page, 'Meetings', n(totals.meetings));
    await expectStat(page, 'Sales', n(totals.sales));
    await expectStat(page, 'Conversion %', `${totals.conversion}%`);
    await expectStat(page, 'Points', n(totals.points));
    await expectStat(page, 'Team Size', n(TEAM.length));
    await expect.poll(() => page.getByTestId('team-activity').count()).toBe(10);
    // The newest row names its call's outcome; the row reads "<label> · <customer>", hence no end anchor.
    await page
      .getByTestId('team-activity')
      .first()
      .getByText(/^Call( Answered|, No Answer|, Moved Forward)/)
      .waitFor();
    // Today's board lists every member, those who logged nothing yet included (as the Company page does).
    const ranking = computeRanking('calls');
    await expectRows(
      page,
      '[data-testid="today-row"]',
      ['calls', 'meetings', 'conversion'],
      ranking.map((r) => ({ 'member-name': r.name, calls: n(r.calls), meetings: n(r.meetings), conversion: `${r.conversion}%` })),
    );
    await expect(
      // One of the two badges shows (under the name on a phone, beside it wider).
      page
        .getByTestId('today-row')
        .filter({ hasText: 'Kari Nordmann' })
        .getByText('You', { exact: true })
        .filter({ visible: true })
        .count(),
    ).resolves.toBe(1);
    expect(await axeViolations(page, { tags: WCAG_AA }), 'team overview').toEqual([]);
    await saveScreenshot(page, 'scoreboard-20-team-overview');
  });

  it('cross-check: Weekly View', async () => {
    const { page } = manager;
    await page.goto('/app/weekly');
    await page.getByRole('heading', { name: 'Weekly View', level: 1 }).waitFor();
    const totals = computeTeamTotals('week');
    await expectStat(page, 'Total Calls', n(totals.calls));
    await expectStat(page, 'Meetings Booked', n(totals.meetings));
    await expectStat(page, 'Avg Conversion', `${totals.conversion}%`);
    await expectStat(page, 'Total Points', n(totals.points));
    const ranking = computeRanking('points', { period: 'week' });
    await expectRows(
      page,
      '[data-testid="member-card"]',
      ['calls', 'meetings', 'sales', 'conversion', 'points'],
      ranking.map((r) => ({
        'member-name': r.name,
        calls: n(r.calls),
        meetings: n(r.meetings),
        sales: n(r.sales),
        conversion: `${r.conversion}%`,
        points: n(r.points),
      })),
    );
    const cards = page.getByTestId('member-card');
    for (const [index, row] of ranking.entries()) {
      const card = cards.nth(index);
      await card.getByRole('heading', { name: row.name }).waitFor();
      const badge = await card.getByText('High conversion').count();
      expect(badge, row.name).toBe(row.calls > 0 && row.conversion >= 20 ? 1 : 0);
    }
    expect(await axeViolations(page, { tags: WCAG_AA }), 'weekly').toEqual([]);
    await saveScreenshot(page, 'scoreboard-21-weekly');
  });

  it('cross-check: Monthly Overview, both tabs', async () => {
    const { page } = manager;
    await page.goto('/app/monthly');
    const month = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'Europe/Oslo' }).format(new Date());
    await page.getByRole('heading', { name: `Monthly Overview · ${month}`, level: 1 }).waitFor();

    const mine = computeExpected(kari, 'month');
    const workingDays = Math.max(1, mine.days);
    await expectStat(page, 'Total Calls', n(mine.calls));
    await expectStat(page, 'Meetings Booked', n(mine.meetings));
    await expectStat(page, 'Total Sales', n(mine.sales));
    await expectStat(page, 'Total Points', n(mine.points));
    await statCard(page, 'Total Calls')
      .getByText(`${decimal(average(mine.calls, workingDays))} per day`)
      .waitFor();
    await statCard(page, 'Meetings Booked').getByText(`${mine.conversion}% conversion`).waitFor();
    await statCard(page, 'Total Points')
      .getByText(`${decimal(average(mine.points, workingDays))} per day`)
      .waitFor();
    const performance = page.locator('dl').filter({ hasText: 'Average conversion rate' });
    await performance.getByText(`${mine.conversion}%`, { exact: true }).waitFor();
    await performance.locator('div').filter({ hasText: 'Active days' }).getByText(n(mine.days), { exact: true }).waitFor();
    await performance
      .locator('div')
      .filter({ hasText: 'Average points per day' })
      .getByText(decimal(average(mine.points, workingDays)), { exact: true })
      .waitFor();
    await page.getByRole('heading', { name: 'Your Monthly Performance' }).waitFor();
    await saveScreenshot(page, 'scoreboard-22-monthly-individual');

    await page.getByRole('tab', { name: 'Company' }).click();
    const totals = computeTeamTotals('month');
    await expectStat(page, 'Total Calls', n(totals.calls));
    await expectStat(page, 'Meetings Booked', n(totals.meetings));
    await expectStat(page, 'Total Sales', n(totals.sales));
    await expectStat(page, 'Total Points', n(totals.points));
    await page.getByText('Entire company').waitFor();
    await statCard(page, 'Meetings Booked').getByText(`${totals.conversion}% conversion`).waitFor();
    await statCard(page, 'Total Sales').getByText(money(totals.revenue)).waitFor();
    const ranking = computeRanking('points', { period: 'month' });
    await expectRows(
      page,
      '[data-testid="monthly-row"]',
      ['calls', 'conversion', 'points', 'sales'],
      ranking.map((r) => ({
        'member-name': r.name,
        calls: n(r.calls),
        conversion: `${r.conversion}%`,
        points: n(r.points),
        sales: n(r.sales),
      })),
    );
    await page
      .getByRole('img', { name: /Daily calls and points this month/ })
      .locator('.recharts-bar-rectangle')
      .first()
      .waitFor();
    expect(await axeViolations(page, { tags: WCAG_AA }), 'monthly company').toEqual([]);
    await saveScreenshot(page, 'scoreboard-23-monthly-company');

    // Last month, across the month boundary: the same screen, the same sums.
    await page.getByRole('button', { name: 'Previous month' }).click();
    const previousName = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${PREVIOUS_MONTH}-15T12:00:00Z`),
    );
    await page.getByRole('heading', { name: `Monthly Overview · ${previousName}`, level: 1 }).waitFor();
    const previous = computeTeamTotals('previousMonth');
    await expectStat(page, 'Total Calls', n(previous.calls));
    await expectStat(page, 'Total Points', n(previous.points));
    await expectRows(
      page,
      '[data-testid="monthly-row"]',
      ['points'],
      computeRanking('points', { period: 'previousMonth' }).map((r) => ({ 'member-name': r.name, points: n(r.points) })),
    );
    await page.getByRole('button', { name: 'Next month' }).click();
    await page.getByRole('heading', { name: `Monthly Overview · ${month}`, level: 1 }).waitFor();
  });

  it('cross-check: the Company page', async () => {
    const { page } = manager;
    await page.goto('/app/company');
    await page.getByRole('heading', { name: 'Company', level: 1 }).waitFor();
    await expect.poll(() => page.locator('[data-slot="member-count"]').textContent()).toBe(n(TEAM.length));
    await expect.poll(() => page.locator('[data-slot="timezone"]').textContent()).toBe('Europe/Oslo');
    const ranking = computeRanking('calls');
    await expectRows(
      page,
      '[data-testid="today-row"]',
      ['calls', 'meetings', 'conversion'],
      ranking.map((r) => ({ 'member-name': r.name, calls: n(r.calls), meetings: n(r.meetings), conversion: `${r.conversion}%` })),
    );
    await expect.poll(() => page.getByTestId('company-member').count()).toBe(TEAM.length);
    await page.getByTestId('company-member').filter({ hasText: 'Kari Nordmann' }).getByText('Admin').waitFor();
    await expect(
      page.getByTestId('company-member').filter({ hasText: 'Ola Hansen' }).getByText('User', { exact: true }).isVisible(),
    ).resolves.toBe(true);
    expect(await axeViolations(page, { tags: WCAG_AA }), 'company').toEqual([]);
    await saveScreenshot(page, 'scoreboard-24-company');
  });

  it('every view follows a new call in place: no reload, no loading skeleton, the scroll position kept', async () => {
    const { page: view } = await open({ account: kari, viewport: { width: 1280, height: 480 } });
    const views: { path: string; heading: RegExp; tab?: string; check: () => Promise<void> }[] = [
      { path: '/app/weekly', heading: /^Weekly View$/, check: () => expectStat(view, 'Total Calls', n(computeTeamTotals('week').calls)) },
      {
        path: '/app/team/overview',
        heading: /^Team Overview$/,
        check: () => expectStat(view, 'Total Calls', n(computeTeamTotals('week').calls)),
      },
      {
        path: '/app/monthly',
        heading: /^Monthly Overview/,
        tab: 'Company',
        check: () => expectStat(view, 'Total Calls', n(computeTeamTotals('month').calls)),
      },
      {
        path: '/app/company',
        heading: /^Company$/,
        check: async () => {
          const olaToday = computeRanking('calls').find((r) => r.name === 'Ola Hansen')!;
          await expect
            .poll(
              () =>
                view.locator('[data-testid="today-row"]').filter({ hasText: 'Ola Hansen' }).locator('[data-slot="calls"]').textContent(),
              { timeout: 10_000 },
            )
            .toBe(n(olaToday.calls));
        },
      },
    ];
    for (const { path, heading, tab, check } of views) {
      await view.goto(path);
      await view.getByRole('heading', { name: heading, level: 1 }).waitFor();
      if (tab) await view.getByRole('tab', { name: tab }).click();
      await check();
      // Watch for anything that would make the screen jump: a reload, a skeleton, a scroll reset.
      await view.evaluate(() => {
        const w = window as unknown as { __noReload: boolean; __sawSkeleton: boolean };
        w.__noReload = true;
        w.__sawSkeleton = false;
        new MutationObserver(() => {
          if (document.querySelector('[data-slot="skeleton"], [data-slot="stat-card-skeleton"]')) w.__sawSkeleton = true;
        }).observe(document.body, { subtree: true, childList: true });
        window.scrollTo(0, document.documentElement.scrollHeight);
      });
      const scrolled = await view.evaluate(() => window.scrollY);
      expect(scrolled, path).toBeGreaterThan(0);

      await log(ola, { kind: 'call', answered: false, customerName: 'Kongsberg Gruppen' });
      await check();
      const after = await view.evaluate(() => {
        const w = window as unknown as { __noReload?: boolean; __sawSkeleton?: boolean };
        return { noReload: w.__noReload, sawSkeleton: w.__sawSkeleton, scrollY: window.scrollY };
      });
      expect(after, path).toEqual({ noReload: true, sawSkeleton: false, scrollY: scrolled });
    }
  });

  it('screenshots of the finished screens at wall and phone sizes', async () => {
    const { page } = manager;
    await page.goto('/app');
    await expectStat(page, 'Points Today', n(computeTeamTotals().points));
    await expect.poll(() => page.getByTestId('feed-item').count()).toBe(10);
    await saveScreenshot(page, 'scoreboard-30-dashboard');

    const wide = await open({ account: kari, viewport: { width: 1920, height: 1080 } });
    await wide.page.goto('/app');
    await expectStat(wide.page, 'Points Today', n(computeTeamTotals().points));
    await expect.poll(() => wide.page.getByTestId('feed-item').count()).toBe(10);
    await saveScreenshot(wide.page, 'scoreboard-31-dashboard-1920');
    await captureScreenshot(wide.page, 'landing-dashboard', { animations: 'disabled' });

    await saveScreenshot(tv.page, 'scoreboard-32-tv-1920');
    const small = await open({ account: kari, viewport: { width: 1280, height: 720 } });
    await small.page.goto('/tv');
    await small.page.getByTestId('tv-row').first().waitFor();
    await saveScreenshot(small.page, 'scoreboard-33-tv-1280');

    const phone = await open({ account: ola, viewport: { width: 390, height: 844 } });
    await phone.page.goto('/app');
    await expectStat(phone.page, 'Points Today', n(computeTeamTotals().points));
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(phone.page, 'scoreboard-34-dashboard-phone');
    const narrow = await open({ account: ola, viewport: { width: 360, height: 780 } });
    await narrow.page.goto('/app');
    await narrow.page.getByTestId('leaderboard-row').first().waitFor();
    expect(
      await narrow.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);

    const norwegian = await open({ account: kari, viewport: { width: 1920, height: 1080 }, locale: 'nb-NO' });
    await norwegian.page.goto('/tv');
    await norwegian.page.getByRole('heading', { name: 'Teamets toppliste' }).waitFor();
    await norwegian.page.getByText('poeng i dag').first().waitFor();
    await saveScreenshot(norwegian.page, 'scoreboard-35-tv-norwegian-1920');
  });

  it('the TV fullscreen toggle follows the browser, and flips its state when the browser refuses', async () => {
    const page = tv.page;
    const toggle = page.getByRole('button', { name: 'Enter fullscreen' });
    await expect(toggle.getAttribute('aria-pressed')).resolves.toBe('false');
    // Headless Chromium refuses fullscreen without a real display: the shown state flips anyway.
    await page.evaluate(() => {
      document.documentElement.requestFullscreen = () => Promise.reject(new Error('denied'));
    });
    await toggle.click();
    await page.getByRole('button', { name: 'Exit fullscreen' }).waitFor();
    // A fullscreenchange event (Esc, the browser's own control) brings it back in line.
    await page.evaluate(() => document.dispatchEvent(new Event('fullscreenchange')));
    await page.getByRole('button', { name: 'Enter fullscreen' }).waitFor();
    const sound = page.getByRole('button', { name: 'Turn celebration sound on' });
    await sound.click();
    await expect(page.getByRole('button', { name: 'Turn celebration sound off' }).getAttribute('aria-pressed')).resolves.toBe('true');
  });

  it('the dashboard shows its loading state, the yellow still-loading state and the error state', async () => {
    const { page, browser } = await open({ account: kari });
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/v1/scoreboard/kpis', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/app');
    await page.getByRole('heading', { name: 'Team Dashboard', level: 1 }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Loading...' }).waitFor();
    await expect(page.locator('[data-slot="stat-card-skeleton"]').count()).resolves.toBe(4);
    await saveScreenshot(page, 'scoreboard-40-dashboard-loading');
    release();
    await expectStat(page, 'Calls Today', n(computeTeamTotals().calls));
    await page.unroute('**/api/v1/scoreboard/kpis');

    // The error states are for a browser with no numbers to show: this one keeps the ones it has
    // seen (decision 082) and would show them again after a reload, so the states are met in a
    // browser that has never seen the dashboard.
    const first = await open({ account: kari });
    await first.page.route('**/api/v1/scoreboard/kpis', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'unavailable', message: 'Starting up' } }),
      }),
    );
    await first.page.goto('/app');
    await first.page.getByText('Dashboard features are still loading. Please wait a moment or refresh the page.').waitFor();
    await saveScreenshot(first.page, 'scoreboard-41-dashboard-still-loading');
    await first.page.unroute('**/api/v1/scoreboard/kpis');

    await first.page.route('**/api/v1/scoreboard/kpis', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'forbidden', message: 'You are not a member of this company' } }),
      }),
    );
    await first.page.reload();
    await first.page.getByText('Error loading dashboard data').waitFor();
    await first.page.getByText('Failed to load KPIs').waitFor();
    await saveScreenshot(first.page, 'scoreboard-42-dashboard-error');
    await first.page.unroute('**/api/v1/scoreboard/kpis');
    // The refused requests above are reported by the browser; they were the point of the test.
    expect(first.browser.consoleErrors.every((e) => /status of (503|403)/.test(e))).toBe(true);
    first.browser.consoleErrors.length = 0;
    expect(browser.consoleErrors).toEqual([]);
    await first.browser.close();
    browsers.splice(browsers.indexOf(first.browser), 1);
  });

  it('stays live call after call: each of five calls reaches the dashboard and the TV, no reload (timed by npm run bench:live)', async () => {
    const { page } = manager;
    await page.goto('/app');
    await expectStat(page, 'Calls Today', n(computeTeamTotals().calls));
    await tv.page.goto('/tv');
    await tv.page.locator('[data-testid="tv-row"]').first().waitFor();
    const samples: number[] = [];
    for (let i = 0; i < 5; i++) {
      const before = computeTeamTotals().calls;
      const expectedDashboard = n(before + 1);
      const expectedTv = n(computeExpected(ola).calls + 1);
      // Each page notes, by its own clock, the moment it shows the new number (no polling delay):
      // the dashboard's Calls Today, and Ola's calls on the TV.
      const dashboardSeen = watchText(page, READ_CALLS_TODAY, expectedDashboard);
      const tvSeen = watchText(tv.page, readCallsOnTv('Ola Hansen'), expectedTv);
      await sleep(100); // both observers are in place before the call is logged
      await log(ola, { kind: 'call', answered: false, customerName: 'Statkraft' });
      const committedAt = Date.now();
      const tooLate = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`call ${i + 1} did not reach both screens within 10 s`)), 10_000),
      );
      const [dashboardAt, tvAt] = await Promise.race([Promise.all([dashboardSeen, tvSeen]), tooLate]);
      samples.push(Math.max(dashboardAt, tvAt) - committedAt);
    }
    // How fast is a benchmark's question (docs/performance.md, "Live updates"); this prints the figures.
    console.info(`[live] committed call -> dashboard and TV: ${samples.join(', ')} ms`);
    expect(samples).toHaveLength(5);
  });

  it("a display link for one team: the wall shows that team's people and names the team, in both languages", async () => {
    const admin = members.get(kari.email)!;
    const api = async <T>(method: string, path: string, body?: unknown) => {
      const response = await callApi<T>(baseUrl, admin.cookie, method, path, body);
      expect(response.status, `${method} ${path}`).toBeLessThan(300);
      return response.body;
    };
    const oslo = await api<{ id: string }>('POST', '/teams', { name: 'Oslo' });
    await api('POST', '/teams', { name: 'Bergen' });
    const OSLO = [kari, ola, sofie, magnus];
    for (const account of OSLO) await api('PUT', `/team/members/${members.get(account.email)!.userId}/team`, { teamId: oslo.id });
    const companyName = (await api<{ company: { name: string } }>('GET', '/me')).company.name;

    const { page } = manager;
    await page.goto('/app/admin/integrations');
    await page.getByRole('heading', { name: 'TV display links' }).waitFor();
    const shows = page.getByRole('combobox', { name: 'Shows' });
    await expect.poll(() => shows.textContent()).toBe('Whole company');
    await shows.click();
    await page.getByRole('option', { name: 'Oslo' }).click();
    await page.getByLabel('Screen name').fill('Oslo wall');
    await saveScreenshot(page, 'scoreboard-15-admin-display-link-for-a-team');
    await page.getByRole('button', { name: 'Create link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Display link for “Oslo wall” created' });
    const url = await dialog.getByLabel('Display link').inputValue();
    await dialog.getByRole('button', { name: 'Done' }).click();
    const row = page.getByTestId('display-link-row').filter({ hasText: 'Oslo wall' });
    await row.getByRole('cell', { name: 'Oslo', exact: true }).waitFor();
    await page.getByTestId('display-link-row').filter({ hasText: 'Sales floor TV' }).getByText('Whole company').waitFor();
    await saveScreenshot(page, 'scoreboard-16-admin-display-links-with-team');
    expect(await axeViolations(page, { tags: WCAG_AA }), 'admin integrations with a team link').toEqual([]);

    // The signed-out wall shows Oslo's people only, ranked as the company's board ranks them.
    const osloNames = new Set(OSLO.map((account) => account.name));
    const expected = computeRanking('points', { activeOnly: true })
      .filter((r) => osloNames.has(r.name))
      .map((r) => r.name);
    const wall = await open({ viewport: { width: 1920, height: 1080 } });
    await wall.page.goto(url);
    await wall.page.getByRole('heading', { name: 'Team Leaderboard' }).waitFor();
    await wall.page.getByText(`${companyName} · Oslo · Today`).waitFor();
    await expect
      .poll(() => wall.page.locator('[data-testid="tv-row"] [data-slot="member-name"]').allTextContents(), { timeout: 5_000 })
      .toEqual(expected);
    await saveScreenshot(wall.page, 'scoreboard-17-tv-team-display-link-1920');

    const norwegian = await open({ viewport: { width: 1920, height: 1080 }, locale: 'nb-NO' });
    await norwegian.page.goto(url);
    await norwegian.page.getByRole('heading', { name: 'Teamets toppliste' }).waitFor();
    await norwegian.page.getByText(new RegExp(`^${companyName} · Oslo · `)).waitFor();
    await expect
      .poll(() => norwegian.page.locator('[data-testid="tv-row"] [data-slot="member-name"]').allTextContents(), { timeout: 5_000 })
      .toEqual(expected);
    await saveScreenshot(norwegian.page, 'scoreboard-18-tv-team-display-link-norwegian-1920');

    // A Norwegian company's wall speaks Norwegian on a TV whose browser is English (decision 079).
    await api('PATCH', '/company', { language: 'nb' });
    await wall.page.reload();
    await wall.page.getByRole('heading', { name: 'Teamets toppliste' }).waitFor();
    expect(await wall.page.evaluate(() => document.documentElement.lang)).toBe('nb');
    await api('PATCH', '/company', { language: null });

    // The admin's screen in Norwegian (the saved language), then back to English for what follows.
    await api('PATCH', '/me/profile', { language: 'nb' });
    await page.goto('/app/admin/integrations');
    await page.getByTestId('display-link-row').filter({ hasText: 'Sales floor TV' }).getByText('Hele selskapet').waitFor();
    await page.getByRole('combobox', { name: 'Viser', exact: true }).waitFor();
    await saveScreenshot(page, 'scoreboard-19-admin-display-links-with-team-nb');
    await api('PATCH', '/me/profile', { language: 'en' });
  });

  it('left no console errors on the way', async () => {
    await sleep(200);
    for (const browser of browsers) expect(browser.consoleErrors).toEqual([]);
  });
});

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations, WCAG_AA } from './support/axe';
import { callApiOk, joinCompany, makeAccount, signInContext } from './support/accounts';
import { type Browser, openBrowser, SCREENSHOTS, saveSettledScreenshot } from './support/browser';
import { openInApp } from './support/navigate';
import { type RunningServer, startServer } from './support/server';

/*
 * Every screen in both themes (decision 056): an admin opens every app screen (the boards, My
 * Activity, the wrap-up, coaching, contests, targets, a person's page, every tab of Settings and of
 * Administration) with the system in light and in dark, and axe finds no WCAG AA violation, colour
 * contrast included, in either. The theme is on <html> before the app has drawn anything (no flash),
 * the switch in Settings overrides the system, the TV keeps its own look, and the keyboard logs a
 * call, a meeting and a sale from any screen. Screenshots dark, phone and desktop, English and Norwegian.
 */

const admin = makeAccount('Astrid Admin');
const rep = makeAccount('Ola Oslo');

let server: RunningServer;
let base: string;
let browser: Browser;
let page: Page;
let adminCookie: string;
let repId: string;
let contestId: string;
let wrapupId: string;

const ok = <T = Record<string, unknown>>(cookie: string, method: string, path: string, body?: unknown) =>
  callApiOk<T>(base, cookie, method, path, body);

const SETTINGS_TABS = ['personal', 'company', 'team', 'kpi', 'customers', 'exports', 'api-tokens'];
const ADMIN_TABS = [
  'users',
  'teams',
  'kpi',
  'activity-types',
  'kpis',
  'targets',
  'customers',
  'import',
  'integrations',
  'celebrations',
  'webhooks',
  'billing',
  'inbox',
  'audit',
];

/** Every screen of the app an admin can open (web/app/router.tsx), as paths. */
function appScreens(): string[] {
  return [
    '/app',
    '/app/activity',
    '/app/quick-log',
    '/app/wrapup',
    '/app/weekly',
    '/app/monthly',
    '/app/kpis',
    '/app/boards',
    '/app/team/overview',
    '/app/company',
    '/app/coaching',
    '/app/contests',
    '/app/targets',
    `/app/coaching/wrapups/${wrapupId}`,
    `/app/contests/${contestId}`,
    `/app/people/${repId}`,
    '/app/setup',
    ...SETTINGS_TABS.map((tab) => `/app/settings?tab=${tab}`),
    ...ADMIN_TABS.map((tab) => `/app/admin/${tab}`),
  ];
}

/** Today in the company's zone (Oslo), as the contests' dates are written. */
function osloToday(offsetDays = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(new Date(Date.now() + offsetDays * 86_400_000));
}

/** Waits until the screen has drawn its data: a heading (a coached wrap-up's first is an h2), and no skeleton or busy region left. */
async function settle(target: Page) {
  await target.locator('main :is(h1, h2)').first().waitFor();
  await target
    .waitForFunction(() => !document.querySelector('[aria-busy="true"], [data-slot="skeleton"]'), undefined, { timeout: 15_000 })
    .catch(() => undefined);
}

const isDark = (target: Page) => target.evaluate(() => document.documentElement.classList.contains('dark'));

beforeAll(async () => {
  server = await startServer({ WEB_DIST_DIR: inject('webDist') });
  base = server.baseUrl;
  adminCookie = (await joinCompany(base, admin)).cookie;
  const joined = await joinCompany(base, rep);
  repId = joined.id;
  // Something on every board: calls with outcomes, a meeting held, sales, for both people.
  for (const cookie of [adminCookie, joined.cookie]) {
    await ok(cookie, 'POST', '/activities', { kind: 'call', answered: true, outcome: 'meeting_booked', customerName: 'Fjord Fisk AS' });
    await ok(cookie, 'POST', '/activities', { kind: 'call', answered: false });
    await ok(cookie, 'POST', '/activities', { kind: 'meeting', customerName: 'Nordlys Energi AS' });
    await ok(cookie, 'POST', '/activities', { kind: 'sale', ticketSize: 1_250_000, customerName: 'Fjord Fisk AS' });
  }
  const team = await ok<{ id: string }>(adminCookie, 'POST', '/teams', { name: 'Oslo' });
  await ok(adminCookie, 'PUT', `/team/members/${repId}/team`, { teamId: team.id });
  // A wrap-up that differs from the log (the comparison's warning colours), read by coaching.
  const saved = await ok<{ wrapup: { id: string } }>(joined.cookie, 'PUT', '/wrapups/today', {
    calls: 5,
    meetings: 1,
    sales: 1,
    points: 18,
    good: 'Two good talks with Fjord Fisk.',
    improve: 'Follow up faster.',
  });
  wrapupId = saved.wrapup.id;
  const contest = await ok<{ id: string }>(adminCookie, 'POST', '/contests', {
    name: 'Call sprint',
    startsOn: osloToday(),
    endsOn: osloToday(6),
    participants: 'everyone',
    mode: 'individual',
    weights: [{ metric: 'calls', weight: 1 }],
    prizes: 'Dinner for two',
  });
  contestId = contest.id;

  browser = await openBrowser({ baseUrl: base });
  await signInContext(browser.context, base, admin);
  page = await browser.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('dark mode', () => {
  it('is on <html> before the app draws anything, and the CSP lets its script run', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    // Read in the page at the moment the app first draws into #root (not after the page has loaded:
    // by the time a read from here arrives, the app may have drawn already, which proves nothing).
    type FirstDraw = { dark: boolean; bar: (string | null)[] };
    await page.addInitScript(() => {
      const record = window as unknown as { __firstDraw?: FirstDraw };
      const observer = new MutationObserver(() => {
        if ((document.getElementById('root')?.childElementCount ?? 0) === 0) return;
        observer.disconnect();
        record.__firstDraw = {
          dark: document.documentElement.classList.contains('dark'),
          bar: [...document.querySelectorAll('meta[name="theme-color"]')].map((meta) => meta.getAttribute('content')),
        };
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    await page.goto('/app', { waitUntil: 'domcontentloaded' });
    const first = await (await page.waitForFunction(() => (window as unknown as { __firstDraw?: FirstDraw }).__firstDraw)).jsonValue();
    // The phone's status bar is the dark header's colour from the first frame, not a light one.
    expect(first).toEqual({ dark: true, bar: ['#101723'] });
    await settle(page);
    expect(browser.consoleErrors.filter((e) => /Content Security Policy|Refused to execute/i.test(e))).toEqual([]);

    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload({ waitUntil: 'domcontentloaded' });
    expect(await isDark(page)).toBe(false);
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#ffffff');
  });

  it('axe finds no violations on any app screen, with the system in light and then in dark', async () => {
    // One visit per screen: checked in light, then the system turns dark while it is open and it is
    // checked again. A screen that read the theme only when it was drawn would keep light colours
    // on a dark page, and fail here as it would for a person whose system changes at sunset.
    // (axe's colour-contrast rule is most of each check: checking only the colour rules in dark was
    // measured no faster.)
    const problems: string[] = [];
    for (const path of appScreens()) {
      await page.emulateMedia({ colorScheme: 'light' });
      await openInApp(page, path);
      await settle(page);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.waitForFunction((dark) => document.documentElement.classList.contains('dark') === dark, scheme === 'dark');
        const violations = await axeViolations(page, { tags: WCAG_AA });
        problems.push(...violations.map((v) => `${path} (${scheme}): ${v}`));
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it('the Settings switch overrides the system at once, and holds after a reload', async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/app/settings?tab=personal');
    await settle(page);
    await page.getByRole('radio', { name: 'Dark' }).check();
    expect(await isDark(page)).toBe(true);
    await page.reload();
    await settle(page);
    expect(await isDark(page)).toBe(true);
    expect(await page.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);
    expect(await axeViolations(page, { tags: WCAG_AA })).toEqual([]);

    // The TV is a wall's screen, not a person's: its own night look whatever the browser says.
    const tv = await browser.context.newPage();
    await tv.goto('/tv');
    expect(await isDark(tv)).toBe(false);
    await tv.close();

    await page.getByRole('radio', { name: 'System' }).check();
    expect(await isDark(page)).toBe(false);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    // The browser's bar follows the system's change while the app runs.
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#101723');
  });

  it('the keyboard logs a call, a meeting and a sale from any screen, and ? lists the keys', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/app/weekly');
    await settle(page);

    await page.keyboard.press('c');
    const callDialog = page.getByRole('dialog');
    await callDialog.waitFor();
    await page.waitForURL('**/app/activity?log=call');
    expect(await axeViolations(page, { include: '[role="dialog"]', tags: WCAG_AA })).toEqual([]);
    await page.keyboard.press('Escape');
    await callDialog.waitFor({ state: 'detached' });

    await page.goto('/app/company');
    await settle(page);
    await page.keyboard.press('m');
    await page.waitForURL('**/app/activity?log=meeting');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.goto('/app/contests');
    await settle(page);
    await page.keyboard.press('s');
    await page.waitForURL('**/app/activity?log=sale');
    const saleDialog = page.getByRole('dialog');
    await saleDialog.waitFor();
    // While a dialog is open the keys are the dialog's: typing in its fields logs nothing else.
    await saleDialog.getByRole('textbox').first().pressSequentially('cms');
    expect(page.url()).toContain('log=sale');
    await page.keyboard.press('Escape');
    await saleDialog.waitFor({ state: 'detached' });

    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    expect(await axeViolations(page, { include: '[role="dialog"]', tags: WCAG_AA })).toEqual([]);
    await saveSettledScreenshot(help, 'dark-mode-shortcuts-desktop-en');
    await page.keyboard.press('Escape');
  });

  it('looks finished dark, phone and desktop, English and Norwegian', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    const shots = [
      ['/app', 'dashboard'],
      ['/app/activity', 'activity'],
      ['/app/quick-log', 'quick-log'],
      ['/app/weekly', 'weekly'],
      [`/app/people/${repId}`, 'person'],
      ['/app/contests', 'contests'],
      [`/app/contests/${contestId}`, 'contest'],
      [`/app/coaching/wrapups/${wrapupId}`, 'coaching-wrapup'],
      ['/app/settings?tab=personal', 'settings'],
    ] as const;
    const sizes = [
      [{ width: 1366, height: 860 }, 'desktop'],
      [{ width: 390, height: 844 }, 'phone'],
    ] as const;
    for (const language of ['en', 'nb'] as const) {
      await ok(adminCookie, 'PATCH', '/me/profile', { language });
      // Without screenshots (npm test) no picture is drawn, and the axe test has already opened
      // every screen dark on a desktop: these screens are then opened on a phone only, in both
      // languages, where they must draw without an error.
      // The language is read when the app loads: the first screen in each language is a page load,
      // the rest are opened from within the app, as a person moves between them.
      await page.goto(shots[0][0]);
      for (const [viewport, size] of sizes.filter(([, size]) => SCREENSHOTS || size === 'phone')) {
        await page.setViewportSize(viewport);
        for (const [path, name] of shots) {
          await openInApp(page, path);
          await settle(page);
          await saveSettledScreenshot(page, `dark-mode-${name}-${size}-${language}`);
        }
      }
    }
    await page.setViewportSize({ width: 1366, height: 860 });
    await ok(adminCookie, 'PATCH', '/me/profile', { language: 'en' });
    expect(browser.consoleErrors).toEqual([]);
  });
});

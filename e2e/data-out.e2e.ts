import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations, WCAG_AA } from './support/axe';
import { type Account, callApi, joinCompany, makeAccount, signInContext } from './support/accounts';
import { type Browser, openBrowser, saveSettledScreenshot } from './support/browser';
import { openInApp } from './support/navigate';
import { type RunningServer, startServer } from './support/server';

/*
 * Data out, in a real browser: a manager (the company's admin) exports this month's leaderboard as
 * a workbook from the Monthly page, and the file's numbers are the screen's; a rep makes a personal
 * access token in Settings, copies it, reads their activities with it from outside the browser,
 * revokes it, and the same call is refused. Screenshots of the Export menu, the Exports tab and
 * the API tokens tab, in English and Norwegian, on a desktop and a phone.
 *
 * Its own server (the first person in is the admin; the numbers are this file's alone). The
 * activity feed serves a change once it has settled; 200 ms here instead of 10 s.
 */

const manager = makeAccount('Mona Manager');
const rita = makeAccount('Rita Rep');
const PHONE = { width: 390, height: 844 };

let server: RunningServer;
let base: string;
const cookies = new Map<Account, string>();
const ids = new Map<Account, string>();

const api = (account: Account, method: string, path: string, body?: unknown) => callApi(base, cookies.get(account)!, method, path, body);
const toast = (target: Page, text: string | RegExp) => target.locator('[data-sonner-toast]').filter({ hasText: text }).first();

/** The activities feed, called as an integration would: a bearer token, no cookie, no Origin. */
async function readActivitiesWithToken(
  secret: string,
): Promise<{ status: number; body: { activities?: { userId: string; notes: string | null }[] } }> {
  const response = await fetch(`${base}/api/v1/activities?limit=100`, { headers: { authorization: `Bearer ${secret}` } });
  return { status: response.status, body: (await response.json()) as { activities?: { userId: string; notes: string | null }[] } };
}

beforeAll(async () => {
  server = await startServer({ WEB_DIST_DIR: inject('webDist'), ACTIVITY_FEED_SETTLE_MS: '200' });
  base = server.baseUrl;
  for (const account of [manager, rita]) {
    const joined = await joinCompany(base, account);
    cookies.set(account, joined.cookie);
    ids.set(account, joined.id);
  }
  const logged = [
    [rita, { kind: 'call', answered: true, outcome: 'meeting_booked', customerName: 'Fjord AS', notes: 'Rita: demo on Tuesday' }],
    [rita, { kind: 'call', answered: false }],
    [rita, { kind: 'sale', ticketSize: 1_250_000, customerName: 'Fjord AS', notes: 'Rita: signed' }],
    [manager, { kind: 'call', answered: true, outcome: 'moved_forward', customerName: 'Bergen AS' }],
    [manager, { kind: 'call', answered: true, outcome: 'no_progress' }],
  ] as const;
  for (const [account, activity] of logged) expect((await api(account, 'POST', '/activities', activity)).status).toBe(201);
});

afterAll(async () => {
  await server?.stop();
});

describe('a manager exports the month', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await openBrowser({ baseUrl: base });
    await signInContext(browser.context, base, manager);
    page = await browser.newPage();
  });
  afterAll(() => browser?.close());

  it("downloads this month's leaderboard as Excel from Monthly, with the screen's totals", async () => {
    await page.goto('/app/monthly');
    await page.getByRole('tab', { name: 'Company' }).click();
    const rows = page.getByTestId('monthly-row');
    await rows.first().waitFor();
    const screenRows = await rows.evaluateAll((elements) =>
      elements.map((row) => {
        const cell = (slot: string) => Number((row.querySelector(`[data-slot="${slot}"]`)?.textContent ?? '').replace(/[^\d]/g, ''));
        return {
          name: row.querySelector('[data-slot="member-name"]')?.textContent?.trim() ?? '',
          calls: cell('calls'),
          points: cell('points'),
          sales: cell('sales'),
        };
      }),
    );
    expect(screenRows.map((row) => row.name).sort()).toEqual([manager.name, rita.name].sort());

    await page.getByRole('button', { name: 'Export' }).click();
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: /Excel \(\.xlsx\)/ }).waitFor();
    await expect(menu.innerText()).resolves.toMatch(/Leaderboard, this month/);
    await saveSettledScreenshot(page, 'data-out-01-monthly-export-menu-en', { fullPage: false });
    expect(await axeViolations(page, { tags: WCAG_AA })).toEqual([]);

    // The keyboard reaches the item too: the arrows move, Enter picks.
    const [download] = await Promise.all([page.waitForEvent('download'), menu.getByRole('menuitem', { name: /Excel \(\.xlsx\)/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/ - leaderboard - \d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}\.xlsx$/);
    await toast(page, 'Export downloaded').waitFor();

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path())!);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 10)).toEqual([
      'Rank',
      'Member',
      'Points',
      'Calls',
      'Answered',
      'Unanswered',
      'Meetings booked',
      'Conversion (%)',
      'Sales',
      expect.stringMatching(/^Revenue/),
    ]);
    const column = (name: string) => header.findIndex((h) => typeof h === 'string' && h.startsWith(name)) + 1;
    const fileRows = [];
    for (let n = 2; n <= sheet.rowCount; n++) {
      const row = sheet.getRow(n);
      fileRows.push({
        name: row.getCell(column('Member')).value,
        calls: row.getCell(column('Calls')).value,
        points: row.getCell(column('Points')).value,
        sales: row.getCell(column('Sales')).value,
        conversion: row.getCell(column('Conversion')),
        revenue: row.getCell(column('Revenue')),
      });
    }
    // Numbers are numbers (typed cells), conversion a percent, revenue money.
    for (const row of fileRows) {
      expect(typeof row.points).toBe('number');
      expect(row.conversion.type).toBe(ExcelJS.ValueType.Number);
      expect(row.conversion.numFmt).toMatch(/%/);
      expect(row.revenue.type).toBe(ExcelJS.ValueType.Number);
    }
    expect(fileRows.find((row) => row.name === rita.name)?.revenue.value).toBe(12_500);
    // The file's rows are the screen's, in the screen's order.
    expect(fileRows.map(({ name, calls, points, sales }) => ({ name, calls, points, sales }))).toEqual(screenRows);
    const total = (key: 'calls' | 'points') => screenRows.reduce((sum, row) => sum + row[key], 0);
    expect(fileRows.reduce((sum, row) => sum + Number(row.calls), 0)).toBe(total('calls'));
    expect(fileRows.reduce((sum, row) => sum + Number(row.points), 0)).toBe(total('points'));
    expect(browser.consoleErrors).toEqual([]);
  });

  it('chooses any export in Settings, Exports', async () => {
    await page.goto('/app/settings?tab=exports');
    await page.getByRole('heading', { name: 'Export data' }).waitFor();
    await page.getByText('Custom range').click();
    await page.getByLabel('From').waitFor();
    await saveSettledScreenshot(page, 'data-out-02-settings-exports-en');
    await page.getByText('Members', { exact: true }).click();
    await page.getByText('CSV', { exact: true }).click();
    await page.getByText('Semicolon (;)').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toMatch(/ - members - \d{4}-\d{2}-\d{2}\.csv$/);
    // Semicolons, for Excel set to Norwegian, and a byte order mark first.
    const text = readFileSync((await download.path())!, 'utf8');
    expect(text.split('\r\n')[0]).toBe('\uFEFFName;E-mail;Role;Joined');
    expect(browser.consoleErrors).toEqual([]);
  });
});

describe('a rep and a personal access token', () => {
  let browser: Browser;
  let page: Page;
  let secret = '';
  beforeAll(async () => {
    browser = await openBrowser({ baseUrl: base });
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    await signInContext(browser.context, base, rita);
    page = await browser.newPage();
  });
  afterAll(() => browser?.close());

  it('creates a token, copies it once, and reads their activities with it', async () => {
    await page.goto('/app/settings?tab=api-tokens');
    await page.getByText('No tokens yet').waitFor();
    await expect(page.getByRole('link', { name: /Read the API reference/ }).getAttribute('href')).resolves.toBe('/api/docs');
    await saveSettledScreenshot(page, 'data-out-03-tokens-empty-en');

    await page.getByRole('button', { name: 'Create token' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create a token' });
    await dialog.getByLabel('Name').fill('Sync script');
    await dialog.getByText('11 / 80').waitFor();
    await dialog.getByLabel(/^Read activities/).check();
    // A rep is not offered the admins' scope.
    await expect(dialog.getByLabel(/^Manage webhooks/).count()).resolves.toBe(0);
    await dialog.getByText('30 days').click();
    await saveSettledScreenshot(dialog, 'data-out-04-create-token-en');
    expect(await axeViolations(page, { tags: WCAG_AA })).toEqual([]);
    await dialog.getByRole('button', { name: 'Create token' }).click();

    const shown = page.getByRole('dialog', { name: 'Your new token' });
    await shown.getByText('It will not be shown again').waitFor();
    secret = await shown.getByLabel('Token').inputValue();
    expect(secret).toMatch(/^dbp_[A-Za-z0-9]{43}$/);
    await shown.getByRole('button', { name: 'Copy' }).click();
    await shown.getByRole('button', { name: 'Copied' }).waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(secret);
    await saveSettledScreenshot(shown, 'data-out-05-token-secret-en');
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached' });

    const row = page.getByTestId('api-token').filter({ hasText: 'Sync script' });
    await row.getByText('Never used').waitFor();
    await expect(row.innerText()).resolves.not.toContain(secret);

    // The feed serves what has settled; ask until Rita's three activities are there.
    let answer = await readActivitiesWithToken(secret);
    for (let attempt = 0; attempt < 20 && (answer.body.activities?.length ?? 0) < 3; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      answer = await readActivitiesWithToken(secret);
    }
    expect(answer.status).toBe(200);
    expect(answer.body.activities?.map((a) => a.userId)).toEqual([ids.get(rita), ids.get(rita), ids.get(rita)]);
    expect(answer.body.activities?.map((a) => a.notes).filter(Boolean)).toEqual(['Rita: demo on Tuesday', 'Rita: signed']);

    await page.reload();
    await row.getByText(/Last used/).waitFor();
    await saveSettledScreenshot(page, 'data-out-06-tokens-list-en');
    expect(browser.consoleErrors).toEqual([]);
  });

  it('revokes it after a confirmation, and the same call is refused', async () => {
    const row = page.getByTestId('api-token').filter({ hasText: 'Sync script' });
    await row.getByRole('button', { name: 'Revoke Sync script' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke “Sync script”?' });
    await saveSettledScreenshot(confirm, 'data-out-07-revoke-confirm-en');
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await toast(page, 'Token revoked').waitFor();
    await page.getByText('No tokens yet').waitFor();
    expect((await readActivitiesWithToken(secret)).status).toBe(401);
    expect(browser.consoleErrors).toEqual([]);
  });
});

describe('in Norwegian, on a phone', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    expect((await api(manager, 'PATCH', '/me/profile', { language: 'nb' })).status).toBe(200);
    const made = await api(rita, 'POST', '/me/api-tokens', { name: 'Power BI', scopes: ['stats:read', 'members:read'], expiresInDays: 90 });
    expect(made.status).toBe(201);
    browser = await openBrowser({ baseUrl: base, viewport: PHONE, locale: 'nb-NO' });
    await signInContext(browser.context, base, manager);
    page = await browser.newPage();
  });
  afterAll(() => browser?.close());

  it('shows the admin every token of the company, and the Exports tab, in Norwegian', async () => {
    await page.goto('/app/settings?tab=api-tokens');
    await page.getByRole('heading', { name: 'Alle nøkler i selskapet' }).waitFor();
    await page.getByTestId('company-api-token').filter({ hasText: 'Power BI' }).waitFor();
    await saveSettledScreenshot(page, 'data-out-08-tokens-admin-nb-phone');
    await page.getByRole('button', { name: 'Lag nøkkel' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Lag en nøkkel' });
    await dialog.getByLabel(/^Administrere webhooks/).waitFor();
    await saveSettledScreenshot(dialog, 'data-out-09-create-token-nb-phone');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.goto('/app/settings?tab=exports');
    await page.getByRole('heading', { name: 'Eksporter data' }).waitFor();
    await page.getByText('Kolonneoverskrifter').waitFor();
    await saveSettledScreenshot(page, 'data-out-10-settings-exports-nb-phone');
    expect(browser.consoleErrors).toEqual([]);
  });

  it('offers the Export menu on the other screens, by keyboard', async () => {
    for (const [path, name] of [
      ['/app/activity', 'activity'],
      ['/app', 'dashboard'],
      ['/app/weekly', 'weekly'],
      ['/app/team/overview', 'team-overview'],
      ['/app/company', 'company'],
    ] as const) {
      await openInApp(page, path);
      const button = page.getByRole('button', { name: 'Eksporter' });
      await button.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu');
      await menu
        .getByRole('menuitem', { name: /CSV for norsk Excel/ })
        .first()
        .waitFor();
      if (name === 'activity' || name === 'company')
        await saveSettledScreenshot(page, `data-out-11-${name}-export-menu-nb-phone`, { fullPage: false });
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
    }
    expect(browser.consoleErrors).toEqual([]);
  });
});

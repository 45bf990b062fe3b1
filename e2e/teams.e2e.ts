import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, WCAG_AA } from './support/axe';
import { callApiOk, joinCompany, makeAccount, signInContext } from './support/accounts';
import { type Browser, openBrowser, saveSettledScreenshot } from './support/browser';
import { type JourneyServer, useSharedServer } from './support/shared-server';

/*
 * Teams (decision 040): an admin creates two teams in Administration → Teams, puts people in them,
 * names a lead, then filters the dashboard's leaderboard to one team and sees only its members; the
 * Company page sets the teams side by side. English and Norwegian, desktop and phone.
 */

const admin = makeAccount('Astrid Admin');
const ola = makeAccount('Ola Oslo');
const oda = makeAccount('Oda Oslo');
const bea = makeAccount('Bea Bergen');

let server: JourneyServer;
let base: string;
let browser: Browser;
let page: Page;
let adminCookie: string;

const ok = <T = Record<string, unknown>>(cookie: string, method: string, path: string, body?: unknown) =>
  callApiOk<T>(base, cookie, method, path, body);

const leaderboardNames = () => page.locator('[data-testid="leaderboard-row"] [data-slot="member-name"]').allTextContents();

/** Picks an option of a (lazy) select from the keyboard-reachable combobox. */
async function choose(combobox: ReturnType<Page['getByRole']>, option: string) {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

beforeAll(async () => {
  server = useSharedServer();
  base = server.baseUrl;
  adminCookie = (await joinCompany(base, admin)).cookie;
  for (const [account, calls] of [
    [ola, 3],
    [oda, 2],
    [bea, 4],
  ] as const) {
    const { cookie } = await joinCompany(base, account);
    for (let i = 0; i < calls; i++) await ok(cookie, 'POST', '/activities', { kind: 'call', answered: false });
  }
  browser = await openBrowser({ baseUrl: base });
  await signInContext(browser.context, base, admin);
  page = await browser.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('teams', () => {
  it('an admin creates two teams, puts people in them and names a lead', async () => {
    await page.goto('/app/admin/users');
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Teams' }).click();
    await page.waitForURL('**/app/admin/teams');
    await page.getByText('No teams yet').waitFor();
    const field = page.getByRole('textbox', { name: 'New team' });
    for (const name of ['Oslo', 'Bergen']) {
      await field.fill(name);
      await field.press('Enter');
      await page.getByRole('heading', { name, level: 3 }).waitFor();
    }
    await choose(page.getByRole('combobox', { name: 'Add a member to Oslo' }), 'Ola Oslo');
    await page.getByRole('button', { name: 'Remove Ola Oslo from Oslo' }).waitFor();
    await choose(page.getByRole('combobox', { name: 'Add a member to Oslo' }), 'Oda Oslo');
    await page.getByRole('button', { name: 'Remove Oda Oslo from Oslo' }).waitFor();
    await choose(page.getByRole('combobox', { name: 'Add a member to Bergen' }), 'Bea Bergen');
    await page.getByRole('button', { name: 'Remove Bea Bergen from Bergen' }).waitFor();
    await choose(page.getByRole('combobox', { name: 'Add a lead to Oslo' }), 'Astrid Admin');
    await page.getByRole('button', { name: 'Stop Astrid Admin leading Oslo' }).waitFor();
    expect(await page.getByTestId('team-row').allInnerTexts()).toEqual([
      expect.stringContaining('1 member'),
      expect.stringContaining('2 members'),
    ]);
    expect(await axeViolations(page, { tags: WCAG_AA })).toEqual([]);
    await saveSettledScreenshot(page, 'teams-01-admin-en');
  });

  it('the members list shows each member’s team', async () => {
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Users' }).click();
    await page.waitForURL('**/app/admin/users');
    await expect(page.getByRole('combobox', { name: 'Team of Bea Bergen' }).innerText()).resolves.toBe('Bergen');
  });

  it('filters the leaderboard to a team, remembered in the address', async () => {
    await page.goto('/app/dashboard');
    await expect.poll(leaderboardNames).toHaveLength(4);
    await choose(page.getByRole('combobox', { name: 'Team' }), 'Oslo');
    await page.waitForURL(/[?&]team=/);
    await expect.poll(async () => (await leaderboardNames()).sort()).toEqual(['Oda Oslo', 'Ola Oslo']);
    await page.reload();
    await expect.poll(async () => (await leaderboardNames()).sort()).toEqual(['Oda Oslo', 'Ola Oslo']);
    await saveSettledScreenshot(page, 'teams-02-dashboard-filtered-en');
  });

  it('the Company page sets the teams side by side', async () => {
    await page.goto('/app/company');
    const card = page.getByTestId('team-comparison');
    await card.getByRole('rowheader', { name: 'Oslo' }).waitFor();
    const osloRow = card.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Oslo' }) });
    await expect(osloRow.innerText()).resolves.toContain('2.5 per member');
    await saveSettledScreenshot(page, 'teams-03-company-en');
  });

  it('reads in Norwegian, on a desktop and a phone', async () => {
    await ok(adminCookie, 'PATCH', '/me/profile', { language: 'nb' });
    await page.goto('/app/admin/teams');
    await page.getByRole('heading', { name: 'Oslo', level: 3 }).waitFor();
    await page.getByRole('button', { name: 'Opprett team' }).waitFor();
    expect(await axeViolations(page, { tags: WCAG_AA })).toEqual([]);
    await saveSettledScreenshot(page, 'teams-04-admin-nb');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByRole('heading', { name: 'Oslo', level: 3 }).waitFor();
    await saveSettledScreenshot(page, 'teams-05-admin-nb-mobile');
    await page.goto('/app/company');
    await page.getByTestId('team-comparison').getByRole('rowheader', { name: 'Oslo' }).waitFor();
    // Wider than a phone: the edge where more columns are fades, so the cut one does not read as the last.
    await page.getByTestId('team-comparison').locator('[data-slot="scroll-more"]').waitFor();
    await saveSettledScreenshot(page, 'teams-06-company-nb-mobile');
    await ok(adminCookie, 'PATCH', '/me/profile', { language: 'en' });
    await page.reload();
    await page.getByTestId('team-comparison').getByRole('rowheader', { name: 'Oslo' }).waitFor();
    await saveSettledScreenshot(page, 'teams-07-company-en-mobile');
    await page.setViewportSize({ width: 1366, height: 860 });
  });

  it('left no console errors', () => {
    expect(browser.consoleErrors).toEqual([]);
  });
});

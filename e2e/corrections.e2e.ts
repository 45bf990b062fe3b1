import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, WCAG_AA } from './support/axe';
import { callApi, joinCompany, makeAccount, signInContext } from './support/accounts';
import { type Browser, openBrowser, saveSettledScreenshot } from './support/browser';
import { type JourneyServer, useSharedServer } from './support/shared-server';

/*
 * Corrections (decision 041): a rep logs a forgotten call for yesterday, sees it marked "Logged
 * late" in yesterday's list and counted on yesterday's board; an admin merges two customers, one a
 * typo of the other, and corrects the rep's activities from the rep's page. The screens in English
 * and Norwegian, on a desktop and a phone.
 */

const admin = makeAccount('Astrid Admin');
const rep = makeAccount('Rune Rep');
const colleague = makeAccount('Cora Kollega');

let server: JourneyServer;
let base: string;
let browser: Browser;
let page: Page;
let adminCookie: string;
let repCookie: string;
let repId: string;

const toast = (target: Page, text: string | RegExp) => target.locator('[data-sonner-toast]').filter({ hasText: text }).first();
const rows = (target: Page) => target.getByTestId('activity-row');

beforeAll(async () => {
  server = useSharedServer();
  base = server.baseUrl;
  adminCookie = (await joinCompany(base, admin)).cookie;
  const joined = await joinCompany(base, rep);
  repCookie = joined.cookie;
  repId = joined.id;
  await joinCompany(base, colleague);
  browser = await openBrowser({ baseUrl: base });
  await signInContext(browser.context, base, rep);
  page = await browser.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a rep logs a forgotten call for yesterday', () => {
  it('chooses Yesterday in the Log Call dialog', async () => {
    await page.goto('/app/activity');
    await page.getByRole('button', { name: /^Call/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Log Call' });
    await dialog.getByRole('button', { name: /^Not answered/ }).click();
    await dialog.getByRole('combobox', { name: /Customer/ }).fill('Fjordkraft');
    const day = dialog.getByRole('combobox', { name: 'Day' });
    await expect(day.textContent()).resolves.toContain('Today');
    await day.click();
    await page.getByRole('option', { name: /^Yesterday/ }).click();
    await dialog.getByText("It counts on that day's boards and is marked as logged late.").waitFor();
    await dialog.getByLabel('Time (optional)').fill('15:30');
    expect(await axeViolations(page, { include: '[role="dialog"]', tags: WCAG_AA })).toEqual([]);
    await saveSettledScreenshot(page, 'corrections-01-log-yesterday-en');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveSettledScreenshot(page, 'corrections-02-log-yesterday-en-phone');
    await page.setViewportSize({ width: 1366, height: 860 });
    await dialog.getByRole('button', { name: 'Log Call' }).click();
    await toast(page, 'Call logged').waitFor();
    await dialog.waitFor({ state: 'detached' });
    // Today's list stays empty: the call belongs to yesterday.
    await expect(rows(page).count()).resolves.toBe(0);
  });

  it("sees it marked Logged late in yesterday's list, and counted on yesterday's board", async () => {
    await page.getByRole('combobox', { name: 'Show the activities of' }).click();
    await page.getByRole('option', { name: /^Yesterday/ }).click();
    await rows(page).first().waitFor();
    await expect(rows(page).count()).resolves.toBe(1);
    await expect(rows(page).first().textContent()).resolves.toMatch(/Unanswered call.*Logged late.*Fjordkraft.*15:30/);
    expect(await axeViolations(page, { tags: WCAG_AA })).toEqual([]);
    await saveSettledScreenshot(page, 'corrections-03-yesterday-list-en');

    const board = await callApi<{ rows: { userId: string; calls: number }[] }>(
      base,
      adminCookie,
      'GET',
      '/scoreboard/leaderboard?period=yesterday',
    );
    expect(board.body.rows.find((row) => row.userId === repId)).toMatchObject({ calls: 1 });
    const today = await callApi<{ rows: { userId: string; calls: number }[] }>(
      base,
      adminCookie,
      'GET',
      '/scoreboard/leaderboard?period=today',
    );
    expect(today.body.rows.find((row) => row.userId === repId)?.calls ?? 0).toBe(0);
  });

  it('reads the same in Norwegian, on a phone', async () => {
    await callApi(base, repCookie, 'PATCH', '/me/profile', { language: 'nb' });
    await page.reload();
    await page.getByRole('combobox', { name: 'Vis aktivitetene for' }).click();
    await page.getByRole('option', { name: /^I går/ }).click();
    await page.getByText('Ført i etterkant').first().waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await saveSettledScreenshot(page, 'corrections-04-yesterday-list-nb-phone');
    await page.setViewportSize({ width: 1366, height: 860 });
    await callApi(base, repCookie, 'PATCH', '/me/profile', { language: 'en' });
  });
});

describe('an admin merges two customers', () => {
  it('picks the customer to keep with a search, sees how many activities move, and confirms', async () => {
    await callApi(base, repCookie, 'POST', '/activities', { kind: 'meeting', customerName: 'Nordlys Energi AS' });
    await callApi(base, repCookie, 'POST', '/activities', { kind: 'meeting', customerName: 'Nordlys Energy' });
    await callApi(base, repCookie, 'POST', '/activities', { kind: 'call', answered: false, customerName: 'Nordlys Energy' });

    // The admin has chosen English (this browser remembers the rep's Norwegian otherwise).
    await callApi(base, adminCookie, 'PATCH', '/me/profile', { language: 'en' });
    await browser.context.clearCookies();
    await signInContext(browser.context, base, admin);
    await page.goto('/app/admin/customers');
    await page.getByRole('table', { name: 'Customers' }).waitFor();
    await page.getByRole('button', { name: 'Actions for Nordlys Energy' }).click();
    await page.getByRole('menuitem', { name: 'Merge into…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Merge “Nordlys Energy”' });
    await dialog.getByRole('searchbox', { name: 'Customer to keep' }).fill('nordlys');
    await dialog.getByRole('radio', { name: /Nordlys Energi AS/ }).click();
    await dialog.getByText('2 activities move from “Nordlys Energy” to “Nordlys Energi AS”, and “Nordlys Energy” is removed.').waitFor();
    expect(await axeViolations(page, { include: '[role="dialog"]', tags: WCAG_AA })).toEqual([]);
    await saveSettledScreenshot(page, 'corrections-05-merge-en');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveSettledScreenshot(page, 'corrections-06-merge-en-phone');
    await page.setViewportSize({ width: 1366, height: 860 });
    await dialog.getByRole('button', { name: 'Merge' }).click();
    await toast(page, '“Nordlys Energy” merged into “Nordlys Energi AS”').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const left = await callApi<{ customers: { name: string; activityCount: number }[] }>(
      base,
      adminCookie,
      'GET',
      '/customers?search=nordlys',
    );
    expect(left.body.customers.map((c) => [c.name, c.activityCount])).toEqual([['Nordlys Energi AS', 3]]);
    await expect(page.getByRole('button', { name: 'Actions for Nordlys Energy' }).count()).resolves.toBe(0);
  });

  it('archives a customer and finds it under Archived; the screen in Norwegian', async () => {
    await page.getByRole('button', { name: 'Actions for Fjordkraft' }).click();
    await page.getByRole('menuitem', { name: 'Archive' }).click();
    await toast(page, 'Customer archived').waitFor();
    await page.getByRole('combobox', { name: 'Show customers' }).click();
    await page.getByRole('option', { name: 'Archived' }).click();
    await page.getByRole('button', { name: 'Actions for Fjordkraft' }).waitFor();
    await saveSettledScreenshot(page, 'corrections-07-archived-en');

    await callApi(base, adminCookie, 'PATCH', '/me/profile', { language: 'nb' });
    await page.reload();
    await page.getByRole('button', { name: 'Handlinger for Nordlys Energi AS' }).click();
    await page.getByRole('menuitem', { name: 'Slå sammen med…' }).click();
    await page.getByRole('dialog', { name: 'Slå sammen «Nordlys Energi AS»' }).waitFor();
    await saveSettledScreenshot(page, 'corrections-08-merge-nb');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveSettledScreenshot(page, 'corrections-09-merge-nb-phone');
    await page.setViewportSize({ width: 1366, height: 860 });
  });
});

describe("an admin corrects a rep's activities from the rep's page", () => {
  it("edits one and deletes another with My Activity's dialogs; both are audited", async () => {
    await callApi(base, adminCookie, 'PATCH', '/me/profile', { language: 'en' });
    // The rep's tab heard 401s when this browser switched to the admin above; only this step's count here.
    const earlierErrors = browser.consoleErrors.length;
    await page.goto(`/app/people/${repId}`);
    const list = page.getByTestId('person-activities');
    await list.waitFor();
    const before = await list.getByRole('listitem').count();

    await list
      .getByRole('button', { name: /^Correct Call, no answer/ })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: /^Edit/ });
    await dialog.getByRole('textbox', { name: 'Notes' }).fill('Switchboard only; try the CFO directly');
    await saveSettledScreenshot(page, 'corrections-10-person-page-edit-en', { fullPage: false });
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Activity updated').waitFor();
    await list.getByText('Switchboard only; try the CFO directly').waitFor();

    await list
      .getByRole('button', { name: /^Correct Meeting held/ })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Delete this activity?' }).getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Activity deleted').waitFor();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(before - 1);
    expect(await axeViolations(page, { tags: WCAG_AA })).toEqual([]);

    const audit = await callApi<{ entries: { details: { operation: string } }[] }>(
      base,
      adminCookie,
      'GET',
      '/admin/audit-log?action=activity.corrected',
    );
    expect(audit.body.entries.map((entry) => entry.details.operation).sort()).toEqual(['deleted', 'updated']);
    expect(browser.consoleErrors.slice(earlierErrors)).toEqual([]);
  });
});

/*
 * A manager's corrections in one dialog (decision 086): the rep's call was the colleague's, and a
 * held meeting; a sale the rep forgot is logged on his behalf. An archived customer typed by name
 * is said to be archived, and the admin sees it is still in use.
 */
describe('a manager fixes whose, what and when, and logs for a rep', () => {
  const PHONE = { width: 390, height: 844 };
  const LANGUAGES = [
    ['en', 'Whose activity', 'What it was', 'Log for Rune Rep'],
    ['nb', 'Hvem aktiviteten tilhører', 'Hva det var', 'Registrer for Rune Rep'],
    ['sv', 'Vems aktivitet', 'Vad det var', 'Logga åt Rune Rep'],
    ['da', 'Hvis aktivitet', 'Hvad det var', 'Registrér for Rune Rep'],
  ] as const;
  let manager: Browser;
  let desk: Page;

  beforeAll(async () => {
    await callApi(base, adminCookie, 'PATCH', '/me/profile', { language: 'en' });
    await callApi(base, repCookie, 'POST', '/activities', {
      kind: 'call',
      answered: true,
      outcome: 'no_progress',
      customerName: 'Havbris AS',
    });
    manager = await openBrowser({ baseUrl: base });
    await signInContext(manager.context, base, admin);
    desk = await manager.newPage();
  });
  afterAll(async () => {
    await manager?.close();
  });

  it("moves the rep's answered call to the colleague as a held meeting, in one dialog that opens without a list over it", async () => {
    await desk.goto(`/app/people/${repId}`);
    const list = desk.getByTestId('person-activities');
    await list
      .getByRole('button', { name: /^Correct Call, answered/ })
      .first()
      .click();
    await desk.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = desk.getByRole('dialog', { name: /^Edit/ });
    await expect(dialog.getByRole('combobox', { name: /Customer/ }).inputValue()).resolves.toBe('Havbris AS');
    await expect(desk.getByRole('listbox', { name: 'Matching customers' }).isVisible()).resolves.toBe(false);
    await dialog.getByRole('combobox', { name: 'Whose activity' }).click();
    await desk.getByRole('option', { name: 'Cora Kollega' }).click();
    await dialog.getByRole('combobox', { name: 'What it was' }).click();
    await desk.getByRole('option', { name: 'Meeting held' }).click();
    expect(await axeViolations(desk, { include: '[role="dialog"]', tags: WCAG_AA })).toEqual([]);
    await saveSettledScreenshot(desk, 'corrections-11-move-and-retype-en', { fullPage: false });
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await toast(desk, 'Activity updated').waitFor();
    await expect.poll(() => list.getByText('Havbris AS').count()).toBe(0);

    const mine = await callApi<{ activities: { type: string; customerName: string | null }[] }>(base, repCookie, 'GET', '/activities/mine');
    expect(mine.body.activities.some((a) => a.customerName === 'Havbris AS')).toBe(false);
    const audit = await callApi<{ entries: { details: { toUserId?: string; fromType?: string } }[] }>(
      base,
      adminCookie,
      'GET',
      '/admin/audit-log?action=activity.corrected',
    );
    expect(audit.body.entries[0]!.details).toMatchObject({ fromType: 'call_answered' });
    expect(audit.body.entries[0]!.details.toUserId).toBeTruthy();
  });

  it("logs a sale on the rep's behalf; it is his, on his page and his board", async () => {
    await desk.getByRole('button', { name: 'Log for Rune Rep' }).click();
    const dialog = desk.getByRole('dialog', { name: 'Log for Rune Rep' });
    await dialog.getByRole('combobox', { name: 'What it was' }).click();
    await desk.getByRole('option', { name: 'Sale' }).click();
    await dialog.getByLabel(/Sale Value/).fill('18500');
    await saveSettledScreenshot(desk, 'corrections-12-log-for-en', { fullPage: false });
    await dialog.getByRole('button', { name: 'Log it' }).click();
    await toast(desk, 'Logged for Rune Rep').waitFor();
    await desk
      .getByTestId('person-activities')
      .getByText(/18[,\u00a0 ]?500/)
      .first()
      .waitFor();
    expect(manager.consoleErrors).toEqual([]);
  });

  it('reads the same in Norwegian, Swedish and Danish, on a desktop and a phone', async () => {
    for (const [language, member, kind, logFor] of LANGUAGES) {
      await callApi(base, adminCookie, 'PATCH', '/me/profile', { language });
      for (const [width, viewport] of [
        ['desktop', { width: 1366, height: 860 }],
        ['phone', PHONE],
      ] as const) {
        await desk.setViewportSize(viewport);
        await desk.goto(`/app/people/${repId}`);
        const list = desk.getByTestId('person-activities');
        await list.getByRole('listitem').first().getByRole('button').click();
        await desk.getByRole('menuitem').first().click();
        const dialog = desk.getByRole('dialog');
        await dialog.getByRole('combobox', { name: member }).waitFor();
        await dialog.getByRole('combobox', { name: kind }).waitFor();
        await saveSettledScreenshot(desk, `corrections-13-correct-${language}-${width}`, { fullPage: false });
        await desk.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        await desk.getByRole('button', { name: logFor }).click();
        await desk.getByRole('dialog', { name: logFor }).waitFor();
        await saveSettledScreenshot(desk, `corrections-14-log-for-${language}-${width}`, { fullPage: false });
        await desk.keyboard.press('Escape');
      }
    }
    await desk.setViewportSize({ width: 1366, height: 860 });
    await callApi(base, adminCookie, 'PATCH', '/me/profile', { language: 'en' });
    expect(manager.consoleErrors).toEqual([]);
  });

  it('tells a rep who types an archived customer that it is archived, and shows the admin it is still in use', async () => {
    const repBrowser = await openBrowser({ baseUrl: base });
    try {
      await signInContext(repBrowser.context, base, rep);
      const repPage = await repBrowser.newPage();
      await repPage.goto('/app/activity');
      await repPage.getByRole('button', { name: /^Call/ }).click();
      const dialog = repPage.getByRole('dialog', { name: 'Log Call' });
      await dialog.getByRole('button', { name: /^Not answered/ }).click();
      await dialog.getByRole('combobox', { name: /Customer/ }).fill('fjordkraft');
      await dialog
        .getByText('“Fjordkraft” is archived. The activity is linked to it anyway; pick another customer if it is not the one.')
        .waitFor();
      await saveSettledScreenshot(repPage, 'corrections-15-archived-customer-en', { fullPage: false });
      await dialog.getByRole('button', { name: 'Log Call' }).click();
      await toast(repPage, 'Call logged').waitFor();

      // The same warning in Norwegian, on a phone and a desktop (nothing logged: the dialog is closed).
      await callApi(base, repCookie, 'PATCH', '/me/profile', { language: 'nb' });
      for (const [width, viewport] of [
        ['phone', { width: 390, height: 844 }],
        ['desktop', { width: 1366, height: 860 }],
      ] as const) {
        await repPage.setViewportSize(viewport);
        await repPage.goto('/app/activity');
        await repPage
          .getByRole('button', { name: /^Samtale/ })
          .first()
          .click();
        const nb = repPage.getByRole('dialog');
        await nb.getByRole('button', { name: /^Ikke besvart/ }).click();
        await nb.getByRole('combobox', { name: /Kunde/ }).fill('fjordkraft');
        await nb
          .getByText('«Fjordkraft» er arkivert. Aktiviteten knyttes til kunden likevel; velg en annen kunde hvis det ikke er den.')
          .waitFor();
        await saveSettledScreenshot(repPage, `corrections-15-archived-customer-nb-${width}`, { fullPage: false });
        // The first Escape closes the suggestion list, the second the dialog.
        await repPage.keyboard.press('Escape');
        await repPage.keyboard.press('Escape');
        await nb.waitFor({ state: 'detached' });
      }
      await callApi(base, repCookie, 'PATCH', '/me/profile', { language: 'en' });
      expect(repBrowser.consoleErrors).toEqual([]);
    } finally {
      await repBrowser.close();
    }
    await desk.goto('/app/admin/customers');
    await desk.getByRole('combobox', { name: 'Show customers' }).click();
    await desk.getByRole('option', { name: 'Archived' }).click();
    await desk.getByText('Still in use: 1 activity since it was archived').waitFor();
    await saveSettledScreenshot(desk, 'corrections-16-archived-in-use-en');
    await callApi(base, adminCookie, 'PATCH', '/me/profile', { language: 'nb' });
    await desk.setViewportSize({ width: 390, height: 844 });
    await desk.reload();
    await desk.getByRole('combobox', { name: 'Vis kunder' }).click();
    await desk.getByRole('option', { name: 'Arkiverte' }).click();
    await desk.getByText('Fortsatt i bruk: 1 aktivitet siden den ble arkivert').waitFor();
    await saveSettledScreenshot(desk, 'corrections-16-archived-in-use-nb-phone');
    await desk.setViewportSize({ width: 1366, height: 860 });
    await callApi(base, adminCookie, 'PATCH', '/me/profile', { language: 'en' });
  });
});

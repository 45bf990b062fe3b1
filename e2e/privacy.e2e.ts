import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, WCAG_AA } from './support/axe';
import { type Account, callApi, joinCompany, makeAccount, requestSignIn, signInContext } from './support/accounts';
import { type Browser, openBrowser, saveSettledScreenshot } from './support/browser';
import { type JourneyServer, useSharedServer } from './support/shared-server';

/*
 * Decision 022's journeys: a rep downloads everything held about them and deletes their account
 * (the dialog says what goes and what stays, asks for the password, and the browser lands on the
 * public site with a goodbye); an admin downloads and erases a member from Administration, Users,
 * and the boards then show a former member. Screenshots of the card and the dialogs in English
 * and Norwegian. A company of its own on the journeys' shared server: its first person is the admin.
 */

const admin = makeAccount('Astrid Admin');
const rita = makeAccount('Rita Rep');
const kasper = makeAccount('Kasper Kollega');
const nina = makeAccount('Nina Nilsen');

let server: JourneyServer;
let base: string;
const cookies = new Map<Account, string>();

const api = (account: Account, method: string, path: string, body?: unknown) => callApi(base, cookies.get(account)!, method, path, body);

const toast = (target: Page, text: string | RegExp) => target.locator('[data-sonner-toast]').filter({ hasText: text }).first();
const yourDataCard = (target: Page, title: string) =>
  target.locator('[data-slot="card"]').filter({ has: target.getByRole('heading', { name: title, exact: true }) });

beforeAll(async () => {
  server = useSharedServer();
  base = server.baseUrl;
  for (const account of [admin, rita, kasper, nina]) cookies.set(account, (await joinCompany(base, account)).cookie);
  expect(
    (
      await api(rita, 'POST', '/activities', {
        kind: 'call',
        answered: true,
        outcome: 'meeting_booked',
        customerName: 'Fjord AS',
        notes: 'Rita: call back on Tuesday',
      })
    ).status,
  ).toBe(201);
  expect(
    (await api(kasper, 'POST', '/activities', { kind: 'sale', ticketSize: 4_500_000, customerName: 'Bergen AS', notes: 'Kasper: signed' }))
      .status,
  ).toBe(201);
  expect((await api(admin, 'POST', '/activities', { kind: 'call', answered: false })).status).toBe(201);
});

afterAll(async () => {
  await server?.stop();
});

describe('a rep and their data', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await openBrowser({ baseUrl: base });
    await signInContext(browser.context, base, rita);
    page = await browser.newPage();
  });
  afterAll(() => browser?.close());

  it('downloads everything held about them from Settings, Personal', async () => {
    await page.goto('/app/settings?tab=personal');
    const card = yourDataCard(page, 'Your data');
    await card.waitFor();
    await card.scrollIntoViewIfNeeded();
    await saveSettledScreenshot(card, 'privacy-01-your-data-card-en');
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^dealboard-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
      account: { email: string };
      activities: { notes: string | null }[];
    };
    expect(data.account.email).toBe(rita.email);
    expect(data.activities.map((a) => a.notes)).toEqual(['Rita: call back on Tuesday']);
    await toast(page, 'Your data is downloaded').waitFor();
    expect(browser.consoleErrors).toEqual([]);
  });

  it('sees what goes and what stays before deleting, in English and Norwegian', async () => {
    await page.getByRole('button', { name: 'Delete my account...' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Your current password').waitFor();
    await expect(dialog.innerText()).resolves.toMatch(/stay in .+'s totals and past boards under "Former member"/);
    await saveSettledScreenshot(dialog, 'privacy-02-delete-dialog-en');
    expect(await axeViolations(page, { tags: WCAG_AA })).toEqual([]);
    // A wrong password is said under the field; nothing happens.
    await dialog.getByLabel('Your current password').fill('not-my-password-at-all');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('That is not your current password.').waitFor();
    browser.consoleErrors.splice(0); // the browser logs the refused request (400)
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    expect((await api(rita, 'PATCH', '/me/profile', { language: 'nb' })).status).toBe(200);
    await page.reload();
    const card = yourDataCard(page, 'Dine data');
    await card.waitFor();
    await card.scrollIntoViewIfNeeded();
    await saveSettledScreenshot(card, 'privacy-03-your-data-card-nb');
    await card.getByRole('button', { name: 'Slett kontoen min...' }).click();
    const norwegian = page.getByRole('dialog', { name: 'Slette kontoen din?' });
    await norwegian.getByLabel('Nåværende passord').waitFor();
    await saveSettledScreenshot(norwegian, 'privacy-04-delete-dialog-nb');
  });

  it('deletes the account, is signed out and lands on the public site with a goodbye', async () => {
    const dialog = page.getByRole('dialog', { name: 'Slette kontoen din?' });
    await dialog.getByLabel('Nåværende passord').fill(rita.password);
    await dialog.getByRole('button', { name: 'Slett kontoen min' }).click();
    await page.waitForURL((url) => url.pathname === '/landing');
    const notice = page.locator('[data-goodbye]');
    await notice.waitFor({ state: 'visible' });
    await expect(notice.innerText()).resolves.toMatch(/Kontoen din er slettet/);
    expect(new URL(page.url()).searchParams.has('goodbye')).toBe(false);
    await saveSettledScreenshot(page, 'privacy-05-goodbye-nb', { fullPage: false });
    await page.keyboard.press('Escape');
    await notice.waitFor({ state: 'hidden' });
    await expect(page.evaluate(async () => (await fetch('/api/v1/me')).json())).resolves.toBeNull();
    expect((await requestSignIn(base, rita)).ok).toBe(false);
    expect(browser.consoleErrors).toEqual([]);
  });
});

describe("an admin and a member's data", () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await openBrowser({ baseUrl: base });
    await signInContext(browser.context, base, admin);
    page = await browser.newPage();
  });
  afterAll(() => browser?.close());

  const row = (name: string, list = 'Members') => page.getByRole('list', { name: list }).getByRole('listitem').filter({ hasText: name });

  it('downloads a member’s personal data after a confirmation', async () => {
    await page.goto('/app/admin/users');
    await row('Kasper Kollega').waitFor();
    await row('Kasper Kollega').getByRole('button', { name: 'Personal data of Kasper Kollega' }).click();
    await page.getByRole('menuitem', { name: 'Erase personal data...' }).waitFor();
    await saveSettledScreenshot(page, 'privacy-06-member-menu-en');
    await page.getByRole('menuitem', { name: 'Download personal data' }).click();
    const dialog = page.getByRole('dialog', { name: "Download Kasper Kollega's personal data?" });
    await saveSettledScreenshot(dialog, 'privacy-07-export-dialog-en');
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download' }).click()]);
    const data = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { scope: string; activities: { notes: string | null }[] };
    expect(data.scope).toBe('company');
    expect(data.activities.map((a) => a.notes)).toEqual(['Kasper: signed']);
    await toast(page, 'Personal data downloaded').waitFor();
  });

  it('erases a member: gone from the team, numbers kept, named a former member on the boards', async () => {
    await row('Kasper Kollega').getByRole('button', { name: 'Personal data of Kasper Kollega' }).click();
    await page.getByRole('menuitem', { name: 'Erase personal data...' }).click();
    const dialog = page.getByRole('dialog', { name: "Erase Kasper Kollega's personal data?" });
    await saveSettledScreenshot(dialog, 'privacy-08-erase-dialog-en');
    expect(await axeViolations(page, { tags: WCAG_AA })).toEqual([]);
    await dialog.getByRole('button', { name: 'Erase personal data' }).click();
    await toast(page, 'Personal data erased').waitFor();
    await row('Kasper Kollega').waitFor({ state: 'detached' });

    await page.goto('/app');
    await page.getByText('Former member').first().waitFor();
    await expect(page.getByText('Kasper Kollega').count()).resolves.toBe(0);
    await saveSettledScreenshot(page, 'privacy-09-dashboard-former-member');
    expect(browser.consoleErrors).toEqual([]);
  });

  it('asks in Norwegian too', async () => {
    expect((await api(admin, 'PATCH', '/me/profile', { language: 'nb' })).status).toBe(200);
    await page.goto('/app/admin/users');
    await row('Nina Nilsen', 'Medlemmer').getByRole('button', { name: 'Personopplysninger om Nina Nilsen' }).click();
    await page.getByRole('menuitem', { name: 'Slett personopplysninger...' }).click();
    const dialog = page.getByRole('dialog', { name: 'Slette personopplysningene til Nina Nilsen?' });
    await saveSettledScreenshot(dialog, 'privacy-10-erase-dialog-nb');
    await dialog.getByRole('button', { name: 'Avbryt' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row('Nina Nilsen', 'Medlemmer').waitFor();
    expect(browser.consoleErrors).toEqual([]);
  });
});

describe('the GDPR page says what is true', () => {
  it('describes download, deletion and what stays, in both languages', async () => {
    const browser = await openBrowser({ baseUrl: base });
    try {
      const page = await browser.newPage();
      await page.goto('/gdpr?lang=en');
      await expect(page.locator('#export').innerText()).resolves.toMatch(/Download my data/);
      await expect(page.locator('#delete').innerText()).resolves.toMatch(/Delete my account/);
      await expect(page.locator('#stays').innerText()).resolves.toMatch(/Former member/);
      await expect(page.locator('#delete').innerText()).resolves.not.toMatch(/today that is done in the database/);
      await saveSettledScreenshot(page, 'privacy-11-gdpr-en');
      await page.goto('/gdpr?lang=nb');
      await expect(page.locator('#stays').innerText()).resolves.toMatch(/Tidligere medlem/);
      await saveSettledScreenshot(page, 'privacy-12-gdpr-nb');
    } finally {
      await browser.close();
    }
  });
});

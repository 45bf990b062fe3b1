import type { BadgeSettings, MemberBadges } from '@core/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, WCAG_AA } from './support/axe';
import { callApiOk, joinCompany, makeAccount, signInContext } from './support/accounts';
import { type Browser, openBrowser, saveSettledScreenshot } from './support/browser';
import { type JourneyServer, useSharedServer } from './support/shared-server';

/*
 * Badges (decision 050): a rep logs their first sale and the "First sale" badge appears once on
 * their page and in their leaderboard row; a second sale adds no second one. An admin switches a
 * badge off in Settings. Desktop and phone, English and Norwegian. A company of its own on the
 * journeys' shared server: the admin is its first member.
 */

const admin = makeAccount('Astrid Admin');
const rep = makeAccount('Ola Hansen');

let server: JourneyServer;
let base: string;
let adminBrowser: Browser;
let repBrowser: Browser;
let adminPage: Page;
let repPage: Page;
let adminCookie: string;
let repCookie: string;
let repId: string;

const ok = <T = Record<string, unknown>>(cookie: string, method: string, path: string, body?: unknown) =>
  callApiOk<T>(base, cookie, method, path, body);

beforeAll(async () => {
  server = useSharedServer();
  base = server.baseUrl;
  adminCookie = (await joinCompany(base, admin)).cookie;
  const joined = await joinCompany(base, rep);
  repCookie = joined.cookie;
  repId = joined.id;
  await ok(adminCookie, 'PATCH', '/company', { timezone: 'Europe/Oslo' });
  // The admin's own day, so the board has two rows.
  await ok(adminCookie, 'POST', '/activities', { kind: 'call', answered: true, outcome: 'meeting_booked' });

  adminBrowser = await openBrowser({ baseUrl: base });
  await signInContext(adminBrowser.context, base, admin);
  adminPage = await adminBrowser.newPage();
  repBrowser = await openBrowser({ baseUrl: base });
  await signInContext(repBrowser.context, base, rep);
  repPage = await repBrowser.newPage();
});

afterAll(async () => {
  await adminBrowser?.close();
  await repBrowser?.close();
  await server?.stop();
});

const firstSaleTiles = (page: Page) =>
  page.getByTestId('person-badges').getByTestId('badge-tile').and(page.locator('[data-badge="first_sale"]'));

async function logSale(page: Page, value: string): Promise<void> {
  await page.getByRole('button', { name: /^Sale/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Log Sale' });
  await dialog.getByLabel(/Sale Value/).fill(value);
  await dialog.getByRole('button', { name: 'Log Sale' }).click();
  await page.getByText('Sale recorded').first().waitFor();
  await dialog.waitFor({ state: 'hidden' });
}

describe('badges', () => {
  it('a rep logs their first sale: the badge appears once on their page and in their leaderboard row', async () => {
    await repPage.goto(`/app/people/${repId}`);
    await repPage.getByTestId('person-badges').getByText('No badges yet').waitFor();

    await repPage.goto('/app/activity');
    await logSale(repPage, '12 500');

    await repPage.goto(`/app/people/${repId}`);
    await firstSaleTiles(repPage).waitFor();
    expect(await firstSaleTiles(repPage).count()).toBe(1);
    await repPage.getByTestId('person-badges').getByText('First sale', { exact: true }).waitFor();

    // The dashboard's leaderboard names the badge beside the rep's name.
    await repPage.goto('/app');
    const row = repPage.getByTestId('leaderboard-row').filter({ hasText: 'Ola Hansen' });
    const icons = row.getByRole('list', { name: 'Badges' });
    await icons.locator('[data-badge="first_sale"]').waitFor();
    expect(await icons.locator('[data-badge="first_sale"]').textContent()).toBe('First sale');
    expect(await icons.locator('[data-badge="first_sale"]').count()).toBe(1);
    await saveSettledScreenshot(repPage, 'badges-leaderboard-desktop-en');

    // A second sale earns no second "first sale".
    await repPage.goto('/app/activity');
    await logSale(repPage, '8 000');
    const badges = await ok<MemberBadges>(repCookie, 'GET', `/badges/members/${repId}`);
    expect(badges.badges.filter((b) => b.kind === 'first_sale')).toHaveLength(1);
    await repPage.goto(`/app/people/${repId}`);
    await firstSaleTiles(repPage).waitFor();
    expect(await firstSaleTiles(repPage).count()).toBe(1);
    await repPage.goto('/app');
    await repPage.getByTestId('leaderboard-row').filter({ hasText: 'Ola Hansen' }).locator('[data-badge="first_sale"]').waitFor();
    expect(
      await repPage.getByTestId('leaderboard-row').filter({ hasText: 'Ola Hansen' }).locator('[data-badge="first_sale"]').count(),
    ).toBe(1);
    expect(repBrowser.consoleErrors).toEqual([]);
  });

  it("the rep's page shows the Badges card, on a desktop and a phone, in both languages", async () => {
    await adminPage.goto(`/app/people/${repId}`);
    await firstSaleTiles(adminPage).waitFor();
    await saveSettledScreenshot(adminPage, 'badges-person-desktop-en');
    expect(await axeViolations(adminPage, { tags: WCAG_AA })).toEqual([]);
    await adminPage.setViewportSize({ width: 390, height: 844 });
    await adminPage.reload();
    await firstSaleTiles(adminPage).waitFor();
    await saveSettledScreenshot(adminPage, 'badges-person-phone-en');

    await ok(adminCookie, 'PATCH', '/me/profile', { language: 'nb' });
    await adminPage.reload();
    await adminPage.getByTestId('person-badges').getByText('Første salg', { exact: true }).waitFor();
    await saveSettledScreenshot(adminPage, 'badges-person-phone-nb');
    await adminPage.setViewportSize({ width: 1366, height: 860 });
    await adminPage.reload();
    await adminPage.getByTestId('person-badges').getByText('Første salg', { exact: true }).waitFor();
    await saveSettledScreenshot(adminPage, 'badges-person-desktop-nb');
    await ok(adminCookie, 'PATCH', '/me/profile', { language: 'en' });
    expect(adminBrowser.consoleErrors).toEqual([]);
  });

  it('the admin switches a badge off in Settings, with the keyboard; a rep may not', async () => {
    await adminPage.goto('/app/settings?tab=company');
    const card = adminPage.getByTestId('badge-settings');
    const toggle = card.getByRole('switch', { name: '10th sale' });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.focus();
    await adminPage.keyboard.press('Space');
    await adminPage.getByText('“10th sale” is no longer awarded').waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    const settings = await ok<BadgeSettings>(adminCookie, 'GET', '/badges/settings');
    expect(settings.badges.find((b) => b.kind === 'tenth_sale')).toEqual({ kind: 'tenth_sale', enabled: false });
    await card.scrollIntoViewIfNeeded();
    await saveSettledScreenshot(card, 'badges-settings-desktop-en', { fullPage: false });
    expect(await axeViolations(adminPage, { tags: WCAG_AA })).toEqual([]);

    await adminPage.setViewportSize({ width: 390, height: 844 });
    await ok(adminCookie, 'PATCH', '/me/profile', { language: 'nb' });
    await adminPage.reload();
    await adminPage.getByTestId('badge-settings').getByRole('switch', { name: '10. salg' }).waitFor();
    await adminPage.getByTestId('badge-settings').scrollIntoViewIfNeeded();
    await saveSettledScreenshot(adminPage.getByTestId('badge-settings'), 'badges-settings-phone-nb', { fullPage: false });
    await adminPage.setViewportSize({ width: 1366, height: 860 });
    await ok(adminCookie, 'PATCH', '/me/profile', { language: 'en' });

    // A rep sees no switches, and the server refuses them.
    await repPage.goto('/app/settings?tab=company');
    await repPage.getByRole('tab', { name: 'Company' }).waitFor();
    expect(await repPage.getByTestId('badge-settings').count()).toBe(0);
    const refused = await fetch(`${base}/api/v1/badges/settings/first_sale`, {
      method: 'PUT',
      headers: { cookie: repCookie, 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ enabled: false }),
    });
    expect(refused.status).toBe(403);
    expect(adminBrowser.consoleErrors).toEqual([]);
  });

  it("the admin makes the company's own badge; the rep who books 3 meetings in a day earns it and sees it named on their page and in the feed", async () => {
    await adminPage.goto('/app/settings?tab=company');
    const card = adminPage.getByTestId('company-badges');
    await card.getByText('No badges of your own yet').waitFor();
    await card.getByRole('button', { name: 'New badge' }).first().click();
    const dialog = adminPage.getByRole('dialog', { name: 'New badge' });
    await dialog.getByLabel('English').fill('Demo machine');
    await dialog.getByLabel('Norsk (bokmål)').fill('Demomaskin');
    await dialog.getByRole('radio', { name: 'Presentation' }).check({ force: true });
    await dialog.getByRole('radio', { name: 'Green' }).check({ force: true });
    await dialog.getByRole('combobox', { name: 'KPI' }).click();
    await adminPage.getByRole('option', { name: 'Meetings booked' }).click();
    await dialog.getByLabel('Number to reach').fill('3');
    await dialog.getByText('3 meetings booked in a day', { exact: true }).waitFor();
    await saveSettledScreenshot(dialog, 'badges-company-editor-desktop-en', { fullPage: false });
    expect(await axeViolations(adminPage, { tags: WCAG_AA })).toEqual([]);
    await dialog.getByRole('button', { name: 'Create badge' }).click();
    await adminPage.getByText('Badge created').first().waitFor();
    await card.getByTestId('company-badge-row').getByText('3 meetings booked in a day', { exact: true }).waitFor();
    await card.scrollIntoViewIfNeeded();
    await saveSettledScreenshot(card, 'badges-company-card-desktop-en', { fullPage: false });

    // The rep books three meetings from calls; the third earns it, a moment after it is saved.
    for (let i = 0; i < 3; i++) await ok(repCookie, 'POST', '/activities', { kind: 'call', answered: true, outcome: 'meeting_booked' });
    await repPage.goto(`/app/people/${repId}`);
    const tile = repPage.getByTestId('person-badges').getByTestId('badge-tile').and(repPage.locator('[data-badge="company"]'));
    await tile.getByText('Demo machine', { exact: true }).waitFor();
    await tile.getByText(/^3 meetings booked on /).waitFor();
    await saveSettledScreenshot(repPage, 'badges-company-person-desktop-en');
    await repPage.goto('/app');
    await repPage.getByTestId('feed-item').filter({ hasText: 'earned the badge “Demo machine”' }).first().waitFor();
    const row = repPage.getByTestId('leaderboard-row').filter({ hasText: 'Ola Hansen' });
    expect(await row.locator('[data-badge="company"]').textContent()).toBe('Demo machine');

    // In Norwegian on a phone: the badge's own Norwegian name, the card and the editor in Norwegian.
    await ok(repCookie, 'PATCH', '/me/profile', { language: 'nb' });
    await repPage.setViewportSize({ width: 390, height: 844 });
    await repPage.goto(`/app/people/${repId}`);
    await repPage.getByTestId('person-badges').getByText('Demomaskin', { exact: true }).waitFor();
    await saveSettledScreenshot(repPage, 'badges-company-person-phone-nb');
    await repPage.setViewportSize({ width: 1366, height: 860 });
    await ok(repCookie, 'PATCH', '/me/profile', { language: 'en' });

    await ok(adminCookie, 'PATCH', '/me/profile', { language: 'nb' });
    await adminPage.setViewportSize({ width: 390, height: 844 });
    await adminPage.goto('/app/settings?tab=company');
    const norwegian = adminPage.getByTestId('company-badges');
    await norwegian.getByText('3 møter booket på en dag', { exact: true }).waitFor();
    await norwegian.scrollIntoViewIfNeeded();
    await saveSettledScreenshot(norwegian, 'badges-company-card-phone-nb', { fullPage: false });
    await norwegian.getByRole('button', { name: 'Rediger Demomaskin' }).click();
    await saveSettledScreenshot(adminPage.getByRole('dialog', { name: 'Rediger merke' }), 'badges-company-editor-phone-nb', {
      fullPage: false,
    });
    await adminPage.keyboard.press('Escape');
    await adminPage.setViewportSize({ width: 1366, height: 860 });
    await ok(adminCookie, 'PATCH', '/me/profile', { language: 'en' });

    // A rep may not make one.
    const refused = await fetch(`${base}/api/v1/badges/company`, {
      method: 'POST',
      headers: { cookie: repCookie, 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ names: { en: 'Mine' }, icon: 'star', colour: 'blue', kpiId: 'calls', threshold: 1, period: 'day' }),
    });
    expect(refused.status).toBe(403);
    expect(adminBrowser.consoleErrors).toEqual([]);
    expect(repBrowser.consoleErrors).toEqual([]);
  });
});

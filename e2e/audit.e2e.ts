import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations, WCAG_AA } from './support/axe';
import { callApi, callApiOk, joinCompany, makeAccount, signInContext, signInCookie } from './support/accounts';
import { type Browser, openBrowser, saveSettledScreenshot } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/*
 * The audit log journey: an admin's morning of changes (made through the API, as fixtures)
 * read in the console's Audit log in English and Norwegian, on a desktop and a phone, filtered by
 * kind from the keyboard. Its own server on a fresh data folder: the admin must be the company's
 * first member, and the log must hold only this journey's entries.
 */

const admin = makeAccount('Astrid Admin');
const rita = makeAccount('Rita Rep');
const kasper = makeAccount('Kasper Kollega');
const una = makeAccount('Una User');

let server: RunningServer;
let base: string;
let browser: Browser;
let page: Page;
let adminCookie: string;

const ok = <T = Record<string, unknown>>(cookie: string, method: string, path: string, body?: unknown) =>
  callApiOk<T>(base, cookie, method, path, body);

const summaries = (target: Page) => target.locator('[data-audit-action] > div:first-child p').allInnerTexts();

beforeAll(async () => {
  server = await startServer({ WEB_DIST_DIR: inject('webDist') });
  base = server.baseUrl;

  // The admin's changes, in order; each is recorded as it commits.
  adminCookie = (await joinCompany(base, admin)).cookie;
  const ritaMember = await joinCompany(base, rita);
  const kasperMember = await joinCompany(base, kasper);
  await joinCompany(base, una);
  await ok(adminCookie, 'PATCH', '/company', { name: 'Nordlys Salg AS' });
  await ok(adminCookie, 'PATCH', `/team/members/${ritaMember.id}/role`, { role: 'admin' });
  const { rules } = await ok<{ rules: { id: string; kpiKey: string; basePoints: number }[] }>(adminCookie, 'GET', '/kpi-rules');
  const answered = rules.find((r) => r.kpiKey === 'call_answered')!;
  const ticket = rules.find((r) => r.kpiKey === 'sale_ticket_size')!;
  await ok(adminCookie, 'PATCH', `/kpi-rules/${answered.id}`, { basePoints: answered.basePoints + 1 });
  await ok(adminCookie, 'PATCH', `/kpi-rules/${ticket.id}`, { enabled: true, multiplierValue: 0.001 });
  const invitation = await ok<{ id: string }>(adminCookie, 'POST', '/invitations', { role: 'admin' });
  await ok(adminCookie, 'POST', '/invitations', { role: 'user' });
  await ok(adminCookie, 'DELETE', `/invitations/${invitation.id}`);
  const lobby = await ok<{ link: { id: string } }>(adminCookie, 'POST', '/display-links', { name: 'Lobby TV' });
  await ok(adminCookie, 'POST', '/display-links', { name: 'Kitchen TV' });
  await ok(adminCookie, 'DELETE', `/display-links/${lobby.link.id}`);
  await ok(adminCookie, 'PUT', '/admin/signup-policy', { policy: 'access_code', accessCode: `nordlys-${randomBytes(6).toString('hex')}` });
  await ok(adminCookie, 'DELETE', `/team/members/${kasperMember.id}`);

  browser = await openBrowser({ baseUrl: base });
  await signInContext(browser.context, base, admin);
  page = await browser.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the audit log in the admin console', () => {
  it('reads who changed what and when, newest first, in English', async () => {
    await page.goto('/app/admin/users');
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Audit log' }).click();
    await page.waitForURL('**/app/admin/audit');
    await page.getByRole('list', { name: 'Audit log entries' }).waitFor();
    expect(await summaries(page)).toEqual([
      'Removed Kasper Kollega from the company',
      'Changed the sign-up policy',
      'Revoked the display link “Lobby TV”',
      'Created the display link “Kitchen TV”',
      'Created the display link “Lobby TV”',
      'Revoked an unused invitation for a new admin',
      'Created an invitation for a new user',
      'Created an invitation for a new admin',
      'Changed Sale value bonus',
      'Changed Answered call points 0 → 1',
      'Made Rita Rep an admin',
      'Renamed the company “Min bedrift” → “Nordlys Salg AS”',
    ]);
    await page.getByText('Astrid Admin').first().waitFor();
    await page.getByText('Times in Europe/Oslo').waitFor();
    expect(await axeViolations(page, { tags: WCAG_AA })).toEqual([]);
    await saveSettledScreenshot(page, 'audit-01-log-en');
  });

  it('filters by kind from the keyboard', async () => {
    const filter = page.getByRole('combobox', { name: 'Show' });
    await filter.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: 'Display links revoked' }).waitFor();
    // Down the list with the arrow keys until the kind is highlighted, then choose it.
    // Each press waits for the highlight to move, so a busy machine cannot make the loop overrun.
    const highlightedText = () => page.evaluate(() => document.querySelector('[role="option"][data-highlighted]')?.textContent ?? '');
    for (let i = 0; i < 20 && (await highlightedText()) !== 'Display links revoked'; i++) {
      const before = await highlightedText();
      await page.keyboard.press('ArrowDown');
      await page.waitForFunction(
        (previous) => (document.querySelector('[role="option"][data-highlighted]')?.textContent ?? '') !== previous,
        before,
      );
    }
    await page.keyboard.press('Enter');
    await expect(filter.innerText()).resolves.toBe('Display links revoked');
    await page.waitForFunction(() => document.querySelectorAll('[data-audit-action]').length === 1);
    expect(await summaries(page)).toEqual(['Revoked the display link “Lobby TV”']);
    await saveSettledScreenshot(page, 'audit-02-log-filtered-en');
  });

  it('reads in Norwegian, on a desktop and a phone', async () => {
    await ok(adminCookie, 'PATCH', '/me/profile', { language: 'nb' });
    await page.goto('/app/admin/audit');
    await page.getByRole('heading', { name: 'Revisjonslogg' }).waitFor();
    await page.getByRole('list', { name: 'Oppføringer i revisjonsloggen' }).waitFor();
    const norwegian = await summaries(page);
    expect(norwegian[0]).toBe('Fjernet Kasper Kollega fra selskapet');
    expect(norwegian.at(-2)).toBe('Gjorde Rita Rep til administrator');
    expect(await axeViolations(page, { tags: WCAG_AA })).toEqual([]);
    await saveSettledScreenshot(page, 'audit-03-log-nb');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByRole('list', { name: 'Oppføringer i revisjonsloggen' }).waitFor();
    await saveSettledScreenshot(page, 'audit-04-log-nb-mobile');
    await page.setViewportSize({ width: 1366, height: 860 });
  });

  it('is for admins only: a user is refused by the server', async () => {
    const cookie = await signInCookie(base, una);
    const refused = await callApi<{ error: { code: string } }>(base, cookie, 'GET', '/admin/audit-log');
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden');
  });

  it('left no console errors', () => {
    expect(browser.consoleErrors).toEqual([]);
  });
});

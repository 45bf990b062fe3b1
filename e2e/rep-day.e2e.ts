import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, WCAG_AA } from './support/axe';
import { type Account, createVerifiedAccount, makeAccount, signInContext } from './support/accounts';
import { type Browser, captureScreenshot, openBrowser, saveScreenshot } from './support/browser';
import { openDatabase } from '../server/db/client';
import { seedWrapup } from '../server/seed/wrapups';
import { lockDataDir } from '../server/lib/data-dir-lock';
import { type RunningServer, startServer } from './support/server';

/*
 * The rep's journeys: a day on My Activity and the Daily Wrap-up. Log an answered call with
 * a booked meeting (+5), an unanswered call through the customer autocomplete, a sale (first a
 * value that does not parse), undo from the toast, edit and delete, goals and their progress, the
 * wrap-up saved then updated, and a teammate's browser seeing the call arrive live.
 */
/*
 * This file runs its own server on a fresh data folder: its company, rules and customers are its
 * own (Rita is the first member, so its admin), whatever other journeys log on the shared server.
 */
let server: RunningServer;
let webCopy: string;
/** Ours, not the harness's: the server is stopped once to seed earlier days, and restarted on it. */
let dataDir: string;
let baseUrl: string;
const rep = makeAccount('Rita Rep');
const teammate = makeAccount('Tor Teammate');
let browser: Browser;
let page: Page;

/** Logs through the public API from the signed-in page (fixtures: data a journey does not click in). */
async function logViaApi(target: Page, body: Record<string, unknown>) {
  const status = await target.evaluate(async (json) => {
    const response = await fetch('/api/v1/activities', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(json),
    });
    return response.status;
  }, body);
  expect(status).toBe(201);
}

/**
 * A full-page screenshot taken with the viewport stretched to the page, so the fixed sidebar and a
 * dialog's overlay cover all of it (a plain full-page capture leaves them at the first screen).
 */
async function snap(target: Page, name: string) {
  await target.mouse.move(0, 0); // no hover effect left where the last click was
  const size = target.viewportSize();
  const height = await target.evaluate(() => document.documentElement.scrollHeight);
  const stretch = size !== null && height > size.height;
  if (stretch) await target.setViewportSize({ width: size.width, height });
  await saveScreenshot(target, name);
  if (stretch) await target.setViewportSize(size);
}

/** What a phone shows at once: dialogs on a phone are judged by the screen, not the whole page. */
async function snapViewport(target: Page, name: string) {
  await target.mouse.move(0, 0);
  await target.waitForFunction(() => !document.querySelector('[aria-busy="true"]')).catch(() => undefined);
  await captureScreenshot(target, name, { animations: 'disabled' });
}

/** Just the dialog, for the landing page's "Quick Log" slide. */
async function snapElement(locator: Locator, name: string) {
  await locator.page().mouse.move(0, 0);
  await captureScreenshot(locator, name, { animations: 'disabled' });
}

const toast = (target: Page, text: string | RegExp) => target.locator('[data-sonner-toast]').filter({ hasText: text }).first();
const statCard = (target: Page, label: string) =>
  target.getByTestId('stat-card').filter({ has: target.getByRole('heading', { name: label, exact: true }) });
const rows = (target: Page) => target.getByTestId('activity-row');

/** Live screens settle within a few seconds; vitest's default poll gives up after one. */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 10_000 });

async function expectText(locator: Locator, text: string | RegExp) {
  await poll(async () => (await locator.innerText()).replace(/\s+/g, ' ')).toMatch(text);
}

async function openSignedIn(account: Account, options: { viewport?: { width: number; height: number }; locale?: string } = {}) {
  const opened = await openBrowser({ baseUrl, ...options });
  await signInContext(opened.context, baseUrl, account);
  return opened;
}

beforeAll(async () => {
  const built = resolve(process.env.E2E_WEB_DIST ?? 'dist/web');
  if (!existsSync(join(built, 'index.html'))) throw new Error(`No built web app in ${built}`);
  webCopy = mkdtempSync(join(tmpdir(), 'dealboard-rep-day-web-'));
  cpSync(built, webCopy, { recursive: true });
  dataDir = mkdtempSync(join(tmpdir(), 'dealboard-rep-day-data-'));
  server = await startServer({ WEB_DIST_DIR: webCopy, DATA_DIR: dataDir });
  baseUrl = server.baseUrl;
  await createVerifiedAccount(baseUrl, rep);
  await createVerifiedAccount(baseUrl, teammate);
  browser = await openSignedIn(rep);
  page = await browser.newPage();
  // The first visit provisions the membership (welcome toast); wait for it so it is out of the way.
  await page.goto('/app/activity');
  await toast(page, /set up/).waitFor();
  const other = await openSignedIn(teammate);
  const otherPage = await other.newPage();
  await otherPage.goto('/app/activity');
  await toast(otherPage, /set up/).waitFor();
  await other.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (webCopy) rmSync(webCopy, { recursive: true, force: true });
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('a rep spends a day on My Activity and the Daily Wrap-up', () => {
  it('starts the day with an empty list, zeros and no goals', async () => {
    await page.goto('/app/activity');
    await page.getByRole('heading', { name: 'My Activity', level: 1 }).waitFor();
    await page.getByText('Nothing logged yet today').waitFor();
    await expectText(statCard(page, 'Calls today'), /^Calls today 0 .*0 answered.*No daily goal set/);
    await expectText(page.getByTestId('points-today'), '0 points today');
    await expect(page.getByRole('button', { name: /^E-mail/ }).count()).resolves.toBe(0); // rule off by default
    await snap(page, 'rep-day-01-activity-empty');
    expect(await axeViolations(page, { tags: WCAG_AA })).toEqual([]);
  });

  it('sets daily goals inline and cancels an edit without saving', async () => {
    await page.getByRole('button', { name: 'Set goals' }).click();
    await page.getByLabel('Calls', { exact: true }).fill('4');
    await page.getByLabel('Meetings', { exact: true }).fill('2');
    await page.getByLabel('Sales', { exact: true }).fill('');
    await snap(page, 'rep-day-02-goals-editing');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Goals updated').waitFor();
    // An empty field does not parse: it becomes 0.
    await expectText(page.locator('ul[aria-labelledby="goals-heading"]'), /Calls 4 per day.*Meetings 2 per day.*Sales 0 per day/);
    await expectText(statCard(page, 'Calls today'), /0 of 4 · 0%/);

    await page.getByRole('button', { name: 'Edit goals' }).click();
    await page.getByLabel('Sales', { exact: true }).fill('1');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expectText(page.locator('ul[aria-labelledby="goals-heading"]'), /Sales 0 per day/);

    await page.getByRole('button', { name: 'Edit goals' }).click();
    await page.getByLabel('Sales', { exact: true }).fill('1');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Goals updated').waitFor();
    await expectText(statCard(page, 'Sales today'), /0 of 1 · 0%/);
  });

  it('logs an answered call with a booked meeting: +5 points, the cards and the list change', async () => {
    await page.getByRole('button', { name: /^Call/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Log Call' });
    await dialog.getByText('How did the call go?').waitFor();
    await snap(page, 'rep-day-03-log-call-step-1');
    await dialog.getByRole('button', { name: /^Answered/ }).click();

    const submit = dialog.getByRole('button', { name: 'Log Call' });
    await expect(dialog.getByRole('combobox', { name: /Customer/ }).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    // An answered call needs an outcome: Log, pressed without one, says so and moves to the outcomes.
    await submit.click();
    await dialog.getByRole('alert').filter({ hasText: 'Choose an outcome to log the call.' }).waitFor();
    await expect(dialog.getByRole('radio', { name: /No progress/ }).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    // Each outcome shows what it is worth under the current rules.
    await expectText(dialog.locator('label', { hasText: 'No progress' }), /0 pts/);
    await expectText(dialog.locator('label', { hasText: 'Moved forward' }), /1 pt/);
    await expectText(dialog.locator('label', { hasText: 'Meeting booked' }), /5 pts/);
    await dialog.getByRole('combobox', { name: /Customer/ }).fill('Fjordkraft Solutions AS');
    await dialog.getByText('"Fjordkraft Solutions AS" will be added as a new customer.').waitFor();
    // The outcomes are a radio group: the keyboard moves through them as in any form.
    await dialog.getByRole('radio', { name: /No progress/ }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('radio', { name: /Meeting booked/ }).isChecked()).resolves.toBe(true);
    await dialog.getByLabel('Notes').fill('Demo with the CFO on Thursday, wants a pilot for 40 seats.');
    await expect(submit.isEnabled()).resolves.toBe(true);
    await snap(page, 'rep-day-04-log-call-details');
    await snapElement(dialog, 'rep-day-04b-log-call-dialog');
    expect(await axeViolations(page, { include: '[role="dialog"]', tags: WCAG_AA })).toEqual([]);
    await submit.click();

    await toast(page, 'Call logged').waitFor();
    await expectText(toast(page, 'Call logged'), /Answered call has been recorded.*Undo/);
    await dialog.waitFor({ state: 'detached' });
    await expect(rows(page).count()).resolves.toBe(1);
    await expectText(rows(page).first(), /Answered call Meeting booked.*Fjordkraft Solutions AS.*Demo with the CFO.*\+5 pts/);
    await expectText(page.getByTestId('points-today'), '5 points today');
    await expectText(statCard(page, 'Calls today'), /^Calls today 1 .*1 answered.*1 of 4 · 25%/);
    await expectText(statCard(page, 'Meetings booked'), /^Meetings booked 1 .*1 of 2 · 50%/);
    await expectText(statCard(page, 'Hit rate'), /100%/);
  });

  it('logs an unanswered call, picking the customer from the autocomplete with the keyboard', async () => {
    await page.getByRole('button', { name: /^Call/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Log Call' });
    await dialog.getByRole('button', { name: /^Not answered/ }).click();
    await expect(dialog.getByRole('radio').count()).resolves.toBe(0); // no outcome for a call not answered
    const customer = dialog.getByRole('combobox', { name: /Customer/ });
    await customer.pressSequentially('f');
    await page.waitForTimeout(400);
    await expect(dialog.getByRole('listbox').isVisible()).resolves.toBe(false); // from 2 characters
    await customer.pressSequentially('jord');
    await dialog.getByRole('option', { name: 'Fjordkraft Solutions AS' }).waitFor();
    await expect(customer.getAttribute('aria-expanded')).resolves.toBe('true');
    await snap(page, 'rep-day-05-customer-autocomplete');
    await customer.press('ArrowDown');
    await expect(dialog.getByRole('option', { name: 'Fjordkraft Solutions AS' }).getAttribute('aria-selected')).resolves.toBe('true');
    await customer.press('Enter');
    await expect(customer.inputValue()).resolves.toBe('Fjordkraft Solutions AS');
    await expect(customer.getAttribute('aria-expanded')).resolves.toBe('false');
    // Escape closes an open list first, and only then the dialog.
    await customer.fill('Fjordkraft');
    await dialog.getByRole('option', { name: 'Fjordkraft Solutions AS' }).waitFor();
    await customer.press('Escape');
    await expect(dialog.isVisible()).resolves.toBe(true);
    await dialog.getByRole('option').first().waitFor({ state: 'hidden' });
    await dialog.getByRole('option', { name: 'Fjordkraft Solutions AS' }).waitFor({ state: 'hidden' });
    await customer.fill('Fjordkraft Solutions AS');
    await dialog.getByRole('button', { name: 'Log Call' }).click();

    await toast(page, 'Unanswered call has been recorded').waitFor();
    await expect(rows(page).count()).resolves.toBe(2);
    await expectText(rows(page).first(), /Unanswered call.*Fjordkraft Solutions AS.*0 pts/);
    await expectText(statCard(page, 'Calls today'), /^Calls today 2 .*1 answered.*2 of 4 · 50%/);
    await expectText(statCard(page, 'Hit rate'), /100%/);
    await expectText(page.getByTestId('points-today'), '5 points today');
  });

  it('refuses a sale value that does not parse, then records a sale with its amount', async () => {
    await page.getByRole('button', { name: /^Sale/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Log Sale' });
    const submit = dialog.getByRole('button', { name: 'Log Sale' });
    await expect(submit.isDisabled()).resolves.toBe(true); // empty value
    await dialog.getByLabel(/Sale Value/).fill('twelve thousand');
    await submit.click();
    await toast(page, 'Invalid value').waitFor();
    await expectText(toast(page, 'Invalid value'), /Please enter a valid sale value/);
    await expect(dialog.isVisible()).resolves.toBe(true);
    await snap(page, 'rep-day-06-sale-invalid-value');

    await dialog.getByRole('combobox', { name: /Customer/ }).fill('Nordlys Energi');
    await dialog.getByLabel(/Sale Value/).fill('12 500');
    await dialog.getByLabel(/Product\/Service/).fill('Annual licence, 25 seats');
    await dialog.getByLabel('Notes').fill('Signed after the second demo.');
    await snap(page, 'rep-day-07-log-sale');
    await submit.click();
    await toast(page, 'Sale recorded').waitFor();
    await expectText(toast(page, 'Sale recorded'), /Sale of NOK 12,500 has been logged/);
    await expectText(rows(page).first(), /Sale NOK 12,500.*Nordlys Energi · Annual licence, 25 seats.*\+10 pts/);
    await expectText(statCard(page, 'Sales today'), /^Sales today 1 .*NOK 12,500 in sales.*Goal reached/);
    await expectText(page.getByTestId('points-today'), '15 points today');
    await expectText(
      page.getByRole('heading', { name: 'Daily Goals' }).locator('xpath=ancestor::*[@data-slot="card"]'),
      /1 of 3 goals reached today/,
    );
  });

  it('undoes a call from its success toast', async () => {
    await page.getByRole('button', { name: /^Call/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Log Call' });
    await dialog.getByRole('button', { name: /^Answered/ }).click();
    await dialog.getByRole('radio', { name: /Moved forward/ }).check();
    await dialog.getByRole('button', { name: 'Log Call' }).click();
    await toast(page, 'Call logged').waitFor();
    await poll(() => rows(page).count()).toBe(4);
    await expectText(page.getByTestId('points-today'), '16 points today');
    await snap(page, 'rep-day-08-toast-with-undo');

    await toast(page, 'Call logged').getByRole('button', { name: 'Undo' }).click();
    await toast(page, 'Undone').waitFor();
    await poll(() => rows(page).count()).toBe(3);
    await expectText(page.getByTestId('points-today'), '15 points today');
    await expectText(statCard(page, 'Calls today'), /^Calls today 2 /);
  });

  it('edits the sale and deletes the unanswered call', async () => {
    const sale = rows(page).filter({ hasText: 'Nordlys Energi' });
    await sale.getByRole('button', { name: /^Edit Sale/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Sale' });
    // Written back as the reader writes numbers (English here).
    await expect(dialog.getByLabel(/Sale Value/).inputValue()).resolves.toBe('12,500');
    await expect(dialog.getByRole('combobox', { name: /Customer/ }).inputValue()).resolves.toBe('Nordlys Energi');
    await page.waitForTimeout(400); // the suggestions for the current name have answered
    await expect(dialog.getByText('will be added as a new customer').count()).resolves.toBe(0); // it exists now
    await dialog.getByLabel(/Sale Value/).fill('15 000');
    await snap(page, 'rep-day-09-edit-sale');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Activity updated').waitFor();
    await expectText(sale, /NOK 15,000/);
    await expectText(statCard(page, 'Sales today'), /NOK 15,000 in sales/);

    const unanswered = rows(page).filter({ hasText: 'Unanswered call' });
    await unanswered.getByRole('button', { name: /^Delete Unanswered call/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this activity?' });
    await snap(page, 'rep-day-10-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Activity deleted').waitFor();
    await poll(() => rows(page).count()).toBe(2);
    await expectText(statCard(page, 'Calls today'), /^Calls today 1 .*1 answered.*1 of 4 · 25%/);
  });

  it("a teammate's browser sees the rep's call arrive live, and the rep's list follows another device", async () => {
    const other = await openSignedIn(teammate);
    try {
      const otherPage = await other.newPage();
      await otherPage.goto('/app/activity');
      const feed = otherPage.getByTestId('team-feed-item');
      await poll(() => feed.count()).toBe(2);

      await page.getByRole('button', { name: /^Call/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Log Call' });
      await dialog.getByRole('button', { name: /^Answered/ }).click();
      await dialog.getByRole('combobox', { name: /Customer/ }).fill('Havbris Logistikk');
      await dialog.getByRole('radio', { name: /Meeting booked/ }).check();
      const loggedAt = Date.now();
      await dialog.getByRole('button', { name: 'Log Call' }).click();
      await feed.filter({ hasText: 'Havbris Logistikk' }).waitFor({ timeout: 5_000 });
      // How fast is npm run bench:live's question (docs/performance.md); this is the figure here.
      console.info(`[live] Log Call clicked -> teammate's feed shows it in ${Date.now() - loggedAt} ms`);
      await expectText(feed.first(), /Rita Rep.*Answered call · Meeting booked \+5 pts.*Havbris Logistikk/);

      // The teammate logs too (API, as from their phone): the rep's team feed moves without a reload.
      await logViaApi(otherPage, {
        kind: 'call',
        answered: true,
        outcome: 'moved_forward',
        customerName: 'Bergen Bygg AS',
        notes: 'Sending a proposal',
      });
      await page.getByTestId('team-feed-item').filter({ hasText: 'Bergen Bygg AS' }).waitFor({ timeout: 5_000 });
      // And the rep's own list follows a call logged from another device of theirs.
      await logViaApi(page, { kind: 'call', answered: false, customerName: 'Lofoten Sjømat' });
      await rows(page).filter({ hasText: 'Lofoten Sjømat' }).waitFor({ timeout: 5_000 });
      expect(other.consoleErrors).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('shows My Activity full of a real day (screenshots for the landing page)', async () => {
    const day = [
      { kind: 'call', answered: true, outcome: 'moved_forward', customerName: 'Aker Maritime', notes: 'Wants pricing for 3 offices' },
      { kind: 'call', answered: false, customerName: 'Trondheim Tech' },
      { kind: 'meeting', customerName: 'Fjordkraft Solutions AS', notes: 'Discovery meeting, 45 min' },
      { kind: 'call', answered: true, outcome: 'no_progress', customerName: 'Stavanger Energi' },
      { kind: 'call', answered: true, outcome: 'meeting_booked', customerName: 'Oslo Fintech Hub', notes: 'Meeting Tuesday 10:00' },
    ];
    for (const activity of day) await logViaApi(page, activity);

    // Rita is this company's admin: turning the e-mail rule on (worth 1 point) adds an E-mail button.
    const switched = await page.evaluate(async () => {
      const { rules } = (await (await fetch('/api/v1/kpi-rules')).json()) as { rules: { id: string; kpiKey: string }[] };
      const email = rules.find((r) => r.kpiKey === 'email')!;
      const response = await fetch(`/api/v1/kpi-rules/${email.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ enabled: true, basePoints: 1 }),
      });
      return response.status;
    });
    expect(switched).toBe(200);
    await page.reload();
    await page.getByRole('button', { name: 'E-mail, +1 pt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log an e-mail' });
    await dialog.getByRole('combobox', { name: /Customer/ }).fill('Bergen Bygg AS');
    await dialog.getByLabel('Notes').fill('Sent the case study and a pricing sheet');
    await dialog.getByRole('button', { name: 'Log' }).click();
    await toast(page, 'E-mail logged').waitFor();
    await expectText(toast(page, 'E-mail logged'), /Your e-mail has been recorded/);
    await poll(() => rows(page).count()).toBe(10);
    await expectText(rows(page).first(), /E-mail.*Bergen Bygg AS.*Sent the case study.*\+1 pt/);
    await expectText(page.getByTestId('points-today'), '30 points today');
    await toast(page, 'E-mail logged')
      .getByRole('button', { name: 'Close notification' })
      .click({ timeout: 2_000 })
      .catch(() => undefined);
    await page.getByTestId('team-feed-item').first().waitFor();
    await page.mouse.move(0, 0);
    await snap(page, 'rep-day-11-activity-with-data');
    expect(await axeViolations(page, { tags: WCAG_AA })).toEqual([]);
  });

  it('saves the wrap-up prefilled from the activities, then updates it', async () => {
    await page.goto('/app/wrapup');
    await page.getByRole('heading', { name: 'Daily Wrap-up', level: 1 }).waitFor();
    // Prefilled from today's activities: 7 calls, 3 meetings booked, 1 sale, 30 points.
    await poll(() => page.getByLabel('Calls', { exact: true }).inputValue()).toBe('7');
    await expect(page.getByLabel('Meetings', { exact: true }).inputValue()).resolves.toBe('3');
    await expect(page.getByLabel('Sales', { exact: true }).inputValue()).resolves.toBe('1');
    await expect(page.getByLabel('Points', { exact: true }).inputValue()).resolves.toBe('30');
    await expectText(page.getByTestId('today-report'), /Not submitted yet/);
    await page.getByText('Save your first wrap-up to start the weekly picture.').waitFor();
    await snap(page, 'rep-day-12-wrapup-prefilled');

    await page.getByLabel('Calls', { exact: true }).fill('-2');
    await page.getByLabel('What went well?').fill('Booked three meetings, two from cold calls.\nThe new opener works.');
    await page.getByLabel('What can be improved?').fill('Follow up on yesterday’s proposals before noon.');
    await page.getByRole('button', { name: 'Save wrap-up' }).click();
    await page.getByText('Must be 0 or more').waitFor(); // wrap-up numbers are whole numbers from 0
    await page.getByLabel('Calls', { exact: true }).fill('7');
    await page.getByRole('button', { name: 'Save wrap-up' }).click();
    await toast(page, 'Wrap-up saved').waitFor();
    await expectText(
      page.getByTestId('today-report'),
      /Submitted.*Calls 7.*Meetings 3.*Sales 1.*Points 30.*Conversion in this report 43%.*Booked three meetings/,
    );
    // After a save the form shows what was saved (docs/decisions), not zeros.
    await expect(page.getByLabel('Calls', { exact: true }).inputValue()).resolves.toBe('7');
    await expect(page.getByLabel('What went well?').inputValue()).resolves.toContain('Booked three meetings');
    await expectText(page.getByTestId('week-stats'), /1 wrap-up in the last 7 days.*Calls 7 7.*Points 30 30/);

    await page.getByLabel('Calls', { exact: true }).fill('8');
    await page.getByRole('button', { name: 'Update wrap-up' }).click();
    await toast(page, 'Wrap-up updated').waitFor();
    await page.reload();
    await poll(() => page.getByLabel('Calls', { exact: true }).inputValue()).toBe('8');
    await expectText(page.getByTestId('today-report'), /Submitted.*Calls 8/);
    await page.getByText('No earlier wrap-ups yet').waitFor();
    await snap(page, 'rep-day-13-wrapup-saved');
    expect(await axeViolations(page, { tags: WCAG_AA })).toEqual([]);
  });

  it('opens an earlier summary to read its notes', async () => {
    // The server's clock cannot go back, so earlier days are written with the seed factory into
    // the stopped server's data folder, then the server starts again on it (as after a deploy).
    const me = await page.evaluate(
      async () => (await (await fetch('/api/v1/me')).json()) as { user: { id: string }; company: { id: string } },
    );
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(new Date());
    const daysAgo = (n: number) => {
      const date = new Date(`${today}T12:00:00Z`);
      date.setUTCDate(date.getUTCDate() - n);
      return date.toISOString().slice(0, 10);
    };
    const notes = [
      ['Two demos booked with logistics companies.', 'Call back the no-answers after 15:00.'],
      ['Closed Nordlys Energi after a long follow-up.', 'Prepare pricing sheets before calls.'],
      ['Best call day this month: 24 calls.', 'Too many calls without a clear next step.'],
      [null, null],
      ['Great discovery meeting with Aker Maritime.', 'Log calls as I go, not at the end of the day.'],
    ] as const;
    const consoleErrorsSoFar = browser.consoleErrors.splice(0);
    expect(consoleErrorsSoFar).toEqual([]);
    await browser.close();
    await server.stop();
    const release = lockDataDir(dataDir);
    const database = await openDatabase({ engine: 'pglite', dataDir });
    try {
      for (const [i, [good, improve]] of notes.entries()) {
        await seedWrapup(database.db, {
          companyId: me.company.id,
          userId: me.user.id,
          date: daysAgo(i + 1),
          calls: 18 + ((i * 7) % 9),
          meetings: 2 + (i % 3),
          sales: i % 2,
          points: 12 + i * 4,
          good,
          improve,
        });
      }
    } finally {
      await database.close();
      release();
    }
    server = await startServer({ WEB_DIST_DIR: webCopy, DATA_DIR: dataDir });
    baseUrl = server.baseUrl;
    browser = await openSignedIn(rep);
    page = await browser.newPage();

    await page.goto('/app/wrapup');
    const list = page.getByRole('list', { name: 'Previous summaries' });
    await poll(() => list.getByRole('listitem').count()).toBe(5);
    const first = list.getByRole('button').first();
    await expect(first.getAttribute('aria-expanded')).resolves.toBe('false');
    await first.click();
    await expect(first.getAttribute('aria-expanded')).resolves.toBe('true');
    await list.getByText('Two demos booked with logistics companies.').waitFor();
    await list.getByText('Call back the no-answers after 15:00.').waitFor();
    await list.getByRole('button').nth(3).click();
    await list.getByText('No notes were written this day.').waitFor();
    await snap(page, 'rep-day-13b-wrapup-history');
  });

  it('speaks Norwegian to a Norwegian rep: the wrap-up and My Activity', async () => {
    const nb = await openSignedIn(rep, { locale: 'nb-NO' });
    try {
      const nbPage = await nb.newPage();
      await nbPage.goto('/app/wrapup');
      await nbPage.getByRole('heading', { name: 'Dagsoppsummering', level: 1 }).waitFor();
      await poll(() => nbPage.getByLabel('Samtaler', { exact: true }).inputValue()).toBe('8');
      await nbPage.getByRole('button', { name: 'Oppdater oppsummering' }).click();
      await toast(nbPage, 'Oppsummering oppdatert').waitFor();
      await snap(nbPage, 'rep-day-14-wrapup-norwegian');

      await nbPage.goto('/app/activity');
      await nbPage.getByRole('heading', { name: 'Min aktivitet', level: 1 }).waitFor();
      await poll(() => rows(nbPage).count()).toBe(10);
      await nbPage.getByRole('button', { name: /^Samtale/ }).click();
      const dialog = nbPage.getByRole('dialog', { name: 'Logg samtale' });
      await dialog.getByRole('button', { name: /^Besvart/ }).click();
      await dialog.getByRole('radio', { name: /Møte booket/ }).check();
      await snap(nbPage, 'rep-day-15-log-call-norwegian');
      await dialog.getByRole('button', { name: 'Logg samtale' }).click();
      await toast(nbPage, 'Samtale logget').waitFor();
      await expectText(toast(nbPage, 'Samtale logget'), /Besvart samtale er registrert/);
      await toast(nbPage, 'Samtale logget').getByRole('button', { name: 'Angre' }).click();
      await toast(nbPage, 'Angret').waitFor();
      await nbPage.mouse.move(0, 0);
      await snap(nbPage, 'rep-day-16-activity-norwegian');
      expect(nb.consoleErrors).toEqual([]);
    } finally {
      await nb.close();
    }
  });

  it('works on a 390 px phone: My Activity, both dialogs and the wrap-up', async () => {
    const phone = await openSignedIn(rep, { viewport: { width: 390, height: 844 } });
    try {
      const phonePage = await phone.newPage();
      await phonePage.goto('/app/activity?log=call');
      const dialog = phonePage.getByRole('dialog', { name: 'Log Call' });
      await dialog.waitFor();
      await snapViewport(phonePage, 'rep-day-17-phone-log-call-step-1');
      await dialog.getByRole('button', { name: /^Answered/ }).click();
      await dialog.getByRole('combobox', { name: /Customer/ }).fill('Fjo');
      await dialog.getByRole('option', { name: 'Fjordkraft Solutions AS' }).waitFor();
      await snapViewport(phonePage, 'rep-day-18-phone-log-call-details');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(new URL(phonePage.url()).search).toBe('');

      await phonePage.goto('/app/activity?log=sale');
      await phonePage.getByRole('dialog', { name: 'Log Sale' }).waitFor();
      await snapViewport(phonePage, 'rep-day-19-phone-log-sale');
      await phonePage.keyboard.press('Escape');

      await poll(() => rows(phonePage).count()).toBe(10);
      await snap(phonePage, 'rep-day-20-phone-activity');
      await snapViewport(phonePage, 'rep-day-20a-phone-first-screen');
      // On a phone the row's Edit and Delete sit in one menu.
      await rows(phonePage)
        .filter({ hasText: 'Oslo Fintech Hub' })
        .getByRole('button', { name: /^Actions for Answered call/ })
        .click();
      await phonePage.getByRole('menuitem', { name: 'Edit' }).click();
      const edit = phonePage.getByRole('dialog', { name: 'Edit Answered call' });
      await edit.waitFor();
      await snapViewport(phonePage, 'rep-day-20b-phone-edit-call');
      await edit.getByRole('button', { name: 'Cancel' }).click();
      await edit.waitFor({ state: 'detached' });
      const overflow = await phonePage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      await phonePage.goto('/app/wrapup');
      await poll(() => phonePage.getByLabel('Calls', { exact: true }).inputValue()).toBe('8');
      await snap(phonePage, 'rep-day-21-phone-wrapup');
      const wrapupOverflow = await phonePage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(wrapupOverflow).toBeLessThanOrEqual(0);

      // The smallest phones still in use are 360 px wide: nothing scrolls sideways there either.
      await phonePage.setViewportSize({ width: 360, height: 780 });
      for (const path of ['/app/wrapup', '/app/activity']) {
        await phonePage.goto(path);
        await phonePage.getByRole('heading', { level: 1 }).waitFor();
        await phonePage.waitForLoadState('networkidle');
        await expect(phonePage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).resolves.toBeLessThanOrEqual(0);
      }
      await phonePage.getByRole('button', { name: /^Call/ }).click();
      await phonePage
        .getByRole('dialog', { name: 'Log Call' })
        .getByRole('button', { name: /^Answered/ })
        .click();
      await snapViewport(phonePage, 'rep-day-22-phone-360-log-call');
      expect(phone.consoleErrors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('left no console errors on the way', () => {
    expect(browser.consoleErrors).toEqual([]);
  });
});

import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, WCAG_AA } from './support/axe';
import { callApiOk, joinCompany, makeAccount, signInContext } from './support/accounts';
import { type Browser, openBrowser, saveSettledScreenshot, waitForLiveApp } from './support/browser';
import { type JourneyServer, useSharedServer } from './support/shared-server';

/*
 * A company's own activity types (decision 100): an admin opens Administration → Activity types,
 * adds the SDR team's template, makes a type of their own in the editor (a Norwegian name too, an
 * outcome, a choice field with options, a daily bonus), archives and restores it, and reads the
 * screen in Norwegian, on a phone and in dark. A rep's own attempt is refused by the server.
 * Then KPIs over it (decision 101): a count of the type's offers and a ratio over the built-in
 * calls, made in the editor, each with this month's figure ("—" where a ratio has none).
 */

const admin = makeAccount('Astrid Admin');
const rep = makeAccount('Ola Rep');

let server: JourneyServer;
let base: string;
let browser: Browser;
let page: Page;
let adminCookie: string;
let repCookie: string;

/** Chooses a radio drawn as a tile (the input itself is visually hidden) from the keyboard, as a person using one would. */
async function pick(radio: ReturnType<Page['getByRole']>) {
  await radio.focus();
  await radio.press('Space');
  expect(await radio.isChecked()).toBe(true);
}

const ownTypes = () => page.getByRole('list', { name: /^(Your types|Deres typer)$/ });

beforeAll(async () => {
  server = useSharedServer();
  base = server.baseUrl;
  adminCookie = (await joinCompany(base, admin)).cookie;
  repCookie = (await joinCompany(base, rep)).cookie;
  browser = await openBrowser({ baseUrl: base });
  await signInContext(browser.context, base, admin);
  page = await browser.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('activity types', () => {
  it('an admin adds a template and makes a type of their own in the editor', async () => {
    await page.goto('/app/admin/users');
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Activity types' }).click();
    await page.waitForURL('**/app/admin/activity-types');
    await page.getByText('No types of your own yet').waitFor();
    await saveSettledScreenshot(page, 'activity-types-01-empty');

    await page.getByRole('button', { name: 'SDR team' }).first().click();
    await ownTypes().getByText('Demo held').waitFor();
    expect(await ownTypes().getByRole('listitem').allInnerTexts()).toEqual([expect.stringContaining('5 points · 0 outcomes · 1 field')]);

    await page.getByRole('button', { name: 'New type' }).click();
    const editor = page.getByRole('dialog', { name: 'New activity type' });
    // Saved with no name: the contract says so in the form, and nothing is sent.
    await editor.getByRole('button', { name: 'Create type' }).click();
    await editor.getByText('Give it a name').waitFor();
    await editor.getByRole('textbox', { name: 'Name · English' }).fill('Site visit');
    await pick(editor.getByRole('radio', { name: 'Car', exact: true }));
    await pick(editor.getByRole('radio', { name: 'Amber', exact: true }));
    await editor.getByRole('textbox', { name: 'Points for each one' }).fill('3');
    await editor.getByRole('button', { name: 'Add outcome' }).click();
    await editor.getByRole('textbox', { name: 'Outcome 1, name' }).fill('Offer sent');
    await editor.getByRole('textbox', { name: 'Outcome 1, extra points' }).fill('5');
    await editor.getByRole('button', { name: 'Add field' }).click();
    await editor.getByRole('textbox', { name: 'Field 1, name' }).fill('Site size');
    await editor.getByRole('combobox', { name: 'Field 1, kind' }).click();
    await page.getByRole('option', { name: 'Choice', exact: true }).click();
    await editor.getByRole('textbox', { name: 'Field 1, option 1' }).fill('Small');
    await editor.getByRole('textbox', { name: 'Field 1, option 2' }).fill('Large');
    await editor.getByRole('switch', { name: 'Extra points for reaching a number in a day' }).click();
    await editor.getByRole('textbox', { name: 'How many in a day' }).fill('4');
    await pick(editor.getByRole('radio', { name: 'Norsk (bokmål)' }));
    await editor.getByRole('textbox', { name: 'Name · Norsk (bokmål)' }).fill('Befaring');
    await editor.getByRole('textbox', { name: 'Outcome 1, name' }).fill('Tilbud sendt');
    // An offer sent is celebrated on the walls and in the app (decision 105): the outcome is offered by its name.
    await editor.getByRole('checkbox', { name: 'Tilbud sendt' }).check();
    await saveSettledScreenshot(editor, 'activity-types-02-editor');
    expect(await axeViolations(page, { include: '[role="dialog"]', tags: WCAG_AA })).toEqual([]);
    await editor.getByRole('button', { name: 'Create type' }).click();
    await editor.waitFor({ state: 'detached' });

    const visit = ownTypes().getByRole('listitem').filter({ hasText: 'Site visit' });
    await expect.poll(() => visit.innerText()).toContain('3 points · 1 outcome · 1 field · bonus 5 at 4 a day');
    const { types } = await callApiOk<{
      types: { names: Record<string, string>; outcomes: { names: Record<string, string>; celebrate: boolean }[] }[];
    }>(base, adminCookie, 'GET', '/activity-types');
    const saved = types.find((type) => type.names.en === 'Site visit')!;
    expect(saved.names).toEqual({ en: 'Site visit', nb: 'Befaring' });
    expect(saved.outcomes[0]!.names).toEqual({ en: 'Offer sent', nb: 'Tilbud sendt' });
    expect(saved.outcomes[0]!.celebrate).toBe(true);

    // A rep may read the types but not make one: the server says no, whatever the screen shows.
    const refused = await fetch(`${base}/api/v1/activity-types`, {
      method: 'POST',
      headers: { cookie: repCookie, 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ names: { en: 'Mine' }, icon: 'star', colour: 'blue', points: 1, outcomes: [], fields: [], bonus: null }),
    });
    expect(refused.status).toBe(403);

    await visit.getByRole('button', { name: 'Archive “Site visit”' }).click();
    await visit.getByText('Archived').waitFor();
    await visit.getByRole('button', { name: 'Restore “Site visit”' }).click();
    await visit.getByRole('button', { name: 'Archive “Site visit”' }).waitFor();
    await saveSettledScreenshot(page, 'activity-types-03-list');
    expect(await axeViolations(page, { tags: WCAG_AA })).toEqual([]);
  });

  it('a rep logs the new type from My Activity: its button, its outcome and fields, its row in the day; the floor celebrates it', async () => {
    // The admin watches the dashboard and the wall while the rep logs (decision 105).
    await page.goto('/app');
    await waitForLiveApp(page);
    const wall = await browser.context.newPage();
    await wall.setViewportSize({ width: 1280, height: 720 });
    await wall.goto('/tv');
    await wall.getByRole('heading', { name: 'Team Leaderboard' }).waitFor();
    const repBrowser = await openBrowser({ baseUrl: base });
    try {
      await signInContext(repBrowser.context, base, rep);
      const repPage = await repBrowser.newPage();
      await repPage.goto('/app/activity');
      await repPage.getByRole('button', { name: /^Site visit, up to \+8 pts$/ }).click();
      const dialog = repPage.getByRole('dialog', { name: 'Log site visit' });
      await dialog.getByRole('button', { name: 'Log site visit' }).click();
      await dialog.getByText('Choose one of the outcomes').waitFor();
      await dialog.getByText('Offer sent').click();
      await dialog.getByText('Large').click();
      await saveSettledScreenshot(dialog, 'activity-types-09-log-dialog');
      expect(await axeViolations(repPage, { include: '[role="dialog"]', tags: WCAG_AA })).toEqual([]);
      await dialog.getByRole('button', { name: 'Log site visit' }).click();
      await dialog.waitFor({ state: 'detached' });
      const row = repPage.getByTestId('activity-row').filter({ hasText: 'Site visit' });
      await expect.poll(() => row.innerText()).toContain('Offer sent');
      expect(await row.innerText()).toContain('+8');
      // The offer sent is celebrated: the admin's corner card and the wall name the outcome, the type and the rep.
      await wall.getByTestId('celebration').getByText('Ola Rep just logged site visit: offer sent').waitFor({ timeout: 15_000 });
      expect(await wall.getByTestId('celebration').innerText()).toContain('Offer sent!');
      await saveSettledScreenshot(wall, 'activity-types-15-wall-celebration', { fullPage: false });
      await wall.close();
      await page.getByTestId('app-celebration').getByText('Ola Rep just logged site visit: offer sent').waitFor({ timeout: 15_000 });
      await saveSettledScreenshot(page, 'activity-types-16-app-celebration', { fullPage: false });
      await saveSettledScreenshot(repPage, 'activity-types-10-my-activity');
      // On the phone's quick log too: the type's button, and its outcome asked first.
      await repPage.setViewportSize({ width: 390, height: 844 });
      await repPage.goto('/app/quick-log');
      await repPage.getByRole('button', { name: 'Site visit' }).click();
      await repPage.getByRole('heading', { name: 'Site visit: how did it go?' }).waitFor();
      await repPage.getByRole('button', { name: /^Offer sent/ }).waitFor();
      await saveSettledScreenshot(repPage, 'activity-types-11-quick-log-phone');
      expect(await axeViolations(repPage, { tags: WCAG_AA })).toEqual([]);
      await repPage.getByRole('button', { name: 'Back to the buttons' }).click();
      await repPage.getByRole('button', { name: 'Site visit' }).waitFor();
      await saveSettledScreenshot(repPage, 'activity-types-12-quick-log-buttons-phone');
      // In use now: the admin's list says so by offering no Delete (read until the fresh answer is in:
      // a reload first shows what the device kept, decision 082).
      await page.goto('/app/admin/activity-types');
      const visit = ownTypes().getByRole('listitem').filter({ hasText: 'Site visit' });
      await visit.getByRole('button', { name: 'Archive “Site visit”' }).waitFor();
      await expect.poll(() => visit.getByRole('button', { name: 'Delete “Site visit”' }).count()).toBe(0);
    } finally {
      await repBrowser.close();
    }
  });

  it('an admin defines KPIs over the type and the built-in kinds, and reads this month’s figure of each', async () => {
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'KPIs' }).click();
    await page.waitForURL('**/app/admin/kpis');
    await page.getByText('No KPIs of your own yet').waitFor();
    await page.getByRole('heading', { name: 'Built in' }).waitFor();

    await page.getByRole('button', { name: 'New KPI' }).first().click();
    const editor = page.getByRole('dialog', { name: 'New KPI' });
    await editor.getByRole('textbox', { name: 'English' }).fill('Offers');
    await editor.getByRole('textbox', { name: 'Norsk (bokmål)' }).fill('Tilbud');
    await editor.getByRole('checkbox', { name: 'Site visit' }).check();
    await editor.getByRole('checkbox', { name: 'Offer sent' }).check();
    await saveSettledScreenshot(editor, 'kpis-02-editor');
    expect(await axeViolations(page, { include: '[role="dialog"]', tags: WCAG_AA })).toEqual([]);
    await editor.getByRole('button', { name: 'Create KPI' }).click();
    await editor.waitFor({ state: 'detached' });
    const own = page.getByRole('list', { name: 'Your KPIs' });
    const offers = own.getByRole('listitem').filter({ hasText: 'Offers' });
    await offers.getByText('Count: Site visit · Offer sent only').waitFor();
    // The rep's site visit with an offer, this month.
    await expect.poll(() => offers.innerText()).toMatch(/This month\s+1\b/);

    // A ratio over the built-in calls: none logged, so no value yet ("—"), not an error.
    await page.getByRole('button', { name: 'New KPI' }).click();
    await editor.getByRole('textbox', { name: 'English' }).fill('Offers per call');
    await pick(editor.getByRole('radio', { name: 'Ratio' }));
    await editor.getByRole('combobox', { name: 'KPI' }).click();
    await page.getByRole('option', { name: 'Offers', exact: true }).click();
    await editor.getByRole('combobox', { name: 'Divided by' }).click();
    await page.getByRole('option', { name: 'Offers', exact: true }).click();
    await editor.getByRole('button', { name: 'Create KPI' }).click();
    // Refused in the form before anything is sent: the same check the server makes.
    await editor.getByText('A ratio of a KPI to itself is always 1').waitFor();
    await editor.getByRole('combobox', { name: 'Divided by' }).click();
    await page.getByRole('option', { name: 'Calls', exact: true }).click();
    await editor.getByRole('button', { name: 'Create KPI' }).click();
    await editor.waitFor({ state: 'detached' });
    const ratio = own.getByRole('listitem').filter({ hasText: 'Offers per call' });
    await ratio.getByText('Offers ÷ Calls').waitFor();
    await expect.poll(() => ratio.innerText()).toMatch(/This month\s+—/);
    await saveSettledScreenshot(page, 'kpis-01-list');
    expect(await axeViolations(page, { tags: WCAG_AA })).toEqual([]);

    // The server refuses a rep, whatever the screen shows.
    const refused = await fetch(`${base}/api/v1/kpis`, {
      method: 'POST',
      headers: { cookie: repCookie, origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({ names: { en: 'Mine' }, formula: { kind: 'aggregate', aggregate: 'count', typeIds: [] }, format: 'number' }),
    });
    expect(refused.status).toBe(403);

    // Everyone's figures on the KPI board, ranked by the company's first KPI: the rep's offer puts them first.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'KPIs' }).click();
    await page.waitForURL('**/app/kpis');
    const board = page.getByRole('table', { name: 'KPIs ranked by Offers' });
    await expect.poll(() => board.getByRole('row').nth(1).innerText()).toMatch(/^1\s+OR\s+Ola Rep\s+1\s+—/);
    expect(await board.getByRole('row').last().innerText()).toMatch(/^\s*Everyone\s+1\s+—/);
    await page.getByRole('radio', { name: 'This month' }).focus();
    await page.keyboard.press('Space');
    await page.waitForURL('**/app/kpis?period=month');
    await saveSettledScreenshot(page, 'kpis-06-board');
    expect(await axeViolations(page, { tags: WCAG_AA })).toEqual([]);
    // More KPIs than a narrow desktop has room for: the figures scroll sideways under the person,
    // who stays in view.
    await page.setViewportSize({ width: 700, height: 860 });
    // The edge where more columns are fades, so the cut column does not read as the table's end.
    const more = page.locator('[data-slot="scroll-more"]');
    await more.waitFor();
    await saveSettledScreenshot(page, 'kpis-06-board-narrow');
    const scrolled = await board.evaluate((table) => {
      const scroller = table.parentElement!;
      const overflows = scroller.scrollWidth > scroller.clientWidth;
      scroller.scrollLeft = scroller.scrollWidth;
      const left = scroller.getBoundingClientRect().left;
      const rank = table.querySelector('tbody tr td:nth-child(1)')!.getBoundingClientRect();
      const name = table.querySelector('tbody tr td:nth-child(2)')!.getBoundingClientRect();
      return {
        overflows,
        rankLeft: Math.round(rank.left - left),
        rankRight: Math.round(rank.right - left),
        nameLeft: Math.round(name.left - left),
      };
    });
    // Nothing scrolled shows between the rank and the person.
    expect(scrolled).toEqual({ overflows: true, rankLeft: 0, rankRight: 48, nameLeft: 48 });
    await more.waitFor({ state: 'detached' }); // scrolled to its end: nothing more to that side
    await saveSettledScreenshot(page, 'kpis-06-board-scrolled');
    await page.setViewportSize({ width: 1366, height: 860 });
    // Most improved: each person's change on their own average of earlier months; nobody here has one yet.
    await page.getByRole('radio', { name: 'Most improved' }).focus();
    await page.keyboard.press('Space');
    await page.waitForURL('**/app/kpis?period=month&rank=improved');
    await page.getByRole('columnheader', { name: 'Change' }).waitFor();
    const byImprovement = page.getByRole('table', { name: 'KPIs ranked by most improved on Offers' });
    await expect.poll(() => byImprovement.getByRole('row').nth(1).innerText()).toMatch(/No history yet/);
    await saveSettledScreenshot(page, 'kpis-06-board-improved');
    // % of target: the rep's offers against the month's target their manager set; the admin's month is
    // measured by a day's target times the month's working days.
    const { kpis: kpiList } = await callApiOk<{ kpis: { id: string; names: { en?: string } }[] }>(base, adminCookie, 'GET', '/kpis');
    const offersKpi = kpiList.find((kpi) => kpi.names.en === 'Offers')!;
    const { user: olaUser } = await callApiOk<{ user: { id: string } }>(base, repCookie, 'GET', '/me');
    const { user: astridUser } = await callApiOk<{ user: { id: string } }>(base, adminCookie, 'GET', '/me');
    const { today } = await callApiOk<{ today: string }>(base, adminCookie, 'GET', '/activities/log-options');
    await callApiOk(base, adminCookie, 'POST', '/targets', {
      userId: olaUser.id,
      metric: 'kpi',
      kpiId: offersKpi.id,
      period: 'month',
      value: 4,
      effectiveFrom: today,
    });
    await callApiOk(base, adminCookie, 'POST', '/targets', {
      userId: astridUser.id,
      metric: 'kpi',
      kpiId: offersKpi.id,
      period: 'day',
      value: 1,
      effectiveFrom: today,
    });
    await page.getByRole('radio', { name: '% of target' }).focus();
    await page.keyboard.press('Space');
    await page.waitForURL('**/app/kpis?period=month&rank=target');
    const byTarget = page.getByRole('table', { name: 'KPIs ranked by % of target on Offers' });
    await expect.poll(() => byTarget.getByRole('row').nth(1).innerText()).toMatch(/^1\s+OR\s+Ola Rep\s+1\s+25\s?%\s+Target 4/);
    // The month's target made of the day's: as many as the month has working days (the server test counts them).
    const { targets: monthTargets } = await callApiOk<{ targets: { userId: string; value: number; perDay?: number }[] }>(
      base,
      adminCookie,
      'GET',
      `/targets/people?kpi=${offersKpi.id}&period=month`,
    );
    const astridMonth = monthTargets.find((target) => target.userId === astridUser.id)!;
    expect(astridMonth).toMatchObject({ perDay: 1 });
    await expect
      .poll(() => byTarget.getByRole('row').nth(2).innerText())
      .toMatch(new RegExp(`Astrid Admin\\s+0\\s+0\\s?%\\s+Target ${astridMonth.value} \\(1 a day\\)`));
    await saveSettledScreenshot(page, 'kpis-06-board-target');
    expect(await axeViolations(page, { tags: WCAG_AA })).toEqual([]);
    await page.getByRole('radio', { name: 'By the figure' }).focus();
    await page.keyboard.press('Space');
    // The board as a workbook: the same month, the company's KPIs as columns, everyone's row last.
    await page.getByRole('button', { name: 'Export' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.innerText()).resolves.toMatch(/KPIs, this month/);
    const [download] = await Promise.all([page.waitForEvent('download'), menu.getByRole('menuitem', { name: /Excel \(\.xlsx\)/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/ - KPIs - \d{4}-\d{2}-01(_\d{4}-\d{2}-\d{2})?\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path())!);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(expect.arrayContaining(['Member', 'Offers', 'Offers per call (%)', 'Sales value (NOK)']));
    const rows: unknown[][] = [];
    sheet.eachRow((row, number) => number > 1 && rows.push((row.values as unknown[]).slice(1)));
    expect(rows.at(-1)?.[0]).toBe('Everyone');
    expect(rows.find((row) => row[0] === 'Ola Rep')?.[header.indexOf('Offers')]).toBe(1);

    // The dashboard's leaderboard ranks today by the KPI too: the rep's offer puts them first.
    await page.goto('/app');
    await waitForLiveApp(page);
    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Offers', exact: true }).click();
    const byOffers = page.getByRole('table', { name: 'Team leaderboard by Offers' });
    await expect.poll(() => byOffers.getByRole('row').nth(1).innerText()).toMatch(/Ola Rep\s+1$/);
    expect(await page.getByTestId('ranking-note').innerText()).toContain('Ranked by Offers today, highest first.');
    await saveSettledScreenshot(page, 'kpis-07-dashboard-sorted');
    expect(await axeViolations(page, { tags: WCAG_AA })).toEqual([]);
    // ... and fairly: % of goal is today's offers over today's target (Ola's is 2; the admin's 1).
    await callApiOk(base, adminCookie, 'POST', '/targets', {
      userId: olaUser.id,
      metric: 'kpi',
      kpiId: offersKpi.id,
      period: 'day',
      value: 2,
      effectiveFrom: today,
    });
    await page.getByRole('combobox', { name: 'Rank by' }).click();
    await page.getByRole('option', { name: '% of goal' }).click();
    await page.waitForURL(/\/app\?sort=kpi%3A[^&]+&rankBy=goal_share$/);
    await expect.poll(() => byOffers.getByRole('row').nth(1).innerText()).toMatch(/Ola Rep\s+1\s+50\s?%\s+Target 2$/);
    await expect.poll(() => byOffers.getByRole('row').nth(2).innerText()).toMatch(/Astrid Admin\s+that's you\s+0\s+0\s?%\s+Target 1$/);
    expect(await page.getByTestId('ranking-note').innerText()).toContain("as a share of their manager's target for today");
    await saveSettledScreenshot(page, 'kpis-08-dashboard-target');
    expect(await axeViolations(page, { tags: WCAG_AA })).toEqual([]);
    await page.goto('/app/admin/activity-types');
    await ownTypes().waitFor();
  });

  it('reads in Norwegian, on a phone and in dark', async () => {
    await callApiOk(base, adminCookie, 'PATCH', '/me/profile', { language: 'nb' });
    await page.reload();
    await ownTypes().getByText('Befaring').waitFor();
    await page.getByRole('heading', { name: 'Innebygd' }).waitFor();
    await saveSettledScreenshot(page, 'activity-types-04-nb');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveSettledScreenshot(page, 'activity-types-05-nb-phone');
    await ownTypes().getByRole('button', { name: 'Rediger «Befaring»' }).click();
    const editor = page.getByRole('dialog', { name: 'Rediger aktivitetstype' });
    await expect.poll(() => editor.getByRole('textbox', { name: 'Navn · Norsk (bokmål)' }).inputValue()).toBe('Befaring');
    await saveSettledScreenshot(editor, 'activity-types-06-editor-nb-phone');
    await page.emulateMedia({ colorScheme: 'dark' });
    await saveSettledScreenshot(editor, 'activity-types-07-editor-nb-phone-dark');
    expect(await axeViolations(page, { include: '[role="dialog"]', tags: WCAG_AA })).toEqual([]);
    await editor.getByRole('button', { name: 'Avbryt' }).click();
    await page.setViewportSize({ width: 1366, height: 860 });
    await saveSettledScreenshot(page, 'activity-types-08-nb-dark');
    expect(await axeViolations(page, { tags: WCAG_AA })).toEqual([]);

    // The KPIs, in Norwegian: their names, what each computes, dark, on a desktop and a phone.
    await page.getByRole('navigation', { name: 'Administrasjon' }).getByRole('link', { name: 'KPI-er' }).click();
    await page.getByText('Antall: Befaring · bare Tilbud sendt').waitFor();
    await saveSettledScreenshot(page, 'kpis-03-nb-dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveSettledScreenshot(page, 'kpis-04-nb-phone-dark');
    await page.getByRole('list', { name: 'Deres KPI-er' }).getByRole('button', { name: 'Rediger «Tilbud»' }).click();
    const kpiEditor = page.getByRole('dialog', { name: 'Rediger KPI' });
    await expect.poll(() => kpiEditor.getByRole('textbox', { name: 'Norsk (bokmål)' }).inputValue()).toBe('Tilbud');
    await saveSettledScreenshot(kpiEditor, 'kpis-05-editor-nb-phone-dark');
    expect(await axeViolations(page, { include: '[role="dialog"]', tags: WCAG_AA })).toEqual([]);
    await kpiEditor.getByRole('button', { name: 'Avbryt' }).click();
    await page.goto('/app/kpis');
    await page.getByRole('table', { name: 'KPI-er rangert etter Tilbud' }).getByText('Alle').waitFor();
    await saveSettledScreenshot(page, 'kpis-07-board-nb-phone-dark');
    await page.setViewportSize({ width: 1366, height: 860 });
    await page.emulateMedia({ colorScheme: 'light' });
    await callApiOk(base, adminCookie, 'PATCH', '/me/profile', { language: 'en' });
  });
  it('the largest contract this month: a maximum over a type’s amount field, its editor in Swedish and Danish', async () => {
    const { types } = await callApiOk<{ types: { id: string; names: { en?: string } }[] }>(
      base,
      adminCookie,
      'POST',
      '/activity-types/templates',
      {
        template: 'field_sales',
      },
    );
    const contract = types.find((type) => type.names.en === 'Signed contract')!;
    for (const value of [4_800_000, 1_200_000]) {
      await callApiOk(base, repCookie, 'POST', '/activities', { kind: 'custom', typeId: contract.id, fields: { value } });
    }
    await page.goto('/app/admin/kpis');
    await page.getByRole('button', { name: 'New KPI' }).first().click();
    const editor = page.getByRole('dialog', { name: 'New KPI' });
    await editor.getByRole('textbox', { name: 'English' }).fill('Largest contract');
    await pick(editor.getByRole('radio', { name: 'Maximum' }));
    // The largest is kept of a sale's value and an own type's number or amount field (decision 109),
    // not of a call: with a call chosen no field is offered.
    await editor.getByRole('checkbox', { name: 'Sale', exact: true }).check();
    await editor.getByRole('combobox', { name: 'Of' }).click();
    await page.getByRole('option', { name: 'Value', exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await editor.getByRole('checkbox', { name: 'Call', exact: true }).check();
    await editor.getByText('Choose sales or your own types with a number or amount field').waitFor();
    await editor.getByRole('checkbox', { name: 'Call', exact: true }).uncheck();
    await editor.getByRole('checkbox', { name: 'Sale', exact: true }).uncheck();
    await editor.getByRole('checkbox', { name: 'Signed contract' }).check();
    await editor.getByRole('combobox', { name: 'Of' }).click();
    await page.getByRole('option', { name: 'Contract value', exact: true }).click();
    // An amount field reads as an amount without being told.
    await expect.poll(() => editor.getByRole('combobox', { name: 'Shown as' }).innerText()).toContain('Amount');
    await editor.getByRole('button', { name: 'Create KPI' }).click();
    await editor.waitFor({ state: 'detached' });
    const largest = page.getByRole('list', { name: 'Your KPIs' }).getByRole('listitem').filter({ hasText: 'Largest contract' });
    await largest.getByText('Largest Contract value of Signed contract').waitFor();
    await expect.poll(() => largest.innerText()).toMatch(/This month\s+NOK\s*48[ ,.]?000/);

    // The reports and the rep's page read them too: the week's figure of each, the rep's with their place.
    await page.goto('/app/weekly');
    const ours = page.getByRole('region', { name: 'Your KPIs' });
    await expect
      .poll(() => ours.getByRole('definition').allInnerTexts())
      .toEqual(expect.arrayContaining([expect.stringMatching(/NOK\s*48[ ,.]?000/)]));
    await saveSettledScreenshot(page, 'kpis-09-weekly');
    expect(await axeViolations(page, { tags: WCAG_AA })).toEqual([]);
    const { user: repUser } = await callApiOk<{ user: { id: string } }>(base, repCookie, 'GET', '/me');
    await page.goto(`/app/people/${repUser.id}`);
    const card = page.getByTestId('person-kpis');
    await expect
      .poll(() => card.getByTestId('person-kpi').filter({ hasText: 'Largest contract' }).innerText())
      .toMatch(/NOK\s*48[ ,.]?000\s+NOK\s*48[ ,.]?000\s+1 of 1/);
    await saveSettledScreenshot(card, 'kpis-10-person');
    expect(await axeViolations(page, { tags: WCAG_AA })).toEqual([]);

    // The editor in Swedish (a desktop, light) and Danish (a phone, dark).
    await page.goto('/app/admin/kpis');
    for (const [language, edit, title, editType, typeTitle, dark] of [
      ['sv', 'Redigera ”Largest contract”', 'Redigera KPI', 'Redigera ”Site visit”', 'Redigera aktivitetstyp', false],
      ['da', 'Redigér »Largest contract«', 'Redigér KPI', 'Redigér »Site visit«', 'Redigér aktivitetstype', true],
    ] as const) {
      await callApiOk(base, adminCookie, 'PATCH', '/me/profile', { language });
      if (dark) {
        await page.setViewportSize({ width: 390, height: 844 });
        await page.emulateMedia({ colorScheme: 'dark' });
      }
      await page.reload();
      await page.getByRole('button', { name: edit }).click();
      const dialog = page.getByRole('dialog', { name: title });
      await expect.poll(() => dialog.getByRole('textbox', { name: 'English' }).inputValue()).toBe('Largest contract');
      await saveSettledScreenshot(dialog, `kpis-08-editor-${language}-${dark ? 'phone-dark' : 'desktop-light'}`);
      expect(await axeViolations(page, { include: '[role="dialog"]', tags: WCAG_AA })).toEqual([]);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      // The type editor in the same language and look.
      await page.goto('/app/admin/activity-types');
      await page.getByRole('button', { name: editType }).click();
      const typeEditor = page.getByRole('dialog', { name: typeTitle });
      await typeEditor.getByRole('textbox').first().waitFor();
      await saveSettledScreenshot(typeEditor, `activity-types-13-editor-${language}-${dark ? 'phone-dark' : 'desktop-light'}`);
      expect(await axeViolations(page, { include: '[role="dialog"]', tags: WCAG_AA })).toEqual([]);
      await page.keyboard.press('Escape');
      await typeEditor.waitFor({ state: 'detached' });
      await page.goto('/app/admin/kpis');
    }
    await page.setViewportSize({ width: 1366, height: 860 });
    await page.emulateMedia({ colorScheme: 'light' });
    await callApiOk(base, adminCookie, 'PATCH', '/me/profile', { language: 'en' });
  });

  it('a rep sets a daily goal on the type, reaches it, and the floor hears of it', async () => {
    const { types } = await callApiOk<{
      types: { id: string; names: { en?: string }; outcomes: { id: string; names: { en?: string } }[] }[];
    }>(base, repCookie, 'GET', '/activity-types');
    const visit = types.find((type) => type.names.en === 'Site visit')!;
    const repBrowser = await openBrowser({ baseUrl: base });
    try {
      await signInContext(repBrowser.context, base, rep);
      const repPage = await repBrowser.newPage();
      await repPage.goto('/app/activity');
      const card = repPage.getByRole('list', { name: 'Daily Goals' }).or(repPage.getByText('No goals yet.'));
      await card.first().waitFor();
      await repPage.getByRole('button', { name: 'Edit goals' }).click();
      const own = repPage.getByRole('group', { name: 'Your activity types' });
      // One site visit is logged today already: two is the goal.
      await own.getByRole('spinbutton', { name: 'Site visit' }).fill('2');
      await saveSettledScreenshot(repPage, 'activity-types-17-goal-form');
      expect(await axeViolations(repPage, { tags: WCAG_AA })).toEqual([]);
      await repPage.getByRole('button', { name: 'Save' }).click();
      const row = repPage.getByRole('list', { name: 'Daily Goals' }).getByRole('listitem').filter({ hasText: 'Site visit' });
      await expect.poll(() => row.innerText()).toMatch(/1 of\s+2\s+per day/);

      await page.goto('/app');
      await waitForLiveApp(page);
      const offer = visit.outcomes.find((outcome) => outcome.names.en === 'Offer sent')!;
      await callApiOk(base, repCookie, 'POST', '/activities', { kind: 'custom', typeId: visit.id, outcome: offer.id });
      // The rep's card shows it reached; the admin's feed names the goal by its type.
      await expect.poll(() => row.innerText()).toMatch(/2 of\s+2\s+per day/);
      await row.getByLabel('Goal reached').waitFor();
      await saveSettledScreenshot(repPage, 'activity-types-18-goal-reached');
      await page.getByText('Ola Rep reached the daily goal of 2 on site visit').waitFor();
    } finally {
      await repBrowser.close();
    }
  });

  it('an admin gives meetings a daily bonus from the built-in kinds; the rep’s second meeting of the day earns it', async () => {
    await page.goto('/app/admin/activity-types');
    const meeting = page.getByRole('list', { name: 'Built in' }).getByRole('listitem').filter({ hasText: 'Meeting held' });
    await meeting.getByText(/No daily bonus$/).waitFor();
    await meeting.getByRole('button', { name: 'Daily bonus: Meeting held' }).click();
    const dialog = page.getByRole('dialog', { name: 'Daily bonus: Meeting held' });
    await dialog.getByRole('switch', { name: 'Extra points for reaching a number in a day' }).click();
    await dialog.getByRole('textbox', { name: 'How many in a day' }).fill('2');
    await dialog.getByRole('textbox', { name: 'Extra points' }).fill('10');
    await dialog.getByText('The one that brings a day to 2 earns 10 extra points, once a day.').waitFor();
    await saveSettledScreenshot(dialog, 'activity-types-19-kind-bonus');
    expect(await axeViolations(page, { include: '[role="dialog"]', tags: WCAG_AA })).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await meeting.getByText(/· bonus 10 at 2 a day$/).waitFor();
    await saveSettledScreenshot(page, 'activity-types-20-built-in-bonus');

    // The floor sees the second meeting's bonus as it is logged.
    await page.goto('/app');
    await waitForLiveApp(page);
    const first = await callApiOk<{ dailyBonus: boolean }>(base, repCookie, 'POST', '/activities', { kind: 'meeting' });
    const second = await callApiOk<{ dailyBonus: boolean }>(base, repCookie, 'POST', '/activities', {
      kind: 'meeting',
    });
    expect([first.dailyBonus, second.dailyBonus]).toEqual([false, true]);
    await page.getByText('daily bonus +10').first().waitFor();
    await saveSettledScreenshot(page, 'activity-types-21-kind-bonus-in-feed');

    // In Norwegian, Swedish and Danish, on a phone and in dark: the list says each kind's bonus, the dialog fits.
    const words = [
      {
        language: 'nb',
        builtIn: 'Innebygd',
        meeting: 'Møte holdt',
        cancel: 'Avbryt',
        hint: 'Nummer 2 på en dag gir 10 ekstra poeng, én gang om dagen.',
      },
      {
        language: 'sv',
        builtIn: 'Inbyggda',
        meeting: 'Genomfört möte',
        cancel: 'Avbryt',
        hint: 'Nummer 2 på en dag ger 10 extra poäng, en gång om dagen.',
      },
      {
        language: 'da',
        builtIn: 'Indbygget',
        meeting: 'Afholdt møde',
        cancel: 'Annullér',
        hint: 'Nummer 2 på en dag giver 10 ekstra point, én gang om dagen.',
      },
    ];
    try {
      // Norwegian on a desktop, light, first.
      await callApiOk(base, adminCookie, 'PATCH', '/me/profile', { language: 'nb' });
      await page.goto('/app/admin/activity-types');
      await page
        .getByRole('list', { name: 'Innebygd' })
        .getByText(/· bonus 10 ved 2 om dagen$/)
        .waitFor();
      await saveSettledScreenshot(page, 'activity-types-22-built-in-nb-desktop');
      await page.setViewportSize({ width: 390, height: 844 });
      await page.emulateMedia({ colorScheme: 'dark' });
      for (const [i, said] of words.entries()) {
        await callApiOk(base, adminCookie, 'PATCH', '/me/profile', { language: said.language });
        await page.goto('/app/admin/activity-types');
        const meetingRow = page.getByRole('list', { name: said.builtIn }).getByRole('listitem').filter({ hasText: said.meeting });
        await meetingRow.getByText(/ · bonus 10 (ved|vid) 2 om dagen$/).waitFor();
        if (i === 0) await saveSettledScreenshot(page, `activity-types-22-built-in-${said.language}-phone-dark`);
        await meetingRow.getByRole('button', { name: `Dagsbonus: ${said.meeting}` }).click();
        const dialog = page.getByRole('dialog', { name: `Dagsbonus: ${said.meeting}` });
        await dialog.getByText(said.hint).waitFor();
        await saveSettledScreenshot(dialog, `activity-types-${23 + i}-kind-bonus-${said.language}-phone-dark`);
        expect(await axeViolations(page, { include: '[role="dialog"]', tags: WCAG_AA })).toEqual([]);
        await dialog.getByRole('button', { name: said.cancel }).click();
      }
    } finally {
      await page.setViewportSize({ width: 1366, height: 860 });
      await page.emulateMedia({ colorScheme: 'light' });
      await callApiOk(base, adminCookie, 'PATCH', '/me/profile', { language: 'en' });
    }
  });

  it('an admin renames the held meeting "Demo": the log button, its dialog and the floor’s feed call it so, until the app’s name is back', async () => {
    await page.goto('/app/admin/activity-types');
    const builtIn = page.getByRole('list', { name: 'Built in' });
    await builtIn.getByRole('button', { name: 'Rename Meeting held' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename Meeting held' });
    await dialog.getByRole('textbox', { name: 'English' }).fill('Demo');
    await dialog.getByRole('textbox', { name: 'Norsk (bokmål)' }).fill('Demo');
    await saveSettledScreenshot(dialog, 'activity-types-26-rename-kind');
    expect(await axeViolations(page, { include: '[role="dialog"]', tags: WCAG_AA })).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await builtIn
      .getByRole('listitem')
      .filter({ hasText: 'Demo · Dealboard: Meeting held' })
      .getByRole('button', { name: 'Rename Demo' })
      .waitFor();
    await saveSettledScreenshot(page, 'activity-types-27-renamed-kind');

    // Logged from My Activity by its name; the floor's feed names it so, the meetings before it too.
    await page.goto('/app/activity');
    await page.getByRole('button', { name: /^Demo, \+3 pts$/ }).click();
    const log = page.getByRole('dialog', { name: 'Log Demo' });
    await saveSettledScreenshot(log, 'activity-types-28-log-renamed-kind');
    await log.getByRole('button', { name: 'Log', exact: true }).click();
    await log.waitFor({ state: 'detached' });
    await page.goto('/app');
    await waitForLiveApp(page);
    await page.getByText('Astrid Admin logged demo').first().waitFor();
    await page.getByText('Ola Rep logged demo').first().waitFor();
    await saveSettledScreenshot(page, 'activity-types-29-renamed-kind-in-feed');

    // In Norwegian on a phone, dark; then the app's names back.
    try {
      await callApiOk(base, adminCookie, 'PATCH', '/me/profile', { language: 'nb' });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto('/app/admin/activity-types');
      await page.getByRole('list', { name: 'Innebygd' }).getByRole('button', { name: 'Gi nytt navn: Demo' }).click();
      const nb = page.getByRole('dialog', { name: 'Gi nytt navn: Demo' });
      await nb.getByRole('textbox', { name: 'Norsk (bokmål)' }).waitFor();
      await saveSettledScreenshot(nb, 'activity-types-30-rename-kind-nb-phone-dark');
      expect(await axeViolations(page, { include: '[role="dialog"]', tags: WCAG_AA })).toEqual([]);
      await nb.getByRole('button', { name: 'Bruk Dealboards navn' }).click();
      await page.getByText('Møte holdt har Dealboards navn igjen').waitFor();
      await page.getByRole('list', { name: 'Innebygd' }).getByText('Møte holdt', { exact: true }).waitFor();
    } finally {
      await page.setViewportSize({ width: 1366, height: 860 });
      await page.emulateMedia({ colorScheme: 'light' });
      await callApiOk(base, adminCookie, 'PATCH', '/me/profile', { language: 'en' });
    }
  });

  it('an admin sets what a held meeting and a call are worth from their rows; the log buttons promise it and a logged one earns it', async () => {
    await page.goto('/app/admin/activity-types');
    const builtIn = page.getByRole('list', { name: 'Built in' });
    await builtIn.getByRole('button', { name: 'Points: Meeting held' }).click();
    const dialog = page.getByRole('dialog', { name: 'Points: Meeting held' });
    await dialog.getByRole('textbox', { name: 'Points for each one' }).fill('4');
    await saveSettledScreenshot(dialog, 'activity-types-31-kind-points');
    expect(await axeViolations(page, { include: '[role="dialog"]', tags: WCAG_AA })).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved what Meeting held is worth').waitFor();
    await builtIn
      .getByRole('listitem')
      .filter({ hasText: 'Meeting held' })
      .getByText(/^4 points/)
      .waitFor();

    await page.goto('/app/activity');
    await page.getByRole('button', { name: /^Meeting held, \+4 pts$/ }).waitFor();
    const logged = await callApiOk<{ pointsEarned: number }>(base, repCookie, 'POST', '/activities', { kind: 'meeting' });
    expect(logged.pointsEarned).toBe(4);

    // A call's, in Swedish on a phone, dark: what each outcome adds, and what an answered call earns with it.
    try {
      await callApiOk(base, adminCookie, 'PATCH', '/me/profile', { language: 'sv' });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto('/app/admin/activity-types');
      await page.getByRole('list', { name: 'Inbyggda' }).getByRole('button', { name: 'Poäng: Samtal' }).click();
      const sv = page.getByRole('dialog', { name: 'Poäng: Samtal' });
      await sv.getByRole('textbox', { name: 'Möte bokat: extra' }).fill('7');
      await sv.getByText('Poäng för ett besvarat samtal: 0 utan framsteg, 1 när det kom vidare, 7 med möte bokat.').waitFor();
      await saveSettledScreenshot(sv, 'activity-types-32-call-points-sv-phone-dark');
      expect(await axeViolations(page, { include: '[role="dialog"]', tags: WCAG_AA })).toEqual([]);
      await sv.getByRole('button', { name: 'Spara' }).click();
      await page.getByText('Poängen för Samtal har sparats').waitFor();
      await page
        .getByRole('list', { name: 'Inbyggda' })
        .getByText(/^0–7 poäng efter utfall/)
        .waitFor();
      const call = await callApiOk<{ pointsEarned: number }>(base, repCookie, 'POST', '/activities', {
        kind: 'call',
        answered: true,
        outcome: 'meeting_booked',
      });
      expect(call.pointsEarned).toBe(7);
    } finally {
      await page.setViewportSize({ width: 1366, height: 860 });
      await page.emulateMedia({ colorScheme: 'light' });
      await callApiOk(base, adminCookie, 'PATCH', '/me/profile', { language: 'en' });
    }
  });
});

import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, WCAG_AA } from './support/axe';
import { callApiOk, joinCompany, makeAccount, signInContext } from './support/accounts';
import { type Browser, openBrowser, saveSettledScreenshot } from './support/browser';
import { type JourneyServer, useSharedServer } from './support/shared-server';

/*
 * Boards (decision 102): an admin makes a board for the company, which starts with a sales floor's
 * widgets (numbers with their change, a leaderboard, a chart, the feed) drawn from the KPIs, adds a
 * gauge, moves and removes widgets; another starts from the SDR template (the teams side by side),
 * adds a contest's standings and becomes the admin's start page; a rep sees the board but may not change it, and the server
 * refuses them whatever the screen shows. In Norwegian, dark, on a phone.
 */

const admin = makeAccount('Astrid Admin');
const rep = makeAccount('Ola Rep');

let server: JourneyServer;
let base: string;
let browser: Browser;
let page: Page;
let adminCookie: string;
let repCookie: string;
let boardUrl: string;

/** Chooses a radio drawn as a tile (the input is visually hidden) from the keyboard. */
async function pick(radio: ReturnType<Page['getByRole']>) {
  await radio.focus();
  await radio.press('Space');
  expect(await radio.isChecked()).toBe(true);
}

const widget = (name: string) => page.getByRole('region', { name, exact: true });

/** The value axis's figures a chart cuts at its left edge ("200 000 kr" drawn as "000 kr"), once it has drawn them. */
async function findCutTicks(chart: Locator): Promise<(string | null)[]> {
  const ticks = '[class*=yAxis-tick-labels] .recharts-cartesian-axis-tick-value';
  await chart.locator(ticks).first().waitFor({ state: 'attached' });
  return chart.evaluate((el, selector) => {
    const svg = el.querySelector('svg')!.getBoundingClientRect();
    return [...el.querySelectorAll(selector)]
      .filter((tick) => tick.getBoundingClientRect().left < svg.left - 0.5)
      .map((tick) => tick.textContent);
  }, ticks);
}

beforeAll(async () => {
  server = useSharedServer();
  base = server.baseUrl;
  adminCookie = (await joinCompany(base, admin)).cookie;
  repCookie = (await joinCompany(base, rep)).cookie;
  // Today's work on the floor: calls, a booked meeting, a sale.
  for (const cookie of [adminCookie, repCookie]) {
    await callApiOk(base, cookie, 'POST', '/activities', {
      kind: 'call',
      answered: true,
      outcome: 'meeting_booked',
      customerName: 'Fjord Fisk AS',
    });
    await callApiOk(base, cookie, 'POST', '/activities', { kind: 'call', answered: false });
  }
  await callApiOk(base, repCookie, 'POST', '/activities', { kind: 'call', answered: true, outcome: 'no_progress' });
  await callApiOk(base, repCookie, 'POST', '/activities', { kind: 'sale', ticketSize: 1_250_000, customerName: 'Fjord Fisk AS' });
  browser = await openBrowser({ baseUrl: base });
  await signInContext(browser.context, base, admin);
  page = await browser.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('boards', () => {
  it('an admin makes a board for the company: a sales floor’s widgets from the KPIs, then a gauge of their own', async () => {
    await page.goto('/app');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Boards' }).click();
    await page.waitForURL('**/app/boards');
    await page.getByText('No boards yet').waitFor();
    await page.getByRole('button', { name: 'New board' }).click();
    const settings = page.getByRole('dialog', { name: 'New board' });
    await settings.getByRole('button', { name: 'Create board' }).click();
    await settings.getByText('Give the board a name').waitFor();
    await settings.getByRole('textbox', { name: 'Name' }).fill('Sales floor');
    await pick(settings.getByRole('radio', { name: 'Everyone' }));
    await settings.getByRole('button', { name: 'Create board' }).click();
    await page.waitForURL('**/app/boards/*');
    boardUrl = new URL(page.url()).pathname;

    // The starter widgets, with the day's numbers: 5 calls today, a leaderboard by points, the feed.
    await expect.poll(() => widget('Calls').first().innerText()).toMatch(/Today\s+5\b/);
    await expect.poll(() => widget('Points').getByRole('listitem').count()).toBe(2);
    await widget('Latest activity').getByText('Fjord Fisk AS').first().waitFor();
    await widget('Calls').nth(1).getByRole('img', { name: 'Calls day by day, this month' }).waitFor();

    await page.getByRole('button', { name: 'Edit board' }).click();
    await page.getByRole('button', { name: 'Add widget' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a widget' });
    await pick(dialog.getByRole('radio', { name: 'Gauge' }));
    await dialog.getByRole('combobox', { name: 'KPI' }).click();
    await page.getByRole('option', { name: 'Sales value', exact: true }).click();
    await pick(dialog.getByRole('radio', { name: 'This month' }));
    await dialog.getByRole('button', { name: 'Add to board' }).click();
    await dialog.getByText('The goal must be a number').waitFor();
    await dialog.getByRole('textbox', { name: 'Goal (NOK)' }).fill('25 000');
    await dialog.getByRole('button', { name: 'Add to board' }).click();
    await dialog.waitFor({ state: 'detached' });
    const gauge = widget('Sales value');
    await expect.poll(() => gauge.getByRole('meter').getAttribute('aria-valuetext')).toMatch(/NOK\s*12[ ,.]?500 of NOK\s*25[ ,.]?000/);
    expect(await gauge.innerText()).toContain('50%');

    // Moved up above the feed and the chart, and the feed removed: each change saves the board.
    await page.getByRole('button', { name: 'Move Sales value up' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Move Sales value down' }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Move Sales value up' }).click();
    await page.getByRole('button', { name: 'Remove Latest activity' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'Latest activity' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.reload();
    await expect
      .poll(() => page.locator('main section[aria-label]').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label'))))
      .toEqual(['Calls', 'Meetings booked', 'Conversion', 'Points', 'Sales value', 'Calls']);
    await saveSettledScreenshot(page, 'boards-01-board');
    expect(await axeViolations(page, { tags: WCAG_AA })).toEqual([]);
  });

  it('an admin starts a board from the SDR template: the teams side by side, then a contest’s standings added', async () => {
    const oslo = await callApiOk<{ id: string }>(base, adminCookie, 'POST', '/teams', { name: 'Oslo' });
    await callApiOk<{ id: string }>(base, adminCookie, 'POST', '/teams', { name: 'Bergen' });
    const me = await callApiOk<{ user: { id: string } }>(base, repCookie, 'GET', '/me');
    await callApiOk(base, adminCookie, 'PUT', `/team/members/${me.user.id}/team`, { teamId: oslo.id });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(new Date());
    await callApiOk(base, adminCookie, 'POST', '/contests', {
      name: 'Call sprint',
      startsOn: today,
      endsOn: today,
      participants: 'everyone',
      mode: 'individual',
      weights: [{ metric: 'calls', weight: 1 }],
    });

    await page.goto('/app/boards');
    await page.getByRole('button', { name: 'New board' }).click();
    const settings = page.getByRole('dialog', { name: 'New board' });
    await settings.getByRole('combobox', { name: 'Start from' }).click();
    await page.getByRole('option', { name: 'SDR team', exact: true }).click();
    await settings.getByText('Dials, connects and meetings booked against a weekly goal').waitFor();
    await settings.getByRole('textbox', { name: 'Name' }).fill('SDR floor');
    await settings.getByRole('button', { name: 'Create board' }).click();
    await page.waitForURL('**/app/boards/*');

    // Oslo (the rep: 3 calls) ahead of Bergen (no one in it yet: 0).
    const teams = widget('Calls by team');
    await expect
      .poll(() => teams.getByRole('listitem').allInnerTexts())
      .toEqual([expect.stringMatching(/^Oslo\s+3$/), expect.stringMatching(/^Bergen\s+0$/)]);
    await widget('Meetings booked').getByRole('meter').waitFor();

    await page.getByRole('button', { name: 'Edit board' }).click();
    await page.getByRole('button', { name: 'Add widget' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a widget' });
    await pick(dialog.getByRole('radio', { name: 'Contest' }));
    // The running contest is chosen; the contest's own days, not a period, and no team of its own.
    expect(await dialog.getByRole('combobox', { name: 'Contest' }).innerText()).toContain('Call sprint (running)');
    expect(await dialog.getByRole('radio', { name: 'This month' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Add to board' }).click();
    await dialog.waitFor({ state: 'detached' });
    const contest = widget('Call sprint');
    await expect
      .poll(() => contest.getByRole('listitem').allInnerTexts())
      .toEqual([expect.stringMatching(/^1\s+OR\s+Ola Rep\s+3$/), expect.stringMatching(/^2\s+AA\s+Astrid Admin\s+2$/)]);
    await page.getByRole('button', { name: 'Done' }).click();
    await saveSettledScreenshot(page, 'boards-06-sdr-template', { fullPage: true });
    expect(await axeViolations(page, { tags: WCAG_AA })).toEqual([]);

    // The admin opens the app on this board: /app brings it, the dashboard is a link away.
    const sdrUrl = new URL(page.url()).pathname;
    await page.getByRole('button', { name: 'Make it my start page' }).click();
    await page.getByRole('button', { name: 'Remove as start page' }).waitFor();
    await page.goto('/app');
    await page.waitForURL(`**${sdrUrl}`);
    await page.getByRole('heading', { name: 'SDR floor' }).waitFor();
    await page.getByRole('link', { name: 'Team Dashboard' }).click();
    await page.waitForURL('**/app/dashboard');
    await page.getByRole('heading', { name: 'Team Dashboard' }).waitFor();
    await page.goto(sdrUrl);
    await page.getByRole('button', { name: 'Remove as start page' }).click();
    await page.getByRole('button', { name: 'Make it my start page' }).waitFor();
    await page.goto('/app');
    await page.getByRole('heading', { name: 'Team Dashboard' }).waitFor();
  });

  it('a field-sales team’s board counts its own types: door knocks, and a signed contract in the value', async () => {
    const { types } = await callApiOk<{ types: { id: string; names: { en?: string } }[] }>(
      base,
      adminCookie,
      'POST',
      '/activity-types/templates',
      { template: 'field_sales' },
    );
    const contract = types.find((type) => type.names.en === 'Signed contract')!;
    await callApiOk(base, repCookie, 'POST', '/activities', { kind: 'custom', typeId: contract.id, fields: { value: 4_800_000 } });
    // The month's sales so far (the floor's steps above logged some): the value signed adds the contract to them.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(new Date());
    const month = await callApiOk<{ kpis: { total: number }[] }>(
      base,
      adminCookie,
      'GET',
      `/kpis/values?from=${today.slice(0, 8)}01&to=${today}&ids=sales_value&totalOnly=true`,
    );
    const signed = new Intl.NumberFormat('en', { maximumFractionDigits: 0 }).format(month.kpis[0]!.total / 100 + 48_000);

    await page.goto('/app/boards');
    await page.getByRole('button', { name: 'New board' }).click();
    const settings = page.getByRole('dialog', { name: 'New board' });
    await settings.getByRole('combobox', { name: 'Start from' }).click();
    await page.getByRole('option', { name: 'Field sales', exact: true }).click();
    await settings.getByText('Door knocks (or meetings held)').waitFor();
    await settings.getByRole('textbox', { name: 'Name' }).fill('Field team');
    await settings.getByRole('button', { name: 'Create board' }).click();
    await page.waitForURL('**/app/boards/*');
    await page.getByRole('heading', { name: 'Field team' }).waitFor();
    // The contract's 48,000 is in the month's value signed, with the built-in sales.
    await expect.poll(() => widget('Value signed').first().innerText()).toMatch(new RegExp(`NOK\\s${signed}\\b`));
    await widget('Door knocks').first().waitFor();

    // A chart of the value: its axis writes every figure whole ("NOK 60,000" was cut to "000" in a fixed width).
    const made = await callApiOk<{ id: string; name: string; sharing: string; widgets: { kind: string; kpiId?: string }[] }>(
      base,
      adminCookie,
      'GET',
      `/boards/${new URL(page.url()).pathname.split('/').at(-1)}`,
    );
    const valueKpi = made.widgets.find((w) => w.kind === 'leaderboard')!.kpiId;
    await callApiOk(base, adminCookie, 'PUT', `/boards/${made.id}`, {
      name: made.name,
      sharing: made.sharing,
      widgets: [...made.widgets, { kind: 'chart', kpiId: valueKpi, period: 'month', size: 'small', style: 'line' }],
    });
    await page.reload();
    const chart = widget('Value signed')
      .getByRole('img')
      .filter({ has: page.locator('svg') });
    expect(await findCutTicks(chart)).toEqual([]);
    // The template's chart of what nobody has logged yet (door knocks): its axis says 0, not made-up
    // steps (an empty chart of money read "0.01 … 0.04").
    const emptyTicks = widget('Door knocks')
      .getByRole('img')
      .filter({ has: page.locator('svg') })
      .locator('[class*=yAxis-tick-labels] .recharts-cartesian-axis-tick-value');
    await emptyTicks.first().waitFor({ state: 'attached' });
    expect(await emptyTicks.allTextContents()).toEqual(['0']);
    await saveSettledScreenshot(page, 'boards-09-field-sales', { fullPage: true });
    expect(browser.consoleErrors).toEqual([]);
  });

  it('a rep sees the company’s board but cannot change it, and the server refuses them', async () => {
    const repBrowser = await openBrowser({ baseUrl: base });
    try {
      await signInContext(repBrowser.context, base, rep);
      const repPage = await repBrowser.newPage();
      await repPage.goto('/app/boards');
      await repPage.getByRole('link', { name: /Sales floor/ }).click();
      await repPage.getByRole('heading', { name: 'Sales floor' }).waitFor();
      await repPage.getByRole('region', { name: 'Sales value' }).getByRole('meter').waitFor();
      expect(await repPage.getByRole('button', { name: 'Edit board' }).count()).toBe(0);
      const id = boardUrl.split('/').at(-1)!;
      const refused = await fetch(`${base}/api/v1/boards/${id}`, {
        method: 'DELETE',
        headers: { cookie: repCookie, origin: base },
      });
      expect(refused.status).toBe(403);
      await saveSettledScreenshot(repPage, 'boards-02-rep');
    } finally {
      await repBrowser.close();
    }
  });

  it('the board goes on the office wall: a playlist screen shows its widgets signed out, live', async () => {
    await page.goto('/app/admin/integrations');
    await page.getByRole('heading', { name: 'TV playlists' }).waitFor();
    await page.getByRole('button', { name: 'New playlist' }).click();
    const dialog = page.getByRole('dialog', { name: 'New TV playlist' });
    await dialog.getByLabel('Name').fill('Wall boards');
    await dialog.getByRole('combobox', { name: 'Screen 1' }).click();
    await page.getByRole('option', { name: 'A board you built', exact: true }).click();
    // Shared boards only: the admin's own SDR floor (private) is not offered for a wall.
    await dialog.getByRole('combobox', { name: 'Board' }).click();
    expect(await page.getByRole('option').allInnerTexts()).toEqual(['Sales floor']);
    await page.getByRole('option', { name: 'Sales floor', exact: true }).click();
    await dialog.getByRole('button', { name: 'Save playlist' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The playlist's list names the board its screen shows.
    const row = page.getByTestId('tv-playlist-row').filter({ hasText: 'Wall boards' });
    await expect.poll(() => row.innerText()).toContain('Sales floor');

    const { playlists } = await callApiOk<{ playlists: { id: string; name: string }[] }>(base, adminCookie, 'GET', '/tv-playlists');
    const link = await callApiOk<{ token: string; link: { id: string } }>(base, adminCookie, 'POST', '/display-links', {
      name: 'Floor TV',
    });
    await callApiOk(base, adminCookie, 'PUT', `/display-links/${link.link.id}/playlist`, {
      playlistId: playlists.find((p) => p.name === 'Wall boards')!.id,
    });
    const wallBrowser = await openBrowser({ baseUrl: base, viewport: { width: 1920, height: 1080 } });
    try {
      const wall = await wallBrowser.newPage();
      await wall.goto(`/tv?display=${encodeURIComponent(link.token)}`);
      await wall.getByRole('heading', { name: 'Sales floor' }).waitFor();
      const board = wall.getByTestId('tv-board');
      const calls = board.getByRole('region', { name: 'Calls', exact: true }).first();
      await expect.poll(() => calls.innerText()).toMatch(/Today\s+5\b/);
      // No one's name leads anywhere on a signed-out wall.
      expect(await board.getByRole('link').count()).toBe(0);
      // Live: a call logged now reaches the wall's board without a reload.
      await callApiOk(base, repCookie, 'POST', '/activities', { kind: 'call', answered: false });
      await expect.poll(() => calls.innerText()).toMatch(/Today\s+6\b/);
      // Read from across the room: a number's figure fills its tile, at least a fifteenth of the
      // screen's height (it was the desktop's 30 px, scaled to 49), and no figure runs out of its tile.
      const figure = await calls.getByText('6', { exact: true }).boundingBox();
      expect(figure!.height).toBeGreaterThanOrEqual(72);
      const overflowing = await board.evaluate((el) =>
        [...el.querySelectorAll('section')].filter((tile) => tile.scrollWidth > tile.clientWidth + 1).map((tile) => tile.ariaLabel),
      );
      expect(overflowing).toEqual([]);
      // A short board fills the screen down to the wall's footer (its rows share the height left;
      // the lower third of the screen was empty).
      const gapBelow = await board.evaluate((grid) => {
        const room = grid.parentElement!.parentElement!.getBoundingClientRect();
        return Math.round(room.bottom - grid.getBoundingClientRect().bottom);
      });
      expect(gapBelow).toBeLessThanOrEqual(2);
      await saveSettledScreenshot(wall, 'boards-08-wall', { fullPage: false });
      expect(await axeViolations(wall, { tags: WCAG_AA })).toEqual([]);

      // A chart of money on a smaller wall, where the board is drawn smaller than it is laid out:
      // every figure on its value axis whole ("NOK 14,000" measured at the wall's scale read "4,000").
      const id = boardUrl.split('/').at(-1)!;
      const saved = await callApiOk<{ name: string; sharing: string; teamId: string | null; widgets: { kind: string; kpiId?: string }[] }>(
        base,
        adminCookie,
        'GET',
        `/boards/${id}`,
      );
      const salesValue = saved.widgets.find((w) => w.kind === 'gauge')!.kpiId!;
      const about = { name: saved.name, sharing: saved.sharing, teamId: saved.teamId };
      await callApiOk(base, adminCookie, 'PUT', `/boards/${id}`, {
        ...about,
        widgets: [...saved.widgets, { kind: 'chart', kpiId: salesValue, period: 'month', size: 'large', style: 'line' }],
      });
      try {
        await wall.setViewportSize({ width: 1280, height: 720 });
        const chart = board
          .getByRole('img')
          .filter({ has: wall.locator('svg') })
          .last();
        expect(await findCutTicks(chart)).toEqual([]);
        await saveSettledScreenshot(wall, 'boards-10-wall-720p', { fullPage: false });
      } finally {
        // The board as it was, for the steps after.
        await callApiOk(base, adminCookie, 'PUT', `/boards/${id}`, { ...about, widgets: saved.widgets });
      }
      expect(wallBrowser.consoleErrors).toEqual([]);
    } finally {
      await wallBrowser.close();
    }
  });

  it('reads in Norwegian, dark, on a phone; in Swedish and Danish on a phone and a desktop', async () => {
    await callApiOk(base, adminCookie, 'PATCH', '/me/profile', { language: 'nb' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(boardUrl);
    await page.getByRole('region', { name: 'Salgsverdi' }).getByRole('meter').waitFor();
    await saveSettledScreenshot(page, 'boards-03-nb-phone-dark');
    expect(await axeViolations(page, { tags: WCAG_AA })).toEqual([]);
    await page.getByRole('button', { name: 'Rediger tavlen' }).click();
    await page.getByRole('button', { name: 'Rediger Salgsverdi' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rediger widget' });
    await saveSettledScreenshot(dialog, 'boards-04-widget-nb-phone-dark');
    expect(await axeViolations(page, { include: '[role="dialog"]', tags: WCAG_AA })).toEqual([]);
    await dialog.getByRole('button', { name: 'Avbryt' }).click();
    await page.goto('/app/boards');
    await page.getByRole('link', { name: /Sales floor/ }).waitFor();
    await saveSettledScreenshot(page, 'boards-05-list-nb-phone-dark');

    // Swedish and Danish, each on a phone in dark and on a desktop in light.
    for (const [language, salesValue] of [
      ['sv', 'Försäljningsvärde'],
      ['da', 'Salgsværdi'],
    ] as const) {
      await callApiOk(base, adminCookie, 'PATCH', '/me/profile', { language });
      for (const look of ['phone-dark', 'desktop-light'] as const) {
        await page.emulateMedia({ colorScheme: look === 'phone-dark' ? 'dark' : 'light' });
        await page.setViewportSize(look === 'phone-dark' ? { width: 390, height: 844 } : { width: 1366, height: 860 });
        await page.goto(boardUrl);
        await page.getByRole('region', { name: salesValue }).getByRole('meter').waitFor();
        await saveSettledScreenshot(page, `boards-07-${language}-${look}`);
      }
    }
    await page.setViewportSize({ width: 1366, height: 860 });
    await page.emulateMedia({ colorScheme: 'light' });
    await callApiOk(base, adminCookie, 'PATCH', '/me/profile', { language: 'en' });
    expect(browser.consoleErrors).toEqual([]);
  });
});

import type { Leaderboard } from '@core/contracts';
import { addDays, toLocalDate } from '@core/period';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApiOk, joinCompany, makeAccount, signInContext } from './support/accounts';
import { axeViolations, WCAG_AA } from './support/axe';
import { type Browser, openBrowser, saveSettledScreenshot } from './support/browser';
import { type JourneyServer, useSharedServer } from './support/shared-server';

/*
 * Fair rankings (decision 053): a company where one rep makes the most points, a part-timer has a
 * small goal and a new rep has improved the most. The admin ranks the dashboard by points, by % of
 * goal and by most improved (from the keyboard, kept in the URL), then the week and the TV; then on
 * a phone, and in Norwegian. A company of its own on the journeys' shared server: the admin is its
 * first member.
 *
 * Today and yesterday are the company's (the server's clock): yesterday's numbers are logged late,
 * as a rep may (decision 041), so every rep but Olav has one earlier day to be measured against.
 */

const admin = makeAccount('Astrid Admin');
const partTimer = makeAccount('Per Deltid');
const newRep = makeAccount('Nina Ny');
const bigHitter = makeAccount('Olav Storselger');

let server: JourneyServer;
let base: string;
let browser: Browser;
let page: Page;
let adminCookie: string;

const booked = (localDate?: string) => ({ kind: 'call', answered: true, outcome: 'meeting_booked', ...(localDate ? { localDate } : {}) });
const sale = (localDate?: string) => ({ kind: 'sale', ticketSize: 500_000, ...(localDate ? { localDate } : {}) });

async function log(cookie: string, times: number, activity: Record<string, unknown>): Promise<void> {
  for (let i = 0; i < times; i++) await callApiOk(base, cookie, 'POST', '/activities', activity);
}

const rows = () => page.getByTestId('leaderboard-row');
const firstName = async (testId: string) =>
  (await page.getByTestId(testId).first().locator('[data-slot="member-name"]').textContent())?.trim();

/**
 * Chooses a ranking from the keyboard: focus the select, open it, move down until the option is the
 * highlighted one (the list loads on first use and takes focus when ready), choose it.
 */
async function chooseRanking(name: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Rank by' }).focus();
  await page.keyboard.press('Enter');
  const option = page.getByRole('option', { name, exact: true });
  await option.waitFor();
  await expect
    .poll(
      async () => {
        if ((await option.getAttribute('data-highlighted')) !== null) return true;
        await page.keyboard.press('ArrowDown');
        return false;
      },
      { timeout: 10_000, interval: 200 },
    )
    .toBe(true);
  await page.keyboard.press('Enter');
}

beforeAll(async () => {
  server = useSharedServer();
  base = server.baseUrl;
  adminCookie = (await joinCompany(base, admin)).cookie;
  const per = (await joinCompany(base, partTimer)).cookie;
  const nina = (await joinCompany(base, newRep)).cookie;
  const olav = (await joinCompany(base, bigHitter)).cookie;

  const board = await callApiOk<Leaderboard>(base, adminCookie, 'GET', '/scoreboard/leaderboard');
  const yesterday = addDays(toLocalDate(board.period.today), -1);

  // Goals: Astrid's are worth 35 points a day (4 meetings, a sale, the 20-call bonus); Per's 5.
  await callApiOk(base, adminCookie, 'PUT', '/goals/me', { dailyCalls: 40, dailyMeetings: 4, dailySales: 1 });
  await callApiOk(base, per, 'PUT', '/goals/me', { dailyCalls: 10, dailyMeetings: 1, dailySales: 0 });

  // Yesterday: Astrid 30 points, Per 10, Nina 5 (her first day); Olav had not started.
  await log(adminCookie, 4, booked(yesterday));
  await log(adminCookie, 1, sale(yesterday));
  await log(per, 2, booked(yesterday));
  await log(nina, 1, booked(yesterday));
  // Today: Olav 40 points, Astrid 30, Nina 15, Per 10.
  await log(olav, 8, booked());
  await log(adminCookie, 4, booked());
  await log(adminCookie, 1, sale());
  await log(nina, 3, booked());
  await log(per, 2, booked());

  browser = await openBrowser({ baseUrl: base });
  await signInContext(browser.context, base, admin);
  page = await browser.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('ranking the boards fairly', () => {
  it('by points, the one who made the most leads, and the tie rule is stated under the board', async () => {
    await page.goto('/app');
    await rows().first().waitFor();
    await expect.poll(() => rows().count()).toBe(4);
    expect(await firstName('leaderboard-row')).toBe('Olav Storselger');
    expect(await page.getByTestId('ranking-note').textContent()).toBe(
      'Ties go to more points, then more calls, then more meetings, then name (A–Z).',
    );
    await saveSettledScreenshot(page, 'fair-rankings-points-desktop-en');
  });

  it('by % of goal (chosen from the keyboard), the part-timer with a small goal leads; no goal comes last', async () => {
    await chooseRanking('% of goal');
    await expect.poll(() => new URL(page.url()).searchParams.get('rankBy')).toBe('goal_share');
    await expect.poll(() => firstName('leaderboard-row')).toBe('Per Deltid');
    expect(await rows().first().locator('[data-slot="rank-measure"]').textContent()).toContain('200% of goal');
    expect(await rows().nth(1).locator('[data-slot="rank-measure"]').textContent()).toContain('86% of goal');
    expect(await rows().nth(2).locator('[data-slot="rank-measure"]').textContent()).toBe('No goal');
    expect(await page.getByTestId('ranking-note').textContent()).toContain('No goal comes last.');
    await saveSettledScreenshot(page, 'fair-rankings-goal-desktop-en');
    expect(await axeViolations(page, { tags: WCAG_AA })).toEqual([]);

    // The choice is the URL's: a reload keeps it.
    await page.reload();
    await expect.poll(() => firstName('leaderboard-row')).toBe('Per Deltid');
    expect(await page.getByRole('combobox', { name: 'Rank by' }).textContent()).toContain('% of goal');
  });

  it('by most improved, the new rep leads; equal changes go to more points; no history comes last', async () => {
    await chooseRanking('Most improved');
    await expect.poll(() => new URL(page.url()).searchParams.get('rankBy')).toBe('improved');
    await expect.poll(() => firstName('leaderboard-row')).toBe('Nina Ny');
    expect(await rows().first().locator('[data-slot="rank-measure"]').textContent()).toContain('+200% on own average');
    // Astrid and Per are both exactly on their own average: Astrid has more points.
    const names = await rows().locator('[data-slot="member-name"]').allTextContents();
    expect(names).toEqual(['Nina Ny', 'Astrid Admin', 'Per Deltid', 'Olav Storselger']);
    expect(await rows().last().locator('[data-slot="rank-measure"]').textContent()).toBe('No history yet');
    await saveSettledScreenshot(page, 'fair-rankings-improved-desktop-en');
    expect(await axeViolations(page, { tags: WCAG_AA })).toEqual([]);
  });

  it('the week, the month and Team Overview rank the same way, and so does the TV', async () => {
    await page.goto('/app/weekly?rankBy=goal_share');
    await page.getByTestId('member-card').first().waitFor();
    await expect.poll(() => firstName('member-card')).toBe('Per Deltid');
    await saveSettledScreenshot(page, 'fair-rankings-weekly-desktop-en');

    await page.goto('/app/monthly?rankBy=goal_share');
    await page.getByRole('tab', { name: 'Company' }).click();
    await page.getByTestId('monthly-row').first().waitFor();
    await expect.poll(() => firstName('monthly-row')).toBe('Per Deltid');
    await saveSettledScreenshot(page, 'fair-rankings-monthly-desktop-en');

    await page.goto('/app/team/overview?rankBy=improved');
    await page.getByTestId('today-row').first().waitFor();
    await expect.poll(() => firstName('today-row')).toBe('Nina Ny');
    await saveSettledScreenshot(page, 'fair-rankings-team-overview-desktop-en');

    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto('/tv?rankBy=goal_share');
    await page.getByTestId('tv-row').first().waitFor();
    await expect.poll(() => firstName('tv-row')).toBe('Per Deltid');
    await page.getByText('200% of goal').waitFor();
    await saveSettledScreenshot(page, 'fair-rankings-tv-en', { fullPage: false });
    await page.setViewportSize({ width: 1366, height: 860 });
    expect(browser.consoleErrors).toEqual([]);
  });

  it('reads on a phone, and in Norwegian', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/app?rankBy=goal_share');
    await expect.poll(() => firstName('leaderboard-row')).toBe('Per Deltid');
    await saveSettledScreenshot(page, 'fair-rankings-goal-phone-en');

    await callApiOk(base, adminCookie, 'PATCH', '/me/profile', { language: 'nb' });
    await page.reload();
    await page.getByText('200 % av målet').waitFor();
    await page.getByText('Intet mål').first().waitFor();
    expect(await page.getByTestId('ranking-note').textContent()).toContain('Ved likhet vinner flest poeng');
    await saveSettledScreenshot(page, 'fair-rankings-goal-phone-nb');

    await page.setViewportSize({ width: 1366, height: 860 });
    await page.goto('/app?rankBy=improved');
    await page.getByText('+200 % mot eget snitt').waitFor();
    expect(await page.getByRole('combobox', { name: 'Ranger etter' }).textContent()).toContain('Mest forbedret');
    await saveSettledScreenshot(page, 'fair-rankings-improved-desktop-nb');
    await page.goto('/app/weekly?rankBy=goal_share');
    await page.getByTestId('member-card').first().waitFor();
    await saveSettledScreenshot(page, 'fair-rankings-weekly-desktop-nb');
    expect(browser.consoleErrors).toEqual([]);
  });
});

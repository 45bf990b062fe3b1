import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, WCAG_AA } from './support/axe';
import { callApiOk, joinCompany, makeAccount, signInContext } from './support/accounts';
import { type Browser, openBrowser, saveSettledScreenshot } from './support/browser';
import { type JourneyServer, useSharedServer } from './support/shared-server';

/*
 * Contests (decision 049): an admin starts a week-long call contest for two teams from the
 * sprint-week template; reps of both teams log calls and the contest page's standings follow live;
 * then the page in Norwegian and on a phone. A company of its own on the journeys' shared server.
 */

const admin = makeAccount('Astrid Admin');
const oslo = makeAccount('Ola Hansen');
const bergen = makeAccount('Berit Berg');

let server: JourneyServer;
let base: string;
let browser: Browser;
let page: Page;
let adminCookie: string;
let osloCookie: string;
let bergenCookie: string;

const ok = <T = Record<string, unknown>>(cookie: string, method: string, path: string, body?: unknown) =>
  callApiOk<T>(base, cookie, method, path, body);
const toast = (text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
const scoreOf = (team: string) => page.getByTestId('contest-standing').filter({ hasText: team }).getByTestId('contest-score').textContent();
const call = (cookie: string) => ok(cookie, 'POST', '/activities', { kind: 'call', answered: true, outcome: 'no_progress' });

beforeAll(async () => {
  server = useSharedServer();
  base = server.baseUrl;
  adminCookie = (await joinCompany(base, admin)).cookie;
  const osloRep = await joinCompany(base, oslo);
  const bergenRep = await joinCompany(base, bergen);
  osloCookie = osloRep.cookie;
  bergenCookie = bergenRep.cookie;
  const osloTeam = await ok<{ id: string }>(adminCookie, 'POST', '/teams', { name: 'Oslo' });
  const bergenTeam = await ok<{ id: string }>(adminCookie, 'POST', '/teams', { name: 'Bergen' });
  await ok(adminCookie, 'PUT', `/team/members/${osloRep.id}/team`, { teamId: osloTeam.id });
  await ok(adminCookie, 'PUT', `/team/members/${bergenRep.id}/team`, { teamId: bergenTeam.id });

  browser = await openBrowser({ baseUrl: base });
  await signInContext(browser.context, base, admin);
  page = await browser.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a sprint week between two teams', () => {
  it('an admin starts a week-long call contest for two teams from the sprint-week template', async () => {
    await page.goto('/app/contests');
    await page.getByRole('heading', { name: 'Contests', exact: true }).waitFor();
    await page.getByText('No contests yet').waitFor();
    await saveSettledScreenshot(page, 'contests-empty-desktop-en');

    await page.getByRole('button', { name: 'New contest' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New contest' });
    await dialog.getByRole('button', { name: /Sprint week/ }).click();
    expect(await dialog.getByLabel('Name').inputValue()).toBe('Sprint week');
    await dialog.getByLabel('Name').fill('Call sprint');
    expect(await dialog.getByRole('radio', { name: 'Team against team' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: 'Calls', exact: true }).isChecked()).toBe(true);
    await dialog.getByRole('checkbox', { name: 'Oslo' }).check();
    await dialog.getByRole('checkbox', { name: 'Bergen' }).check();
    await dialog.getByLabel('Prizes').fill('Pizza Friday for the winning team');
    await saveSettledScreenshot(page, 'contests-dialog-desktop-en', { fullPage: false });
    await dialog.getByRole('button', { name: 'Start contest' }).click();
    await toast('Contest started').waitFor();

    await page.getByRole('heading', { name: 'Call sprint' }).waitFor();
    await page.getByText('Pizza Friday for the winning team').waitFor();
    expect(await page.getByTestId('contest-standing').count()).toBe(2);
    // Seven days from today: six whole days and the rest of today are left.
    expect(await page.getByTestId('contest-time-left').textContent()).toMatch(/^6 d \d+ h \d+ min$/);
    // Before anyone scores the leader's card says so in a sentence, read whole (it was cut to one line).
    const noLeader = page.getByText('No score yet: the first to log takes the lead.');
    expect(await noLeader.evaluate((line) => line.scrollWidth <= line.clientWidth)).toBe(true);
    expect(await axeViolations(page, { tags: WCAG_AA })).toEqual([]);
  });

  it('reps log calls and the standings follow live', async () => {
    await call(osloCookie);
    await expect.poll(() => scoreOf('Oslo'), { timeout: 10_000 }).toBe('1');
    await call(bergenCookie);
    await call(bergenCookie);
    await expect.poll(() => scoreOf('Bergen'), { timeout: 10_000 }).toBe('2');
    // Bergen leads: first in the list.
    expect(await page.getByTestId('contest-standing').first().textContent()).toContain('Bergen');
    await call(osloCookie);
    await call(osloCookie);
    await expect.poll(() => scoreOf('Oslo'), { timeout: 10_000 }).toBe('3');
    expect(await page.getByTestId('contest-standing').first().textContent()).toContain('Oslo');
    await saveSettledScreenshot(page, 'contests-standings-desktop-en');
    expect(browser.consoleErrors).toEqual([]);
  });

  it('a display link rotating to the contest shows its standings on the wall, live', async () => {
    const contestId = new URL(page.url()).pathname.split('/').pop()!;
    const playlist = await ok<{ id: string }>(adminCookie, 'POST', '/tv-playlists', {
      name: 'Sprint wall',
      screens: [{ kind: 'contest', contestId, durationSeconds: 60 }],
    });
    const link = await ok<{ token: string; link: { id: string } }>(adminCookie, 'POST', '/display-links', { name: 'Sales floor' });
    await ok(adminCookie, 'PUT', `/display-links/${link.link.id}/playlist`, { playlistId: playlist.id });

    const wall = await browser.context.newPage();
    await wall.setViewportSize({ width: 1920, height: 1080 });
    await wall.goto(`/tv?display=${encodeURIComponent(link.token)}`);
    await wall.getByRole('heading', { name: 'Call sprint' }).waitFor();
    const wallScore = (team: string) => wall.getByTestId('tv-contest-row').filter({ hasText: team }).textContent();
    // Each score says what it counts (decision 087).
    await expect.poll(() => wallScore('Oslo'), { timeout: 10_000 }).toMatch(/3calls$/);
    await call(bergenCookie);
    await call(bergenCookie);
    await expect.poll(() => wallScore('Bergen'), { timeout: 10_000 }).toMatch(/4calls$/);
    // Bergen retakes the lead: first on the wall.
    expect(await wall.getByTestId('tv-contest-row').first().textContent()).toContain('Bergen');
    await wall.getByText('Prizes: Pizza Friday for the winning team').waitFor();
    await saveSettledScreenshot(wall, 'contests-tv-1920x1080');
    await wall.setViewportSize({ width: 1080, height: 1920 });
    await saveSettledScreenshot(wall, 'contests-tv-1080x1920');
    await wall.close();
    expect(browser.consoleErrors).toEqual([]);
  });

  it('a screen that shows whatever contest runs: this one on the company wall, none on a team wall it leaves out', async () => {
    const playlist = await ok<{ id: string }>(adminCookie, 'POST', '/tv-playlists', {
      name: 'Whatever runs',
      screens: [{ kind: 'contest', follow: 'running', durationSeconds: 60 }],
    });
    const teams = await ok<{ teams: { id: string; name: string }[] }>(adminCookie, 'GET', '/teams');
    const outsider = await ok<{ id: string }>(adminCookie, 'POST', '/teams', { name: 'Trondheim' });
    expect(teams.teams.map((t) => t.name).sort()).toEqual(['Bergen', 'Oslo']);
    const wallOf = async (teamId?: string) => {
      const link = await ok<{ token: string; link: { id: string } }>(adminCookie, 'POST', '/display-links', {
        name: teamId ? 'Trondheim wall' : 'Company wall',
        ...(teamId ? { teamId } : {}),
      });
      await ok(adminCookie, 'PUT', `/display-links/${link.link.id}/playlist`, { playlistId: playlist.id });
      const wall = await browser.context.newPage();
      await wall.setViewportSize({ width: 1920, height: 1080 });
      await wall.goto(`/tv?display=${encodeURIComponent(link.token)}`);
      return wall;
    };
    const company = await wallOf();
    await company.getByRole('heading', { name: 'Call sprint' }).waitFor();
    await company.close();
    const trondheim = await wallOf(outsider.id);
    await trondheim.getByText('No contest is running right now').waitFor();
    await saveSettledScreenshot(trondheim, 'contests-tv-none-running-1920x1080');
    await trondheim.close();

    // The floor's news as a screen of its own (decision 087).
    const news = await ok<{ id: string }>(adminCookie, 'POST', '/tv-playlists', {
      name: 'Floor news',
      screens: [{ kind: 'feed', durationSeconds: 60 }],
    });
    const newsLink = await ok<{ token: string; link: { id: string } }>(adminCookie, 'POST', '/display-links', { name: 'News wall' });
    await ok(adminCookie, 'PUT', `/display-links/${newsLink.link.id}/playlist`, { playlistId: news.id });
    const newsWall = await browser.context.newPage();
    await newsWall.setViewportSize({ width: 1920, height: 1080 });
    await newsWall.goto(`/tv?display=${encodeURIComponent(newsLink.token)}`);
    await newsWall.getByRole('heading', { name: 'Live feed' }).waitFor();
    await newsWall.getByTestId('tv-feed-item').first().waitFor();
    // The newest news may be the contest's (Bergen took the lead) or a rep's call: both are the floor's.
    await expect(newsWall.getByTestId('tv-feed').textContent()).resolves.toMatch(/Berit Berg|Ola Hansen/);
    await saveSettledScreenshot(newsWall, 'contests-tv-feed-1920x1080');
    await newsWall.close();

    // The editor says what the screen shows.
    await page.goto('/app/admin/integrations');
    await page.getByRole('button', { name: 'Edit the playlist Whatever runs' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Shows' }).waitFor();
    await dialog.getByText("The contest running now (the team's, on a team's link); says so when none is.").waitFor();
    await saveSettledScreenshot(page, 'contests-playlist-follow-en', { fullPage: false });
    await page.keyboard.press('Escape');
    expect(browser.consoleErrors).toEqual([]);
  });

  it('the list shows it running; the page reads in Norwegian and on a phone', async () => {
    await page.goto('/app/contests');
    await page.getByRole('link', { name: 'Open Call sprint' }).waitFor();
    await saveSettledScreenshot(page, 'contests-list-desktop-en');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveSettledScreenshot(page, 'contests-list-phone-en');
    await page.getByRole('link', { name: 'Open Call sprint' }).click();
    await page.getByRole('heading', { name: 'Call sprint' }).waitFor();
    await page.getByTestId('contest-standing').first().waitFor();
    await saveSettledScreenshot(page, 'contests-standings-phone-en');

    await ok(adminCookie, 'PATCH', '/me/profile', { language: 'nb' });
    await page.reload();
    await page.getByRole('heading', { name: 'Stilling' }).waitFor();
    await page.getByTestId('contest-standing').first().waitFor();
    await saveSettledScreenshot(page, 'contests-standings-phone-nb');
    await page.setViewportSize({ width: 1366, height: 860 });
    await page.reload();
    await page.getByRole('heading', { name: 'Stilling' }).waitFor();
    await page.getByTestId('contest-standing').first().waitFor();
    await saveSettledScreenshot(page, 'contests-standings-desktop-nb');
    await page.goto('/app/contests');
    await page.getByRole('heading', { name: 'Konkurranser', exact: true }).waitFor();
    await saveSettledScreenshot(page, 'contests-list-desktop-nb');
    expect(browser.consoleErrors).toEqual([]);
  });
});

describe('a contest on the company’s own KPI (decision 103)', () => {
  it('an admin races the reps to 50 000 kr of upsell, typed in kroner; the standings and the wall write it as money', async () => {
    const upsell = await ok<{ id: string; fields: { id: string }[] }>(adminCookie, 'POST', '/activity-types', {
      names: { en: 'Upsell', nb: 'Mersalg' },
      icon: 'phone',
      colour: 'amber',
      points: 5,
      outcomes: [],
      fields: [{ names: { en: 'Value', nb: 'Verdi' }, kind: 'money', required: true }],
      bonus: null,
    });
    await ok(adminCookie, 'POST', '/kpis', {
      names: { en: 'Upsell value', nb: 'Mersalgsverdi' },
      formula: { kind: 'aggregate', aggregate: 'sum', of: upsell.fields[0]!.id, typeIds: [upsell.id] },
      format: 'money',
    });
    const sell = (cookie: string, kroner: number) =>
      ok(cookie, 'POST', '/activities', { kind: 'custom', typeId: upsell.id, fields: { [upsell.fields[0]!.id]: kroner * 100 } });

    // The admin reads Norwegian now (the step before).
    await page.goto('/app/contests');
    await page.getByRole('heading', { name: 'Konkurranser', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Ny konkurranse' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Ny konkurranse' });
    await dialog.getByRole('button', { name: /Månedens salgsløp/ }).click();
    await dialog.getByLabel('Navn').fill('Mersalgsrace');
    await dialog.locator('label', { hasText: 'En KPI' }).click();
    expect(await dialog.getByRole('radio', { name: 'En KPI' }).isChecked()).toBe(true);
    await dialog.getByRole('combobox', { name: 'KPI' }).click();
    await page.getByRole('option', { name: 'Mersalgsverdi' }).click();
    await dialog.getByLabel(/^Mål i kr/).fill('50000');
    await saveSettledScreenshot(page, 'contests-dialog-kpi-desktop-nb', { fullPage: false });
    await dialog.getByRole('button', { name: 'Start konkurransen' }).click();
    await toast('Konkurransen er startet').waitFor();

    await page.getByRole('heading', { name: 'Mersalgsrace' }).waitFor();
    await page.getByText('Mersalgsverdi', { exact: false }).first().waitFor();
    await sell(osloCookie, 30_000);
    await sell(bergenCookie, 12_500);
    await expect.poll(() => page.getByTestId('contest-score').first().textContent(), { timeout: 10_000 }).toBe('30\u00a0000\u00a0kr');
    // The target was typed in kroner: 30 000 of 50 000 is 60 %.
    await expect.poll(() => page.getByRole('progressbar').getAttribute('aria-valuenow'), { timeout: 10_000 }).toBe('60');
    await saveSettledScreenshot(page, 'contests-kpi-standings-desktop-nb');
    expect(await axeViolations(page, { tags: WCAG_AA })).toEqual([]);

    // On the wall: the score as money, the KPI's name beside it where a metric's word stands.
    const contestId = new URL(page.url()).pathname.split('/').pop()!;
    const playlist = await ok<{ id: string }>(adminCookie, 'POST', '/tv-playlists', {
      name: 'Upsell wall',
      screens: [{ kind: 'contest', contestId, durationSeconds: 60 }],
    });
    const link = await ok<{ token: string; link: { id: string } }>(adminCookie, 'POST', '/display-links', { name: 'Upsell floor' });
    await ok(adminCookie, 'PUT', `/display-links/${link.link.id}/playlist`, { playlistId: playlist.id });
    const wall = await browser.context.newPage();
    await wall.setViewportSize({ width: 1920, height: 1080 });
    await wall.goto(`/tv?display=${encodeURIComponent(link.token)}`);
    await wall.getByRole('heading', { name: 'Mersalgsrace' }).waitFor();
    await expect
      .poll(() => wall.getByTestId('tv-contest-row').first().textContent(), { timeout: 10_000 })
      .toMatch(/30\u00a0000\u00a0krMersalgsverdi$/);
    // The target as the score is written, not in øre.
    await wall.getByText(/Først til 50\u00a0000\u00a0kr/).waitFor();
    await saveSettledScreenshot(wall, 'contests-kpi-tv-1920x1080');
    await wall.close();
    expect(browser.consoleErrors).toEqual([]);
  });
});

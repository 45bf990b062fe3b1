import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callApiOk, joinCompany, makeAccount, signInContext } from './support/accounts';
import { type Browser, openBrowser, saveSettledScreenshot } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/*
 * A contest's end, as the floor sees it (decision 087): a Friday blitz runs until midnight on a
 * real server whose clock starts a minute before (DEV_CLOCK_START); the contest scheduler finishes
 * it after midnight, and the walls' celebration queue shows the winner's card with the score in its
 * unit and the prize, in landscape and portrait; the wall's contest screen then stays on the
 * decided round, and the app's contest page says "Ended" and "Winner" over the winner's name, in
 * English and Norwegian, on a desktop and a phone.
 */

// Friday 4 December 2026, 23:59:30 in Oslo (UTC+1): the blitz is today's; midnight is 30 s away
// (the server starts in a few seconds and the setup below takes a few more).
const CLOCK = '2026-12-04T22:59:30Z';
const FRIDAY = '2026-12-04';
const DESKTOP = { width: 1366, height: 860 };
const PHONE = { width: 390, height: 844 };

const admin = makeAccount('Astrid Admin');
const dag = makeAccount('Dag Lie');
const eva = makeAccount('Eva Berg');

let server: RunningServer;
let base: string;
let browser: Browser;
let adminCookie: string;
let contestId: string;
const walls: Page[] = [];

const ok = <T = Record<string, unknown>>(cookie: string, method: string, path: string, body?: unknown) =>
  callApiOk<T>(base, cookie, method, path, body);

beforeAll(async () => {
  const spawnedAt = Date.now();
  server = await startServer({ WEB_DIST_DIR: inject('webDist'), DEV_CLOCK_START: CLOCK });
  base = server.baseUrl;
  adminCookie = (await joinCompany(base, admin)).cookie;
  const dagCookie = (await joinCompany(base, dag)).cookie;
  const evaCookie = (await joinCompany(base, eva)).cookie;
  contestId = (
    await ok<{ id: string }>(adminCookie, 'POST', '/contests', {
      name: 'Friday blitz',
      startsOn: FRIDAY,
      endsOn: FRIDAY,
      participants: 'everyone',
      mode: 'individual',
      weights: [{ metric: 'calls', weight: 1 }],
      prizes: 'Cake',
    })
  ).id;
  for (let i = 0; i < 3; i++) await ok(dagCookie, 'POST', '/activities', { kind: 'call', answered: false });
  await ok(evaCookie, 'POST', '/activities', { kind: 'call', answered: false });

  const playlist = await ok<{ id: string }>(adminCookie, 'POST', '/tv-playlists', {
    name: 'Blitz wall',
    screens: [{ kind: 'contest', contestId, durationSeconds: 60 }],
  });
  const link = await ok<{ token: string; link: { id: string } }>(adminCookie, 'POST', '/display-links', { name: 'Sales floor' });
  await ok(adminCookie, 'PUT', `/display-links/${link.link.id}/playlist`, { playlistId: playlist.id });

  browser = await openBrowser({ baseUrl: base });
  // The browser's clock runs with the server's (a second or two ahead at most), so the wall's clock
  // and "time left" say what a wall in that office would.
  await browser.context.clock.install({ time: new Date(Date.parse(CLOCK) + (Date.now() - spawnedAt)) });
  await signInContext(browser.context, base, admin);
  // Two walls on the floor, a landscape TV and a portrait one, open before midnight.
  for (const viewport of [
    { width: 1920, height: 1080 },
    { width: 1080, height: 1920 },
  ]) {
    const wall = await browser.context.newPage();
    await wall.setViewportSize(viewport);
    await wall.goto(`/tv?display=${encodeURIComponent(link.token)}`);
    await wall.getByRole('heading', { name: 'Friday blitz' }).waitFor();
    walls.push(wall);
  }
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a contest that ends at midnight', () => {
  it("the walls show the winner's card through the celebration queue: the score in its unit, the prize", { timeout: 150_000 }, async () => {
    const [landscape, portrait] = walls as [Page, Page];
    // Before midnight the wall shows the running standings, each score in calls.
    await expect.poll(() => landscape.getByTestId('tv-contest-row').first().textContent(), { timeout: 10_000 }).toMatch(/Dag Lie.*3calls$/);

    // Midnight passes on the server's clock; the contest scheduler (every 20 s) finishes the blitz.
    const card = (wall: Page) => wall.getByTestId('celebration').filter({ hasText: 'Contest won!' });
    await card(landscape).waitFor({ timeout: 120_000 });
    await card(portrait).waitFor({ timeout: 30_000 });
    for (const wall of walls) {
      const text = await card(wall).textContent();
      expect(text).toContain('Dag Lie');
      expect(text).toContain('Friday blitz');
      expect(await card(wall).getByTestId('celebration-amount').textContent()).toMatch(/^3\s*calls$/);
      expect(await card(wall).getByTestId('celebration-note').textContent()).toContain('Cake');
    }
    // The line under the name says it is over, not "0 h 0 min left".
    await expect.poll(() => portrait.locator('header').first().textContent(), { timeout: 20_000 }).toContain('Finished');
    await saveSettledScreenshot(landscape, 'contest-winner-tv-1920x1080-en', { fullPage: false });
    await saveSettledScreenshot(portrait, 'contest-winner-tv-1080x1920-en', { fullPage: false });
  });

  it('the wall stays on the decided round after the card, in Norwegian too', async () => {
    const [landscape] = walls as [Page, Page];
    await landscape.getByTestId('celebration').waitFor({ state: 'detached', timeout: 30_000 });
    await landscape.getByRole('heading', { name: 'Friday blitz' }).waitFor();
    expect(await landscape.getByTestId('tv-contest-row').first().textContent()).toMatch(/Dag Lie.*3calls$/);
    await saveSettledScreenshot(landscape, 'contest-winner-tv-after-1920x1080-en', { fullPage: false });

    await ok(adminCookie, 'PATCH', '/company', { language: 'nb' });
    await landscape.reload();
    await expect
      .poll(() => landscape.getByTestId('tv-contest-row').first().textContent(), { timeout: 15_000 })
      .toMatch(/Dag Lie.*3samtaler$/);
    await saveSettledScreenshot(landscape, 'contest-winner-tv-after-1920x1080-nb', { fullPage: false });
    await ok(adminCookie, 'PATCH', '/company', { language: 'en' });
    expect(browser.consoleErrors).toEqual([]);
  });

  it('the contest page says Ended and Winner over the name, in English and Norwegian, on a desktop and a phone', async () => {
    const page = await browser.newPage();
    for (const [language, ended, winner, wonBy] of [
      ['en', 'Ended', 'Winner', 'Won by Dag Lie'],
      ['nb', 'Avsluttet', 'Vinner', 'Vunnet av Dag Lie'],
    ] as const) {
      await ok(adminCookie, 'PATCH', '/me/profile', { language });
      for (const [width, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        await page.setViewportSize(viewport);
        await page.goto(`/app/contests/${contestId}`);
        await page.getByText(wonBy).waitFor();
        await page.getByText(ended, { exact: true }).waitFor();
        await page.getByText(winner, { exact: true }).waitFor();
        // Never "Time left: Over" nor "Leader: Leader: Dag Lie".
        expect(await page.locator('main').textContent()).not.toMatch(/Leader|Leder/);
        await saveSettledScreenshot(page, `contest-winner-page-${width}-${language}`);
      }
    }
    await ok(adminCookie, 'PATCH', '/me/profile', { language: 'en' });
    expect(browser.consoleErrors).toEqual([]);
  });
});

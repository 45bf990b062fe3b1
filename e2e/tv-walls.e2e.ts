import { listTemplateWidgets } from '@core/boards';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callApiOk, joinCompany, makeAccount, signInContext } from './support/accounts';
import { type Browser, captureScreenshot, openBrowser, saveSettledScreenshot } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/*
 * TV for every wall (decision 052): an admin builds a playlist of three screens in Administration →
 * Integrations and points a display link at it; the signed-out wall rotates through the three, live
 * on each; it is laid out for every size from a phone to a 4K wall; it says it is reconnecting
 * through a network drop and a server restart, keeping its numbers; and it rotates for an hour of
 * simulated time without its memory growing.
 */

const admin = makeAccount('Astrid Admin');
const ola = makeAccount('Ola Nordmann');
const kari = makeAccount('Kari Nordmann');
// A long Nordic name: it must stay whole on every wall, a portrait one included.
const bea = makeAccount('Bjørn Håkonsen-Stordalen');

let dataDir: string;
let server: RunningServer;
let base: string;
let adminBrowser: Browser;
let wallBrowser: Browser;
let wallUrl: string;
let olaCookie: string;
let adminCookie: string;
/** The wall's page: its clock is the test's (page.clock), so screens change when the test says. */
let wall: Page;

const SCREEN_SECONDS = 10;

const logCall = (cookie: string) =>
  callApiOk(base, cookie, 'POST', '/activities', { kind: 'call', answered: true, outcome: 'no_progress' });

/**
 * A screenshot of what the wall shows. Not saveSettledScreenshot: its waits run on the page's
 * timers, which are the test's fake clock here.
 */
async function shootWall(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await captureScreenshot(page, name, { animations: 'disabled' });
}

/*
 * The page was never reloaded: a mark left in it stays. (Not the navigation entries: page.clock,
 * installed on the context, fakes the performance timeline.)
 */
const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { tvWallMark: true }));
const isSamePage = (page: Page) => page.evaluate(() => 'tvWallMark' in window);

/** Picks an option of a select from its combobox. */
async function choose(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const screenOfKind = (page: Page, kind: string) => page.locator(`[data-testid="tv-screen"][data-kind="${kind}"]`);

/** The calls a rep has on the wall's board, read from the row (hidden columns included). */
const callsOf = (page: Page, name: string) =>
  page.locator('[data-testid="tv-row"]').filter({ hasText: name }).locator('[data-slot="calls"]').first().textContent();

async function startAt(port?: number) {
  server = await startServer({ WEB_DIST_DIR: inject('webDist'), DATA_DIR: dataDir }, port ? { port } : {});
  base = server.baseUrl;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dealboard-tv-walls-'));
  await startAt();
  adminCookie = (await joinCompany(base, admin)).cookie;
  olaCookie = (await joinCompany(base, ola)).cookie;
  const kariCookie = (await joinCompany(base, kari)).cookie;
  const beaCookie = (await joinCompany(base, bea)).cookie;
  for (let i = 0; i < 3; i++) await logCall(olaCookie);
  for (let i = 0; i < 2; i++) await logCall(kariCookie);
  await logCall(beaCookie);
  adminBrowser = await openBrowser({ baseUrl: base });
  await signInContext(adminBrowser.context, base, admin);
  // The wall is signed out: a browser of its own, no cookies.
  wallBrowser = await openBrowser({ baseUrl: base, viewport: { width: 1920, height: 1080 } });
});

afterAll(async () => {
  await adminBrowser?.close();
  await wallBrowser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('TV playlists', () => {
  it('an admin builds a playlist of three screens and points a display link at it', async () => {
    const page = await adminBrowser.newPage();
    await page.goto('/app/admin/integrations');
    await page.getByRole('heading', { name: 'TV playlists' }).waitFor();
    await expect.poll(() => page.getByText('No playlists yet').isVisible()).toBe(true);

    // The display link.
    await page.getByLabel('Screen name').fill('Lobby wall');
    await page.getByRole('button', { name: 'Create link' }).click();
    const url = page.getByTestId('display-link-url');
    await url.waitFor();
    wallUrl = await url.inputValue();
    await page.getByRole('button', { name: 'Done' }).click();

    // The playlist: today's board, the week, and a message; ten seconds each.
    await page.getByRole('button', { name: 'New playlist' }).click();
    const dialog = page.getByRole('dialog', { name: 'New TV playlist' });
    await dialog.getByLabel('Name').fill('Sales floor');
    await dialog.getByRole('button', { name: 'Add a screen' }).click();
    await dialog.getByRole('button', { name: 'Add a screen' }).click();
    await choose(page, dialog.getByRole('combobox', { name: 'Screen 3' }), 'A message');
    await dialog.getByLabel('Message').fill('Pizza at four for everyone who booked a meeting!');
    for (const position of [1, 2, 3]) await dialog.getByLabel(`Seconds (screen ${position})`).fill(String(SCREEN_SECONDS));
    // A blank name is refused on the field before anything is sent.
    await dialog.getByLabel('Name').fill('');
    await dialog.getByRole('button', { name: 'Save playlist' }).click();
    await dialog.getByText('Give the playlist a name (at most 80 characters)').waitFor();
    await dialog.getByLabel('Name').fill('Sales floor');
    // Typing a name takes the refusal away at once.
    await dialog.getByText('Give the playlist a name (at most 80 characters)').waitFor({ state: 'detached' });
    await saveSettledScreenshot(dialog, 'tv-playlist-editor');
    await dialog.getByRole('button', { name: 'Save playlist' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByTestId('tv-playlist-row').filter({ hasText: 'Sales floor' });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('30 seconds a round');

    await choose(page, page.getByRole('combobox', { name: 'What the display link “Lobby wall” shows' }), 'Sales floor');
    await page.getByText('“Lobby wall” now rotates through “Sales floor”').waitFor();
    await saveSettledScreenshot(page, 'tv-playlists-admin');
    expect(adminBrowser.consoleErrors).toEqual([]);
  });

  it('the signed-out wall rotates through the three screens, says what is next, and stays live on each', async () => {
    wall = await wallBrowser.newPage();
    const page = wall;
    // The page's clock is ours: each screen's ten seconds pass when the test says so.
    await page.clock.install();
    await page.goto(wallUrl);
    await screenOfKind(page, 'leaderboard').waitFor();
    await markPage(page);
    await expect.poll(() => page.getByTestId('tv-up-next').textContent()).toContain('Next: This week');
    await expect.poll(() => callsOf(page, 'Ola Nordmann')).toBe('3');
    await page.clock.runFor(SCREEN_SECONDS * 1_000);
    await screenOfKind(page, 'week').waitFor();
    await expect.poll(() => page.getByTestId('tv-up-next').textContent()).toContain('Next: Message from the manager');
    // Live on the week too: a call logged now shows at once (the one stream, no reload).
    await logCall(olaCookie);
    await expect
      .poll(async () => {
        await page.clock.runFor(100); // the stream's refresh waits 75 ms for more changes
        return callsOf(page, 'Ola Nordmann');
      })
      .toBe('4');
    await page.clock.runFor(SCREEN_SECONDS * 1_000);
    await screenOfKind(page, 'message').waitFor();
    await expect.poll(() => page.getByTestId('tv-message').textContent()).toBe('Pizza at four for everyone who booked a meeting!');
    await page.clock.runFor(SCREEN_SECONDS * 1_000);
    await screenOfKind(page, 'leaderboard').waitFor();
    await expect.poll(() => callsOf(page, 'Ola Nordmann')).toBe('4');
    expect(await isSamePage(page)).toBe(true);
    expect(wallBrowser.consoleErrors).toEqual([]);
  });

  it('is laid out for every wall, landscape and portrait, from a phone to 4K, with names whole', async () => {
    const page = wall;
    const sizes = [
      [1920, 1080],
      [3840, 2160],
      [1080, 1920],
      [768, 1024],
      [390, 844],
    ] as const;
    for (const [width, height] of sizes) {
      await page.setViewportSize({ width, height });
      for (const kind of ['leaderboard', 'week', 'message']) {
        await screenOfKind(page, kind).waitFor();
        // Nothing overlaps: the title beside (or above) the clock, never under it. Every name on a
        // board is whole (not cut to "B.."), and nothing spills out of the screen. Read once the
        // wall has laid itself out at its new size, as a person sees it (a check right after the
        // resize once caught the names of the 4K layout still cut in portrait).
        const overlaps = async () => {
          const title = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
          const clock = (await page.getByTestId('tv-clock').boundingBox())!;
          return (
            title.x < clock.x + clock.width &&
            clock.x < title.x + title.width &&
            title.y < clock.y + clock.height &&
            clock.y < title.y + title.height
          );
        };
        await expect.poll(overlaps, { message: `${width}x${height} ${kind}: the title runs into the clock` }).toBe(false);
        const cutNames = () =>
          page.evaluate(() =>
            [...document.querySelectorAll<HTMLElement>('[data-slot="member-name"]')]
              .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
              .map((el) => el.textContent),
          );
        await expect.poll(cutNames, { message: `${width}x${height} ${kind}: names cut` }).toEqual([]);
        // The tie rule under a board is read whole too (it was cut to "then na…" at 390 px).
        const cutNote = () =>
          page.evaluate(() => {
            const note = document.querySelector<HTMLElement>('[data-testid="ranking-note"]');
            return note ? note.scrollWidth > note.clientWidth + 1 : false;
          });
        expect(await cutNote(), `${width}x${height} ${kind}: the tie rule is cut`).toBe(false);
        const spill = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        await expect.poll(spill, { message: `${width}x${height} ${kind}: wider than the screen` }).toBeLessThanOrEqual(0);
        await shootWall(page, `tv-${kind}-${width}x${height}`);
        await page.clock.runFor(SCREEN_SECONDS * 1_000);
      }
    }
    await page.setViewportSize({ width: 1920, height: 1080 });
  });

  it('rotates for an hour of simulated time without its memory growing', async () => {
    const page = wall;
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const measure = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('HeapProfiler.collectGarbage');
      const { metrics } = await cdp.send('Performance.getMetrics');
      const read = (name: string) => metrics.find((m) => m.name === name)?.value ?? Number.NaN;
      return { heap: read('JSHeapUsedSize'), listeners: read('JSEventListeners'), nodes: read('Nodes') };
    };
    /**
     * Two screens' seconds at once (one comes on and goes), then the screen that comes on is fetched
     * and drawn (page.clock lets time flow as well, so the wall also rotates by itself meanwhile: only
     * more turns). Two at a time, the turns still end on each of the three screens in rotation; a
     * turn per screen took twice as long in real time for the same simulated hour.
     */
    const turn = async () => {
      await page.clock.runFor(2 * SCREEN_SECONDS * 1_000);
      await page
        .locator('[data-testid="tv-screen"] [role="status"]')
        .waitFor({ state: 'detached', timeout: 5_000 })
        .catch(() => undefined);
    };
    // Two rounds first, so every screen's code, data and caches are in place before the baseline.
    for (let i = 0; i < 3; i++) await turn();
    const before = await measure();
    const turnsInAnHour = 3_600 / (2 * SCREEN_SECONDS);
    for (let i = 0; i < turnsInAnHour; i++) await turn();
    await screenOfKind(page, 'leaderboard').waitFor();
    const after = await measure();
    console.log(
      `TV soak, an hour (${turnsInAnHour * 2} screens): heap ${before.heap} -> ${after.heap} bytes, listeners ${before.listeners} -> ${after.listeners}, nodes ${before.nodes} -> ${after.nodes}`,
    );
    /*
     * The bound: 2 MB over an hour. After a forced collection the wall's heap is some 6-7 MB and
     * wobbles by a few hundred KB between readings (the query cache's last answers, the clock's
     * strings). A leak per rotation shows far above it: a screen's React tree or a board's DOM kept
     * alive per turn is tens of KB, times 360 turns; a listener or timer leaked per turn shows in
     * the listener count, which must not grow beyond the wobble of one screen's own listeners.
     */
    expect(after.heap - before.heap).toBeLessThan(2 * 1024 * 1024);
    expect(after.listeners - before.listeners).toBeLessThan(50);
    expect(after.nodes - before.nodes).toBeLessThan(500);
    expect(await isSamePage(page)).toBe(true);
    await cdp.detach();
  }, 300_000);
});

describe('reconnecting', () => {
  it('says it is reconnecting through a network drop and a server restart, keeps its numbers, and catches up', async () => {
    // A second wall showing today's board alone; the browser's own reconnects (page.clock lets time flow).
    const link = await callApiOk<{ token: string }>(base, adminCookie, 'POST', '/display-links', { name: 'Kitchen wall' });
    const page = await wallBrowser.context.newPage();
    await page.goto(`/tv?display=${encodeURIComponent(link.token)}`);
    await markPage(page);
    await expect.poll(() => callsOf(page, 'Kari Nordmann')).toBe('2');

    // A network drop: the wall says so, calmly, over its last numbers.
    await page.context().setOffline(true);
    const notice = page.getByTestId('tv-reconnecting');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Reconnecting…');
    const kariCookie = (await joinCompany(base, makeAccount('Kari Too'))).cookie;
    await logCall(kariCookie);
    await saveSettledScreenshot(page, 'tv-reconnecting-offline', { fullPage: false });
    expect(await page.locator('[data-testid="tv-row"]').count()).toBeGreaterThan(0);
    await page.context().setOffline(false);
    await notice.waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(() => page.locator('[data-testid="tv-row"]').filter({ hasText: 'Kari Too' }).count(), { timeout: 15_000 }).toBe(1);

    // A server restart (a deploy): the same address and database.
    const port = Number(new URL(base).port);
    await server.stop();
    await notice.waitFor({ timeout: 15_000 });
    expect(await page.locator('[data-testid="tv-row"]').count()).toBeGreaterThan(0);
    await startAt(port);
    await logCall(kariCookie);
    await notice.waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(() => callsOf(page, 'Kari Too'), { timeout: 15_000 }).toBe('2');
    await saveSettledScreenshot(page, 'tv-reconnected', { fullPage: false });
    expect(await isSamePage(page)).toBe(true);
    await page.close();
  }, 120_000);
});

describe("a playlist's one big number and a board", () => {
  it('writes the big number whole on every wall, a Danish sum in the millions too, and lays a board over the whole screen in letters read across the room', async () => {
    // A Danish wall counting kroner: the day's sales value is one sale of 1.234.567,89 kr., logged
    // before the wall opens (no celebration over the screens).
    await callApiOk(base, adminCookie, 'PATCH', '/company', { currency: 'DKK' });
    await callApiOk(base, olaCookie, 'POST', '/activities', { kind: 'sale', ticketSize: 123_456_789 });
    // The sales floor's board as a new one starts: three numbers, a ranking, a chart and the feed.
    const board = await callApiOk<{ id: string }>(base, adminCookie, 'POST', '/boards', {
      name: 'Salgsgulvet',
      sharing: 'company',
      widgets: listTemplateWidgets('floor'),
    });
    const playlist = await callApiOk<{ id: string }>(base, adminCookie, 'POST', '/tv-playlists', {
      name: 'Tal og tavle',
      screens: [
        { kind: 'kpi', metric: 'revenue', durationSeconds: SCREEN_SECONDS },
        { kind: 'board', boardId: board.id, durationSeconds: SCREEN_SECONDS },
      ],
    });
    const link = await callApiOk<{ token: string; link: { id: string } }>(base, adminCookie, 'POST', '/display-links', {
      name: 'Kontoret',
      language: 'da',
    });
    await callApiOk(base, adminCookie, 'PUT', `/display-links/${link.link.id}/playlist`, { playlistId: playlist.id });

    // A wall of its own: the one above went through a network drop and a restart, and says so in its console.
    const kontoret = await openBrowser({ baseUrl: base, viewport: { width: 1920, height: 1080 } });
    try {
      const page = await kontoret.newPage();
      await page.clock.install();
      await page.goto(`/tv?display=${encodeURIComponent(link.token)}`);
      const number = page.getByTestId('tv-kpi');
      await expect.poll(() => number.textContent()).toBe('1.234.567,89\u00a0kr.');
      const sizes = [
        [1920, 1080],
        [1280, 720],
        [3840, 2160],
        [1080, 1920],
        [390, 844],
      ] as const;
      for (const [width, height] of sizes) {
        await page.setViewportSize({ width, height });
        // The whole number on the screen (it ran off the right edge at 30vmin), as large as fits across.
        const box = async () => (await number.boundingBox())!;
        await expect
          .poll(async () => (await box()).x, { message: `${width}x${height}: the number starts off the screen` })
          .toBeGreaterThanOrEqual(0);
        // Polled, as the number's size follows the new width a frame or more after the resize on a busy machine.
        await expect
          .poll(async () => (await box()).x + (await box()).width, { message: `${width}x${height}: the number runs off the screen` })
          .toBeLessThanOrEqual(width);
        await expect
          .poll(async () => (await box()).width, { message: `${width}x${height}: the number is small` })
          .toBeGreaterThan(width * 0.6);
        await shootWall(page, `tv-kpi-da-${width}x${height}`);
      }

      await page.setViewportSize({ width: 1920, height: 1080 });
      await page.clock.runFor(SCREEN_SECONDS * 1_000);
      await screenOfKind(page, 'board').waitFor();
      const wallBoard = page.getByTestId('tv-board');
      await expect.poll(() => wallBoard.getByRole('region').count()).toBe(6);
      const main = page.getByRole('main');
      const title = wallBoard.getByRole('heading', { name: 'Opkald' }).first();
      for (const [width, height] of sizes) {
        await page.setViewportSize({ width, height });
        // Across the screen's width (it was a desktop's board in a column down the middle), and whole:
        // a board too long for the screen is drawn smaller, never cut off at the bottom.
        const room = async () => ({ main: (await main.boundingBox())!, board: (await wallBoard.boundingBox())! });
        await expect
          .poll(
            async () => {
              const { main, board } = await room();
              return Math.abs(board.width - main.width);
            },
            { message: `${width}x${height}: the board is narrower than the screen` },
          )
          .toBeLessThan(1);
        await expect
          .poll(
            async () => {
              const { main, board } = await room();
              return board.y + board.height - (main.y + main.height);
            },
            { message: `${width}x${height}: the board is cut off` },
          )
          .toBeLessThanOrEqual(1);
        await expect
          .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
            message: `${width}x${height}: wider than the screen`,
          })
          .toBeLessThanOrEqual(0);
        await shootWall(page, `tv-board-da-${width}x${height}`);
      }
      // Larger than a desktop's board on a 16:9 wall, as far as this board's height allows: a widget's
      // title, 20 px high on a desktop, was 2.1% of the screen's height at 1080p and 4K.
      for (const [width, height] of [
        [1920, 1080],
        [3840, 2160],
      ] as const) {
        await page.setViewportSize({ width, height });
        await expect
          .poll(async () => (await title.boundingBox())!.height / height, { message: `${width}x${height}: the board's letters are small` })
          .toBeGreaterThan(0.023);
      }
      expect(kontoret.consoleErrors).toEqual([]);
    } finally {
      await kontoret.close();
    }
  });
});

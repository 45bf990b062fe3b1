import type { Leaderboard, MyActivities } from '@core/contracts';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApiOk, joinCompany, makeAccount, signInContext } from './support/accounts';
import {
  type Browser,
  holdAppEntry,
  openBrowser,
  saveScreenshot,
  saveSettledScreenshot,
  waitForLiveApp,
  waitForServiceWorker,
} from './support/browser';
import { type JourneyServer, useSharedServer } from './support/shared-server';

/*
 * The phone app (decision 054): on a phone-sized Chromium a rep opens the quick log screen (the
 * installed app's start screen; manifest and service worker pass Chromium's installability checks),
 * loses the connection, logs three calls and a sale, sees them waiting to sync, gets the connection
 * back, and the boards count exactly those four once, with their points. Then the app opened with
 * no connection at all (a reload offline) still logs, and a log from My Activity's dialog made
 * offline waits and goes once. A company of its own on the journeys' shared server: the admin is
 * its first member.
 */

const PHONE = { width: 390, height: 844 };
const admin = makeAccount('Astrid Admin');
const rep = makeAccount('Ola Hansen');

let server: JourneyServer;
let base: string;
let adminCookie: string;
let repCookie: string;
let repId: string;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = useSharedServer();
  base = server.baseUrl;
  adminCookie = (await joinCompany(base, admin)).cookie;
  await callApiOk(base, adminCookie, 'PATCH', '/company', { timezone: 'Europe/Oslo' });
  const joined = await joinCompany(base, rep);
  repCookie = joined.cookie;
  repId = joined.id;
  // Profiles on disk: Chromium reports an off-the-record context as not installable ('in-incognito').
  browser = await openBrowser({ baseUrl: base, viewport: PHONE, persistent: true });
  await signInContext(browser.context, base, rep);
  page = await browser.newPage();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The query keys' first parts in the device's kept cache (IndexedDB 'dealboard-cache'), in the page. */
/** The keys of the answers this device keeps (decision 082), each as JSON. */
function readKeptQueryKeys(): Promise<string[]> {
  return new Promise((done) => {
    const open = indexedDB.open('dealboard-cache');
    open.onerror = () => done([]);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('clients')) return done([]);
      const read = db.transaction('clients').objectStore('clients').get('queries');
      read.onsuccess = () => {
        const kept = read.result as { clientState: { queries: { queryKey: unknown[] }[] } } | undefined;
        done((kept?.clientState.queries ?? []).map((query) => JSON.stringify(query.queryKey)));
      };
      read.onerror = () => done([]);
    };
  });
}

describe('the phone app', () => {
  it('serves the service worker and the manifest for the whole origin, never cached stale', async () => {
    const worker = await fetch(`${base}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/javascript/);
    expect(worker.headers.get('service-worker-allowed')).toBe('/');
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    const manifest = await fetch(`${base}/manifest.webmanifest`);
    expect(manifest.headers.get('content-type')).toMatch(/application\/manifest\+json/);
    expect(await manifest.json()).toMatchObject({ start_url: '/app/quick-log', display: 'standalone', name: 'Dealboard' });
  });

  it('opens on quick logging and passes Chromium installability checks', async () => {
    await page.goto('/app/quick-log');
    await page.getByRole('heading', { name: 'Quick log' }).waitFor();
    // The worker installs and takes the page over (clients.claim).
    await waitForServiceWorker(page);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)).toMatch(/\/sw\.js\?lang=en$/);
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
    expect(installabilityErrors).toEqual([]);
    await cdp.detach();
    await saveSettledScreenshot(page, 'phone-app-quick-log-en-phone');
  });

  it("installs the shell in the reader's language only, and keeps another screen once it is used", async () => {
    // Every file the worker keeps, in any of its caches (decision 068).
    const kept = () =>
      page.evaluate(async () => {
        const paths: string[] = [];
        for (const name of await caches.keys()) {
          for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
        }
        return paths;
      });
    const installed = await kept();
    expect(installed.filter((path) => /^\/assets\/(quick-log-page|dashboard-page|activity-page|app-shell)-/.test(path))).toHaveLength(4);
    expect(installed.some((path) => path.startsWith('/assets/common.en-'))).toBe(true);
    expect(installed.some((path) => path.startsWith('/assets/common.nb-'))).toBe(false);
    expect(installed.some((path) => path.startsWith('/assets/settings-page-'))).toBe(false);

    await page.goto('/app/settings');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await expect.poll(async () => (await kept()).some((path) => path.startsWith('/assets/settings-page-'))).toBe(true);
    await page.goto('/app/quick-log');
    await page.getByRole('button', { name: 'Call answered' }).waitFor();
  });

  it('opens quick log from the installed shell without asking the server for the page, and other screens from the network first (decision 093)', async () => {
    // The pages the worker itself fetched from the server, by path.
    const fetchedByWorker: string[] = [];
    const onRequest = (request: Request) => {
      if (request.serviceWorker()) fetchedByWorker.push(new URL(request.url()).pathname);
    };
    page.context().on('request', onRequest);
    try {
      const quickLog = await page.goto('/app/quick-log');
      expect(quickLog?.fromServiceWorker()).toBe(true);
      await page.getByRole('button', { name: 'Call answered' }).waitFor();
      await page.goto('/app/settings');
      await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
      await expect.poll(() => fetchedByWorker.includes('/app/settings')).toBe(true);
      expect(fetchedByWorker).not.toContain('/app/quick-log');
      // Back where the rep starts, for the offline logging that follows.
      await page.goto('/app/quick-log');
      await page.getByRole('button', { name: 'Call answered' }).waitFor();
    } finally {
      page.context().off('request', onRequest);
    }
  });

  it('keeps three calls and a sale logged offline, then sends each exactly once when the connection returns', async () => {
    await browser.context.setOffline(true);
    await page.getByRole('status').filter({ hasText: 'You are offline' }).waitFor();

    await page.getByRole('button', { name: 'Call not answered' }).click();
    await page.getByRole('button', { name: 'Call not answered' }).click();
    await page.getByRole('button', { name: 'Call answered' }).click();
    await page.getByRole('button', { name: /Moved forward/ }).click();
    await page.getByRole('button', { name: 'Sale', exact: true }).click();
    await page.getByLabel(/Sale value/).fill('12500');
    await page.getByRole('button', { name: 'Log sale' }).click();

    const waiting = page.getByRole('heading', { name: 'Waiting to sync: 4' });
    await waiting.waitFor();
    expect(await page.getByRole('listitem').filter({ hasText: 'waiting to sync' }).count()).toBe(4);
    await saveSettledScreenshot(page, 'phone-app-quick-log-offline-en-phone');
    // Nothing reached the server.
    expect((await callApiOk<MyActivities>(base, repCookie, 'GET', '/activities/mine')).activities).toHaveLength(0);

    await browser.context.setOffline(false);
    // Until none waits: the heading counts down as each is sent ("Waiting to sync: 4" is gone at 3).
    await page.getByRole('heading', { name: /Waiting to sync/ }).waitFor({ state: 'hidden', timeout: 20_000 });

    const mine = await callApiOk<MyActivities>(base, repCookie, 'GET', '/activities/mine');
    expect(mine.activities.map((a) => a.type).sort()).toEqual(['call_answered', 'call_unanswered', 'call_unanswered', 'sale']);
    const board = await callApiOk<Leaderboard>(base, repCookie, 'GET', '/scoreboard/leaderboard?period=today');
    // Default rules: unanswered 0, moved forward 1, a sale 10.
    expect(board.rows.find((row) => row.userId === repId)).toMatchObject({ calls: 3, sales: 1, points: 11 });

    // Sending again (another tab, a second 'online') changes nothing.
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.waitForTimeout(500);
    expect((await callApiOk<MyActivities>(base, repCookie, 'GET', '/activities/mine')).activities).toHaveLength(4);

    await page.goto('/app');
    await page.getByText('Ola Hansen').first().waitFor();
    await saveSettledScreenshot(page, 'phone-app-dashboard-after-sync-en-phone');
  });

  it('opens quick log with no connection at all (a cold start) and sends a call logged there exactly once', async () => {
    await page.goto('/app/quick-log');
    await page.getByRole('button', { name: 'Call answered' }).waitFor();
    await waitForServiceWorker(page);
    // The member and the rules this device saw are kept for a start without a connection.
    expect(await page.evaluate(() => localStorage.getItem('dealboard.device-member'))).toContain('Ola Hansen');

    await browser.context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Quick log' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'You are offline' }).waitFor();
    // The rules kept on the device show what each outcome is worth.
    await page.getByRole('button', { name: 'Call answered' }).click();
    await page.getByRole('button', { name: /Moved forward.*\+1 pt/ }).waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await saveSettledScreenshot(page, 'phone-app-quick-log-cold-start-offline-en-phone');

    await page.getByRole('button', { name: 'Call answered' }).click();
    await page.getByRole('button', { name: /Moved forward/ }).click();
    const waiting = page.getByRole('heading', { name: 'Waiting to sync: 1' });
    await waiting.waitFor();
    expect((await callApiOk<MyActivities>(base, repCookie, 'GET', '/activities/mine')).activities).toHaveLength(4);

    await browser.context.setOffline(false);
    // Until none waits: the heading counts down as each is sent ("Waiting to sync: 4" is gone at 3).
    await page.getByRole('heading', { name: /Waiting to sync/ }).waitFor({ state: 'hidden', timeout: 20_000 });
    const mine = await callApiOk<MyActivities>(base, repCookie, 'GET', '/activities/mine');
    expect(mine.activities.filter((a) => a.type === 'call_answered')).toHaveLength(2);
    expect(mine.activities).toHaveLength(5);
    const board = await callApiOk<Leaderboard>(base, repCookie, 'GET', '/scoreboard/leaderboard?period=today');
    // The moved-forward call adds its point, once.
    expect(board.rows.find((row) => row.userId === repId)).toMatchObject({ calls: 4, sales: 1, points: 12 });
  });

  it('keeps a log from the My Activity dialog made offline, says it waits, and sends it once', async () => {
    await page.goto('/app/activity');
    const callButton = page.getByRole('button', { name: /^Call, up to/ });
    await callButton.waitFor();
    await browser.context.setOffline(true);
    // Going offline puts two notices above and beside the buttons: click once they are in, or the
    // button moves between Playwright's look at it and its click (seen on a busy machine).
    await page.getByRole('status').filter({ hasText: 'You are offline' }).waitFor();
    await page.getByText(/^Offline\. Showing what this device saw/).waitFor();
    await callButton.click();
    const dialog = page.getByRole('dialog', { name: 'Log Call' });
    await dialog.getByRole('button', { name: /^Not answered/ }).click();
    await dialog.getByRole('textbox', { name: 'Notes' }).fill('Left a voicemail');
    await dialog.getByRole('button', { name: 'Log Call' }).click();
    // The toast's title, exactly: the offline notice on the page says "what you log is kept on this device" too.
    await page.getByText('Kept on this device', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const notice = page.getByText('1 log waiting to sync');
    await notice.waitFor();
    await saveSettledScreenshot(page, 'phone-app-activity-waiting-en-phone');
    await page.setViewportSize({ width: 1366, height: 900 });
    await saveSettledScreenshot(page, 'phone-app-activity-waiting-en-desktop');
    await page.setViewportSize(PHONE);
    expect((await callApiOk<MyActivities>(base, repCookie, 'GET', '/activities/mine')).activities).toHaveLength(5);

    await browser.context.setOffline(false);
    await notice.waitFor({ state: 'hidden', timeout: 20_000 });
    const mine = await callApiOk<MyActivities>(base, repCookie, 'GET', '/activities/mine');
    expect(mine.activities).toHaveLength(6);
    expect(mine.activities.filter((a) => a.notes === 'Left a voicemail')).toHaveLength(1);
    // Another 'online' sends nothing more.
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.waitForTimeout(500);
    expect((await callApiOk<MyActivities>(base, repCookie, 'GET', '/activities/mine')).activities).toHaveLength(6);
  });

  it('sends a log kept on quick log from whatever screen the rep has moved on to, and says offline there too', async () => {
    await page.goto('/app/quick-log');
    await page.getByRole('button', { name: 'Call not answered' }).waitFor();
    await browser.context.setOffline(true);
    await page.getByRole('status').filter({ hasText: 'You are offline' }).waitFor();
    await page.getByRole('button', { name: 'Call not answered' }).click();
    await page.getByRole('heading', { name: 'Waiting to sync: 1' }).waitFor();

    // On to the dashboard through the menu, still offline: the line above the screen says so.
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Dashboard' }).click();
    const line = page.getByRole('status').filter({ hasText: 'You are offline' });
    await line.filter({ hasText: '1 log waiting to sync' }).waitFor();
    await saveSettledScreenshot(page, 'phone-app-dashboard-offline-en-phone');
    expect((await callApiOk<MyActivities>(base, repCookie, 'GET', '/activities/mine')).activities).toHaveLength(6);

    await browser.context.setOffline(false);
    await line.waitFor({ state: 'hidden', timeout: 20_000 });
    await expect.poll(async () => (await callApiOk<MyActivities>(base, repCookie, 'GET', '/activities/mine')).activities.length).toBe(7);
    expect(page.url()).toMatch(/\/app$/);
  });

  it('opens the dashboard offline with the board this device saw, and says from when (decision 082)', async () => {
    await page.goto('/app');
    const board = page.getByRole('main');
    await board.getByText('Ola Hansen').first().waitFor();
    // Kept within a second of the answers: wait until the device's copy holds this screen's own
    // (today's leaderboard, the numbers, the feed). Any 'scoreboard' answer is not enough: one kept
    // by an earlier screen is there before this one's, and a reload then restores no board.
    const holdsDashboard = (keys: string[]) =>
      keys.some((key) => key.startsWith('["scoreboard","leaderboard",') && key.includes('"period":"today"')) &&
      keys.some((key) => key.startsWith('["scoreboard","kpis",')) &&
      keys.some((key) => key.startsWith('["feed","list",'));
    await expect.poll(async () => holdsDashboard(await page.evaluate(readKeptQueryKeys)), { timeout: 10_000 }).toBe(true);

    await waitForServiceWorker(page);
    await browser.context.setOffline(true);
    await page.reload();
    const banner = page.getByTestId('offline-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toMatch(/^Offline\. Showing what this device saw at \d{2}:\d{2}/);
    // The board is the one kept, not a skeleton: the rep's own row is there.
    await board.getByText('Ola Hansen').first().waitFor();
    expect(await board.locator('[data-slot="skeleton"]').count()).toBe(0);
    await saveSettledScreenshot(page, 'phone-app-dashboard-kept-offline-en-phone');

    await browser.context.setOffline(false);
    await banner.waitFor({ state: 'hidden', timeout: 20_000 });
  });

  it("opens on this phone's copy of quick log at once, and a tap on it before the app has started is logged once (decision 090)", async () => {
    // A browser of its own without the worker, so the app's entry script can be held back here.
    const phone = await openBrowser({ baseUrl: base, viewport: PHONE });
    try {
      await signInContext(phone.context, base, rep);
      const phonePage = await phone.newPage();
      await phonePage.goto('/app/quick-log');
      await phonePage.getByRole('button', { name: 'Call not answered' }).waitFor();
      // Quick log keeps itself as the next start's first frame once it has settled.
      await phonePage.waitForFunction(() => localStorage.getItem('dealboard.start-snapshot') !== null);
      const count = async () => (await callApiOk<MyActivities>(base, repCookie, 'GET', '/activities/mine')).activities.length;
      const before = await count();

      // The next start, with the app's scripts held back: the page's boot script paints the copy.
      const entry = await phonePage.locator('script[type=module][src]').getAttribute('src');
      const release = await holdAppEntry(phonePage, entry!);
      await phonePage.reload({ waitUntil: 'commit' });
      const copy = phonePage.locator('#root[data-start-snapshot]');
      await copy.waitFor({ state: 'attached' });
      const button = phonePage.getByRole('button', { name: 'Call not answered' });
      await button.waitFor();
      await saveScreenshot(phonePage, 'phone-app-quick-log-copy-en-phone');
      await button.click();
      await expect(button.getAttribute('aria-busy')).resolves.toBe('true');
      expect(await count()).toBe(before); // kept on the page, not sent: the app is not running yet

      release();
      // The live screen takes over the copy and logs the kept tap, once.
      await copy.waitFor({ state: 'detached' });
      await expect.poll(count, { timeout: 15_000 }).toBe(before + 1);
      await phonePage.getByRole('button', { name: 'Call not answered' }).click();
      await expect.poll(count, { timeout: 15_000 }).toBe(before + 2);
      const mine = await callApiOk<MyActivities>(base, repCookie, 'GET', '/activities/mine');
      expect(mine.activities.slice(0, 2).map((a) => a.type)).toEqual(['call_unanswered', 'call_unanswered']);
      expect(phone.consoleErrors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it("opens a first visit on the server's frame of quick log, and a tap on it before the app has started is logged once (decision 092)", async () => {
    // A device that has kept nothing (a first visit, or a new build): signed in, no copy, no worker.
    const phone = await openBrowser({ baseUrl: base, viewport: PHONE });
    try {
      await signInContext(phone.context, base, rep);
      const phonePage = await phone.newPage();
      const count = async () => (await callApiOk<MyActivities>(base, repCookie, 'GET', '/activities/mine')).activities.length;
      const before = await count();
      const release = await holdAppEntry(phonePage);
      await phonePage.goto('/app/quick-log', { waitUntil: 'commit' });
      const frame = phonePage.locator(`#root[data-start-member="${repId}"]`);
      await frame.waitFor({ state: 'attached' });
      const button = phonePage.getByRole('button', { name: 'Call not answered' });
      await button.waitFor();
      // The rep's own: no Administration in the menu, only the buttons the company has on, their first letter.
      await expect(phonePage.locator('a[href="/app/admin/users"]').count()).resolves.toBe(0);
      await expect(phonePage.locator('[data-quick-log="email"]').count()).resolves.toBe(0);
      await expect(phonePage.getByRole('button', { name: 'Meeting held' }).isVisible()).resolves.toBe(true);
      await expect(phonePage.getByRole('button', { name: 'Account menu' }).textContent()).resolves.toBe(rep.email[0]!.toUpperCase());
      await saveScreenshot(phonePage, 'phone-app-quick-log-first-frame-en-phone');
      await button.click();
      await expect(button.getAttribute('aria-busy')).resolves.toBe('true');

      release();
      await frame.waitFor({ state: 'detached' });
      await expect.poll(count, { timeout: 15_000 }).toBe(before + 1);
      await phonePage.getByRole('button', { name: 'Call not answered' }).click();
      await expect.poll(count, { timeout: 15_000 }).toBe(before + 2);
      expect(phone.consoleErrors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it("opens the dashboard on the server's frame, its buttons waiting until the app runs, then the live board (decision 092)", async () => {
    const phone = await openBrowser({ baseUrl: base, viewport: PHONE });
    try {
      await signInContext(phone.context, base, rep);
      const phonePage = await phone.newPage();
      const release = await holdAppEntry(phonePage);
      await phonePage.goto('/app', { waitUntil: 'commit' });
      await phonePage.locator(`#root[data-start-member="${repId}"]`).waitFor({ state: 'attached' });
      await phonePage.getByRole('heading', { name: 'Team Dashboard' }).waitFor();
      // Not yet the app's: a button that would do nothing says so; the board has no rows yet.
      await expect(phonePage.getByRole('button', { name: 'Export' }).isDisabled()).resolves.toBe(true);
      await expect(phonePage.getByTestId('leaderboard-row').count()).resolves.toBe(0);
      await saveScreenshot(phonePage, 'phone-app-dashboard-first-frame-en-phone');

      release();
      await waitForLiveApp(phonePage);
      await phonePage.getByTestId('leaderboard-row').filter({ hasText: 'Ola Hansen' }).waitFor();
      await expect(phonePage.getByRole('button', { name: 'Export' }).isDisabled()).resolves.toBe(false);
      expect(phone.consoleErrors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('speaks Norwegian', async () => {
    const nb = await openBrowser({ baseUrl: base, viewport: PHONE, locale: 'nb-NO', serviceWorkers: true });
    try {
      await signInContext(nb.context, base, rep);
      const nbPage = await nb.newPage();
      await nbPage.goto('/app/quick-log');
      await nbPage.getByRole('heading', { name: 'Hurtiglogging' }).waitFor();
      await nbPage.getByRole('button', { name: 'Samtale besvart' }).waitFor();
      await saveSettledScreenshot(nbPage, 'phone-app-quick-log-nb-phone');
      // Offline once the worker keeps the app (as on an installed phone).
      await waitForServiceWorker(nbPage);
      await nb.context.setOffline(true);
      await nbPage.getByRole('button', { name: 'Samtale ikke besvart' }).click();
      await nbPage.getByRole('heading', { name: 'Venter på synkronisering: 1' }).waitFor();
      await saveSettledScreenshot(nbPage, 'phone-app-quick-log-offline-nb-phone');
      await nb.context.setOffline(false);
      await nbPage.getByRole('heading', { name: /Venter på synkronisering/ }).waitFor({ state: 'hidden', timeout: 20_000 });

      // A cold start without a connection, in Norwegian.
      await nb.context.setOffline(true);
      await nbPage.reload();
      await nbPage.getByRole('button', { name: 'Samtale besvart' }).waitFor();
      await nbPage.getByRole('status').filter({ hasText: 'Du er uten nett' }).waitFor();
      await saveSettledScreenshot(nbPage, 'phone-app-quick-log-cold-start-offline-nb-phone');
      await nb.context.setOffline(false);

      // A held meeting from My Activity's dialog, offline: it waits, and says so in Norwegian.
      await nbPage.goto('/app/activity');
      const meeting = nbPage.getByRole('button', { name: /^Møte holdt/ });
      await meeting.waitFor();
      await nb.context.setOffline(true);
      await meeting.click();
      await nbPage.getByRole('dialog').getByRole('button', { name: 'Logg', exact: true }).click();
      await nbPage.getByText('Lagret på denne enheten').waitFor();
      const nbNotice = nbPage.getByText('1 logging venter på synkronisering');
      await nbNotice.waitFor();
      await saveSettledScreenshot(nbPage, 'phone-app-activity-waiting-nb-phone');
      await nb.context.setOffline(false);
      await nbNotice.waitFor({ state: 'hidden', timeout: 20_000 });

      // Logging out leaves nothing of the member on the device.
      await nbPage.getByRole('button', { name: /Kontomeny|Account menu/ }).click();
      await nbPage.getByRole('menuitem', { name: /Logg ut/ }).click();
      // The sign-in page (a full page load) says so.
      await nbPage.getByText('Du er nå logget ut').waitFor();
      expect(await nbPage.evaluate(() => localStorage.getItem('dealboard.device-member'))).toBeNull();
      // Nor of the boards it saw (decision 082).
      await expect.poll(() => nbPage.evaluate(readKeptQueryKeys)).toEqual([]);
    } finally {
      await nb.close();
    }
  });

  it('fits a phone in Danish: the header whole beside its buttons, a long type name inside its tile', async () => {
    // Account management's types: "Kundeopfølgning" in Danish, one word, a goal of its own.
    const { types } = await callApiOk<{ types: { id: string; names: { en?: string } }[] }>(
      base,
      adminCookie,
      'POST',
      '/activity-types/templates',
      {
        template: 'account_management',
      },
    );
    const checkIn = types.find((type) => type.names.en === 'Check-in')!;
    await callApiOk(base, repCookie, 'PUT', '/goals/me', { dailyCalls: 40, dailyMeetings: 3, dailySales: 1, types: { [checkIn.id]: 5 } });
    const da = await openBrowser({ baseUrl: base, viewport: PHONE, locale: 'da-DK' });
    try {
      await signInContext(da.context, base, rep);
      const daPage = await da.newPage();
      await daPage.goto('/app/activity');
      const tile = daPage.getByRole('button', { name: /^Kundeopfølgning/ });
      await tile.waitFor();
      await saveSettledScreenshot(daPage, 'phone-app-activity-da-phone');

      // The header: the brand's mark alone (its name was cut to "Dealb…"), the buttons on the screen.
      const header = daPage.getByRole('banner');
      const brand = header.getByRole('link', { name: 'Dealboard' });
      expect(await brand.isVisible()).toBe(true);
      const cut = () =>
        header.evaluate((bar) =>
          [...bar.querySelectorAll<HTMLElement>('*')]
            .filter((el) => el.checkVisibility() && el.getBoundingClientRect().width > 1 && el.scrollWidth > el.clientWidth + 1)
            .map((el) => el.textContent),
        );
      expect(await cut()).toEqual([]);
      for (const button of [
        header.getByRole('link', { name: 'Registrér' }),
        header.getByRole('link', { name: 'TV-tilstand' }),
        header.getByRole('button', { name: 'Kontomenu' }),
      ]) {
        const box = (await button.boundingBox())!;
        expect(box.x + box.width, `${await button.textContent()} runs off the screen`).toBeLessThanOrEqual(PHONE.width);
      }

      // Every tile's words inside the tile (a quick-log button, a stat card): a long one-word name
      // breaks rather than spill out of its side.
      const spills = () =>
        daPage.getByRole('main').evaluate((main) =>
          [...main.querySelectorAll<HTMLElement>('button, [data-testid="stat-card"]')].flatMap((tile) => {
            const edge = tile.getBoundingClientRect().right;
            return [...tile.querySelectorAll<HTMLElement>('*')]
              .filter((part) => part.getBoundingClientRect().right > edge + 0.5)
              .map((part) => part.textContent);
          }),
        );
      expect(await spills()).toEqual([]);
      // And no word of a log button's name is broken: the longest fits the name's width whole
      // ("Kundeopfølgning" broke as "Kundeopfølg/ning" beside the icon; there is no Danish hyphenation).
      const broken = await daPage.getByRole('main').evaluate((main) => {
        const context = document.createElement('canvas').getContext('2d')!;
        return [...main.querySelectorAll<HTMLElement>('button > span:last-child > span:first-child')].flatMap((name) => {
          const style = getComputedStyle(name);
          context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const longest = Math.max(...(name.textContent ?? '').split(/\s+/).map((word) => context.measureText(word).width));
          return longest > name.clientWidth + 0.5 ? [name.textContent] : [];
        });
      });
      expect(broken).toEqual([]);
    } finally {
      await da.close();
    }
  });
});

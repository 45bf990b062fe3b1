import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DISPLAY_LINK_STREAM_LIMIT, MEMBER_STREAM_LIMIT } from '@core/contracts';
import { callApi, joinCompany, makeAccount, signInContext } from './support/accounts';
import { axeViolations, WCAG_AA } from './support/axe';
import { type Browser, openBrowser, saveScreenshot } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/*
 * Decision 020: a viewer's live streams are capped. In a real Chromium, a dashboard whose stream
 * is pushed out by the person's newer streams says so calmly, does not reconnect by itself (no
 * tug of war), and "Watch live here" brings it back live. The same on a display link's TV.
 * Other streams are opened from Node (a browser allows only six connections per site).
 */
const admin = makeAccount('Astrid Admin');
let dataDir: string;
let server: RunningServer;
let browser: Browser;
let cookie: string;
const aborts: AbortController[] = [];

const api = <T = Record<string, unknown>>(method: string, path: string, json?: unknown) =>
  callApi<T>(server.baseUrl, cookie, method, path, json);

/** Opens one stream from Node and waits for its 'ready'; returns what it has read so far, on demand. */
async function openNodeStream(path: string, withCookie: boolean): Promise<{ text: () => string }> {
  const abort = new AbortController();
  aborts.push(abort);
  const response = await fetch(`${server.baseUrl}/api/v1${path}`, { headers: withCookie ? { cookie } : {}, signal: abort.signal });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  void (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (chunk.done) return;
      text += decoder.decode(chunk.value, { stream: true });
    }
  })();
  await expect.poll(() => text, { timeout: 5_000 }).toContain('event: ready');
  return { text: () => text };
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dealboard-live-streams-data-'));
  server = await startServer({ WEB_DIST_DIR: inject('webDist'), DATA_DIR: dataDir });
  // The first person provisioned runs the company: an admin, who may make display links.
  cookie = (await joinCompany(server.baseUrl, admin)).cookie;
  browser = await openBrowser({ baseUrl: server.baseUrl });
  await signInContext(browser.context, server.baseUrl, admin);
});

afterAll(async () => {
  for (const abort of aborts) abort.abort();
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('a live stream pushed out by newer ones', () => {
  it('a dashboard says live updates moved, stays quiet, and "Watch live here" makes it live again', async () => {
    const page = await browser.newPage();
    const streamRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/v1/events') streamRequests.push(request.url());
    });
    // The stream is registered on the server by the time its answer's headers reach the browser.
    const streamOpened = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/events');
    await page.goto('/app');
    await page.getByRole('heading', { name: 'Team Dashboard' }).waitFor();
    expect((await streamOpened).status()).toBe(200);
    expect(streamRequests).toHaveLength(1);
    expect(streamRequests[0]).toMatch(/\?client=[0-9a-f]{32}$/);

    // The same person opens streams elsewhere, up to the cap: the dashboard's is the oldest.
    const others: { text: () => string }[] = [];
    for (let i = 0; i < MEMBER_STREAM_LIMIT; i++) others.push(await openNodeStream('/events', true));
    const notice = page.getByRole('status').filter({ hasText: 'Live updates moved to your newer tab or device.' });
    await notice.waitFor();
    // No tug of war: the page does not reconnect by itself (it would push the newest out).
    await page.waitForTimeout(5_000);
    expect(streamRequests).toHaveLength(1);
    expect(others.every((s) => !s.text().includes('event: replaced'))).toBe(true);
    await saveScreenshot(page, 'live-streams-1-dashboard-moved');
    expect(await axeViolations(page, { include: '[data-slot="live-updates-moved"]', tags: WCAG_AA }), 'the notice').toEqual([]);

    // Back here: a new connection (a new page id), and the oldest other stream gives way.
    await notice.getByRole('button', { name: 'Watch live here' }).click();
    await notice.waitFor({ state: 'detached' });
    await expect.poll(() => streamRequests.length).toBe(2);
    expect(new URL(streamRequests[1]!).search).not.toBe(new URL(streamRequests[0]!).search);
    await expect.poll(() => others[0]!.text(), { timeout: 5_000 }).toContain('event: replaced');
    const logged = await api('POST', '/activities', {
      kind: 'call',
      answered: true,
      outcome: 'meeting_booked',
      customerName: 'Kystverket',
    });
    expect(logged.status).toBe(201);
    await expect.poll(() => page.getByText('Kystverket').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(browser.consoleErrors).toEqual([]);
  });

  it('a display link’s TV says so in its own words (here in Norwegian) and keeps its board', async () => {
    const created = await api<{ token: string }>('POST', '/display-links', { name: 'Resepsjonen' });
    expect(created.status).toBe(201);
    const { token } = created.body;
    const tv = await browser.context.newPage();
    await tv.addInitScript(() => localStorage.setItem('dealboard.lang', 'nb'));
    await tv.setViewportSize({ width: 1280, height: 720 });
    // The TV opens its stream once the board has answered: wait for it, so it is the oldest.
    const streamOpened = tv.waitForResponse((response) => new URL(response.url()).pathname === `/api/v1/display/${token}/events`);
    await tv.goto(`/tv?display=${token}`);
    await tv.getByText('Skjerm: Resepsjonen').waitFor();
    expect((await streamOpened).status()).toBe(200);
    for (let i = 0; i < DISPLAY_LINK_STREAM_LIMIT; i++) await openNodeStream(`/display/${token}/events`, false);
    await tv
      .getByRole('status')
      .filter({ hasText: 'Direkteoppdateringene er flyttet til en nyere skjerm som viser denne lenken.' })
      .waitFor();
    await tv.getByRole('button', { name: 'Følg direkte her' }).waitFor();
    await saveScreenshot(tv, 'live-streams-2-tv-display-link-moved-nb');
    await tv.close();
    expect(browser.consoleErrors).toEqual([]);
  });
});

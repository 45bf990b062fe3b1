import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi, createVerifiedAccount, makeAccount, signInContext, signInCookie } from './support/accounts';
import { type Browser, openBrowser, saveScreenshot } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/*
 * The live stream survives a server restart: a dashboard left open through a deploy reconnects by
 * itself and shows a call logged afterwards, without a reload.
 */
const manager = makeAccount('Mona Manager');
const rep = makeAccount('Rune Rep');
let dataDir: string;
let server: RunningServer;
let browser: Browser;

async function logCallAs(baseUrl: string, cookie: string) {
  const response = await callApi(baseUrl, cookie, 'POST', '/activities', {
    kind: 'call',
    answered: true,
    outcome: 'meeting_booked',
    customerName: 'Hurtigruten',
  });
  expect(response.status).toBe(201);
}

async function sessionCookie(baseUrl: string): Promise<string> {
  const cookie = await signInCookie(baseUrl, rep);
  await callApi(baseUrl, cookie, 'POST', '/me/provision');
  return cookie;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dealboard-realtime-data-'));
  server = await startServer({ WEB_DIST_DIR: inject('webDist'), DATA_DIR: dataDir });
  await createVerifiedAccount(server.baseUrl, manager);
  await createVerifiedAccount(server.baseUrl, rep);
  browser = await openBrowser({ baseUrl: server.baseUrl });
  await signInContext(browser.context, server.baseUrl, manager);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('realtime across a server restart', () => {
  it('an open dashboard reconnects after the server restarts and shows the next call live', async () => {
    const page = await browser.newPage();
    await page.goto('/app');
    await page.getByRole('heading', { name: 'Team Dashboard' }).waitFor();
    const cookie = await sessionCookie(server.baseUrl);
    await logCallAs(server.baseUrl, cookie);
    const feed = page.getByText('Hurtigruten');
    await expect.poll(() => feed.count(), { timeout: 10_000 }).toBe(1);

    // A deploy: the server stops and starts again on the same address and database.
    const port = Number(new URL(server.baseUrl).port);
    await server.stop();
    server = await startServer({ WEB_DIST_DIR: inject('webDist'), DATA_DIR: dataDir }, { port });

    // The browser was not reloaded: its EventSource reconnects by itself (retry: 2 s).
    await logCallAs(server.baseUrl, cookie);
    await expect.poll(() => feed.count(), { timeout: 15_000 }).toBe(2);
    await saveScreenshot(page, 'realtime-after-restart');
    const navigations = await page.evaluate(() => performance.getEntriesByType('navigation').length);
    expect(navigations).toBe(1);
  });
});

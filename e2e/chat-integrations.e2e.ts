import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, WCAG_AA } from './support/axe';
import { callApiOk, joinCompany, makeAccount, signInContext } from './support/accounts';
import { type Browser, openBrowser, saveSettledScreenshot } from './support/browser';
import { type JourneyServer, useSharedServer } from './support/shared-server';

/*
 * Slack and Microsoft Teams on Admin → Integrations (decision 038): an admin adds a Slack channel
 * from the keyboard (a Teams URL pasted for Slack is refused on the field), sees a Teams channel
 * pointed at a receiver on this machine get a rep's sale and a test message as Adaptive Cards (the
 * server's own delivery worker sends them; outside production a chat URL may be http:// to this
 * machine), edits a channel, deletes one after confirming, and reads it all in Norwegian. A company
 * of its own on the journeys' shared server: the admin is its first member.
 */

const admin = makeAccount('Astrid Admin');
const rep = makeAccount('Ola Hansen');

let server: JourneyServer;
let base: string;
let browser: Browser;
let page: Page;
let adminCookie: string;
let repCookie: string;
let receiver: Server;
let receiverUrl = '';
const received: { path: string; body: unknown }[] = [];

const ok = <T = Record<string, unknown>>(cookie: string, method: string, path: string, body?: unknown) =>
  callApiOk<T>(base, cookie, method, path, body);

const toast = (text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '/', body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown });
      response.writeHead(200).end('1');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

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
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
});

describe('Slack and Teams channels in the admin console', () => {
  it('starts empty, and adds a Slack channel from the keyboard; a Teams URL is refused for Slack', async () => {
    await page.goto('/app/admin/integrations');
    await page.getByRole('heading', { name: 'Slack and Microsoft Teams' }).waitFor();
    await page.getByText('No channels yet').waitFor();
    expect(await page.getByText('Coming later').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Settings → API tokens' }).getAttribute('href')).toBe('/app/settings?tab=api-tokens');
    await saveSettledScreenshot(page, 'chat-01-integrations-empty');

    await page.getByRole('button', { name: 'Add a channel' }).first().focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add a Slack or Teams channel' });
    await dialog.waitFor();
    expect(await dialog.getByRole('radio', { name: 'English' }).isChecked()).toBe(true);
    await dialog.getByLabel('Webhook URL').fill('https://acme.webhook.office.com/webhookb2/abc');
    await dialog.getByRole('button', { name: 'Add channel' }).click();
    await dialog.getByText(/Paste the Slack incoming-webhook URL/).waitFor();
    await saveSettledScreenshot(dialog, 'chat-02-add-dialog-refused-url');

    await dialog.getByLabel('Webhook URL').fill('https://hooks.slack.com/services/T0E2E/B0E2E/e2eSecretValue9');
    // Each sale (on) and goals (on) stay; turn the daily summary on at 16:30.
    await dialog.getByRole('switch', { name: 'A daily summary at' }).click();
    await dialog.getByLabel('Time of the daily summary').fill('16:30');
    await dialog.getByRole('button', { name: 'Add channel' }).click();
    await toast('Slack channel added').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByTestId('chat-integration').filter({ hasText: 'Slack' });
    await row.getByText('hooks.slack.com/…lue9').waitFor();
    await row.getByText('Posts each sale, goals reached, a daily summary at 16:30 · English').waitFor();
    await row.getByText('Nothing posted yet').waitFor();
    // The secret URL is never shown again.
    expect(await page.content()).not.toContain('e2eSecretValue9');
  });

  it("a Teams channel on this machine gets a rep's sale and a test message; the list shows the last post", async () => {
    await ok(adminCookie, 'POST', '/admin/chat-integrations', {
      platform: 'teams',
      url: `${receiverUrl}/teams`,
      language: 'nb',
      choices: { sales: true, goals: false, dailySummary: { enabled: false, localTime: '16:00' } },
    });
    await ok(repCookie, 'POST', '/activities', { kind: 'sale', ticketSize: 1_250_000, customerName: 'Fjord Fisk AS' });
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(1);
    const card = received[0]!.body as { type: string; attachments: { contentType: string; content: { type: string; version: string } }[] };
    expect(card.type).toBe('message');
    expect(card.attachments[0]!.contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(JSON.stringify(card)).toContain('Ola Hansen');
    expect(JSON.stringify(card)).toContain('Fjord Fisk AS');

    await page.reload();
    const teams = page.getByTestId('chat-integration').filter({ hasText: 'Microsoft Teams' });
    await teams.getByText(/Last post delivered \(HTTP 200\)/).waitFor();
    await teams.getByRole('button', { name: 'Send a test message to Microsoft Teams' }).click();
    await toast('Test message on its way').waitFor();
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(2);
    expect(JSON.stringify(received[1]!.body)).toContain('Ola Hansen');
    await page.reload();
    await teams.getByText(/Last post delivered \(HTTP 200\)/).waitFor();
    await saveSettledScreenshot(page, 'chat-03-integrations-list');
  });

  it('edits a channel without its URL, and deletes one after confirming', async () => {
    const slack = page.getByTestId('chat-integration').filter({ hasText: 'hooks.slack.com' });
    await slack.getByRole('button', { name: 'Edit the Slack channel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit the Slack channel' });
    await dialog.getByText('Leave empty to keep hooks.slack.com/…lue9.').waitFor();
    await saveSettledScreenshot(dialog, 'chat-04-edit-dialog');
    await dialog.getByRole('switch', { name: 'Goals reached' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast('Channel saved').waitFor();
    await slack.getByText('Posts each sale, a daily summary at 16:30 · English').waitFor();

    await slack.getByRole('button', { name: 'Delete the Slack channel' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this Slack channel?' });
    await confirm.getByText(/stops posting to hooks\.slack\.com\/…lue9/).waitFor();
    await saveSettledScreenshot(confirm, 'chat-05-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete channel' }).click();
    await toast('Channel deleted').waitFor();
    await expect.poll(() => page.getByTestId('chat-integration').count()).toBe(1);
    expect(await axeViolations(page, { tags: WCAG_AA })).toEqual([]);
  });

  it('reads in Norwegian, on a phone', async () => {
    await ok(adminCookie, 'PATCH', '/me/profile', { language: 'nb' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByRole('heading', { name: 'Slack og Microsoft Teams' }).waitFor();
    await page.getByText(/Siste post levert/).waitFor();
    await saveSettledScreenshot(page, 'chat-06-integrations-nb-mobile');
    await page.getByRole('button', { name: 'Legg til kanal' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Legg til en Slack- eller Teams-kanal' });
    expect(await dialog.getByRole('radio', { name: 'Norsk' }).isChecked()).toBe(true);
    await saveSettledScreenshot(dialog, 'chat-07-add-dialog-nb-mobile');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1366, height: 860 });
  });

  it('left no console errors', () => {
    expect(browser.consoleErrors).toEqual([]);
  });
});

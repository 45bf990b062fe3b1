import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, WCAG_AA } from './support/axe';
import { callApi, joinCompany, makeAccount, signInContext } from './support/accounts';
import { type Browser, openBrowser, saveSettledScreenshot } from './support/browser';
import { type JourneyServer, useSharedServer } from './support/shared-server';

/*
 * Administration → Webhooks (decision 037, "The admins' screen"): an admin finds the screen from
 * Integrations, adds an endpoint for a receiver on this machine (an http:// address elsewhere is
 * refused on the field; outside production http:// to this machine is allowed), copies the signing
 * secret, sends a test event, sees it delivered with its response code in the log (the server's own
 * delivery worker sends it, and the receiver verifies the Standard Webhooks signature), resends it,
 * rotates the secret (the next delivery verifies with the new one only), reads the screen in
 * Norwegian on a phone, and deletes the endpoint. A rep has no Webhooks and is sent away.
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
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
let secret = '';

const toast = (text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
const endpointRow = () => page.getByTestId('webhook-endpoint').first();

/** Takes the one console line of a refusal the journey caused on purpose (the browser logs every 4xx). */
function takeExpectedRefusal(status: number) {
  const index = browser.consoleErrors.findIndex((line) => line.includes(`status of ${status}`));
  expect(index).toBeGreaterThanOrEqual(0);
  browser.consoleErrors.splice(index, 1);
}

/** Whether a delivery the receiver got verifies with this secret (the published algorithm, via the standardwebhooks package). */
function verifies(delivery: { headers: IncomingHttpHeaders; body: string }, withSecret: string): boolean {
  try {
    new Webhook(withSecret).verify(delivery.body, {
      'webhook-id': String(delivery.headers['webhook-id']),
      'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
      'webhook-signature': String(delivery.headers['webhook-signature']),
    });
    return true;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/dealboard`;

  server = useSharedServer();
  base = server.baseUrl;
  adminCookie = (await joinCompany(base, admin)).cookie;
  repCookie = (await joinCompany(base, rep)).cookie;

  browser = await openBrowser({ baseUrl: base, viewport: { width: 1440, height: 900 } });
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  await signInContext(browser.context, base, admin);
  page = await browser.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
});

describe('an admin and the Webhooks screen', () => {
  it('is found from Integrations and beside it in the console, and explains webhooks while there are none', async () => {
    await page.goto('/app/admin/integrations');
    await page.getByRole('link', { name: 'Open Webhooks' }).click();
    await page.waitForURL('**/app/admin/webhooks');
    const tabs = page.getByRole('navigation', { name: 'Administration' });
    await tabs.locator('a[aria-current="page"]', { hasText: 'Webhooks' }).waitFor();
    const names = await tabs.getByRole('link').allTextContents();
    expect(names.indexOf('Webhooks')).toBe(names.indexOf('Integrations') + 1);
    await page.getByText('No webhook endpoints yet').waitFor();
    await saveSettledScreenshot(page, 'webhooks-01-empty-en-desktop');
  });

  it('adds an endpoint from the keyboard: an http:// address elsewhere is refused on the field, and nothing typed is lost', async () => {
    await page.getByRole('button', { name: 'Add endpoint' }).first().focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await dialog.waitFor();
    await dialog.getByLabel('Endpoint URL').fill('http://example.com/hook');
    await dialog.getByLabel(/Description/).fill('Local receiver');
    await dialog.getByLabel('sale.created').check();
    await dialog.getByLabel('activity.created').check();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await dialog.getByText('http:// is allowed only to this machine (localhost) outside production. Use https://.').waitFor();
    takeExpectedRefusal(400);
    expect(await dialog.getByLabel(/Description/).inputValue()).toBe('Local receiver');
    expect(await dialog.getByLabel('sale.created').isChecked()).toBe(true);
    await saveSettledScreenshot(dialog, 'webhooks-02-dialog-refused-en-desktop');

    await dialog.getByLabel('Endpoint URL').fill(receiverUrl);
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    const reveal = page.getByRole('dialog', { name: 'Endpoint added: copy its signing secret' });
    await reveal.waitFor();
    secret = await reveal.getByTestId('webhook-secret').inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    await reveal.getByRole('button', { name: 'Copy' }).click();
    await reveal.getByRole('button', { name: 'Copied' }).waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(secret);
    expect(await reveal.getByRole('link', { name: /API reference/ }).getAttribute('href')).toBe('/api/docs');
    await saveSettledScreenshot(reveal, 'webhooks-03-secret-en-desktop');
    await reveal.getByRole('button', { name: 'Done' }).click();
    await reveal.waitFor({ state: 'detached' });

    const row = endpointRow();
    await row.getByText(receiverUrl).waitFor();
    await row.getByText('Local receiver').waitFor();
    await row.getByText('Nothing sent yet').waitFor();
    // The list does not show the secret again.
    expect(await page.locator('body').textContent()).not.toContain(secret);
  });

  it('sends a test event: the receiver gets it signed, and the log shows it delivered with its response code', async () => {
    const row = endpointRow();
    await row.getByRole('button', { name: `Send a test event to ${receiverUrl}` }).click();
    await toast('Test event on its way').waitFor();
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ type: 'webhook.test' });
    expect(verifies(received[0]!, secret)).toBe(true);

    const log = row.getByRole('region', { name: 'Delivery log' });
    const delivery = log.getByTestId('webhook-delivery').filter({ hasText: 'webhook.test' });
    await delivery.getByText('Delivered').waitFor({ timeout: 15_000 });
    await delivery.getByRole('cell', { name: 'HTTP 200', exact: true }).waitFor();
    await row.getByTestId('webhook-last-delivery').getByText('Last delivery: Delivered (HTTP 200)').waitFor();
    await saveSettledScreenshot(page, 'webhooks-04-list-log-en-desktop');
  });

  it('resends the delivery: the receiver gets the same event again, and the log refreshes', async () => {
    const row = endpointRow();
    const delivery = row.getByTestId('webhook-delivery').filter({ hasText: 'webhook.test' });
    await delivery.getByRole('button', { name: /^Resend the webhook\.test delivery of / }).click();
    await toast('Delivery queued again').waitFor();
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(2);
    // The same delivery (the same webhook-id), so a receiver can tell it already has it.
    expect(received[1]!.headers['webhook-id']).toBe(received[0]!.headers['webhook-id']);
    expect(verifies(received[1]!, secret)).toBe(true);
    await delivery.getByText('Delivered').waitFor({ timeout: 15_000 });
    await expect.poll(() => row.getByTestId('webhook-delivery').count()).toBe(1);
  });

  it('rotates the secret after confirming: the next delivery verifies with the new secret only', async () => {
    const row = endpointRow();
    await row.getByRole('button', { name: `Rotate the signing secret of ${receiverUrl}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
    await confirm.getByText(/The old secret stops verifying at once/).waitFor();
    await saveSettledScreenshot(confirm, 'webhooks-05-rotate-confirm-en-desktop');
    await confirm.getByRole('button', { name: 'Rotate secret' }).click();
    const reveal = page.getByRole('dialog', { name: 'New signing secret' });
    const rotated = await reveal.getByTestId('webhook-secret').inputValue();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await reveal.getByRole('button', { name: 'Done' }).click();
    await reveal.waitFor({ state: 'detached' });

    await row.getByRole('button', { name: `Send a test event to ${receiverUrl}` }).click();
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(3);
    expect(verifies(received[2]!, rotated)).toBe(true);
    expect(verifies(received[2]!, secret)).toBe(false);
    secret = rotated;
    await expect.poll(() => row.getByTestId('webhook-delivery').filter({ hasText: 'Delivered' }).count(), { timeout: 15_000 }).toBe(2);
    expect(await axeViolations(page, { tags: WCAG_AA })).toEqual([]);
  });

  it('looks finished on a phone, in Norwegian, and in dark mode', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await endpointRow().getByText('Last delivery: Delivered (HTTP 200)').waitFor();
    await saveSettledScreenshot(page, 'webhooks-06-list-en-phone');

    await callApi(base, adminCookie, 'PATCH', '/me/profile', { language: 'nb' });
    await page.reload();
    await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
    await endpointRow().getByText('Siste levering: Levert (HTTP 200)').waitFor();
    await endpointRow()
      .getByRole('button', { name: `Leveringsloggen til ${receiverUrl}` })
      .click();
    await endpointRow().getByRole('region', { name: 'Leveringslogg' }).getByTestId('webhook-delivery').first().waitFor();
    await saveSettledScreenshot(page, 'webhooks-07-list-log-nb-phone');
    await page.getByRole('button', { name: 'Legg til endepunkt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Legg til et webhook-endepunkt' });
    await dialog.getByLabel('Endepunktets URL').fill('http://example.com/hook');
    await dialog.getByLabel('goal.reached').check();
    await dialog.getByRole('button', { name: 'Legg til endepunkt' }).click();
    await dialog.getByText('http:// er bare tillatt til denne maskinen (localhost) utenfor produksjon. Bruk https://.').waitFor();
    takeExpectedRefusal(400);
    await dialog.getByRole('heading', { name: 'Legg til et webhook-endepunkt' }).scrollIntoViewIfNeeded();
    await saveSettledScreenshot(page, 'webhooks-08-dialog-refused-nb-phone', { fullPage: false });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.reload();
    await endpointRow().getByText('Siste levering: Levert (HTTP 200)').waitFor();
    await saveSettledScreenshot(page, 'webhooks-09-list-nb-desktop');

    // The app has one palette (web/styles.css defines no dark colours): a system that prefers dark gets the light screen.
    await page.emulateMedia({ colorScheme: 'dark' });
    await saveSettledScreenshot(page, 'webhooks-10-list-nb-desktop-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    await callApi(base, adminCookie, 'PATCH', '/me/profile', { language: 'en' });
    await page.reload();
    await endpointRow().getByText('Last delivery: Delivered (HTTP 200)').waitFor();
  });

  it('deletes the endpoint after confirming', async () => {
    await endpointRow()
      .getByRole('button', { name: `Delete ${receiverUrl}` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Delete this endpoint?' });
    await confirm.getByText(/its delivery log is deleted with it/).waitFor();
    await saveSettledScreenshot(confirm, 'webhooks-11-delete-confirm-en-desktop');
    await confirm.getByRole('button', { name: 'Delete endpoint' }).click();
    await toast('Endpoint deleted').waitFor();
    await page.getByText('No webhook endpoints yet').waitFor();
    const left = await callApi<{ endpoints: unknown[] }>(base, adminCookie, 'GET', '/admin/webhooks');
    expect(left.body.endpoints).toEqual([]);
  });

  it('left no console errors', () => {
    expect(browser.consoleErrors).toEqual([]);
  });
});

describe('a rep', () => {
  it('has no Webhooks in the navigation, is sent away from the screen, and is refused by the API', async () => {
    const repBrowser = await openBrowser({ baseUrl: base });
    try {
      await signInContext(repBrowser.context, base, rep);
      const visit = await repBrowser.newPage();
      await visit.goto('/app/dashboard');
      await visit.getByRole('link', { name: 'Dashboard' }).first().waitFor();
      expect(await visit.getByRole('link', { name: 'Administration' }).count()).toBe(0);
      expect(await visit.getByRole('link', { name: 'Webhooks' }).count()).toBe(0);
      await visit.goto('/app/admin/webhooks');
      await visit.waitForURL('**/app/dashboard');
      await visit.getByText('Access denied. You need administrator privileges to access this page.').waitFor();
      expect(await visit.getByRole('heading', { name: 'Webhooks' }).count()).toBe(0);
      expect(repBrowser.consoleErrors).toEqual([]);
    } finally {
      await repBrowser.close();
    }
    const refused = await callApi(base, repCookie, 'GET', '/admin/webhooks');
    expect(refused.status).toBe(403);
  });
});

import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, WCAG_AA } from './support/axe';
import { callApi, joinCompany, makeAccount, signInContext } from './support/accounts';
import { type Browser, openBrowser, saveSettledScreenshot } from './support/browser';
import { type JourneyServer, useSharedServer } from './support/shared-server';

/*
 * Administration → Connections (decision 120): an admin adds an inbound source and copies its URL
 * and secret; a Zapier-shaped payload sent to it (signed as Standard Webhooks, from outside the
 * browser, as Zapier would) is kept for the mapping; the admin maps it against that payload on
 * screen and saves; the next call the system sends is logged as the rep's and shows on the rep's
 * day; a payload for no one is refused with its reason in the log. The screen in Norwegian, Swedish
 * and Danish on a phone in the dark. Screenshots: connections-*.
 */

const admin = makeAccount('Astrid Admin');
const rep = makeAccount('Kari Nordmann');

let server: JourneyServer;
let base: string;
let browser: Browser;
let page: Page;
let repCookie: string;
let sourceUrl = '';
let secret = '';

const zapierCall = (id: string, email: string) => ({
  id,
  event: 'call.completed',
  call: { direction: 'outbound', disposition: 'connected', duration: 312 },
  owner: { email },
  contact: { company: 'Fjord Maskin AS' },
});

/** Sends a payload as Zapier's webhook step would, signed with the source's secret. */
async function send(payload: unknown): Promise<{ status: number; body: { result?: string; error?: { code: string } } }> {
  const body = JSON.stringify(payload);
  const id = `msg_${crypto.randomUUID()}`;
  const at = new Date();
  const response = await fetch(sourceUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign(id, at, body),
    },
    body,
  });
  return { status: response.status, body: (await response.json()) as { result?: string; error?: { code: string } } };
}

beforeAll(async () => {
  server = useSharedServer();
  base = server.baseUrl;
  await joinCompany(base, admin);
  repCookie = (await joinCompany(base, rep)).cookie;
  browser = await openBrowser({ baseUrl: base, viewport: { width: 1440, height: 900 } });
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  await signInContext(browser.context, base, admin);
  page = await browser.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('an admin connects a system that logs for the team', () => {
  it('adds an inbound source from the Connections tab and copies its URL and secret', async () => {
    await page.goto('/app/admin/connections');
    const tabs = page.getByRole('navigation', { name: 'Administration' });
    await tabs.locator('a[aria-current="page"]', { hasText: 'Connections' }).waitFor();
    await page.getByText('No inbound sources yet').waitFor();
    await page.getByRole('button', { name: 'Add source' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add an inbound source' });
    await dialog.getByLabel('Name').fill('Zapier: Aircall calls');
    await dialog.getByRole('button', { name: 'Add source' }).click();
    const reveal = page.getByRole('dialog', { name: 'Your source is ready' });
    await reveal.waitFor();
    secret = await reveal.getByTestId('inbound-secret').inputValue();
    sourceUrl = await reveal.getByRole('textbox', { name: 'URL' }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    expect(sourceUrl).toMatch(/\/api\/v1\/inbound\/[0-9a-f-]{36}$/);
    await reveal.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(secret);
    await saveSettledScreenshot(reveal, 'connections-01-secret-en-desktop');
    await reveal.getByRole('button', { name: 'Done' }).click();
    await page.getByText('Not mapped yet').waitFor();
    expect(await page.locator('body').textContent()).not.toContain(secret);
  });

  it('keeps what the unmapped source sends, maps it against that payload, and logs the next call as the rep’s', async () => {
    expect(await send(zapierCall('call-1', rep.email))).toMatchObject({ status: 202, body: { result: 'kept' } });
    await page.getByRole('button', { name: 'Mapping' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mapping of Zapier: Aircall calls' });
    const preview = dialog.getByRole('region', { name: 'Try it on what was sent' });
    await preview.getByText('"disposition": "connected"').waitFor();
    await dialog.getByLabel('Whose activity').fill('owner.email');
    await dialog.getByLabel('Customer (optional)').fill('contact.company');
    await preview.getByText(`Call · Record call-1 for ${rep.email.toLowerCase()}`).waitFor();
    await preview.getByText('Customer: Fjord Maskin AS').waitFor();
    expect(await axeViolations(page, { include: '[role="dialog"]', tags: WCAG_AA })).toEqual([]);
    await saveSettledScreenshot(page, 'connections-02-mapping-en-desktop');
    await dialog.getByRole('button', { name: 'Save mapping' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Mapped', { exact: true }).waitFor();

    expect(await send(zapierCall('call-2', rep.email))).toMatchObject({ status: 200, body: { result: 'logged' } });
    const day = await callApi<{ activities: { kind: string; customerName: string | null }[] }>(base, repCookie, 'GET', '/activities/mine');
    expect(day.body.activities).toEqual([expect.objectContaining({ kind: 'call', customerName: 'Fjord Maskin AS' })]);
    // The same call again is not a second call.
    expect(await send(zapierCall('call-2', rep.email))).toMatchObject({ status: 200, body: { result: 'unchanged' } });
    // One for no one in the company is refused, with its reason in the log.
    expect(await send(zapierCall('call-3', 'nobody@example.com'))).toMatchObject({
      status: 422,
      body: { error: { code: 'unknown_member' } },
    });
    await page.getByRole('button', { name: 'Log' }).click();
    const log = page.getByRole('list', { name: 'Payloads received by Zapier: Aircall calls' });
    await log.getByText('No member of your company matches the payload.').waitFor();
    await log.getByText('Logged', { exact: true }).waitFor();
    await log.getByText('Kept for the mapping').waitFor();
    expect(await axeViolations(page, { tags: WCAG_AA })).toEqual([]);
    await saveSettledScreenshot(page, 'connections-03-log-en-desktop');
  });

  it.each([
    ['nb-NO', 'Innkommende kilder', 'Koblet', 'Logg', 'Ingen i bedriften passer med meldingen.', 'connections-04-log-nb-phone-dark'],
    ['sv-SE', 'Inkommande källor', 'Kopplad', 'Logg', 'Ingen i företaget matchar meddelandet.', 'connections-05-log-sv-phone-dark'],
    ['da-DK', 'Indgående kilder', 'Koblet', 'Log', 'Ingen i virksomheden passer med beskeden.', 'connections-06-log-da-phone-dark'],
  ])('reads in %s on a phone in the dark', async (locale, title, mapped, logButton, refusal, shot) => {
    const phone = await openBrowser({ baseUrl: base, viewport: { width: 390, height: 844 }, locale });
    try {
      await signInContext(phone.context, base, admin);
      const phonePage = await phone.newPage();
      await phonePage.emulateMedia({ colorScheme: 'dark' });
      await phonePage.goto('/app/admin/connections');
      await phonePage.getByText(title, { exact: true }).first().waitFor();
      await phonePage.getByText(mapped, { exact: true }).waitFor();
      await phonePage.getByRole('button', { name: logButton, exact: true }).click();
      await phonePage.getByText(refusal).waitFor();
      expect(await axeViolations(phonePage, { tags: WCAG_AA })).toEqual([]);
      await saveSettledScreenshot(phonePage, shot);
      expect(phone.consoleErrors).toEqual([]);
    } finally {
      await phone.close();
    }
    expect(browser.consoleErrors).toEqual([]);
  });
});

import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { createVerifiedAccount, makeAccount, signInContext } from './support/accounts';
import { type Browser, openBrowser, saveScreenshot } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/*
 * The contact journeys: a visitor books a demo through /contact. Bad input gets a clear
 * message under each field and nothing typed is lost; a good request is stored and confirmed; the
 * sixth request in an hour is refused with a clear message; the admin reads the request in the
 * console's Inbox and marks it handled.
 *
 * Its own server on a fresh data folder: the admin must be the company's first member, whatever
 * other journeys did, and the rate limit counts per client address (every browser here is 127.0.0.1).
 */
const admin = makeAccount('Olga Operator');

let server: RunningServer;
let webCopy: string;
let baseUrl: string;
let visitor: Browser;
let page: Page;
const posts: number[] = [];

const MESSAGE = 'We are 30 sellers in Bergen and Oslo and would like a demo with our own KPIs next week.';

const fieldError = (target: Page, field: string) => target.locator(`[data-field-error="${field}"]`);
const visibleErrors = (target: Page) =>
  target
    .locator('[data-field-error]')
    .evaluateAll((nodes) =>
      Object.fromEntries(nodes.filter((n) => !(n as HTMLElement).hidden).map((n) => [n.getAttribute('data-field-error'), n.textContent])),
    );

async function fillValid(target: Page, overrides: { name?: string; message?: string } = {}) {
  await target.getByLabel('Your name').fill(overrides.name ?? 'Kari Nordmann');
  await target.getByLabel('Work e-mail').fill('kari@fjordsalg.no');
  await target.getByLabel('Company').fill('Fjordsalg AS');
  await target.getByLabel('Team size').selectOption('21-50');
  await target.getByLabel('Message').fill(overrides.message ?? MESSAGE);
}

beforeAll(async () => {
  const built = resolve(process.env.E2E_WEB_DIST ?? 'dist/web');
  if (!existsSync(join(built, 'site', 'manifest.json'))) throw new Error(`No built public site in ${built}: run \`npx vite build\` first.`);
  webCopy = mkdtempSync(join(tmpdir(), 'dealboard-contact-web-'));
  cpSync(built, webCopy, { recursive: true });
  server = await startServer({ WEB_DIST_DIR: webCopy });
  baseUrl = server.baseUrl;
  visitor = await openBrowser({ baseUrl });
  page = await visitor.newPage();
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/contact') posts.push(Date.now());
  });
});

afterAll(async () => {
  await visitor?.close();
  await server?.stop();
  if (webCopy) rmSync(webCopy, { recursive: true, force: true });
});

describe('the contact form', () => {
  it('rejects an empty form with a clear message under each field, sending nothing', async () => {
    await page.goto('/contact');
    await page.getByRole('heading', { level: 1, name: 'Talk to us' }).waitFor();
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('alert').innerText()).resolves.toBe('Please check the fields marked below.');
    await expect(visibleErrors(page)).resolves.toEqual({
      name: 'Enter your name.',
      email: 'Enter a valid e-mail address, like name@company.no.',
      teamSize: 'Choose the size of your team.',
      message: 'Tell us a little more: at least 10 characters.',
    });
    await expect(page.getByLabel('Your name').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('contact-name');
    await expect(page.getByLabel('Company').getAttribute('aria-invalid')).resolves.toBeNull(); // optional
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, 'contact-01-errors');
    await expect(axeViolations(page)).resolves.toEqual([]);
    expect(posts).toEqual([]);
  });

  it('keeps what was typed, and clears each message as the field is fixed', async () => {
    await page.getByLabel('Your name').fill('Kari Nordmann');
    await page.getByLabel('Work e-mail').fill('kari@');
    await page.getByLabel('Message').fill('Demo?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(visibleErrors(page)).resolves.toEqual({
      email: 'Enter a valid e-mail address, like name@company.no.',
      teamSize: 'Choose the size of your team.',
      message: 'Tell us a little more: at least 10 characters.',
    });
    await expect(page.getByLabel('Work e-mail').inputValue()).resolves.toBe('kari@');
    await expect(page.getByLabel('Message').inputValue()).resolves.toBe('Demo?');
    await page.getByLabel('Work e-mail').fill('kari@fjordsalg.no');
    await expect(fieldError(page, 'email').isHidden()).resolves.toBe(true);
    await expect(page.getByLabel('Work e-mail').getAttribute('aria-invalid')).resolves.toBeNull();
    await page.getByLabel('Team size').selectOption('21-50');
    await expect(fieldError(page, 'teamSize').isHidden()).resolves.toBe(true);
    expect(posts).toEqual([]);
  });

  it('shows the server’s field messages when it refuses the input', async () => {
    // The contract is shared, so the browser already catches what the server would; fake one refusal
    // to prove the answer's field details reach the right fields (in the page's language).
    await page.route('**/api/v1/contact', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          error: {
            code: 'invalid_input',
            message: 'email: invalid',
            details: { email: 'Enter a valid e-mail address, like name@company.no' },
          },
        }),
      }),
    );
    await fillValid(page);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => visibleErrors(page)).toEqual({ email: 'Enter a valid e-mail address, like name@company.no.' });
    await expect(page.getByLabel('Message').inputValue()).resolves.toBe(MESSAGE);
    await page.unroute('**/api/v1/contact');
    visitor.consoleErrors.splice(0, visitor.consoleErrors.length, ...visitor.consoleErrors.filter((e) => !e.includes('status of 400')));
    posts.length = 0;
  });

  it('stores a good request and confirms it', async () => {
    await fillValid(page);
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByRole('heading', { name: 'Thank you! We have your message.' }).waitFor();
    await expect(page.locator('[data-success-text]').innerText()).resolves.toBe(
      'We will answer you at kari@fjordsalg.no, usually within one working day.',
    );
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Thank you! We have your message.');
    expect(posts).toHaveLength(1);
    await saveScreenshot(page, 'contact-02-sent');
    expect(visitor.consoleErrors).toEqual([]);
  });

  it('refuses the sixth request in an hour with a clear message, losing nothing', async () => {
    for (let i = 2; i <= 5; i++) {
      await page.getByRole('button', { name: 'Send another message' }).click();
      await fillValid(page, { message: `Follow-up number ${i}: ${MESSAGE}` });
      await page.getByRole('button', { name: 'Send message' }).click();
      await page.getByRole('heading', { name: 'Thank you! We have your message.' }).waitFor();
    }
    await page.getByRole('button', { name: 'Send another message' }).click();
    await fillValid(page, { message: 'One more, which is one too many this hour.' });
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect
      .poll(() => page.locator('[data-form-error]').innerText())
      .toBe('You have sent several messages in the last hour. Please try again later; we have the ones you already sent.');
    await expect(page.getByLabel('Message').inputValue()).resolves.toBe('One more, which is one too many this hour.');
    await saveScreenshot(page, 'contact-03-rate-limited');
    const refused = visitor.consoleErrors.filter((e) => e.includes('status of 429'));
    expect(refused).toHaveLength(1);
    visitor.consoleErrors.splice(0, visitor.consoleErrors.length, ...visitor.consoleErrors.filter((e) => !refused.includes(e)));
    expect(visitor.consoleErrors).toEqual([]);

    // Sent before the page's script ran (form.submit() passes the script by, as a tap before it has
    // loaded does): the server sends it on, and the page comes back with the answer and every field
    // as typed; nothing of the message goes into the address.
    await page.getByLabel('Message').fill('Sent before the script had loaded, also one too many.');
    await Promise.all([
      page.waitForEvent('load'),
      page.locator('form[data-contact-form]').evaluate((form: HTMLFormElement) => form.submit()),
    ]);
    await expect
      .poll(() => page.locator('[data-form-error]').innerText())
      .toBe('You have sent several messages in the last hour. Please try again later; we have the ones you already sent.');
    await expect(page.getByLabel('Message').inputValue()).resolves.toBe('Sent before the script had loaded, also one too many.');
    await expect(page.getByLabel('Company').inputValue()).resolves.toBe('Fjordsalg AS');
    await expect(page.getByLabel('Team size').inputValue()).resolves.toBe('21-50');
    expect(new URL(page.url()).search).toBe('');
    visitor.consoleErrors.splice(0, visitor.consoleErrors.length, ...visitor.consoleErrors.filter((e) => !e.includes('status of 429')));
    expect(visitor.consoleErrors).toEqual([]);
  });

  it('speaks Norwegian to a Norwegian browser', async () => {
    const norwegian = await openBrowser({ baseUrl, locale: 'nb-NO', viewport: { width: 390, height: 844 } });
    try {
      const nb = await norwegian.newPage();
      await nb.goto('/contact');
      await nb.getByRole('heading', { level: 1, name: 'Snakk med oss' }).waitFor();
      await nb.getByRole('button', { name: 'Send melding' }).click();
      await expect(visibleErrors(nb)).resolves.toEqual({
        name: 'Skriv inn navnet ditt.',
        email: 'Skriv inn en gyldig e-postadresse, som navn@selskap.no.',
        teamSize: 'Velg hvor stort teamet er.',
        message: 'Fortell oss litt mer: minst 10 tegn.',
      });
      await saveScreenshot(nb, 'contact-04-norwegian-phone');
      expect(norwegian.consoleErrors).toEqual([]);
    } finally {
      await norwegian.close();
    }
  });
});

describe('the admin Inbox', () => {
  it('shows the request to the admin, who marks it handled', async () => {
    await createVerifiedAccount(baseUrl, admin);
    const adminBrowser = await openBrowser({ baseUrl });
    try {
      await signInContext(adminBrowser.context, baseUrl, admin);
      const inbox = await adminBrowser.newPage();
      await inbox.goto('/app');
      await inbox.getByText("You've been set up as an admin").waitFor();
      await inbox.goto('/app/admin/users');
      await inbox.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Inbox' }).click();
      await inbox.waitForURL('**/app/admin/inbox');
      await inbox.getByRole('heading', { name: 'Contact requests' }).waitFor();
      await expect.poll(() => inbox.getByRole('heading', { name: 'Contact requests' }).innerText()).toMatch(/5 open/);
      const request = inbox.locator('[data-contact-request="kari@fjordsalg.no"]', { hasText: MESSAGE }).filter({ hasNotText: 'Follow-up' });
      await expect(request.innerText()).resolves.toMatch(/Kari Nordmann[\s\S]*kari@fjordsalg\.no[\s\S]*Fjordsalg AS[\s\S]*Team of 21-50/);
      await expect(inbox.locator('[data-contact-request]').filter({ hasText: 'one too many' }).count()).resolves.toBe(0);
      await expect(request.getByRole('link', { name: 'Reply by e-mail' }).getAttribute('href')).resolves.toMatch(
        /^mailto:kari@fjordsalg\.no\?subject=/,
      );
      await saveScreenshot(inbox, 'contact-05-admin-inbox');
      await expect(axeViolations(inbox)).resolves.toEqual([]);

      await request.getByRole('button', { name: 'Mark handled' }).click();
      await inbox.locator('[data-sonner-toast]').filter({ hasText: 'Marked as handled' }).waitFor();
      await expect.poll(() => inbox.locator('[data-contact-request]').count()).toBe(4);
      await inbox.getByRole('button', { name: 'Handled', exact: true }).click();
      await expect.poll(() => inbox.locator('[data-contact-request]').count()).toBe(1);
      await expect(inbox.locator('[data-contact-request]').innerText()).resolves.toMatch(/Handled/);
      await saveScreenshot(inbox, 'contact-06-admin-inbox-handled');
      expect(adminBrowser.consoleErrors).toEqual([]);
    } finally {
      await adminBrowser.close();
    }
  });
});

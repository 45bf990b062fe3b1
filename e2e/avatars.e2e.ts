import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, WCAG_AA } from './support/axe';
import { type Account, joinCompany, makeAccount, signInContext } from './support/accounts';
import { type Browser, openBrowser, saveSettledScreenshot } from './support/browser';
import { type JourneyServer, useSharedServer } from './support/shared-server';

/*
 * Decision 023's journey: a rep uploads a profile picture in Personal settings (preview, then
 * Save) and sees it at once in the shell and on the boards; colleagues' pictures show on the
 * dashboard and on the signed-out TV; every picture comes from our own origin and the page's
 * Content-Security-Policy allows no outside image host. Screenshots in English and Norwegian.
 *
 * A company of its own on the journeys' shared server: its first person is the admin (the display link).
 */

const kari = makeAccount('Kari Nordmann');
const ola = makeAccount('Ola Hansen');
const sofie = makeAccount('Sofie Berg');

let server: JourneyServer;
let baseUrl: string;
const cookies = new Map<Account, string>();
const browsers: Browser[] = [];

/** The API as `account`, with a JSON or an image body; throws unless it succeeds. */
async function callAs<T>(
  account: Account,
  method: string,
  path: string,
  init: { json?: unknown; body?: Uint8Array<ArrayBuffer>; type?: string } = {},
) {
  const headers: Record<string, string> = { origin: baseUrl, cookie: cookies.get(account)! };
  let body: BodyInit | undefined;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.body) {
    headers['content-type'] = init.type ?? 'image/png';
    body = init.body;
  }
  const response = await fetch(`${baseUrl}/api/v1${path}`, { method, headers, body });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A friendly portrait placeholder (a head and shoulders on a gradient), drawn here and sent as a PNG or JPEG. */
async function portrait(from: string, to: string, skin: string, format: 'png' | 'jpeg' = 'png'): Promise<Uint8Array<ArrayBuffer>> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="600" height="600" fill="url(#g)"/>
    <circle cx="300" cy="250" r="115" fill="${skin}"/>
    <ellipse cx="300" cy="600" rx="210" ry="170" fill="#ffffff" fill-opacity="0.85"/>
  </svg>`;
  const image = sharp(Buffer.from(svg));
  return new Uint8Array(await (format === 'png' ? image.png() : image.jpeg({ quality: 85 })).toBuffer());
}

/** Every picture the page shows, with whether it has loaded; none may come from another origin. */
async function picturesOn(page: Page): Promise<{ src: string; loaded: boolean }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('img')].map((img) => ({ src: img.currentSrc || img.src, loaded: img.complete && img.naturalWidth > 0 })),
  );
}

async function expectOnlyOurPictures(page: Page, minimum: number) {
  await expect
    .poll(async () => (await picturesOn(page)).filter((p) => p.loaded).length, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(minimum);
  for (const { src } of await picturesOn(page))
    expect(src.startsWith(`${baseUrl}/api/v1/avatars/`) || src.startsWith('blob:'), src).toBe(true);
}

async function open(account: Account, locale = 'en-US', viewport?: { width: number; height: number }) {
  const browser = await openBrowser({ baseUrl, locale, viewport });
  browsers.push(browser);
  await signInContext(browser.context, baseUrl, account);
  return { browser, page: await browser.newPage() };
}

beforeAll(async () => {
  server = useSharedServer();
  baseUrl = server.baseUrl;
  for (const account of [kari, ola, sofie]) cookies.set(account, (await joinCompany(baseUrl, account)).cookie); // Kari first: the admin
  await callAs(ola, 'PUT', '/me/avatar', { body: await portrait('#0ea5e9', '#6366f1', '#f1c27d') });
  await callAs(sofie, 'PUT', '/me/avatar', { body: await portrait('#f97316', '#db2777', '#e0ac69', 'jpeg'), type: 'image/jpeg' });
  const booked = { kind: 'call', answered: true, outcome: 'meeting_booked' };
  const missed = { kind: 'call', answered: false };
  const calls: [Account, object][] = [
    [ola, booked],
    [ola, missed],
    [sofie, booked],
    [sofie, missed],
    [kari, missed],
    [ola, missed],
  ];
  for (const [who, json] of calls) await callAs(who, 'POST', '/activities', { json });
  await callAs(sofie, 'POST', '/activities', { json: { kind: 'meeting' } });
  await callAs(ola, 'POST', '/activities', { json: { kind: 'sale', ticketSize: 1_250_000 } });
});

afterAll(async () => {
  for (const browser of browsers) await browser.close();
  await server?.stop();
});

describe('a profile picture, uploaded and shown everywhere', () => {
  it('Kari uploads a picture in Personal settings: preview, Save, and it shows at once', async () => {
    const { browser, page } = await open(kari);
    const response = await page.goto('/app/settings');
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/img-src 'self' data: blob:(;|$)/);
    expect(csp).not.toMatch(/img-src[^;]*https:/);

    await page.getByRole('heading', { name: 'Your profile' }).waitFor();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload picture' }).click();
    await (
      await chooser
    ).setFiles({ name: 'kari.png', mimeType: 'image/png', buffer: Buffer.from(await portrait('#10b981', '#0f766e', '#c68642')) });
    await page.getByText('Preview: this is how your picture will look').waitFor();
    await saveSettledScreenshot(page, 'avatars-01-settings-preview-en');

    await page.getByRole('button', { name: 'Save picture' }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Profile picture updated' }).waitFor();
    await page.getByRole('button', { name: 'Change picture' }).waitFor();
    // The shell's avatar menu shows it too, from our own path.
    const shellPicture = page.getByRole('button', { name: 'Account menu' }).locator('img');
    await shellPicture.waitFor();
    expect(await shellPicture.getAttribute('src')).toMatch(/^\/api\/v1\/avatars\/[0-9a-f-]{36}$/);
    await expectOnlyOurPictures(page, 2);
    await page.mouse.move(0, 0);
    await saveSettledScreenshot(page, 'avatars-02-settings-picture-en');
    expect(await axeViolations(page, { tags: WCAG_AA })).toEqual([]);

    await page.goto('/app');
    await page.getByTestId('leaderboard-row').first().waitFor();
    await expectOnlyOurPictures(page, 3); // Kari, Ola and Sofie on the leaderboard (and Kari in the shell)
    await saveSettledScreenshot(page, 'avatars-03-dashboard-en');
    expect(browser.consoleErrors).toEqual([]);
  });

  it('in Norwegian: the settings card and the team overview', async () => {
    await callAs(kari, 'PATCH', '/me/profile', { json: { language: 'nb' } });
    const { browser, page } = await open(kari, 'nb-NO');
    await page.goto('/app/settings');
    await page.getByRole('heading', { name: 'Profilen din' }).waitFor();
    await page.getByRole('button', { name: 'Bytt bilde' }).waitFor();
    await page.getByRole('button', { name: 'Fjern' }).waitFor();
    await expectOnlyOurPictures(page, 2);
    await saveSettledScreenshot(page, 'avatars-04-settings-picture-nb');

    await page.goto('/app/team/overview');
    await page.getByTestId('today-row').first().waitFor();
    await expectOnlyOurPictures(page, 3);
    await saveSettledScreenshot(page, 'avatars-05-team-overview-nb');
    await page.goto('/app');
    await page.getByTestId('leaderboard-row').first().waitFor();
    await expectOnlyOurPictures(page, 3);
    await saveSettledScreenshot(page, 'avatars-06-dashboard-nb');
    expect(browser.consoleErrors).toEqual([]);
    await callAs(kari, 'PATCH', '/me/profile', { json: { language: null } });
  });

  it('the signed-out wall screen shows the pictures through a display link', async () => {
    const { token } = await callAs<{ token: string }>(kari, 'POST', '/display-links', { json: { name: 'Sales floor TV' } });
    const browser = await openBrowser({ baseUrl, viewport: { width: 1920, height: 1080 } });
    browsers.push(browser);
    const page = await browser.newPage();
    await page.goto(`/tv?display=${token}`);
    await page.getByTestId('tv-row').first().waitFor();
    await expectOnlyOurPictures(page, 3);
    await saveSettledScreenshot(page, 'avatars-07-tv-1920');
    expect(browser.consoleErrors).toEqual([]);
  });

  it('removing the picture brings the initial back everywhere', async () => {
    const { page } = await open(kari);
    await page.goto('/app/settings');
    await page.getByRole('button', { name: 'Remove' }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Profile picture removed' }).waitFor();
    await page.getByRole('button', { name: 'Upload picture' }).waitFor();
    await expect.poll(async () => page.getByRole('button', { name: 'Account menu' }).locator('img').count()).toBe(0);
  });
});

import { buildWeeklyDigest, type DigestCompanyWeek, type DigestDayRow } from '@core/digest';
import type { LocalDate } from '@core/period';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { renderDigestMail } from '../server/mail/digest-mail';
import { signDigestToken } from '../server/modules/digest/digest-token';
import { callApi, joinCompany, type Joined, makeAccount, signInContext } from './support/accounts';
import { axeViolations, WCAG_AA } from './support/axe';
import { type Browser, openBrowser, saveSettledScreenshot } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/*
 * The weekly digest (decision 047) in a real browser: the switch in Settings, Personal turns it off
 * and on; the mail's one-click link opens a page that shows the state without changing it, and its
 * button unsubscribes and subscribes again, in the person's language, on a desktop and a phone.
 * The digest mail itself is rendered from core's builder and the mail template and photographed.
 */

// The server signs unsubscribe links with its secret; the test knows it, so it can make the link a digest carries.
const SECRET = 'e2e-digest-secret-e2e-digest-secret-0123456789';
const admin = makeAccount('Astrid Admin');
const rep = makeAccount('Ola Hansen');

let server: RunningServer;
let base: string;
let browser: Browser;
let page: Page;
let joinedRep: Joined;
let joinedAdmin: Joined;

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 860 };
const digestCard = (p: Page) =>
  p.locator('[data-slot="card"]').filter({ has: p.getByRole('switch', { name: /weekly digest|ukeoppsummeringen/ }) });
const digestSwitch = (p: Page) => p.getByRole('switch', { name: /Mail me the weekly digest|Send meg ukeoppsummeringen/ });

async function profile(): Promise<{ digestOptOut: boolean }> {
  return (await callApi<{ digestOptOut: boolean }>(base, joinedRep.cookie, 'GET', '/me/profile')).body;
}

beforeAll(async () => {
  server = await startServer({ WEB_DIST_DIR: inject('webDist'), AUTH_SECRET: SECRET });
  base = server.baseUrl;
  joinedAdmin = await joinCompany(base, admin);
  joinedRep = await joinCompany(base, rep);
  browser = await openBrowser({ baseUrl: base });
  await signInContext(browser.context, base, rep);
  page = await browser.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('turning the weekly digest off and on', () => {
  it('Settings, Personal: the switch saves at once, in English and Norwegian, on a desktop and a phone', async () => {
    await page.goto('/app/settings');
    await expect.poll(() => digestSwitch(page).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await digestSwitch(page).getAttribute('aria-checked')).toBe('true');
    await digestCard(page).scrollIntoViewIfNeeded();
    await saveSettledScreenshot(page, 'digest-settings-desktop-en');
    expect(await axeViolations(page, { tags: WCAG_AA })).toEqual([]);

    await digestSwitch(page).click();
    await expect.poll(async () => (await profile()).digestOptOut, { timeout: 10_000 }).toBe(true);
    expect(await digestSwitch(page).getAttribute('aria-checked')).toBe('false');
    await page.setViewportSize(PHONE);
    await saveSettledScreenshot(page, 'digest-settings-off-phone-en');

    await callApi(base, joinedRep.cookie, 'PATCH', '/me/profile', { language: 'nb', digestOptOut: false });
    await page.reload();
    await expect.poll(() => page.getByText('Send meg ukeoppsummeringen').isVisible(), { timeout: 10_000 }).toBe(true);
    await saveSettledScreenshot(page, 'digest-settings-phone-nb');
    await page.setViewportSize(DESKTOP);
    await saveSettledScreenshot(page, 'digest-settings-desktop-nb');
    await callApi(base, joinedRep.cookie, 'PATCH', '/me/profile', { language: 'en' });
  });

  it("the mail's link: the page shows the state, its button unsubscribes and subscribes again, without signing in", async () => {
    const token = signDigestToken(SECRET, { companyId: joinedRep.me.company!.id, userId: joinedRep.id });
    const visitor = await openBrowser({ baseUrl: base }); // signed out
    try {
      const link = await visitor.newPage();
      await link.goto(`/unsubscribe/digest?token=${token}`);
      await expect.poll(() => link.getByRole('heading', { name: 'You get the weekly digest' }).isVisible(), { timeout: 10_000 }).toBe(true);
      expect((await profile()).digestOptOut).toBe(false); // opening the link changed nothing
      await saveSettledScreenshot(link, 'digest-unsubscribe-desktop-en');
      expect(await axeViolations(link, { tags: WCAG_AA })).toEqual([]);

      await link.getByRole('button', { name: 'Unsubscribe' }).click();
      await expect.poll(() => link.getByRole('heading', { name: 'You are unsubscribed' }).isVisible(), { timeout: 10_000 }).toBe(true);
      expect((await profile()).digestOptOut).toBe(true);
      await saveSettledScreenshot(link, 'digest-unsubscribed-desktop-en');
      await link.setViewportSize(PHONE);
      await saveSettledScreenshot(link, 'digest-unsubscribed-phone-en');

      await link.getByRole('button', { name: 'Subscribe again' }).click();
      await expect.poll(() => link.getByRole('heading', { name: 'You get the weekly digest' }).isVisible(), { timeout: 10_000 }).toBe(true);
      expect((await profile()).digestOptOut).toBe(false);

      // In the person's saved language.
      await callApi(base, joinedRep.cookie, 'PATCH', '/me/profile', { language: 'nb' });
      await link.reload();
      await expect.poll(() => link.getByRole('heading', { name: 'Du får ukeoppsummeringen' }).isVisible(), { timeout: 10_000 }).toBe(true);
      await saveSettledScreenshot(link, 'digest-unsubscribe-phone-nb');
      await link.setViewportSize(DESKTOP);
      await saveSettledScreenshot(link, 'digest-unsubscribe-desktop-nb');

      // A changed link says so, in the browser's language: it no longer says whose it is.
      const response = await link.goto(`/unsubscribe/digest?token=${token.slice(0, -3)}xyz`);
      expect(response?.status()).toBe(400);
      await expect.poll(() => link.getByRole('heading', { name: 'This link does not work' }).isVisible(), { timeout: 10_000 }).toBe(true);
      await saveSettledScreenshot(link, 'digest-unsubscribe-invalid-desktop-en');
    } finally {
      await visitor.close();
    }
  });
});

describe("an admin's preview of this week's digest (decision 088)", () => {
  it('shows the mail as it will go and sends it to the admin, in English and Norwegian, on a desktop and a phone', async () => {
    await callApi(base, joinedAdmin.cookie, 'POST', '/activities', { kind: 'call', answered: false });
    const adminBrowser = await openBrowser({ baseUrl: base });
    try {
      await signInContext(adminBrowser.context, base, admin);
      const desk = await adminBrowser.newPage();
      for (const [language, open, title, viewport] of [
        ['en', "Preview this week's digest", "This week's digest, so far", DESKTOP],
        ['en', "Preview this week's digest", "This week's digest, so far", PHONE],
        ['nb', 'Forhåndsvis ukens oppsummering', 'Ukens oppsummering så langt', DESKTOP],
        ['nb', 'Forhåndsvis ukens oppsummering', 'Ukens oppsummering så langt', PHONE],
      ] as const) {
        await callApi(base, joinedAdmin.cookie, 'PATCH', '/me/profile', { language });
        await desk.setViewportSize(viewport);
        await desk.goto('/app/settings');
        await desk.getByRole('button', { name: open }).click();
        const dialog = desk.getByRole('dialog', { name: title });
        await dialog.getByTestId('digest-preview-frame').waitFor();
        await expect
          .poll(() => desk.frameLocator('[data-testid="digest-preview-frame"]').locator('body').textContent())
          .toContain('Astrid');
        // The running week's words, never "last week": the preview is of this week so far.
        expect(await desk.frameLocator('[data-testid="digest-preview-frame"]').locator('body').textContent()).toContain(
          language === 'en' ? 'This week so far' : 'Denne uka så langt',
        );
        await saveSettledScreenshot(desk, `digest-preview-${language}-${viewport === PHONE ? 'phone' : 'desktop'}`, { fullPage: false });
        await desk.keyboard.press('Escape');
      }
      await callApi(base, joinedAdmin.cookie, 'PATCH', '/me/profile', { language: 'en' });
      await desk.reload();
      await desk.getByRole('button', { name: 'Send it to me' }).click();
      await desk.locator('[data-sonner-toast]').filter({ hasText: 'The preview is on its way' }).first().waitFor();
      expect(adminBrowser.consoleErrors).toEqual([]);
    } finally {
      await adminBrowser.close();
    }
  });
});

describe('the digest mail', () => {
  const d = (day: string) => day as LocalDate;
  const zero = { calls: 0, meetings_booked: 0, meetings_held: 0, sales: 0, sales_value: 0, points: 0 };
  const row = (userId: string, day: string, values: Partial<typeof zero>): DigestDayRow => ({ userId, day: d(day), ...zero, ...values });
  const week: DigestCompanyWeek = {
    weekStart: d('2026-11-16'),
    timeZone: 'Europe/Oslo',
    calendar: { country: 'NO', daysOff: new Set() },
    members: [
      { userId: 'lead', name: 'Lars Lead', teamId: 'oslo', isActive: true, onBoards: true },
      { userId: 'kari', name: 'Kari Nordmann', teamId: 'oslo', isActive: true, onBoards: true },
      { userId: 'ola', name: 'Ola Hansen', teamId: 'oslo', isActive: true, onBoards: true },
      { userId: 'bjørn', name: 'Bjørn Berg', teamId: 'bergen', isActive: true, onBoards: true },
      { userId: 'åse', name: 'Åse Aas', teamId: 'bergen', isActive: true, onBoards: true },
      { userId: 'siri', name: 'Siri Solo', teamId: null, isActive: true, onBoards: true },
    ],
    teams: [
      { id: 'oslo', name: 'Oslo' },
      { id: 'bergen', name: 'Bergen' },
    ],
    days: [
      // The week before, to compare with.
      row('kari', '2026-11-10', { calls: 30, meetings_booked: 2, points: 70 }),
      row('ola', '2026-11-11', { calls: 12, points: 12 }),
      row('bjørn', '2026-11-12', { calls: 20, sales: 2, sales_value: 30_000_00, points: 100 }),
      // The week.
      row('kari', '2026-11-16', { calls: 14, meetings_booked: 1, points: 24 }),
      row('kari', '2026-11-18', { calls: 22, meetings_booked: 3, meetings_held: 1, points: 52 }),
      row('kari', '2026-11-19', { calls: 9, sales: 1, sales_value: 12_500_00, points: 40 }),
      row('ola', '2026-11-17', { calls: 6, points: 6 }),
      row('lead', '2026-11-18', { calls: 4, meetings_held: 2, points: 14 }),
      row('bjørn', '2026-11-18', { calls: 18, meetings_booked: 2, sales: 1, sales_value: 45_000_00, points: 86 }),
      row('åse', '2026-11-19', { calls: 1, points: 1 }),
      row('siri', '2026-11-20', { meetings_booked: 1, points: 5 }),
    ],
    targets: [
      { userId: 'kari', metric: 'calls', period: 'week', value: 40, effectiveFrom: '2026-11-01', endsOn: null },
      { userId: 'kari', metric: 'sales_value', period: 'month', value: 50_000_00, effectiveFrom: '2026-11-01', endsOn: null },
      { userId: 'ola', metric: 'calls', period: 'week', value: 40, effectiveFrom: '2026-11-01', endsOn: null },
      { userId: 'åse', metric: 'calls', period: 'week', value: 30, effectiveFrom: '2026-11-01', endsOn: null },
    ],
    teamTargets: [
      { teamId: 'oslo', metric: 'calls', period: 'week', value: 100, effectiveFrom: '2026-11-01', endsOn: null },
      { teamId: 'bergen', metric: 'sales', period: 'month', value: 4, effectiveFrom: '2026-11-01', endsOn: null },
    ],
  };

  for (const language of ['en', 'nb', 'sv', 'da'] as const) {
    it(`a rep's, a lead's and an admin's digest as a mail client shows them (${language})`, async () => {
      const mailPage = await browser.newPage();
      for (const [who, reader] of [
        ['rep', { userId: 'kari', role: 'user', ledTeamIds: [] }],
        ['lead', { userId: 'lead', role: 'user', ledTeamIds: ['oslo'] }],
        ['admin', { userId: 'siri', role: 'admin', ledTeamIds: [] }],
      ] as const) {
        const digest = buildWeeklyDigest(
          week,
          { ...reader, ledTeamIds: [...reader.ledTeamIds] },
          { count: who === 'lead' ? 1 : 3, unread: true },
        )!;
        const mail = renderDigestMail({
          brand: 'Dealboard',
          to: 'kari@example.com',
          name: { rep: 'Kari Nordmann', lead: 'Lars Lead', admin: 'Siri Solo' }[who],
          language,
          currency: 'NOK',
          digest,
          appUrl: `${base}/app`,
          unsubscribeUrl: `${base}/unsubscribe/digest?token=example`,
        });
        await mailPage.setViewportSize(DESKTOP);
        await mailPage.setContent(mail.html!);
        await saveSettledScreenshot(mailPage, `digest-mail-${who}-desktop-${language}`);
        await mailPage.setViewportSize(PHONE);
        await saveSettledScreenshot(mailPage, `digest-mail-${who}-phone-${language}`);
        // Read on a phone: nothing wider than its screen, and the whole mail in a few screens' scroll.
        const size = await mailPage.evaluate(() => ({
          width: document.documentElement.scrollWidth,
          height: document.documentElement.scrollHeight,
          screen: window.innerWidth,
        }));
        expect(size.width).toBeLessThanOrEqual(size.screen);
        expect(size.height).toBeLessThanOrEqual(2 * PHONE.height); // an admin's, the longest: 1,333-1,447 px at 390 px
      }
      await mailPage.close();
    });
  }
});

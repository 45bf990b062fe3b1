import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Browser, openBrowser, saveSettledScreenshot } from './support/browser';
import { findMailLink, makeAccount, signInContext } from './support/accounts';
import { type RunningServer, startServer } from './support/server';

/*
 * The first run (decision 042), as a new sales manager meets it: they sign up first on a fresh
 * installation, the dashboard asks them to finish the setup, they name the company, keep the time
 * zone and currency, turn on e-mail logging and invite two colleagues by pasting their addresses.
 * The colleagues open their invitation mail in the dev mailbox, create accounts and join; the
 * checklist is gone and the invitation list shows both Accepted.
 */
let server: RunningServer;
let baseUrl: string;
let browser: Browser;
const admin = makeAccount('Maja Manager');
const colleagues = [makeAccount('Kari Kollega'), makeAccount('Per Partner')];
const PHONE = { width: 390, height: 844 };

beforeAll(async () => {
  // Its own server: the first person to join becomes the admin of a company still called "Min bedrift".
  server = await startServer({ WEB_DIST_DIR: inject('webDist') });
  baseUrl = server.baseUrl;
  browser = await openBrowser({ baseUrl });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const toast = (target: Page, text: string | RegExp) => target.locator('[data-sonner-toast]').filter({ hasText: text }).first();

/** The same screen at phone width and in Norwegian, for the screenshots. */
async function shootVariants(path: string, name: string, waitFor: (page: Page, language: 'en' | 'nb') => Promise<void>) {
  for (const [language, locale] of [
    ['en', 'en-US'],
    ['nb', 'nb-NO'],
  ] as const) {
    for (const [width, viewport] of [
      ['desktop', undefined],
      ['phone', PHONE],
    ] as const) {
      if (language === 'en' && width === 'desktop') continue; // the journey itself takes these
      const other = await openBrowser({ baseUrl, locale, viewport });
      try {
        await signInContext(other.context, baseUrl, admin);
        const page = await other.newPage();
        await page.goto(path);
        await waitFor(page, language);
        await saveSettledScreenshot(page, `setup-${name}-${width}-${language}`);
        expect(other.consoleErrors).toEqual([]);
      } finally {
        await other.close();
      }
    }
  }
}

describe('first run', () => {
  it('a new admin signs up and the dashboard asks them to finish the setup', async () => {
    const page = await browser.newPage();
    await page.goto('/auth/register');
    await page.getByLabel('Full Name').fill(admin.name);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await page.goto(await findMailLink(baseUrl, admin.email, /verify-email/));
    await page.waitForURL('**/app');
    const checklist = page.getByTestId('setup-checklist');
    await checklist.getByText('Finish setting up your company').waitFor();
    await checklist.getByText('0 of 5 steps done').first().waitFor();
    await saveSettledScreenshot(page, 'setup-checklist-desktop-en');
    await shootVariants('/app', 'checklist', async (p, language) => {
      await p
        .getByTestId('setup-checklist')
        .getByText(language === 'en' ? 'Finish setting up your company' : 'Gjør ferdig oppsettet av bedriften')
        .waitFor();
    });
  });

  it('names the company, keeps the time zone and currency, turns on e-mail logging', async () => {
    const page = await browser.newPage();
    await page.goto('/app');
    await page.getByRole('link', { name: 'Name the company' }).click();
    await page.waitForURL('**/app/setup?step=company');
    await page.getByRole('heading', { name: 'What is the company called?' }).waitFor();
    await saveSettledScreenshot(page, 'setup-company-desktop-en');
    // An empty name is refused where it is typed.
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText("Enter the company's name.").waitFor();
    await page.getByLabel('Company name').fill('Nordlys Salg AS');
    await page.getByRole('button', { name: 'Save and continue' }).click();

    await page.getByRole('heading', { name: 'Which time zone does the team work in?' }).waitFor();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByRole('heading', { name: 'Which currency are sales in?' }).waitFor();
    await page.getByRole('button', { name: 'Save and continue' }).click();

    await page.getByRole('heading', { name: 'What does the team log?' }).waitFor();
    const email = page.getByRole('switch', { name: 'E-mail' });
    await expect(email.getAttribute('aria-checked')).resolves.toBe('false');
    await email.click();
    await page.getByLabel('Points: E-mail').fill('2');
    await page.getByLabel('Points: E-mail').blur();
    await page.evaluate(() => window.scrollTo(0, 0)); // a full-page shot of a scrolled page draws the sticky header mid-page
    await saveSettledScreenshot(page, 'setup-activities-desktop-en');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByRole('heading', { name: 'Invite your colleagues' }).waitFor();

    const rules = await page.evaluate(
      async () =>
        (await (await fetch('/api/v1/kpi-rules')).json()) as { rules: { kpiKey: string; enabled: boolean; basePoints: number }[] },
    );
    expect(rules.rules.find((r) => r.kpiKey === 'email')).toMatchObject({ enabled: true, basePoints: 2 });
    const me = await page.evaluate(async () => (await (await fetch('/api/v1/me')).json()) as { company: { name: string } });
    expect(me.company.name).toBe('Nordlys Salg AS');
  });

  it('pastes a list with a typo and a repeat, sees them before sending, and invites the two colleagues by mail', async () => {
    const page = await browser.newPage();
    await page.goto('/app/setup?step=invite');
    const box = page.getByLabel('E-mail addresses');
    await box.fill(`${colleagues[0]!.email}, ${colleagues[1]!.email}\nnot-an-address\n${colleagues[0]!.email.toUpperCase()}`);
    await page.getByText('2 people will be invited').waitFor();
    await page.getByTestId('invalid-emails').getByText('not-an-address').waitFor();
    await page.getByTestId('duplicate-emails').getByText(colleagues[0]!.email).waitFor();
    await saveSettledScreenshot(page, 'setup-invite-desktop-en');
    await page.getByRole('button', { name: 'Send 2 invitations' }).click();
    await page.getByText('Fix or remove the address that is not valid.').waitFor();
    await box.fill(`${colleagues[0]!.email}, ${colleagues[1]!.email}`);
    await page.getByRole('button', { name: 'Send 2 invitations' }).click();
    await toast(page, '2 invitations sent').waitFor();
    await page.getByRole('heading', { name: 'All set!' }).waitFor();
    await saveSettledScreenshot(page, 'setup-finished-desktop-en');

    await page.goto('/app');
    await page.getByRole('heading', { name: 'Team Dashboard' }).waitFor();
    await expect(page.getByTestId('setup-checklist').count()).resolves.toBe(0);
  });

  it('screens of the setup at phone width and in Norwegian', async () => {
    await shootVariants('/app/setup?step=activities', 'activities', async (p, language) => {
      await p.getByRole('heading', { name: language === 'en' ? 'What does the team log?' : 'Hva logger teamet?' }).waitFor();
    });
    await shootVariants('/app/setup?step=invite', 'invite', async (p, language) => {
      await p.getByRole('heading', { name: language === 'en' ? 'Invite your colleagues' : 'Inviter kollegene dine' }).waitFor();
    });
  });

  it('the two colleagues open their mail, join, and the invitation list shows them Accepted', async () => {
    for (const colleague of colleagues) {
      const link = await findMailLink(baseUrl, colleague.email, /\/invite\//);
      const visitor = await openBrowser({ baseUrl });
      try {
        const visit = await visitor.newPage();
        await visit.goto(link);
        await visit.getByRole('heading', { name: 'Join Nordlys Salg AS' }).waitFor();
        await visit.getByRole('button', { name: 'Sign in / Create account' }).click();
        await visit.waitForURL('**/auth?invite=*');
        await visit.getByRole('link', { name: "Don't have an account? Join now" }).click();
        await visit.getByLabel('Full Name').fill(colleague.name);
        await visit.getByLabel('Email').fill(colleague.email);
        await visit.getByLabel('Password').fill(colleague.password);
        await visit.getByRole('button', { name: 'Create account' }).click();
        await visit.getByRole('heading', { name: 'Check your email' }).waitFor();
        await visit.goto(await findMailLink(baseUrl, colleague.email, /verify-email/));
        await visit.waitForURL('**/invite/*');
        await visit.getByRole('button', { name: 'Accept invitation' }).click();
        await visit.waitForURL('**/app/dashboard');
        // A rep never sees the setup.
        await expect(visit.getByTestId('setup-checklist').count()).resolves.toBe(0);
        await visit.goto('/app/setup');
        await visit.waitForURL('**/app/dashboard');
        expect(visitor.consoleErrors.filter((e) => !e.includes('403'))).toEqual([]);
      } finally {
        await visitor.close();
      }
    }

    const page = await browser.newPage();
    await page.goto('/app/admin/users');
    for (const colleague of colleagues) {
      const row = page.locator(`tr[data-email="${colleague.email}"]`);
      await row.getByText('Accepted').waitFor();
    }
    await saveSettledScreenshot(page, 'setup-invitations-accepted-desktop-en');
    expect(browser.consoleErrors).toEqual([]);
  });
});

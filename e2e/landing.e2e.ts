import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations } from './support/axe';
import { type Browser, captureScreenshot, openBrowser, saveScreenshot } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/*
 * The landing journeys: the pre-rendered landing page with its sections in order, loading
 * none of the app's code; every link to its page; the carousel wrapping both ways and
 * opening its dialog; the FAQ keeping one item open and closing; English and Norwegian; phone
 * widths; axe-core finds nothing; every public page rendered (and photographed) on desktop and phone.
 */
let server: RunningServer;
let baseUrl: string;

const PUBLIC_PAGES = [
  'features',
  'pricing',
  'demo',
  'api',
  'help',
  'docs',
  'contact',
  'status',
  'privacy',
  'terms',
  'gdpr',
  'security',
] as const;
const PHONE = { width: 360, height: 780 };

let browser: Browser;
let page: Page;
const scripts: string[] = [];

const carouselStatus = (target: Page) => target.locator('[data-carousel-status]').innerText();
const openFaqItems = (target: Page) =>
  target
    .locator('[data-faq] details')
    .evaluateAll((items) => items.filter((d) => (d as HTMLDetailsElement).open).map((d) => d.getAttribute('data-faq-item')));

beforeAll(async () => {
  // On an empty data folder, as a first `npm start` is: the one journey server that migrates.
  server = await startServer({ WEB_DIST_DIR: inject('webDist') }, { fresh: true });
  baseUrl = server.baseUrl;
  browser = await openBrowser({ baseUrl, locale: 'en-US' });
  page = await browser.newPage();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the landing page', () => {
  it('is the pre-rendered page, its sections in order, with none of the app’s code and no console errors', async () => {
    await page.goto('/landing');
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('KPI & Sales Tracking in minutes');
    const sections = await page.locator('main h2[id]').evaluateAll((headings) => headings.map((h) => h.id));
    expect(sections).toEqual([
      'claims-title',
      'how-title',
      'benefits-title',
      'screens-title',
      'testimonials-title',
      'pricing-title',
      'faq-title',
      'cta-title',
    ]);
    await expect(page.locator('#how-it-works li h3').allInnerTexts()).resolves.toEqual(['Onboard company', 'Track KPIs', 'Win']);
    await expect(page.locator('#benefits li').count()).resolves.toBe(6);
    await expect(page.locator('[data-carousel-slide]').count()).resolves.toBe(4);
    await expect(page.locator('[data-plan]').evaluateAll((plans) => plans.map((p) => p.getAttribute('data-plan')))).resolves.toEqual([
      'free',
      'pro',
      'enterprise',
    ]);
    await expect(page.locator('[data-faq] details').count()).resolves.toBe(8);
    await expect(page.getByRole('contentinfo').innerText()).resolves.toContain('© 2024 Dealboard');
    // Not the SPA: no #root, and every script is one of the public site's islands.
    await expect(page.locator('#root').count()).resolves.toBe(0);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((path) => !/^\/assets\/site-[\w-]+\.js$/.test(path))).toEqual([]);
    await saveScreenshot(page, 'landing-01-desktop');
    expect(browser.consoleErrors).toEqual([]);
  });

  it('shows the claims and the plans with their numbers, and marks the testimonials as fictional', async () => {
    const claims = await page.locator('[data-claims] li').allInnerTexts();
    expect(claims).toEqual([
      '30-day free trial',
      '30-day money-back guarantee',
      '5-minute setup',
      'Data stored in Norway',
      'Export to CSV, Excel or API',
      'Multi-company support',
      'Row-level security',
    ]);
    const text = (plan: string) => page.locator(`[data-plan="${plan}"]`).innerText();
    await expect(text('free')).resolves.toMatch(/\$0[\s\S]*1–5 users/);
    await expect(text('pro')).resolves.toMatch(
      /\$99[\s\S]*per month per company[\s\S]*Up to 10 users included, then \$10 per month per additional user/,
    );
    await expect(text('enterprise')).resolves.toMatch(/Request a quote[\s\S]*20 users or more/);
    // Every plan has every feature (core/billing prices by active members only): the cards say what differs.
    await expect(text('free')).resolves.toMatch(
      /Every feature, nothing held back[\s\S]*Free for as long as you have 5 active members or fewer/,
    );
    await expect(text('pro')).resolves.toMatch(/Every feature, as in Free[\s\S]*For teams of 6 to 19 active members/);
    await expect(text('enterprise')).resolves.toMatch(/Every feature, as in Free and Pro/);
    await expect(page.locator('[data-plans-included]').innerText()).resolves.toMatch(
      /Included in every plan[\s\S]*TV mode[\s\S]*KPI point rules you control/,
    );
    await captureScreenshot(page.locator('#pricing'), 'landing-08-pricing');
    await expect(page.locator('[data-testimonials-notice]').innerText()).resolves.toMatch(/fictional/);
    await expect(page.getByText('Fictional sample', { exact: true }).count()).resolves.toBe(3);
    // The old FAQ's 'Pro and Scale' is settled: no Scale plan anywhere (docs/decisions/007, 011).
    await expect(page.locator('body').innerText()).resolves.not.toMatch(/\bScale\b/);
  });

  it('sends every link to its page', async () => {
    const href = (selector: string) => page.locator(selector).getAttribute('href');
    // Signing up leads to the join form; "Sign in" to the sign-in one.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign up' }).getAttribute('href')).resolves.toBe('/auth/register');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' }).first().getAttribute('href')).resolves.toBe('/auth');
    await expect(page.getByRole('link', { name: 'Start free now' }).getAttribute('href')).resolves.toBe('/auth/register');
    await expect(page.getByRole('link', { name: 'Join the team' }).getAttribute('href')).resolves.toBe('/auth/register');
    await expect(
      page.getByRole('link', { name: 'Book a demo' }).evaluateAll((links) => links.map((l) => l.getAttribute('href'))),
    ).resolves.toEqual(['/contact', '/contact']);
    await expect(href('[data-plan="free"] a[data-link]')).resolves.toBe('/auth/register?plan=free');
    await expect(href('[data-plan="pro"] a[data-link]')).resolves.toBe('/auth/register?plan=pro');
    await expect(href('[data-plan="enterprise"] a[data-link]')).resolves.toBe('/contact');
    const footer = await page.locator('[data-footer-link]').evaluateAll((links) => links.map((l) => l.getAttribute('href')));
    expect(footer).toEqual([
      '/features',
      '/pricing',
      '/demo',
      '/api',
      '/help',
      '/docs',
      '/contact',
      '/status',
      '/privacy',
      '/terms',
      '/gdpr',
      '/security',
    ]);

    // Following them: the app takes over at its join form, keeping the chosen plan.
    await page.getByRole('banner').getByRole('link', { name: 'Sign up' }).click();
    await page.waitForURL('**/auth/register');
    await page.getByRole('heading', { level: 1, name: /^Join / }).waitFor();
    await page.goto('/landing');
    await page.locator('[data-plan="pro"] a[data-link]').click();
    await page.waitForURL('**/auth/register?plan=pro');
    await page
      .getByText(/pro plan/i)
      .first()
      .waitFor();
    await page.goto('/landing');
    await page.locator('[data-plan="enterprise"] a[data-link]').click();
    await page.waitForURL('**/contact');
    await page.getByRole('heading', { level: 1, name: 'Talk to us' }).waitFor();
    expect(browser.consoleErrors).toEqual([]);
  });

  it('hands over from the app with a full page load (/ signed out, and the 404 page’s home link)', async () => {
    await page.goto('/');
    await page.waitForURL('**/landing');
    await page.getByRole('heading', { level: 1, name: 'KPI & Sales Tracking in minutes' }).waitFor();
    await expect(page.locator('#root').count()).resolves.toBe(0);
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL('**/landing');
    await page.locator('[data-carousel]').waitFor();
    await expect(page.locator('#root').count()).resolves.toBe(0);
    // The 404 page logs the unknown path on purpose; that is the only console error here.
    const logged = browser.consoleErrors.filter((e) => e.includes('non-existent route: /no-such-page'));
    expect(logged.length).toBeGreaterThan(0);
    browser.consoleErrors.splice(0, browser.consoleErrors.length, ...browser.consoleErrors.filter((e) => !logged.includes(e)));
    expect(browser.consoleErrors).toEqual([]);
  });

  it('the carousel wraps both ways, follows its dots and opens a detail dialog', async () => {
    await page.goto('/landing');
    await page.locator('#screens').scrollIntoViewIfNeeded();
    await expect(carouselStatus(page)).resolves.toBe('Screenshot 1 of 4');
    await page.getByRole('button', { name: 'Previous screenshot' }).click();
    await expect.poll(() => carouselStatus(page)).toBe('Screenshot 4 of 4');
    await expect(page.getByRole('button', { name: 'Show screenshot 4: Wrap-up Reports' }).getAttribute('aria-current')).resolves.toBe(
      'true',
    );
    await page.getByRole('button', { name: 'Next screenshot' }).click();
    await expect.poll(() => carouselStatus(page)).toBe('Screenshot 1 of 4');
    await page.getByRole('button', { name: 'Next screenshot' }).click();
    await expect.poll(() => carouselStatus(page)).toBe('Screenshot 2 of 4');
    await page.getByRole('button', { name: 'Show screenshot 3: Admin KPI Rules' }).click();
    await expect.poll(() => carouselStatus(page)).toBe('Screenshot 3 of 4');
    await page.getByRole('button', { name: 'Next screenshot' }).click();
    await page.getByRole('button', { name: 'Next screenshot' }).click();
    await expect.poll(() => carouselStatus(page)).toBe('Screenshot 1 of 4');
    await page.waitForTimeout(700); // let the smooth scroll settle before clicking the slide
    await saveScreenshot(page, 'landing-02-carousel');

    // The first two slides are screenshots of the product; the dialog shows it larger.
    await expect(page.locator('[data-carousel-slide="dashboard"] img').getAttribute('src')).resolves.toMatch(
      /^\/landing\/en\/dashboard-\d+\.webp$/,
    );
    await page.getByRole('button', { name: 'Open Dashboard Overview in a larger view' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dashboard Overview' });
    await dialog.waitFor();
    await dialog.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    await captureScreenshot(page, 'landing-03-carousel-dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe(
      'Open Dashboard Overview in a larger view',
    );

    // A drawn slide's dialog, closed with its close button.
    await page.getByRole('button', { name: 'Previous screenshot' }).click();
    await expect.poll(() => carouselStatus(page)).toBe('Screenshot 4 of 4');
    await page.waitForTimeout(700);
    await page.getByRole('button', { name: 'Open Wrap-up Reports in a larger view' }).click();
    const drawn = page.getByRole('dialog', { name: 'Wrap-up Reports' });
    await drawn.waitFor();
    await drawn.getByRole('button', { name: 'Close' }).click();
    await drawn.waitFor({ state: 'hidden' });
    expect(browser.consoleErrors).toEqual([]);
  });

  it('the FAQ keeps one question open at a time and can close it', async () => {
    await page.goto('/landing#faq');
    await expect(openFaqItems(page)).resolves.toEqual(['setup']);
    const summary = (question: string) => page.locator('[data-faq] summary', { hasText: question });
    await summary('Which plans are there?').click();
    await expect.poll(() => openFaqItems(page)).toEqual(['plans']);
    await expect(page.locator('[data-faq-item="plans"]').innerText()).resolves.toMatch(/Free for 1–5 users.*Pro at \$99.*Enterprise/s);
    await summary('Where is our data stored?').click();
    await expect.poll(() => openFaqItems(page)).toEqual(['data']);
    await expect(page.locator('[data-faq-item="data"]').innerText()).resolves.toMatch(
      /Where your installation's server is\..*Run it on a server in Norway and nothing leaves Norway\./s,
    );
    await summary('Where is our data stored?').click();
    await expect.poll(() => openFaqItems(page)).toEqual([]);
    // By keyboard too.
    await summary('Can we export our data?').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => openFaqItems(page)).toEqual(['export']);
    // The answer says what exists: the Export buttons, Settings → Exports, and tokens for the API.
    await expect(page.locator('[data-faq-item="export"]').innerText()).resolves.toMatch(
      /Yes\. Every report page .* has an Export button.*Settings → Exports.*personal access tokens/s,
    );
    await captureScreenshot(page.locator('#faq'), 'landing-04-faq');
  });

  it('has no axe-core violation, on a desktop and on a phone', async () => {
    await page.goto('/landing');
    await expect(axeViolations(page, { seriousOnly: false })).resolves.toEqual([]);
    const phone = await openBrowser({ baseUrl, viewport: PHONE });
    try {
      const small = await phone.newPage();
      await small.goto('/landing');
      await expect(axeViolations(small, { seriousOnly: false })).resolves.toEqual([]);
      expect(phone.consoleErrors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('is keyboard usable: a skip link first, then the header', async () => {
    await page.goto('/landing');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Skip to content');
    await page.keyboard.press('Enter');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('main');
  });
});

describe('languages', () => {
  it('follows a Norwegian browser, switches to English with the switcher and remembers it', async () => {
    const norwegian = await openBrowser({ baseUrl, locale: 'nb-NO' });
    try {
      const nb = await norwegian.newPage();
      await nb.goto('/landing');
      await expect(nb.locator('html').getAttribute('lang')).resolves.toBe('nb');
      await expect(nb.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('KPI- og salgsoppfølging på minutter');
      await expect(nb.getByRole('link', { name: 'Start gratis nå' }).getAttribute('href')).resolves.toBe('/auth/register');
      await saveScreenshot(nb, 'landing-05-norwegian');
      // The product's pictures are the Norwegian team's, in Norwegian and kroner, not the English ones.
      await expect(nb.locator('[data-carousel-slide="dashboard"] img').getAttribute('src')).resolves.toMatch(
        /^\/landing\/nb\/dashboard-\d+\.webp$/,
      );
      await captureScreenshot(nb.locator('#pricing'), 'landing-09-pricing-norwegian');
      await nb.getByRole('banner').getByRole('link', { name: 'English' }).click();
      await nb.waitForURL('**/landing?lang=en');
      await expect(nb.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('KPI & Sales Tracking in minutes');
      // The choice sticks (cookie) over the browser's language, and the app is told (localStorage).
      await nb.goto('/pricing');
      await nb.getByRole('heading', { level: 1, name: 'Plans and prices' }).waitFor();
      await expect(nb.evaluate(() => localStorage.getItem('dealboard.lang'))).resolves.toBe('en');
      await nb.goto('/auth');
      await nb.getByRole('heading', { name: 'Welcome back' }).waitFor();
      await nb.goto('/pricing?lang=nb');
      await nb.getByRole('heading', { level: 1, name: 'Planer og priser' }).waitFor();
      expect(norwegian.consoleErrors).toEqual([]);
    } finally {
      await norwegian.close();
    }
  });
});

it.each([
  ['sv', 'Swedish'],
  ['da', 'Danish'],
])('shows the %s landing the product in its own language: the carousel’s pictures are that team’s', async (language) => {
  await page.goto(`/landing?lang=${language}`);
  await expect(page.locator('html').getAttribute('lang')).resolves.toBe(language);
  for (const shot of ['dashboard', 'quickLog']) {
    const src = await page.locator(`[data-carousel-slide="${shot}"] img`).getAttribute('src');
    expect(src).toMatch(new RegExp(`^/landing/${language}/[a-z-]+-\\d+\\.webp$`));
    // Each picture is there to load, not only named (the slide loads it lazily, as it comes into view).
    const picture = await page.request.get(src!);
    expect([picture.status(), picture.headers()['content-type']]).toEqual([200, 'image/webp']);
  }
  await page.goto('/landing?lang=en'); // the next checks read the site in English
});

describe('the public pages', () => {
  it.each(PUBLIC_PAGES)('/%s renders with the site’s header and footer, on a desktop and a phone', async (slug) => {
    const response = await page.goto(`/${slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }).count()).resolves.toBe(1);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign up' }).isVisible()).resolves.toBe(true);
    await expect(page.locator('[data-footer-link]').count()).resolves.toBe(12);
    await expect(axeViolations(page)).resolves.toEqual([]);
    await saveScreenshot(page, `public-${slug}-desktop`);
    const phone = await openBrowser({ baseUrl, viewport: PHONE });
    try {
      const small = await phone.newPage();
      await small.goto(`/${slug}`);
      await expect(small.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(PHONE.width);
      await saveScreenshot(small, `public-${slug}-phone`);
      expect(phone.consoleErrors).toEqual([]);
    } finally {
      await phone.close();
    }
    expect(browser.consoleErrors).toEqual([]);
  });

  it('the landing page fits a 360 px phone without sideways scrolling', async () => {
    const phone = await openBrowser({ baseUrl, viewport: PHONE });
    try {
      const small = await phone.newPage();
      await small.goto('/landing');
      await expect(small.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(PHONE.width);
      await saveScreenshot(small, 'landing-06-phone');
      await small.locator('summary[aria-label="Menu"]').click();
      await small.getByRole('link', { name: 'Pricing' }).first().waitFor();
      await captureScreenshot(small, 'landing-07-phone-menu');
    } finally {
      await phone.close();
    }
  });

  it('/help, /security, /privacy and /api say what the product does today', async () => {
    const answer = (question: string) => page.locator('details', { has: page.locator('summary', { hasText: question }) });
    await page.goto('/help');
    await answer('I forgot my password.').locator('summary').click();
    await expect(answer('I forgot my password.').locator('p').innerText()).resolves.toBe(
      'Use “Forgot password?” on the sign-in page and enter your e-mail address. We send you a link to choose a new password; it works for one hour.',
    );
    await answer('How do I switch language?').locator('summary').click();
    await expect(answer('How do I switch language?').locator('p').innerText()).resolves.toMatch(
      /saved with your profile and follows you to any browser you sign in on/,
    );
    await saveScreenshot(page, 'public-help-answers-desktop');
    await page.goto('/security');
    const sessions = await page.locator('#sessions').innerText();
    expect(sessions).toMatch(
      /local storage holds only two settings, the language and whether the TV screen plays a sound: no personal data and no session/,
    );
    expect(sessions).not.toMatch(/Nothing is kept/);
    await page.goto('/privacy');
    await expect(page.locator('#cookies').innerText()).resolves.toMatch(
      /local storage keeps two settings: your language and whether the TV screen plays a sound/,
    );
    // The example is a BI tool's sync with a personal access token, the way scripts authenticate.
    await page.goto('/api');
    await expect(page.locator('pre').innerText()).resolves.toContain('-H "Authorization: Bearer $DEALBOARD_TOKEN"');
    await expect(page.locator('#auth-title').innerText()).resolves.toBe('Personal access tokens');
    expect(browser.consoleErrors).toEqual([]);
  });

  it('/status shows the live health of this server and its database', async () => {
    await page.goto('/status');
    await expect.poll(() => page.locator('[data-status-headline]').innerText()).toBe('All systems operational');
    await expect(page.locator('[data-status-component="database"]').innerText()).resolves.toMatch(
      /Embedded PostgreSQL \(PGlite\) · Query time [\d.]+ ms[\s\S]*Operational/,
    );
    const checked = await page.locator('[data-status-checked]').innerText();
    expect(checked).toMatch(/^Last checked \d{2}:\d{2}:\d{2}$/);
    await page.waitForTimeout(1100);
    await page.getByRole('button', { name: 'Check now' }).click();
    await expect.poll(() => page.locator('[data-status-checked]').innerText()).not.toBe(checked);
  });

  it('/api links to the reference, and /api/docs lists every endpoint of /api/openapi.json', async () => {
    await page.goto('/api');
    await expect(page.getByRole('link', { name: 'Read the API reference' }).getAttribute('href')).resolves.toBe('/api/docs');
    await page.getByRole('link', { name: 'Read the API reference' }).click();
    await page.waitForURL('**/api/docs');
    const spec = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.values(spec.paths).reduce((sum, item) => sum + Object.keys(item).length, 0);
    await expect.poll(() => page.locator('[data-api-docs]').getAttribute('data-loaded')).toBe(String(operations));
    await page.locator('summary', { hasText: '/api/v1/contact' }).first().click();
    await expect(page.locator('details[open]').first().innerText()).resolves.toMatch(/teamSize/);
    // How to authenticate with a token, and per endpoint who may call it and a curl line to copy.
    await expect(page.locator('[data-api-docs-auth]').innerText()).resolves.toMatch(/Authorization: Bearer \$DEALBOARD_TOKEN/);
    const logActivity = page.locator('details[data-operation="POST /api/v1/activities"]');
    await expect(logActivity.locator('[data-token-scope]').innerText()).resolves.toBe('Token: activities:write');
    await logActivity.locator('summary').click();
    const curl = await logActivity.locator('pre').innerText();
    expect(curl).toContain(`curl -X POST "${baseUrl}/api/v1/activities"`);
    expect(curl).toContain('-H "Authorization: Bearer $DEALBOARD_TOKEN"');
    expect(curl).toMatch(/-d '\{"kind":/);
    const settings = page.locator('details[data-operation="PATCH /api/v1/company"]');
    await expect(settings.locator('summary').innerText()).resolves.toContain('Web app only');
    expect(await settings.locator('[data-token-scope]').count()).toBe(0);
    const contact = page.locator('details[data-operation="POST /api/v1/contact"]');
    await expect(contact.locator('pre').innerText()).resolves.not.toContain('Authorization');
    await saveScreenshot(page, 'public-api-docs-desktop');
    expect(browser.consoleErrors).toEqual([]);
  });
});

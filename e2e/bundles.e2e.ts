import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, openBrowser, saveSettledScreenshot } from './support/browser';
import { joinCompany, makeAccount, signInContext } from './support/accounts';
import { type JourneyServer, useSharedServer } from './support/shared-server';

/*
 * Code split by screen (decision 026): a screen downloads its own code, what a person opens loads when
 * they open it, and a screen whose code is gone after a deploy reloads the page once, then offers
 * to reload, in both languages. (The sizes are npm run bench:web's.)
 */
let server: JourneyServer;
let baseUrl: string;
const admin = makeAccount('Bente Bunt');

beforeAll(async () => {
  server = useSharedServer();
  baseUrl = server.baseUrl;
  await joinCompany(baseUrl, admin);
});
afterAll(async () => {
  await server?.stop();
});

/** The app's scripts the page has fetched so far, by file name ('app-shell-AbC123.js'). */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname.split('/').pop()!);
  });
  return scripts;
}

const loaded = (scripts: string[], name: string) => scripts.some((file) => file.startsWith(`${name}-`));

/** A browser signed in as the admin, on the dashboard. */
async function openDashboard(locale = 'en-US'): Promise<{ visitor: Browser; page: Page; scripts: string[] }> {
  const visitor = await openBrowser({ baseUrl, locale });
  await signInContext(visitor.context, baseUrl, admin);
  const page = await visitor.newPage();
  const scripts = recordScripts(page);
  await page.goto('/app');
  await page.getByRole('heading', { name: locale.startsWith('nb') ? 'Teamdashbord' : 'Team Dashboard' }).waitFor();
  await page.getByTestId('leaderboard-row').first().waitFor();
  return { visitor, page, scripts };
}

describe('what each screen downloads', () => {
  it('/auth is the pre-rendered sign-in page: its two small scripts and nothing of the app', async () => {
    const visitor = await openBrowser({ baseUrl });
    try {
      const page = await visitor.newPage();
      const scripts = recordScripts(page);
      await page.goto('/auth');
      await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
      await page.waitForLoadState('networkidle');
      await saveSettledScreenshot(page, 'bundles-01-auth');
      expect(scripts.sort().map((file) => file.replace(/-[\w-]{8}\.js$/, ''))).toEqual(['site-page', 'site-sign-in']);
      expect(visitor.consoleErrors).toEqual([]);
    } finally {
      await visitor.close();
    }
  });

  it('/app shows the shell and the dashboard; the palette and the avatar menu load when first opened', async () => {
    const { visitor, page, scripts } = await openDashboard();
    try {
      await page.waitForLoadState('networkidle');
      await saveSettledScreenshot(page, 'bundles-02-app');
      expect(loaded(scripts, 'app-shell')).toBe(true);
      for (const name of ['command-palette-dialog', 'user-menu-dropdown', 'options-select', 'mobile-nav', 'settings.en'])
        expect(loaded(scripts, name), name).toBe(false);

      await page.keyboard.press('Control+k');
      // An admin's palette also finds people by name.
      await page.getByPlaceholder('Type a screen, an action or a name...').waitFor();
      expect(loaded(scripts, 'command-palette-dialog')).toBe(true);
      await page.keyboard.press('Escape');
      await page.getByPlaceholder('Type a screen, an action or a name...').waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Settings' }).click();
      await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
      expect(loaded(scripts, 'settings.en')).toBe(true);
      expect(visitor.consoleErrors).toEqual([]);
    } finally {
      await visitor.close();
    }
  });
});

describe('a screen whose code is gone after a deploy', () => {
  it.each([
    ['en-US', 'Weekly View', 'This page could not load', 'Reload'],
    ['nb-NO', 'Ukevisning', 'Siden kunne ikke lastes', 'Last inn på nytt'],
  ])('%s: reloads the page once, then says so and reloads on request', async (locale, weekly, title, reload) => {
    const { visitor, page } = await openDashboard(locale);
    try {
      // The old build's weekly screen is no longer on the server.
      let asked = 0;
      await page.route('**/assets/weekly-page-*.js', (route) => {
        asked++;
        return route.fulfill({ status: 404, body: 'Not found' });
      });
      await page.evaluate(() => ((window as unknown as { __beforeReload?: boolean }).__beforeReload = true));
      const reloaded = page.waitForEvent('load');
      await page.getByRole('link', { name: weekly }).click();
      await reloaded;
      expect(await page.evaluate(() => (window as unknown as { __beforeReload?: boolean }).__beforeReload)).toBeUndefined();

      // Still gone right after the reload: no second reload, the error screen instead.
      await page.getByRole('heading', { name: title }).waitFor();
      await saveSettledScreenshot(page, `bundles-03-chunk-error-${locale.slice(0, 2)}`);
      expect(asked).toBe(2); // once before the reload, once after: no retry loop
      await page.unroute('**/assets/weekly-page-*.js');
      await page.getByRole('button', { name: reload }).click();
      await page.getByRole('heading', { name: weekly }).waitFor();
    } finally {
      await visitor.close();
    }
  });
});

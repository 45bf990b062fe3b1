import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, type Browser as Chromium, chromium, type Locator, type Page } from 'playwright-core';

export const ARTIFACTS_DIR = resolve(import.meta.dirname, '..', '..', 'artifacts');
const SCREENSHOT_DIR = join(ARTIFACTS_DIR, 'screenshots');
const FAILURE_DIR = join(ARTIFACTS_DIR, 'failures');

/**
 * Whether journeys write their screenshots (artifacts/screenshots, for a person to look at). On for
 * `npm run test:e2e`; `npm test` turns them off (E2E_SCREENSHOTS=off, scripts/test.mjs) unless told
 * otherwise: nobody opens a CI run's pictures, and drawing and encoding some 400 full pages cost
 * minutes of CPU. A journey still waits for the settled screen it would have shot, so what it does
 * next happens at the same moment either way.
 */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS !== 'off';

/** Writes a screenshot of a page or an element under artifacts/screenshots/<name>.png, when screenshots are on. */
export async function captureScreenshot(
  target: Page | Locator,
  name: string,
  options: { fullPage?: boolean; animations?: 'disabled' } = {},
): Promise<void> {
  if (!SCREENSHOTS) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await target.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), ...options });
}

/** ARCHITECTURE.md: the flags Debian's chromium needs on these machines. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export type Browser = {
  context: BrowserContext;
  newPage: () => Promise<Page>;
  /** Console errors and page errors seen so far (a finished screen has none). */
  consoleErrors: string[];
  close: () => Promise<void>;
};

/**
 * Debian's chromium-headless-shell: the same Blink and V8 as Debian's chromium, built without the
 * desktop browser around them (decision 060). Measured on the scoreboard journey: Chromium's CPU
 * fell from 210 s to 131 s and the file from 185 s to 142 s. CHROMIUM_PATH names another build.
 */
export const EXECUTABLE_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
/** The whole browser, for persistent profiles: the headless shell has no push messaging (Web Push). */
export const FULL_CHROMIUM_PATH = process.env.CHROMIUM_FULL_PATH ?? '/usr/bin/chromium';

/**
 * One Chromium per journey file (launched by its first openBrowser): every openBrowser() is a new
 * context in it, as separate as a new profile (its own cookies, storage and service workers) at a
 * fraction of a launch. Closed after the file by closeSharedChromium (e2e/support/setup.ts).
 */
let sharedChromium: Promise<Chromium> | null = null;

/** Every context openBrowser made and nobody closed yet: what a failed journey shows (describeOpenPages). */
const openContexts = new Set<BrowserContext>();

/**
 * What each open page showed when a journey failed: its address and its accessibility tree (what a
 * screen reader would read: the text, the roles and names a locator waits for), written to the log,
 * and a screenshot under artifacts/failures/. A CI run's only witness of a check that failed there
 * and nowhere else (e2e/support/setup.ts calls it after a failed test).
 */
export async function describeOpenPages(testName: string): Promise<string> {
  const lines: string[] = [];
  let index = 0;
  for (const context of openContexts) {
    for (const page of context.pages()) {
      index += 1;
      if (page.isClosed()) continue;
      const snapshot = await page
        .locator('body')
        .ariaSnapshot({ timeout: 3_000 })
        .catch((error: unknown) => `(no snapshot: ${String(error)})`);
      lines.push(`── page ${index}: ${page.url()} (${page.viewportSize()?.width ?? '?'} px wide)`, snapshot);
      const name = `${testName.replace(/[^\w-]+/g, '-').slice(0, 80)}-page-${index}.png`;
      mkdirSync(FAILURE_DIR, { recursive: true });
      await page.screenshot({ path: join(FAILURE_DIR, name), timeout: 3_000 }).catch(() => undefined);
    }
  }
  return lines.join('\n');
}

export async function closeSharedChromium(): Promise<void> {
  const launched = sharedChromium;
  sharedChromium = null;
  await (await launched?.catch(() => null))?.close();
}

type ContextOptions = {
  baseUrl: string;
  viewport?: { width: number; height: number };
  locale?: string;
  /**
   * Let the app's service worker install (the phone app's offline logging, push). Off by default:
   * on its first page in a new browser the worker downloads and caches the whole app (decision
   * 054), which kept Chromium and the server busy for about 4 s of CPU per person, in journeys that
   * never go offline. A person opening the app for the first time sees the same pages without it.
   */
  serviceWorkers?: boolean;
  /**
   * Let the app move as it does for a person who has not asked for less motion (confetti, a live
   * badge's endless ping). Off by default: journeys browse as a person who asked for reduced motion
   * (prefers-reduced-motion), for whom nothing keeps moving. An endless animation makes Chromium
   * draw 60 frames a second for as long as the page is open (about 10 % of a core per live board,
   * measured), which took about a fifth of the scoreboard journey's time.
   */
  motion?: boolean;
  /** Run no script at all: what a page does before its script has loaded (off for a few checks). */
  javaScript?: boolean;
};

function contextOptions(options: ContextOptions) {
  return {
    baseURL: options.baseUrl,
    viewport: options.viewport ?? { width: 1366, height: 860 },
    locale: options.locale ?? 'en-US',
    timezoneId: 'Europe/Oslo',
    serviceWorkers: options.serviceWorkers ? ('allow' as const) : ('block' as const),
    reducedMotion: options.motion ? ('no-preference' as const) : ('reduce' as const),
    javaScriptEnabled: options.javaScript ?? true,
  };
}

/**
 * A fresh browser for one person: a new context in the file's Chromium. `persistent`: a profile on
 * disk in a Chromium of its own instead, for what Chromium offers only outside its off-the-record
 * contexts (Web Push subscriptions, installability); such a profile keeps the service worker.
 */
export async function openBrowser(options: ContextOptions & { persistent?: boolean }): Promise<Browser> {
  let context: BrowserContext;
  let cleanUp = async () => {};
  if (options.persistent) {
    // launchPersistentContext: Playwright refuses --user-data-dir in args.
    const profileDir = mkdtempSync(join(tmpdir(), 'dealboard-chromium-'));
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: FULL_CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      ...contextOptions({ serviceWorkers: true, ...options }),
    });
    cleanUp = async () => rmSync(profileDir, { recursive: true, force: true });
  } else {
    sharedChromium ??= chromium.launch({ executablePath: EXECUTABLE_PATH, headless: true, args: CHROMIUM_ARGS });
    context = await (await sharedChromium).newContext(contextOptions(options));
  }
  context.setDefaultTimeout(15_000);
  openContexts.add(context);
  context.on('close', () => openContexts.delete(context));
  const consoleErrors: string[] = [];
  const watch = (page: Page) => {
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => consoleErrors.push(`${page.url()}: ${error.message}`));
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  return {
    context,
    consoleErrors,
    newPage: async () => context.pages()[0] ?? (await context.newPage()),
    close: async () => {
      await context.close();
      await cleanUp();
    },
  };
}

/**
 * How long a journey gives the app's service worker to install and take a page over. Installing
 * downloads and stores the whole app shell (some 300 files, 2.5 MB, one after another: workbox's
 * precache), which on a 2-core machine kept busy by two journeys and two busy loops took longer
 * than the 15 s a click gets (the phone app's Norwegian browser once ran out waiting). A person
 * opening the app on a slow phone waits for the same download.
 */
export const SERVICE_WORKER_INSTALL_MS = 60_000;

/** What this file's waits read in the page: it is also compiled without the DOM types (scripts/ import it). */
type PageGlobals = {
  document: { querySelector: (selector: string) => unknown; fonts: { ready: Promise<unknown> }; images: ArrayLike<{ complete: boolean }> };
  navigator: { serviceWorker: { controller: unknown } };
};

/**
 * Holds the app's entry script back (any build's `/assets/index-*.js`, or `entry`) until `release` is
 * called: the page shows only what it carries itself (a first frame, decisions 090 and 092), as on a
 * phone whose scripts are still on the way.
 */
export async function holdAppEntry(page: Page, entry = '/assets/index-*.js'): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${entry}`, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Waits until the live app has replaced the page's first frame (the server's, decision 092, or the
 * device's copy, decision 090): until then quick log and the dashboard show as they open, without
 * the answers that decide what else shows.
 */
export async function waitForLiveApp(page: Page): Promise<void> {
  await page.locator('#root:not([data-start-snapshot])').waitFor({ state: 'attached' });
}

/** Waits until the app's service worker controls the page: from then on it opens without a connection. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => (globalThis as unknown as PageGlobals).navigator.serviceWorker.controller !== null, undefined, {
    timeout: SERVICE_WORKER_INSTALL_MS,
  });
}

/**
 * What a person waits for before looking: no loading placeholder left (aria-busy), every image
 * loaded or failed, the fonts in. A screen that stays busy is shot as it is after 10 s.
 */
async function waitForSettledScreen(page: Page): Promise<void> {
  // Functions, not expressions as text: the app's CSP refuses eval. They run in the page.
  await page
    .waitForFunction(
      () => {
        const { document } = globalThis as unknown as PageGlobals;
        return !document.querySelector('[aria-busy="true"]') && Array.from(document.images).every((image) => image.complete);
      },
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  await page.evaluate(() => (globalThis as unknown as PageGlobals).document.fonts.ready);
}

/**
 * Saves a full-page screenshot under artifacts/screenshots/<name>.png (git-ignored), once what a
 * person looks at has arrived (waitForSettledScreen). Not "network idle": a screen with a live stream
 * never goes idle, and each such screenshot used to wait out the 15 s timeout.
 */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await waitForSettledScreen(page);
  await captureScreenshot(page, name, { fullPage: true, animations: 'disabled' });
}

/**
 * Saves a screenshot once the screen has settled (no skeleton left, fonts loaded, a moment for
 * transitions), without waiting for the network to go idle: a live stream never does. `target`
 * is a page (the whole page, or with `fullPage: false` what the viewport shows, e.g. a fixed
 * notice) or one element.
 */
export async function saveSettledScreenshot(target: Page | Locator, name: string, { fullPage = true } = {}): Promise<void> {
  const page = 'page' in target ? target.page() : target;
  await waitForSettledScreen(page);
  if (!SCREENSHOTS) return;
  // Transitions (a dialog opening, a toast sliding in) take up to 200 ms.
  await page.waitForTimeout(250);
  // A whole page is drawn from its top: scrolled, its fixed sidebar and sticky header would be drawn
  // where the scroll left them, half-way down the picture.
  if (!('page' in target) && fullPage) await page.evaluate('window.scrollTo(0, 0)');
  await captureScreenshot(target, name, { animations: 'disabled', ...('page' in target ? {} : { fullPage }) });
}

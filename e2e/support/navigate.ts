import type { Page } from 'playwright-core';

/**
 * Opens `path` in the app the way one of its links does: the router draws the screen, with no page
 * load. A journey that tours many screens (every screen in axe, every screen on a phone) checks the
 * screens themselves, and a page load costs this machine about two seconds of CPU (decision 065);
 * what a load proves (the page boots, its chunks arrive) each journey proves on its first visit. A
 * page not showing the signed-in app yet loads it as usual.
 *
 * The history entry is the router's own (`idx` one past the current one), and the `popstate` the
 * browser sends for it tells the router to draw it. The router draws in a transition, keeping the
 * old screen until the new one is ready: the shell's `main[data-path]` says when it is.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  const inApp = await page.evaluate(() => document.querySelector('main[data-path]') != null).catch(() => false);
  if (!inApp) {
    await page.goto(path);
    return;
  }
  await page.evaluate((target) => {
    const current = history.state as { idx?: number } | null;
    history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: (current?.idx ?? 0) + 1 }, '', target);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
  await page.waitForFunction((target) => document.querySelector<HTMLElement>('main[data-path]')?.dataset.path === target, path);
}

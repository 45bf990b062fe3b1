import type { Page } from 'playwright-core';

/*
 * Timing a live update in the page itself: a MutationObserver notes, by the page's own clock, the
 * moment a screen shows a number. Shared by the scoreboard journey and `npm run bench:live`. The
 * page-side finders are code strings, so this file needs no DOM types (bench/ has none).
 */

/** The Team Dashboard's Calls Today figure. */
export const READ_CALLS_TODAY = `return [...document.querySelectorAll('[data-slot="stat-card"]')]
  .find((card) => card.querySelector('dt')?.textContent?.trim() === 'Calls Today')
  ?.querySelector('[data-slot="stat-value"]')?.textContent?.trim();`;

/** One person's calls on the TV leaderboard. */
export const readCallsOnTv = (name: string) => `return [...document.querySelectorAll('[data-testid="tv-row"]')]
  .find((row) => row.querySelector('[data-slot="member-name"]')?.textContent?.trim() === ${JSON.stringify(name)})
  ?.querySelector('[data-slot="calls"]')?.textContent?.trim();`;

const WATCH = `([read, want]) => new Promise((resolve) => {
  const find = new Function(read);
  const observer = new MutationObserver(() => {
    if (find() !== want) return;
    observer.disconnect();
    resolve(Date.now());
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
})`;

/**
 * Resolves with the page's Date.now() when `read` (a finder above) returns `want`. Start it before
 * the change, and give the page a moment to install the observer.
 */
export function watchText(page: Page, read: string, want: string): Promise<number> {
  return page.evaluate(`(${WATCH})(${JSON.stringify([read, want])})`) as Promise<number>;
}

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2 A/AA (and 2.1 AA): what the app's screens promise. */
export const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21aa'] as const;

export interface AxeOptions {
  /** CSS selector of the part to check (a dialog); the whole document by default. */
  include?: string;
  /** axe rule tags to run; every rule when left out. */
  tags?: readonly string[];
  /** Only serious and critical violations (default true). */
  seriousOnly?: boolean;
}

/**
 * axe-core's violations on the page, one line each: `rule (impact): node, node`.
 *
 * Waits first for finite animations to finish: a feed row fading in is measured half-transparent and
 * fails colour contrast although the settled screen passes (the flake that made this helper shared).
 * Infinite ones (the live badge's ping, skeleton pulses) are left running. Toasts (sonner) are excluded:
 * they fade in and out and belong to the shared toaster, not to the screen under test.
 * Evaluated through the DevTools protocol: the app's Content-Security-Policy rightly refuses inline scripts.
 */
export async function axeViolations(page: Page, options: AxeOptions = {}): Promise<string[]> {
  const { include, tags, seriousOnly = true } = options;
  await page.evaluate(async () => {
    const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    // Until a frame shows nothing finite still moving: a transition set off by the last change (a
    // theme switched while the screen is open) may start a frame after it.
    for (let round = 0; round < 20; round++) {
      await nextFrame();
      await nextFrame();
      const finite = document.getAnimations().filter((a) => {
        const iterations = a.effect?.getComputedTiming().iterations;
        return iterations !== undefined && Number.isFinite(iterations) && a.playState === 'running';
      });
      if (finite.length === 0) return;
      await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    }
  });
  // Once per document: a screen checked again (the other theme) reuses the copy already in it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async ({ include, tags }) => {
      type Result = { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };
      const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<Result> } }).axe;
      const context = { include: include ? [[include]] : [['html']], exclude: [['[data-sonner-toaster]']] };
      // resultTypes: only violations get every node and its selector; passes and the rest stop at
      // one each. Making selectors for every passing node was a third of the renderer's CPU in the
      // dark-mode journey (its axe check 50 s to 34 s); the violations found are the same.
      const result = await axe.run(context, { resultTypes: ['violations'], ...(tags ? { runOnly: { type: 'tag', values: tags } } : {}) });
      return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
    },
    { include, tags: tags ? [...tags] : undefined },
  );
  return violations
    .filter((v) => !seriousOnly || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 4).join(', ')}`);
}

/*
 * The little of jsdom's API render.ts uses (jsdom ships no types of its own, and this project's
 * scripts are compiled without the DOM's).
 */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string, options?: { url?: string; pretendToBeVisual?: boolean });
    readonly window: Record<string, unknown> & { history: { replaceState(data: unknown, unused: string, url: string): void } };
  }
}

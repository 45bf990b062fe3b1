// Relative, not '@core/language': the build's vite.config.ts imports this file, without the aliases.
import { LANGUAGES, matchLanguage } from '../../core/language';

/**
 * What the page of a signed-in screen hints the browser to fetch at once (decision 085), beyond
 * what the page's entry already preloads: the shell's and the screen's scripts, and the catalogs
 * of the first render per language. Without them the browser learns of these only once the entry
 * has downloaded and run: a second round of requests (0.4-0.7 s on a throttled phone, bench:web).
 * The build writes them (scripts/app-shell/vite-plugin.ts), the server reads them (server/web-app.ts).
 */
export type PreloadHints = {
  /** By start screen's address (/app, /app/quick-log...): the shell's and the screen's scripts. */
  screens: Record<string, string[]>;
  /** Any other /app address: the shell's scripts (its screen's are not known here). */
  shell: string[];
  /** By language: the catalogs no signed-in screen renders before. */
  catalogs: Record<string, string[]>;
  /** By start screen's address, then language: the catalogs that screen waits for beyond those. */
  screenCatalogs?: Record<string, Record<string, string[]>>;
};

/** Where the build writes them: dist/web/preload-hints.json. */
export const PRELOAD_HINTS_FILE = 'preload-hints.json';

/**
 * The files to hint for a page asked for at `path`: none outside /app (the signed-out screens have
 * budgets of their own and speak no shell), the catalogs in the language the app will pick before
 * it knows the person (the browser's, as web/i18n reads navigator.languages; a saved choice it
 * learns later loads its own).
 */
export function choosePreloads(hints: PreloadHints, path: string, acceptLanguage: string | null | undefined): string[] {
  if (path !== '/app' && !path.startsWith('/app/')) return [];
  const screenPath = path.replace(/\/+$/, '') || '/';
  const screen = hints.screens[screenPath] ?? hints.shell;
  // The first language the browser names, as web/i18n's normalizeLanguage(navigator.languages[0]).
  const language = matchLanguage(acceptLanguage?.split(',')[0]?.split(';')[0], LANGUAGES) ?? 'en';
  return [...screen, ...(hints.catalogs[language] ?? []), ...(hints.screenCatalogs?.[screenPath]?.[language] ?? [])];
}

/** The <link> tags for those files, for the page's <head>. */
export function renderPreloadLinks(files: readonly string[]): string {
  return files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
}

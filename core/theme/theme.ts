/*
 * The app's colour theme (decision 056): a person chooses System, Light or Dark in Settings, Personal;
 * the choice is kept in the browser (localStorage), System follows prefers-color-scheme. The app's
 * index.html applies it before the first paint with THEME_BOOT_SCRIPT, an inline script the server's
 * Content-Security-Policy allows by its hash; the app keeps it applied afterwards with resolveTheme.
 */

export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export type Theme = 'light' | 'dark';

/** Where the browser keeps the choice. */
export const THEME_STORAGE_KEY = 'dealboard.theme';

/** A stored value, or System when there is none (or it is not one of the choices). */
export function parseThemeChoice(stored: unknown): ThemeChoice {
  return (THEME_CHOICES as readonly unknown[]).includes(stored) ? (stored as ThemeChoice) : 'system';
}

/**
 * The theme a screen shows: the choice, or the system's when the choice is System. The TV (/tv)
 * keeps its own night look on every wall, whatever the browser's preference, so it is always light
 * (its dark panels are drawn with the sidebar's colours, the same in both themes).
 */
export function resolveTheme(choice: ThemeChoice, systemPrefersDark: boolean, pathname: string): Theme {
  if (pathname === '/tv' || pathname.startsWith('/tv/')) return 'light';
  if (choice === 'system') return systemPrefersDark ? 'dark' : 'light';
  return choice;
}

/**
 * The colour of the browser's own bar (the phone's status bar, an installed app's title bar) in each
 * theme: the app header's card colour (web/styles.css `--color-card`), so the bar and the header meet.
 */
export const THEME_BAR_COLORS: Record<Theme, string> = { light: '#ffffff', dark: '#101723' };

/**
 * The inline script of index.html: the same rule as resolveTheme, in plain ES5 so it runs first
 * and alone. Its SHA-256 is in the CSP's script-src (server/app.ts): change it and the hash follows.
 */
export const THEME_BOOT_SCRIPT =
  "(function(){try{var c=localStorage.getItem('" +
  THEME_STORAGE_KEY +
  "');var p=location.pathname;var tv=p==='/tv'||p.indexOf('/tv/')===0;" +
  "var d=!tv&&(c==='dark'||(c!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches));" +
  "document.documentElement.classList.toggle('dark',d);document.documentElement.style.colorScheme=d?'dark':'light';" +
  // The script runs first in <head>, before any <meta> is parsed: it adds the theme-color itself.
  "var m=document.createElement('meta');m.setAttribute('name','theme-color');m.setAttribute('content',d?'" +
  THEME_BAR_COLORS.dark +
  "':'" +
  THEME_BAR_COLORS.light +
  "');document.head.appendChild(m)}catch(e){}})();";

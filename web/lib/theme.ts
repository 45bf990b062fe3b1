import { parseThemeChoice, resolveTheme, THEME_BAR_COLORS, THEME_STORAGE_KEY, type Theme, type ThemeChoice } from '@core/theme';
import { useEffect, useSyncExternalStore } from 'react';

/*
 * The colour theme (decision 056). The choice lives in this browser (localStorage), like the
 * sidebar's state: it is a property of the screen more than of the person. index.html's boot script
 * applied it before the first paint; useThemeSync keeps <html> in step with a new choice, another
 * tab's choice and the system's preference while the app runs.
 */

const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();
/** The choice of a browser that refuses storage, until the page reloads. */
let memoryChoice: ThemeChoice | null = null;

function readChoice(): ThemeChoice {
  try {
    return parseThemeChoice(window.localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return 'system';
  }
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

/** Puts the theme the choice means on <html>: the .dark class the CSS tokens switch on, and the browser's color-scheme. */
export function applyTheme(choice: ThemeChoice = readChoice()): Theme {
  const theme = resolveTheme(choice, systemPrefersDark(), window.location.pathname);
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  // The browser's bar follows (the boot script added this meta; add it if a page has none).
  let bar = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!bar) {
    bar = document.createElement('meta');
    bar.name = 'theme-color';
    document.head.append(bar);
  }
  bar.content = THEME_BAR_COLORS[theme];
  return theme;
}

/** Saves a choice in this browser and shows it at once. */
export function setThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === 'system') window.localStorage.removeItem(THEME_STORAGE_KEY);
    else window.localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // No storage (a private window that refuses it): the choice holds until the page reloads.
    memoryChoice = choice;
  }
  applyTheme(choice);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The person's choice (System, Light or Dark), and the way to change it. */
export function useThemeChoice(): [ThemeChoice, (choice: ThemeChoice) => void] {
  const choice = useSyncExternalStore(subscribe, () => memoryChoice ?? readChoice());
  return [choice, setThemeChoice];
}

/** Keeps <html> in the chosen theme: a change of the system's preference, or a choice made in another tab. */
export function useThemeSync(): void {
  useEffect(() => {
    const reapply = () => {
      applyTheme(memoryChoice ?? readChoice());
      listeners.forEach((listener) => listener());
    };
    reapply();
    const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
    const onStorage = (event: StorageEvent) => {
      if (event.key === THEME_STORAGE_KEY || event.key === null) reapply();
    };
    media?.addEventListener('change', reapply);
    window.addEventListener('storage', onStorage);
    return () => {
      media?.removeEventListener('change', reapply);
      window.removeEventListener('storage', onStorage);
    };
  }, []);
}

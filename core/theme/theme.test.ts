import { describe, expect, it } from 'vitest';
import { parseThemeChoice, resolveTheme, THEME_BAR_COLORS, THEME_BOOT_SCRIPT, THEME_STORAGE_KEY, type ThemeChoice } from './theme';

describe('parseThemeChoice', () => {
  it.each([
    ['dark', 'dark'],
    ['light', 'light'],
    ['system', 'system'],
    [null, 'system'],
    ['purple', 'system'],
    [1, 'system'],
  ])('reads %s as %s', (stored, expected) => {
    expect(parseThemeChoice(stored)).toBe(expected);
  });
});

describe('resolveTheme', () => {
  it.each<[ThemeChoice, boolean, string, 'light' | 'dark']>([
    ['system', true, '/app', 'dark'],
    ['system', false, '/app', 'light'],
    ['dark', false, '/app/settings', 'dark'],
    ['light', true, '/app/settings', 'light'],
    ['dark', true, '/tv', 'light'],
    ['system', true, '/tv/', 'light'],
    ['dark', true, '/tvs', 'dark'],
  ])('%s with a dark system %s on %s is %s', (choice, systemDark, pathname, expected) => {
    expect(resolveTheme(choice, systemDark, pathname)).toBe(expected);
  });
});

describe('THEME_BOOT_SCRIPT', () => {
  /** Runs the script against a stand-in page and returns whether it marked the page dark. */
  function boot(stored: string | null, systemDark: boolean, pathname: string): boolean {
    const classes = new Set<string>();
    const root = {
      classList: { toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)) },
      style: { colorScheme: '' },
    };
    const metas: Record<string, string>[] = [];
    const document = {
      documentElement: root,
      createElement: () => {
        const attributes: Record<string, string> = {};
        return { attributes, setAttribute: (name: string, value: string) => (attributes[name] = value) };
      },
      head: { appendChild: (element: { attributes: Record<string, string> }) => metas.push(element.attributes) },
    };
    const run = new Function('localStorage', 'location', 'matchMedia', 'document', THEME_BOOT_SCRIPT);
    run({ getItem: (key: string) => (key === THEME_STORAGE_KEY ? stored : null) }, { pathname }, () => ({ matches: systemDark }), document);
    const dark = classes.has('dark');
    expect(root.style.colorScheme).toBe(dark ? 'dark' : 'light');
    // The browser's bar takes the theme's colour too.
    expect(metas).toEqual([{ name: 'theme-color', content: THEME_BAR_COLORS[dark ? 'dark' : 'light'] }]);
    return dark;
  }

  it.each<[string | null, boolean, string]>([
    [null, true, '/app'],
    [null, false, '/app'],
    ['system', true, '/app/weekly'],
    ['dark', false, '/app'],
    ['light', true, '/app'],
    ['dark', true, '/tv'],
    ['junk', true, '/auth/register'],
  ])('agrees with resolveTheme for %s, dark system %s, %s', (stored, systemDark, pathname) => {
    expect(boot(stored, systemDark, pathname)).toBe(resolveTheme(parseThemeChoice(stored), systemDark, pathname) === 'dark');
  });
});

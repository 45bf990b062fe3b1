import { THEME_STORAGE_KEY } from '@core/theme';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/i18n';
import { useThemeSync } from '@web/lib/theme';
import { renderWithProviders } from '@web/test/render-with-providers';
import { AppearanceCard } from './appearance-card';

/** The device's colour preference, changeable while the page is open. */
function stubSystemTheme(dark: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    get matches() {
      return dark;
    },
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', () => media);
  return {
    set(next: boolean) {
      dark = next;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

/** The app as the Personal tab shows it: the card, and the providers' sync of <html>. */
function App() {
  useThemeSync();
  return <AppearanceCard />;
}

const isDark = () => document.documentElement.classList.contains('dark');

beforeEach(() => {
  void i18n.changeLanguage('en');
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.classList.remove('dark');
});

describe('the theme choice on Personal settings', () => {
  it('follows the system by default, also when the system changes while the app is open', () => {
    const system = stubSystemTheme(true);
    renderWithProviders(<App />);
    expect(screen.getByRole('radio', { name: 'System' })).toBeChecked();
    expect(isDark()).toBe(true);
    system.set(false);
    expect(isDark()).toBe(false);
  });

  it('Dark and Light hold whatever the system says, are kept in this browser, and System lets go again', async () => {
    const system = stubSystemTheme(false);
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<App />);

    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(isDark()).toBe(true);
    expect(document.documentElement.style.colorScheme).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    system.set(false);
    expect(isDark()).toBe(true);

    unmount();
    renderWithProviders(<App />);
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();

    system.set(true);
    await user.click(screen.getByRole('radio', { name: 'Light' }));
    expect(isDark()).toBe(false);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');

    await user.click(screen.getByRole('radio', { name: 'System' }));
    expect(isDark()).toBe(true);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });

  it('speaks Norwegian', async () => {
    stubSystemTheme(false);
    await i18n.changeLanguage('nb');
    renderWithProviders(<App />);
    expect(screen.getByRole('group', { name: 'Tema' })).toBeInTheDocument();
    for (const name of ['System', 'Lyst', 'Mørkt']) expect(screen.getByRole('radio', { name })).toBeInTheDocument();
  });
});

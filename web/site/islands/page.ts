/*
 * Every public page's island (a few hundred bytes): keeps the language choice in step with the
 * app, closes the small-screen menu, and clears the app's full-page-load guard.
 */

import { SITE_LANGUAGES } from '@web/features/public-pages/components/site-links';

/** Shared with the app: web/i18n uses localStorage 'dealboard.lang'; server/public-site.ts the cookie. */
const LANGUAGE_KEY = 'dealboard.lang';
/** Set by the app's public-page route module before it reloads into this page (see its comment). */
const FULL_LOAD_GUARD_KEY = 'dealboard.full-load';

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

function storage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

function syncLanguage(): void {
  const page = document.documentElement.lang;
  const local = storage('localStorage');
  const chosen = readCookie(LANGUAGE_KEY);
  if (chosen) {
    local?.setItem(LANGUAGE_KEY, chosen);
    return;
  }
  // No choice made on the site yet, but one made in the app: show the page in that language.
  const stored = local?.getItem(LANGUAGE_KEY);
  const url = new URL(window.location.href);
  if (stored && stored !== page && (SITE_LANGUAGES as readonly string[]).includes(stored) && !url.searchParams.has('lang')) {
    url.searchParams.set('lang', stored);
    window.location.replace(url);
  }
}

function enhanceMenu(): void {
  const menu = document.querySelector<HTMLDetailsElement>('[data-menu]');
  if (!menu) return;
  menu.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) menu.open = false;
  });
  document.addEventListener('click', (event) => {
    if (menu.open && !menu.contains(event.target as Node)) menu.open = false;
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && menu.open) {
      menu.open = false;
      menu.querySelector('summary')?.focus();
    }
  });
}

/** How long the goodbye notice stays unless closed first. */
const GOODBYE_MS = 10_000;

/**
 * After the app deleted an account it lands here with ?goodbye=1: show the pre-rendered notice
 * (components/goodbye-notice.tsx) once, and take the flag out of the address so a reload or a
 * shared link does not repeat it.
 */
function sayGoodbye(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('goodbye')) return;
  url.searchParams.delete('goodbye');
  window.history.replaceState(window.history.state, '', url);
  const notice = document.querySelector<HTMLElement>('[data-goodbye]');
  if (!notice) return;
  notice.hidden = false;
  const close = () => {
    notice.hidden = true;
    document.removeEventListener('keydown', onKey);
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close();
  };
  notice.querySelector('[data-goodbye-close]')?.addEventListener('click', close);
  document.addEventListener('keydown', onKey);
  window.setTimeout(close, GOODBYE_MS);
}

storage('sessionStorage')?.removeItem(FULL_LOAD_GUARD_KEY);
syncLanguage();
enhanceMenu();
sayGoodbye();

export {};

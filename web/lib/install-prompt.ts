import { useCallback, useSyncExternalStore } from 'react';

/*
 * The browser's offer to install the app (decision 054). Chromium fires `beforeinstallprompt`
 * once the manifest and service worker pass its checks; the page keeps the event and offers it
 * at a better moment (after a rep's first log on a phone), once: a dismissal is remembered.
 */

/** Where the page's entry (web/entry.ts) keeps the browser's offer if it comes before the app runs. */
export const EARLY_INSTALL_PROMPT_PROPERTY = '__dealboardInstallPrompt';

declare global {
  interface Window {
    [EARLY_INSTALL_PROMPT_PROPERTY]?: Event;
  }
}

type InstallPromptEvent = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }> };

const REMEMBERED = 'dealboard.install-prompt';
let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** Starts listening (main.tsx): the event comes early, before any screen asks; one the page's entry kept before the app ran is taken. */
export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    notify();
  });
  // Listening now: one that came before is the entry's to hand over.
  const kept = window[EARLY_INSTALL_PROMPT_PROPERTY];
  if (kept) deferred = kept as InstallPromptEvent;
  window.addEventListener('appinstalled', () => {
    deferred = null;
    remember('installed');
    notify();
  });
}

function remember(choice: 'dismissed' | 'installed') {
  try {
    localStorage.setItem(REMEMBERED, choice);
  } catch {
    // Private mode without storage: the offer may come again, nothing worse.
  }
}

function wasAnswered(): boolean {
  try {
    return localStorage.getItem(REMEMBERED) !== null;
  } catch {
    return false;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the app can be installed now and has not been offered and answered before. */
export function useInstallPrompt() {
  const canInstall = useSyncExternalStore(
    subscribe,
    () => deferred !== null && !wasAnswered(),
    () => false,
  );
  const install = useCallback(async () => {
    const event = deferred;
    if (!event) return;
    deferred = null;
    await event.prompt();
    remember((await event.userChoice).outcome === 'accepted' ? 'installed' : 'dismissed');
    notify();
  }, []);
  const dismiss = useCallback(() => {
    remember('dismissed');
    notify();
  }, []);
  return { canInstall, install, dismiss };
}

import {
  EARLY_TAPS_PROPERTY,
  START_FRAME_LANGUAGE_ATTRIBUTE,
  START_FRAME_MEMBER_ATTRIBUTE,
  START_SNAPSHOT_ATTRIBUTE,
  START_SNAPSHOT_KEY,
  START_SNAPSHOT_PATH,
  type StartSnapshot,
} from '@core/start-snapshot';

/*
 * The app's side of the start screen's copy (core/start-snapshot.ts, decision 090): quick log keeps
 * a copy of the page as it shows it, the page's boot script paints that copy on the next start, and
 * quick log, once it is on screen, takes over the taps made on the copy.
 */

declare global {
  interface Window {
    [EARLY_TAPS_PROPERTY]?: string[];
  }
}

/** Parts of the page that say something about this moment only (a toast, the pending logs, an offer): never copied. */
const MOMENTARY = '[data-no-snapshot], [data-sonner-toaster], [aria-busy="true"]';

/**
 * Keeps the page as it shows now as the next start's first frame, for `user` (the boot script shows
 * it only to the member this device keeps). Nothing while the copy itself is still on screen.
 */
export function keepStartSnapshot(user: string): void {
  const root = document.getElementById('root');
  const entry = document.querySelector('script[type=module][src]')?.getAttribute('src');
  if (!root || !entry || root.hasAttribute(START_SNAPSHOT_ATTRIBUTE) || window.location.pathname !== START_SNAPSHOT_PATH) return;
  const copy = root.cloneNode(true) as HTMLElement;
  for (const part of copy.querySelectorAll(MOMENTARY)) part.remove();
  const snapshot: StartSnapshot = { path: START_SNAPSHOT_PATH, entry, user, html: copy.innerHTML };
  try {
    window.localStorage.setItem(START_SNAPSHOT_KEY, JSON.stringify(snapshot));
  } catch {
    // Full or unavailable storage: the next start renders as it always did.
  }
}

/** Signing out, or another member: the device keeps no copy of anyone's screen. */
export function forgetStartSnapshot(): void {
  try {
    window.localStorage.removeItem(START_SNAPSHOT_KEY);
  } catch {
    // Nothing to remove.
  }
}

/**
 * The live screen is up: the copy's taps stop being kept, and the ones kept so far (their buttons'
 * actions, in order) are handed over, once.
 */
export function takeEarlyTaps(): string[] {
  const root = document.getElementById('root');
  root?.removeAttribute(START_SNAPSHOT_ATTRIBUTE);
  root?.removeAttribute(START_FRAME_MEMBER_ATTRIBUTE);
  root?.removeAttribute(START_FRAME_LANGUAGE_ATTRIBUTE);
  const taps = window[EARLY_TAPS_PROPERTY] ?? [];
  window[EARLY_TAPS_PROPERTY] = [];
  return taps;
}

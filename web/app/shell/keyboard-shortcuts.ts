import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@web/lib/paths';

/*
 * Keyboard shortcuts from anywhere in the app (decision 056): C logs a call, M a meeting held, S a
 * sale, ? lists the shortcuts. One plain key each, as in GitHub and Gmail; never while a person
 * types (a field, a text area, an editable element) or while a dialog or menu is open, and never
 * with Ctrl, Cmd or Alt (the browser's and the app's own combinations, Ctrl/Cmd+K and +B).
 */

export type LogShortcutKind = 'call' | 'meeting' | 'sale';

/** The keys and where each leads: the log dialogs open on My Activity from its URL (?log=). */
export const LOG_SHORTCUTS: readonly { key: string; kind: LogShortcutKind }[] = [
  { key: 'c', kind: 'call' },
  { key: 'm', kind: 'meeting' },
  { key: 's', kind: 'sale' },
];

export const HELP_KEY = '?';

/** The key held for the app's combinations on this computer: ⌘ on a Mac (and an iPad), Ctrl elsewhere. */
export function describeModifierKey(): { symbol: string; joined: (key: string) => string } {
  const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
  return isMac ? { symbol: '⌘', joined: (key) => `⌘${key}` } : { symbol: 'Ctrl', joined: (key) => `Ctrl+${key}` };
}

/** My Activity with a log dialog open: a built-in kind's, or one of the company's own types' (`type:<id>`). */
export const logPath = (kind: LogShortcutKind | `type:${string}`) => `${paths.app.activity}?log=${kind}`;

/** Something open that a key belongs to: a dialog, an alert dialog, a menu or a list of options. */
const OPEN_LAYER = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]';

/** Whether a key press is the person typing, or belongs to something open, rather than a shortcut. */
export function isTypingOrInLayer(event: KeyboardEvent): boolean {
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="textbox"], [role="combobox"]'))
    return true;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  return document.querySelector(OPEN_LAYER) !== null;
}

/** Listens for the shortcuts on the whole window; `setHelpOpen` (a state setter: stable) shows the list of them. */
export function useKeyboardShortcuts(setHelpOpen: (open: boolean) => void): void {
  const navigate = useNavigate();

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
      if (isTypingOrInLayer(event)) return;
      if (event.key === HELP_KEY) {
        event.preventDefault();
        setHelpOpen(true);
        return;
      }
      if (event.shiftKey) return;
      const shortcut = LOG_SHORTCUTS.find((s) => s.key === event.key.toLowerCase());
      if (!shortcut) return;
      event.preventDefault();
      void navigate(logPath(shortcut.kind));
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [navigate, setHelpOpen]);
}

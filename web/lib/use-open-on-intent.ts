import { type KeyboardEvent, type PointerEvent, useState } from 'react';

const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/**
 * For a menu or list whose code loads on demand (decision 026): until it is first opened, its
 * trigger is a plain look-alike button. Pointing at it or focusing it starts the download; pressing
 * it (the pointer, Enter, Space or an arrow key, as Radix's own triggers open) asks for it open:
 * the caller then renders the real component, open.
 */
export function useOpenOnIntent(preload: () => unknown) {
  const [opened, setOpened] = useState(false);
  const triggerProps = {
    onPointerEnter: () => void preload(),
    onFocus: () => void preload(),
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (event.button !== 0 || event.ctrlKey) return;
      event.preventDefault(); // as Radix does: the open menu takes the focus
      setOpened(true);
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (!OPENING_KEYS.has(event.key)) return;
      event.preventDefault();
      setOpened(true);
    },
  };
  return { opened, triggerProps };
}

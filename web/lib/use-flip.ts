import { useLayoutEffect, useRef } from 'react';

const FLIP_DURATION_MS = 650;

/**
 * FLIP re-ordering: children marked `data-flip-key` glide from their old place to the new one
 * when the order changes (a live update moved someone up). Measures offsetTop, which ignores the
 * transforms of an animation still running, so quick successive updates stay smooth. Nothing
 * moves for people who asked the system for reduced motion.
 */
export function useFlip<T extends HTMLElement>(order: readonly string[]) {
  const containerRef = useRef<T>(null);
  const positions = useRef(new Map<string, number>());
  const orderKey = order.join('|');

  useLayoutEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    const next = new Map<string, number>();
    for (const child of container.querySelectorAll<HTMLElement>('[data-flip-key]')) {
      const key = child.dataset.flipKey!;
      const top = child.offsetTop;
      next.set(key, top);
      const before = positions.current.get(key);
      if (before === undefined || before === top || reduceMotion || typeof child.animate !== 'function') continue;
      child.animate([{ transform: `translateY(${before - top}px)` }, { transform: 'translateY(0)' }], {
        duration: FLIP_DURATION_MS,
        easing: 'cubic-bezier(0.2, 0.8, 0.2, 1)',
      });
    }
    positions.current = next;
  }, [orderKey]);

  return containerRef;
}

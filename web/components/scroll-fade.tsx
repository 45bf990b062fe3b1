import { type ReactNode, useEffect, useRef, useState } from 'react';
import { cn } from '@web/lib/cn';

/**
 * A table wider than its card, with a fade on the edge where more of it is: columns cut at the
 * card's edge ("SALGSVÆR…", "48.500 k") read as the end of the table (a Danish team's walk). The
 * fade goes once the table is scrolled to its end; it catches no pointer and says nothing to a
 * screen reader, which reads every column anyway. The scrolling element is the table's own
 * container (components/ui/table.tsx).
 */
export function ScrollFade({ children, className }: { children: ReactNode; className?: string }) {
  const root = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState(false);
  useEffect(() => {
    const scroller = root.current?.querySelector<HTMLElement>('[data-slot="table-container"]');
    if (!scroller) return;
    const update = () => setMore(scroller.scrollLeft + scroller.clientWidth < scroller.scrollWidth - 1);
    update();
    scroller.addEventListener('scroll', update, { passive: true });
    const resized = new ResizeObserver(update);
    resized.observe(scroller);
    if (scroller.firstElementChild) resized.observe(scroller.firstElementChild);
    return () => {
      scroller.removeEventListener('scroll', update);
      resized.disconnect();
    };
  }, []);
  return (
    <div ref={root} className={cn('relative', className)}>
      {children}
      {more && (
        <div
          aria-hidden
          data-slot="scroll-more"
          className="pointer-events-none absolute inset-y-0 right-0 w-12 bg-gradient-to-l from-card to-transparent"
        />
      )}
    </div>
  );
}

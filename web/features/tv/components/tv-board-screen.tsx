import type { BoardWidget, BoardWidgetSize } from '@core/contracts';
import type { LocalDate } from '@core/period';
import { type ReactNode, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useWidgetTitle, type WidgetContext, WidgetBody, WidgetFrame } from '@web/components/boards/board-widgets';
import type { ScreenViewProps } from './screen-view-props';
import { WallFeedList } from './tv-feed-screen';

/*
 * A board on the wall (decision 102): the widgets the app shows, drawn from the numbers the server
 * read for the display link (no reads of their own, no links to people, no one's row marked), in
 * the app's dark look, laid out as on a desktop and scaled to fill the screen.
 */

/** A widget's share of the board's six columns, as on a desktop. */
const SPAN: Record<BoardWidgetSize, string> = { small: 'col-span-2', medium: 'col-span-3', large: 'col-span-6' };

/** The width the board is laid out at before it is scaled to the wall (the app's desktop board). */
const LAYOUT_WIDTH = 1280;

export function BoardScreenView({ data, language, timeZone }: ScreenViewProps<'board'>) {
  const widgets = data.board.widgets as BoardWidget[];
  const context = useMemo<WidgetContext>(
    () => ({
      today: data.today as LocalDate,
      kpis: data.kpis,
      teamId: data.team?.id,
      companyLanguage: language,
      currency: data.currency,
      timeZone,
      viewerId: null,
      personHref: () => null,
      wall: {
        readings: new Map(data.readings.map((reading) => [reading.widgetId, reading])),
        renderFeed: (items) => <WallFeedList items={items} language={language} timeZone={timeZone} currency={data.currency} />,
      },
    }),
    [data, language, timeZone],
  );
  const title = useWidgetTitle(widgets, context);
  return (
    <FitToWall>
      <div className="dark grid grid-cols-6 gap-4 text-foreground" data-testid="tv-board">
        {widgets.map((widget) => (
          <WidgetFrame
            key={widget.id}
            title={title(widget, data.kpis)}
            period={widget.kind === 'feed' || widget.kind === 'contest' ? null : widget.period}
            className={SPAN[widget.size]}
          >
            <WidgetBody widget={widget} context={context} />
          </WidgetFrame>
        ))}
      </div>
    </FitToWall>
  );
}

/**
 * Lays its content out at the desktop's width, then scales it to the room the wall has: as wide as
 * the screen unless that would make it taller than the screen, centred. A 4K wall gets larger
 * widgets, not more of them; a board too long for the screen gets smaller ones, never cut off.
 */
function FitToWall({ children }: { children: ReactNode }) {
  const outer = useRef<HTMLDivElement>(null);
  const inner = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState({ scale: 1, left: 0 });
  useLayoutEffect(() => {
    const room = outer.current;
    const content = inner.current;
    if (!room || !content) return;
    const measure = () => {
      const height = content.offsetHeight || 1;
      const scale = Math.max(0.3, Math.min(room.clientWidth / LAYOUT_WIDTH, room.clientHeight / height));
      setFit({ scale, left: Math.max(0, (room.clientWidth - LAYOUT_WIDTH * scale) / 2) });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(room);
    observer.observe(content);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={outer} className="relative min-h-0 flex-1 overflow-hidden">
      <div
        ref={inner}
        className="absolute top-0"
        style={{ width: LAYOUT_WIDTH, left: fit.left, transform: `scale(${fit.scale})`, transformOrigin: 'top left' }}
      >
        {children}
      </div>
    </div>
  );
}

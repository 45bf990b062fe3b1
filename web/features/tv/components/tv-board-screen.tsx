import type { BoardWidget, BoardWidgetSize } from '@core/contracts';
import type { LocalDate } from '@core/period';
import { type ReactNode, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useWidgetTitle, type WidgetContext, WidgetBody, WidgetFrame } from '@web/components/boards/board-widgets';
import type { ScreenViewProps } from './screen-view-props';
import { WallFeedList } from './tv-feed-screen';

/*
 * A board on the wall (decision 102): the widgets the app shows, drawn from the numbers the server
 * read for the display link (no reads of their own, no links to people, no one's row marked), in
 * the app's dark look, laid out as on a desktop across the screen's width, in the wall's large type.
 */

/** A widget's share of the board's six columns, as on a desktop. */
const SPAN: Record<BoardWidgetSize, string> = { small: 'col-span-2', medium: 'col-span-3', large: 'col-span-6' };

/**
 * The wall's type, as its other screens size theirs (clamp() over vmin): the desktop's 14 px text
 * is 1.9vmin, the wall's footer; a board is drawn at the desktop's size on a screen this many
 * pixels on its smaller side, twice that on a 4K wall.
 */
const DESKTOP_VMIN = 720;

/**
 * The narrowest a board is laid out at, a portrait wall's too: about the app's six columns at their
 * narrowest (a 1024 px desktop with the sidebar open).
 */
const MIN_LAYOUT_WIDTH = 720;

/** A board far too long for its screen is drawn no smaller than this (the rest is cut off). */
const MIN_SCALE = 0.3;

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
      <div className="dark grid flex-1 grid-cols-6 gap-4 text-foreground" data-testid="tv-board">
        {widgets.map((widget) => (
          <WidgetFrame
            key={widget.id}
            onWall
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
 * Lays its content out across the room the wall has, in the wall's type: as wide as the screen at
 * that scale, so the widgets take the screen's width whatever it is, and at least as tall, so a
 * short board's rows share the height left (a grid's rows stretch to fill it) instead of leaving the
 * lower half of the screen empty. A board too long for the screen is drawn smaller, never cut off:
 * laid out wider at the smaller scale, its lines wrap less and it may be shorter, so the scale is
 * found from the largest down, one layout at a time.
 */
function FitToWall({ children }: { children: ReactNode }) {
  const outer = useRef<HTMLDivElement>(null);
  const inner = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState({ scale: 1, width: MIN_LAYOUT_WIDTH, minHeight: 0 });
  useLayoutEffect(() => {
    const room = outer.current;
    const content = inner.current;
    if (!room || !content) return;
    const measure = () => {
      const { clientWidth: width, clientHeight: height } = room;
      const wallType = Math.min(window.innerWidth, window.innerHeight) / DESKTOP_VMIN;
      let scale = Math.max(MIN_SCALE, Math.min(wallType, width / MIN_LAYOUT_WIDTH));
      for (let round = 0; round < 4; round++) {
        // Measured at its own height: the room's height is only the least it is given.
        content.style.minHeight = '0px';
        content.style.width = `${width / scale}px`;
        const fits = height / (content.offsetHeight || 1);
        if (fits >= scale || scale === MIN_SCALE) break;
        scale = Math.max(MIN_SCALE, fits);
      }
      const minHeight = height / scale;
      content.style.width = `${width / scale}px`;
      content.style.minHeight = `${minHeight}px`;
      setFit((last) =>
        last.scale === scale && last.width === width / scale && last.minHeight === minHeight
          ? last
          : { scale, width: width / scale, minHeight },
      );
    };
    measure();
    // Laid out again a frame later, not in the observer's callback: resizing what it observes
    // there would start its loop again.
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    });
    observer.observe(room);
    observer.observe(content);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, []);
  return (
    <div ref={outer} className="relative min-h-0 flex-1 overflow-hidden">
      <div
        ref={inner}
        className="absolute top-0 left-0 flex flex-col"
        style={{ width: fit.width, minHeight: fit.minHeight, transform: `scale(${fit.scale})`, transformOrigin: 'top left' }}
      >
        {children}
      </div>
    </div>
  );
}

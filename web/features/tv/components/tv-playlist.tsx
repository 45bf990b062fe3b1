import { DEFAULT_CURRENCY } from '@core/money';
import type { TvScreen as TvPlaylistScreen } from '@core/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { TriangleAlertIcon } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@web/components/ui/spinner';
import { cn } from '@web/lib/cn';
import { getDisplayScreenQueryOptions, useDisplayScreen } from '../api/get-display-playlist';
import { useNow } from '../lib/use-now';
import { type Rotation, useRotation } from '../lib/use-rotation';
import { TvMessage, TvScreen, type TvScreenProps } from './tv-screen';
import { describeTvScreen, TvScreenView } from './tv-screens';

type FrameProps = Omit<TvScreenProps, 'children' | 'upNext' | 'title' | 'subtitle'>;

/** How often a contest screen's "time left" line is read again. */
export const CONTEST_LINE_TICK_MS = 15_000;

/**
 * A display link's playlist on the wall (decision 052): one screen at a time, each for its
 * seconds, through the one frame (clock, controls, live status, celebrations), so the live stream
 * and the celebration overlay stay put while the screens change. Only the screen on the wall is
 * mounted; the next one's numbers are read just before it comes on.
 */
export function TvPlaylist({ token, screens, ...frame }: FrameProps & { token: string; screens: readonly TvPlaylistScreen[] }) {
  const rotation = useRotation(screens);
  const queryClient = useQueryClient();
  const current = rotation.current;
  const nextId = rotation.next?.id;
  useEffect(() => {
    if (nextId) void queryClient.prefetchQuery(getDisplayScreenQueryOptions(token, { id: nextId }));
  }, [queryClient, token, nextId]);

  if (!current) {
    return <TvScreen {...frame} />;
  }
  return <PlaylistScreen key={current.id} token={token} screen={current} rotation={rotation} frame={frame} />;
}

function PlaylistScreen({
  token,
  screen,
  rotation,
  frame,
}: {
  token: string;
  screen: TvPlaylistScreen;
  rotation: Rotation<TvPlaylistScreen>;
  frame: FrameProps;
}) {
  const { t, i18n } = useTranslation('scoreboard');
  const language = i18n.language;
  const data = useDisplayScreen(token, screen);
  // A contest's line counts down ("2 h 5 min left") and says "Ended" the minute it is, before the
  // finished round's numbers arrive; no other screen's heading changes with the time.
  const now = useNow(CONTEST_LINE_TICK_MS, screen.kind === 'contest');
  const heading = describeTvScreen(screen, data.data, t, now, { language, currency: frame.currency ?? DEFAULT_CURRENCY });
  return (
    <TvScreen
      {...frame}
      title={heading.title}
      subtitle={heading.subtitle}
      // The screen's own reading counts too: a screen that cannot refresh keeps its last numbers.
      isStale={frame.isStale || (data.isError && Boolean(data.data))}
      updatedAt={data.dataUpdatedAt || frame.updatedAt}
      upNext={<UpNext rotation={rotation} />}
    >
      <div
        key={`${screen.id}:${rotation.turn}`}
        data-testid="tv-screen"
        data-kind={screen.kind}
        className="flex min-h-0 flex-1 animate-fade-in flex-col"
      >
        {data.data ? (
          <TvScreenView data={data.data} language={language} timeZone={frame.timeZone} currency={frame.currency} />
        ) : data.isError ? (
          <TvMessage
            tone="error"
            icon={<TriangleAlertIcon className="size-[clamp(2.5rem,8vmin,10rem)]" aria-hidden />}
            title={t('tv.screens.failed')}
          />
        ) : (
          <TvMessage icon={<Spinner className="size-[clamp(2rem,7vmin,9rem)] text-sidebar-muted" />} title={t('tv.loadingScreen')} />
        )}
      </div>
    </TvScreen>
  );
}

/**
 * Which screen is next, a dot per screen (the current one lit) and a thin bar filling over the
 * current screen's seconds: a CSS animation restarted per showing, no timer per frame.
 */
function UpNext({ rotation }: { rotation: Rotation<TvPlaylistScreen> }) {
  const { t } = useTranslation('scoreboard');
  const { current, next } = rotation;
  if (!current || !next) return null;
  const nextHeading = describeTvScreen(next, undefined, t);
  return (
    <span className="flex min-w-0 items-center gap-[0.8em]" data-testid="tv-up-next">
      <span className="relative block h-[0.3em] w-[clamp(3rem,8vw,12rem)] overflow-hidden rounded-full bg-white/10" aria-hidden>
        <span
          key={`${current.id}:${rotation.turn}`}
          className="absolute inset-0 origin-left rounded-full bg-gold/80"
          style={{ animation: `tv-progress ${current.durationSeconds}s linear forwards` }}
        />
      </span>
      <span className="truncate">{t('tv.upNext', { title: nextHeading.title })}</span>
      <span className="hidden items-center gap-[0.35em] md:flex" aria-hidden>
        {Array.from({ length: rotation.length }, (_, i) => (
          <span key={i} className={cn('size-[0.45em] rounded-full', i === rotation.index ? 'bg-gold' : 'bg-white/20')} />
        ))}
      </span>
    </span>
  );
}

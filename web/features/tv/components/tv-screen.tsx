import type { BadgeSummary, LeaderboardRow, RankBy } from '@core/contracts';
import {
  MaximizeIcon,
  MinimizeIcon,
  PhoneCallIcon,
  RefreshCwIcon,
  TriangleAlertIcon,
  Volume2Icon,
  VolumeXIcon,
  WifiOffIcon,
} from 'lucide-react';
import { QueryClientContext } from '@tanstack/react-query';
import { type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoMark, Wordmark } from '@web/components/logo';
import { Spinner } from '@web/components/ui/spinner';
import { DEFAULT_CURRENCY } from '@core/money';
import { cn } from '@web/lib/cn';
import { getIntlLocale, normalizeLanguage } from '@web/i18n';
import { useFullscreen } from '@web/lib/use-fullscreen';
import { useChime } from '../lib/chime';
import { useNow } from '../lib/use-now';
import { TvCelebrations } from './celebration-overlay';
import { TvBoard } from './tv-board';

/** The TV shows the top 10. */
export const TV_BOARD_SIZE = 10;

export type TvScreenProps = {
  rows: readonly LeaderboardRow[] | undefined;
  isPending: boolean;
  /** Shown instead of the board (after 'Error loading leaderboard: '). */
  errorMessage: string | null;
  /** A refresh failed but the last board is still shown. */
  isStale: boolean;
  companyName?: string;
  /** The display link's name, when the screen runs on one. */
  linkName?: string;
  /** The display link's token, when the screen runs on one (its celebrations are read with it). */
  displayToken?: string;
  timeZone: string;
  /** The company's currency, for the money a playlist's screens show; NOK when absent. */
  currency?: string;
  /** How the board is ranked (decision 053); points when absent. */
  rankBy?: RankBy;
  /** The rows' members' recent badges (decision 050), beside each name. */
  badges?: readonly BadgeSummary[];
  /** The heading and the line under it; today's leaderboard's by default (a playlist's screen names its own). */
  title?: string;
  subtitle?: string;
  /** What the wall shows instead of today's board (a playlist's current screen, decision 052). */
  children?: ReactNode;
  /** Beside the live status: the playlist's next screen and its progress. */
  upNext?: ReactNode;
  /** The live stream was lost and is being reopened: the wall says so and keeps its last numbers. */
  isReconnecting?: boolean;
  /** When the numbers on the wall were read (ms since the epoch), for the reconnecting notice. */
  updatedAt?: number;
};

/*
 * Every wall, from a phone to a 4K screen, landscape or portrait (decision 052): type is fluid
 * (clamp() over the viewport's smaller side, so a portrait screen does not get landscape-sized
 * letters it has no width for), and the board drops columns as it narrows rather than squeezing
 * names to "B..": rank, name and points always; calls and meetings from 36rem of board; conversion
 * from 64rem (Tailwind's container sizes @xl and @5xl), so a portrait wall 1080 px wide keeps its
 * names whole.
 */
const TV_TEXT = {
  title: 'text-[clamp(1.35rem,5.2vmin,7.5rem)]',
  sub: 'text-[clamp(0.85rem,2.4vmin,3.4rem)]',
  clock: 'text-[clamp(1.35rem,7vmin,10rem)]',
  foot: 'text-[clamp(0.75rem,1.9vmin,2.7rem)]',
} as const;

/**
 * The wall display: 'Team Leaderboard', a live clock and Norwegian date, fullscreen and sound
 * toggles, the top 10 (gold, silver, bronze, then numbers) with calls, meetings, conversion and
 * points today. Sized in viewport units so it reads from across the room at 1920x1080 and 1280x720.
 */
export function TvScreen({
  rows,
  isPending,
  errorMessage,
  isStale,
  companyName,
  linkName,
  displayToken,
  timeZone,
  currency,
  rankBy = 'points',
  badges,
  title,
  subtitle,
  children,
  upNext,
  isReconnecting = false,
  updatedAt,
}: TvScreenProps) {
  const badgesByUser = useMemo(() => new Map((badges ?? []).map((member) => [member.userId, member.badges])), [badges]);
  const { t, i18n } = useTranslation('scoreboard');
  const fullscreen = useFullscreen();
  // Celebrations (decision 051): the company's sound choice comes from the celebrations' settings.
  const [companySound, setCompanySound] = useState(false);
  const chime = useChime(companySound);
  // A screen rendered alone (a component test) has no query cache, and so no celebrations.
  const hasQueryCache = useContext(QueryClientContext) !== undefined;

  useEffect(() => {
    const previous = document.title;
    document.title = t('tv.documentTitle');
    return () => {
      document.title = previous;
    };
  }, [t]);

  const reconnecting = !errorMessage && (isStale || isReconnecting);
  return (
    <div className="flex h-dvh flex-col gap-[clamp(0.5rem,2vmin,3rem)] overflow-hidden bg-sidebar px-[clamp(0.75rem,3vw,7rem)] py-[clamp(0.75rem,3vmin,5rem)] text-white">
      <header className="flex flex-wrap items-start justify-between gap-x-[clamp(0.75rem,2vw,4rem)] gap-y-2">
        <div className="flex min-w-0 flex-[1_1_18rem] items-center gap-[clamp(0.5rem,1.5vw,3rem)]">
          <LogoMark className="size-[clamp(2.25rem,7vmin,10rem)] shrink-0" />
          <div className="min-w-0">
            <h1 className={cn(TV_TEXT.title, 'leading-tight font-extrabold tracking-tight text-balance')}>{title ?? t('tv.title')}</h1>
            <p className={cn(TV_TEXT.sub, 'truncate text-sidebar-muted')}>
              {companyName ? `${companyName} · ` : ''}
              {subtitle ?? t('tv.today')}
              {rankBy !== 'points' && ` · ${t(`rankBy.${rankBy}`)}`}
            </p>
          </div>
        </div>
        <div className="flex shrink-0 items-start gap-[clamp(0.5rem,1.5vw,3rem)]">
          <TvClock timeZone={timeZone} />
          {/* On a phone the two controls sit in a row beside the clock, so the header keeps to two lines. */}
          <div className="flex flex-row gap-[clamp(0.35rem,0.8vmin,1rem)] sm:flex-col">
            <TvControl
              label={fullscreen.isFullscreen ? t('tv.exitFullscreen') : t('tv.enterFullscreen')}
              pressed={fullscreen.isFullscreen}
              onClick={() => void fullscreen.toggle()}
            >
              {fullscreen.isFullscreen ? <MinimizeIcon /> : <MaximizeIcon />}
            </TvControl>
            <TvControl label={chime.isEnabled ? t('tv.soundOff') : t('tv.soundOn')} pressed={chime.isEnabled} onClick={chime.toggle}>
              {chime.isEnabled ? <Volume2Icon /> : <VolumeXIcon />}
            </TvControl>
          </div>
        </div>
      </header>

      {reconnecting && <TvReconnecting updatedAt={updatedAt} timeZone={timeZone} />}

      <main className="relative flex min-h-0 flex-1 flex-col">
        {errorMessage ? (
          <TvMessage
            tone="error"
            icon={<TriangleAlertIcon className="size-[clamp(2.5rem,8vmin,10rem)]" aria-hidden />}
            title={t('tv.error', { message: errorMessage })}
          />
        ) : children !== undefined ? (
          children
        ) : isPending || !rows ? (
          <TvMessage icon={<Spinner className="size-[clamp(2rem,7vmin,9rem)] text-sidebar-muted" />} title={t('tv.loading')} />
        ) : rows.length === 0 ? (
          <TvMessage
            icon={<PhoneCallIcon className="size-[clamp(2.5rem,8vmin,10rem)] text-gold" aria-hidden />}
            title={t('tv.emptyTitle')}
            text={t('tv.emptyText')}
          />
        ) : (
          <TvBoard
            rows={rows.slice(0, TV_BOARD_SIZE)}
            language={i18n.language}
            timeZone={timeZone}
            label={t('tv.title')}
            rankBy={rankBy}
            badges={badgesByUser}
          />
        )}
      </main>

      <footer className={cn(TV_TEXT.foot, 'flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sidebar-muted')}>
        <span className="flex items-center gap-2" data-testid="tv-connection">
          {errorMessage ? null : reconnecting ? (
            <>
              <WifiOffIcon className="size-[1.2em] text-warning" aria-hidden />
              <span className="text-warning">{t('tv.reconnecting')}</span>
            </>
          ) : (
            <>
              <span className="relative flex size-[0.75em]" aria-hidden>
                <span className="absolute inline-flex size-full animate-ping rounded-full bg-success opacity-60" />
                <span className="relative inline-flex size-full rounded-full bg-success" />
              </span>
              {t('tv.live')}
            </>
          )}
        </span>
        {upNext}
        {linkName && !upNext && <span className="hidden truncate sm:inline">{t('tv.displayLink', { name: linkName })}</span>}
        <Wordmark className="hidden text-[1.15em] text-sidebar-foreground sm:flex" markClassName="size-[1.45em]" />
      </footer>
      {hasQueryCache && (
        <TvCelebrations
          displayToken={displayToken}
          currency={currency ?? DEFAULT_CURRENCY}
          play={chime.play}
          isSoundBlocked={chime.isBlocked}
          onCompanySound={setCompanySound}
        />
      )}
    </div>
  );
}

/**
 * Shown while the live stream is away (a Wi-Fi drop, a server restart): calm, at the top, over
 * the last numbers, which stay on the wall until the stream is back and the board is read again.
 */
function TvReconnecting({ updatedAt, timeZone }: { updatedAt?: number; timeZone: string }) {
  const { t, i18n } = useTranslation('scoreboard');
  const time = updatedAt
    ? new Intl.DateTimeFormat(getWallLocale(i18n.language), { hour: '2-digit', minute: '2-digit', timeZone }).format(new Date(updatedAt))
    : null;
  return (
    <div
      role="status"
      data-testid="tv-reconnecting"
      className={cn(
        TV_TEXT.sub,
        'flex items-center gap-[0.6em] self-center rounded-full bg-warning/15 px-[1.1em] py-[0.45em] text-warning ring-1 ring-warning/40',
      )}
    >
      <RefreshCwIcon className="size-[1.1em] shrink-0 animate-spin [animation-duration:3s]" aria-hidden />
      <span className="font-semibold">{t('tv.reconnectingTitle')}</span>
      {time && <span className="hidden text-warning/80 sm:inline">{t('tv.reconnectingSince', { time })}</span>}
    </div>
  );
}

function TvControl({
  label,
  pressed,
  onClick,
  children,
}: {
  label: string;
  pressed: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      onClick={onClick}
      className="flex size-[clamp(2.25rem,5vmin,6rem)] items-center justify-center rounded-xl bg-white/8 text-sidebar-foreground ring-1 ring-white/15 transition-colors outline-none hover:bg-white/15 focus-visible:ring-2 focus-visible:ring-gold [&_svg]:size-[50%]"
    >
      {children}
    </button>
  );
}

/**
 * The wall's clock and dates: in Norwegian format on an English or Norwegian wall (the product
 * was made for Norwegian offices, decision 079), in its own on a Swedish or Danish one (decision 080).
 */
function getWallLocale(language: string): string {
  const wall = normalizeLanguage(language);
  return wall === 'sv' || wall === 'da' ? getIntlLocale(wall) : 'nb-NO';
}

/** Ticks every second on its own, so the board does not re-render with it. */
function TvClock({ timeZone }: { timeZone: string }) {
  const now = useNow(1_000);
  const { i18n } = useTranslation();
  const locale = getWallLocale(i18n.language);
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit', timeZone }).format(now);
  const date = new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(now);
  return (
    <div className="text-right">
      <time
        data-testid="tv-clock"
        dateTime={now.toISOString()}
        className={cn(TV_TEXT.clock, 'block leading-none font-bold tracking-tight tabular')}
      >
        {time}
      </time>
      <p data-testid="tv-date" className={cn(TV_TEXT.sub, 'mt-[0.3em] hidden text-sidebar-muted min-[28rem]:block')}>
        {date}
      </p>
    </div>
  );
}

export function TvMessage({ icon, title, text, tone }: { icon: React.ReactNode; title: string; text?: string; tone?: 'error' }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'm-auto flex max-w-[min(70rem,90vw)] flex-col items-center gap-[clamp(0.75rem,2.5vmin,3rem)] rounded-[clamp(1rem,3vmin,4rem)] px-[clamp(1rem,4vw,6rem)] py-[clamp(1.25rem,6vmin,8rem)] text-center',
        tone === 'error' ? 'bg-destructive/15 ring-1 ring-destructive/40' : 'bg-white/5 ring-1 ring-white/10',
      )}
    >
      {icon}
      <p className="text-[clamp(1.25rem,4.4vmin,6rem)] leading-tight font-bold text-balance">{title}</p>
      {text && <p className="text-[clamp(0.95rem,2.8vmin,4rem)] text-sidebar-muted">{text}</p>}
    </div>
  );
}

import type { LeaderboardRow } from '@core/contracts';
import {
  AwardIcon,
  CrownIcon,
  MaximizeIcon,
  MedalIcon,
  MinimizeIcon,
  PhoneCallIcon,
  TriangleAlertIcon,
  Volume2Icon,
  VolumeXIcon,
  WifiOffIcon,
} from 'lucide-react';
import { memo, useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoMark, Wordmark } from '@web/components/logo';
import { PersonAvatar } from '@web/components/person-avatar';
import { Spinner } from '@web/components/ui/spinner';
import { cn } from '@web/lib/cn';
import { createCompanyFormat } from '@web/lib/format';
import { formatMemberName } from '@web/lib/member-name';
import { useFlip } from '@web/lib/use-flip';
import { useFullscreen } from '@web/lib/use-fullscreen';
import { useChime } from '../lib/chime';
import { useCelebrations } from '../lib/use-celebrations';
import { useNow } from '../lib/use-now';
import { CelebrationOverlay } from './celebration-overlay';

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
  timeZone: string;
};

/**
 * The wall display: 'Team Leaderboard', a live clock and Norwegian date, fullscreen and sound
 * toggles, the top 10 (gold, silver, bronze, then numbers) with calls, meetings, conversion and
 * points today. Sized in viewport units so it reads from across the room at 1920x1080 and 1280x720.
 */
export function TvScreen({ rows, isPending, errorMessage, isStale, companyName, linkName, timeZone }: TvScreenProps) {
  const { t, i18n } = useTranslation('scoreboard');
  const fullscreen = useFullscreen();
  const chime = useChime();
  const { play } = chime;
  const celebration = useCelebrations(
    rows,
    useCallback((c) => play(c.kind), [play]),
  );

  useEffect(() => {
    const previous = document.title;
    document.title = t('tv.documentTitle');
    return () => {
      document.title = previous;
    };
  }, [t]);

  return (
    <div className="flex h-dvh min-h-[32rem] flex-col gap-[2vh] overflow-hidden bg-sidebar px-[3vw] py-[3vh] text-white">
      <header className="flex items-start justify-between gap-[2vw]">
        <div className="flex min-w-0 items-center gap-[1.5vw]">
          <LogoMark className="size-[7vh] shrink-0" />
          <div className="min-w-0">
            <h1 className="text-[5.2vh] leading-tight font-extrabold tracking-tight">{t('tv.title')}</h1>
            <p className="truncate text-[2.4vh] text-sidebar-muted">
              {companyName ? `${companyName} · ` : ''}
              {t('tv.today')}
            </p>
          </div>
        </div>
        <div className="flex items-start gap-[1.5vw]">
          <TvClock timeZone={timeZone} />
          <div className="flex flex-col gap-2">
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

      <main className="flex min-h-0 flex-1 flex-col">
        {errorMessage ? (
          <TvMessage
            tone="error"
            icon={<TriangleAlertIcon className="size-[8vh]" aria-hidden />}
            title={t('tv.error', { message: errorMessage })}
          />
        ) : isPending || !rows ? (
          <TvMessage icon={<Spinner className="size-[7vh] text-sidebar-muted" />} title={t('tv.loading')} />
        ) : rows.length === 0 ? (
          <TvMessage
            icon={<PhoneCallIcon className="size-[8vh] text-gold" aria-hidden />}
            title={t('tv.emptyTitle')}
            text={t('tv.emptyText')}
          />
        ) : (
          <TvBoard rows={rows.slice(0, TV_BOARD_SIZE)} language={i18n.language} timeZone={timeZone} />
        )}
      </main>

      <footer className="flex items-center justify-between gap-4 text-[1.9vh] text-sidebar-muted">
        <span className="flex items-center gap-2">
          {errorMessage ? null : isStale ? (
            <>
              <WifiOffIcon className="size-[2.2vh] text-warning" aria-hidden />
              <span className="text-warning">{t('tv.reconnecting')}</span>
            </>
          ) : (
            <>
              <span className="relative flex size-[1.4vh]" aria-hidden>
                <span className="absolute inline-flex size-full animate-ping rounded-full bg-success opacity-60" />
                <span className="relative inline-flex size-full rounded-full bg-success" />
              </span>
              {t('tv.live')}
            </>
          )}
        </span>
        {linkName && <span className="truncate">{t('tv.displayLink', { name: linkName })}</span>}
        <Wordmark className="text-[2.2vh] text-sidebar-foreground" markClassName="size-[2.8vh]" />
      </footer>
      <CelebrationOverlay celebration={celebration} />
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
      className="flex size-[5vh] min-h-10 min-w-10 items-center justify-center rounded-xl bg-white/8 text-sidebar-foreground ring-1 ring-white/15 transition-colors outline-none hover:bg-white/15 focus-visible:ring-2 focus-visible:ring-gold [&_svg]:size-[2.6vh] [&_svg]:min-h-5 [&_svg]:min-w-5"
    >
      {children}
    </button>
  );
}

/** Ticks every second on its own, so the board does not re-render with it. */
function TvClock({ timeZone }: { timeZone: string }) {
  const now = useNow(1_000);
  // The TV date is in Norwegian format for everyone.
  const time = new Intl.DateTimeFormat('nb-NO', { hour: '2-digit', minute: '2-digit', second: '2-digit', timeZone }).format(now);
  const date = new Intl.DateTimeFormat('nb-NO', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(now);
  return (
    <div className="text-right">
      <time data-testid="tv-clock" dateTime={now.toISOString()} className="block text-[7vh] leading-none font-bold tracking-tight tabular">
        {time}
      </time>
      <p data-testid="tv-date" className="mt-[0.8vh] text-[2.4vh] text-sidebar-muted">
        {date}
      </p>
    </div>
  );
}

function TvMessage({ icon, title, text, tone }: { icon: React.ReactNode; title: string; text?: string; tone?: 'error' }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'm-auto flex max-w-[70vw] flex-col items-center gap-[2.5vh] rounded-[3vh] px-[4vw] py-[6vh] text-center',
        tone === 'error' ? 'bg-destructive/15 ring-1 ring-destructive/40' : 'bg-white/5 ring-1 ring-white/10',
      )}
    >
      {icon}
      <p className="text-[4.4vh] leading-tight font-bold">{title}</p>
      {text && <p className="text-[2.8vh] text-sidebar-muted">{text}</p>}
    </div>
  );
}

const RANK_STYLES: Record<number, { row: string; medal: string; Icon: typeof CrownIcon }> = {
  1: {
    row: 'bg-gradient-to-r from-gold/30 via-gold/10 to-white/5 ring-gold/60',
    medal: 'bg-gold text-[oklch(0.3_0.07_80)]',
    Icon: CrownIcon,
  },
  2: {
    row: 'bg-gradient-to-r from-silver/25 via-silver/8 to-white/5 ring-silver/50',
    medal: 'bg-silver text-[oklch(0.28_0.02_250)]',
    Icon: MedalIcon,
  },
  3: {
    row: 'bg-gradient-to-r from-bronze/30 via-bronze/10 to-white/5 ring-bronze/50',
    medal: 'bg-bronze text-[oklch(0.98_0.01_60)]',
    Icon: AwardIcon,
  },
};

const COLUMNS = 'grid grid-cols-[9vh_minmax(0,1fr)_13vw_13vw_13vw_16vw] items-center gap-[1.5vw]';

const TvBoard = memo(function TvBoard({
  rows,
  language,
  timeZone,
}: {
  rows: readonly LeaderboardRow[];
  language: string;
  timeZone: string;
}) {
  const { t } = useTranslation('scoreboard');
  const format = createCompanyFormat(language, timeZone, 'NOK');
  const listRef = useFlip<HTMLOListElement>(rows.map((r) => r.userId));
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-[1vh]">
      <div aria-hidden className={cn(COLUMNS, 'px-[1.5vw] text-[1.9vh] font-semibold tracking-[0.12em] text-sidebar-muted uppercase')}>
        <span className="text-center">#</span>
        <span>{t('tv.columns.name')}</span>
        <span className="text-right">{t('tv.columns.calls')}</span>
        <span className="text-right">{t('tv.columns.meetings')}</span>
        <span className="text-right">{t('tv.columns.conversion')}</span>
        <span className="text-right">{t('tv.columns.points')}</span>
      </div>
      <ol ref={listRef} aria-label={t('tv.title')} className="relative flex min-h-0 flex-1 flex-col gap-[0.9vh]">
        {rows.map((row) => {
          const style = RANK_STYLES[row.rank];
          const name = formatMemberName(row, t);
          return (
            <li
              key={row.userId}
              data-flip-key={row.userId}
              data-testid="tv-row"
              className={cn(
                COLUMNS,
                'max-h-[10vh] min-h-0 flex-1 rounded-[1.6vh] px-[1.5vw] ring-1',
                style ? style.row : 'bg-white/5 ring-white/10',
              )}
            >
              <span className="flex justify-center">
                <span
                  className={cn(
                    'flex size-[5.4vh] items-center justify-center rounded-full text-[2.8vh] font-extrabold tabular',
                    style ? style.medal : 'bg-white/10 text-sidebar-foreground',
                  )}
                >
                  {style ? <style.Icon className="size-[3vh]" aria-hidden /> : <span aria-hidden>{row.rank}</span>}
                  <span className="sr-only">{t('rank.label', { rank: row.rank })}</span>
                </span>
              </span>
              <span className="flex min-w-0 items-center gap-[1.2vw]">
                <PersonAvatar
                  name={name}
                  colorKey={row.userId}
                  avatarUrl={row.avatarUrl}
                  className="size-[6vh] text-[2.3vh] ring-2 ring-white/15"
                />
                <span data-slot="member-name" className="truncate text-[3.5vh] font-bold tracking-tight">
                  {name}
                </span>
              </span>
              <TvStat value={format.number(row.calls)} label={t('tv.columns.calls')} slot="calls" />
              <TvStat value={format.number(row.meetings)} label={t('tv.columns.meetings')} slot="meetings" />
              <TvStat value={format.percent(row.conversion)} label={t('tv.columns.conversion')} slot="conversion" />
              <span className="flex flex-col items-end leading-none">
                <span key={row.points} data-slot="points" className="animate-pop text-[4.2vh] font-extrabold text-gold tabular">
                  {format.number(row.points)}
                </span>
                <span className="mt-[0.4vh] text-[1.6vh] font-medium text-sidebar-muted">{t('tv.pointsToday')}</span>
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
});

function TvStat({ value, label, slot }: { value: string; label: string; slot: string }) {
  return (
    <span className="text-right text-[3.4vh] font-semibold tabular">
      <span className="sr-only">{label}: </span>
      <span data-slot={slot}>{value}</span>
    </span>
  );
}

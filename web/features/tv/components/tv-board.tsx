import type { BadgeSummary, LeaderboardRow, RankBy } from '@core/contracts';
import { AwardIcon, CrownIcon, MedalIcon } from 'lucide-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { BadgeIcons } from '@web/components/badges/badge-icons';
import { PersonAvatar } from '@web/components/person-avatar';
import { RankMeasure } from '@web/components/scoreboard/rank-measure';
import { cn } from '@web/lib/cn';
import { createCompanyFormat } from '@web/lib/format';
import { formatMemberName } from '@web/lib/member-name';
import { useFlip } from '@web/lib/use-flip';

/*
 * The wall's leaderboard: the top rows with medals for the first three, each row's measure and the
 * columns that fit the board's own width. Shown by the wall's default screen (tv-screen.tsx) and by
 * a playlist's board screens (tv-screens.tsx).
 */

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

/**
 * The board's columns by its own width (a container query): rank, name and points always; calls
 * and meetings from 36rem; conversion from 64rem. A column that does not fit is left out, never
 * squeezed: on a phone the name keeps the room and calls and meetings go under it.
 */
const COLUMNS =
  'grid items-center gap-x-[clamp(0.5rem,1.5vw,3rem)] grid-cols-[clamp(2.25rem,9vmin,11rem)_minmax(0,1fr)_minmax(4.5rem,auto)] @xl:grid-cols-[clamp(2.25rem,9vmin,11rem)_minmax(0,1fr)_repeat(2,minmax(3.5rem,11cqw))_minmax(5rem,14cqw)] @5xl:grid-cols-[clamp(2.25rem,9vmin,11rem)_minmax(0,1fr)_repeat(3,minmax(4rem,11cqw))_minmax(5rem,14cqw)]';
/** Shown from 36rem of board, and conversion from 64rem. */
const WIDE = 'hidden @xl:block';
const WIDEST = 'hidden @5xl:block';

export type TvBoardProps = {
  rows: readonly LeaderboardRow[];
  language: string;
  timeZone: string;
  /** The list's accessible name. */
  label: string;
  /** The words under each row's points ("points today", "points this week"). */
  pointsLabel?: string;
  /** How the rows are ranked (decision 053): each row shows its measure, and the tie rule is stated. */
  rankBy?: RankBy;
  /** Each member's recent badges (decision 050), beside the name. */
  badges?: ReadonlyMap<string, BadgeSummary['badges']>;
};

export const TvBoard = memo(function TvBoard({ rows, language, timeZone, label, pointsLabel, rankBy = 'points', badges }: TvBoardProps) {
  const { t } = useTranslation('scoreboard');
  const format = createCompanyFormat(language, timeZone, 'NOK');
  const listRef = useFlip<HTMLOListElement>(rows.map((r) => r.userId));
  return (
    <div className="@container flex min-h-0 flex-1 flex-col gap-[clamp(0.25rem,1vmin,1.5rem)]">
      <div
        aria-hidden
        className={cn(
          COLUMNS,
          'px-[clamp(0.5rem,1.5vw,3rem)] text-[clamp(0.65rem,1.9vmin,2.6rem)] font-semibold tracking-[0.12em] text-sidebar-muted uppercase',
        )}
      >
        <span className="text-center">#</span>
        <span>{t('tv.columns.name')}</span>
        <span className={cn(WIDE, 'text-right')}>{t('tv.columns.calls')}</span>
        <span className={cn(WIDE, 'text-right')}>{t('tv.columns.meetings')}</span>
        <span className={cn(WIDEST, 'text-right')}>{t('tv.columns.conversion')}</span>
        <span className="text-right">{t('tv.columns.points')}</span>
      </div>
      <ol ref={listRef} aria-label={label} className="relative flex min-h-0 flex-1 flex-col gap-[clamp(0.25rem,0.9vmin,1.25rem)]">
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
                'max-h-[clamp(3rem,10vh,15rem)] min-h-0 flex-1 rounded-[clamp(0.6rem,1.6vmin,2rem)] px-[clamp(0.5rem,1.5vw,3rem)] ring-1',
                style ? style.row : 'bg-white/5 ring-white/10',
              )}
            >
              <span className="flex justify-center">
                <span
                  className={cn(
                    'flex size-[clamp(1.9rem,5.4vmin,7rem)] items-center justify-center rounded-full text-[clamp(0.9rem,2.8vmin,3.6rem)] font-extrabold tabular',
                    style ? style.medal : 'bg-white/10 text-sidebar-foreground',
                  )}
                >
                  {style ? <style.Icon className="size-[55%]" aria-hidden /> : <span aria-hidden>{row.rank}</span>}
                  <span className="sr-only">{t('rank.label', { rank: row.rank })}</span>
                </span>
              </span>
              <span className="flex min-w-0 items-center gap-[clamp(0.5rem,1.2vw,2.5rem)]">
                <PersonAvatar
                  name={name}
                  colorKey={row.userId}
                  avatarUrl={row.avatarUrl}
                  className="hidden size-[clamp(2rem,6vmin,8rem)] text-[clamp(0.75rem,2.3vmin,3rem)] ring-2 ring-white/15 min-[26rem]:flex"
                />
                <span className="flex min-w-0 flex-col">
                  {/* A long name takes a second line rather than being cut ("Bjørn Håko…" on a portrait wall). */}
                  <span
                    data-slot="member-name"
                    className="line-clamp-2 text-[clamp(1rem,3.5vmin,5rem)] leading-tight font-bold tracking-tight break-words"
                  >
                    {name}
                  </span>
                  {/* On a narrow board calls and meetings go under the name instead of columns of their own. */}
                  <span className="truncate text-[clamp(0.75rem,2vmin,2.5rem)] text-sidebar-muted tabular @xl:hidden" aria-hidden>
                    {t('tv.compactStats', { calls: format.number(row.calls), meetings: format.number(row.meetings) })}
                  </span>
                  <RankMeasure
                    row={row}
                    rankBy={rankBy}
                    format={format}
                    className="truncate text-[clamp(0.75rem,2.2vmin,3rem)] text-gold"
                    missingClassName="font-medium text-sidebar-muted"
                  />
                </span>
                <BadgeIcons badges={badges?.get(row.userId)} size="tv" />
              </span>
              <TvStat value={format.number(row.calls)} label={t('tv.columns.calls')} slot="calls" className={WIDE} />
              <TvStat value={format.number(row.meetings)} label={t('tv.columns.meetings')} slot="meetings" className={WIDE} />
              <TvStat value={format.percent(row.conversion)} label={t('tv.columns.conversion')} slot="conversion" className={WIDEST} />
              <span className="flex flex-col items-end leading-none">
                <span
                  key={row.points}
                  data-slot="points"
                  className="animate-pop text-[clamp(1.2rem,4.2vmin,6rem)] font-extrabold text-gold tabular"
                >
                  {format.number(row.points)}
                </span>
                <span className="mt-[0.3em] hidden text-[clamp(0.65rem,1.6vmin,2.2rem)] font-medium text-sidebar-muted min-[26rem]:block">
                  {pointsLabel ?? t('tv.pointsToday')}
                </span>
              </span>
            </li>
          );
        })}
      </ol>
      <p
        data-testid="ranking-note"
        // Whole on every wall: one line on a TV, two on a phone held upright (never cut to "then na…").
        className="px-[clamp(0.5rem,1.5vw,3rem)] text-[clamp(0.65rem,1.7vmin,2.3rem)] text-balance text-sidebar-muted"
      >
        {t('rankBy.tie.points')}
      </p>
    </div>
  );
});

function TvStat({ value, label, slot, className }: { value: string; label: string; slot: string; className?: string }) {
  return (
    <span className={cn('text-right text-[clamp(1rem,3.4vmin,5rem)] font-semibold tabular', className)}>
      <span className="sr-only">{label}: </span>
      <span data-slot={slot}>{value}</span>
    </span>
  );
}

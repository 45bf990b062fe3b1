import type { DisplayScreenData, TvKpiMetric, TvScreen, TvScreenKind } from '@core/contracts';
import { DEFAULT_CURRENCY } from '@core/money';
import { NEW_CHANGE } from '@core/stats';
import { MegaphoneIcon, PhoneCallIcon, TrendingDownIcon, TrendingUpIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@web/lib/cn';
import { createCompanyFormat } from '@web/lib/format';
import { TV_SCREEN_ICONS } from '../lib/screen-icons';
import { TvBoard } from './tv-board';
import { TvMessage } from './tv-screen';
import type { ScreenViewProps } from './screen-view-props';
import { ContestView, describeContestTime } from './tv-contest-screen';
import { FeedView } from './tv-feed-screen';
import { BoardScreenView } from './tv-board-screen';

/*
 * The TV's screens, one renderer per kind of a playlist's screen (decision 052). A new kind (a
 * contest) adds its entry here and its reader on the server; the rotation does not change.
 */

type ScreenView<K extends TvScreenKind> = {
  /** The heading and the line under it while the screen is on (data: once its numbers are read). */
  describe: (
    screen: Extract<TvScreen, { kind: K }>,
    data: Extract<DisplayScreenData, { kind: K }> | undefined,
    t: (key: string, options?: Record<string, unknown>) => string,
    /** The wall's time now (a contest's line counts down to it). */
    now: Date,
    /** The wall's numbers (a contest's target is written as its score is). */
    format: WallFormat,
  ) => {
    title: string;
    subtitle: string;
  };
  View: (props: ScreenViewProps<K>) => ReactNode;
};

/** What a wall writes its numbers with: its language and the company's currency. */
type WallFormat = { language: string; currency: string };

const KPI_WORDS: Record<TvKpiMetric, string> = {
  calls: 'tv.kpi.calls',
  meetings: 'tv.kpi.meetings',
  sales: 'tv.kpi.sales',
  revenue: 'tv.kpi.revenue',
  points: 'tv.kpi.points',
};

export const TV_SCREEN_VIEWS: { [K in TvScreenKind]: ScreenView<K> } = {
  leaderboard: {
    describe: (_screen, _data, t) => ({ title: t('tv.title'), subtitle: t('tv.today') }),
    View: ({ data, language, timeZone }) => <BoardView data={data} language={language} timeZone={timeZone} />,
  },
  team: {
    describe: (_screen, data, t) => ({
      title: data?.team ? t('tv.screens.teamTitle', { team: data.team.name }) : t('tv.screens.team'),
      subtitle: t('tv.today'),
    }),
    View: ({ data, language, timeZone }) => <BoardView data={data} language={language} timeZone={timeZone} />,
  },
  week: {
    describe: (_screen, _data, t) => ({ title: t('tv.screens.week'), subtitle: t('tv.screens.weekSubtitle') }),
    View: ({ data, language, timeZone, currency }) => (
      <div className="flex min-h-0 flex-1 flex-col gap-[clamp(0.5rem,2vmin,2.5rem)]">
        <TotalsStrip totals={data.totals} language={language} timeZone={timeZone} currency={currency} />
        <BoardView data={data} language={language} timeZone={timeZone} pointsKey="tv.pointsThisWeek" emptyKey="tv.screens.weekEmpty" />
      </div>
    ),
  },
  month: {
    describe: (_screen, _data, t) => ({ title: t('tv.screens.month'), subtitle: t('tv.screens.monthSubtitle') }),
    View: ({ data, language, timeZone, currency }) => <MonthView data={data} language={language} timeZone={timeZone} currency={currency} />,
  },
  kpi: {
    describe: (screen, _data, t) => ({ title: t(KPI_WORDS[screen.metric]), subtitle: t('tv.screens.kpiSubtitle') }),
    View: ({ data, language, timeZone, currency }) => <KpiView data={data} language={language} timeZone={timeZone} currency={currency} />,
  },
  message: {
    describe: (screen, _data, t) => ({ title: screen.title || t('tv.screens.message'), subtitle: t('tv.screens.messageSubtitle') }),
    View: ({ data }) => (
      <div className="m-auto flex max-w-[min(80rem,92vw)] flex-col items-center gap-[clamp(1rem,3vmin,4rem)] text-center">
        <MegaphoneIcon className="size-[clamp(2.5rem,10vmin,12rem)] text-gold" aria-hidden />
        <p
          data-testid="tv-message"
          className="text-[clamp(1.5rem,7vmin,10rem)] leading-tight font-extrabold tracking-tight text-balance break-words"
        >
          {data.text}
        </p>
      </div>
    ),
  },
  feed: {
    describe: (_screen, _data, t) => ({ title: t('tv.screens.feed'), subtitle: t('tv.screens.feedSubtitle') }),
    View: ({ data, language, timeZone, currency }) => <FeedView data={data} language={language} timeZone={timeZone} currency={currency} />,
  },
  contest: {
    describe: (_screen, data, t, now, format) => ({
      title: data?.standings ? data.standings.contest.name : t('tv.screens.contest'),
      subtitle: data?.standings ? describeContestTime(data.standings, t, now, format) : '',
    }),
    View: ({ data, language, timeZone, currency }) => (
      <ContestView data={data} language={language} timeZone={timeZone} currency={currency} />
    ),
  },
  board: {
    describe: (_screen, data, t) => ({
      title: data?.board.name ?? t('tv.screens.board'),
      subtitle: data?.team?.name ?? t('tv.screens.boardSubtitle'),
    }),
    View: ({ data, language, timeZone, currency }) => (
      <BoardScreenView data={data} language={language} timeZone={timeZone} currency={currency} />
    ),
  },
};

/** The heading of a screen and its icon, whatever its kind, at `now`. */
export function describeTvScreen(
  screen: TvScreen,
  data: DisplayScreenData | undefined,
  t: (key: string, options?: Record<string, unknown>) => string,
  now: Date = new Date(),
  format: WallFormat = { language: 'en', currency: DEFAULT_CURRENCY },
) {
  const view = TV_SCREEN_VIEWS[screen.kind] as ScreenView<TvScreenKind>;
  return {
    ...view.describe(screen as never, data?.kind === screen.kind ? (data as never) : undefined, t, now, format),
    Icon: TV_SCREEN_ICONS[screen.kind],
  };
}

/** A screen's numbers, drawn by its kind's renderer. */
export function TvScreenView({
  data,
  language,
  timeZone,
  currency = DEFAULT_CURRENCY,
}: {
  data: DisplayScreenData;
  language: string;
  timeZone: string;
  /** The company's currency (the KPI and contest screens show money in it). */
  currency?: string;
}) {
  const view = TV_SCREEN_VIEWS[data.kind] as ScreenView<TvScreenKind>;
  return <view.View data={data as never} language={language} timeZone={timeZone} currency={currency} />;
}

function BoardView({
  data,
  language,
  timeZone,
  pointsKey = 'tv.pointsToday',
  emptyKey,
}: {
  data: Extract<DisplayScreenData, { rows: unknown }>;
  language: string;
  timeZone: string;
  pointsKey?: string;
  emptyKey?: string;
}) {
  const { t } = useTranslation('scoreboard');
  if (data.rows.length === 0) {
    return (
      <TvMessage
        icon={<PhoneCallIcon className="size-[clamp(2.5rem,8vmin,10rem)] text-gold" aria-hidden />}
        title={t(emptyKey ?? 'tv.emptyTitle')}
        text={t('tv.emptyText')}
      />
    );
  }
  return (
    <TvBoard
      rows={data.rows}
      language={language}
      timeZone={timeZone}
      label={t('tv.title')}
      pointsLabel={t(pointsKey)}
      rankBy={data.rankBy}
    />
  );
}

function TotalsStrip({
  totals,
  language,
  timeZone,
  currency,
}: {
  totals: { calls: number; meetings: number; sales: number; points: number };
  language: string;
  timeZone: string;
  currency: string;
}) {
  const { t } = useTranslation('scoreboard');
  const format = createCompanyFormat(language, timeZone, currency);
  const items = [
    ['calls', t('tv.columns.calls'), totals.calls],
    ['meetings', t('tv.columns.meetings'), totals.meetings],
    ['sales', t('tv.kpi.salesShort'), totals.sales],
    ['points', t('tv.columns.points'), totals.points],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-[clamp(0.4rem,1.5vmin,2rem)] sm:grid-cols-4">
      {items.map(([key, label, value]) => (
        <div
          key={key}
          className="rounded-[clamp(0.6rem,1.6vmin,2rem)] bg-white/5 px-[clamp(0.6rem,2vmin,3rem)] py-[clamp(0.4rem,1.4vmin,2rem)] ring-1 ring-white/10"
        >
          <dt className="text-[clamp(0.7rem,1.9vmin,2.6rem)] font-semibold tracking-[0.1em] text-sidebar-muted uppercase">{label}</dt>
          <dd className={cn('text-[clamp(1.3rem,4.6vmin,6.5rem)] leading-tight font-extrabold tabular', key === 'points' && 'text-gold')}>
            {format.number(value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The month: its daily points as bars (today's highlighted, days to come faint), totals, the top 5. */
function MonthView({ data, language, timeZone, currency }: ScreenViewProps<'month'>) {
  const { t } = useTranslation('scoreboard');
  const format = createCompanyFormat(language, timeZone, currency);
  const highest = Math.max(1, ...data.trend.map((d) => d.points));
  const today = data.period.today;
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-[clamp(0.5rem,2vmin,2.5rem)] landscape:flex-row">
      <section
        aria-label={t('tv.screens.trendLabel')}
        className="flex min-h-[30%] flex-1 flex-col gap-[clamp(0.5rem,1.5vmin,2rem)] rounded-[clamp(0.6rem,1.6vmin,2rem)] bg-white/5 p-[clamp(0.6rem,2vmin,3rem)] ring-1 ring-white/10 landscape:basis-3/5"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <p className="text-[clamp(0.8rem,2.2vmin,3rem)] font-semibold tracking-[0.1em] text-sidebar-muted uppercase">
            {t('tv.screens.trendLabel')}
          </p>
          <p className="text-[clamp(1.2rem,4vmin,6rem)] font-extrabold text-gold tabular">
            {t('tv.screens.monthPoints', { points: format.number(data.totals.points) })}
          </p>
        </div>
        <ol className="flex min-h-0 flex-1 items-end gap-[clamp(1px,0.35vw,0.6rem)]" data-testid="tv-trend">
          {data.trend.map((day) => {
            const isFuture = day.date > today;
            return (
              <li key={day.date} className="flex h-full min-w-0 flex-1 flex-col justify-end" title={`${day.date}: ${day.points}`}>
                <span className="sr-only">
                  {t('tv.screens.trendDay', { date: format.shortDay(day.date), points: format.number(day.points) })}
                </span>
                <span
                  aria-hidden
                  className={cn(
                    'block w-full rounded-t-[clamp(2px,0.5vmin,0.5rem)]',
                    day.date === today ? 'bg-gold' : isFuture ? 'bg-white/8' : 'bg-sky-400/70',
                  )}
                  style={{ height: `${Math.max(isFuture ? 2 : 3, (day.points / highest) * 100)}%` }}
                />
              </li>
            );
          })}
        </ol>
      </section>
      <div className="flex min-h-0 flex-1 flex-col landscape:basis-2/5">
        <BoardView data={data} language={language} timeZone={timeZone} pointsKey="tv.pointsThisMonth" emptyKey="tv.screens.monthEmpty" />
      </div>
    </div>
  );
}

/**
 * The big number's size: as big as the wall allows (30vmin), and never wider than the screen (cqw:
 * of the screen's width), whatever its length. A figure is as wide as its characters: a digit or a
 * letter at most 0.75em in the wall's black face, a separator or a space half that. "42" is 30vmin
 * high; "1.234.567,89 kr." is as large as fits across.
 */
function fitBigNumber(text: string): string {
  const ems = [...text].reduce((sum, char) => sum + (/[\s.,:'’·]/u.test(char) ? 0.375 : 0.75), 0);
  return `min(30vmin, 44rem, ${(100 / Math.max(1, ems)).toFixed(2)}cqw)`;
}

/** One number, as big as the wall allows, against yesterday. */
function KpiView({ data, language, timeZone, currency }: ScreenViewProps<'kpi'>) {
  const { t } = useTranslation('scoreboard');
  const format = createCompanyFormat(language, timeZone, currency);
  const show = (value: number) => (data.metric === 'revenue' ? format.money(value) : format.number(value));
  const up = data.today >= data.yesterday;
  const Trend = up ? TrendingUpIcon : TrendingDownIcon;
  const today = show(data.today);
  return (
    <div className="@container m-auto flex w-full flex-col items-center gap-[clamp(0.75rem,3vmin,4rem)] text-center">
      <p
        data-testid="tv-kpi"
        className="leading-none font-black tracking-tight whitespace-nowrap text-gold tabular"
        style={{ fontSize: fitBigNumber(today) }}
      >
        {today}
      </p>
      <p className="flex flex-wrap items-center justify-center gap-x-[0.6em] gap-y-1 text-[clamp(1rem,3.6vmin,5rem)] text-sidebar-muted">
        <Trend className={cn('size-[1.1em]', up ? 'text-success' : 'text-warning')} aria-hidden />
        <span>{t('tv.kpi.yesterday', { value: show(data.yesterday) })}</span>
        <span className={cn('font-bold', up ? 'text-success' : 'text-warning')}>
          {data.change === NEW_CHANGE ? t('kpi.newChange') : data.change}
        </span>
      </p>
    </div>
  );
}

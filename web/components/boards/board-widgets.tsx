import type { BoardPeriod, BoardWidget, DisplayBoardReading, DisplayFeedItem, Kpi } from '@core/contracts';
import { pickName } from '@core/activity-types';
import { computeLocalDate, computePeriodDays, computePreviousPeriodDays, type LocalDate } from '@core/period';
import { ActivityIcon, TrophyIcon, UsersIcon } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@web/components/load-error';
import { PersonAvatar } from '@web/components/person-avatar';
import { PersonNameLink } from '@web/components/person-name-link';
import { ActivityFeed, ActivityFeedSkeleton } from '@web/components/scoreboard/activity-feed';
import { Skeleton } from '@web/components/ui/skeleton';
import { ApiRequestError } from '@web/lib/api';
import { useMe } from '@web/lib/auth/get-me';
import { cn } from '@web/lib/cn';
import { getIntlLocale } from '@web/i18n';
import { createCompanyFormat, formatDateRange, formatPercent } from '@web/lib/format';
import { formatKpiValue } from '@web/lib/format-kpi';
import { createContestScoreFormat } from '@web/lib/contest-score';
import { rankRows } from '@web/lib/kpi-periods';
import { formatMemberName } from '@web/lib/member-name';
import { usePersonPageHref } from '@web/lib/people';
import { useContest, useContests } from '@web/lib/queries/get-contests';
import { useFeed } from '@web/lib/queries/get-feed';
import { useKpiSeries, useKpiValues } from '@web/lib/queries/get-kpis';
import { KpiChange } from './kpi-change';

const KpiChart = lazy(() => import('./kpi-chart').then((m) => ({ default: m.KpiChart })));

/** What every widget knows: the company's today, its KPIs and how a KPI's value reads. */
export type WidgetContext = {
  today: LocalDate;
  kpis: readonly Kpi[];
  /** The people the widget is for when it names no team: the board's team, else everyone. */
  teamId: string | undefined;
  /** The company's language (a KPI's name falls back to it), currency and time zone. */
  companyLanguage: string | null;
  currency: string;
  timeZone: string;
  /** The person looking (their row is marked); null on a wall. */
  viewerId: string | null;
  /** Where a person's name leads (a manager's page of them), or null: plain text. */
  personHref: (userId: string) => string | null;
  /**
   * On a wall (decision 102): each widget's numbers as the server read them for the display link,
   * and how the wall draws its feed; the widgets then read nothing themselves.
   */
  wall?: { readings: ReadonlyMap<string, DisplayBoardReading>; renderFeed: (items: readonly DisplayFeedItem[]) => ReactNode };
};

/** The signed-in app's widget context: the company from /me, the viewer, and links to people a manager may open. */
export function useAppWidgetContext(kpis: readonly Kpi[], teamId: string | undefined): WidgetContext {
  const { data: me } = useMe();
  const personHref = usePersonPageHref();
  const timeZone = me?.company?.timezone ?? 'Europe/Oslo';
  return {
    today: computeLocalDate(new Date(), timeZone) as LocalDate,
    kpis,
    teamId,
    companyLanguage: me?.company?.language ?? null,
    currency: me?.company?.currency ?? 'NOK',
    timeZone,
    viewerId: me?.user.id ?? null,
    personHref,
  };
}

type Read<T> = { data: T | undefined; isError: boolean; error: unknown; refetch: () => unknown };

/** A widget's numbers: on a wall those the server read, else the app's own query. */
function readOf<T>(query: Read<T>, context: WidgetContext, onWall: T | undefined): Read<T> {
  return context.wall ? { data: onWall, isError: false, error: null, refetch: () => undefined } : query;
}

const readingOf = (widget: BoardWidget, context: WidgetContext) => context.wall?.readings.get(widget.id);

function useKpiWords(context: Pick<WidgetContext, 'companyLanguage' | 'currency'>) {
  const { i18n } = useTranslation();
  return {
    name: (kpi: Kpi) => pickName(kpi.names, i18n.language, context.companyLanguage),
    format: (kpi: Kpi, value: number | null | undefined) =>
      formatKpiValue(value ?? null, kpi, { language: i18n.language, currency: context.currency }),
  };
}

/** The widget's frame: its title, the period (and team) it covers, its body, and the editor's tools when editing. */
export function WidgetFrame({
  title,
  period,
  tools,
  onWall = false,
  className,
  children,
}: {
  title: string;
  period: BoardPeriod | null;
  tools?: ReactNode;
  /** On a wall: read from across the room, its body filling the tile. */
  onWall?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('scoreboard');
  return (
    <section
      className={cn('flex min-w-0 flex-col rounded-xl border bg-card p-4 text-card-foreground shadow-xs', className)}
      aria-label={title}
    >
      <header className="mb-3 flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className={cn('truncate font-medium', onWall ? 'text-lg' : 'text-sm')}>{title}</h2>
          {period && <p className={cn('text-muted-foreground', onWall ? 'text-sm' : 'text-xs')}>{t(`boards.periods.${period}`)}</p>}
        </div>
        {tools}
      </header>
      <div className={cn('min-w-0 flex-1', onWall && 'flex flex-col')}>{children}</div>
    </section>
  );
}

/**
 * A figure on a wall, as large as the room its tile is given allows: a size container (container
 * query units) that asks the board's layout for `least` only, so big figures do not make the board
 * taller and the whole wall smaller; when the rows are stretched to fill the screen, it grows into
 * the tile, the figure with it, by the room's width (the fewer characters, the larger) and height,
 * up to `largest`.
 */
function WallFigure({ text, least, largest }: { text: string; least: string; largest: string }) {
  // About 0.6 of the type's size per character (tabular digits, a currency code): 150 ÷ length in
  // hundredths of the width keeps "NOK 1,250,000" inside its tile.
  const size = `min(${largest}, ${Math.round((150 / Math.max(text.length, 2)) * 10) / 10}cqw, 90cqh)`;
  return (
    <div className="flex min-h-0 flex-1 items-center [container-type:size]" style={{ minHeight: least }}>
      <p className="font-semibold tracking-tight whitespace-nowrap tabular-nums leading-none" style={{ fontSize: size }}>
        {text}
      </p>
    </div>
  );
}

/** A ranked row's parts (leaderboards, contest standings): the app's, or a step larger on a wall. */
function rankedRowLook(onWall: boolean) {
  return onWall
    ? { list: 'space-y-1.5', row: 'flex items-center gap-3 rounded-md px-2 py-1 text-lg', rank: 'w-7', avatar: 'size-8 text-xs' }
    : { list: 'space-y-1', row: 'flex items-center gap-2 rounded-md px-2 py-1 text-sm', rank: 'w-5', avatar: 'size-6 text-[10px]' };
}

/** Renders a widget's body: its data read from the KPI endpoints (decision 102). */
export function WidgetBody({ widget, context }: { widget: BoardWidget; context: WidgetContext }) {
  const { t } = useTranslation('scoreboard');
  if (widget.kind === 'feed') return <FeedBody widget={widget} context={context} />;
  if (widget.kind === 'contest') return <ContestBody widget={widget} context={context} />;
  const kpi = context.kpis.find((k) => k.id === widget.kpiId);
  if (!kpi) return <p className="text-sm text-muted-foreground">{t('boards.kpiGone')}</p>;
  switch (widget.kind) {
    case 'number':
      return <NumberBody widget={widget} kpi={kpi} context={context} />;
    case 'leaderboard':
      return <LeaderboardBody widget={widget} kpi={kpi} context={context} />;
    case 'chart':
      return <ChartBody widget={widget} kpi={kpi} context={context} />;
    case 'gauge':
      return <GaugeBody widget={widget} kpi={kpi} context={context} />;
    case 'teams':
      return <TeamsBody widget={widget} kpi={kpi} context={context} />;
  }
}

/** The widget's title: its KPI's name (by team, for the comparison), the contest's, or the feed's. */
export function useWidgetTitle(
  widgets: readonly BoardWidget[],
  context: WidgetContext,
): (widget: BoardWidget, kpis: readonly Kpi[]) => string {
  const { t } = useTranslation('scoreboard');
  const words = useKpiWords(context);
  const hasContest = widgets.some((widget) => widget.kind === 'contest');
  const contests = useContests({ enabled: hasContest && !context.wall }).data?.contests ?? [];
  return (widget, kpis) => {
    if (widget.kind === 'feed') return t('boards.feedTitle');
    if (widget.kind === 'contest')
      return (
        (readingOf(widget, context)?.contest?.contest.name ?? contests.find((c) => c.id === widget.contestId)?.name) ||
        t('boards.kinds.contest')
      );
    const kpi = kpis.find((k) => k.id === widget.kpiId);
    if (!kpi) return t(`boards.kinds.${widget.kind}`);
    return widget.kind === 'teams' ? t('boards.byTeam', { kpi: words.name(kpi) }) : words.name(kpi);
  };
}

const teamOf = (widget: BoardWidget, context: WidgetContext) => widget.teamId ?? context.teamId;
const withTeam = (days: { from: string; to: string }, teamId: string | undefined) => (teamId ? { ...days, teamId } : days);

function NumberBody({ widget, kpi, context }: { widget: Extract<BoardWidget, { kind: 'number' }>; kpi: Kpi; context: WidgetContext }) {
  const { t } = useTranslation('scoreboard');
  const words = useKpiWords(context);
  const teamId = teamOf(widget, context);
  // Only this KPI's totals, now and over the period before: summed in the database, no member's figure.
  const only = { ids: kpi.id, totalOnly: 'true' } as const;
  const enabled = { enabled: !context.wall };
  const reading = readingOf(widget, context);
  const now = readOf(
    useKpiValues({ ...withTeam(computePeriodDays(widget.period, context.today), teamId), ...only }, enabled),
    context,
    reading?.values,
  );
  const before = readOf(
    useKpiValues({ ...withTeam(computePreviousPeriodDays(widget.period, context.today), teamId), ...only }, enabled),
    context,
    reading?.before,
  );
  if (now.isError && !now.data) return <LoadError title={t('boards.loadFailed')} error={now.error} onRetry={() => void now.refetch()} />;
  if (!now.data) return <Skeleton className="h-12 w-32" />;
  const value = now.data.kpis.find((k) => k.id === kpi.id)?.total ?? null;
  const previous = before.data?.kpis.find((k) => k.id === kpi.id)?.total ?? null;
  const change = before.data ? <KpiChange kpi={kpi} value={value} previous={previous} period={widget.period} /> : null;
  if (context.wall)
    return (
      <div className="flex flex-1 flex-col gap-3">
        <WallFigure text={words.format(kpi, value)} least="4.5rem" largest="9rem" />
        <p className="text-sm">{change}</p>
      </div>
    );
  return (
    <div>
      <p className="text-3xl font-semibold tracking-tight tabular-nums">{words.format(kpi, value)}</p>
      <p className="mt-1 text-xs">{change}</p>
    </div>
  );
}

function LeaderboardBody({
  widget,
  kpi,
  context,
}: {
  widget: Extract<BoardWidget, { kind: 'leaderboard' }>;
  kpi: Kpi;
  context: WidgetContext;
}) {
  const { t } = useTranslation('scoreboard');
  const words = useKpiWords(context);
  const values = readOf(
    // Its KPI alone (as the wall asks): every KPI of every member would be read and sent for one column.
    useKpiValues(
      { ...withTeam(computePeriodDays(widget.period, context.today), teamOf(widget, context)), ids: kpi.id },
      { enabled: !context.wall },
    ),
    context,
    readingOf(widget, context)?.values,
  );
  if (values.isError && !values.data)
    return <LoadError title={t('boards.loadFailed')} error={values.error} onRetry={() => void values.refetch()} />;
  if (!values.data)
    return (
      <div className="space-y-2">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-7 w-full" />
        ))}
      </div>
    );
  const people = new Map(values.data.members.map((m) => [m.userId, m]));
  const nameOf = (userId: string) => formatMemberName({ displayName: people.get(userId)?.displayName ?? null, userId }, t);
  const of = new Map(values.data.kpis.find((k) => k.id === kpi.id)?.members.map((m) => [m.userId, m.value]));
  const rows = rankRows(values.data, kpi, nameOf).slice(0, widget.rows);
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{t('boards.noPeople')}</p>;
  const look = rankedRowLook(Boolean(context.wall));
  return (
    <ol className={look.list}>
      {rows.map((member, index) => (
        <li key={member.userId} className={cn(look.row, member.userId === context.viewerId && 'bg-primary-soft/60')}>
          <span className={cn('text-end font-medium tabular-nums text-muted-foreground', look.rank)}>{index + 1}</span>
          <PersonAvatar name={nameOf(member.userId)} avatarUrl={member.avatarUrl} colorKey={member.userId} className={look.avatar} />
          <PersonNameLink href={context.personHref(member.userId)} className="min-w-0 flex-1 truncate">
            {nameOf(member.userId)}
          </PersonNameLink>
          <span className="font-semibold tabular-nums">{words.format(kpi, of.get(member.userId))}</span>
        </li>
      ))}
    </ol>
  );
}

function ChartBody({ widget, kpi, context }: { widget: Extract<BoardWidget, { kind: 'chart' }>; kpi: Kpi; context: WidgetContext }) {
  const { t, i18n } = useTranslation('scoreboard');
  const words = useKpiWords(context);
  const days = computePeriodDays(widget.period === 'today' ? 'week' : widget.period, context.today);
  const series = readOf(
    useKpiSeries({ id: kpi.id, ...withTeam(days, teamOf(widget, context)) }, { enabled: !context.wall }),
    context,
    readingOf(widget, context)?.series,
  );
  if (series.isError && !series.data)
    return <LoadError title={t('boards.loadFailed')} error={series.error} onRetry={() => void series.refetch()} />;
  if (!series.data) return <Skeleton className="h-48 w-full" />;
  return (
    <Suspense fallback={<Skeleton className="h-48 w-full" />}>
      <KpiChart
        days={series.data.days}
        style={widget.style}
        locale={i18n.language}
        name={words.name(kpi)}
        formatValue={(value) => words.format(kpi, value)}
        // Counts and other whole figures; money is in øre, whose ticks are left to the chart.
        wholeSteps={kpi.format !== 'percent' && kpi.decimals === 0 && kpi.format !== 'money'}
        fill={Boolean(context.wall)}
        summary={t('boards.chartSummary', { kpi: words.name(kpi), period: t(`boards.periods.${widget.period}`).toLowerCase() })}
      />
    </Suspense>
  );
}

function GaugeBody({ widget, kpi, context }: { widget: Extract<BoardWidget, { kind: 'gauge' }>; kpi: Kpi; context: WidgetContext }) {
  const { t, i18n } = useTranslation('scoreboard');
  const words = useKpiWords(context);
  const values = readOf(
    useKpiValues(
      { ...withTeam(computePeriodDays(widget.period, context.today), teamOf(widget, context)), ids: kpi.id, totalOnly: 'true' },
      { enabled: !context.wall },
    ),
    context,
    readingOf(widget, context)?.values,
  );
  if (values.isError && !values.data)
    return <LoadError title={t('boards.loadFailed')} error={values.error} onRetry={() => void values.refetch()} />;
  if (!values.data) return <Skeleton className="h-16 w-full" />;
  const value = values.data.kpis.find((k) => k.id === kpi.id)?.total ?? null;
  const share = value === null ? 0 : Math.max(0, Math.min(1, value / widget.goal));
  const reached = value !== null && (kpi.lowerIsBetter ? value <= widget.goal : value >= widget.goal);
  const goal = words.format(kpi, widget.goal);
  const label = t('boards.ofGoal', { value: words.format(kpi, value), goal });
  // The KPI's own figure is the headline (a rate of 33 % reads 33 %, not its 42 % of an 80 % goal);
  // how far it has come goes under the bar.
  const progress = reached
    ? t('boards.gaugeReached', { goal })
    : kpi.lowerIsBetter
      ? t('boards.gaugeAtMost', { goal })
      : t('boards.gaugeShare', { share: formatPercent(Math.round(share * 100), i18n.language), goal });
  const big = Boolean(context.wall);
  return (
    <div className={big ? 'flex flex-1 flex-col gap-4' : 'space-y-2'}>
      {big ? (
        <WallFigure text={words.format(kpi, value)} least="3.5rem" largest="6rem" />
      ) : (
        <p className="text-2xl font-semibold tabular-nums">{words.format(kpi, value)}</p>
      )}
      <div
        role="meter"
        aria-valuemin={0}
        aria-valuemax={widget.goal}
        aria-valuenow={value ?? 0}
        aria-valuetext={label}
        aria-label={words.name(kpi)}
        className={cn('overflow-hidden rounded-full bg-muted', big ? 'h-5' : 'h-3')}
      >
        <div className={cn('h-full rounded-full', reached ? 'bg-success' : 'bg-primary')} style={{ width: `${share * 100}%` }} />
      </div>
      <p className={cn('text-muted-foreground', big ? 'text-sm' : 'text-xs')}>{progress}</p>
    </div>
  );
}

function FeedBody({ widget, context }: { widget: Extract<BoardWidget, { kind: 'feed' }>; context: WidgetContext }) {
  const { t } = useTranslation('scoreboard');
  const { i18n } = useTranslation();
  const format = createCompanyFormat(i18n.language, context.timeZone, context.currency);
  const feed = useFeed({ limit: 8, ...(teamOf(widget, context) ? { teamId: teamOf(widget, context) } : {}) }, { enabled: !context.wall });
  if (context.wall) return context.wall.renderFeed(readingOf(widget, context)?.feed ?? []);
  if (feed.isError && !feed.data)
    return <LoadError title={t('boards.loadFailed')} error={feed.error} onRetry={() => void feed.refetch()} />;
  if (!feed.data) return <ActivityFeedSkeleton rows={3} />;
  if (feed.data.items.length === 0)
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <ActivityIcon className="size-4" aria-hidden /> {t('boards.noActivity')}
      </p>
    );
  return (
    <div className="-mx-4 -mb-4">
      <ActivityFeed items={feed.data.items} today={context.today} format={format} />
    </div>
  );
}

/** The teams side by side on one KPI: each team's figure over its members together, best first, as bars. */
function TeamsBody({ widget, kpi, context }: { widget: Extract<BoardWidget, { kind: 'teams' }>; kpi: Kpi; context: WidgetContext }) {
  const { t } = useTranslation('scoreboard');
  const words = useKpiWords(context);
  const values = readOf(
    // Each team's figure on this KPI, no one's own (summed per member in the database, then by team).
    useKpiValues(
      { ...computePeriodDays(widget.period, context.today), ids: kpi.id, totalOnly: 'true', byTeam: 'true' },
      { enabled: !context.wall },
    ),
    context,
    readingOf(widget, context)?.values,
  );
  if (values.isError && !values.data)
    return <LoadError title={t('boards.loadFailed')} error={values.error} onRetry={() => void values.refetch()} />;
  if (!values.data) return <Skeleton className="h-24 w-full" />;
  const teams = values.data.teams ?? [];
  if (teams.length === 0)
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <UsersIcon className="size-4" aria-hidden /> {t('boards.noTeams')}
      </p>
    );
  const of = new Map(values.data.kpis.find((k) => k.id === kpi.id)?.teams?.map((team) => [team.teamId, team.value]));
  // Best first; a team without a figure ("—") last, then by name.
  const rows = teams
    .map((team) => ({ ...team, value: of.get(team.id) ?? null }))
    .sort((a, b) => {
      if (a.value === null || b.value === null) return a.value === b.value ? a.name.localeCompare(b.name) : a.value === null ? 1 : -1;
      return a.value === b.value ? a.name.localeCompare(b.name) : kpi.lowerIsBetter ? a.value - b.value : b.value - a.value;
    });
  const largest = Math.max(...rows.map((row) => Math.abs(row.value ?? 0)), 0);
  const big = Boolean(context.wall);
  return (
    <ol className={big ? 'space-y-4' : 'space-y-2.5'}>
      {rows.map((row) => (
        <li key={row.id} className={cn('space-y-1', big ? 'text-lg' : 'text-sm')}>
          <div className="flex items-baseline justify-between gap-2">
            <span className="min-w-0 truncate">{row.name}</span>
            <span className="font-semibold tabular-nums">{words.format(kpi, row.value)}</span>
          </div>
          <div className={cn('overflow-hidden rounded-full bg-muted', big ? 'h-3' : 'h-2')} aria-hidden>
            <div
              className="h-full rounded-full bg-primary"
              style={{ width: `${largest > 0 ? (Math.abs(row.value ?? 0) / largest) * 100 : 0}%` }}
            />
          </div>
        </li>
      ))}
    </ol>
  );
}

/** A contest's standings: its top 5 or 10, with when it ends (its own days, not the widget's period). */
function ContestBody({ widget, context }: { widget: Extract<BoardWidget, { kind: 'contest' }>; context: WidgetContext }) {
  const { t, i18n } = useTranslation('scoreboard');
  const format = createCompanyFormat(i18n.language, context.timeZone, context.currency);
  const query = useContest(widget.contestId, { enabled: !context.wall });
  const onWall = readingOf(widget, context)?.contest;
  // On a wall, a contest deleted since reads as null: the same words as the app's 404.
  if (context.wall && onWall === null) return <p className="text-sm text-muted-foreground">{t('boards.contestGone')}</p>;
  const contest = readOf(query, context, onWall ?? undefined);
  if (contest.isError && !contest.data) {
    const gone = contest.error instanceof ApiRequestError && contest.error.status === 404;
    if (gone) return <p className="text-sm text-muted-foreground">{t('boards.contestGone')}</p>;
    return <LoadError title={t('boards.loadFailed')} error={contest.error} onRetry={() => void contest.refetch()} />;
  }
  if (!contest.data)
    return (
      <div className="space-y-2">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-7 w-full" />
        ))}
      </div>
    );
  const { contest: about, standings } = contest.data;
  const days = formatDateRange(about.startsOn, about.endsOn, getIntlLocale(i18n.language));
  const when = t(`boards.contestPhase.${about.phase}`, { days });
  const rows = standings.filter((s) => s.score > 0).slice(0, widget.rows);
  // Money when the contest counts sales value alone (decision 087), else a number.
  const score = createContestScoreFormat(about, format);
  const look = rankedRowLook(Boolean(context.wall));
  return (
    <div className="space-y-2">
      <p className={cn('flex items-center gap-1.5 text-muted-foreground', context.wall ? 'text-sm' : 'text-xs')}>
        <TrophyIcon className="size-3.5" aria-hidden /> {when}
      </p>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('boards.noStandings')}</p>
      ) : (
        <ol className={look.list}>
          {rows.map((row) => {
            const name =
              row.kind === 'team' ? (row.name ?? t('boards.team')) : formatMemberName({ displayName: row.name, userId: row.subjectId }, t);
            return (
              <li key={row.subjectId} className={cn(look.row, row.subjectId === context.viewerId && 'bg-primary-soft/60')}>
                <span className={cn('text-end font-medium tabular-nums text-muted-foreground', look.rank)}>{row.rank}</span>
                {row.kind === 'person' ? (
                  <>
                    <PersonAvatar name={name} avatarUrl={row.avatarUrl} colorKey={row.subjectId} className={look.avatar} />
                    <PersonNameLink href={context.personHref(row.subjectId)} className="min-w-0 flex-1 truncate">
                      {name}
                    </PersonNameLink>
                  </>
                ) : (
                  <span className="min-w-0 flex-1 truncate">{name}</span>
                )}
                <span className="font-semibold tabular-nums">{score(row.score)}</span>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}

import type { BoardWidget, ContestStandings, DisplayBoardReading, DisplayScreenData, KpiValuesQuery, TvScreen } from '@core/contracts';
import { computeLocalDate, computePeriodDays, computePreviousPeriodDays, type LocalDate } from '@core/period';
import type { AppDeps } from '../../context';
import { HttpError, notFound } from '../../lib/http';
import { getWallBoard, type WallBoard } from '../boards/boards.service';
import { getWallFeed } from '../celebrations/celebrations.service';
import { getWallContestStandings } from '../contests/contests.service';
import { getWallKpiSeries, getWallKpiValues, listWallKpis } from '../kpis/kpis.service';
import type { ResolvedDisplayLink } from './display-links.repository';

/*
 * A board as a wall's screen (decision 102): the server reads each widget's numbers as the app's
 * widget reads them (the same periods from core, the same KPI reads), for the link's company with
 * no one signed in, so the wall needs no reads of its own and a display token reads nothing a
 * playlist's board does not show. A team's link shows its own team's people in every widget.
 */

/** The feed widget's rows, as in the app. */
const FEED_WIDGET_ROWS = 8;

type BoardScreen = Extract<TvScreen, { kind: 'board' }>;
type TeamRef = { id: string; name: string };

/**
 * The team whose people a widget shows: the link's team on a team's link; else the widget's own,
 * else the board's (a board shared with a team), else everyone (undefined).
 */
function widgetTeamId(link: ResolvedDisplayLink, board: WallBoard, widget: BoardWidget): string | undefined {
  if (link.team) return link.team.id;
  return widget.teamId ?? board.teamId ?? undefined;
}

async function readWidget(
  deps: AppDeps,
  link: ResolvedDisplayLink,
  board: WallBoard,
  widget: BoardWidget,
  today: LocalDate,
  kpiIds: ReadonlySet<string>,
): Promise<DisplayBoardReading> {
  const widgetId = widget.id;
  const teamId = widgetTeamId(link, board, widget);
  const values = (days: { from: LocalDate; to: LocalDate }, more: Partial<KpiValuesQuery> = {}) =>
    getWallKpiValues(deps, link.companyId, { ...days, ...(teamId ? { teamId } : {}), totalOnly: false, byTeam: false, ...more });
  switch (widget.kind) {
    case 'feed': {
      const feed = await getWallFeed(deps, { companyId: link.companyId, team: teamId ? { id: teamId } : null }, FEED_WIDGET_ROWS);
      return { widgetId, feed: feed.items };
    }
    case 'contest':
      return { widgetId, contest: await readContest(deps, link, widget.contestId) };
  }
  // A widget whose KPI was deleted since shows that it is gone, as in the app.
  if (!kpiIds.has(widget.kpiId)) return { widgetId };
  const ids = widget.kpiId;
  const days = computePeriodDays(widget.period, today);
  switch (widget.kind) {
    case 'number': {
      const now = await values(days, { ids, totalOnly: true });
      return { widgetId, values: now, before: await values(computePreviousPeriodDays(widget.period, today), { ids, totalOnly: true }) };
    }
    case 'gauge':
      return { widgetId, values: await values(days, { ids, totalOnly: true }) };
    case 'leaderboard':
      return { widgetId, values: await values(days, { ids }) };
    case 'teams':
      // Every team side by side (the rivals are the point, as a team contest on a team's wall): each
      // team's figure and no one's own, so a team's wall shows no other team's people.
      return {
        widgetId,
        values: await getWallKpiValues(deps, link.companyId, { ...days, ids, totalOnly: true, byTeam: true }),
      };
    case 'chart': {
      const chartDays = computePeriodDays(widget.period === 'today' ? 'week' : widget.period, today);
      return { widgetId, series: await getWallKpiSeries(deps, link.companyId, { id: ids, ...chartDays, ...(teamId ? { teamId } : {}) }) };
    }
  }
}

/** A contest's standings on the wall, or null when it is gone (deleted since the board was saved). */
async function readContest(deps: AppDeps, link: ResolvedDisplayLink, contestId: string): Promise<ContestStandings | null> {
  try {
    return await getWallContestStandings(deps, link, contestId);
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}

/**
 * A board screen's numbers now; `team` is the link's (null: the company's wall). Not found (the TV skips the screen) when the board is gone, no
 * longer shared, or shared with another team than a team's link shows.
 */
export async function getWallBoardScreen(
  deps: AppDeps,
  link: ResolvedDisplayLink,
  screen: BoardScreen,
  team: TeamRef | null,
): Promise<Extract<DisplayScreenData, { kind: 'board' }>> {
  const board = await getWallBoard(deps, link.companyId, screen.boardId);
  if (!board || (link.team && board.sharing === 'team' && board.teamId !== link.team.id)) {
    throw notFound('This board is no longer shown on this wall.');
  }
  const today = computeLocalDate(deps.now(), link.timezone) as LocalDate;
  const { kpis } = await listWallKpis(deps, link.companyId);
  const kpiIds = new Set(kpis.map((kpi) => kpi.id));
  const named = new Set(board.widgets.flatMap((widget) => ('kpiId' in widget ? [widget.kpiId] : [])));
  // One widget after another: a wall's read holds one connection of the pool at a time, not a dozen.
  const readings: DisplayBoardReading[] = [];
  for (const widget of board.widgets) readings.push(await readWidget(deps, link, board, widget, today, kpiIds));
  return {
    kind: 'board',
    team,
    board: { id: board.id, name: board.name, widgets: board.widgets },
    kpis: kpis.filter((kpi) => named.has(kpi.id)),
    today,
    currency: link.currency,
    readings,
  };
}

import {
  type ContestStandings,
  type DisplayFeed,
  type CreateDisplayLink,
  type CreatedDisplayLink,
  DISPLAY_LEADERBOARD_SIZE,
  type DisplayLeaderboard,
  type DisplayLink,
  type DisplayLinkList,
  DISPLAY_SCREEN_ROWS,
  type DisplayPlaylist,
  type DisplayScreenData,
  type LiveChange,
  type TvScreen,
  type LiveTable,
  type RankBy,
  toLanguage,
} from '@core/contracts';
import { createHash, randomBytes } from 'node:crypto';
import type { Actor, AppDeps } from '../../context';
import { notFound } from '../../lib/http';
import { getCompanyKpis, getLeaderboard, getMonthlyOverview, getWeeklyOverview, type Viewer } from '../scoreboard/scoreboard.service';
import { listRecentBadgesOf } from '../badges/badges.service';
import { getWallFeed } from '../celebrations/celebrations.service';
import { getWallContestScreen, getWallContestStandings } from '../contests/contests.service';
import { getWallBoardScreen } from './display-boards.service';
import {
  type DisplayLinkRow,
  findActiveDisplayLink,
  findDisplayLinkPlaylist,
  updateDisplayLinkPlaylist,
  findDisplayLinkMemberIds,
  findDisplayLinks,
  insertDisplayLink,
  isDisplayLinkActive,
  type ResolvedDisplayLink,
  revokeDisplayLink as revokeDisplayLinkRow,
} from './display-links.repository';

/** last_used_at is stamped at most this often per link. */
export const DISPLAY_LINK_TOUCH_INTERVAL_MS = 60_000;

export const UNKNOWN_DISPLAY_LINK_MESSAGE = 'This display link does not exist or has been revoked. Ask an administrator for a new link.';

/** 32 random bytes as base64url (43 characters): the secret a wall screen holds. */
export function createDisplayToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this SHA-256 hex digest of a token is stored. */
export function computeDisplayTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

function toDisplayLink(row: DisplayLinkRow): DisplayLink {
  return {
    id: row.id,
    name: row.name,
    team: row.team,
    playlist: row.playlist,
    language: toLanguage(row.language),
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    active: row.revokedAt === null,
  };
}

/** Makes a link and returns its token, the only time the token is ever shown. */
export async function createDisplayLink(deps: AppDeps, actor: Actor, input: CreateDisplayLink): Promise<CreatedDisplayLink> {
  const token = createDisplayToken();
  const row = await insertDisplayLink(deps.database.db, actor, {
    name: input.name,
    teamId: input.teamId ?? null,
    language: input.language ?? null,
    tokenHash: computeDisplayTokenHash(token),
    createdAt: deps.now(),
  });
  return { link: toDisplayLink(row), token };
}

export async function listDisplayLinks(deps: AppDeps, actor: Actor): Promise<DisplayLinkList> {
  return { links: (await findDisplayLinks(deps.database.db, actor)).map(toDisplayLink) };
}

export async function revokeDisplayLink(deps: AppDeps, actor: Actor, id: string): Promise<DisplayLink> {
  const row = await revokeDisplayLinkRow(deps.database.db, actor, id, deps.now());
  if (!row) throw notFound('No such display link in your company.');
  return toDisplayLink(row);
}

/** Points a link at a playlist (null: today's leaderboard alone); a revoked or unknown link is a 404. */
export async function setDisplayLinkPlaylist(deps: AppDeps, actor: Actor, id: string, playlistId: string | null): Promise<DisplayLink> {
  const row = await updateDisplayLinkPlaylist(deps.database.db, actor, id, playlistId, deps.now());
  if (!row) throw notFound('No such active display link in your company.');
  return toDisplayLink(row);
}

/** The active link a token opens, or a 404 that says why. */
export async function getDisplayLinkByToken(deps: AppDeps, token: string): Promise<ResolvedDisplayLink> {
  const link = await findActiveDisplayLink(deps.database.db, computeDisplayTokenHash(token), deps.now(), DISPLAY_LINK_TOUCH_INTERVAL_MS);
  if (!link) throw notFound(UNKNOWN_DISPLAY_LINK_MESSAGE);
  return link;
}

export async function checkDisplayTokenActive(deps: AppDeps, token: string): Promise<boolean> {
  return isDisplayLinkActive(deps.database.db, computeDisplayTokenHash(token));
}

/**
 * The TV board behind a link: today's top 10 members with activity, by points; for a team's link,
 * the team's people only, exactly as the signed-in board with `?teamId=` (decision 040).
 */
export async function getDisplayLeaderboard(deps: AppDeps, token: string, rankBy: RankBy = 'points'): Promise<DisplayLeaderboard> {
  const link = await getDisplayLinkByToken(deps, token);
  const board = await getLeaderboard(
    deps,
    { companyId: link.companyId, userId: null, timezone: link.timezone },
    { period: 'today', sort: 'points', limit: DISPLAY_LEADERBOARD_SIZE, activeOnly: true, teamId: link.team?.id, rankBy },
  );
  const badges = await listRecentBadgesOf(
    deps,
    link.companyId,
    board.rows.map((row) => row.userId),
  );
  return {
    company: { name: link.companyName, timezone: link.timezone, currency: link.currency },
    language: link.language,
    team: link.team,
    linkName: link.linkName,
    period: board.period,
    rankBy: board.rankBy,
    rows: board.rows,
    badges,
  };
}

/** Changes that may move people in or out of a team's wall: the member list is read again after them. */
const TEAM_CHANGING_TABLES: ReadonlySet<LiveTable> = new Set(['profiles', 'teams', 'team_leads', 'display_links']);

/**
 * Which of the company's changes a team's wall receives (decision 040): a change of one person
 * (an activity, a wrap-up, a goal, a target) only when that person is in the link's team; changes
 * of no one person (teams, rules, the company) and membership changes always, so the screen
 * refetches its board when someone joins or leaves the team. The team's people are read once and
 * again after each membership or team change; a company-wide link (null) receives everything.
 */
export function createDisplayChangeFilter(deps: AppDeps, token: string): (change: LiveChange) => Promise<boolean> {
  const tokenHash = computeDisplayTokenHash(token);
  let members: Promise<ReadonlySet<string> | null> | null = null;
  return async (change) => {
    if (TEAM_CHANGING_TABLES.has(change.table)) {
      members = null;
      return true;
    }
    if (change.userId === null) return true;
    // A failed read lets the change through: the board itself is always read for the team only.
    members ??= findDisplayLinkMemberIds(deps.database.db, tokenHash).catch(() => null);
    const team = await members;
    return team === null || team.has(change.userId);
  };
}

type TeamRef = { id: string; name: string };

/**
 * The team a screen shows on this link, or undefined when the link may not show it: a team's link
 * shows its own team on every screen (it never shows other teams' people, decision 040), so a
 * screen of another team is left out; a company-wide link shows a team screen's team while the team
 * exists. null: the whole company.
 */
function findScreenTeam(link: ResolvedDisplayLink, screen: TvScreen, teams: readonly TeamRef[]): TeamRef | null | undefined {
  if (screen.kind !== 'team') return link.team;
  if (link.team) return screen.teamId === link.team.id ? link.team : undefined;
  return teams.find((team) => team.id === screen.teamId);
}

/** The screens a link's wall rotates through, without those it may not show; null without a playlist. */
export async function getDisplayPlaylist(deps: AppDeps, token: string): Promise<DisplayPlaylist> {
  const link = await getDisplayLinkByToken(deps, token);
  const { playlist, teams } = await findDisplayLinkPlaylist(deps.database.db, link);
  if (!playlist) return { playlist: null };
  const screens = playlist.screens.filter((screen) => findScreenTeam(link, screen, teams) !== undefined);
  return { playlist: { id: playlist.id, name: playlist.name, screens } };
}

/**
 * One screen's numbers now, read as the link's board is (the rollups, the link's company and team,
 * no signed-in person). A registry keyed by kind: a new kind adds its reader here and its renderer
 * on the TV. A leaderboard-like screen is ranked by its `rankBy` (decision 053; points by default).
 */
export async function getDisplayScreen(deps: AppDeps, token: string, screenId: string): Promise<DisplayScreenData> {
  const link = await getDisplayLinkByToken(deps, token);
  const { playlist, teams } = await findDisplayLinkPlaylist(deps.database.db, link);
  const screen = playlist?.screens.find((s) => s.id === screenId);
  const team = screen ? findScreenTeam(link, screen, teams) : undefined;
  if (!screen || team === undefined) throw notFound("This screen is not on the display link's playlist.");
  const viewer: Viewer = { companyId: link.companyId, userId: null, timezone: link.timezone };
  const teamId = team?.id;
  const rankBy = 'rankBy' in screen ? (screen.rankBy ?? 'points') : 'points';
  switch (screen.kind) {
    case 'leaderboard':
    case 'team': {
      const board = await getLeaderboard(deps, viewer, {
        period: 'today',
        sort: 'points',
        limit: DISPLAY_SCREEN_ROWS[screen.kind],
        activeOnly: true,
        teamId,
        rankBy,
      });
      return { kind: screen.kind, period: board.period, team, rankBy, rows: board.rows };
    }
    case 'week': {
      const week = await getWeeklyOverview(deps, viewer, { teamId, rankBy });
      const rows = week.members.filter((m) => m.activities > 0).slice(0, DISPLAY_SCREEN_ROWS.week);
      return { kind: 'week', period: week.period, team, rankBy, totals: week.totals, rows };
    }
    case 'month': {
      const month = await getMonthlyOverview(deps, viewer, { teamId, rankBy });
      const rows = month.company.leaderboard.filter((m) => m.activities > 0).slice(0, DISPLAY_SCREEN_ROWS.month);
      return {
        kind: 'month',
        period: month.period,
        team,
        rankBy,
        totals: month.company.totals,
        trend: month.trend,
        rows,
      };
    }
    case 'kpi': {
      const kpis = await getCompanyKpis(deps, viewer, { teamId });
      const kpi = kpis[screen.metric];
      return { kind: 'kpi', team, metric: screen.metric, date: kpis.date, today: kpi.today, yesterday: kpi.yesterday, change: kpi.change };
    }
    case 'message':
      return { kind: 'message', title: screen.title ?? null, text: screen.text };
    case 'contest':
      return { kind: 'contest', standings: await getWallContestScreen(deps, link, screen) };
    case 'feed':
      // The floor's news, as the wall's celebrations read it (decision 087).
      return { kind: 'feed', items: (await getWallFeed(deps, link, DISPLAY_SCREEN_ROWS.feed)).items };
    case 'board':
      return getWallBoardScreen(deps, link, screen, team);
  }
}

/** GET /display/{token}/feed: what the link's wall celebrates and its newest feed items (decision 051). */
export async function getDisplayFeed(deps: AppDeps, token: string): Promise<DisplayFeed> {
  return getWallFeed(deps, await getDisplayLinkByToken(deps, token));
}

/** GET /display/{token}/contests/{id}: a contest's standings on the link's wall (decision 049). */
export async function getDisplayContestStandings(deps: AppDeps, token: string, id: string): Promise<ContestStandings> {
  return getWallContestStandings(deps, await getDisplayLinkByToken(deps, token), id);
}

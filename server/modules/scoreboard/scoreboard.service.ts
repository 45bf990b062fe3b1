import {
  type CompanyKpis,
  type CompanyPage,
  type KpiComparison,
  type Leaderboard,
  type LeaderboardQuery,
  type LeaderboardRow,
  type MemberStats,
  type MonthlyOverview,
  type MonthlyQuery,
  normalizeRole,
  type RecentActivities,
  type RecentActivitiesQuery,
  type ScoreboardPeriod,
  type ScoreboardPeriodKind,
  type ScoreboardPeriodQuery,
  type ScoreboardTeamQuery,
  type ScoreboardTotals,
  type TeamComparison,
  type TeamComparisonRow,
  type TeamStats,
  type WeeklyOverview,
} from '@core/contracts';
import {
  addDays,
  computeLocalDate,
  computePeriod,
  computePeriodForDates,
  endOfMonth,
  listLocalDates,
  type LocalDate,
  type LocalPeriod,
  toLocalDate,
} from '@core/period';
import {
  compareForLeaderboard,
  computeAverage,
  computeConversionRate,
  computePercentChange,
  computeWorkingDays,
  type LeaderboardSortKey,
} from '@core/stats';
import type { AppDeps } from '../../context';
import { notFound } from '../../lib/http';
import { findLatestActivities } from '../activities/activities.service';
import {
  type ActiveMember,
  findCompanyWithMembers,
  findDayTotals,
  findMonthStats,
  findPeriodStats,
  findTeamComparisonStats,
  type RawTotals,
  type UserTotals,
} from './scoreboard.repository';
import type { CompanyId, UserId } from '../../db/tenant';

/** Who is looking: a member (userId) or a signed-out display link (userId null). */
export type Viewer = { companyId: CompanyId; userId: UserId | null; timezone: string };

const ZERO: RawTotals = { calls: 0, answered: 0, unanswered: 0, meetings: 0, sales: 0, revenue: 0, points: 0, activities: 0 };

function addTotals(a: RawTotals, b: RawTotals): RawTotals {
  return {
    calls: a.calls + b.calls,
    answered: a.answered + b.answered,
    unanswered: a.unanswered + b.unanswered,
    meetings: a.meetings + b.meetings,
    sales: a.sales + b.sales,
    revenue: a.revenue + b.revenue,
    points: a.points + b.points,
    activities: a.activities + b.activities,
  };
}

/** Only the sums (drops keys such as userId or day). */
function pickTotals(t: RawTotals): RawTotals {
  return {
    calls: t.calls,
    answered: t.answered,
    unanswered: t.unanswered,
    meetings: t.meetings,
    sales: t.sales,
    revenue: t.revenue,
    points: t.points,
    activities: t.activities,
  };
}

/** Raw sums plus conversion, from the one core helper (meetings booked over calls). */
export function computeTotals(raw: RawTotals): ScoreboardTotals {
  return { ...pickTotals(raw), conversion: computeConversionRate(raw.meetings, raw.calls) };
}

function sumTotals(rows: readonly RawTotals[]): RawTotals {
  return rows.reduce(addTotals, ZERO);
}

/** Every active member with their totals (zeros when they logged nothing in the period). */
export function computeMemberStats(members: readonly ActiveMember[], totals: readonly UserTotals[]): MemberStats[] {
  const byUser = new Map(totals.map((t) => [t.userId, t]));
  return members.map((m) => {
    const t = byUser.get(m.userId);
    return { userId: m.userId, displayName: m.displayName, avatarUrl: m.avatarUrl, ...computeTotals(t ? pickTotals(t) : ZERO) };
  });
}

/** Exact ties (key, calls, meetings) fall back to name (unnamed last) and then id, so ranks are stable. */
function compareByName(a: MemberStats, b: MemberStats): number {
  if (a.displayName !== b.displayName) {
    if (a.displayName === null) return 1;
    if (b.displayName === null) return -1;
    return a.displayName < b.displayName ? -1 : 1;
  }
  return a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0;
}

export function sortMemberStats(rows: readonly MemberStats[], sort: LeaderboardSortKey): MemberStats[] {
  const byKey = compareForLeaderboard(sort);
  return [...rows].sort((a, b) => byKey(a, b) || compareByName(a, b));
}

/** Sorted with compareForLeaderboard (ties by calls, then meetings) and ranked 1..n. */
export function computeLeaderboardRows(
  rows: readonly MemberStats[],
  sort: LeaderboardSortKey,
  currentUserId: string | null,
): LeaderboardRow[] {
  return sortMemberStats(rows, sort).map((row, index) => ({
    ...row,
    rank: index + 1,
    isCurrentUser: row.userId === currentUserId,
  }));
}

function describePeriod(kind: ScoreboardPeriodKind, period: LocalPeriod, today: LocalDate): ScoreboardPeriod {
  return { kind, from: period.from, to: period.to, today, timezone: period.timeZone };
}

/** The local period a query names, in the company's time zone, as seen at deps.now(). */
export function computeQueryPeriod(
  now: Date,
  timezone: string,
  query: Pick<ScoreboardPeriodQuery, 'period' | 'from' | 'to'>,
): { period: LocalPeriod; described: ScoreboardPeriod } {
  const today = computeLocalDate(now, timezone);
  const period =
    query.period === 'custom'
      ? computePeriodForDates(toLocalDate(query.from!), toLocalDate(query.to!), timezone)
      : computePeriod(query.period, now, timezone);
  return { period, described: describePeriod(query.period, period, today) };
}

function compareKpi(today: number, yesterday: number): KpiComparison {
  return { today, yesterday, change: computePercentChange(today, yesterday) };
}

/** Today's company KPIs with yesterday's values and the change labels (Team Dashboard cards). */
export async function getCompanyKpis(deps: AppDeps, viewer: Viewer, query: ScoreboardTeamQuery = {}): Promise<CompanyKpis> {
  const today = computeLocalDate(deps.now(), viewer.timezone);
  const yesterday = addDays(today, -1);
  const days = await findDayTotals(deps.database.db, viewer, yesterday, today, query.teamId);
  const on = (day: string) => days.find((d) => d.day === day) ?? ZERO;
  const t = on(today);
  const y = on(yesterday);
  return {
    date: today,
    yesterdayDate: yesterday,
    timezone: viewer.timezone,
    calls: compareKpi(t.calls, y.calls),
    meetings: compareKpi(t.meetings, y.meetings),
    sales: compareKpi(t.sales, y.sales),
    points: compareKpi(t.points, y.points),
    revenue: compareKpi(t.revenue, y.revenue),
  };
}

async function readPeriodStats(deps: AppDeps, viewer: Viewer, period: LocalPeriod, teamId?: string) {
  const { members, totals } = await findPeriodStats(deps.database.db, viewer, period.from, period.to, teamId);
  return { members: computeMemberStats(members, totals), totals: computeTotals(sumTotals(totals)) };
}

/** Per-member stats for a local period; members sorted by calls, then meetings. */
export async function getTeamStats(deps: AppDeps, viewer: Viewer, query: ScoreboardPeriodQuery): Promise<TeamStats> {
  const { period, described } = computeQueryPeriod(deps.now(), viewer.timezone, query);
  const { members, totals } = await readPeriodStats(deps, viewer, period, query.teamId);
  return { period: described, totals, teamSize: members.length, members: sortMemberStats(members, 'calls') };
}

export async function getLeaderboard(deps: AppDeps, viewer: Viewer, query: LeaderboardQuery): Promise<Leaderboard> {
  const { period, described } = computeQueryPeriod(deps.now(), viewer.timezone, query);
  const { members } = await readPeriodStats(deps, viewer, period, query.teamId);
  const eligible = query.activeOnly ? members.filter((m) => m.activities > 0) : members;
  const rows = computeLeaderboardRows(eligible, query.sort, viewer.userId);
  return { period: described, sort: query.sort, rows: query.limit ? rows.slice(0, query.limit) : rows };
}

export async function findRecentActivities(deps: AppDeps, viewer: Viewer, query: RecentActivitiesQuery): Promise<RecentActivities> {
  const window = query.period ? computePeriod(query.period, deps.now(), viewer.timezone) : null;
  const rows = await findLatestActivities(deps.database.db, viewer, {
    limit: query.limit,
    start: window?.start,
    end: window?.end,
    teamId: query.teamId,
  });
  return {
    activities: rows.map((r) => ({
      id: r.id,
      userId: r.userId,
      displayName: r.displayName,
      formerMember: r.formerMember === true || (r.formerMember as unknown) === 't',
      type: r.type as RecentActivities['activities'][number]['type'],
      meetingBooked: r.meetingBooked,
      movedForward: r.movedForward,
      customerName: r.customerName,
      points: r.points,
      ticketSize: r.ticketSize,
      productName: r.productName,
      notes: r.notes,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** This week from Monday: team totals (the Avg Conversion card is totals.conversion) and ranked member cards. */
export async function getWeeklyOverview(deps: AppDeps, viewer: Viewer, query: ScoreboardTeamQuery = {}): Promise<WeeklyOverview> {
  const { period, described } = computeQueryPeriod(deps.now(), viewer.timezone, { period: 'week' });
  const { members, totals } = await readPeriodStats(deps, viewer, period, query.teamId);
  return {
    period: described,
    totals,
    teamSize: members.length,
    members: computeLeaderboardRows(members, 'points', viewer.userId),
  };
}

/** This month (or ?month=YYYY-MM): the caller's own numbers, the company's, and a daily trend. */
export async function getMonthlyOverview(
  deps: AppDeps,
  viewer: Viewer & { userId: UserId },
  query: MonthlyQuery,
): Promise<MonthlyOverview> {
  const now = deps.now();
  const today = computeLocalDate(now, viewer.timezone);
  const period = query.month
    ? computePeriodForDates(toLocalDate(`${query.month}-01`), endOfMonth(toLocalDate(`${query.month}-01`)), viewer.timezone)
    : computePeriod('month', now, viewer.timezone);
  const data = await findMonthStats(deps.database.db, viewer, period.from, period.to, query.teamId);
  const members = computeMemberStats(data.members, data.totals);
  const own = data.own ? pickTotals(data.own) : ZERO;
  const workingDays = computeWorkingDays(data.userActiveDays);
  const byDay = new Map(data.days.map((d) => [d.day, d]));
  return {
    period: { kind: 'month', from: period.from, to: period.to, today, timezone: viewer.timezone },
    individual: {
      ...computeTotals(own),
      workingDays,
      avgCallsPerDay: computeAverage(own.calls, workingDays),
      avgPointsPerDay: computeAverage(own.points, workingDays),
    },
    company: {
      totals: computeTotals(sumTotals(data.totals)),
      teamSize: members.length,
      leaderboard: computeLeaderboardRows(members, 'points', viewer.userId),
    },
    trend: listLocalDates(period.from, period.to).map((date) => ({
      date,
      points: byDay.get(date)?.points ?? 0,
      calls: byDay.get(date)?.calls ?? 0,
    })),
  };
}

/** The Company page: name, time zone, created date and the active members. */
export async function getCompanyPage(deps: AppDeps, viewer: Viewer, query: ScoreboardTeamQuery = {}): Promise<CompanyPage> {
  const { company, members } = await findCompanyWithMembers(deps.database.db, viewer, query.teamId);
  if (!company) throw notFound('No company found. You need to create or be invited to a company first.');
  return {
    company: { id: company.id, name: company.name, timezone: company.timezone, createdAt: company.createdAt.toISOString() },
    memberCount: members.length,
    members: members.map((m) => ({
      userId: m.userId,
      displayName: m.displayName,
      avatarUrl: m.avatarUrl,
      role: normalizeRole(m.role),
      joinedAt: m.joinedAt.toISOString(),
    })),
  };
}

function computeComparisonRow(
  team: { teamId: string | null; name: string | null },
  memberCount: number,
  raw: RawTotals,
): TeamComparisonRow {
  const perHead = (total: number) => computeAverage(total, memberCount);
  return {
    ...team,
    memberCount,
    totals: computeTotals(raw),
    perHead: {
      calls: perHead(raw.calls),
      meetings: perHead(raw.meetings),
      sales: perHead(raw.sales),
      // Money stays in whole minor units.
      revenue: memberCount > 0 ? Math.round(raw.revenue / memberCount) : 0,
      points: perHead(raw.points),
    },
  };
}

/**
 * The company's teams side by side for a period (decision 040): each team's totals and its
 * per-head averages (over its active members now), then the members in no team. The teams'
 * totals and the no-team row add up to the company's totals of its active members and of the
 * removed members who were in a team.
 */
export async function getTeamComparison(deps: AppDeps, viewer: Viewer, query: ScoreboardPeriodQuery): Promise<TeamComparison> {
  const { period, described } = computeQueryPeriod(deps.now(), viewer.timezone, query);
  const data = await findTeamComparisonStats(deps.database.db, viewer, period.from, period.to);
  const byUser = new Map(data.totals.map((t) => [t.userId, pickTotals(t)]));
  const sumOf = (ids: Iterable<string>) => sumTotals([...ids].map((id) => byUser.get(id) ?? ZERO));
  const rows = data.teams.map((team) =>
    computeComparisonRow({ teamId: team.id, name: team.name }, team.activeMemberIds.size, sumOf(team.memberIds)),
  );
  const inTeams = new Set(data.teams.flatMap((team) => [...team.memberIds]));
  const unassigned = data.members.filter((m) => !inTeams.has(m.userId)).map((m) => m.userId as string);
  if (unassigned.length > 0) rows.push(computeComparisonRow({ teamId: null, name: null }, unassigned.length, sumOf(unassigned)));
  return { period: described, teams: rows };
}

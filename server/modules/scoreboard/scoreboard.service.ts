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
  type RankBy,
  type RecentActivities,
  type RecentActivity,
  type RecentActivitiesQuery,
  type ScoreboardPeriod,
  type ScoreboardPeriodKind,
  type ScoreboardPeriodQuery,
  type ScoreboardTeamQuery,
  type ScoreboardTotals,
  type TeamComparison,
  type TeamComparisonRow,
  type TargetMetric,
  type TeamStats,
  type WeeklyOverview,
  type WeeklyQuery,
} from '@core/contracts';
import { computeTargetReferenceDay, isWorkingDay } from '@core/pacing';
import {
  compareByTieRule,
  computeDailyGoalFor,
  computeEarlierPeriods,
  computeGoalShareMeasure,
  computeImprovement,
  computeTargetPeriodOfBoard,
  countWorkingDays,
  rankFairly,
} from '@core/rankings';
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
import { computeAverage, computeConversionRate, computePercentChange, computeWorkingDays, type LeaderboardSortKey } from '@core/stats';
import type { AppDeps } from '../../context';
import { DAILY_STATS_METRICS, ZERO_DAILY_STATS } from '../daily-stats/daily-stats.service';
import { notFound } from '../../lib/http';
import { type FeedRow, findLatestActivities } from '../activities/activities.service';
import {
  type ActiveMember,
  findCompanyWithMembers,
  findDayTotals,
  findMonthStats,
  type FairReadPlan,
  type FairReads,
  findPeriodStats,
  findRankedPeriodStats,
  findTeamComparisonStats,
  type RawTotals,
  type UserTotals,
} from './scoreboard.repository';
import type { CompanyId, UserId } from '../../db/tenant';

/** Who is looking: a member (userId) or a signed-out display link (userId null). */
export type Viewer = { companyId: CompanyId; userId: UserId | null; timezone: string };

const ZERO: RawTotals = ZERO_DAILY_STATS;

/** The sums of two (only the metrics: drops keys such as userId or day). */
function addTotals(a: RawTotals, b: RawTotals): RawTotals {
  const sum = { ...ZERO };
  for (const metric of DAILY_STATS_METRICS) sum[metric] = a[metric] + b[metric];
  return sum;
}

/** Raw sums under the boards' names (meetings are meetings booked, revenue the sales value), plus conversion from the one core helper. */
export function computeTotals(raw: RawTotals): ScoreboardTotals {
  return {
    calls: raw.calls,
    answered: raw.answered,
    unanswered: raw.unanswered,
    meetings: raw.meetings_booked,
    sales: raw.sales,
    revenue: raw.sales_value,
    points: raw.points,
    activities: raw.activities,
    conversion: computeConversionRate(raw.meetings_booked, raw.calls),
  };
}

function sumTotals(rows: readonly RawTotals[]): RawTotals {
  return rows.reduce(addTotals, ZERO);
}

/** Every active member with their totals (zeros when they logged nothing in the period). */
export function computeMemberStats(members: readonly ActiveMember[], totals: readonly UserTotals[]): MemberStats[] {
  const byUser = new Map(totals.map((t) => [t.userId, t]));
  return members.map((m) => {
    const t = byUser.get(m.userId);
    return { userId: m.userId, displayName: m.displayName, avatarUrl: m.avatarUrl, ...computeTotals(t ?? ZERO) };
  });
}

/** The tie rule of every board (core/rankings): the sort key, then calls, then meetings, then the name, then the id. */
export function sortMemberStats(rows: readonly MemberStats[], sort: LeaderboardSortKey): MemberStats[] {
  return [...rows].sort(compareByTieRule(sort));
}

/** Sorted by the sort key with the tie rule (rankBy=points), or by a fair ranking's measure (decision 053), and ranked 1..n. */
export function computeLeaderboardRows(
  rows: readonly (MemberStats & Pick<LeaderboardRow, 'goalShare' | 'improvement'>)[],
  sort: LeaderboardSortKey,
  currentUserId: string | null,
  rankBy: RankBy = 'points',
): LeaderboardRow[] {
  return rankFairly(rows, rankBy, sort).map((row) => ({ ...row, isCurrentUser: row.userId === currentUserId }));
}

/** The rollup metric a board's sort key counts, as targets name it (decision 043's names, the rollup reader's too). */
const TARGET_METRIC_OF: Record<LeaderboardSortKey, TargetMetric> = {
  points: 'points',
  calls: 'calls',
  meetings: 'meetings_booked',
  sales: 'sales',
};

/** What a board's ranking must read beside its totals: nothing by points (the reads stay as they were). */
function planFairReads(
  rankBy: RankBy,
  sort: LeaderboardSortKey,
  kind: ScoreboardPeriodKind,
  period: LocalPeriod,
  today: LocalDate,
): FairReadPlan {
  if (rankBy === 'goal_share') {
    return {
      rankBy,
      metric: TARGET_METRIC_OF[sort],
      targetPeriod: computeTargetPeriodOfBoard(kind),
      referenceDay: computeTargetReferenceDay(period.to, today),
      withRules: sort === 'points',
    };
  }
  if (rankBy === 'improved') return { rankBy, periods: computeEarlierPeriods(kind, period.from, period.to) };
  return { rankBy: 'points' };
}

const NO_DAILY_GOALS = { calls: 0, meetings: 0, sales: 0 };

/** Each member's measure of the fair ranking, from the period's numbers and what the plan read. */
function addFairMeasures(
  members: readonly MemberStats[],
  rankBy: RankBy,
  sort: LeaderboardSortKey,
  period: LocalPeriod,
  fair: FairReads,
): (MemberStats & Pick<LeaderboardRow, 'goalShare' | 'improvement'>)[] {
  if (rankBy === 'goal_share') {
    const calendar = fair.calendar;
    const workingDays = calendar === null ? 0 : countWorkingDays(period.from, period.to, (day) => isWorkingDay(calendar, day));
    return members.map((member) => ({
      ...member,
      goalShare: computeGoalShareMeasure(member[sort], {
        target: fair.targets.get(member.userId) ?? null,
        dailyGoal: computeDailyGoalFor(sort, fair.goals.get(member.userId) ?? NO_DAILY_GOALS, fair.rules),
        workingDays,
      }),
    }));
  }
  if (rankBy === 'improved') {
    return members.map((member) => ({
      ...member,
      improvement: computeImprovement(
        member[sort],
        (fair.earlier.get(member.userId) ?? []).map((totals) => totals[TARGET_METRIC_OF[sort]]),
      ),
    }));
  }
  return [...members];
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
    meetings: compareKpi(t.meetings_booked, y.meetings_booked),
    sales: compareKpi(t.sales, y.sales),
    points: compareKpi(t.points, y.points),
    revenue: compareKpi(t.sales_value, y.sales_value),
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

/**
 * A period's members ranked by the board's choice: points (the default: the sort key, as always),
 * % of goal or most improved (decision 053), each read from the rollups in one snapshot.
 */
async function readRankedMembers(
  deps: AppDeps,
  viewer: Viewer,
  query: { rankBy: RankBy; sort: LeaderboardSortKey; teamId?: string | undefined },
  period: LocalPeriod,
  described: ScoreboardPeriod,
) {
  const plan = planFairReads(query.rankBy, query.sort, described.kind, period, described.today as LocalDate);
  const data = await findRankedPeriodStats(deps.database.db, viewer, period.from, period.to, query.teamId, plan);
  const members = computeMemberStats(data.members, data.totals);
  return { members: addFairMeasures(members, query.rankBy, query.sort, period, data.fair), totals: computeTotals(sumTotals(data.totals)) };
}

export async function getLeaderboard(
  deps: AppDeps,
  viewer: Viewer,
  query: Omit<LeaderboardQuery, 'rankBy'> & { rankBy?: RankBy },
): Promise<Leaderboard> {
  const rankBy = query.rankBy ?? 'points';
  const { period, described } = computeQueryPeriod(deps.now(), viewer.timezone, query);
  const { members } = await readRankedMembers(deps, viewer, { rankBy, sort: query.sort, teamId: query.teamId }, period, described);
  const eligible = query.activeOnly ? members.filter((m) => m.activities > 0) : members;
  const rows = computeLeaderboardRows(eligible, query.sort, viewer.userId, rankBy);
  return { period: described, sort: query.sort, rankBy, rows: query.limit ? rows.slice(0, query.limit) : rows };
}

export async function findRecentActivities(deps: AppDeps, viewer: Viewer, query: RecentActivitiesQuery): Promise<RecentActivities> {
  const window = query.period ? computePeriod(query.period, deps.now(), viewer.timezone) : null;
  const rows = await findLatestActivities(deps.database.db, viewer, {
    limit: query.limit,
    start: window?.start,
    end: window?.end,
    teamId: query.teamId,
  });
  return { activities: rows.map(toRecentActivity) };
}

/** A feed row as the boards (and a person's page) show it. */
export function toRecentActivity(r: FeedRow): RecentActivity {
  return {
    id: r.id,
    userId: r.userId,
    displayName: r.displayName,
    formerMember: r.formerMember === true || (r.formerMember as unknown) === 't',
    type: r.type as RecentActivity['type'],
    meetingBooked: r.meetingBooked,
    movedForward: r.movedForward,
    customerName: r.customerName,
    points: r.points,
    bonusPoints: r.bonusPoints,
    ticketSize: r.ticketSize,
    productName: r.productName,
    amount: r.amount,
    notes: r.notes,
    ownType: r.ownType ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

/** This week from Monday: team totals (the Avg Conversion card is totals.conversion) and ranked member cards. */
export async function getWeeklyOverview(
  deps: AppDeps,
  viewer: Viewer,
  query: Omit<WeeklyQuery, 'rankBy'> & { rankBy?: RankBy } = {},
): Promise<WeeklyOverview> {
  const rankBy = query.rankBy ?? 'points';
  const { period, described } = computeQueryPeriod(deps.now(), viewer.timezone, { period: 'week' });
  const { members, totals } = await readRankedMembers(deps, viewer, { rankBy, sort: 'points', teamId: query.teamId }, period, described);
  return {
    period: described,
    totals,
    teamSize: members.length,
    rankBy,
    members: computeLeaderboardRows(members, 'points', viewer.userId, rankBy),
  };
}

/** This month (or ?month=YYYY-MM): the caller's own numbers, the company's, and a daily trend. */
/** A display link's wall reads it without a person (userId null): its individual part is then zeros. */
export async function getMonthlyOverview(
  deps: AppDeps,
  viewer: Viewer,
  query: Omit<MonthlyQuery, 'rankBy'> & { rankBy?: RankBy },
): Promise<MonthlyOverview> {
  const now = deps.now();
  const today = computeLocalDate(now, viewer.timezone);
  const period = query.month
    ? computePeriodForDates(toLocalDate(`${query.month}-01`), endOfMonth(toLocalDate(`${query.month}-01`)), viewer.timezone)
    : computePeriod('month', now, viewer.timezone);
  const rankBy = query.rankBy ?? 'points';
  const plan = planFairReads(rankBy, 'points', 'month', period, today);
  const data = await findMonthStats(deps.database.db, viewer, period.from, period.to, query.teamId, plan);
  const members = addFairMeasures(computeMemberStats(data.members, data.totals), rankBy, 'points', period, data.fair);
  const own = data.own ?? ZERO;
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
      rankBy,
      leaderboard: computeLeaderboardRows(members, 'points', viewer.userId, rankBy),
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
      meetings: perHead(raw.meetings_booked),
      sales: perHead(raw.sales),
      // Money stays in whole minor units.
      revenue: memberCount > 0 ? Math.round(raw.sales_value / memberCount) : 0,
      points: perHead(raw.points),
    },
  };
}

/**
 * The company's teams side by side for a period (decision 040): each team's totals and its
 * per-head averages (over its active members now), then the members in no team; a member left off
 * the boards counts in either only with something logged in the period. The teams'
 * totals and the no-team row add up to the company's totals of its active members and of the
 * removed members who were in a team.
 */
export async function getTeamComparison(deps: AppDeps, viewer: Viewer, query: ScoreboardPeriodQuery): Promise<TeamComparison> {
  const { period, described } = computeQueryPeriod(deps.now(), viewer.timezone, query);
  const data = await findTeamComparisonStats(deps.database.db, viewer, period.from, period.to);
  const byUser = new Map(data.totals.map((t) => [t.userId, t]));
  const sumOf = (ids: Iterable<string>) => sumTotals([...ids].map((id) => byUser.get(id) ?? ZERO));
  // Someone left off the boards (a manager who does not sell, decision 081) is one of a team's
  // members, or of those in no team, only with something logged in the period: "No team: 1 member,
  // 0 per member" was them, and in a team they lowered its figure per member.
  const offBoards = new Set(data.members.filter((m) => !m.onBoards).map((m) => m.userId as string));
  const counts = (userId: string) => !offBoards.has(userId) || byUser.has(userId);
  const rows = data.teams.map((team) =>
    computeComparisonRow({ teamId: team.id, name: team.name }, [...team.activeMemberIds].filter(counts).length, sumOf(team.memberIds)),
  );
  const inTeams = new Set(data.teams.flatMap((team) => [...team.memberIds]));
  const unassigned = data.members.map((m) => m.userId as string).filter((userId) => !inTeams.has(userId) && counts(userId));
  if (unassigned.length > 0) rows.push(computeComparisonRow({ teamId: null, name: null }, unassigned.length, sumOf(unassigned)));
  return { period: described, teams: rows };
}

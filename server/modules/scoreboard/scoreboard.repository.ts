import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { dailyUserStats } from '../../db/schema';
import { type CompanyScope, withTenant } from '../../db/tenant';
import { type CompanyRow, selectCompany } from '../companies/companies.service';
import {
  DAILY_STATS_SUMS,
  type DailyStatsTotals,
  sumDailyStatsByDay,
  sumDailyStatsByUser,
  toDailyStatsTotals,
} from '../daily-stats/daily-stats.service';
import {
  type MemberByJoining,
  type MemberFace,
  selectActiveMemberFaces,
  selectActiveMembersByJoining,
} from '../companies/memberships.service';
import type { KpiRule } from '@core/kpi';
import type { TargetMetric } from '@core/contracts';
import type { TargetPeriod, WorkingCalendar } from '@core/pacing';
import { loadWorkingCalendar } from '../calendar/calendar.service';
import { selectCompanyGoals } from '../goals/goals.service';
import { selectRulesForPoints } from '../kpi-rules/kpi-rules.service';
import { selectPersonTargetValuesIn } from '../targets/targets.service';
import { selectTeamMemberIds, selectTeamsWithMemberIds } from '../teams/teams.service';

/*
 * Scoreboard reads. Every total comes from daily_user_stats (one row per company, local day and
 * user, kept exact by the activities_rollup trigger): a range of days is a primary-key range scan,
 * O(members x days), whatever the history. The feed of newest activities is the activities
 * module's (findLatestActivities, through its service); nothing here aggregates activities.
 *
 * The sums per member and per day are the rollup reader's (daily-stats). Two statements stay here,
 * each one read of the rollup that only a board needs (the earlier periods of a fair ranking, the
 * month's grouping sets); they sum with the reader's fragment (DAILY_STATS_SUMS), so their rows
 * have the reader's names too. The contract's names (meetings, revenue) are the service's.
 */

/** Sums of rollup rows, under the rollup reader's names; sales_value in minor units. */
export type RawTotals = DailyStatsTotals;

export type UserTotals = RawTotals & { userId: string };
export type DayTotals = RawTotals & { day: string };
export type ActiveMember = MemberFace;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * A board filtered to a team (decision 040) reads only its people's rollup rows: the team's
 * members by their membership now, removed ones included. Null: no filter. A team the caller's
 * company does not have is a 404 (thrown by the teams module's step).
 */
export type TeamFilter = ReadonlySet<string> | null;

async function readTeamFilter(tx: Transaction, companyId: CompanyScope['companyId'], teamId: string | undefined): Promise<TeamFilter> {
  return teamId === undefined ? null : selectTeamMemberIds(tx, companyId, teamId);
}

/** The rollup rows' condition for a filter (a team of nobody matches nothing). */
function usersOf(filter: TeamFilter) {
  if (filter === null) return sql``;
  if (filter.size === 0) return sql` AND false`;
  return sql` AND ${dailyUserStats.userId} IN (${sql.join(
    [...filter].map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/** The members a filter names, for the rollup reader (null: everyone). */
function userIdsOf(filter: TeamFilter): string[] | null {
  return filter === null ? null : [...filter];
}

function facesIn<T extends { userId: string }>(faces: T[], filter: TeamFilter): T[] {
  return filter === null ? faces : faces.filter((face) => filter.has(face.userId));
}

/**
 * The members a board ranks: the active ones in the filter who play (decision 081: a manager left
 * off the boards is not ranked at 0; their rollup rows still count in the totals).
 */
function playersIn(faces: ActiveMember[], filter: TeamFilter): ActiveMember[] {
  return facesIn(faces, filter).filter((face) => face.onBoards);
}

/** Per-user sums over local days [from, to] for every user with rollup rows (removed members too). */
async function selectUserTotals(
  tx: Transaction,
  companyId: CompanyScope['companyId'],
  from: string,
  to: string,
  filter: TeamFilter = null,
): Promise<UserTotals[]> {
  return sumDailyStatsByUser(tx, { companyId, userIds: userIdsOf(filter), from, to });
}

/** Company sums per local day over [from, to] (days without activity are absent). */
async function selectDayTotals(
  tx: Transaction,
  companyId: CompanyScope['companyId'],
  from: string,
  to: string,
  filter: TeamFilter,
): Promise<DayTotals[]> {
  return sumDailyStatsByDay(tx, { companyId, userIds: userIdsOf(filter), from, to });
}

/** The company's totals on each of the given local days (dashboard KPIs: today and yesterday). */
export async function findDayTotals(db: Database, scope: CompanyScope, from: string, to: string, teamId?: string): Promise<DayTotals[]> {
  return withTenant(db, scope, async (tx) =>
    selectDayTotals(tx, scope.companyId, from, to, await readTeamFilter(tx, scope.companyId, teamId)),
  );
}

/** Active members and per-user totals for a period, read in one transaction. */
export async function findPeriodStats(
  db: Database,
  scope: CompanyScope,
  from: string,
  to: string,
  teamId?: string,
): Promise<{ members: ActiveMember[]; totals: UserTotals[] }> {
  return withTenant(db, scope, async (tx) => {
    const filter = await readTeamFilter(tx, scope.companyId, teamId);
    return {
      members: playersIn(await selectActiveMemberFaces(tx, scope.companyId), filter),
      totals: await selectUserTotals(tx, scope.companyId, from, to, filter),
    };
  });
}

/**
 * What a fair ranking reads beside the period's totals (decision 053), in the same snapshot:
 * for % of goal, the daily goals, the manager's targets for the metric and period in force on the
 * reference day, the working calendar and (for points) the KPI rules; for most improved, the
 * member's sums in each earlier equal period in which they logged anything.
 */
export type FairReadPlan =
  | { rankBy: 'points' }
  | { rankBy: 'goal_share'; metric: TargetMetric; targetPeriod: TargetPeriod | null; referenceDay: string; withRules: boolean }
  | { rankBy: 'improved'; periods: readonly { from: string; to: string }[] };

export type FairReads = {
  goals: Map<string, { calls: number; meetings: number; sales: number }>;
  targets: Map<string, number>;
  calendar: WorkingCalendar | null;
  rules: KpiRule[];
  /** Per user, their sums in each earlier period with activity (the periods' order is lost: only the average counts). */
  earlier: Map<string, RawTotals[]>;
};

const NO_FAIR_READS: FairReads = { goals: new Map(), targets: new Map(), calendar: null, rules: [], earlier: new Map() };

/**
 * Per user and earlier period, the sums of the periods in which they logged anything: one
 * statement, the periods joined as a VALUES list (months differ in length, so no arithmetic
 * bucket), a primary-key range scan over the whole lookback.
 */
async function selectEarlierPeriodTotals(
  tx: Transaction,
  companyId: string,
  periods: readonly { from: string; to: string }[],
  filter: TeamFilter,
): Promise<Map<string, RawTotals[]>> {
  const byUser = new Map<string, RawTotals[]>();
  if (periods.length === 0) return byUser;
  const from = periods.reduce((min, p) => (p.from < min ? p.from : min), periods[0]!.from);
  const to = periods.reduce((max, p) => (p.to > max ? p.to : max), periods[0]!.to);
  const buckets = sql.join(
    periods.map((p, i) => sql`(${i}::int, ${p.from}::date, ${p.to}::date)`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    SELECT ${dailyUserStats.userId} AS user_id, bucket.i AS bucket, ${DAILY_STATS_SUMS}
    FROM ${dailyUserStats}
    JOIN (VALUES ${buckets}) AS bucket (i, f, t) ON ${dailyUserStats.day} BETWEEN bucket.f AND bucket.t
    WHERE ${dailyUserStats.companyId} = ${companyId} AND ${dailyUserStats.day} BETWEEN ${from} AND ${to}${usersOf(filter)}
    GROUP BY ${dailyUserStats.userId}, bucket.i
    HAVING sum(${dailyUserStats.activities}) > 0`);
  for (const row of rowsOf<Record<string, unknown>>(result)) {
    const userId = String(row.user_id);
    const list = byUser.get(userId) ?? [];
    list.push(toDailyStatsTotals(row));
    byUser.set(userId, list);
  }
  return byUser;
}

async function selectFairReads(
  tx: Transaction,
  companyId: CompanyScope['companyId'],
  plan: FairReadPlan,
  filter: TeamFilter,
): Promise<FairReads> {
  if (plan.rankBy === 'points') return NO_FAIR_READS;
  if (plan.rankBy === 'improved') {
    return { ...NO_FAIR_READS, earlier: await selectEarlierPeriodTotals(tx, companyId, plan.periods, filter) };
  }
  const goals = new Map(
    (await selectCompanyGoals(tx, companyId, null)).map((row) => [
      row.userId as string,
      { calls: row.dailyCalls, meetings: row.dailyMeetings, sales: row.dailySales },
    ]),
  );
  const targets =
    plan.targetPeriod === null
      ? new Map<string, number>()
      : await selectPersonTargetValuesIn(tx, companyId, plan.metric, plan.targetPeriod, plan.referenceDay);
  return {
    goals,
    targets,
    calendar: await loadWorkingCalendar(tx, companyId),
    rules: plan.withRules ? await selectRulesForPoints(tx, companyId) : [],
    earlier: new Map(),
  };
}

/** Active members, per-user totals for a period and what the ranking needs beside them, in one snapshot. */
export async function findRankedPeriodStats(
  db: Database,
  scope: CompanyScope,
  from: string,
  to: string,
  teamId: string | undefined,
  plan: FairReadPlan,
): Promise<{ members: ActiveMember[]; totals: UserTotals[]; fair: FairReads }> {
  return withTenant(db, scope, async (tx) => {
    const filter = await readTeamFilter(tx, scope.companyId, teamId);
    return {
      members: playersIn(await selectActiveMemberFaces(tx, scope.companyId), filter),
      totals: await selectUserTotals(tx, scope.companyId, from, to, filter),
      fair: await selectFairReads(tx, scope.companyId, plan, filter),
    };
  });
}

/**
 * The company's comparison of teams (decision 040): every team with who is in it, the active
 * members, and per-user sums for the period, in one snapshot. The service adds them up per team.
 */
export async function findTeamComparisonStats(
  db: Database,
  scope: CompanyScope,
  from: string,
  to: string,
): Promise<{
  teams: { id: string; name: string; memberIds: Set<string>; activeMemberIds: Set<string> }[];
  members: ActiveMember[];
  totals: UserTotals[];
}> {
  return withTenant(db, scope, async (tx) => ({
    teams: await selectTeamsWithMemberIds(tx, scope.companyId),
    members: await selectActiveMemberFaces(tx, scope.companyId),
    totals: await selectUserTotals(tx, scope.companyId, from, to),
  }));
}

/**
 * Everything the monthly overview needs, in one transaction and two statements: the active
 * members, and one scan of the month's rollup rows grouped two ways (GROUPING SETS): per user
 * (the leaderboard and the caller's totals, `own`) and per day (the trend), the latter also telling
 * on which days `userId` logged anything (working days).
 */
export async function findMonthStats(
  db: Database,
  /** userId null: a display link's wall (no one's own rows). */
  scope: CompanyScope,
  from: string,
  to: string,
  teamId?: string,
  plan: FairReadPlan = { rankBy: 'points' },
): Promise<{
  members: ActiveMember[];
  totals: UserTotals[];
  own: UserTotals | null;
  days: DayTotals[];
  userActiveDays: string[];
  fair: FairReads;
}> {
  return withTenant(db, scope, async (tx) => {
    const filter = await readTeamFilter(tx, scope.companyId, teamId);
    const members = playersIn(await selectActiveMemberFaces(tx, scope.companyId), filter);
    // Filtered to a team, the caller's own rows are still read (their Individual tab stays theirs
    // whatever the team): per day, the team's rows and the caller's outside it are grouped apart
    // (in_team), so the trend sums only the team's.
    const inTeam = filter === null ? sql`true` : sql`(true${usersOf(filter)})`;
    // in_team is computed below the grouping: a grouping set without user_id sees it as null.
    const result = await tx.execute(sql`
      SELECT ${dailyUserStats.userId} AS user_id, ${dailyUserStats.day}::text AS day,
        GROUPING(${dailyUserStats.userId}) AS per_day, in_team,
        coalesce(bool_or(${dailyUserStats.userId} = ${scope.userId} AND ${dailyUserStats.activities} > 0), false) AS mine,
        ${DAILY_STATS_SUMS}
      FROM (
        SELECT *, ${inTeam} AS in_team FROM ${dailyUserStats}
        WHERE ${dailyUserStats.companyId} = ${scope.companyId} AND ${dailyUserStats.day} BETWEEN ${from} AND ${to}
          AND (${inTeam} OR ${dailyUserStats.userId} = ${scope.userId})
      ) AS ${dailyUserStats}
      GROUP BY GROUPING SETS ((${dailyUserStats.userId}, in_team), (${dailyUserStats.day}, in_team))`);
    const totals: UserTotals[] = [];
    const days: DayTotals[] = [];
    const userActiveDays = new Set<string>();
    let own: UserTotals | null = null;
    for (const row of rowsOf<Record<string, unknown>>(result)) {
      if (Number(row.per_day) === 1) {
        if (row.mine === true || row.mine === 't') userActiveDays.add(String(row.day));
        if (row.in_team === true || row.in_team === 't') days.push({ day: String(row.day), ...toDailyStatsTotals(row) });
      } else {
        const userTotals = { userId: String(row.user_id), ...toDailyStatsTotals(row) };
        if (userTotals.userId === scope.userId) own = userTotals;
        if (row.in_team === true || row.in_team === 't') totals.push(userTotals);
      }
    }
    days.sort((a, b) => (a.day < b.day ? -1 : 1));
    const fair = await selectFairReads(tx, scope.companyId, plan, filter);
    return { members, totals, own, days, userActiveDays: [...userActiveDays], fair };
  });
}

/** The company and its active members, oldest member first. */
export async function findCompanyWithMembers(
  db: Database,
  scope: CompanyScope,
  teamId?: string,
): Promise<{ company: CompanyRow | null; members: MemberByJoining[] }> {
  return withTenant(db, scope, async (tx) => {
    const filter = await readTeamFilter(tx, scope.companyId, teamId);
    return {
      company: await selectCompany(tx, scope.companyId),
      members: facesIn(await selectActiveMembersByJoining(tx, scope.companyId), filter),
    };
  });
}

import { DAILY_CALL_BONUS_THRESHOLD, type DayContext, KPI_KEYS, type KpiKey, type KpiRule } from '@core/kpi';
import type { GoalCounts } from '@core/stats';
import type { DomainEvent } from '@core/contracts';
import { type AnyColumn, and, asc, between, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { activities, customerCompanies, dailyUserStats, profiles } from '../../db/schema';
import { selectLateLoggingDaysIn } from '../companies/companies.service';
import { publishDomainEvents } from '../../events/domain-events';
import { readInBatches } from '../../db/cursor';
import { queryPrepared } from '../../db/prepared';
import { type CompanyId, type CompanyScope, type MemberScope, type UserId, withTenant } from '../../db/tenant';
import {
  type CustomerRef,
  type CustomerRow,
  deleteCustomerIn,
  findCustomerIn,
  getOrCreateCustomer,
  lockCustomerPairIn,
} from '../customers/customers.service';
import { selectRulesForPoints } from '../kpi-rules/kpi-rules.service';

/** An activity as the service sees it: the row without its company (the scope's), status and import. */
export type ActivityRow = Omit<typeof activities.$inferSelect, 'companyId' | 'status' | 'importId' | 'clientKey'>;

/**
 * The columns a write sets (bonusPoints: the part of pointsEarned that is the daily bonus); the
 * rollup trigger derives daily_user_stats from them.
 */
export type ActivityValues = Pick<
  ActivityRow,
  | 'type'
  | 'meetingBooked'
  | 'movedForward'
  | 'customerId'
  | 'customerName'
  | 'ticketSize'
  | 'productName'
  | 'notes'
  | 'pointsEarned'
  | 'dailyBonus'
  | 'bonusPoints'
>;

/** What logging an activity needs to know, read in one statement (see findLoggingContext). */
export type LoggingContext = {
  rules: KpiRule[];
  day: DayContext;
  customer: CustomerRef | null;
  /** The rep's daily goals and the day's counts toward them before this activity (the goal.reached webhook). */
  goals: GoalCounts;
  progress: GoalCounts;
  /** The id of the activity already logged with this device key (decision 054), else null. */
  replayed: string | null;
  /** The id of an activity logged with this device key and deleted since (decision 069), else null. */
  replayedDeleted: string | null;
};

/**
 * Everything a write to one rep's local day needs, bound to one transaction that holds the day's
 * lock. The service decides; these functions only read and write.
 */
export type ActivityDay = {
  /**
   * The company's rules, the day so far (calls and whether the bonus is taken) and, when a customer
   * is named, that customer (found case-insensitively or created): one round trip for a new log.
   */
  findLoggingContext(customerName: string | null, createdAt: Date, clientKey: string | null): Promise<LoggingContext>;
  /**
   * Stores a new activity; `customerName` is the linked customer's current name. `createdAt` is when
   * it happened (on the day), `updatedAt` when it was written (the sync feed's order). Null when
   * an activity with the same `clientKey` exists already (nothing is written).
   */
  insertActivity(
    values: ActivityValues & { createdAt: Date; updatedAt?: Date; loggedLate?: boolean; clientKey?: string | null },
  ): Promise<ActivityRow | null>;
  /** The caller's activity logged with this device key (decision 054). */
  findActivityByClientKey(clientKey: string): Promise<ActivityRow | null>;
  findRules(): Promise<KpiRule[]>;
  /** Finds the customer case-insensitively or creates it; race-safe on the unique lower(name) index. */
  getOrCreateCustomer(name: string, createdAt: Date): Promise<CustomerRef>;
  /** Calls already logged on the day and whether one of them carries the daily bonus. */
  findDayContext(): Promise<DayContext>;
  /** The member's daily goals and the day's counts toward them now (an edit's goal.reached). */
  findGoalProgress(): Promise<{ goals: GoalCounts; progress: GoalCounts }>;
  /** One of the caller's own activities (any day), locked for the rest of the transaction. */
  findOwnActivity(id: string): Promise<ActivityRow | null>;
  /**
   * With `move`, the activity goes to another day, or another member's day (lock that day too:
   * withActivityDay's alsoLock).
   */
  updateActivity(
    id: string,
    values: ActivityValues & { updatedAt: Date; move?: { localDate: string; createdAt: Date; loggedLate: boolean; userId?: UserId } },
  ): Promise<ActivityRow>;
  /** The same transaction bound to another day of the same member (one withActivityDay locked too). */
  forDay(localDate: string): ActivityDay;
  /** The same transaction bound to another member's day (one withActivityDay locked too). */
  forMember(userId: UserId, localDate: string): ActivityDay;
  deleteActivity(id: string): Promise<void>;
  /** The company's late-logging window in days (decision 041). */
  findLateLoggingDays(): Promise<number>;
  /**
   * Publishes what this change did (decision 094): its followers (webhooks, the feed, badges, the
   * audit log) write what they keep in this transaction.
   */
  publish(events: DomainEvent[], occurredAt: Date): Promise<void>;
  /** Takes the daily bonus (exactly the points it added) off the day's call that carries it. */
  removeDailyBonus(updatedAt: Date): Promise<void>;
  /** Gives the daily bonus to the day's latest call; returns false when the day has no call. */
  awardDailyBonusToLatestCall(bonusPoints: number, updatedAt: Date): Promise<boolean>;
};

const activityColumns = {
  id: activities.id,
  userId: activities.userId,
  type: activities.type,
  meetingBooked: activities.meetingBooked,
  movedForward: activities.movedForward,
  customerId: activities.customerId,
  // The linked customer's current name; the stored name when the customer was removed.
  customerName: sql<string | null>`coalesce(${customerCompanies.name}, ${activities.customerName})`,
  ticketSize: activities.ticketSize,
  productName: activities.productName,
  notes: activities.notes,
  pointsEarned: activities.pointsEarned,
  dailyBonus: activities.dailyBonus,
  bonusPoints: activities.bonusPoints,
  localDate: activities.localDate,
  loggedLate: activities.loggedLate,
  createdAt: activities.createdAt,
  updatedAt: activities.updatedAt,
};

function selectActivities(tx: Transaction) {
  return tx.select(activityColumns).from(activities).leftJoin(customerCompanies, eq(customerCompanies.id, activities.customerId));
}

const isKpiKey = (key: string): key is KpiKey => (KPI_KEYS as readonly string[]).includes(key);

/**
 * The logging context in one statement (prepared, server/db/prepared.ts). The customer is created
 * by the data-modifying CTE when the name is new; when it exists, `existing` finds it in the same
 * statement's snapshot. (A customer another transaction committed while this one waited on the
 * unique index is in neither: findLoggingContext then reads it with a fresh statement.)
 *   $1 company, $2 user, $3 local day, $4 customer name or null, $5 created at, $6 device key or null
 */
const LOGGING_CONTEXT_SQL = `WITH created AS (
  INSERT INTO customer_companies (company_id, name, created_by, created_at)
  SELECT $1::uuid, $4::text, $2::text, $5::timestamptz WHERE $4::text IS NOT NULL
  ON CONFLICT DO NOTHING
  RETURNING id, name
)
SELECT
  (SELECT coalesce(json_agg(json_build_object('kpiKey', kpi_key, 'basePoints', base_points, 'enabled', enabled,
                                               'multiplierValue', multiplier_value)), '[]'::json)
     FROM kpi_rules WHERE company_id = $1::uuid) AS rules,
  (SELECT json_build_object('calls', calls, 'bonusCalls', bonus_calls, 'meetingsBooked', meetings_booked, 'sales', sales)
     FROM daily_user_stats WHERE company_id = $1::uuid AND day = $3::date AND user_id = $2::text) AS day,
  (SELECT json_build_object('calls', daily_calls, 'meetings', daily_meetings, 'sales', daily_sales)
     FROM goals WHERE company_id = $1::uuid AND user_id = $2::text) AS goals,
  (SELECT json_build_object('id', id, 'name', name) FROM created) AS created,
  (SELECT json_build_object('id', id, 'name', name) FROM customer_companies
    WHERE company_id = $1::uuid AND lower(name) = lower($4::text)) AS existing,
  (SELECT id FROM activities
    WHERE company_id = $1::uuid AND user_id = $2::text AND client_key = $6::uuid) AS replayed,
  (SELECT id FROM deleted_activities
    WHERE company_id = $1::uuid AND user_id = $2::text AND client_key = $6::uuid LIMIT 1) AS "replayedDeleted"`;

/** A member's daily goals and a day's counts toward them. */
const GOAL_PROGRESS_SQL = `SELECT
  (SELECT json_build_object('calls', calls, 'meetings', meetings_booked, 'sales', sales)
     FROM daily_user_stats WHERE company_id = $1::uuid AND day = $3::date AND user_id = $2::text) AS day,
  (SELECT json_build_object('calls', daily_calls, 'meetings', daily_meetings, 'sales', daily_sales)
     FROM goals WHERE company_id = $1::uuid AND user_id = $2::text) AS goals`;

type LoggingContextRow = {
  rules: { kpiKey: string; basePoints: number; enabled: boolean; multiplierValue: number }[];
  day: { calls: number; bonusCalls: number; meetingsBooked: number; sales: number } | null;
  goals: GoalCounts | null;
  created: CustomerRef | null;
  existing: CustomerRef | null;
  replayed: string | null;
  replayedDeleted: string | null;
};

/** A new activity, with its id made here (no re-read): the row is what the service already knows. */
const INSERT_ACTIVITY_SQL = `INSERT INTO activities (id, company_id, user_id, local_date, type, meeting_booked, moved_forward,
  customer_id, customer_name, ticket_size, product_name, notes, points_earned, daily_bonus, bonus_points, status,
  created_at, updated_at, logged_late, client_key)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, 'completed', $16, $17, $18, $19)
ON CONFLICT (company_id, user_id, client_key) WHERE client_key IS NOT NULL DO NOTHING
RETURNING id`;

/** The advisory lock key of a rep's day: the one withActivityDay takes. */
const activityDayLockKey = (companyId: CompanyId, userId: string, localDate: string) => `activity-day:${companyId}:${userId}:${localDate}`;

/**
 * Runs `fn` in one tenant transaction that first takes a transaction-scoped advisory lock on the
 * rep's local day. Every write to that day goes through here, so two calls logged at once are
 * counted one after the other and cannot both earn the daily bonus. (Under READ COMMITTED each
 * statement after the lock sees what the previous holder committed.)
 */
export async function withActivityDay<T>(
  db: Database,
  scope: MemberScope,
  localDate: string,
  fn: (day: ActivityDay) => Promise<T>,
  options: { owner?: UserId; alsoLock?: readonly (string | { userId: string; localDate: string })[] } = {},
): Promise<T> {
  // The days are locked in key order (as imports lock theirs), so two transactions that both lock
  // two days (a move to another day or another member) wait for each other instead of deadlocking.
  const owner = options.owner ?? scope.userId;
  const places = [localDate, ...(options.alsoLock ?? [])].map((place) =>
    typeof place === 'string'
      ? activityDayLockKey(scope.companyId, owner, place)
      : activityDayLockKey(scope.companyId, place.userId, place.localDate),
  );
  const keys = [...new Set(places)].sort();
  return withTenant(
    db,
    scope,
    async (tx) => {
      if (keys.length > 1) {
        await tx.execute(
          sql`SELECT count(pg_advisory_xact_lock(hashtextextended(k, 0))) FROM json_array_elements_text(${JSON.stringify(keys.slice(1))}::json) AS k`,
        );
      }
      return fn(bindActivityDay(tx, { companyId: scope.companyId, userId: owner }, localDate));
    },
    { lockKey: keys[0] },
  );
}

function bindActivityDay(tx: Transaction, scope: MemberScope, localDate: string): ActivityDay {
  const own = (id: string) => and(eq(activities.id, id), eq(activities.companyId, scope.companyId), eq(activities.userId, scope.userId));
  const ownDay = and(eq(activities.companyId, scope.companyId), eq(activities.userId, scope.userId), eq(activities.localDate, localDate));

  const findOrCreateCustomer = (name: string, createdAt: Date) => getOrCreateCustomer(tx, scope, { name, createdAt });

  async function findById(id: string): Promise<ActivityRow> {
    const [row] = await selectActivities(tx).where(eq(activities.id, id));
    return row!;
  }

  return {
    async findLoggingContext(customerName, createdAt, clientKey) {
      const values = [scope.companyId, scope.userId, localDate, customerName, createdAt.toISOString(), clientKey];
      const [row] = await queryPrepared<LoggingContextRow>(tx, 'activity_logging_context', LOGGING_CONTEXT_SQL, values);
      const rules = row!.rules
        .filter((r): r is typeof r & { kpiKey: KpiKey } => isKpiKey(r.kpiKey))
        .map((r) => ({ ...r, multiplierValue: Number(r.multiplierValue) }));
      const day = { callsBefore: row!.day?.calls ?? 0, bonusAlreadyAwarded: (row!.day?.bonusCalls ?? 0) > 0 };
      let customer = row!.created ?? row!.existing;
      if (customerName !== null && !customer) customer = await findOrCreateCustomer(customerName, createdAt);
      const goals = row!.goals ?? { calls: 0, meetings: 0, sales: 0 };
      const progress = { calls: row!.day?.calls ?? 0, meetings: row!.day?.meetingsBooked ?? 0, sales: row!.day?.sales ?? 0 };
      return { rules, day, customer, goals, progress, replayed: row!.replayed, replayedDeleted: row!.replayedDeleted };
    },

    async insertActivity(values) {
      const id = crypto.randomUUID();
      const inserted = await queryPrepared<{ id: string }>(tx, 'activity_insert', INSERT_ACTIVITY_SQL, [
        id,
        scope.companyId,
        scope.userId,
        localDate,
        values.type,
        values.meetingBooked,
        values.movedForward,
        values.customerId,
        values.customerName,
        values.ticketSize,
        values.productName,
        values.notes,
        values.pointsEarned,
        values.dailyBonus,
        values.bonusPoints,
        values.createdAt.toISOString(),
        (values.updatedAt ?? values.createdAt).toISOString(),
        values.loggedLate ?? false,
        values.clientKey ?? null,
      ]);
      // Another log with the same device key got in first (on another day's lock): no new row.
      if (inserted.length === 0) return null;
      const { clientKey: _clientKey, ...row } = values;
      return {
        ...row,
        id,
        userId: scope.userId,
        localDate,
        updatedAt: values.updatedAt ?? values.createdAt,
        loggedLate: values.loggedLate ?? false,
      };
    },

    findRules: () => selectRulesForPoints(tx, scope.companyId),

    getOrCreateCustomer: findOrCreateCustomer,

    findLateLoggingDays: () => selectLateLoggingDaysIn(tx, scope.companyId),

    publish: (events, occurredAt) => publishDomainEvents(tx, scope.companyId, events, occurredAt),

    async findDayContext() {
      const [stats] = await tx
        .select({ calls: dailyUserStats.calls, bonusCalls: dailyUserStats.bonusCalls })
        .from(dailyUserStats)
        .where(
          and(eq(dailyUserStats.companyId, scope.companyId), eq(dailyUserStats.day, localDate), eq(dailyUserStats.userId, scope.userId)),
        );
      return { callsBefore: stats?.calls ?? 0, bonusAlreadyAwarded: (stats?.bonusCalls ?? 0) > 0 };
    },

    async findGoalProgress() {
      // One read with the day's rollup, as the logging context reads the goals (goals' owner is the goals module).
      const values = [scope.companyId, scope.userId, localDate];
      const [row] = await queryPrepared<{ day: GoalCounts | null; goals: GoalCounts | null }>(
        tx,
        'activity_goal_progress',
        GOAL_PROGRESS_SQL,
        values,
      );
      const none = { calls: 0, meetings: 0, sales: 0 };
      return { goals: row?.goals ?? none, progress: row?.day ?? none };
    },

    async findActivityByClientKey(clientKey) {
      const [row] = await selectActivities(tx).where(
        and(eq(activities.companyId, scope.companyId), eq(activities.userId, scope.userId), eq(activities.clientKey, clientKey)),
      );
      return row ?? null;
    },

    async findOwnActivity(id) {
      const [row] = await tx.select({ id: activities.id }).from(activities).where(own(id)).for('update');
      return row ? findById(row.id) : null;
    },

    async updateActivity(id, { move, ...values }) {
      await tx
        .update(activities)
        .set(move ? { ...values, ...move } : values)
        .where(own(id));
      return findById(id);
    },

    forDay: (otherDate) => bindActivityDay(tx, scope, otherDate),

    forMember: (userId, otherDate) => bindActivityDay(tx, { companyId: scope.companyId, userId }, otherDate),

    async removeDailyBonus(updatedAt) {
      await tx
        .update(activities)
        .set({
          pointsEarned: sql`${activities.pointsEarned} - ${activities.bonusPoints}`,
          bonusPoints: 0,
          dailyBonus: false,
          updatedAt,
        })
        .where(and(ownDay, eq(activities.dailyBonus, true)));
    },

    async awardDailyBonusToLatestCall(bonusPoints, updatedAt) {
      const [latest] = await tx
        .select({ id: activities.id })
        .from(activities)
        .where(and(ownDay, sql`${activities.type} in ('call_answered', 'call_unanswered')`))
        .orderBy(desc(activities.createdAt), desc(activities.id))
        .limit(1)
        .for('update');
      if (!latest) return false;
      await tx
        .update(activities)
        .set({ pointsEarned: sql`${activities.pointsEarned} + ${bonusPoints}`, bonusPoints, dailyBonus: true, updatedAt })
        .where(eq(activities.id, latest.id));
      return true;
    },

    async deleteActivity(id) {
      await tx.delete(activities).where(own(id));
    },
  };
}

/** Where an activity is (its member and day), for choosing the day locks before changing it; null when the company has none of that id. */
export async function findActivityPlace(
  db: Database,
  scope: MemberScope,
  id: string,
): Promise<{ userId: UserId; localDate: string } | null> {
  return withTenant(db, scope, async (tx) => {
    const [row] = await tx
      .select({ userId: activities.userId, localDate: activities.localDate })
      .from(activities)
      .where(and(eq(activities.id, id), eq(activities.companyId, scope.companyId)));
    return row ?? null;
  });
}

/** The company's late-logging window in days (decision 041). */
export async function findLateLoggingDays(db: Database, scope: MemberScope): Promise<number> {
  return withTenant(db, scope, (tx) => selectLateLoggingDaysIn(tx, scope.companyId));
}

/**
 * Merges customer `fromId` into `intoId` in one transaction (decision 041): every activity naming
 * it, whoever logged it, names the kept customer; the merged customer is removed; the audit log
 * hears of it (decision 094). Null unless both are the company's. Lives here, not with the customers, because it
 * writes activities (their owner) and customers are the lower module.
 */
export async function mergeCustomers(
  db: Database,
  scope: MemberScope,
  input: { fromId: string; intoId: string; at: Date },
): Promise<{ kept: CustomerRow; moved: number } | null> {
  return withTenant(db, scope, async (tx) => {
    const pair = await lockCustomerPairIn(tx, scope.companyId, input.fromId, input.intoId);
    if (!pair) return null;
    const { from, into } = pair;
    const moved = await moveActivitiesToCustomerIn(tx, scope.companyId, { fromId: from.id, into, at: input.at });
    await deleteCustomerIn(tx, scope.companyId, from.id);
    const merge = { kept: { id: into.id, name: into.name }, merged: { id: from.id, name: from.name }, activities: moved };
    await publishDomainEvents(tx, scope.companyId, [{ type: 'customers.merged', ...merge, actorId: scope.userId }], input.at);
    const kept = await findCustomerIn(tx, scope.companyId, into.id);
    return { kept: kept!, moved };
  });
}

/**
 * Transaction step (customer merges, decision 041): every activity of the company naming customer
 * `fromId`, whoever logged it, names `into` instead, stamped `at` (the sync feed hears of each).
 * Row-level security lets only the company's admins change other members' activities (migration
 * 0022). A customer is not counted: the rollups do not change. Returns how many moved.
 */
async function moveActivitiesToCustomerIn(
  tx: Transaction,
  companyId: CompanyId,
  input: { fromId: string; into: { id: string; name: string }; at: Date },
): Promise<number> {
  const moved = await tx
    .update(activities)
    .set({ customerId: input.into.id, customerName: input.into.name, updatedAt: input.at })
    .where(and(eq(activities.companyId, companyId), eq(activities.customerId, input.fromId)))
    .returning({ id: activities.id });
  return moved.length;
}

/** The caller's own activities of one local day, newest first, with the customer's name. */
export async function findOwnActivitiesOfDay(db: Database, scope: MemberScope, localDate: string): Promise<ActivityRow[]> {
  return withTenant(db, scope, (tx) =>
    selectActivities(tx)
      .where(and(eq(activities.companyId, scope.companyId), eq(activities.userId, scope.userId), eq(activities.localDate, localDate)))
      .orderBy(desc(activities.createdAt), desc(activities.id)),
  );
}

/** One of the company's activities by id; null when the company has none of that id. */
export async function findActivityById(db: Database, scope: MemberScope, id: string): Promise<ActivityRow | null> {
  return withTenant(db, scope, async (tx) => {
    const [row] = await selectActivities(tx).where(and(eq(activities.id, id), eq(activities.companyId, scope.companyId)));
    return row ?? null;
  });
}

/** The company's KPI rules (read-only, for the log dialogs). */
export async function findKpiRulesForLogging(db: Database, scope: MemberScope): Promise<KpiRule[]> {
  return withTenant(db, scope, (tx) => selectRulesForPoints(tx, scope.companyId));
}

/** Transaction step (company settings): how many activities the company has. */
export async function countActivitiesIn(tx: Transaction, companyId: CompanyId): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(activities)
    .where(eq(activities.companyId, companyId));
  return Number(row?.n ?? 0);
}

/** One activity of the feed: its own columns, its author's name now, and its customer's. */
export type FeedRow = Pick<
  typeof activities.$inferSelect,
  'id' | 'userId' | 'type' | 'meetingBooked' | 'movedForward' | 'ticketSize' | 'productName' | 'notes' | 'createdAt'
> & {
  displayName: string | null;
  formerMember: boolean;
  customerName: string | null;
  points: number;
  bonusPoints: number;
};

/** The company's newest activities, optionally only those logged in [start, end): the scoreboards' feed. */
export async function findLatestActivities(
  db: Database,
  scope: CompanyScope,
  options: { limit: number; start?: Date; end?: Date; teamId?: string | undefined; userId?: UserId },
): Promise<FeedRow[]> {
  return withTenant(db, scope, (tx) => {
    const conditions = [eq(activities.companyId, scope.companyId)];
    // A board filtered to a team (decision 040): the authors in the team now. The caller checked the team is the company's.
    if (options.teamId) conditions.push(eq(profiles.teamId, options.teamId));
    // One person's (a page per rep, decision 046); the caller checked they may read them.
    if (options.userId) conditions.push(eq(activities.userId, options.userId));
    if (options.start) conditions.push(gte(activities.createdAt, options.start));
    if (options.end) conditions.push(lt(activities.createdAt, options.end));
    return (
      tx
        .select({
          id: activities.id,
          userId: activities.userId,
          displayName: profiles.displayName,
          // Erased and gone (decision 022); someone who came back is named as they are now.
          formerMember: sql<boolean>`coalesce(${profiles.erasedAt} IS NOT NULL AND ${profiles.removedAt} IS NOT NULL, false)`,
          type: activities.type,
          meetingBooked: activities.meetingBooked,
          movedForward: activities.movedForward,
          customerName: sql<string | null>`coalesce(${customerCompanies.name}, ${activities.customerName})`,
          points: activities.pointsEarned,
          bonusPoints: activities.bonusPoints,
          ticketSize: activities.ticketSize,
          productName: activities.productName,
          notes: activities.notes,
          createdAt: activities.createdAt,
        })
        .from(activities)
        // A read's join for the authors' names: memberships are written only by their owner
        // (companies/memberships.repository.ts); reading them beside the activity costs no round trip.
        .leftJoin(profiles, and(eq(profiles.companyId, activities.companyId), eq(profiles.userId, activities.userId)))
        .leftJoin(customerCompanies, eq(customerCompanies.id, activities.customerId))
        .where(and(...conditions))
        // NULLS LAST matches activities_company_created_idx (created_at DESC NULLS LAST); a plain DESC
        // means NULLS FIRST, which that index cannot serve, and the plan becomes a scan and sort.
        .orderBy(sql`${activities.createdAt} DESC NULLS LAST`, desc(activities.id))
        .limit(options.limit)
    );
  });
}

/** One activity of an export: its local time, author, what it was, and the customer's name now. */
export type ExportActivityRow = {
  /** The local wall-clock time in the company's zone, as seconds since 1970-01-01 00:00 (no zone). */
  localAt: number;
  userId: string;
  displayName: string | null;
  formerMember: boolean;
  type: string;
  meetingBooked: boolean;
  movedForward: boolean;
  customerName: string | null;
  productName: string | null;
  /** Minor units; null unless a sale. */
  ticketSize: number | null;
  points: number;
  notes: string | null;
  /** Logged for an earlier day than the day it was logged on (decision 041). */
  loggedLate: boolean;
};

/** Time zones differ by at most 26 hours: an activity of a local day lies within two days of that day in any zone. */
const ANY_ZONE_MARGIN_MS = 2 * 24 * 60 * 60 * 1000;

/**
 * Transaction step (exports): the company's activities of the local days [from, to] (all members,
 * or one), oldest first, `batchSize` rows at a time through a cursor (db/cursor.ts). An activity
 * belongs to the local day it was stamped with (local_date, as the rollups count it), even if the
 * company's zone changed since; the instant range [start, end), widened by two days, only lets the
 * company-wide read use activities_company_created_idx, whose order (created_at) is the file's.
 * Times are shown in `timezone`, the company's zone now.
 */
export function selectActivitiesForExport(
  tx: Transaction,
  filter: { companyId: CompanyId; userId: UserId | null; from: string; to: string; start: Date; end: Date; timezone: string },
  batchSize: number,
): AsyncGenerator<ExportActivityRow[], void, undefined> {
  const since = new Date(filter.start.getTime() - ANY_ZONE_MARGIN_MS);
  const until = new Date(filter.end.getTime() + ANY_ZONE_MARGIN_MS);
  // Every column aliased: the cursor hands back rows by name, not through drizzle's mapping.
  const as = (column: SQL | AnyColumn, name: keyof ExportActivityRow) => sql`${column}`.as(name);
  const query = tx
    .select({
      localAt: as(sql`floor(extract(epoch FROM ${activities.createdAt} AT TIME ZONE ${filter.timezone}))::float8`, 'localAt'),
      userId: as(activities.userId, 'userId'),
      displayName: as(profiles.displayName, 'displayName'),
      formerMember: as(sql`coalesce(${profiles.erasedAt} IS NOT NULL AND ${profiles.removedAt} IS NOT NULL, false)`, 'formerMember'),
      type: as(activities.type, 'type'),
      meetingBooked: as(activities.meetingBooked, 'meetingBooked'),
      movedForward: as(activities.movedForward, 'movedForward'),
      customerName: as(sql`coalesce(${customerCompanies.name}, ${activities.customerName})`, 'customerName'),
      productName: as(activities.productName, 'productName'),
      ticketSize: as(sql`${activities.ticketSize}::float8`, 'ticketSize'),
      points: as(activities.pointsEarned, 'points'),
      notes: as(activities.notes, 'notes'),
      loggedLate: as(activities.loggedLate, 'loggedLate'),
    })
    .from(activities)
    // A read's joins for the authors' and customers' names now (as the feed's).
    .leftJoin(profiles, and(eq(profiles.companyId, activities.companyId), eq(profiles.userId, activities.userId)))
    .leftJoin(customerCompanies, eq(customerCompanies.id, activities.customerId))
    .where(
      and(
        eq(activities.companyId, filter.companyId),
        filter.userId === null ? undefined : eq(activities.userId, filter.userId),
        between(activities.localDate, filter.from, filter.to),
        gte(activities.createdAt, since),
        lt(activities.createdAt, until),
      ),
    )
    // NULLS FIRST: activities_company_created_idx (created_at DESC NULLS LAST) read backwards, no sort.
    .orderBy(sql`${activities.createdAt} ASC NULLS FIRST`, asc(activities.id));
  return readInBatches<ExportActivityRow>(tx, query.getSQL(), batchSize);
}

// ---- the sync feed (GET /api/v1/activities, decision 035) ------------------------------------------

/** A position in the feed: after the change at `at` (an instant, to the microsecond) of `id`. */
export type FeedPosition = { at: string; id: string };

export type ActivityFeedFilter = {
  userId?: UserId;
  types?: readonly string[];
  from?: string;
  to?: string;
  since?: Date;
  after: FeedPosition | null;
  /** Only changes before this instant: later ones may still be committing (see the service). */
  before: Date;
  limit: number;
};

/** One change of the feed: an activity as it is now, or the tombstone of a deleted one. */
export type FeedChange =
  | { kind: 'activity'; row: ActivityRow; position: FeedPosition }
  | {
      kind: 'deleted';
      deleted: { id: string; userId: UserId; type: string; localDate: string; deletedAt: Date };
      position: FeedPosition;
    };

type FeedChangeRow = {
  kind: 'activity' | 'deleted';
  id: string;
  user_id: string;
  type: string;
  meeting_booked: boolean | null;
  moved_forward: boolean | null;
  customer_id: string | null;
  customer_name: string | null;
  ticket_size: string | number | null;
  product_name: string | null;
  notes: string | null;
  points_earned: number | null;
  daily_bonus: boolean | null;
  bonus_points: number | null;
  local_date: string;
  logged_late: boolean | null;
  created_at: Date | string | null;
  at: Date | string;
  at_text: string;
};

/** An instant to the microsecond, as text both engines read back exactly (the cursor's). */
const exactInstant = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

/**
 * One page of the company's activity changes in (time, id) order after `after`: activities by
 * updated_at, tombstones by deleted_at, merged in one statement (one snapshot, so an id is never
 * both changed and deleted in one page). Each branch walks its own index
 * (activities_company_updated_idx, deleted_activities_company_deleted_idx). `limit + 1` rows are
 * read so the service knows whether more are waiting.
 */
export async function findActivityChanges(db: Database, scope: MemberScope, filter: ActivityFeedFilter): Promise<FeedChange[]> {
  const take = filter.limit + 1;
  const conditions = (alias: 'a' | 'd', at: string) => {
    const parts = [
      sql`${sql.raw(alias)}.company_id = ${scope.companyId}::uuid`,
      sql`${sql.raw(at)} < ${filter.before.toISOString()}::timestamptz`,
    ];
    if (filter.userId !== undefined) parts.push(sql`${sql.raw(alias)}.user_id = ${filter.userId}`);
    if (filter.types !== undefined) parts.push(sql`${sql.raw(alias)}.type = ANY(string_to_array(${filter.types.join(',')}, ','))`);
    if (filter.from !== undefined) parts.push(sql`${sql.raw(alias)}.local_date >= ${filter.from}::date`);
    if (filter.to !== undefined) parts.push(sql`${sql.raw(alias)}.local_date <= ${filter.to}::date`);
    if (filter.since !== undefined) parts.push(sql`${sql.raw(at)} >= ${filter.since.toISOString()}::timestamptz`);
    if (filter.after !== null) {
      parts.push(sql`(${sql.raw(at)}, ${sql.raw(alias)}.id) > (${filter.after.at}::timestamptz, ${filter.after.id}::uuid)`);
    }
    return sql.join(parts, sql` AND `);
  };
  return withTenant(db, scope, async (tx) => {
    const result = await tx.execute(sql`
      SELECT * FROM (
        (SELECT 'activity' AS kind, a.id, a.user_id, a.type, a.meeting_booked, a.moved_forward, a.customer_id,
                coalesce(c.name, a.customer_name) AS customer_name, a.ticket_size, a.product_name, a.notes,
                a.points_earned, a.daily_bonus, a.bonus_points, a.local_date::text AS local_date, a.logged_late, a.created_at,
                a.updated_at AS at, ${exactInstant('a.updated_at')} AS at_text
           FROM activities a LEFT JOIN customer_companies c ON c.id = a.customer_id
          WHERE ${conditions('a', 'a.updated_at')}
          ORDER BY a.updated_at, a.id LIMIT ${take})
        UNION ALL
        (SELECT 'deleted', d.id, d.user_id, d.type, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                d.local_date::text, NULL, NULL, d.deleted_at, ${exactInstant('d.deleted_at')}
           FROM deleted_activities d
          WHERE ${conditions('d', 'd.deleted_at')}
          ORDER BY d.deleted_at, d.id LIMIT ${take})
      ) changes
      ORDER BY at, id
      LIMIT ${take}`);
    const rows = (result as unknown as { rows: FeedChangeRow[] }).rows;
    return rows.map((row): FeedChange => {
      const position = { at: row.at_text, id: row.id };
      if (row.kind === 'deleted') {
        return {
          kind: 'deleted',
          deleted: { id: row.id, userId: row.user_id as UserId, type: row.type, localDate: row.local_date, deletedAt: new Date(row.at) },
          position,
        };
      }
      return {
        kind: 'activity',
        position,
        row: {
          id: row.id,
          userId: row.user_id as UserId,
          type: row.type,
          meetingBooked: row.meeting_booked === true,
          movedForward: row.moved_forward === true,
          customerId: row.customer_id,
          customerName: row.customer_name,
          ticketSize: row.ticket_size === null ? null : Number(row.ticket_size),
          productName: row.product_name,
          notes: row.notes,
          pointsEarned: row.points_earned ?? 0,
          dailyBonus: row.daily_bonus === true,
          bonusPoints: row.bonus_points ?? 0,
          localDate: row.local_date,
          loggedLate: row.logged_late === true,
          createdAt: new Date(row.created_at!),
          updatedAt: new Date(row.at),
        },
      };
    });
  });
}

/**
 * When the oldest transaction open on this database began, other than this connection's, or null:
 * the sync feed serves no change stamped after it (a change it may be making is not visible yet).
 * Read as the connecting role, outside any transaction (app_user would not see the other
 * connections' times), and before the feed's own snapshot is taken. On PGlite there is one
 * connection, and the answer is always null.
 */
export async function findOldestOpenTransactionStart(db: Database): Promise<Date | null> {
  const result = await db.execute(sql`
    SELECT min(xact_start) AS started FROM pg_stat_activity
     WHERE datname = current_database() AND pid <> pg_backend_pid() AND xact_start IS NOT NULL`);
  const [row] = (result as unknown as { rows: { started: Date | string | null }[] }).rows;
  return row?.started ? new Date(row.started) : null;
}

// ---- spreadsheet imports (decision 039) ----------------------------------------------------------

/** One imported activity as stored (the service has computed its points). */
export type ImportedActivity = ActivityValues & { id: string; userId: UserId; localDate: string; createdAt: Date };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Transaction step: names the import whose own rows skip the per-row rollup and change notice for
 * the rest of the transaction (migration 0017's is_bulk_import_row), and takes the day locks of the
 * given (member, day) pairs, the ones a rep may be logging to right now, so points are counted one
 * after the other as when logging.
 */
export async function beginBulkImportIn(
  tx: Transaction,
  companyId: CompanyId,
  importId: string,
  lockedDays: readonly { userId: string; localDate: string }[],
): Promise<void> {
  const keys = JSON.stringify(lockedDays.map((day) => activityDayLockKey(companyId, day.userId, day.localDate)).sort());
  await tx.execute(sql`SELECT set_config('app.bulk_import', ${importId}, true),
    (SELECT count(pg_advisory_xact_lock(hashtextextended(k, 0))) FROM json_array_elements_text(${keys}::json) AS k)`);
}

/** Transaction step: the day so far (calls, bonus taken) of each member's days in [from, to], keyed `${userId}|${day}`. */
export async function selectDayContextsIn(
  tx: Transaction,
  companyId: CompanyId,
  userIds: readonly string[],
  from: string,
  to: string,
): Promise<Map<string, DayContext>> {
  const result = await tx.execute(sql`
    SELECT user_id, day::text AS day, calls, bonus_calls FROM daily_user_stats
     WHERE company_id = ${companyId}::uuid AND day BETWEEN ${from}::date AND ${to}::date
       AND user_id IN (SELECT json_array_elements_text(${JSON.stringify(userIds)}::json))`);
  const contexts = new Map<string, DayContext>();
  for (const row of rowsOf<{ user_id: string; day: string; calls: number; bonus_calls: number }>(result)) {
    contexts.set(`${row.user_id}|${row.day}`, { callsBefore: row.calls, bonusAlreadyAwarded: row.bonus_calls > 0 });
  }
  return contexts;
}

/** Transaction step: the import's activities, one multi-row statement per batch (the caller batches). */
export async function insertImportedActivitiesIn(
  tx: Transaction,
  companyId: CompanyId,
  importId: string,
  rows: readonly ImportedActivity[],
): Promise<void> {
  if (rows.length === 0) return;
  const records = JSON.stringify(
    rows.map((r) => ({
      id: r.id,
      user_id: r.userId,
      local_date: r.localDate,
      type: r.type,
      meeting_booked: r.meetingBooked,
      moved_forward: r.movedForward,
      customer_id: r.customerId,
      customer_name: r.customerName,
      ticket_size: r.ticketSize,
      product_name: r.productName,
      notes: r.notes,
      points_earned: r.pointsEarned,
      daily_bonus: r.dailyBonus,
      bonus_points: r.bonusPoints,
      created_at: r.createdAt.toISOString(),
    })),
  );
  await tx.execute(sql`
    INSERT INTO activities (id, company_id, user_id, local_date, type, meeting_booked, moved_forward, customer_id,
      customer_name, ticket_size, product_name, notes, points_earned, daily_bonus, bonus_points, status, import_id,
      created_at, updated_at)
    SELECT r.id, ${companyId}::uuid, r.user_id, r.local_date, r.type, r.meeting_booked, r.moved_forward, r.customer_id,
      r.customer_name, r.ticket_size, r.product_name, r.notes, r.points_earned, r.daily_bonus, r.bonus_points, 'completed',
      ${importId}::uuid, r.created_at, r.created_at
      FROM json_to_recordset(${records}::json) AS r(id uuid, user_id text, local_date date, type text, meeting_booked boolean,
        moved_forward boolean, customer_id uuid, customer_name text, ticket_size bigint, product_name text, notes text,
        points_earned integer, daily_bonus boolean, bonus_points integer, created_at timestamptz)`);
}

/** A (member, day) of an import's rows: an import is written and undone a few of these at a time (decision 084). */
export type ImportDay = { userId: string; localDate: string };

const daysJson = (days: readonly ImportDay[]) => JSON.stringify(days.map((d) => ({ user_id: d.userId, day: d.localDate })));

/**
 * Transaction step: adds (1, after inserting) or takes away (-1, before deleting) the import's rows
 * on these (member, day) pairs from the rollup, one statement per (member, day).
 */
export async function applyImportDaysToDailyStatsIn(
  tx: Transaction,
  companyId: CompanyId,
  importId: string,
  days: readonly ImportDay[],
  sign: 1 | -1,
): Promise<void> {
  await tx.execute(
    sql`SELECT apply_import_days_to_daily_stats(${companyId}::uuid, ${importId}::uuid, ${daysJson(days)}::json, ${sign}::int)`,
  );
}

/** Transaction step: the (member, day) pairs the import's rows are on, how many on each, in order. */
export async function selectImportDaysIn(
  tx: Transaction,
  companyId: CompanyId,
  importId: string,
): Promise<(ImportDay & { rows: number })[]> {
  const result = await tx.execute(sql`
    SELECT user_id, local_date::text AS day, count(*)::int AS rows FROM activities
     WHERE company_id = ${companyId}::uuid AND import_id = ${importId}::uuid
     GROUP BY user_id, local_date ORDER BY user_id, local_date`);
  return rowsOf<{ user_id: string; day: string; rows: number }>(result).map((r) => ({ userId: r.user_id, localDate: r.day, rows: r.rows }));
}

/** Transaction step: one change notice for the whole import (the live screens refetch), instead of one per row. */
export async function notifyImportChangeIn(
  tx: Transaction,
  companyId: CompanyId,
  importId: string,
  op: 'INSERT' | 'DELETE',
): Promise<void> {
  const payload = JSON.stringify({
    company_id: companyId,
    table: 'activities',
    op,
    id: importId,
    user_id: null,
    type: null,
    meeting_booked: false,
  });
  await tx.execute(sql`SELECT pg_notify('dealboard_events', ${payload})`);
}

/**
 * Transaction step (undo an import, a few (member, day) pairs at a time): deletes the import's
 * activities on those days after taking them out of the rollup (the tombstone trigger records each
 * one for the sync feed), then settles the daily bonus of each of those days as deleting a call
 * does: a day below 20 calls loses the bonus; a day whose bonus call was deleted and still has 20
 * gives it to its latest call (when `bonusPoints`, today's bonus rule, is not null). Returns how
 * many were deleted.
 */
export async function deleteImportedDaysIn(
  tx: Transaction,
  companyId: CompanyId,
  importId: string,
  importDays: readonly ImportDay[],
  bonusPoints: number | null,
  now: Date,
): Promise<number> {
  const days = rowsOf<{ user_id: string; day: string; had_bonus: boolean; deleted: number }>(
    await tx.execute(sql`SELECT user_id, day::text AS day, had_bonus, deleted FROM delete_import_days(
      ${companyId}::uuid, ${importId}::uuid, ${daysJson(importDays)}::json)`),
  );
  const deleted = days.reduce((sum, day) => sum + day.deleted, 0);
  if (days.length === 0) return deleted;
  const affected = JSON.stringify(days.map((d) => ({ user_id: d.user_id, day: d.day, had_bonus: d.had_bonus })));
  // These updates touch rows that are not the import's: the per-row rollup keeps the days exact.
  await tx.execute(sql`
    UPDATE activities a SET points_earned = a.points_earned - a.bonus_points, bonus_points = 0, daily_bonus = false,
           updated_at = ${now.toISOString()}::timestamptz
      FROM json_to_recordset(${affected}::json) AS d(user_id text, day date, had_bonus boolean), daily_user_stats s
     WHERE a.company_id = ${companyId}::uuid AND a.user_id = d.user_id AND a.local_date = d.day AND a.daily_bonus
       AND s.company_id = a.company_id AND s.user_id = d.user_id AND s.day = d.day AND s.calls < ${DAILY_CALL_BONUS_THRESHOLD}`);
  if (bonusPoints !== null) {
    await tx.execute(sql`
      UPDATE activities a SET points_earned = a.points_earned + ${bonusPoints}::int, bonus_points = ${bonusPoints}::int,
             daily_bonus = true, updated_at = ${now.toISOString()}::timestamptz
        FROM (SELECT DISTINCT ON (c.user_id, c.local_date) c.id
                FROM json_to_recordset(${affected}::json) AS d(user_id text, day date, had_bonus boolean)
                JOIN daily_user_stats s ON s.company_id = ${companyId}::uuid AND s.user_id = d.user_id AND s.day = d.day
                JOIN activities c ON c.company_id = s.company_id AND c.user_id = d.user_id AND c.local_date = d.day
                 AND c.type IN ('call_answered', 'call_unanswered')
               WHERE d.had_bonus AND s.bonus_calls = 0 AND s.calls >= ${DAILY_CALL_BONUS_THRESHOLD}
               ORDER BY c.user_id, c.local_date, c.created_at DESC, c.id DESC) latest
       WHERE a.id = latest.id`);
  }
  return deleted;
}

/** Transaction step (tests, bench): the rollup's totals against a recount of the activities, per (member, day) that differ. */
export async function findRollupDriftIn(tx: Transaction, companyId: CompanyId): Promise<number> {
  const result = await tx.execute(sql`
    WITH recount AS (
      SELECT user_id, local_date AS day, count(*)::int AS activities, sum(points_earned)::int AS points,
             count(*) FILTER (WHERE type IN ('call_answered', 'call_unanswered'))::int AS calls,
             coalesce(sum(ticket_size) FILTER (WHERE type = 'sale'), 0)::bigint AS revenue,
             count(*) FILTER (WHERE daily_bonus)::int AS bonus_calls
        FROM activities WHERE company_id = ${companyId}::uuid GROUP BY user_id, local_date)
    SELECT count(*)::int AS n FROM recount r
      FULL JOIN (SELECT * FROM daily_user_stats WHERE company_id = ${companyId}::uuid) s ON s.user_id = r.user_id AND s.day = r.day
     WHERE r.activities IS DISTINCT FROM s.activities OR r.points IS DISTINCT FROM s.points OR r.calls IS DISTINCT FROM s.calls
        OR r.revenue IS DISTINCT FROM s.revenue OR r.bonus_calls IS DISTINCT FROM s.bonus_calls`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

/** Transaction step (reactions): whether the company has an activity with this id. */
export async function selectActivityExists(tx: Transaction, companyId: CompanyId, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.companyId, companyId), eq(activities.id, id)));
  return row !== undefined;
}

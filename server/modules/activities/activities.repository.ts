import type { StoredActivityTypeDefinition, TypeDayContext } from '@core/activity-types';
import { DAILY_CALL_BONUS_THRESHOLD, type DayContext, KPI_KEYS, type KpiKey, type KpiRule } from '@core/kpi';
import type { GoalCounts } from '@core/stats';
import type { ActivityBonus, BonusKind, DomainEvent } from '@core/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { ActivityLookups } from '../../context';
import type { Database, Transaction } from '../../db/client';
import { activities, customerCompanies } from '../../db/schema';
import { publishDomainEvents } from '../../events/domain-events';
import { appendEventsCte } from '../../events/event-log';
import { queryPrepared } from '../../db/prepared';
import { type CompanyId, type MemberScope, type UserId, withTenant } from '../../db/tenant';

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

/** What one of the company's own types adds to a new activity (decision 100); a built-in kind leaves them null. */
export type CustomTypeValues = Pick<ActivityRow, 'typeId' | 'outcomeId' | 'fieldValues'>;

/** One of the company's own types as a log reads it (decision 100), with the member's day of it so far. */
export type CustomTypeContext = {
  definition: StoredActivityTypeDefinition;
  archived: boolean;
  day: TypeDayContext;
  /** The member's daily goal on the type (decision 106); 0: none. */
  goal: number;
};

/** A customer as an activity names it. */
type CustomerRef = { id: string; name: string };

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
  /** The company's own type asked for (decision 100) and the day of it so far; null when none was asked for or there is none. */
  customType: CustomTypeContext | null;
  /** The daily bonus of the built-in kind asked for (decision 115) and the member's day of the kind so far; null when it has none. */
  kindBonus: { bonus: ActivityBonus; day: TypeDayContext } | null;
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
  findLoggingContext(
    customerName: string | null,
    createdAt: Date,
    clientKey: string | null,
    typeId?: string | null,
    bonusKind?: BonusKind | null,
  ): Promise<LoggingContext>;
  /**
   * Stores a new activity; `customerName` is the linked customer's current name. `createdAt` is when
   * it happened (on the day), `updatedAt` when it was written (the sync feed's order). Null when
   * an activity with the same `clientKey` exists already (nothing is written). With `publish`, the
   * events `describe` gives for the new row are appended to the log in the insert's own statement
   * (decision 095: no round trip of their own), then handed to the followers in this transaction.
   */
  insertActivity(
    values: ActivityValues &
      Partial<CustomTypeValues> & { createdAt: Date; updatedAt?: Date; loggedLate?: boolean; clientKey?: string | null },
    publish?: { describe: (row: ActivityRow) => DomainEvent[]; occurredAt: Date },
  ): Promise<ActivityRow | null>;
  /** The caller's activity logged with this device key (decision 054). */
  findActivityByClientKey(clientKey: string): Promise<ActivityRow | null>;
  findRules(): Promise<KpiRule[]>;
  /** Finds the customer case-insensitively or creates it; race-safe on the unique lower(name) index. */
  getOrCreateCustomer(name: string, createdAt: Date): Promise<CustomerRef>;
  /** The day's calls so far, whether one carries the bonus, and how many calls earn it now. */
  findDayContext(): Promise<DayContext & { bonusThreshold: number }>;
  /**
   * The member's daily goals and the day's counts toward them now (an edit's goal.reached); with
   * `typeId`, also their goal on that own type and the day's count of it (decision 106).
   */
  findGoalProgress(typeId?: string | null): Promise<{
    goals: GoalCounts;
    progress: GoalCounts;
    type: { goal: number; day: { countBefore: number } };
  }>;
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
  /**
   * After one of the company's own type left the day (decision 100): the type's daily bonus stays
   * with one activity of the type while the day has its number of them, and with none below it.
   */
  settleTypeBonus(typeId: string, updatedAt: Date): Promise<void>;
};

export const activityColumns = {
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
  typeId: activities.typeId,
  outcomeId: activities.outcomeId,
  fieldValues: activities.fieldValues,
  localDate: activities.localDate,
  loggedLate: activities.loggedLate,
  createdAt: activities.createdAt,
  updatedAt: activities.updatedAt,
};

export function selectActivities(tx: Transaction) {
  return tx.select(activityColumns).from(activities).leftJoin(customerCompanies, eq(customerCompanies.id, activities.customerId));
}

const isKpiKey = (key: string): key is KpiKey => (KPI_KEYS as readonly string[]).includes(key);

/**
 * The logging context in one statement (prepared, server/db/prepared.ts). The customer is created
 * by the data-modifying CTE when the name is new; when it exists, `existing` finds it in the same
 * statement's snapshot. (A customer another transaction committed while this one waited on the
 * unique index is in neither: findLoggingContext then reads it with a fresh statement.)
 *   $1 company, $2 user, $3 local day, $4 customer name or null, $5 created at, $6 device key or null,
 *   $7 the company's own type asked for, or null (decision 100: its definition, the member's day of it and
 *      their daily goal on it, decision 106)
 *   $8 the built-in kind asked for when it may have a daily bonus (meeting, sale, email, linkedin), or null
 *      (decision 115: its row's bonus, when set, with the member's day of the kind: how many, whether one carries it)
 */
const LOGGING_CONTEXT_SQL = `WITH created AS (
  INSERT INTO customer_companies (company_id, name, created_by, created_at)
  SELECT $1::uuid, $4::text, $2::text, $5::timestamptz WHERE $4::text IS NOT NULL
  ON CONFLICT DO NOTHING
  RETURNING id, name
)
SELECT
  (SELECT coalesce(json_agg(json_build_object('kpiKey', kpi_key, 'basePoints', base_points, 'enabled', enabled,
                                               'multiplierValue', multiplier_value, 'threshold', threshold)), '[]'::json)
     FROM kpi_rules WHERE company_id = $1::uuid) AS rules,
  (SELECT json_build_object('calls', calls, 'bonusCalls', bonus_calls, 'meetingsBooked', meetings_booked, 'sales', sales)
     FROM daily_user_stats WHERE company_id = $1::uuid AND day = $3::date AND user_id = $2::text) AS day,
  (SELECT json_build_object('calls', daily_calls, 'meetings', daily_meetings, 'sales', daily_sales,
                            'type', coalesce((type_goals ->> $7::text)::int, 0))
     FROM goals WHERE company_id = $1::uuid AND user_id = $2::text) AS goals,
  (SELECT json_build_object('id', id, 'name', name) FROM created) AS created,
  (SELECT json_build_object('id', id, 'name', name) FROM customer_companies
    WHERE company_id = $1::uuid AND lower(name) = lower($4::text)) AS existing,
  (SELECT id FROM activities
    WHERE company_id = $1::uuid AND user_id = $2::text AND client_key = $6::uuid) AS replayed,
  (SELECT id FROM deleted_activities
    WHERE company_id = $1::uuid AND user_id = $2::text AND client_key = $6::uuid LIMIT 1) AS "replayedDeleted",
  (SELECT json_build_object('names', names, 'icon', icon, 'colour', colour, 'points', points, 'outcomes', outcomes,
                            'fields', fields, 'bonus', bonus, 'celebrate', celebrate, 'archived', archived_at IS NOT NULL)
     FROM activity_types WHERE company_id = $1::uuid AND id = $7::uuid
      AND (key IS NULL OR key NOT IN ('call', 'meeting', 'sale', 'email', 'linkedin'))) AS "customType",
  (SELECT json_build_object('count', coalesce(sum(activities), 0), 'bonusTaken', coalesce(sum(bonus_taken), 0))
     FROM activity_type_day_stats
    WHERE company_id = $1::uuid AND day = $3::date AND user_id = $2::text AND type_id = $7::uuid) AS "customDay",
  (SELECT json_build_object('bonus', t.bonus,
            'countBefore', (SELECT count(*) FROM activities a
                             WHERE a.company_id = $1::uuid AND a.user_id = $2::text AND a.local_date = $3::date AND a.type_id = t.id),
            'bonusTaken', EXISTS (SELECT 1 FROM activities a
                                   WHERE a.company_id = $1::uuid AND a.user_id = $2::text AND a.local_date = $3::date
                                     AND a.type_id = t.id AND a.bonus_points > 0))
     FROM activity_types t WHERE t.company_id = $1::uuid AND t.key = $8::text AND t.bonus IS NOT NULL) AS "kindBonus"`;

/** A member's daily goals and a day's counts toward them. */
const GOAL_PROGRESS_SQL = `SELECT
  (SELECT json_build_object('calls', calls, 'meetings', meetings_booked, 'sales', sales)
     FROM daily_user_stats WHERE company_id = $1::uuid AND day = $3::date AND user_id = $2::text) AS day,
  (SELECT json_build_object('calls', daily_calls, 'meetings', daily_meetings, 'sales', daily_sales,
                            'type', coalesce((type_goals ->> $4::text)::int, 0))
     FROM goals WHERE company_id = $1::uuid AND user_id = $2::text) AS goals,
  (SELECT coalesce(sum(activities), 0)::int FROM activity_type_day_stats
    WHERE company_id = $1::uuid AND day = $3::date AND user_id = $2::text AND type_id = $4::uuid) AS "typeCount"`;

type LoggingContextRow = {
  rules: { kpiKey: string; basePoints: number; enabled: boolean; multiplierValue: number; threshold: number | null }[];
  day: { calls: number; bonusCalls: number; meetingsBooked: number; sales: number } | null;
  goals: (GoalCounts & { type: number }) | null;
  created: CustomerRef | null;
  existing: CustomerRef | null;
  replayed: string | null;
  replayedDeleted: string | null;
  customType: (StoredActivityTypeDefinition & { archived: boolean }) | null;
  customDay: { count: number; bonusTaken: number };
  kindBonus: { bonus: ActivityBonus; countBefore: number; bonusTaken: boolean } | null;
};

/** A new activity, with its id made here (no re-read): the row is what the service already knows. */
const INSERT_ACTIVITY_SQL = `INSERT INTO activities (id, company_id, user_id, local_date, type, meeting_booked, moved_forward,
  customer_id, customer_name, ticket_size, product_name, notes, points_earned, daily_bonus, bonus_points, status,
  created_at, updated_at, logged_late, client_key, type_id, outcome_id, field_values)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, 'completed', $16, $17, $18, $19, $20, $21, $22)
ON CONFLICT (company_id, user_id, client_key) WHERE client_key IS NOT NULL DO NOTHING
RETURNING id`;

/**
 * The same insert appending its events to the log (decision 095), only when the row went in:
 * $23 the events (a JSON array), $24 when they happened.
 */
const INSERT_ACTIVITY_WITH_EVENTS_SQL = `WITH inserted AS (
${INSERT_ACTIVITY_SQL}
), ${appendEventsCte({ events: '$23', company: '$2', at: '$24', guard: 'EXISTS (SELECT 1 FROM inserted)' })}
SELECT id FROM inserted`;

/**
 * The daily bonus of a company's own type on one member's day, settled after one of the type left
 * it (decision 100): taken off the activity that carries it when the day has fewer than the bonus's
 * number (or the type no bonus now), given to the day's latest of the type when none carries it and
 * the day still has the number. One statement, the database's `settle_type_bonus` (migration 0067),
 * which an import's undo runs too.
 *   $1 company, $2 user, $3 local day, $4 type, $5 updated at
 */
const SETTLE_TYPE_BONUS_SQL = 'SELECT settle_type_bonus($1::uuid, $2::text, $3::date, $4::uuid, $5::timestamptz)';

/** Where the activities' writes run: the database, and what they read from other modules' tables (decision 097). */
export type ActivityStore = { db: Database; lookups: ActivityLookups };

/** The advisory lock key of a rep's day: the one withActivityDay takes. */
export const activityDayLockKey = (companyId: CompanyId, userId: string, localDate: string) =>
  `activity-day:${companyId}:${userId}:${localDate}`;

/**
 * Runs `fn` in one tenant transaction that first takes a transaction-scoped advisory lock on the
 * rep's local day. Every write to that day goes through here, so two calls logged at once are
 * counted one after the other and cannot both earn the daily bonus. (Under READ COMMITTED each
 * statement after the lock sees what the previous holder committed.)
 */
export async function withActivityDay<T>(
  store: ActivityStore,
  scope: MemberScope,
  localDate: string,
  fn: (day: ActivityDay) => Promise<T>,
  options: {
    owner?: UserId;
    alsoLock?: readonly (string | { userId: string; localDate: string })[];
    /** The logging context `fn` reads first (findLoggingContext): sent in the lock's round trip (decision 099). */
    loggingContext?: LoggingContextInput;
  } = {},
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
    store.db,
    scope,
    async (tx) => {
      if (keys.length > 1) {
        await tx.execute(
          sql`SELECT count(pg_advisory_xact_lock(hashtextextended(k, 0))) FROM json_array_elements_text(${JSON.stringify(keys.slice(1))}::json) AS k`,
        );
      }
      return fn(bindActivityDay(tx, store.lookups, { companyId: scope.companyId, userId: owner }, localDate));
    },
    {
      lockKey: keys[0],
      along:
        options.loggingContext && keys.length === 1
          ? loggingContextStatement({ companyId: scope.companyId, userId: owner }, localDate, options.loggingContext)
          : undefined,
    },
  );
}

/** What a log asks its context for: the customer it names, its device key, and the own type or built-in kind of bonus it is of. */
type LoggingContextInput = {
  customerName: string | null;
  createdAt: Date;
  clientKey: string | null;
  typeId?: string | null;
  bonusKind?: BonusKind | null;
};

/** The logging context's statement for one rep's day: the same name, text and values wherever it is sent from. */
function loggingContextStatement(scope: { companyId: CompanyId; userId: string }, localDate: string, input: LoggingContextInput) {
  const values = [
    scope.companyId,
    scope.userId,
    localDate,
    input.customerName,
    input.createdAt.toISOString(),
    input.clientKey,
    input.typeId ?? null,
    input.bonusKind ?? null,
  ];
  return { name: 'activity_logging_context', text: LOGGING_CONTEXT_SQL, values };
}

function bindActivityDay(tx: Transaction, lookups: ActivityLookups, scope: MemberScope, localDate: string): ActivityDay {
  const own = (id: string) => and(eq(activities.id, id), eq(activities.companyId, scope.companyId), eq(activities.userId, scope.userId));
  const ownDay = and(eq(activities.companyId, scope.companyId), eq(activities.userId, scope.userId), eq(activities.localDate, localDate));

  const findOrCreateCustomer = (name: string, createdAt: Date) => lookups.getOrCreateCustomer(tx, scope, { name, createdAt });

  async function findById(id: string): Promise<ActivityRow> {
    const [row] = await selectActivities(tx).where(eq(activities.id, id));
    return row!;
  }

  return {
    async findLoggingContext(customerName, createdAt, clientKey, typeId = null, bonusKind = null) {
      const statement = loggingContextStatement(scope, localDate, { customerName, createdAt, clientKey, typeId, bonusKind });
      const [row] = await queryPrepared<LoggingContextRow>(tx, statement.name, statement.text, statement.values);
      const rules = row!.rules
        .filter((r): r is typeof r & { kpiKey: KpiKey } => isKpiKey(r.kpiKey))
        .map((r) => ({ ...r, multiplierValue: Number(r.multiplierValue) }));
      const day = { callsBefore: row!.day?.calls ?? 0, bonusAlreadyAwarded: (row!.day?.bonusCalls ?? 0) > 0 };
      let customer = row!.created ?? row!.existing;
      if (customerName !== null && !customer) customer = await findOrCreateCustomer(customerName, createdAt);
      const saved = row!.goals;
      const goals = { calls: saved?.calls ?? 0, meetings: saved?.meetings ?? 0, sales: saved?.sales ?? 0 };
      const progress = { calls: row!.day?.calls ?? 0, meetings: row!.day?.meetingsBooked ?? 0, sales: row!.day?.sales ?? 0 };
      const found = row!.customType;
      const customType = found
        ? {
            definition: { ...found, bonus: found.bonus ?? null },
            archived: found.archived,
            day: { countBefore: Number(row!.customDay.count), bonusTaken: Number(row!.customDay.bonusTaken) > 0 },
            goal: saved?.type ?? 0,
          }
        : null;
      const kind = row!.kindBonus;
      const kindBonus = kind ? { bonus: kind.bonus, day: { countBefore: Number(kind.countBefore), bonusTaken: kind.bonusTaken } } : null;
      return {
        rules,
        day,
        customer,
        goals,
        progress,
        replayed: row!.replayed,
        replayedDeleted: row!.replayedDeleted,
        customType,
        kindBonus,
      };
    },

    async insertActivity(values, publish) {
      const id = crypto.randomUUID();
      const { clientKey: _clientKey, ...fields } = values;
      const row: ActivityRow = {
        typeId: null,
        outcomeId: null,
        fieldValues: null,
        ...fields,
        id,
        userId: scope.userId,
        localDate,
        updatedAt: values.updatedAt ?? values.createdAt,
        loggedLate: values.loggedLate ?? false,
      };
      const events = publish?.describe(row) ?? [];
      const columns = [
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
        values.typeId ?? null,
        values.outcomeId ?? null,
        values.fieldValues ? JSON.stringify(values.fieldValues) : null,
      ];
      const inserted =
        events.length === 0
          ? await queryPrepared<{ id: string }>(tx, 'activity_insert', INSERT_ACTIVITY_SQL, columns)
          : await queryPrepared<{ id: string }>(tx, 'activity_insert_with_events', INSERT_ACTIVITY_WITH_EVENTS_SQL, [
              ...columns,
              JSON.stringify(events),
              publish!.occurredAt.toISOString(),
            ]);
      // Another log with the same device key got in first (on another day's lock): no new row.
      if (inserted.length === 0) return null;
      if (publish) await publishDomainEvents(tx, scope.companyId, events, publish.occurredAt, { appended: true });
      return row;
    },

    findRules: () => lookups.selectRulesForPoints(tx, scope.companyId),

    getOrCreateCustomer: findOrCreateCustomer,

    findLateLoggingDays: () => lookups.selectLateLoggingDays(tx, scope.companyId),

    publish: (events, occurredAt) => publishDomainEvents(tx, scope.companyId, events, occurredAt),

    async findDayContext() {
      // The day's calls and the bonus rule's number of calls in one read (decision 108).
      const result = await tx.execute<{ calls: number | null; bonus_calls: number | null; threshold: number | null }>(sql`
        SELECT s.calls, s.bonus_calls, r.threshold
          FROM (SELECT 1) one
          LEFT JOIN daily_user_stats s ON s.company_id = ${scope.companyId} AND s.day = ${localDate} AND s.user_id = ${scope.userId}
          LEFT JOIN kpi_rules r ON r.company_id = ${scope.companyId} AND r.kpi_key = 'daily_call_bonus_20'`);
      const [stats] = (result as unknown as { rows: { calls: number | null; bonus_calls: number | null; threshold: number | null }[] })
        .rows;
      return {
        callsBefore: Number(stats?.calls ?? 0),
        bonusAlreadyAwarded: Number(stats?.bonus_calls ?? 0) > 0,
        bonusThreshold: stats?.threshold ?? DAILY_CALL_BONUS_THRESHOLD,
      };
    },

    async findGoalProgress(typeId = null) {
      // One read with the day's rollup, as the logging context reads the goals (goals' owner is the goals module).
      const values = [scope.companyId, scope.userId, localDate, typeId];
      const [row] = await queryPrepared<{ day: GoalCounts | null; goals: (GoalCounts & { type: number }) | null; typeCount: number }>(
        tx,
        'activity_goal_progress',
        GOAL_PROGRESS_SQL,
        values,
      );
      const saved = row?.goals;
      const goals = { calls: saved?.calls ?? 0, meetings: saved?.meetings ?? 0, sales: saved?.sales ?? 0 };
      const type = { goal: saved?.type ?? 0, day: { countBefore: Number(row?.typeCount ?? 0) } };
      return { goals, progress: row?.day ?? { calls: 0, meetings: 0, sales: 0 }, type };
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

    forDay: (otherDate) => bindActivityDay(tx, lookups, scope, otherDate),

    forMember: (userId, otherDate) => bindActivityDay(tx, lookups, { companyId: scope.companyId, userId }, otherDate),

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

    async settleTypeBonus(typeId, updatedAt) {
      await queryPrepared(tx, 'activity_settle_type_bonus', SETTLE_TYPE_BONUS_SQL, [
        scope.companyId,
        scope.userId,
        localDate,
        typeId,
        updatedAt.toISOString(),
      ]);
    },

    async deleteActivity(id) {
      await tx.delete(activities).where(own(id));
    },
  };
}

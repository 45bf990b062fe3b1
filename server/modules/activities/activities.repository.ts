import { type DayContext, KPI_KEYS, type KpiKey, type KpiRule } from '@core/kpi';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { activities, customerCompanies, dailyUserStats, kpiRules } from '../../db/schema';
import { withTenant } from '../../db/tenant';

export type ActivityScope = { companyId: string; userId: string };

export type ActivityRow = {
  id: string;
  userId: string;
  type: string;
  meetingBooked: boolean;
  movedForward: boolean;
  customerId: string | null;
  customerName: string | null;
  ticketSize: number | null;
  productName: string | null;
  notes: string | null;
  pointsEarned: number;
  dailyBonus: boolean;
  bonusPoints: number;
  localDate: string;
  createdAt: Date;
  updatedAt: Date;
};

/** The columns a write sets; the rollup trigger derives daily_user_stats from them. */
export type ActivityValues = {
  type: string;
  meetingBooked: boolean;
  movedForward: boolean;
  customerId: string | null;
  customerName: string | null;
  ticketSize: number | null;
  productName: string | null;
  notes: string | null;
  pointsEarned: number;
  dailyBonus: boolean;
  /** The part of pointsEarned that is the daily bonus. */
  bonusPoints: number;
};

export type CustomerRef = { id: string; name: string };

/**
 * Everything a write to one rep's local day needs, bound to one transaction that holds the day's
 * lock. The service decides; these functions only read and write.
 */
export type ActivityDay = {
  findRules(): Promise<KpiRule[]>;
  /** Finds the customer case-insensitively or creates it; race-safe on the unique lower(name) index. */
  getOrCreateCustomer(name: string, createdAt: Date): Promise<CustomerRef>;
  /** Calls already logged on the day and whether one of them carries the daily bonus. */
  findDayContext(): Promise<DayContext>;
  insertActivity(values: ActivityValues & { createdAt: Date }): Promise<ActivityRow>;
  /** One of the caller's own activities (any day), locked for the rest of the transaction. */
  findOwnActivity(id: string): Promise<ActivityRow | null>;
  updateActivity(id: string, values: ActivityValues & { updatedAt: Date }): Promise<ActivityRow>;
  deleteActivity(id: string): Promise<void>;
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
  createdAt: activities.createdAt,
  updatedAt: activities.updatedAt,
};

function selectActivities(tx: Transaction) {
  return tx
    .select(activityColumns)
    .from(activities)
    .leftJoin(customerCompanies, eq(customerCompanies.id, activities.customerId));
}

const isKpiKey = (key: string): key is KpiKey => (KPI_KEYS as readonly string[]).includes(key);

async function selectKpiRules(tx: Transaction, companyId: string): Promise<KpiRule[]> {
  const rows = await tx
    .select({
      kpiKey: kpiRules.kpiKey,
      basePoints: kpiRules.basePoints,
      enabled: kpiRules.enabled,
      multiplierValue: kpiRules.multiplierValue,
    })
    .from(kpiRules)
    .where(eq(kpiRules.companyId, companyId));
  return rows.filter((r): r is typeof r & { kpiKey: KpiKey } => isKpiKey(r.kpiKey));
}

/**
 * Runs `fn` in one tenant transaction that first takes a transaction-scoped advisory lock on the
 * rep's local day. Every write to that day goes through here, so two calls logged at once are
 * counted one after the other and cannot both earn the daily bonus. (Under READ COMMITTED each
 * statement after the lock sees what the previous holder committed.)
 */
export async function withActivityDay<T>(
  db: Database,
  scope: ActivityScope,
  localDate: string,
  fn: (day: ActivityDay) => Promise<T>,
): Promise<T> {
  return withTenant(db, scope, async (tx) => {
    const lockKey = `activity-day:${scope.companyId}:${scope.userId}:${localDate}`;
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`);
    return fn(bindActivityDay(tx, scope, localDate));
  });
}

function bindActivityDay(tx: Transaction, scope: ActivityScope, localDate: string): ActivityDay {
  const own = (id: string) =>
    and(eq(activities.id, id), eq(activities.companyId, scope.companyId), eq(activities.userId, scope.userId));
  const ownDay = and(
    eq(activities.companyId, scope.companyId),
    eq(activities.userId, scope.userId),
    eq(activities.localDate, localDate),
  );

  async function findById(id: string): Promise<ActivityRow> {
    const [row] = await selectActivities(tx).where(eq(activities.id, id));
    return row!;
  }

  return {
    findRules: () => selectKpiRules(tx, scope.companyId),

    async getOrCreateCustomer(name, createdAt) {
      const [created] = await tx
        .insert(customerCompanies)
        .values({ companyId: scope.companyId, name, createdBy: scope.userId, createdAt })
        .onConflictDoNothing()
        .returning({ id: customerCompanies.id, name: customerCompanies.name });
      if (created) return created;
      // Another transaction holds or committed the name; this statement sees the committed row.
      const [existing] = await tx
        .select({ id: customerCompanies.id, name: customerCompanies.name })
        .from(customerCompanies)
        .where(and(eq(customerCompanies.companyId, scope.companyId), sql`lower(${customerCompanies.name}) = lower(${name})`));
      if (!existing) throw new Error(`customer "${name}" neither inserted nor found`);
      return existing;
    },

    async findDayContext() {
      const [stats] = await tx
        .select({ calls: dailyUserStats.calls })
        .from(dailyUserStats)
        .where(
          and(
            eq(dailyUserStats.companyId, scope.companyId),
            eq(dailyUserStats.day, localDate),
            eq(dailyUserStats.userId, scope.userId),
          ),
        );
      const [bonus] = await tx
        .select({ id: activities.id })
        .from(activities)
        .where(
          and(
            eq(activities.companyId, scope.companyId),
            eq(activities.userId, scope.userId),
            eq(activities.localDate, localDate),
            eq(activities.dailyBonus, true),
          ),
        )
        .limit(1);
      return { callsBefore: stats?.calls ?? 0, bonusAlreadyAwarded: Boolean(bonus) };
    },

    async insertActivity(values) {
      const [row] = await tx
        .insert(activities)
        .values({
          ...values,
          companyId: scope.companyId,
          userId: scope.userId,
          localDate,
          status: 'completed',
          updatedAt: values.createdAt,
        })
        .returning({ id: activities.id });
      return findById(row!.id);
    },

    async findOwnActivity(id) {
      const [row] = await tx.select({ id: activities.id }).from(activities).where(own(id)).for('update');
      return row ? findById(row.id) : null;
    },

    async updateActivity(id, values) {
      await tx.update(activities).set(values).where(own(id));
      return findById(id);
    },

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

/** The caller's own activities of one local day, newest first, with the customer's name. */
export async function findOwnActivitiesOfDay(db: Database, scope: ActivityScope, localDate: string): Promise<ActivityRow[]> {
  return withTenant(db, scope, (tx) =>
    selectActivities(tx)
      .where(
        and(
          eq(activities.companyId, scope.companyId),
          eq(activities.userId, scope.userId),
          eq(activities.localDate, localDate),
        ),
      )
      .orderBy(desc(activities.createdAt), desc(activities.id)),
  );
}

/** The company's KPI rules (read-only, for the log dialogs). */
export async function findKpiRulesForLogging(db: Database, scope: ActivityScope): Promise<KpiRule[]> {
  return withTenant(db, scope, (tx) => selectKpiRules(tx, scope.companyId));
}

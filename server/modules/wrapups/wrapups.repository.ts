import { type AnyColumn, and, asc, between, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { readInBatches } from '../../db/cursor';
import { dailyUserStats, profiles, wrapups } from '../../db/schema';
import { type CompanyId, type MemberScope, type UserId, withTenant } from '../../db/tenant';
import { recordWebhookEvents } from '../webhooks/webhooks.service';

export type WrapupRow = typeof wrapups.$inferSelect;
export type WrapupValues = Pick<WrapupRow, 'calls' | 'meetings' | 'sales' | 'points' | 'good' | 'improve'>;
export type DayTotalsRow = Pick<typeof dailyUserStats.$inferSelect, 'calls' | 'meetingsBooked' | 'sales' | 'points'>;

/** The wrapup.submitted webhook's data: the wrap-up as saved, whose it is, and whether it is the day's first save. */
function describeWrapup(row: WrapupRow, created: boolean) {
  const { companyId: _companyId, createdAt, updatedAt, ...wrapup } = row;
  return { ...wrapup, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString(), created };
}

const own = (scope: MemberScope) => and(eq(wrapups.companyId, scope.companyId), eq(wrapups.userId, scope.userId));

/** The caller's wrap-up of `day` (or null) and that day's rollup (or null when nothing was logged). */
export async function findWrapupAndDayTotals(
  db: Database,
  scope: MemberScope,
  day: string,
): Promise<{ wrapup: WrapupRow | null; totals: DayTotalsRow | null }> {
  return withTenant(db, scope, async (tx) => {
    const [wrapup] = await tx
      .select()
      .from(wrapups)
      .where(and(own(scope), eq(wrapups.date, day)));
    const [totals] = await tx
      .select({
        calls: dailyUserStats.calls,
        meetingsBooked: dailyUserStats.meetingsBooked,
        sales: dailyUserStats.sales,
        points: dailyUserStats.points,
      })
      .from(dailyUserStats)
      .where(and(eq(dailyUserStats.companyId, scope.companyId), eq(dailyUserStats.day, day), eq(dailyUserStats.userId, scope.userId)));
    return { wrapup: wrapup ?? null, totals: totals ?? null };
  });
}

/**
 * One wrap-up per company, user and day. The insert claims the day on the unique index (a
 * concurrent save waits for it and then does nothing); the loser, or any later save, updates.
 */
export async function saveWrapupOfDay(
  db: Database,
  scope: MemberScope,
  day: string,
  values: WrapupValues,
  now: Date,
): Promise<{ wrapup: WrapupRow; created: boolean }> {
  return withTenant(db, scope, async (tx) => {
    const [inserted] = await tx
      .insert(wrapups)
      .values({ ...values, companyId: scope.companyId, userId: scope.userId, date: day, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: [wrapups.companyId, wrapups.userId, wrapups.date] })
      .returning();
    const saved = inserted
      ? { wrapup: inserted, created: true }
      : {
          wrapup: (
            await tx
              .update(wrapups)
              .set({ ...values, updatedAt: now })
              .where(and(own(scope), eq(wrapups.date, day)))
              .returning()
          )[0]!,
          created: false,
        };
    await recordWebhookEvents(tx, scope.companyId, [{ type: 'wrapup.submitted', data: describeWrapup(saved.wrapup, saved.created) }], now);
    return saved;
  });
}

/** The caller's wrap-ups before `today` (newest first, at most `limit`) and those of [from, to]. */
export async function findWrapupHistory(
  db: Database,
  scope: MemberScope,
  input: { today: string; limit: number; from: string; to: string },
): Promise<{ previous: WrapupRow[]; window: WrapupRow[] }> {
  return withTenant(db, scope, async (tx) => {
    const previous = await tx
      .select()
      .from(wrapups)
      .where(and(own(scope), lt(wrapups.date, input.today)))
      .orderBy(desc(wrapups.date))
      .limit(input.limit);
    const window = await tx
      .select()
      .from(wrapups)
      .where(and(own(scope), between(wrapups.date, input.from, input.to)));
    return { previous, window };
  });
}

/** One wrap-up of an export: its day, author and numbers, and what the author wrote. */
export type ExportWrapupRow = {
  /** The local day as days since 1970-01-01. */
  dayNumber: number;
  userId: string;
  displayName: string | null;
  formerMember: boolean;
  calls: number;
  meetings: number;
  sales: number;
  points: number;
  good: string | null;
  improve: string | null;
};

/**
 * Transaction step (exports): the company's wrap-ups of the local days [from, to] (all members, or
 * one), by day and then author's name, `batchSize` rows at a time through a cursor (db/cursor.ts).
 */
export function selectWrapupsForExport(
  tx: Transaction,
  filter: { companyId: CompanyId; userId: UserId | null; from: string; to: string },
  batchSize: number,
): AsyncGenerator<ExportWrapupRow[], void, undefined> {
  // Every column aliased: the cursor hands back rows by name, not through drizzle's mapping.
  const as = (column: SQL | AnyColumn, name: keyof ExportWrapupRow) => sql`${column}`.as(name);
  const query = tx
    .select({
      dayNumber: as(sql`(${wrapups.date} - DATE '1970-01-01')`, 'dayNumber'),
      userId: as(wrapups.userId, 'userId'),
      displayName: as(profiles.displayName, 'displayName'),
      formerMember: as(sql`coalesce(${profiles.erasedAt} IS NOT NULL AND ${profiles.removedAt} IS NOT NULL, false)`, 'formerMember'),
      calls: as(wrapups.calls, 'calls'),
      meetings: as(wrapups.meetings, 'meetings'),
      sales: as(wrapups.sales, 'sales'),
      points: as(wrapups.points, 'points'),
      good: as(wrapups.good, 'good'),
      improve: as(wrapups.improve, 'improve'),
    })
    .from(wrapups)
    // A read's join for the authors' names now.
    .leftJoin(profiles, and(eq(profiles.companyId, wrapups.companyId), eq(profiles.userId, wrapups.userId)))
    .where(
      and(
        eq(wrapups.companyId, filter.companyId),
        filter.userId === null ? undefined : eq(wrapups.userId, filter.userId),
        between(wrapups.date, filter.from, filter.to),
      ),
    )
    .orderBy(asc(wrapups.date), sql`${profiles.displayName} ASC NULLS LAST`, asc(wrapups.userId));
  return readInBatches<ExportWrapupRow>(tx, query.getSQL(), batchSize);
}

import { type AnyColumn, and, asc, between, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { readInBatches } from '../../db/cursor';
import { dailyUserStats, profiles, wrapups } from '../../db/schema';
import { type CompanyId, type MemberScope, type UserId, withTenant } from '../../db/tenant';
import { publishDomainEvents } from '../../events/domain-events';
import { DAILY_STATS_COLUMNS, type DailyStatsTotals, selectDailyStats } from '../daily-stats/daily-stats.service';

export type WrapupRow = typeof wrapups.$inferSelect;
export type WrapupValues = Pick<WrapupRow, 'calls' | 'meetings' | 'sales' | 'points' | 'good' | 'improve'>;
/** What a wrap-up's numbers are compared with: the day's rollup. */
export type DayTotalsRow = Pick<DailyStatsTotals, 'calls' | 'meetings_booked' | 'sales' | 'points'>;

/** A wrap-up's numbers as the day's rollup has them (null: nothing logged); a wrap-up's meetings are meetings booked. */
export function toLoggedNumbers(day: DayTotalsRow | null): { calls: number; meetings: number; sales: number; points: number } {
  return { calls: day?.calls ?? 0, meetings: day?.meetings_booked ?? 0, sales: day?.sales ?? 0, points: day?.points ?? 0 };
}

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
    const [totals] = await selectDailyStats(tx, { companyId: scope.companyId, userIds: [scope.userId], from: day, to: day });
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
    await publishDomainEvents(
      tx,
      scope.companyId,
      [{ type: 'wrapup.submitted', wrapup: describeWrapup(saved.wrapup, saved.created) }],
      now,
    );
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

/** A wrap-up as a lead reads it: the typed numbers, the day's logged numbers, and who wrote it. */
export type CoachingWrapupRow = WrapupRow & {
  logged: { calls: number; meetings: number; sales: number; points: number };
  displayName: string | null;
  avatarUrl: string | null;
  formerMember: boolean;
};

/** A metric of the joined day's rollup, 0 when nothing was logged that day (the rollup's names: daily-stats). */
const logged = (metric: keyof DayTotalsRow) => sql<number>`coalesce(${DAILY_STATS_COLUMNS[metric]}, 0)`.mapWith(Number);

function selectCoachingWrapups(tx: Transaction) {
  return (
    tx
      .select({
        wrapup: wrapups,
        calls: logged('calls'),
        meetings_booked: logged('meetings_booked'),
        sales: logged('sales'),
        points: logged('points'),
        displayName: profiles.displayName,
        avatarUrl: profiles.avatarUrl,
        formerMember: sql<boolean>`coalesce(${profiles.erasedAt} IS NOT NULL AND ${profiles.removedAt} IS NOT NULL, false)`,
      })
      .from(wrapups)
      // The day's rollup, never the activities: the logged numbers the form was prefilled from. A
      // read's join (kept in this one statement), under the rollup reader's names (daily-stats).
      .leftJoin(
        dailyUserStats,
        and(
          eq(dailyUserStats.companyId, wrapups.companyId),
          eq(dailyUserStats.userId, wrapups.userId),
          eq(dailyUserStats.day, wrapups.date),
        ),
      )
      // A read's join for the author's name now.
      .leftJoin(profiles, and(eq(profiles.companyId, wrapups.companyId), eq(profiles.userId, wrapups.userId)))
  );
}

type CoachingSelectRow = Awaited<ReturnType<ReturnType<typeof selectCoachingWrapups>['execute']>>[number];

const toCoachingRow = (row: CoachingSelectRow): CoachingWrapupRow => ({
  ...row.wrapup,
  logged: toLoggedNumbers(row),
  displayName: row.displayName,
  avatarUrl: row.avatarUrl,
  formerMember: row.formerMember,
});

/**
 * Transaction step (coaching): the wrap-ups of these people, of one day or of the days [from, to],
 * newest day first, at most `limit`.
 */
export async function selectWrapupsOfMembers(
  tx: Transaction,
  companyId: CompanyId,
  filter: { userIds: readonly UserId[]; from: string; to: string; limit: number },
): Promise<CoachingWrapupRow[]> {
  if (filter.userIds.length === 0) return [];
  const rows = await selectCoachingWrapups(tx)
    .where(
      and(eq(wrapups.companyId, companyId), inArray(wrapups.userId, [...filter.userIds]), between(wrapups.date, filter.from, filter.to)),
    )
    .orderBy(desc(wrapups.date), asc(wrapups.userId))
    .limit(filter.limit);
  return rows.map(toCoachingRow);
}

/** Transaction step (coaching): one wrap-up of the company, with the day's logged numbers; null when there is none. */
export async function selectWrapupWithLog(tx: Transaction, companyId: CompanyId, wrapupId: string): Promise<CoachingWrapupRow | null> {
  const [row] = await selectCoachingWrapups(tx).where(and(eq(wrapups.companyId, companyId), eq(wrapups.id, wrapupId)));
  return row ? toCoachingRow(row) : null;
}

/** Transaction step (coaching): the dates of some wrap-ups of the company, by id. */
export async function selectWrapupDates(tx: Transaction, companyId: CompanyId, wrapupIds: readonly string[]): Promise<Map<string, string>> {
  if (wrapupIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: wrapups.id, date: wrapups.date })
    .from(wrapups)
    .where(and(eq(wrapups.companyId, companyId), inArray(wrapups.id, [...wrapupIds])));
  return new Map(rows.map((row) => [row.id, row.date]));
}

/** Transaction step (coaching): id, author and last save of these people's wrap-ups of [from, to] (the unread count). */
export async function selectWrapupStamps(
  tx: Transaction,
  companyId: CompanyId,
  filter: { userIds: readonly UserId[]; from: string; to: string },
): Promise<{ id: string; userId: UserId; updatedAt: Date }[]> {
  if (filter.userIds.length === 0) return [];
  return tx
    .select({ id: wrapups.id, userId: wrapups.userId, updatedAt: wrapups.updatedAt })
    .from(wrapups)
    .where(
      and(eq(wrapups.companyId, companyId), inArray(wrapups.userId, [...filter.userIds]), between(wrapups.date, filter.from, filter.to)),
    );
}
/** A person's newest wrap-ups, newest day first (a page per rep, decision 046). The caller checked they may read them. */
export async function findRecentWrapupsOf(db: Database, scope: MemberScope, userId: UserId, limit: number): Promise<WrapupRow[]> {
  return withTenant(db, scope, (tx) =>
    tx
      .select()
      .from(wrapups)
      .where(and(eq(wrapups.companyId, scope.companyId), eq(wrapups.userId, userId)))
      .orderBy(desc(wrapups.date))
      .limit(limit),
  );
}

/** Transaction step (push notifications): which of these people have saved a wrap-up of the day. */
export async function selectWrapupAuthorsOfDay(
  tx: Transaction,
  companyId: CompanyId,
  date: string,
  userIds: readonly UserId[],
): Promise<Set<UserId>> {
  if (userIds.length === 0) return new Set();
  const rows = await tx
    .select({ userId: wrapups.userId })
    .from(wrapups)
    .where(and(eq(wrapups.companyId, companyId), eq(wrapups.date, date), inArray(wrapups.userId, [...userIds])));
  return new Set(rows.map((row) => row.userId));
}

import { type AnyColumn, and, asc, between, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { activities, customerCompanies, profiles } from '../../db/schema';
import { readInBatches } from '../../db/cursor';
import { type CompanyId, type UserId } from '../../db/tenant';

/* The activities as the exports read them (decision 034). */

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
  /** One of the company's own types (decision 100): which, its outcome and its values by field id. */
  typeId: string | null;
  outcomeId: string | null;
  fieldValues: Record<string, number | boolean | string> | null;
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
      typeId: as(activities.typeId, 'typeId'),
      outcomeId: as(activities.outcomeId, 'outcomeId'),
      fieldValues: as(activities.fieldValues, 'fieldValues'),
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

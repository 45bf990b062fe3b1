import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type MemberScope, type UserId, withTenant } from '../../db/tenant';
import type { ActivityRow } from './activities.repository';

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
  type_id: string | null;
  outcome_id: string | null;
  field_values: Record<string, number | boolean | string> | null;
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
                a.type_id, a.outcome_id, a.field_values, a.updated_at AS at, ${exactInstant('a.updated_at')} AS at_text
           FROM activities a LEFT JOIN customer_companies c ON c.id = a.customer_id
          WHERE ${conditions('a', 'a.updated_at')}
          ORDER BY a.updated_at, a.id LIMIT ${take})
        UNION ALL
        (SELECT 'deleted', d.id, d.user_id, d.type, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                d.local_date::text, NULL, NULL, NULL, NULL, NULL, d.deleted_at, ${exactInstant('d.deleted_at')}
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
          typeId: row.type_id,
          outcomeId: row.outcome_id,
          fieldValues: row.field_values,
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

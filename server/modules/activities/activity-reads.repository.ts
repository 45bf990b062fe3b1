/* The activities' reads outside a write: where one is, a member's day, one by id, the company's newest, counts. */
import { and, desc, eq, gte, lt, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import type { OwnTypeLook } from '@core/contracts';
import { activities, activityTypes, customerCompanies, profiles } from '../../db/schema';
import { type CompanyId, type CompanyScope, type MemberScope, type UserId, withTenant } from '../../db/tenant';
import { type ActivityRow, selectActivities } from './activities.repository';

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

/** Transaction step (company settings): how many activities the company has. */
export async function countActivitiesIn(tx: Transaction, companyId: CompanyId): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(activities)
    .where(eq(activities.companyId, companyId));
  return Number(row?.n ?? 0);
}

/**
 * Which of these activity types (decision 100) have any activity: those are archived, never
 * deleted. One probe of the (company, type) index per type, not a scan of the type's activities.
 */
export async function selectTypesInUse(tx: Transaction, companyId: CompanyId, typeIds: readonly string[]): Promise<Set<string>> {
  if (typeIds.length === 0) return new Set();
  const values = sql.join(
    typeIds.map((id) => sql`(${id}::uuid)`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    SELECT v.id::text AS id FROM (VALUES ${values}) AS v(id)
     WHERE EXISTS (SELECT 1 FROM ${activities} a WHERE a.company_id = ${companyId} AND a.type = 'custom' AND a.type_id = v.id)`);
  return new Set((result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id));
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
  /** A sale's value, or the first amount of one of the company's own types (minor units). */
  amount: number | null;
  /** One of the company's own types (decision 100), or a built-in kind it renamed (decision 116): how to name and show it. */
  ownType: OwnTypeLook | null;
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
          // What a reader sees the activity was worth: a sale's value, or the first amount of one of the
          // company's own types (its first money field, in the type's order, that has a value).
          amount: sql<number | null>`CASE WHEN ${activities.type} = 'sale' THEN ${activities.ticketSize} ELSE (
            SELECT (${activities.fieldValues} ->> (e.f ->> 'id'))::bigint
              FROM jsonb_array_elements(${activityTypes.fields}) WITH ORDINALITY AS e(f, n)
             WHERE e.f ->> 'kind' = 'money' AND jsonb_typeof(${activities.fieldValues} -> (e.f ->> 'id')) = 'number'
             ORDER BY e.n LIMIT 1) END`.mapWith(Number),
          notes: activities.notes,
          // A read's join for display (decision 100): the type's names and look, the outcome's names.
          ownType: sql<OwnTypeLook | null>`CASE WHEN ${activityTypes.id} IS NULL THEN NULL ELSE json_build_object(
            'names', ${activityTypes.names}, 'icon', ${activityTypes.icon}, 'colour', ${activityTypes.colour},
            'outcomeNames', (SELECT o -> 'names' FROM jsonb_array_elements(${activityTypes.outcomes}) o WHERE o ->> 'id' = ${activities.outcomeId}),
            'celebratesEvery', ${activityTypes.celebrate}
          ) END`,
          createdAt: activities.createdAt,
        })
        .from(activities)
        // A read's join for the authors' names: memberships are written only by their owner
        // (companies/memberships.repository.ts); reading them beside the activity costs no round trip.
        .leftJoin(profiles, and(eq(profiles.companyId, activities.companyId), eq(profiles.userId, activities.userId)))
        .leftJoin(customerCompanies, eq(customerCompanies.id, activities.customerId))
        // The company's own type, or a built-in kind's row (decision 114) the company renamed (decision
        // 116): it is named as the company named it. Any other built-in kind is named by the app's words.
        .leftJoin(
          activityTypes,
          and(
            eq(activityTypes.companyId, activities.companyId),
            eq(activityTypes.id, activities.typeId),
            or(eq(activities.type, 'custom'), eq(activityTypes.renamed, true)),
          ),
        )
        .where(and(...conditions))
        // NULLS LAST matches activities_company_created_idx (created_at DESC NULLS LAST); a plain DESC
        // means NULLS FIRST, which that index cannot serve, and the plan becomes a scan and sort.
        .orderBy(sql`${activities.createdAt} DESC NULLS LAST`, desc(activities.id))
        .limit(options.limit)
    );
  });
}

/** Transaction step (reactions): whether the company has an activity with this id. */
export async function selectActivityExists(tx: Transaction, companyId: CompanyId, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.companyId, companyId), eq(activities.id, id)));
  return row !== undefined;
}

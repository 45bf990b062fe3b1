import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FeedEventKind } from '@core/contracts';
import type { Executor } from '../../db/client';
import { feedEvents, profiles, teams } from '../../db/schema';
import type { CompanyId, UserId } from '../../db/tenant';

export type FeedEventRow = typeof feedEvents.$inferSelect;

export type NewFeedEvent = {
  kind: FeedEventKind;
  userId?: UserId | null;
  teamId?: string | null;
  subjectId?: string | null;
  data?: Record<string, unknown>;
};

export async function insertFeedEvents(
  tx: Executor,
  companyId: CompanyId,
  events: readonly NewFeedEvent[],
  at: Date,
): Promise<FeedEventRow[]> {
  if (events.length === 0) return [];
  return tx
    .insert(feedEvents)
    .values(
      events.map((event) => ({
        companyId,
        kind: event.kind,
        userId: event.userId ?? null,
        teamId: event.teamId ?? null,
        subjectId: event.subjectId ?? null,
        data: event.data ?? {},
        createdAt: at,
      })),
    )
    .returning();
}

/** The newest first; `before` continues a page from the last row seen (its time, then its id). */
export async function selectFeedEvents(
  tx: Executor,
  companyId: CompanyId,
  options: { limit: number; before?: { createdAt: Date; id: string } },
): Promise<FeedEventRow[]> {
  const before = options.before;
  return tx
    .select()
    .from(feedEvents)
    .where(
      and(
        eq(feedEvents.companyId, companyId),
        before
          ? or(lt(feedEvents.createdAt, before.createdAt), and(eq(feedEvents.createdAt, before.createdAt), lt(feedEvents.id, before.id)))
          : undefined,
      ),
    )
    .orderBy(desc(feedEvents.createdAt), desc(feedEvents.id))
    .limit(options.limit);
}

export type FeedEventViewRow = FeedEventRow & { displayName: string | null; formerMember: boolean; teamName: string | null };

/**
 * The newest events with the names they show, looked up now (decision 048): the member's (a
 * tombstone names nobody) and the team's. A team's view (decision 040) keeps an event about one of
 * its people now, or about the team itself, or about nobody in particular (a company contest).
 */
export async function selectFeedEventViews(
  tx: Executor,
  companyId: CompanyId,
  options: { limit: number; teamId?: string | undefined },
): Promise<FeedEventViewRow[]> {
  const teamFilter = options.teamId
    ? or(
        eq(profiles.teamId, options.teamId),
        eq(feedEvents.teamId, options.teamId),
        and(isNull(feedEvents.userId), isNull(feedEvents.teamId)),
      )
    : undefined;
  const rows = await tx
    .select({
      event: feedEvents,
      displayName: profiles.displayName,
      formerMember: sql<boolean>`coalesce(${profiles.erasedAt} IS NOT NULL AND ${profiles.removedAt} IS NOT NULL, false)`,
      teamName: teams.name,
    })
    .from(feedEvents)
    // Display columns only: memberships and teams are their owners' (a read's join costs no round trip).
    .leftJoin(profiles, and(eq(profiles.companyId, feedEvents.companyId), eq(profiles.userId, feedEvents.userId)))
    .leftJoin(teams, and(eq(teams.companyId, feedEvents.companyId), eq(teams.id, feedEvents.teamId)))
    .where(and(eq(feedEvents.companyId, companyId), teamFilter))
    .orderBy(desc(feedEvents.createdAt), desc(feedEvents.id))
    .limit(options.limit);
  return rows.map((row) => ({
    ...row.event,
    displayName: row.displayName,
    formerMember: row.formerMember === true || (row.formerMember as unknown) === 't',
    teamName: row.teamName,
  }));
}

/** Whether an event of the company with this id exists (a reaction's item). */
export async function selectFeedEventExists(tx: Executor, companyId: CompanyId, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: feedEvents.id })
    .from(feedEvents)
    .where(and(eq(feedEvents.companyId, companyId), eq(feedEvents.id, id)));
  return row !== undefined;
}

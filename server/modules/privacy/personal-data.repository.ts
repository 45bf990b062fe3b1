import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import {
  account,
  activities,
  apiTokens,
  auditLog,
  badges,
  companies,
  contactRequests,
  customerCompanies,
  displayLinks,
  feedReactions,
  goals,
  invitations,
  mailOutbox,
  profiles,
  session,
  user,
  wrapupComments,
  wrapups,
} from '../../db/schema';
import { type CompanyId, enterCompany, type MemberScope, type UserId, withTenant } from '../../db/tenant';
import { createAuditEvent, insertAuditEvent } from '../audit/audit.service';

/*
 * Personal data (decision 022), reading: everything held about one person, for their download or
 * an admin's download of one member's data. Tenant tables are read through withTenant; the account
 * tables (user, session, account) and the instance tables (mail_outbox, contact_requests) are not
 * tenant data and belong to the connecting role, keyed by a person the server has established (the
 * caller, or a member an admin may act on). Erasing is erasure.repository.ts.
 */

export type AccountRecord = Pick<typeof user.$inferSelect, 'id' | 'email' | 'name' | 'createdAt' | 'locale' | 'emailVerified'>;

export type ProfileRow = typeof profiles.$inferSelect;

/** The caller's own account row (the owning role: app_user may not read every column of it). */
export async function findAccount(db: Database, userId: UserId): Promise<AccountRecord | null> {
  const [row] = await db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      createdAt: user.createdAt,
      locale: user.locale,
      emailVerified: user.emailVerified,
    })
    .from(user)
    .where(eq(user.id, userId));
  return row ?? null;
}

/** Whether the account signs in with a password (else magic links only), and that password's hash. */
export async function findPasswordHash(db: Database, userId: UserId): Promise<string | null> {
  const [row] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential'), isNotNull(account.password)))
    .limit(1);
  return row?.password ?? null;
}

export async function findSessions(db: Database, userId: UserId) {
  return db
    .select({ createdAt: session.createdAt, expiresAt: session.expiresAt, ipAddress: session.ipAddress, userAgent: session.userAgent })
    .from(session)
    .where(eq(session.userId, userId))
    .orderBy(asc(session.createdAt));
}

/** An e-mail address compared as mail servers do: without regard to case. */
export const sameAddress = (column: typeof mailOutbox.to | typeof contactRequests.email, email: string) =>
  sql`lower(${column}) = lower(${email})`;

/** Mail sent to the address: subject and times, never the body (its links sign people in). */
export async function findMailTo(db: Database, email: string) {
  return db
    .select({ subject: mailOutbox.subject, createdAt: mailOutbox.createdAt, sentAt: mailOutbox.sentAt })
    .from(mailOutbox)
    .where(sameAddress(mailOutbox.to, email))
    .orderBy(asc(mailOutbox.createdAt));
}

export async function findContactRequestsFrom(db: Database, email: string) {
  return db
    .select({
      name: contactRequests.name,
      email: contactRequests.email,
      company: contactRequests.company,
      teamSize: contactRequests.teamSize,
      message: contactRequests.message,
      createdAt: contactRequests.createdAt,
      handledAt: contactRequests.handledAt,
    })
    .from(contactRequests)
    .where(sameAddress(contactRequests.email, email))
    .orderBy(asc(contactRequests.createdAt));
}

export type MembershipRecord = Pick<ProfileRow, 'companyId' | 'role' | 'displayName' | 'avatarUrl' | 'removedAt' | 'erasedAt'> & {
  companyName: string;
  joinedAt: ProfileRow['createdAt'];
};

const membershipColumns = {
  companyId: profiles.companyId,
  role: profiles.role,
  displayName: profiles.displayName,
  avatarUrl: profiles.avatarUrl,
  joinedAt: profiles.createdAt,
  removedAt: profiles.removedAt,
  erasedAt: profiles.erasedAt,
};

/** Transaction step: the company's name (for the download, and for what erasure refuses). */
export async function selectCompanyName(tx: Transaction, companyId: CompanyId): Promise<string> {
  const [company] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return company?.name ?? '';
}

/** Every membership the person has or had (a person reads their own profile rows in any company). */
export async function findOwnMemberships(db: Database, userId: UserId): Promise<MembershipRecord[]> {
  return withTenant(db, { companyId: null, userId }, async (tx) => {
    const rows = await tx.select(membershipColumns).from(profiles).where(eq(profiles.userId, userId)).orderBy(asc(profiles.createdAt));
    const out: MembershipRecord[] = [];
    for (const row of rows) {
      await enterCompany(tx, row.companyId);
      out.push({ ...row, companyName: await selectCompanyName(tx, row.companyId) });
    }
    return out;
  });
}

export type CompanyRecords = Awaited<ReturnType<typeof selectCompanyRecords>>;

/** The person's rows in one company that are small enough to read at once (activities are paged). */
async function selectCompanyRecords(tx: Transaction, companyId: CompanyId, subjectId: UserId) {
  const goalRows = await tx
    .select({
      companyId: goals.companyId,
      dailyCalls: goals.dailyCalls,
      dailyMeetings: goals.dailyMeetings,
      dailySales: goals.dailySales,
      updatedAt: goals.updatedAt,
    })
    .from(goals)
    .where(and(eq(goals.companyId, companyId), eq(goals.userId, subjectId)));
  const badgeRows = await tx
    .select({
      companyId: badges.companyId,
      kind: badges.kind,
      occasion: badges.occasion,
      localDate: badges.localDate,
      data: badges.data,
      earnedAt: badges.earnedAt,
    })
    .from(badges)
    .where(and(eq(badges.companyId, companyId), eq(badges.userId, subjectId)))
    .orderBy(asc(badges.earnedAt), asc(badges.id));
  const wrapupRows = await tx
    .select({
      companyId: wrapups.companyId,
      date: wrapups.date,
      calls: wrapups.calls,
      meetings: wrapups.meetings,
      sales: wrapups.sales,
      points: wrapups.points,
      good: wrapups.good,
      improve: wrapups.improve,
      createdAt: wrapups.createdAt,
      updatedAt: wrapups.updatedAt,
    })
    .from(wrapups)
    .where(and(eq(wrapups.companyId, companyId), eq(wrapups.userId, subjectId)))
    .orderBy(asc(wrapups.date));
  const comments = await tx
    .select({
      companyId: wrapupComments.companyId,
      wrapupDate: wrapups.date,
      authorId: wrapupComments.authorId,
      body: wrapupComments.body,
      createdAt: wrapupComments.createdAt,
    })
    .from(wrapupComments)
    .innerJoin(wrapups, eq(wrapups.id, wrapupComments.wrapupId))
    .where(and(eq(wrapupComments.companyId, companyId), eq(wrapupComments.userId, subjectId)))
    .orderBy(asc(wrapupComments.createdAt), asc(wrapupComments.id));
  const reactionRows = await tx
    .select({
      companyId: feedReactions.companyId,
      itemType: sql<'activity' | 'event'>`CASE WHEN ${feedReactions.activityId} IS NULL THEN 'event' ELSE 'activity' END`,
      emoji: feedReactions.emoji,
      createdAt: feedReactions.createdAt,
    })
    .from(feedReactions)
    .where(and(eq(feedReactions.companyId, companyId), eq(feedReactions.userId, subjectId)))
    .orderBy(asc(feedReactions.createdAt), asc(feedReactions.id));
  const invitationsCreated = await tx
    .select({
      companyId: invitations.companyId,
      role: invitations.role,
      createdAt: invitations.createdAt,
      expiresAt: invitations.expiresAt,
      usedAt: invitations.usedAt,
    })
    .from(invitations)
    .where(and(eq(invitations.companyId, companyId), eq(invitations.createdBy, subjectId)))
    .orderBy(asc(invitations.createdAt));
  const invitationsUsed = await tx
    .select({ companyId: invitations.companyId, role: invitations.role, usedAt: invitations.usedAt })
    .from(invitations)
    .where(and(eq(invitations.companyId, companyId), eq(invitations.usedBy, subjectId)))
    .orderBy(asc(invitations.usedAt));
  const displayLinksCreated = await tx
    .select({
      companyId: displayLinks.companyId,
      name: displayLinks.name,
      createdAt: displayLinks.createdAt,
      lastUsedAt: displayLinks.lastUsedAt,
      revokedAt: displayLinks.revokedAt,
    })
    .from(displayLinks)
    .where(and(eq(displayLinks.companyId, companyId), eq(displayLinks.createdBy, subjectId)))
    .orderBy(asc(displayLinks.createdAt));
  const apiTokenRows = await tx
    .select({
      companyId: apiTokens.companyId,
      name: apiTokens.name,
      scopes: apiTokens.scopes,
      createdAt: apiTokens.createdAt,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
    })
    .from(apiTokens)
    .where(and(eq(apiTokens.companyId, companyId), eq(apiTokens.userId, subjectId)))
    .orderBy(asc(apiTokens.createdAt));
  const auditEvents = await tx
    .select({ companyId: auditLog.companyId, action: auditLog.action, targetType: auditLog.targetType, createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(and(eq(auditLog.companyId, companyId), eq(auditLog.actorUserId, subjectId)))
    .orderBy(asc(auditLog.createdAt));
  return {
    goals: goalRows,
    badges: badgeRows,
    wrapups: wrapupRows,
    wrapupComments: comments.map(({ authorId, ...comment }) => ({ ...comment, byThePerson: authorId === subjectId })),
    reactions: reactionRows,
    invitationsCreated,
    invitationsUsed,
    displayLinksCreated,
    apiTokens: apiTokenRows,
    auditEvents,
  };
}

/** The person's goals, wrap-ups, invitations, display links and audit events in one company. */
export async function findCompanyRecords(db: Database, scope: MemberScope, subjectId: UserId): Promise<CompanyRecords> {
  return withTenant(db, scope, (tx) => selectCompanyRecords(tx, scope.companyId, subjectId));
}

export type MemberSnapshot = {
  companyName: string;
  membership: MembershipRecord;
  account: { id: string; email: string; name: string; createdAt: Date; locale: string | null };
  records: CompanyRecords;
};

/**
 * An admin's export of one member (active, removed or erased) in the admin's own company, with
 * the audit event written in the same transaction; null when the company has no such member.
 */
export async function findMemberSnapshotAndRecordExport(
  db: Database,
  scope: MemberScope,
  input: { subjectId: UserId; now: Date },
): Promise<MemberSnapshot | null> {
  return withTenant(db, scope, async (tx) => {
    const [membership] = await tx
      .select(membershipColumns)
      .from(profiles)
      .where(and(eq(profiles.companyId, scope.companyId), eq(profiles.userId, input.subjectId)));
    if (!membership) return null;
    // app_user sees the person's public columns because they have a profile in this company.
    const [person] = await tx
      .select({ id: user.id, email: user.email, name: user.name, createdAt: user.createdAt, locale: user.locale })
      .from(user)
      .where(eq(user.id, input.subjectId));
    if (!person) return null;
    const companyName = await selectCompanyName(tx, scope.companyId);
    const records = await selectCompanyRecords(tx, scope.companyId, input.subjectId);
    await insertAuditEvent(
      tx,
      createAuditEvent(scope, 'member.data_exported', { target: { type: 'member', id: input.subjectId }, details: {}, at: input.now }),
    );
    return { companyName, membership: { ...membership, companyName }, account: person, records };
  });
}

export type ActivityCursor = Pick<typeof activities.$inferSelect, 'localDate' | 'createdAt' | 'id'>;

/**
 * One page of the person's activities in one company, in (local day, time, id) order after
 * `after`. The order follows activities_company_user_day_idx, so each page is an index range
 * read however long the history is; pages are separate short transactions (PGlite runs one query
 * at a time, and a download must not hold up everyone else).
 */
export async function findActivitiesPage(
  db: Database,
  scope: MemberScope,
  input: { subjectId: UserId; after: ActivityCursor | null; limit: number },
) {
  return withTenant(db, scope, (tx) => {
    const conditions = [eq(activities.companyId, scope.companyId), eq(activities.userId, input.subjectId)];
    if (input.after) {
      conditions.push(
        sql`(${activities.localDate}, ${activities.createdAt}, ${activities.id}) > (${input.after.localDate}::date, ${input.after.createdAt.toISOString()}::timestamptz, ${input.after.id}::uuid)`,
      );
    }
    return tx
      .select({
        id: activities.id,
        companyId: activities.companyId,
        type: activities.type,
        customerId: activities.customerId,
        customerName: sql<string | null>`coalesce(${customerCompanies.name}, ${activities.customerName})`,
        meetingBooked: activities.meetingBooked,
        movedForward: activities.movedForward,
        status: activities.status,
        ticketSize: activities.ticketSize,
        productName: activities.productName,
        notes: activities.notes,
        pointsEarned: activities.pointsEarned,
        dailyBonus: activities.dailyBonus,
        bonusPoints: activities.bonusPoints,
        localDate: activities.localDate,
        createdAt: activities.createdAt,
        updatedAt: activities.updatedAt,
      })
      .from(activities)
      .leftJoin(customerCompanies, eq(customerCompanies.id, activities.customerId))
      .where(and(...conditions))
      .orderBy(asc(activities.localDate), asc(activities.createdAt), asc(activities.id))
      .limit(input.limit);
  });
}

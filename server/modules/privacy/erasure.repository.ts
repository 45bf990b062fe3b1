import { and, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import {
  account,
  activities,
  appRateLimits,
  avatarImages,
  boardHomes,
  boards,
  badges,
  coachingNotes,
  companies,
  contactRequests,
  feedReactions,
  pushOutbox,
  pushPreferences,
  pushSubscriptions,
  goals,
  mailOutbox,
  profiles,
  session,
  signInFailures,
  user,
  verification,
  wrapupComments,
  wrapupReads,
  wrapups,
} from '../../db/schema';
import { type CompanyId, enterCompany, leaveTenant, type MemberScope, type UserId, withTenant } from '../../db/tenant';
import { createAuditEvent, insertAuditEvent } from '../audit/audit.service';
import { lockCompanyMembership } from '../companies/memberships.service';
import { deleteDeliveriesAbout } from '../webhooks/webhooks.service';
import { deleteDomainEventsAbout } from '../../events/event-log';
import { type ProfileRow, sameAddress, selectCompanyName } from './personal-data.repository';

/*
 * Personal data (decision 022), erasing: one member in one company, or a whole account, while the
 * company's numbers stay. Tenant tables are written through withTenant; the account tables (user,
 * session, account, verification) and the instance tables (mail_outbox, contact_requests,
 * sign_in_failures) are not tenant data and belong to the connecting role, keyed by a person the
 * server has established (the caller, or a member an admin may act on).
 */

async function countActive(tx: Transaction, companyId: CompanyId, role?: 'admin') {
  const conditions = [eq(profiles.companyId, companyId), isNull(profiles.removedAt)];
  if (role) conditions.push(eq(profiles.role, role));
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(profiles)
    .where(and(...conditions));
  return Number(row?.n ?? 0);
}

async function actAs(tx: Transaction, userId: UserId): Promise<void> {
  await tx.execute(sql`SELECT set_config('app.user_id', ${userId}, true)`);
}

/**
 * Coaching (decision 045): the conversations on the person's wrap-ups and every comment they wrote,
 * the 1:1 notes and follow-ups about them and those they wrote, and their read markers; their
 * devices for push, and their tokens' names in the audit log. A rep may
 * not see the notes about them, even to erase them, so these deletes run as the connecting role
 * with app.erasing_user naming the person (the policies' erasure clause, migration 0025); app_user
 * cannot use that clause. The company scope stays.
 */
async function eraseCoaching(tx: Transaction, companyId: CompanyId, subjectId: UserId): Promise<void> {
  await tx.execute(sql`SELECT set_config('role', 'none', true), set_config('app.erasing_user', ${subjectId}, true)`);
  await tx
    .delete(wrapupComments)
    .where(and(eq(wrapupComments.companyId, companyId), or(eq(wrapupComments.userId, subjectId), eq(wrapupComments.authorId, subjectId))));
  await tx
    .delete(coachingNotes)
    .where(and(eq(coachingNotes.companyId, companyId), or(eq(coachingNotes.userId, subjectId), eq(coachingNotes.authorId, subjectId))));
  await tx.delete(wrapupReads).where(and(eq(wrapupReads.companyId, companyId), eq(wrapupReads.userId, subjectId)));
  // Reactions (decision 051): who reacted is the person's data; the item keeps the others' reactions.
  await tx.delete(feedReactions).where(and(eq(feedReactions.companyId, companyId), eq(feedReactions.userId, subjectId)));
  // Push notifications (decision 055): the person's devices, choices and notifications.
  await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.companyId, companyId), eq(pushSubscriptions.userId, subjectId)));
  await tx.delete(pushPreferences).where(and(eq(pushPreferences.companyId, companyId), eq(pushPreferences.userId, subjectId)));
  await tx.delete(pushOutbox).where(and(eq(pushOutbox.companyId, companyId), eq(pushOutbox.userId, subjectId)));
  // Their tokens' names (free text) leave the audit log's entries about the tokens; what was done
  // and when stays (the one change an audit entry ever gets: migration 0036's policy).
  await tx.execute(sql`
    UPDATE audit_log SET details = details - 'name'
     WHERE company_id = ${companyId}::uuid AND target_id = ${subjectId}
       AND action IN ('api_token.created', 'api_token.revoked') AND details ? 'name'`);
  await tx.execute(sql`SELECT set_config('app.erasing_user', '', true), set_config('role', 'app_user', true)`);
}

/**
 * Erases one person's personal data in one company, keeping every number (decision 022): their
 * activities and the rollups stay as they are, minus the notes; wrap-ups keep their counts, minus
 * the free text; goals, coaching notes and comments, and the uploaded picture go; the profile stays as a tombstone (no name, no avatar, removed, erased)
 * so history keeps pointing at a "Former member". Runs in a withTenant transaction scoped to the
 * company. Activities, wrap-ups and goals may be written only by their owner (row-level
 * security), so these statements act as the person; the caller has already established that the
 * change is allowed (the person themself, or an admin of this company).
 */
async function eraseInCompany(
  tx: Transaction,
  input: { companyId: CompanyId; subjectId: UserId; actorId: UserId; now: Date },
): Promise<void> {
  const { companyId, subjectId, now } = input;
  // Webhook deliveries and chat posts that carry the person (their notes, their name) go before the name does.
  const [named] = await tx
    .select({ displayName: profiles.displayName })
    .from(profiles)
    .where(and(eq(profiles.companyId, companyId), eq(profiles.userId, subjectId)));
  await deleteDeliveriesAbout(tx, companyId, { userId: subjectId, displayName: named?.displayName ?? null });
  await deleteDomainEventsAbout(tx, companyId, subjectId);
  await actAs(tx, subjectId);
  // Only the rows that hold text: an update of notes alone leaves the rollups untouched (the
  // rollup trigger fires on the columns it counts; see the privacy_erasure migration).
  await tx
    .update(activities)
    .set({ notes: null })
    .where(and(eq(activities.companyId, companyId), eq(activities.userId, subjectId), isNotNull(activities.notes)));
  await tx
    .update(wrapups)
    .set({ good: null, improve: null })
    .where(and(eq(wrapups.companyId, companyId), eq(wrapups.userId, subjectId), or(isNotNull(wrapups.good), isNotNull(wrapups.improve))));
  await tx.delete(goals).where(and(eq(goals.companyId, companyId), eq(goals.userId, subjectId)));
  // Badges are about the person, not the company's numbers (decision 050): they go. Their feed
  // events stay as the floor's history and show the tombstone (decision 048).
  await tx.delete(badges).where(and(eq(badges.companyId, companyId), eq(badges.userId, subjectId)));
  // Their private boards are theirs alone (decision 102); the boards they shared are the team's or company's and stay.
  await tx.delete(boards).where(and(eq(boards.companyId, companyId), eq(boards.ownerId, subjectId), eq(boards.sharing, 'private')));
  await tx.delete(boardHomes).where(and(eq(boardHomes.companyId, companyId), eq(boardHomes.userId, subjectId)));
  await eraseCoaching(tx, companyId, subjectId);
  // The picture goes too: its URL is a capability anyone who saw it may still hold (decision 023).
  await tx.delete(avatarImages).where(and(eq(avatarImages.companyId, companyId), eq(avatarImages.userId, subjectId)));
  await tx
    .update(profiles)
    .set({
      displayName: null,
      avatarUrl: null,
      removedAt: sql`coalesce(${profiles.removedAt}, ${now.toISOString()}::timestamptz)`,
      erasedAt: now,
      updatedAt: now,
    })
    .where(and(eq(profiles.companyId, companyId), eq(profiles.userId, subjectId)));
  await actAs(tx, input.actorId);
}

/** An address that can never receive mail (.invalid is reserved, RFC 2606) and stays unique per account. */
export const erasedEmailOf = (userId: string) => `erased-${userId}@erased.invalid`;

/**
 * Turns the account into a tombstone nobody can sign in to: the row keeps its id (activities,
 * rollups and history point at it), the e-mail becomes an undeliverable placeholder, the name
 * goes; passwords, sessions and pending links are deleted, and so are the instance's records
 * kept under the address (mail, failed sign-ins; contact requests when the person asked).
 * Runs as the connecting role, after leaveTenant.
 */
async function tombstoneAccount(tx: Transaction, input: { userId: UserId; now: Date; includeContactRequests: boolean }): Promise<void> {
  const [person] = await tx.select({ email: user.email }).from(user).where(eq(user.id, input.userId));
  if (!person) return;
  const email = person.email;
  await tx
    .update(user)
    .set({ email: erasedEmailOf(input.userId), name: '', image: null, locale: null, emailVerified: false, updatedAt: input.now })
    .where(eq(user.id, input.userId));
  await tx.delete(session).where(eq(session.userId, input.userId));
  await tx.delete(account).where(eq(account.userId, input.userId));
  // Pending magic links (value holds the address) and reset links (value holds the user id): a
  // link mailed before the deletion must not sign anyone in, nor create a new account, after it.
  await tx
    .delete(verification)
    .where(
      or(
        eq(verification.value, input.userId),
        sql`position(${email.toLowerCase()} in lower(${verification.value})) > 0`,
        sql`position(${email.toLowerCase()} in lower(${verification.identifier})) > 0`,
      ),
    );
  await tx.delete(signInFailures).where(eq(signInFailures.email, email.toLowerCase()));
  // The counters keyed by the person rather than a network address: deletion attempts
  // (privacy.service.ts) and mails to their address (server/mail/mailer.ts).
  await tx
    .delete(appRateLimits)
    .where(inArray(appRateLimits.key, [`delete-account:${input.userId}`, `mail-to:${email.trim().toLowerCase()}`]));
  await tx.delete(mailOutbox).where(sameAddress(mailOutbox.to, email));
  if (input.includeContactRequests) await tx.delete(contactRequests).where(sameAddress(contactRequests.email, email));
}

export type MemberErasure = { kind: 'done'; accountErased: boolean } | { kind: 'not_found' } | { kind: 'last_admin'; name: string };

/**
 * An admin erases a member of their company (active, removed or already erased): the erasure
 * above plus removal, the audit event in the same transaction. When the person has no membership
 * in any other company, the account exists only for this company and is erased too.
 */
export async function eraseMember(db: Database, scope: MemberScope, input: { subjectId: UserId; now: Date }): Promise<MemberErasure> {
  return withTenant(db, scope, async (tx) => {
    await lockCompanyMembership(tx, scope.companyId);
    const [member] = await tx
      .select({ role: profiles.role, removedAt: profiles.removedAt, displayName: profiles.displayName, email: user.email })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.userId))
      .where(and(eq(profiles.companyId, scope.companyId), eq(profiles.userId, input.subjectId)));
    if (!member) return { kind: 'not_found' };
    if (member.removedAt === null && member.role === 'admin' && (await countActive(tx, scope.companyId, 'admin')) <= 1) {
      return { kind: 'last_admin', name: member.displayName ?? member.email };
    }
    await eraseInCompany(tx, { companyId: scope.companyId, subjectId: input.subjectId, actorId: scope.userId, now: input.now });
    // A person reads their own profile rows in every company; acting as them tells whether any other exists.
    await actAs(tx, input.subjectId);
    const [elsewhere] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(profiles)
      .where(and(eq(profiles.userId, input.subjectId), ne(profiles.companyId, scope.companyId)));
    await actAs(tx, scope.userId);
    const accountErased = Number(elsewhere?.n ?? 0) === 0;
    await insertAuditEvent(
      tx,
      createAuditEvent(scope, 'member.erased', {
        target: { type: 'member', id: input.subjectId },
        details: { accountErased },
        at: input.now,
      }),
    );
    if (accountErased) {
      await leaveTenant(tx);
      await tombstoneAccount(tx, { userId: input.subjectId, now: input.now, includeContactRequests: false });
    }
    return { kind: 'done', accountErased };
  });
}

export type ActiveMembershipFacts = Pick<ProfileRow, 'companyId' | 'role'> & {
  companyName: string;
  activeMembers: number;
  activeAdmins: number;
};

async function selectActiveMembershipFacts(tx: Transaction, userId: UserId): Promise<ActiveMembershipFacts | null> {
  const [active] = await tx
    .select({ companyId: profiles.companyId, role: profiles.role })
    .from(profiles)
    .where(and(eq(profiles.userId, userId), isNull(profiles.removedAt)));
  if (!active) return null;
  await enterCompany(tx, active.companyId);
  return {
    ...active,
    companyName: await selectCompanyName(tx, active.companyId),
    activeMembers: await countActive(tx, active.companyId),
    activeAdmins: await countActive(tx, active.companyId, 'admin'),
  };
}

/** The person's active membership with the counts that decide what deleting the account does. */
export async function findActiveMembershipFacts(db: Database, userId: UserId): Promise<ActiveMembershipFacts | null> {
  return withTenant(db, { companyId: null, userId }, (tx) => selectActiveMembershipFacts(tx, userId));
}

/** What deleting an account does to the company the person is active in (decided by the service). */
export type CompanyFate = 'blocked' | 'keep' | 'delete';

export type AccountErasure = { kind: 'done'; deletedCompanyId: string | null } | { kind: 'last_admin'; companyName: string };

/**
 * The person deletes their own account, in one transaction: in every company they belong or
 * belonged to, the erasure above (the audit event written by the person); the company they are
 * the only member of is deleted instead when `decide` says so; then the account becomes a
 * tombstone. Nothing is written when `decide` answers 'blocked' (checked under the company lock).
 */
export async function eraseAccount(
  db: Database,
  input: { userId: UserId; now: Date; decide: (facts: ActiveMembershipFacts) => CompanyFate },
): Promise<AccountErasure> {
  return withTenant(db, { companyId: null, userId: input.userId }, async (tx) => {
    const [active] = await tx
      .select({ companyId: profiles.companyId })
      .from(profiles)
      .where(and(eq(profiles.userId, input.userId), isNull(profiles.removedAt)));
    if (active) await lockCompanyMembership(tx, active.companyId);
    const facts = await selectActiveMembershipFacts(tx, input.userId);
    const fate = facts ? input.decide(facts) : 'keep';
    if (facts && fate === 'blocked') return { kind: 'last_admin', companyName: facts.companyName };

    const memberships = await tx.select({ companyId: profiles.companyId }).from(profiles).where(eq(profiles.userId, input.userId));
    let deletedCompanyId: string | null = null;
    for (const { companyId } of memberships) {
      await enterCompany(tx, companyId);
      if (facts && companyId === facts.companyId && fate === 'delete') {
        // Everything in it goes by cascade: it was theirs alone.
        await tx.delete(companies).where(eq(companies.id, companyId));
        deletedCompanyId = companyId;
        continue;
      }
      await eraseInCompany(tx, { companyId, subjectId: input.userId, actorId: input.userId, now: input.now });
      // Written by the person: actor and target are the same id ("deleted their own account").
      await insertAuditEvent(
        tx,
        createAuditEvent({ companyId, userId: input.userId }, 'member.erased', {
          target: { type: 'member', id: input.userId },
          details: { accountErased: true },
          at: input.now,
        }),
      );
    }
    await leaveTenant(tx);
    await tombstoneAccount(tx, { userId: input.userId, now: input.now, includeContactRequests: true });
    return { kind: 'done', deletedCompanyId };
  });
}

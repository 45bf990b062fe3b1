import { computeNameFromEmail } from '@core/people';
import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import { user } from '../db/schema';
import type { UserId } from '../db/tenant';

/*
 * The accounts better-auth keeps (its user table), for what better-auth has no call for. The one
 * place outside better-auth that writes that table (privacy's erasure aside, decision 022).
 */

/**
 * Marks an account's address as confirmed without the mail's link: for seed data (tests, dev data,
 * benchmarks), where nobody reads the mail. Runs as the owning role.
 */
export async function markEmailVerified(db: Database, userId: UserId): Promise<void> {
  await db.update(user).set({ emailVerified: true }).where(eq(user.id, userId));
}

/**
 * The language preference belongs to the person (their account), not to a membership. That table
 * is not tenant data and app_user may not write it, so this runs as the owning role, keyed by the
 * signed-in person's own id only.
 */
export async function updateAccountLocale(db: Database, userId: UserId, locale: string | null, now: Date): Promise<void> {
  await db.update(user).set({ locale, updatedAt: now }).where(eq(user.id, userId));
}

/**
 * The account's name, trimmed, as a new membership's display name, in the caller's transaction
 * (app_user sees the person as themself or as a member of the company). Someone who gave no name
 * (a magic link asks for it as optional) is named from their address (core's computeNameFromEmail);
 * null only when that has no name in it either.
 */
export async function selectAccountName(tx: Transaction, userId: UserId): Promise<string | null> {
  const [person] = await tx.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, userId));
  return person?.name?.trim() || computeNameFromEmail(person?.email);
}

/** Transaction step (invitations): the account's e-mail address, as the person sees themself. */
export async function selectAccountEmail(tx: Transaction, userId: UserId): Promise<string | null> {
  const [person] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
  return person?.email ?? null;
}

/** Transaction step (push notifications): the language the person chose, if any (user.locale). */
export async function selectAccountLocale(tx: Transaction, userId: UserId): Promise<string | null> {
  const [person] = await tx.select({ locale: user.locale }).from(user).where(eq(user.id, userId));
  return person?.locale ?? null;
}

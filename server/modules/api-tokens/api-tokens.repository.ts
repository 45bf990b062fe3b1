import { and, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { apiTokens, profiles, user } from '../../db/schema';
import { type MemberScope, type UserId, withTenant } from '../../db/tenant';
import { createAuditEvent, insertAuditEvent } from '../audit/audit.service';
import type { ApiTokenScope } from '@core/contracts';

/** A token as stored, without its hash (which never leaves this file). */
export type ApiTokenRow = Omit<typeof apiTokens.$inferSelect, 'tokenHash'>;

/** A token with whose it is (the admin's list). */
export type CompanyApiTokenRow = ApiTokenRow & { displayName: string | null; email: string };

const tokenColumns = {
  id: apiTokens.id,
  companyId: apiTokens.companyId,
  userId: apiTokens.userId,
  name: apiTokens.name,
  hint: apiTokens.hint,
  scopes: apiTokens.scopes,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokens.lastUsedAt,
  createdAt: apiTokens.createdAt,
};

/**
 * Stores a new token of the caller's, unless they already hold `limit`: counted and inserted in one
 * transaction under a lock on the person's tokens in this company, so two requests at once cannot
 * both pass the count. Row-level security lets a member insert only their own.
 */
export async function insertApiToken(
  db: Database,
  scope: MemberScope,
  input: { name: string; tokenHash: string; hint: string; scopes: string[]; expiresAt: Date | null; createdAt: Date; limit: number },
): Promise<ApiTokenRow | 'too_many'> {
  const lockKey = `api-tokens:${scope.companyId}:${scope.userId}`;
  return withTenant(
    db,
    scope,
    async (tx) => {
      const [held] = await tx
        .select({ n: count() })
        .from(apiTokens)
        .where(and(eq(apiTokens.companyId, scope.companyId), eq(apiTokens.userId, scope.userId)));
      if (Number(held?.n ?? 0) >= input.limit) return 'too_many';
      const [row] = await tx
        .insert(apiTokens)
        .values({
          companyId: scope.companyId,
          userId: scope.userId,
          name: input.name,
          tokenHash: input.tokenHash,
          hint: input.hint,
          scopes: input.scopes,
          expiresAt: input.expiresAt,
          createdAt: input.createdAt,
        })
        .returning(tokenColumns);
      await insertAuditEvent(
        tx,
        createAuditEvent(scope, 'api_token.created', {
          target: { type: 'member', id: scope.userId },
          details: { name: input.name, scopes: input.scopes as ApiTokenScope[], expiresAt: input.expiresAt?.toISOString() ?? null },
          at: input.createdAt,
        }),
      );
      return row!;
    },
    { lockKey },
  );
}

/** The caller's own tokens in their company, newest first. */
export async function findOwnApiTokens(db: Database, scope: MemberScope): Promise<ApiTokenRow[]> {
  return withTenant(db, scope, (tx) =>
    tx
      .select(tokenColumns)
      .from(apiTokens)
      .where(and(eq(apiTokens.companyId, scope.companyId), eq(apiTokens.userId, scope.userId)))
      .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id)),
  );
}

/** Every token of the company with its owner's name and address, newest first (an admin's list). */
export async function findCompanyApiTokens(db: Database, scope: MemberScope): Promise<CompanyApiTokenRow[]> {
  return withTenant(db, scope, (tx) =>
    tx
      .select({ ...tokenColumns, displayName: profiles.displayName, email: user.email })
      .from(apiTokens)
      // A read's join for names: memberships belong to companies/memberships.repository.ts.
      .innerJoin(profiles, and(eq(profiles.companyId, apiTokens.companyId), eq(profiles.userId, apiTokens.userId)))
      .innerJoin(user, eq(user.id, apiTokens.userId))
      .where(eq(apiTokens.companyId, scope.companyId))
      .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id)),
  );
}

/**
 * Deletes a token of the caller's company; with `ownerId`, only if it is that person's. Another
 * company's ids match nothing (row-level security): false. The deletion's NOTIFY makes every
 * instance forget the token at once (migration 0014).
 */
export async function deleteApiToken(
  db: Database,
  scope: MemberScope,
  input: { id: string; ownerId?: UserId; now: Date },
): Promise<boolean> {
  return withTenant(db, scope, async (tx) => {
    const conditions = [eq(apiTokens.id, input.id), eq(apiTokens.companyId, scope.companyId)];
    if (input.ownerId !== undefined) conditions.push(eq(apiTokens.userId, input.ownerId));
    const [deleted] = await tx
      .delete(apiTokens)
      .where(and(...conditions))
      .returning({ userId: apiTokens.userId, name: apiTokens.name });
    if (!deleted) return false;
    await insertAuditEvent(
      tx,
      createAuditEvent(scope, 'api_token.revoked', {
        target: { type: 'member', id: deleted.userId },
        details: { name: deleted.name },
        at: input.now,
      }),
    );
    return true;
  });
}

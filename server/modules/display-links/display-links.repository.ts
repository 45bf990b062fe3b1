import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { displayLinks } from '../../db/schema';
import { enterCompany, type MemberScope, withTenant } from '../../db/tenant';
import { createAuditEvent, insertAuditEvent } from '../audit/audit.service';
import { type CompanyRow, selectCompany } from '../companies/companies.service';

export type DisplayLinkRow = typeof displayLinks.$inferSelect;

/** Creates a link and records it in the audit log by name (never its token). */
export async function insertDisplayLink(
  db: Database,
  scope: MemberScope,
  input: { name: string; tokenHash: string; createdAt: Date },
): Promise<DisplayLinkRow> {
  return withTenant(db, scope, async (tx) => {
    const [row] = await tx
      .insert(displayLinks)
      .values({
        companyId: scope.companyId,
        name: input.name,
        tokenHash: input.tokenHash,
        createdBy: scope.userId,
        createdAt: input.createdAt,
      })
      .returning();
    await insertAuditEvent(
      tx,
      createAuditEvent(scope, 'display_link.created', {
        target: { type: 'display_link', id: row!.id },
        details: { name: row!.name },
        at: input.createdAt,
      }),
    );
    return row!;
  });
}

/** The company's links, newest first (revoked ones included). */
export async function findDisplayLinks(db: Database, scope: MemberScope): Promise<DisplayLinkRow[]> {
  return withTenant(db, scope, (tx) =>
    tx
      .select()
      .from(displayLinks)
      .where(eq(displayLinks.companyId, scope.companyId))
      .orderBy(desc(displayLinks.createdAt), desc(displayLinks.id)),
  );
}

/**
 * Revokes a link of the caller's company (a link revoked earlier keeps its first revocation time).
 * Row-level security hides other companies' links, so their ids match nothing: null. Only the
 * revocation that takes effect is recorded in the audit log; revoking again changes nothing.
 */
export async function revokeDisplayLink(db: Database, scope: MemberScope, id: string, revokedAt: Date): Promise<DisplayLinkRow | null> {
  return withTenant(db, scope, async (tx) => {
    const [row] = await tx
      .update(displayLinks)
      .set({ revokedAt })
      .where(and(eq(displayLinks.id, id), isNull(displayLinks.revokedAt)))
      .returning();
    if (row) {
      await insertAuditEvent(
        tx,
        createAuditEvent(scope, 'display_link.revoked', {
          target: { type: 'display_link', id: row.id },
          details: { name: row.name },
          at: revokedAt,
        }),
      );
      return row;
    }
    const [existing] = await tx.select().from(displayLinks).where(eq(displayLinks.id, id));
    return existing ?? null;
  });
}

export type ResolvedDisplayLink = {
  linkId: DisplayLinkRow['id'];
  linkName: DisplayLinkRow['name'];
  companyId: DisplayLinkRow['companyId'];
  companyName: CompanyRow['name'];
  timezone: CompanyRow['timezone'];
};

/**
 * The active link whose token hash a signed-out screen presents, with its company. Reads as
 * nobody (company and user unset) with only the hash, which the display_links_read policy
 * matches; then enters the link's company to read its name and stamp last_used_at, at most once
 * per `touchAfterMs`.
 */
export async function findActiveDisplayLink(
  db: Database,
  tokenHash: string,
  now: Date,
  touchAfterMs: number,
): Promise<ResolvedDisplayLink | null> {
  return withTenant(db, { companyId: null, userId: null, displayTokenHash: tokenHash }, async (tx) => {
    const [link] = await tx
      .select()
      .from(displayLinks)
      .where(and(eq(displayLinks.tokenHash, tokenHash), isNull(displayLinks.revokedAt)));
    if (!link) return null;
    await enterCompany(tx, link.companyId);
    const company = await selectCompany(tx, link.companyId);
    if (!company) return null;
    const staleBefore = new Date(now.getTime() - touchAfterMs);
    if (link.lastUsedAt === null || link.lastUsedAt < staleBefore) {
      await tx
        .update(displayLinks)
        .set({ lastUsedAt: now })
        .where(and(eq(displayLinks.id, link.id), or(isNull(displayLinks.lastUsedAt), lt(displayLinks.lastUsedAt, staleBefore))));
    }
    return {
      linkId: link.id,
      linkName: link.name,
      companyId: link.companyId,
      companyName: company.name,
      timezone: company.timezone,
    };
  });
}

/** Whether a link is still active, for long-lived streams (no last_used_at stamp). */
export async function isDisplayLinkActive(db: Database, tokenHash: string): Promise<boolean> {
  return withTenant(db, { companyId: null, userId: null, displayTokenHash: tokenHash }, async (tx) => {
    const [link] = await tx
      .select({ id: displayLinks.id })
      .from(displayLinks)
      .where(and(eq(displayLinks.tokenHash, tokenHash), isNull(displayLinks.revokedAt)));
    return Boolean(link);
  });
}

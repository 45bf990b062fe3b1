import { and, count, desc, eq, notInArray, sql } from 'drizzle-orm';
import { INBOUND_PAYLOADS_KEPT, INBOUND_REFUSED_KEPT_DAYS, type InboundRefusal, type InboundResult } from '@core/contracts';
import type { Database, Transaction } from '../../db/client';
import { activities, inboundLinks, inboundPayloads, inboundSources } from '../../db/schema';
import { type CompanyId, enterCompany, type MemberScope, toUserId, type UserId, withTenant } from '../../db/tenant';
import { createAuditEvent, insertAuditEvent } from '../audit/audit.service';

/*
 * Inbound sources (decision 120): an admin's sources with the audit entry of each change, what each
 * source sent (the newest payloads and the refused ones of the last 7 days), and which activity each
 * of its records became.
 */

export type InboundSourceRow = typeof inboundSources.$inferSelect;
export type InboundPayloadRow = typeof inboundPayloads.$inferSelect;

// ---- sources (an admin's requests) -----------------------------------------------------------------

/** Stores a new source unless the company already has `limit` (counted under a lock on the company's sources). */
export async function insertInboundSource(
  db: Database,
  scope: MemberScope,
  input: Pick<InboundSourceRow, 'name' | 'signature' | 'signatureHeader' | 'secret' | 'mapping' | 'enabled'> & { now: Date; limit: number },
): Promise<InboundSourceRow | 'too_many'> {
  return withTenant(
    db,
    scope,
    async (tx) => {
      const [held] = await tx.select({ n: count() }).from(inboundSources).where(eq(inboundSources.companyId, scope.companyId));
      if (Number(held?.n ?? 0) >= input.limit) return 'too_many';
      const [row] = await tx
        .insert(inboundSources)
        .values({
          companyId: scope.companyId,
          name: input.name,
          signature: input.signature,
          signatureHeader: input.signatureHeader,
          secret: input.secret,
          mapping: input.mapping,
          enabled: input.enabled,
          createdBy: scope.userId,
          createdAt: input.now,
          updatedAt: input.now,
        })
        .returning();
      await audit(tx, scope, 'inbound_source.created', row!, { name: row!.name, signature: row!.signature }, input.now);
      return row!;
    },
    { lockKey: `inbound-sources:${scope.companyId}` },
  );
}

export async function findInboundSources(db: Database, scope: MemberScope): Promise<InboundSourceRow[]> {
  return withTenant(db, scope, (tx) =>
    tx
      .select()
      .from(inboundSources)
      .where(eq(inboundSources.companyId, scope.companyId))
      .orderBy(inboundSources.createdAt, inboundSources.id),
  );
}

export async function findInboundSource(db: Database, scope: MemberScope, id: string): Promise<InboundSourceRow | null> {
  const [row] = await withTenant(db, scope, (tx) =>
    tx
      .select()
      .from(inboundSources)
      .where(and(eq(inboundSources.companyId, scope.companyId), eq(inboundSources.id, id))),
  );
  return row ?? null;
}

/** Changes a source and audits which fields changed (never the secret itself). Null when there is no such source. */
export async function updateInboundSource(
  db: Database,
  scope: MemberScope,
  id: string,
  changes: Partial<Pick<InboundSourceRow, 'name' | 'signatureHeader' | 'mapping' | 'enabled' | 'secret'>> & { updatedAt: Date },
): Promise<InboundSourceRow | null> {
  return withTenant(db, scope, async (tx) => {
    const [row] = await tx
      .update(inboundSources)
      .set(changes)
      .where(and(eq(inboundSources.companyId, scope.companyId), eq(inboundSources.id, id)))
      .returning();
    if (!row) return null;
    if (changes.secret !== undefined) {
      await audit(tx, scope, 'inbound_source.secret_rotated', row, { name: row.name }, changes.updatedAt);
    } else {
      const fields = (['name', 'signatureHeader', 'mapping', 'enabled'] as const).filter((field) => changes[field] !== undefined);
      await audit(tx, scope, 'inbound_source.changed', row, { name: row.name, fields, enabled: row.enabled }, changes.updatedAt);
    }
    return row;
  });
}

/** Deletes a source with what it sent and its links (the activities it logged stay). False when there is none. */
export async function deleteInboundSource(db: Database, scope: MemberScope, id: string, now: Date): Promise<boolean> {
  return withTenant(db, scope, async (tx) => {
    const [row] = await tx
      .delete(inboundSources)
      .where(and(eq(inboundSources.companyId, scope.companyId), eq(inboundSources.id, id)))
      .returning();
    if (!row) return false;
    await audit(tx, scope, 'inbound_source.deleted', row, { name: row.name }, now);
    return true;
  });
}

async function audit(
  tx: Transaction,
  scope: MemberScope,
  action: 'inbound_source.created' | 'inbound_source.changed' | 'inbound_source.deleted' | 'inbound_source.secret_rotated',
  row: InboundSourceRow,
  details: Record<string, unknown>,
  at: Date,
) {
  await insertAuditEvent(
    tx,
    createAuditEvent(scope, action, { target: { type: 'inbound_source', id: row.id }, details: details as never, at }),
  );
}

// ---- what a source sent ------------------------------------------------------------------------------

/** The source's payloads, newest first: the kept ones (the newest few and the refused ones of the last days). */
export async function findInboundPayloads(db: Database, scope: MemberScope, sourceId: string): Promise<InboundPayloadRow[]> {
  return withTenant(db, scope, (tx) =>
    tx
      .select()
      .from(inboundPayloads)
      .where(and(eq(inboundPayloads.companyId, scope.companyId), eq(inboundPayloads.sourceId, sourceId)))
      .orderBy(desc(inboundPayloads.receivedAt), desc(inboundPayloads.id))
      .limit(INBOUND_PAYLOADS_KEPT + 200),
  );
}

/**
 * Transaction step (a request from the source, no one signed in): the source the request names, read
 * by its id alone (the policy lets this transaction read that one source), and the transaction then
 * entered into its company. Null when there is no such source.
 */
export async function enterInboundSource(tx: Transaction, sourceId: string): Promise<InboundSourceRow | null> {
  await tx.execute(sql`SELECT set_config('app.inbound_source_id', ${sourceId}, true)`);
  const [row] = await tx.select().from(inboundSources).where(eq(inboundSources.id, sourceId));
  if (!row) return null;
  await enterCompany(tx, row.companyId);
  return row;
}

/** Transaction step: whether the source already took this Standard Webhooks message (a message sent again). */
export async function hasInboundMessage(tx: Transaction, companyId: CompanyId, sourceId: string, messageId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: inboundPayloads.id })
    .from(inboundPayloads)
    .where(and(eq(inboundPayloads.companyId, companyId), eq(inboundPayloads.sourceId, sourceId), eq(inboundPayloads.messageId, messageId)));
  return row !== undefined;
}

/**
 * Transaction step: records what became of a payload, and lets go of what is no longer kept: of the
 * source's payloads, the newest INBOUND_PAYLOADS_KEPT, and the refused ones of the last
 * INBOUND_REFUSED_KEPT_DAYS days. A message id stays as long as its payload, which is what tells a
 * message sent again within the Standard Webhooks window (5 minutes) from a new one.
 */
export async function insertInboundPayload(
  tx: Transaction,
  input: {
    companyId: CompanyId;
    sourceId: string;
    receivedAt: Date;
    messageId: string | null;
    result: InboundResult;
    refusal: InboundRefusal | null;
    reason: string | null;
    externalId: string | null;
    activityId: string | null;
    body: unknown;
  },
): Promise<InboundPayloadRow | null> {
  const [row] = await tx
    .insert(inboundPayloads)
    .values({ ...input, body: input.body === null ? null : sql`${JSON.stringify(input.body)}::jsonb` })
    // The same message twice at once: the second is known by the first's row.
    .onConflictDoNothing()
    .returning();
  await tx
    .update(inboundSources)
    .set({ lastReceivedAt: input.receivedAt })
    .where(and(eq(inboundSources.companyId, input.companyId), eq(inboundSources.id, input.sourceId)));
  const newest = tx
    .select({ id: inboundPayloads.id })
    .from(inboundPayloads)
    .where(and(eq(inboundPayloads.companyId, input.companyId), eq(inboundPayloads.sourceId, input.sourceId)))
    .orderBy(desc(inboundPayloads.receivedAt), desc(inboundPayloads.id))
    .limit(INBOUND_PAYLOADS_KEPT);
  const refusedSince = new Date(input.receivedAt.getTime() - INBOUND_REFUSED_KEPT_DAYS * 86_400_000);
  await tx
    .delete(inboundPayloads)
    .where(
      and(
        eq(inboundPayloads.companyId, input.companyId),
        eq(inboundPayloads.sourceId, input.sourceId),
        notInArray(inboundPayloads.id, newest),
        sql`NOT (${inboundPayloads.result} = 'refused' AND ${inboundPayloads.receivedAt} >= ${refusedSince})`,
      ),
    );
  return row ?? null;
}

// ---- which activity a record became ----------------------------------------------------------------

/** Transaction step: the activity a source's record became, if it is still there. */
export async function findInboundLink(tx: Transaction, companyId: CompanyId, sourceId: string, externalId: string): Promise<string | null> {
  const [row] = await tx
    .select({ activityId: inboundLinks.activityId })
    .from(inboundLinks)
    .where(and(eq(inboundLinks.companyId, companyId), eq(inboundLinks.sourceId, sourceId), eq(inboundLinks.externalId, externalId)));
  return row?.activityId ?? null;
}

/** Transaction step: remembers the activity a record became (the same again changes nothing). */
export async function upsertInboundLink(tx: Transaction, companyId: CompanyId, sourceId: string, externalId: string, activityId: string) {
  await tx
    .insert(inboundLinks)
    .values({ companyId, sourceId, externalId, activityId })
    .onConflictDoUpdate({ target: [inboundLinks.companyId, inboundLinks.sourceId, inboundLinks.externalId], set: { activityId } });
}

// ---- whose record it is ---------------------------------------------------------------------------

/** Transaction step: the member whose activity a source's record became (the link's activity's owner now), or null when it is gone. */
export async function findInboundActivityOwnerId(tx: Transaction, companyId: CompanyId, activityId: string): Promise<UserId | null> {
  const [row] = await tx
    .select({ userId: activities.userId })
    .from(inboundLinks)
    .innerJoin(activities, and(eq(activities.companyId, inboundLinks.companyId), eq(activities.id, inboundLinks.activityId)))
    .where(and(eq(inboundLinks.companyId, companyId), eq(inboundLinks.activityId, activityId)));
  return row ? toUserId(row.userId) : null;
}

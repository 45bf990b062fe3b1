import { and, count, eq, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { webhookEndpoints } from '../../db/schema';
import { type MemberScope, withTenant } from '../../db/tenant';
import { createAuditEvent, insertAuditEvent } from '../audit/audit.service';

/*
 * The company's endpoints (webhook_endpoints): signed webhooks, and the Slack and Teams
 * integrations that share the table (their own routes, chat-endpoints.repository.ts), with the
 * audit entry of each change. What is sent to them is webhook-deliveries.repository.ts.
 */

/** An endpoint as stored. */
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/** The Webhooks screen's endpoints: chat integrations (Slack, Teams) share the table but have their own routes. */
export const isSignedWebhook = eq(webhookEndpoints.kind, 'webhook');

// ---- endpoints (an admin's requests) -------------------------------------------------------------

/** Stores a new endpoint unless the company already has `limit` (counted under a lock on the company's endpoints). */
export async function insertWebhookEndpoint(
  db: Database,
  scope: MemberScope,
  input: { url: string; description: string; events: string[]; enabled: boolean; secret: string; now: Date; limit: number },
): Promise<WebhookEndpointRow | 'too_many'> {
  return withTenant(
    db,
    scope,
    async (tx) => {
      const [held] = await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.companyId, scope.companyId));
      if (Number(held?.n ?? 0) >= input.limit) return 'too_many';
      const [row] = await tx
        .insert(webhookEndpoints)
        .values({
          companyId: scope.companyId,
          kind: 'webhook',
          url: input.url,
          description: input.description,
          events: input.events,
          enabled: input.enabled,
          secret: input.secret,
          createdBy: scope.userId,
          createdAt: input.now,
          updatedAt: input.now,
        })
        .returning();
      await auditEndpointCreated(tx, scope, row!, input.now);
      return row!;
    },
    { lockKey: `webhook-endpoints:${scope.companyId}` },
  );
}

export async function findWebhookEndpoints(db: Database, scope: MemberScope): Promise<WebhookEndpointRow[]> {
  return withTenant(db, scope, (tx) =>
    tx
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.companyId, scope.companyId), isSignedWebhook))
      .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id),
  );
}

export async function findWebhookEndpoint(db: Database, scope: MemberScope, id: string): Promise<WebhookEndpointRow | null> {
  const [row] = await withTenant(db, scope, (tx) =>
    tx
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.companyId, scope.companyId), eq(webhookEndpoints.id, id), isSignedWebhook)),
  );
  return row ?? null;
}

/** Changes an endpoint; enabling it clears why the server had turned it off. Null when there is no such endpoint. */
export async function updateWebhookEndpoint(
  db: Database,
  scope: MemberScope,
  id: string,
  changes: Partial<Pick<WebhookEndpointRow, 'url' | 'description' | 'events' | 'enabled' | 'secret'>> & { updatedAt: Date },
): Promise<WebhookEndpointRow | null> {
  return withTenant(db, scope, (tx) => updateEndpointAudited(tx, scope, and(eq(webhookEndpoints.id, id), isSignedWebhook)!, changes));
}

/** Deletes an endpoint and its deliveries (cascade). */
export async function deleteWebhookEndpoint(db: Database, scope: MemberScope, id: string, at: Date): Promise<boolean> {
  return withTenant(db, scope, (tx) => deleteEndpointAudited(tx, scope, and(eq(webhookEndpoints.id, id), isSignedWebhook)!, at));
}

// ---- the audit log of endpoint changes (webhooks, Slack and Teams alike) -------------------------

type EndpointChanges = Partial<
  Pick<WebhookEndpointRow, 'url' | 'description' | 'events' | 'enabled' | 'secret' | 'chatLanguage' | 'chatChoices'>
> & { updatedAt: Date };

/** The part of a URL the log keeps (a chat URL is the channel's secret; a webhook URL may hold a token). */
const hostOf = (url: string): string => {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
};

const endpointKind = (row: WebhookEndpointRow) => (row.kind === 'slack' || row.kind === 'teams' ? row.kind : 'webhook');

/** Transaction step: an endpoint was added. */
export async function auditEndpointCreated(tx: Transaction, scope: MemberScope, row: WebhookEndpointRow, at: Date): Promise<void> {
  await insertAuditEvent(
    tx,
    createAuditEvent(scope, 'webhook.created', {
      target: { type: 'webhook', id: row.id },
      details: { kind: endpointKind(row), host: hostOf(row.url), events: row.events },
      at,
    }),
  );
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Transaction step: changes the endpoint `where` picks in the caller's company and records what
 * changed (a new secret as its own entry; a save that changes nothing records nothing).
 */
export async function updateEndpointAudited(
  tx: Transaction,
  scope: MemberScope,
  where: SQL,
  changes: EndpointChanges,
): Promise<WebhookEndpointRow | null> {
  const inCompany = and(eq(webhookEndpoints.companyId, scope.companyId), where);
  const [before] = await tx.select().from(webhookEndpoints).where(inCompany).for('update');
  if (!before) return null;
  const [row] = await tx
    .update(webhookEndpoints)
    .set(changes.enabled !== undefined ? { ...changes, disabledReason: null } : changes)
    .where(inCompany)
    .returning();
  if (!row) return null;
  const kind = endpointKind(row);
  const host = hostOf(row.url);
  const target = { type: 'webhook' as const, id: row.id };
  if (changes.secret !== undefined && changes.secret !== before.secret) {
    await insertAuditEvent(tx, createAuditEvent(scope, 'webhook.secret_rotated', { target, details: { host }, at: changes.updatedAt }));
  }
  const fields = (
    [
      ['url', before.url, row.url],
      ['events', before.events, row.events],
      ['enabled', before.enabled, row.enabled],
      ['description', before.description, row.description],
      ['language', before.chatLanguage, row.chatLanguage],
      ['choices', before.chatChoices, row.chatChoices],
    ] as const
  )
    .filter(([, from, to]) => !sameJson(from, to))
    .map(([field]) => field);
  if (fields.length > 0) {
    await insertAuditEvent(
      tx,
      createAuditEvent(scope, 'webhook.changed', {
        target,
        details: { kind, host, fields, ...(fields.includes('enabled') && { enabled: row.enabled }) },
        at: changes.updatedAt,
      }),
    );
  }
  return row;
}

/** Transaction step: deletes the endpoint `where` picks (its deliveries go by cascade) and records it. */
export async function deleteEndpointAudited(tx: Transaction, scope: MemberScope, where: SQL, at: Date): Promise<boolean> {
  const [row] = await tx
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.companyId, scope.companyId), where))
    .returning();
  if (!row) return false;
  await insertAuditEvent(
    tx,
    createAuditEvent(scope, 'webhook.deleted', {
      target: { type: 'webhook', id: row.id },
      details: { kind: endpointKind(row), host: hostOf(row.url) },
      at,
    }),
  );
  return true;
}

import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { type CompanyId, type MemberScope, withTenant } from '../../db/tenant';
import { auditEndpointCreated, deleteEndpointAudited, updateEndpointAudited } from './webhook-endpoints.repository';
import { withDeliveryWorker } from './webhook-deliveries.repository';

/*
 * Slack and Teams integrations (decision 038) are rows of webhook_endpoints of kind 'slack' or
 * 'teams', and their posts are rows of webhook_deliveries sent by the same worker. This file holds
 * the queries only chat needs; the chat module (server/modules/chat) decides what they hold.
 */

export const CHAT_KINDS = ['slack', 'teams'] as const;
const isChat = inArray(webhookEndpoints.kind, [...CHAT_KINDS]);

export type ChatEndpointRow = typeof webhookEndpoints.$inferSelect;

/** A chat endpoint with its newest delivery, for the admin's list. */
export type ChatEndpointWithLast = ChatEndpointRow & {
  last: {
    eventType: string;
    status: string;
    attempts: number;
    responseStatus: number | null;
    responseExcerpt: string | null;
    at: Date;
  } | null;
};

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export type ChatEndpointValues = Pick<
  ChatEndpointRow,
  'kind' | 'url' | 'events' | 'enabled' | 'chatLanguage' | 'chatChoices' | 'nextSummaryAt' | 'nextSummaryDate'
>;

/** Stores a new chat endpoint unless the company already has `limit` of them. */
export async function insertChatEndpoint(
  db: Database,
  scope: MemberScope,
  input: ChatEndpointValues & { now: Date; limit: number },
): Promise<ChatEndpointRow | 'too_many'> {
  return withTenant(
    db,
    scope,
    async (tx) => {
      const [held] = await tx
        .select({ n: count() })
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.companyId, scope.companyId), isChat));
      if (Number(held?.n ?? 0) >= input.limit) return 'too_many';
      const [row] = await tx
        .insert(webhookEndpoints)
        .values({
          companyId: scope.companyId,
          kind: input.kind,
          url: input.url,
          description: '',
          events: input.events,
          enabled: input.enabled,
          // Nothing is signed: the URL is the channel's secret.
          secret: '',
          chatLanguage: input.chatLanguage,
          chatChoices: input.chatChoices,
          nextSummaryAt: input.nextSummaryAt,
          nextSummaryDate: input.nextSummaryDate,
          createdBy: scope.userId,
          createdAt: input.now,
          updatedAt: input.now,
        })
        .returning();
      await auditEndpointCreated(tx, scope, row!, input.now);
      return row!;
    },
    { lockKey: `chat-endpoints:${scope.companyId}` },
  );
}

/** The company's chat endpoints, oldest first, each with its newest delivery. */
export async function findChatEndpoints(db: Database, scope: MemberScope, id: string | null = null): Promise<ChatEndpointWithLast[]> {
  return withTenant(db, scope, async (tx) => {
    const endpoints = await tx
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.companyId, scope.companyId), isChat, id === null ? undefined : eq(webhookEndpoints.id, id)))
      .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
    if (endpoints.length === 0) return [];
    const last = await tx
      .selectDistinctOn([webhookDeliveries.endpointId], {
        endpointId: webhookDeliveries.endpointId,
        eventType: webhookDeliveries.eventType,
        status: webhookDeliveries.status,
        attempts: webhookDeliveries.attempts,
        responseStatus: webhookDeliveries.responseStatus,
        responseExcerpt: webhookDeliveries.responseExcerpt,
        at: sql<Date>`coalesce(${webhookDeliveries.lastAttemptAt}, ${webhookDeliveries.createdAt})`.mapWith(webhookDeliveries.createdAt),
      })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.companyId, scope.companyId),
          inArray(
            webhookDeliveries.endpointId,
            endpoints.map((endpoint) => endpoint.id),
          ),
        ),
      )
      .orderBy(webhookDeliveries.endpointId, desc(webhookDeliveries.seq));
    const byEndpoint = new Map(last.map((row) => [row.endpointId, row]));
    return endpoints.map((endpoint) => {
      const row = byEndpoint.get(endpoint.id);
      return { ...endpoint, last: row ? { ...row, at: new Date(row.at) } : null };
    });
  });
}

/** Changes a chat endpoint; turning it on or off clears why the server had turned it off. Null when missing. */
export async function updateChatEndpoint(
  db: Database,
  scope: MemberScope,
  id: string,
  changes: Partial<ChatEndpointValues> & { updatedAt: Date },
): Promise<ChatEndpointRow | null> {
  return withTenant(db, scope, (tx) => updateEndpointAudited(tx, scope, and(eq(webhookEndpoints.id, id), isChat)!, changes));
}

/** Deletes a chat endpoint and its deliveries (cascade). */
export async function deleteChatEndpoint(db: Database, scope: MemberScope, id: string, at: Date): Promise<boolean> {
  return withTenant(db, scope, (tx) => deleteEndpointAudited(tx, scope, and(eq(webhookEndpoints.id, id), isChat)!, at));
}

/** One chat post to queue: the endpoint, the event it answers, the stored message. */
export type ChatDeliveryInput = { endpointId: string; eventType: string; body: string; summaryDate?: string | null };

/**
 * Transaction step: queues chat posts in the order given (an endpoint's seq follows it). A daily
 * summary for a day its endpoint already has is skipped (the unique key on endpoint and day).
 * Returns how many were queued.
 */
export async function insertChatDeliveries(
  tx: Transaction,
  companyId: CompanyId,
  deliveries: ChatDeliveryInput[],
  now: Date,
): Promise<number> {
  let queued = 0;
  for (const delivery of deliveries) {
    const result = await tx.execute(sql`
      INSERT INTO webhook_deliveries (company_id, endpoint_id, event_type, body, summary_date, next_attempt_at, created_at)
      VALUES (${companyId}::uuid, ${delivery.endpointId}::uuid, ${delivery.eventType}, ${delivery.body},
              ${delivery.summaryDate ?? null}::date, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
      ON CONFLICT (endpoint_id, summary_date) WHERE summary_date IS NOT NULL DO NOTHING`);
    queued += (result as unknown as { rowCount?: number; affectedRows?: number }).rowCount ?? 0;
  }
  return queued;
}

/** Queues one post for one chat endpoint of the admin's company (Send a test message). */
export async function insertChatTestDelivery(
  db: Database,
  scope: MemberScope,
  input: { endpointId: string; eventType: string; body: string; now: Date },
): Promise<'queued' | 'disabled' | null> {
  return withTenant(db, scope, async (tx) => {
    const [endpoint] = await tx
      .select({ enabled: webhookEndpoints.enabled })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.companyId, scope.companyId), eq(webhookEndpoints.id, input.endpointId), isChat));
    if (!endpoint) return null;
    if (!endpoint.enabled) return 'disabled';
    await insertChatDeliveries(
      tx,
      scope.companyId,
      [{ endpointId: input.endpointId, eventType: input.eventType, body: input.body }],
      input.now,
    );
    return 'queued';
  });
}

/** A chat endpoint whose daily summary is due, as the poller claims it. */
export type DueChatSummary = {
  id: string;
  companyId: CompanyId;
  chatChoices: unknown;
  nextSummaryAt: Date;
  nextSummaryDate: string;
};

/** What the poller does with a due summary: the post to queue (or none), and when the next is due. */
export type ChatSummaryPlan = { body: string | null; next: { at: Date; date: string } | null };

/**
 * The daily summary's poller, in one worker transaction: claims the enabled chat endpoints whose
 * summary is due (FOR UPDATE SKIP LOCKED: on several instances each is claimed by one; another
 * instance passes it over and, once this commits, finds its due time moved on), asks `plan` for
 * the post and the next due time with the company's scope set (its rows are readable), queues the
 * post (at most one per endpoint and day, whatever happens) and moves the due time on.
 */
export async function claimDueChatSummaries(
  db: Database,
  input: { now: Date; limit: number },
  plan: (tx: Transaction, due: DueChatSummary) => Promise<ChatSummaryPlan>,
): Promise<{ queued: number; nextDueAt: Date | null }> {
  return withDeliveryWorker(db, async (tx) => {
    const due = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        SELECT id, company_id, chat_choices, next_summary_at, next_summary_date::text AS next_summary_date
          FROM webhook_endpoints
         WHERE next_summary_at IS NOT NULL AND next_summary_at <= ${input.now.toISOString()}::timestamptz
           AND enabled AND kind IN ('slack', 'teams')
         ORDER BY next_summary_at
         LIMIT ${input.limit}
         FOR UPDATE SKIP LOCKED`),
    );
    let queued = 0;
    for (const row of due) {
      const endpoint: DueChatSummary = {
        id: String(row.id),
        companyId: row.company_id as CompanyId,
        chatChoices: typeof row.chat_choices === 'string' ? JSON.parse(row.chat_choices) : row.chat_choices,
        nextSummaryAt: new Date(row.next_summary_at as string),
        nextSummaryDate: String(row.next_summary_date),
      };
      // The company's own rows (its members, its day) are read under its scope, as a request would.
      await tx.execute(sql`SELECT set_config('app.company_id', ${endpoint.companyId}, true)`);
      const { body, next } = await plan(tx, endpoint);
      if (body !== null) {
        queued += await insertChatDeliveries(
          tx,
          endpoint.companyId,
          [{ endpointId: endpoint.id, eventType: 'daily_summary.due', body, summaryDate: endpoint.nextSummaryDate }],
          input.now,
        );
      }
      await tx
        .update(webhookEndpoints)
        .set({ nextSummaryAt: next?.at ?? null, nextSummaryDate: next?.date ?? null })
        .where(eq(webhookEndpoints.id, endpoint.id));
      await tx.execute(sql`SELECT set_config('app.company_id', '', true)`);
    }
    // When the poller is due next (decision 096): the earliest summary still ahead, or one another
    // instance holds right now (it has moved on once that commits; looking again costs one round).
    const [next] = rowsOf<{ at_ms: number | string | null }>(
      await tx.execute(sql`
        SELECT (extract(epoch FROM min(next_summary_at)) * 1000)::float8 AS at_ms FROM webhook_endpoints
         WHERE next_summary_at IS NOT NULL AND enabled AND kind IN ('slack', 'teams')`),
    );
    return { queued, nextDueAt: next?.at_ms === null || next?.at_ms === undefined ? null : new Date(Number(next.at_ms)) };
  });
}

/** Transaction step (contests): the company's enabled Slack and Teams endpoints and their choices. */
export async function selectEnabledChatEndpoints(tx: Transaction, companyId: CompanyId): Promise<{ id: string; choices: unknown }[]> {
  return tx
    .select({ id: webhookEndpoints.id, choices: webhookEndpoints.chatChoices })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.enabled, true), isChat));
}

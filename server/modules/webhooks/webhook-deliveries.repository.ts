import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { type CompanyId, type MemberScope, withTenant } from '../../db/tenant';
import { isSignedWebhook, type WebhookEndpointRow } from './webhook-endpoints.repository';

/*
 * What is sent to the endpoints (webhook_deliveries, one row per event and endpoint): the screen's
 * list and a resend, the outbox a change writes in its own transaction, and the delivery worker's
 * claims (every company, SKIP LOCKED) and outcomes.
 */

export type WebhookDeliveryRow = Omit<
  typeof webhookDeliveries.$inferSelect,
  'body' | 'leaseUntil' | 'firstAttemptAt' | 'companyId' | 'summaryDate'
>;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

// ---- the screen's deliveries ----------------------------------------------------------------------

const deliveryColumns = {
  id: webhookDeliveries.id,
  endpointId: webhookDeliveries.endpointId,
  seq: webhookDeliveries.seq,
  eventType: webhookDeliveries.eventType,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  responseStatus: webhookDeliveries.responseStatus,
  responseExcerpt: webhookDeliveries.responseExcerpt,
  createdAt: webhookDeliveries.createdAt,
};

/** An endpoint's newest deliveries; null when there is no such endpoint in the company. */
export async function findWebhookDeliveries(
  db: Database,
  scope: MemberScope,
  endpointId: string,
  limit: number,
): Promise<WebhookDeliveryRow[] | null> {
  return withTenant(db, scope, async (tx) => {
    const [endpoint] = await tx
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.companyId, scope.companyId), eq(webhookEndpoints.id, endpointId), isSignedWebhook));
    if (!endpoint) return null;
    return tx
      .select(deliveryColumns)
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.companyId, scope.companyId), eq(webhookDeliveries.endpointId, endpointId)))
      .orderBy(desc(webhookDeliveries.seq))
      .limit(limit);
  });
}

/**
 * Queues a finished delivery again, at the end of its endpoint's line (a new seq), as if new: its
 * attempts and day of retries start over. 'open' when it is still waiting or being sent.
 */
export async function requeueWebhookDelivery(
  db: Database,
  scope: MemberScope,
  input: { endpointId: string; deliveryId: string; now: Date },
): Promise<WebhookDeliveryRow | 'open' | null> {
  return withTenant(db, scope, async (tx) => {
    // Only a signed endpoint's delivery: a chat channel's posts are not the Webhooks screen's to resend.
    const [current] = await tx
      .select({ status: webhookDeliveries.status })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(
        and(
          eq(webhookDeliveries.companyId, scope.companyId),
          eq(webhookDeliveries.endpointId, input.endpointId),
          eq(webhookDeliveries.id, input.deliveryId),
          isSignedWebhook,
        ),
      )
      .for('update', { of: webhookDeliveries });
    if (!current) return null;
    if (current.status === 'pending' || current.status === 'sending') return 'open';
    const [row] = await tx
      .update(webhookDeliveries)
      .set({
        status: 'pending',
        seq: sql`nextval(pg_get_serial_sequence('webhook_deliveries', 'seq'))`,
        attempts: 0,
        nextAttemptAt: input.now,
        leaseUntil: null,
        firstAttemptAt: null,
      })
      .where(eq(webhookDeliveries.id, input.deliveryId))
      .returning(deliveryColumns);
    return row!;
  });
}

/**
 * Transaction step of erasing a member (decision 022): the deliveries that carry the person,
 * queued or sent, leave the log and the queue. A signed webhook's body names them by user id (an
 * activity, a goal, a wrap-up, their joining); a chat post by name, as a JSON string.
 */
export async function deleteDeliveriesAbout(
  tx: Transaction,
  companyId: CompanyId,
  person: { userId: string; displayName: string | null },
): Promise<void> {
  const nameJson = person.displayName ? JSON.stringify(person.displayName) : null;
  await tx.execute(sql`
    DELETE FROM webhook_deliveries d USING webhook_endpoints e
     WHERE d.endpoint_id = e.id AND d.company_id = ${companyId}::uuid
       AND (e.kind = 'webhook' AND strpos(d.body, ${JSON.stringify(person.userId)}) > 0
            OR e.kind <> 'webhook' AND ${nameJson}::text IS NOT NULL AND strpos(d.body, ${nameJson}::text) > 0)`);
}

// ---- the outbox ----------------------------------------------------------------------------------

/**
 * One event to record: its type, the body every subscribed endpoint receives, and the member it
 * is about (their name and e-mail join the body when it is queued).
 */
export type OutboxEvent = { type: string; body: string; memberId?: string | null };

/** A Slack or Teams endpoint that may want the events: its id and its choices (read by the chat module). */
export type ChatEndpointChoices = { id: string; choices: unknown };

/**
 * Transaction step: one delivery per event and enabled endpoint of the company that subscribes to
 * it, in one statement, in the order given (an endpoint's seq follows it). With `endpointId`, that
 * endpoint only, whatever it subscribes to (a test event). The same statement returns the
 * company's enabled chat endpoints (decision 038), which queue their own posts: a company without
 * any pays no extra round trip for a sale.
 */
export async function insertWebhookDeliveries(
  tx: Transaction,
  companyId: CompanyId,
  events: OutboxEvent[],
  now: Date,
  endpointId: string | null = null,
): Promise<{ inserted: number; chatEndpoints: ChatEndpointChoices[] }> {
  if (events.length === 0) return { inserted: 0, chatEndpoints: [] };
  const result = await tx.execute(sql`
    WITH inserted AS (
      INSERT INTO webhook_deliveries (company_id, endpoint_id, event_type, body, next_attempt_at, created_at)
      SELECT e.company_id, e.id, ev.type,
             -- The member the event is about, by name and e-mail (docs/api.md, "The member"): a receiver need
             -- not look the id up. Not for a member whose personal data was erased.
             CASE WHEN p.user_id IS NULL THEN ev.body
                  ELSE left(ev.body, -1) || ',"member":' || json_build_object('id', p.user_id, 'name', p.display_name, 'email', u.email)::text || '}'
             END,
             ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
        FROM jsonb_array_elements(${JSON.stringify(events)}::jsonb) WITH ORDINALITY AS x(event, n)
        CROSS JOIN LATERAL (SELECT x.event->>'type' AS type, x.event->>'body' AS body, x.event->>'memberId' AS member_id) ev
        JOIN webhook_endpoints e ON e.company_id = ${companyId}::uuid AND e.enabled
         AND (${endpointId}::uuid IS NULL AND e.kind = 'webhook' AND ev.type = ANY (e.events) OR e.id = ${endpointId}::uuid)
        LEFT JOIN profiles p ON p.company_id = ${companyId}::uuid AND p.user_id = ev.member_id AND p.erased_at IS NULL
        LEFT JOIN "user" u ON u.id = p.user_id
       ORDER BY x.n, e.id
      RETURNING 1)
    SELECT (SELECT count(*) FROM inserted)::int AS inserted,
           (SELECT coalesce(json_agg(json_build_object('id', c.id, 'choices', c.chat_choices) ORDER BY c.id), '[]'::json)
              FROM webhook_endpoints c
             WHERE c.company_id = ${companyId}::uuid AND c.enabled AND c.kind <> 'webhook' AND ${endpointId}::uuid IS NULL) AS chat`);
  const [row] = rowsOf<{ inserted: number; chat: unknown }>(result);
  const chat =
    typeof row?.chat === 'string' ? (JSON.parse(row.chat) as ChatEndpointChoices[]) : ((row?.chat ?? []) as ChatEndpointChoices[]);
  return { inserted: Number(row?.inserted ?? 0), chatEndpoints: chat };
}

/** Queues an event for one endpoint of the admin's company (Send test event). 'disabled' when it is off, null when missing. */
export async function insertWebhookTestDelivery(
  db: Database,
  scope: MemberScope,
  input: { endpointId: string; event: OutboxEvent; now: Date },
): Promise<'queued' | 'disabled' | null> {
  return withTenant(db, scope, async (tx) => {
    const [endpoint] = await tx
      .select({ enabled: webhookEndpoints.enabled })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.companyId, scope.companyId), eq(webhookEndpoints.id, input.endpointId), isSignedWebhook));
    if (!endpoint) return null;
    if (!endpoint.enabled) return 'disabled';
    await insertWebhookDeliveries(tx, scope.companyId, [input.event], input.now, input.endpointId);
    return 'queued';
  });
}

// ---- the delivery worker (every company) ---------------------------------------------------------

/**
 * The worker's transaction: the connecting role with app.webhook_worker on, which the policies of
 * the two webhook tables let see every company's rows (never app_user: the policy checks the role,
 * migration 0018). Only the delivery worker calls this.
 */
export async function withDeliveryWorker<T>(db: Database, fn: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('app.webhook_worker', 'on', true), set_config('app.company_id', '', true)`);
    return fn(tx);
  });
}

export type ClaimedDelivery = {
  id: string;
  companyId: CompanyId;
  endpointId: string;
  /** 'webhook' (signed), or 'slack' / 'teams' (the body is a chat message, written at send time). */
  kind: string;
  url: string;
  secret: string;
  body: string;
  /** Slack and Teams: the channel's language. */
  chatLanguage: string | null;
  attempts: number;
  firstAttemptAt: Date;
};

/**
 * Claims up to `limit` due deliveries for this instance until `leaseUntil`, oldest due first. A
 * webhook endpoint gets up to `perEndpoint` at once (those already being sent count): a delivery
 * that fails waits for its retry alone while the ones behind it go out (decision 073). A Slack or
 * Teams channel gets its oldest open post only, so a channel reads in order (decision 038).
 * FOR UPDATE SKIP LOCKED: an instance passes over rows another is claiming, and the conditions
 * are checked again on the row it locks, so a delivery another instance has just claimed (status
 * sending, lease in the future) is not taken twice. A claim whose lease ran out (its instance died
 * mid-send) is due again.
 */
export async function claimDueWebhookDeliveries(
  db: Database,
  input: { now: Date; leaseUntil: Date; limit: number; perEndpoint: number },
): Promise<{ claimed: ClaimedDelivery[]; nextDueAt: Date | null }> {
  const now = input.now.toISOString();
  return withDeliveryWorker(db, async (tx) => {
    const result = await tx.execute(sql`
      WITH flying AS (
        SELECT endpoint_id, count(*) AS n
          FROM webhook_deliveries
         WHERE status = 'sending' AND lease_until > ${now}::timestamptz
         GROUP BY endpoint_id
      ), candidates AS (
        SELECT d.id, d.seq, d.next_attempt_at, e.kind,
               row_number() OVER (PARTITION BY d.endpoint_id ORDER BY d.seq) + coalesce(f.n, 0) AS place
          FROM webhook_deliveries d
          JOIN webhook_endpoints e ON e.id = d.endpoint_id AND e.enabled
          LEFT JOIN flying f ON f.endpoint_id = d.endpoint_id
         WHERE (d.status = 'pending' AND d.next_attempt_at <= ${now}::timestamptz
                OR d.status = 'sending' AND d.lease_until <= ${now}::timestamptz)
      ), due AS (
        SELECT d.id
          FROM webhook_deliveries d
          JOIN candidates c ON c.id = d.id
         WHERE (d.status = 'pending' AND d.next_attempt_at <= ${now}::timestamptz
                OR d.status = 'sending' AND d.lease_until <= ${now}::timestamptz)
           AND (c.kind = 'webhook' AND c.place <= ${input.perEndpoint}
                OR c.kind <> 'webhook' AND NOT EXISTS (
                     SELECT 1 FROM webhook_deliveries p
                      WHERE p.endpoint_id = d.endpoint_id AND p.status IN ('pending', 'sending') AND p.seq < d.seq))
         ORDER BY c.next_attempt_at, c.seq
         LIMIT ${input.limit}
         FOR UPDATE OF d SKIP LOCKED
      )
      UPDATE webhook_deliveries d
         SET status = 'sending', lease_until = ${input.leaseUntil.toISOString()}::timestamptz, attempts = d.attempts + 1,
             first_attempt_at = coalesce(d.first_attempt_at, ${now}::timestamptz), last_attempt_at = ${now}::timestamptz
        FROM due, webhook_endpoints e
       WHERE d.id = due.id AND e.id = d.endpoint_id
      RETURNING d.id, d.company_id, d.endpoint_id, e.kind, e.url, e.secret, e.chat_language, d.body, d.attempts, d.first_attempt_at`);
    const claimed = rowsOf<Record<string, unknown>>(result).map((row) => ({
      id: String(row.id),
      companyId: row.company_id as CompanyId,
      endpointId: String(row.endpoint_id),
      kind: String(row.kind),
      url: String(row.url),
      secret: String(row.secret),
      body: String(row.body),
      chatLanguage: row.chat_language === null || row.chat_language === undefined ? null : String(row.chat_language),
      attempts: Number(row.attempts),
      firstAttemptAt: new Date(row.first_attempt_at as string),
    }));
    // Nothing due now: when the next one is (a retry's time, a lease that runs out), so an idle
    // worker sleeps until then instead of looking every second (decision 095).
    if (claimed.length > 0) return { claimed, nextDueAt: null };
    const [next] = rowsOf<{ at: string | Date | null }>(
      await tx.execute(sql`SELECT least(
        (SELECT min(next_attempt_at) FROM webhook_deliveries WHERE status = 'pending'),
        (SELECT min(lease_until) FROM webhook_deliveries WHERE status = 'sending')) AS at`),
    );
    return { claimed, nextDueAt: next?.at ? new Date(next.at) : null };
  });
}

/**
 * Records an attempt's outcome, if the claim is still this instance's (same attempt, still
 * sending). 'failed' gives the delivery up and turns its endpoint off in the same transaction;
 * `endpointDisabled` says whether this call did that (so only one instance tells the admins).
 */
export async function finishWebhookDelivery(
  db: Database,
  input: {
    id: string;
    attempts: number;
    outcome: 'succeeded' | 'retry' | 'failed';
    nextAttemptAt: Date | null;
    responseStatus: number | null;
    responseExcerpt: string;
  },
): Promise<{ recorded: boolean; endpointDisabled: boolean }> {
  return withDeliveryWorker(db, async (tx) => {
    const [row] = await tx
      .update(webhookDeliveries)
      .set({
        status: input.outcome === 'retry' ? 'pending' : input.outcome,
        nextAttemptAt: input.outcome === 'retry' ? input.nextAttemptAt : null,
        leaseUntil: null,
        responseStatus: input.responseStatus,
        responseExcerpt: input.responseExcerpt,
      })
      .where(
        and(eq(webhookDeliveries.id, input.id), eq(webhookDeliveries.status, 'sending'), eq(webhookDeliveries.attempts, input.attempts)),
      )
      .returning({ endpointId: webhookDeliveries.endpointId });
    if (!row) return { recorded: false, endpointDisabled: false };
    if (input.outcome !== 'failed') return { recorded: true, endpointDisabled: false };
    const disabled = await tx
      .update(webhookEndpoints)
      .set({ enabled: false, disabledReason: 'failing', updatedAt: sql`now()` })
      .where(and(eq(webhookEndpoints.id, row.endpointId), eq(webhookEndpoints.enabled, true)))
      .returning({ id: webhookEndpoints.id });
    return { recorded: true, endpointDisabled: disabled.length > 0 };
  });
}

/** The endpoint a disabling mail names. */
export async function findEndpointForMail(db: Database, id: string): Promise<Pick<WebhookEndpointRow, 'url' | 'description'> | null> {
  return withDeliveryWorker(db, async (tx) => {
    const [row] = await tx
      .select({ url: webhookEndpoints.url, description: webhookEndpoints.description })
      .from(webhookEndpoints)
      .where(inArray(webhookEndpoints.id, [id]));
    return row ?? null;
  });
}

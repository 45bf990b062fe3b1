/* A request from an inbound source (POST /api/v1/inbound/{id}): checked, read by the mapping, logged once. */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import {
  INBOUND_BODY_MAX_BYTES,
  type InboundMapping,
  InboundMappingSchema,
  type InboundReceipt,
  type InboundRefusal,
  type InboundResult,
  LogActivitySchema,
} from '@core/contracts';
import { pickName } from '@core/activity-types';
import { computeInboundChanges, computeInboundLog, readInboundPayload } from '@core/inbound';
import type { Actor, AppDeps } from '../../context';
import { withTenant } from '../../db/tenant';
import { HttpError } from '../../lib/http';
import { deleteActivity, getActivity, logActivity, updateActivity } from '../activities/activities.service';
import { selectActivityTypesIn, selectLiveActivityTypesIn } from '../activity-types/activity-types.service';
import { selectCompany } from '../companies/companies.service';
import { selectActiveMemberIn } from '../companies/memberships.service';
import {
  enterInboundSource,
  findInboundActivityOwnerId,
  findInboundLink,
  hasInboundMessage,
  type InboundSourceRow,
  insertInboundPayload,
  upsertInboundLink,
} from './inbound-sources.repository';

/** What the route hands over: the request as received. */
export type InboundRequest = { sourceId: string; body: Uint8Array; headers: Headers; tooLarge: boolean };

/** What the sender is answered: the status and the receipt. */
export type InboundAnswer = { status: 200 | 202 | 400 | 401 | 404 | 409 | 413 | 422; receipt: InboundReceipt };

const receipt = (
  result: InboundResult,
  more: { activityId?: string | null; refusal?: InboundRefusal | null; reason?: string | null } = {},
): InboundReceipt => ({
  result,
  activityId: more.activityId ?? null,
  refusal: more.refusal ?? null,
  reason: more.reason ?? null,
});

/**
 * The activity a record becomes carries a client key made from the source and the record's id (a
 * name-based UUID, RFC 4122 version 5): the same record sent twice at once is logged once, by the
 * write path's own check (decision 054), and a record its member deleted is not logged again.
 */
export function computeInboundClientKey(sourceId: string, externalId: string): string {
  const namespace = Buffer.from(sourceId.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1').update(namespace).update(externalId, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Whether the request is signed with the source's secret: Standard Webhooks (id, time within 5 minutes, signature), or an HMAC of the body. */
function verifySignature(source: InboundSourceRow, body: Uint8Array, headers: Headers): boolean {
  if (source.signature === 'standard_webhooks') {
    try {
      // The body is read as JSON afterwards, by the route's own rules (a signed body that is not JSON is refused as such).
      new Webhook(source.secret).verify(
        Buffer.from(body).toString('utf8'),
        {
          'webhook-id': headers.get('webhook-id') ?? '',
          'webhook-timestamp': headers.get('webhook-timestamp') ?? '',
          'webhook-signature': headers.get('webhook-signature') ?? '',
        },
        { jsonParse: false },
      );
      return true;
    } catch {
      return false;
    }
  }
  // HMAC-SHA256 of the raw body with the secret (the whole whsec_… text as the key), in hex or
  // base64, with or without a "sha256=" in front (as GitHub, Shopify and most senders write it).
  const given = (headers.get(source.signatureHeader) ?? '').trim().replace(/^sha256=/i, '');
  const digest = createHmac('sha256', source.secret).update(body).digest();
  for (const expected of [Buffer.from(digest.toString('hex')), Buffer.from(digest.toString('base64'))]) {
    const candidate = Buffer.from(given);
    if (candidate.length === expected.length && timingSafeEqual(candidate, expected)) return true;
  }
  return false;
}

/** The refusal a write path's answer becomes (its words kept for the admin). */
function refusalOf(error: unknown): { refusal: InboundRefusal; reason: string } {
  if (error instanceof HttpError) {
    const refusal: InboundRefusal = 'not_logged';
    const fields = error.details && typeof error.details === 'object' ? Object.values(error.details as Record<string, unknown>) : [];
    const detail = fields.find((value): value is string => typeof value === 'string');
    return { refusal, reason: detail && !error.message.includes(detail) ? `${error.message} (${detail})` : error.message };
  }
  throw error;
}

/**
 * Takes one request of an inbound source: finds the source by the id in its URL, checks its size and
 * signature, keeps the payload, and when the source is mapped logs, updates or deletes the activity
 * its record names, as its member (the member's own rights, as if logged on their phone). Every
 * request the source signed is kept with what became of it; a refused one says why. One it did not
 * sign is answered with the reason and kept nowhere.
 */
export async function receiveInboundPayload(deps: AppDeps, request: InboundRequest): Promise<InboundAnswer> {
  const now = deps.now();
  const opened = await withTenant(deps.database.db, { companyId: null, userId: null }, async (tx) => {
    const source = await enterInboundSource(tx, request.sourceId);
    if (!source) return null;
    const messageId = source.signature === 'standard_webhooks' ? request.headers.get('webhook-id') : null;
    if (!source.enabled)
      return {
        kind: 'answer' as const,
        answer: { status: 409 as const, receipt: receipt('refused', { reason: 'This source is switched off.' }) },
      };
    // What the source's secret did not sign (or cannot be checked: too large to read) is refused to the
    // sender with its reason and leaves nothing in the company's data: anyone who learns the URL could
    // otherwise write into the company's log.
    if (request.tooLarge) {
      const reason = `The payload is larger than ${INBOUND_BODY_MAX_BYTES / 1024} KB.`;
      return { kind: 'answer' as const, answer: { status: 413 as const, receipt: receipt('refused', { refusal: 'too_large', reason }) } };
    }
    if (!verifySignature(source, request.body, request.headers)) {
      const reason =
        source.signature === 'standard_webhooks'
          ? 'The Standard Webhooks signature does not match the source’s secret, or the message is older than 5 minutes.'
          : `The ${source.signatureHeader} header is not the HMAC-SHA256 of the body with the source’s secret.`;
      return {
        kind: 'answer' as const,
        answer: { status: 401 as const, receipt: receipt('refused', { refusal: 'bad_signature', reason }) },
      };
    }
    // A message sent again (a sender's retry after a lost answer): taken once.
    if (messageId && (await hasInboundMessage(tx, source.companyId, source.id, messageId))) {
      return {
        kind: 'answer' as const,
        answer: { status: 200 as const, receipt: receipt('unchanged', { reason: 'This message was received before.' }) },
      };
    }
    return { kind: 'go' as const, source, messageId };
  });
  if (!opened) return { status: 404, receipt: receipt('refused', { reason: 'No such source.' }) };
  if (opened.kind === 'answer') return opened.answer;
  const { source, messageId } = opened;

  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(request.body).toString('utf8'));
  } catch {
    body = undefined;
  }
  const mapping = source.mapping === null ? null : InboundMappingSchema.safeParse(source.mapping);
  const outcome: {
    status: InboundAnswer['status'];
    result: InboundResult;
    refusal?: InboundRefusal;
    reason?: string;
    externalId?: string;
    activityId?: string;
  } =
    body === undefined
      ? { status: 400, result: 'refused', refusal: 'not_json', reason: 'The body is not JSON.' }
      : mapping === null
        ? { status: 202, result: 'kept', reason: 'Kept for the mapping: this source is not mapped yet.' }
        : !mapping.success
          ? { status: 202, result: 'kept', reason: 'Kept: this source’s mapping needs to be saved again.' }
          : await applyPayload(deps, source, body, mapping.data);
  const stored = await withTenant(deps.database.db, { companyId: source.companyId, userId: null }, (tx) =>
    insertInboundPayload(tx, {
      companyId: source.companyId,
      sourceId: source.id,
      receivedAt: now,
      messageId,
      result: outcome.result,
      refusal: outcome.refusal ?? null,
      reason: outcome.reason ?? null,
      externalId: outcome.externalId ?? null,
      activityId: outcome.activityId ?? null,
      body: body === undefined ? null : body,
    }),
  );
  // The same message at once from two requests: the other one recorded it.
  if (!stored && messageId) return { status: 200, receipt: receipt('unchanged', { reason: 'This message was received before.' }) };
  return {
    status: outcome.status,
    receipt: receipt(outcome.result, {
      activityId: outcome.activityId ?? null,
      refusal: outcome.refusal ?? null,
      reason: outcome.reason ?? null,
    }),
  };
}

type Applied = {
  status: InboundAnswer['status'];
  result: InboundResult;
  refusal?: InboundRefusal;
  reason?: string;
  externalId?: string;
  activityId?: string;
};

async function applyPayload(deps: AppDeps, source: InboundSourceRow, body: unknown, mapping: InboundMapping): Promise<Applied> {
  const reading = readInboundPayload(body, mapping);
  if (!reading.ok) return { status: 422, result: 'refused', refusal: reading.refusal, reason: reading.reason };
  const record = reading.record;
  const companyId = source.companyId;
  const externalId = record.externalId;
  const found = await withTenant(deps.database.db, { companyId, userId: null }, async (tx) => {
    const linked = await findInboundLink(tx, companyId, source.id, externalId);
    const timezone = (await selectCompany(tx, companyId))!.timezone;
    if (record.kind === 'deletion') {
      const ownerId = linked ? await findInboundActivityOwnerId(tx, companyId, linked) : null;
      const member = ownerId ? await selectActiveMemberIn(tx, companyId, { by: 'id', value: ownerId }) : null;
      return { linked, member, timezone, type: undefined };
    }
    const member = await selectActiveMemberIn(tx, companyId, record.member);
    // One of the company's own types (a UUID; the built-in kinds are named by their words): its name, and whether it is still logged.
    let type: { name: string; archived: boolean } | null | undefined;
    if (record.logs.includes('-')) {
      const own = (await selectActivityTypesIn(tx, companyId)).find((candidate) => candidate.id === record.logs);
      const live = own ? (await selectLiveActivityTypesIn(tx, companyId)).some((candidate) => candidate.id === record.logs) : false;
      type = own ? { name: pickName(own.names, 'en'), archived: !live } : null;
    }
    return { linked, member, timezone, type };
  });

  if (record.kind === 'deletion') {
    if (!found.linked) return { status: 200, result: 'unchanged', externalId, reason: 'Nothing was logged for this id.' };
    if (!found.member) return { status: 200, result: 'unchanged', externalId, reason: 'Its activity was deleted before.' };
    try {
      await deleteActivity(deps, { ...found.member, companyId, timezone: found.timezone }, found.linked);
    } catch (error) {
      return { status: 422, result: 'refused', externalId, ...refusalOf(error) };
    }
    return { status: 200, result: 'deleted', externalId, activityId: found.linked };
  }

  if (!found.member) {
    const who = record.member.by === 'email' ? `with the e-mail address ${record.member.value}` : `with the id ${record.member.value}`;
    return { status: 422, result: 'refused', refusal: 'unknown_member', externalId, reason: `No member of your company ${who}.` };
  }
  if (found.type === null) {
    return {
      status: 422,
      result: 'refused',
      refusal: 'unknown_kind',
      externalId,
      reason: 'The mapping names an activity type your company no longer has.',
    };
  }
  if (found.type?.archived) {
    return {
      status: 422,
      result: 'refused',
      refusal: 'archived_type',
      externalId,
      reason: `The activity type ${found.type.name} is archived: it is no longer logged.`,
    };
  }
  const actor: Actor = { ...found.member, companyId, timezone: found.timezone };
  const log = computeInboundLog(record, actor.timezone);
  try {
    if (found.linked) {
      const current = await getActivity(deps, actor, found.linked).catch(() => null);
      if (current) {
        const changes = computeInboundChanges(current, log, actor.userId);
        if (changes === null) return { status: 200, result: 'unchanged', externalId, activityId: current.id };
        if (changes !== 'replace') {
          const updated = await updateActivity(deps, actor, current.id, changes);
          return { status: 200, result: 'updated', externalId, activityId: updated.id };
        }
        return {
          status: 422,
          result: 'refused',
          refusal: 'not_logged',
          externalId,
          activityId: current.id,
          reason:
            'Its kind, member or own type’s values changed; such a change is not made to a logged activity. Delete it in Dealboard to log it again.',
        };
      }
    }
    const parsed = LogActivitySchema.safeParse({ ...log, clientKey: computeInboundClientKey(source.id, externalId) });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return {
        status: 422,
        result: 'refused',
        refusal: 'bad_value',
        externalId,
        reason: `${issue.path.join('.') || 'The activity'}: ${issue.message}.`,
      };
    }
    const activity = await logActivity(deps, actor, parsed.data);
    await withTenant(deps.database.db, { companyId, userId: null }, (tx) =>
      upsertInboundLink(tx, companyId, source.id, externalId, activity.id),
    );
    return { status: 200, result: 'logged', externalId, activityId: activity.id };
  } catch (error) {
    return { status: 422, result: 'refused', externalId, ...refusalOf(error) };
  }
}

import {
  type CreatedInboundSource,
  INBOUND_SOURCES_PER_COMPANY,
  type InboundMapping,
  InboundMappingSchema,
  type InboundPayload,
  type InboundRefusal,
  type InboundResult,
  type InboundSource,
  type InboundSourceInput,
  InboundSourceInputSchema,
  type InboundSourcePatch,
} from '@core/contracts';
import { type Actor, type AppDeps, memberScopeOf } from '../../context';
import { HttpError, notFound } from '../../lib/http';
import { generateWebhookSecret } from '../webhooks/webhooks.service';
import {
  deleteInboundSource as deleteSourceRow,
  findInboundPayloads,
  findInboundSource,
  findInboundSources,
  type InboundPayloadRow,
  type InboundSourceRow,
  insertInboundSource,
  updateInboundSource as updateSourceRow,
} from './inbound-sources.repository';

/*
 * Inbound sources (decision 120): an admin's sources and what each sent. A source's own requests are
 * receive-inbound-payload.ts.
 */

export { receiveInboundPayload } from './receive-inbound-payload';

const sourceNotFound = () => notFound('No such inbound source in your company.');

/** A mapping as stored, read again through the contract (null when it no longer reads: the source keeps its payloads). */
function mappingOf(row: InboundSourceRow): InboundMapping | null {
  if (row.mapping === null) return null;
  const parsed = InboundMappingSchema.safeParse(row.mapping);
  return parsed.success ? parsed.data : null;
}

function toInboundSource(deps: AppDeps, row: InboundSourceRow): InboundSource {
  return {
    id: row.id,
    name: row.name,
    signature: row.signature === 'hmac_sha256' ? 'hmac_sha256' : 'standard_webhooks',
    signatureHeader: row.signatureHeader,
    mapping: mappingOf(row),
    enabled: row.enabled,
    url: `${deps.config.publicUrl}/api/v1/inbound/${row.id}`,
    createdAt: row.createdAt.toISOString(),
    lastReceivedAt: row.lastReceivedAt?.toISOString() ?? null,
  };
}

function toInboundPayload(row: InboundPayloadRow): InboundPayload {
  return {
    id: row.id,
    receivedAt: row.receivedAt.toISOString(),
    result: row.result as InboundResult,
    refusal: (row.refusal as InboundRefusal | null) ?? null,
    reason: row.reason,
    externalId: row.externalId,
    activityId: row.activityId,
    body: row.body ?? null,
  };
}

export async function createInboundSource(deps: AppDeps, actor: Actor, input: InboundSourceInput): Promise<CreatedInboundSource> {
  const parsed = InboundSourceInputSchema.parse(input);
  const row = await insertInboundSource(deps.database.db, memberScopeOf(actor), {
    name: parsed.name,
    signature: parsed.signature,
    signatureHeader: parsed.signatureHeader.toLowerCase(),
    secret: generateWebhookSecret(),
    mapping: parsed.mapping,
    enabled: parsed.enabled,
    now: deps.now(),
    limit: INBOUND_SOURCES_PER_COMPANY,
  });
  if (row === 'too_many') {
    throw new HttpError(
      409,
      'too_many_inbound_sources',
      `Your company already has ${INBOUND_SOURCES_PER_COMPANY} inbound sources. Delete one before adding another.`,
    );
  }
  return { ...toInboundSource(deps, row), secret: row.secret };
}

export async function listInboundSources(deps: AppDeps, actor: Actor): Promise<InboundSource[]> {
  return (await findInboundSources(deps.database.db, memberScopeOf(actor))).map((row) => toInboundSource(deps, row));
}

export async function updateInboundSource(deps: AppDeps, actor: Actor, id: string, changes: InboundSourcePatch): Promise<InboundSource> {
  const row = await updateSourceRow(deps.database.db, memberScopeOf(actor), id, {
    ...(changes.name !== undefined && { name: changes.name }),
    ...(changes.signatureHeader !== undefined && { signatureHeader: changes.signatureHeader.toLowerCase() }),
    ...(changes.mapping !== undefined && { mapping: changes.mapping }),
    ...(changes.enabled !== undefined && { enabled: changes.enabled }),
    updatedAt: deps.now(),
  });
  if (!row) throw sourceNotFound();
  return toInboundSource(deps, row);
}

/** A new secret: the old one stops working at once (the sender must be given the new one). */
export async function rotateInboundSourceSecret(deps: AppDeps, actor: Actor, id: string): Promise<CreatedInboundSource> {
  const row = await updateSourceRow(deps.database.db, memberScopeOf(actor), id, { secret: generateWebhookSecret(), updatedAt: deps.now() });
  if (!row) throw sourceNotFound();
  return { ...toInboundSource(deps, row), secret: row.secret };
}

export async function deleteInboundSource(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  if (!(await deleteSourceRow(deps.database.db, memberScopeOf(actor), id, deps.now()))) throw sourceNotFound();
}

/** What a source sent, newest first: the newest payloads (the mapping's preview) and the refused ones of the last days. */
export async function listInboundPayloads(deps: AppDeps, actor: Actor, id: string): Promise<InboundPayload[]> {
  const scope = memberScopeOf(actor);
  if (!(await findInboundSource(deps.database.db, scope, id))) throw sourceNotFound();
  return (await findInboundPayloads(deps.database.db, scope, id)).map(toInboundPayload);
}

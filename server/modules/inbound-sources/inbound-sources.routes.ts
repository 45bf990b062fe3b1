import { createRoute } from '@hono/zod-openapi';
import {
  CreatedInboundSourceSchema,
  INBOUND_BODY_MAX_BYTES,
  InboundPayloadListSchema,
  type InboundReceipt,
  InboundReceiptSchema,
  InboundSourceIdParamsSchema,
  InboundSourceInputSchema,
  InboundSourceListSchema,
  InboundSourcePatchSchema,
  InboundSourceSchema,
  OkSchema,
} from '@core/contracts';
import { createRouter, errorResponses, HttpError } from '../../lib/http';
import { leavesAccountsAlone, requireAdmin, requireMember } from '../session/session.middleware';
import {
  createInboundSource,
  deleteInboundSource,
  listInboundPayloads,
  listInboundSources,
  receiveInboundPayload,
  rotateInboundSourceSecret,
  updateInboundSource,
} from './inbound-sources.service';

/*
 * Inbound sources (decision 120): an admin's, with the signed-in session (a personal access token
 * cannot manage them); and each source's own URL, which takes its signed requests with no one signed in.
 */
export const inboundSourcesRoutes = createRouter();

const tags = ['Inbound sources'];
const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });
const notFoundResponse = { 404: { description: 'No such inbound source in your company' } } as const;

inboundSourcesRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/admin/inbound-sources',
    tags,
    summary: "The company's inbound sources, oldest first (admin; the secret is only in the answers to adding and rotating)",
    middleware: [requireMember, requireAdmin, leavesAccountsAlone] as const,
    responses: { 200: { description: 'OK', ...json(InboundSourceListSchema) }, ...errorResponses },
  }),
  async (c) => c.json({ sources: await listInboundSources(c.get('deps'), c.get('actor')) }, 200),
);

inboundSourcesRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/admin/inbound-sources',
    tags,
    summary: 'Add an inbound source: its name, how its requests are signed and, when known, its mapping (admin)',
    description:
      'The answer holds the source’s URL and secret. Until it has a mapping, what it sends is kept for the mapping’s preview, not logged. At most 20 sources per company (409 too_many_inbound_sources).',
    middleware: [requireMember, requireAdmin, leavesAccountsAlone] as const,
    request: { body: { ...json(InboundSourceInputSchema), required: true } },
    responses: {
      201: { description: 'Created', ...json(CreatedInboundSourceSchema) },
      ...errorResponses,
      409: { description: 'The company has the most sources it may (code too_many_inbound_sources)' },
    },
  }),
  async (c) => c.json(await createInboundSource(c.get('deps'), c.get('actor'), c.req.valid('json')), 201),
);

inboundSourcesRoutes.openapi(
  createRoute({
    method: 'patch',
    path: '/admin/inbound-sources/{id}',
    tags,
    summary: 'Change a source: its name, its HMAC header, its mapping, or turn it on or off (admin)',
    middleware: [requireMember, requireAdmin, leavesAccountsAlone] as const,
    request: { params: InboundSourceIdParamsSchema, body: { ...json(InboundSourcePatchSchema), required: true } },
    responses: { 200: { description: 'OK', ...json(InboundSourceSchema) }, ...errorResponses, ...notFoundResponse },
  }),
  async (c) => c.json(await updateInboundSource(c.get('deps'), c.get('actor'), c.req.valid('param').id, c.req.valid('json')), 200),
);

inboundSourcesRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/admin/inbound-sources/{id}',
    tags,
    summary: 'Delete a source and what it sent; the activities it logged stay (admin)',
    middleware: [requireMember, requireAdmin, leavesAccountsAlone] as const,
    request: { params: InboundSourceIdParamsSchema },
    responses: { 200: { description: 'Deleted', ...json(OkSchema) }, ...errorResponses, ...notFoundResponse },
  }),
  async (c) => {
    await deleteInboundSource(c.get('deps'), c.get('actor'), c.req.valid('param').id);
    return c.json({ ok: true as const }, 200);
  },
);

inboundSourcesRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/admin/inbound-sources/{id}/rotate-secret',
    tags,
    summary: 'A new secret for the source; the old one stops verifying at once (admin)',
    middleware: [requireMember, requireAdmin, leavesAccountsAlone] as const,
    request: { params: InboundSourceIdParamsSchema },
    responses: { 200: { description: 'OK', ...json(CreatedInboundSourceSchema) }, ...errorResponses, ...notFoundResponse },
  }),
  async (c) => c.json(await rotateInboundSourceSecret(c.get('deps'), c.get('actor'), c.req.valid('param').id), 200),
);

inboundSourcesRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/admin/inbound-sources/{id}/payloads',
    tags,
    summary:
      'What the source sent, newest first: its last 20 payloads and the refused ones of the last 7 days, with what became of each (admin)',
    middleware: [requireMember, requireAdmin, leavesAccountsAlone] as const,
    request: { params: InboundSourceIdParamsSchema },
    responses: { 200: { description: 'OK', ...json(InboundPayloadListSchema) }, ...errorResponses, ...notFoundResponse },
  }),
  async (c) => c.json({ payloads: await listInboundPayloads(c.get('deps'), c.get('actor'), c.req.valid('param').id) }, 200),
);

/** The body as sent, read no further than the limit (a larger one is cut off, never held whole). */
async function readBody(request: Request): Promise<{ body: Uint8Array; tooLarge: boolean }> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > INBOUND_BODY_MAX_BYTES) return { body: new Uint8Array(), tooLarge: true };
  if (!request.body) return { body: new Uint8Array(), tooLarge: false };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > INBOUND_BODY_MAX_BYTES) {
      await reader.cancel();
      return { body: new Uint8Array(), tooLarge: true };
    }
    chunks.push(value);
  }
  return { body: Buffer.concat(chunks), tooLarge: false };
}

inboundSourcesRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/inbound/{id}',
    tags,
    summary: 'An inbound source’s URL: one JSON payload, signed with the source’s secret, logs, updates or deletes one activity',
    description:
      'Signed as the source says: Standard Webhooks (`webhook-id`, `webhook-timestamp` within 5 minutes, `webhook-signature`), or an HMAC-SHA256 of the raw body with the secret (the whole `whsec_…` text as the key) in hex or base64 in the source’s header, `sha256=` in front or not. The answer says what became of the payload: `logged`, `updated`, `deleted`, `unchanged` (200) or `kept` for the mapping (202); a refusal is the API’s error shape with a code naming the reason. Every signed payload is kept for the admin to see, refused ones with their reason.',
    request: { params: InboundSourceIdParamsSchema },
    responses: {
      200: { description: 'Logged, updated, deleted or unchanged', ...json(InboundReceiptSchema) },
      202: { description: 'Kept for the mapping (the source is not mapped yet)', ...json(InboundReceiptSchema) },
      400: { description: 'The body is not JSON (invalid_json)' },
      401: { description: 'The signature does not match the source’s secret, or is older than 5 minutes (bad_signature)' },
      404: { description: 'No such source (not_found)' },
      409: { description: 'The source is switched off (source_disabled)' },
      413: { description: 'The body is larger than 64 KB (payload_too_large)' },
      422: {
        description:
          'Refused by the mapping or by the activity’s rules: missing_value, unknown_member, unknown_kind, archived_type, bad_value, not_logged (the message says which value and why)',
      },
    },
  }),
  async (c) => {
    const { body, tooLarge } = await readBody(c.req.raw);
    const answer = await receiveInboundPayload(c.get('deps'), {
      sourceId: c.req.valid('param').id,
      body,
      headers: c.req.raw.headers,
      tooLarge,
    });
    if (answer.status === 200 || answer.status === 202) return c.json(answer.receipt, answer.status);
    throw toRefusalError(answer.status, answer.receipt);
  },
);

/** A refused payload as every refusal of the API reads: `{ error: { code, message } }`, the code naming the reason. */
function toRefusalError(status: number, receipt: InboundReceipt): HttpError {
  const reason = receipt.reason ?? 'Refused.';
  switch (receipt.refusal) {
    case 'bad_signature':
      return new HttpError(401, 'bad_signature', reason);
    case 'too_large':
      return new HttpError(413, 'payload_too_large', reason);
    case 'not_json':
      return new HttpError(400, 'invalid_json', reason);
    case 'missing_value':
      return new HttpError(422, 'missing_value', reason);
    case 'unknown_member':
      return new HttpError(422, 'unknown_member', reason);
    case 'unknown_kind':
      return new HttpError(422, 'unknown_kind', reason);
    case 'archived_type':
      return new HttpError(422, 'archived_type', reason);
    case 'bad_value':
      return new HttpError(422, 'bad_value', reason);
    case 'not_logged':
      return new HttpError(422, 'not_logged', reason);
  }
  if (status === 409) return new HttpError(409, 'source_disabled', reason);
  return new HttpError(404, 'not_found', reason);
}

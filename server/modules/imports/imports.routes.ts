import { createRoute, z } from '@hono/zod-openapi';
import {
  ApiErrorSchema,
  CommitImportSchema,
  IMPORT_UPLOAD_MAX_BYTES,
  ImportHistorySchema,
  ImportIdParamsSchema,
  ImportKindSchema,
  ImportPreviewSchema,
  ImportSummarySchema,
  ValidateImportSchema,
} from '@core/contracts';
import { bodyLimit } from 'hono/body-limit';
import { badRequest, createRouter, errorResponses } from '../../lib/http';
import { requireAdmin, requireMember } from '../session/session.middleware';
import { commitImport, listImports, requireImportKind, undoImport, uploadImport, validateImport } from './imports.service';

/* Spreadsheet imports (decision 039): admins only; another company's import is a 404. */
export const importsRoutes = createRouter();

const tags = ['Import'];
const json = <T>(schema: T) => ({ 'application/json': { schema } });
const MB = IMPORT_UPLOAD_MAX_BYTES / (1024 * 1024);

/** The upload's own limit, equal to its exemption in the global body limit (server/lib/edges.ts). */
const uploadLimit = bodyLimit({
  maxSize: IMPORT_UPLOAD_MAX_BYTES,
  onError: (c) => c.json({ error: { code: 'payload_too_large', message: `The file is too large: at most ${MB} MB.` } }, 413),
});

const UploadBodySchema = z.object({
  kind: ImportKindSchema,
  file: z
    .any()
    .openapi({ type: 'string', format: 'binary', description: 'The CSV (UTF-8, "," or ";") or XLSX file; the first sheet is read' }),
});

importsRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/imports',
    tags,
    summary: `Upload a CSV or XLSX file of activities or customers (multipart: kind, file; at most ${MB} MB). Nothing is imported yet: the answer proposes a mapping and checks every row`,
    middleware: [requireMember, requireAdmin, uploadLimit] as const,
    request: { body: { required: true, content: { 'multipart/form-data': { schema: UploadBodySchema } } } },
    responses: {
      201: { description: 'Kept for an hour; every row checked', content: json(ImportPreviewSchema) },
      ...errorResponses,
      413: { description: 'Larger than the upload limit', content: json(ApiErrorSchema) },
    },
  }),
  async (c) => {
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      throw badRequest('Send the file as multipart/form-data with the fields kind and file.', { file: 'Missing file' });
    }
    const kind = requireImportKind(form.kind);
    const file = form.file;
    if (!(file instanceof File)) throw badRequest('file: Choose a CSV or XLSX file', { file: 'Choose a CSV or XLSX file' });
    const bytes = new Uint8Array(await file.arrayBuffer());
    return c.json(await uploadImport(c.get('deps'), c.get('actor'), { kind, fileName: file.name, bytes }), 201);
  },
);

importsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/imports',
    tags,
    summary: "The company's imports (committed or undone), newest first: who, when, which file, how many rows, whether undone",
    middleware: [requireMember, requireAdmin] as const,
    responses: { 200: { description: 'OK', content: json(ImportHistorySchema) }, ...errorResponses },
  }),
  async (c) => c.json(await listImports(c.get('deps'), c.get('actor')), 200),
);

importsRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/imports/{id}/validate',
    tags,
    summary: 'Check every row of an uploaded file again with another mapping (nothing is written)',
    middleware: [requireMember, requireAdmin] as const,
    request: { params: ImportIdParamsSchema, body: { required: true, content: json(ValidateImportSchema) } },
    responses: {
      200: { description: 'Every row checked', content: json(ImportPreviewSchema) },
      ...errorResponses,
      409: { description: 'Already committed', content: json(ApiErrorSchema) },
      410: { description: 'The upload expired', content: json(ApiErrorSchema) },
    },
  }),
  async (c) => c.json(await validateImport(c.get('deps'), c.get('actor'), c.req.valid('param').id, c.req.valid('json')), 200),
);

importsRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/imports/{id}/commit',
    tags,
    summary:
      'Write an uploaded file with this mapping (activities a slice at a time; a failure half-way takes it all back). A failing row refuses the whole import (400 rows_failing) unless skipFailing',
    middleware: [requireMember, requireAdmin] as const,
    request: { params: ImportIdParamsSchema, body: { required: true, content: json(CommitImportSchema) } },
    responses: {
      200: { description: 'Imported', content: json(ImportSummarySchema) },
      ...errorResponses,
      409: { description: 'Already committed', content: json(ApiErrorSchema) },
      410: { description: 'The upload expired', content: json(ApiErrorSchema) },
    },
  }),
  async (c) => c.json(await commitImport(c.get('deps'), c.get('actor'), c.req.valid('param').id, c.req.valid('json')), 200),
);

importsRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/imports/{id}/undo',
    tags,
    summary: 'Undo an activities import: delete all of its activities in one transaction (the sync feed lists them as deleted)',
    middleware: [requireMember, requireAdmin] as const,
    request: { params: ImportIdParamsSchema },
    responses: {
      200: { description: 'Undone', content: json(ImportSummarySchema) },
      ...errorResponses,
      409: { description: 'Not committed, already undone, or a customers import', content: json(ApiErrorSchema) },
    },
  }),
  async (c) => c.json(await undoImport(c.get('deps'), c.get('actor'), c.req.valid('param').id), 200),
);

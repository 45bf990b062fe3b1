import { z } from 'zod';
import { text } from './common';

/*
 * Spreadsheet imports (decision 039): an admin uploads a CSV or XLSX file of activities or
 * customers, maps its columns to our fields, sees every row validated (the failing ones with their
 * reasons) before anything is written, then commits it in one transaction; an activities import
 * can be undone as a whole.
 */

export const IMPORT_KINDS = ['activities', 'customers'] as const;
export const ImportKindSchema = z.enum(IMPORT_KINDS);
export type ImportKind = z.infer<typeof ImportKindSchema>;

/** The largest file accepted (CSV or XLSX). */
export const IMPORT_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
/** The most data rows one file may hold. */
export const IMPORT_MAX_ROWS = 100_000;
/**
 * How far back an imported activity may lie, in days before the company's today: a year and a day
 * (the longest range a scoreboard shows). Nothing in the future. Logging in the app is today only,
 * so this is the import's own rule (decision 039).
 */
export const IMPORT_MAX_PAST_DAYS = 366;
/** How long an uploaded file waits for its commit. */
export const IMPORT_PREVIEW_TTL_MINUTES = 60;
/** The preview lists at most this many failing rows (the counts cover all). */
export const IMPORT_FAILURES_SHOWN = 500;
/** The first rows shown in the preview table. */
export const IMPORT_SAMPLE_ROWS = 50;

export const ACTIVITY_IMPORT_FIELDS = ['date', 'time', 'email', 'type', 'outcome', 'customer', 'value', 'product', 'notes'] as const;
export const CUSTOMER_IMPORT_FIELDS = ['name', 'domain', 'segment'] as const;
export const IMPORT_FIELDS = [...ACTIVITY_IMPORT_FIELDS, ...CUSTOMER_IMPORT_FIELDS] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Which column (0-based index into `columns`) feeds each field; a field left out or null is not imported. */
export const ImportMappingSchema = z.partialRecord(
  z.enum(IMPORT_FIELDS),
  z.number().int('must be a column number').min(0, 'must be a column number').max(500, 'must be a column number').nullable(),
);
export type ImportMapping = z.infer<typeof ImportMappingSchema>;

/**
 * Which column feeds each field of the company's own types (decision 100): keyed `typeId.fieldId`,
 * a column number or null. Proposed from the headers that name a field; a row of an own type reads
 * its type's fields from them.
 */
export const ImportFieldMappingSchema = z.record(
  text().max(100),
  z.number().int('must be a column number').min(0, 'must be a column number').max(500, 'must be a column number').nullable(),
);
export type ImportFieldMapping = z.infer<typeof ImportFieldMappingSchema>;

/** The key of an own type's field in an import's field mapping. */
export const importFieldKey = (typeId: string, fieldId: string) => `${typeId}.${fieldId}`;

/** Why a row fails; `field` is ours, the web words the code in the reader's language. */
export const IMPORT_ISSUE_CODES = [
  'required',
  'unknown_member',
  'unknown_type',
  'kind_disabled',
  'unknown_outcome',
  'outcome_not_allowed',
  'no_outcomes',
  'bad_date',
  'date_in_future',
  'date_too_old',
  'bad_time',
  'bad_value',
  'bad_field',
  'too_long',
  'duplicate_in_file',
  'already_exists',
] as const;
export const ImportIssueSchema = z.object({
  field: z.enum(IMPORT_FIELDS),
  code: z.enum(IMPORT_ISSUE_CODES),
  /** An own type's field the issue is about (`typeId.fieldId`; `field` is then 'value'). */
  typeField: text().optional(),
  /** The same in English, for API callers. */
  message: text(),
});
export type ImportIssue = z.infer<typeof ImportIssueSchema>;

export const ImportRowSchema = z.object({
  /** The row's number as a spreadsheet shows it (the header is row 1). */
  row: z.number().int(),
  cells: z.array(text()),
  issues: z.array(ImportIssueSchema),
});
export type ImportRow = z.infer<typeof ImportRowSchema>;

export const ImportPreviewSchema = z.object({
  id: text(),
  kind: ImportKindSchema,
  fileName: text(),
  /** The file's header cells. */
  columns: z.array(text()),
  /** The mapping validated (proposed from the headers on upload). */
  mapping: ImportMappingSchema,
  /** The own types' fields' columns validated (proposed from the headers on upload). */
  fields: ImportFieldMappingSchema,
  rowCount: z.number().int(),
  validCount: z.number().int(),
  failingCount: z.number().int(),
  /** The first rows, failing or not. */
  sample: z.array(ImportRowSchema),
  /** Failing rows in file order, at most IMPORT_FAILURES_SHOWN. */
  failures: z.array(ImportRowSchema),
  /** After this the upload is gone and must be made again (ISO 8601). */
  expiresAt: text(),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

export const ImportIdParamsSchema = z.object({ id: z.uuid({ message: 'Not an import id' }) });

export const ValidateImportSchema = z.strictObject({ mapping: ImportMappingSchema, fields: ImportFieldMappingSchema.default({}) });
export type ValidateImport = z.infer<typeof ValidateImportSchema>;

export const CommitImportSchema = z.strictObject({
  mapping: ImportMappingSchema,
  fields: ImportFieldMappingSchema.default({}),
  /** Import the valid rows and leave the failing ones out; without it a failing row refuses the whole import. */
  skipFailing: z.boolean().default(false),
});
export type CommitImport = z.input<typeof CommitImportSchema>;

/**
 * 'committing' and 'undoing' while the server writes or deletes the rows a slice at a time (decision
 * 084); `importedCount` then says how far it has come.
 */
export const IMPORT_STATUSES = ['preview', 'committing', 'committed', 'undoing', 'undone'] as const;

export const ImportSummarySchema = z.object({
  id: text(),
  kind: ImportKindSchema,
  fileName: text(),
  status: z.enum(IMPORT_STATUSES),
  rowCount: z.number().int(),
  importedCount: z.number().int(),
  createdBy: z.object({ id: text().nullable(), name: text().nullable() }),
  createdAt: text(),
  committedAt: text().nullable(),
  undoneAt: text().nullable(),
  /** Only an activities import that is committed and not yet undone. */
  canUndo: z.boolean(),
});
export type ImportSummary = z.infer<typeof ImportSummarySchema>;

export const ImportHistorySchema = z.object({ imports: z.array(ImportSummarySchema) });
export type ImportHistory = z.infer<typeof ImportHistorySchema>;

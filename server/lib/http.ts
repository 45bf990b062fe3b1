import { OpenAPIHono } from '@hono/zod-openapi';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';
import type { Language } from '@core/contracts';
import { localizeIssueMessage } from '@core/contracts/messages';
import type { AppEnv } from '../context';
import { findSqlState } from '../db/errors';
import { chooseRequestLanguage, MESSAGE_TABLES } from './field-messages';

/** An error with an HTTP status that reaches the client as `{ error: { code, message, details } }`. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: Record<string, string>) => new HttpError(400, 'bad_request', message, details);
export const unauthorized = (message = 'Sign in to continue.') => new HttpError(401, 'unauthorized', message);
export const forbidden = (message = 'You do not have access to this.') => new HttpError(403, 'forbidden', message);
export const notFound = (message = 'Not found.') => new HttpError(404, 'not_found', message);
export const conflict = (message: string) => new HttpError(409, 'conflict', message);

/**
 * A refusal's message and per-field details, in the language (decision 083): the first issue as
 * the message (its field first), every field's first issue in the details.
 */
export function formatZodError(error: ZodError, language: Language = 'en'): { message: string; details: Record<string, string> } {
  const table = MESSAGE_TABLES[language];
  const say = (issue: ZodError['issues'][number]) =>
    localizeIssueMessage(issue as Parameters<typeof localizeIssueMessage>[0], language, table);
  const details: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    details[key] ??= say(issue);
  }
  const first = error.issues[0];
  const where = first?.path.length ? `${first.path.join('.')}: ` : '';
  return { message: `${where}${first ? say(first) : 'Invalid input'}`, details };
}

/** A router whose request validation failures become 400s in the one error shape. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const { message, details } = formatZodError(result.error as ZodError, chooseRequestLanguage(c.req.raw.headers));
        return c.json({ error: { code: 'invalid_input', message, details } }, 400);
      }
    },
  });
}

/** Shared OpenAPI response entries for the error shape. */
export const errorResponses = {
  400: { description: 'Invalid input' },
  401: { description: 'Not signed in' },
  403: { description: 'Not allowed' },
} as const;

/**
 * Database errors caused by the input, as the caller should hear them. Class 22 (data exception:
 * text PostgreSQL cannot store, numbers out of range, bad dates), class 23 (a constraint) and
 * 54000 (a value too large for an index) are the caller's; everything else stays a 500.
 */
export function mapDatabaseError(error: unknown): { status: 400 | 409; code: string; message: string } | null {
  const state = findSqlState(error);
  if (!state) return null;
  if (state === '23505') return { status: 409, code: 'conflict', message: 'That already exists.' };
  if (state.startsWith('22') || state.startsWith('23') || state === '54000') {
    return {
      status: 400,
      code: 'invalid_input',
      message: 'A value in the request cannot be saved (too long, out of range, or containing characters that cannot be stored).',
    };
  }
  return null;
}

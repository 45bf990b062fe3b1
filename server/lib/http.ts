import { OpenAPIHono } from '@hono/zod-openapi';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';
import type { AppEnv } from '../context';

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

export const badRequest = (message: string, details?: Record<string, string>) =>
  new HttpError(400, 'bad_request', message, details);
export const unauthorized = (message = 'Sign in to continue.') => new HttpError(401, 'unauthorized', message);
export const forbidden = (message = 'You do not have access to this.') => new HttpError(403, 'forbidden', message);
export const notFound = (message = 'Not found.') => new HttpError(404, 'not_found', message);
export const conflict = (message: string) => new HttpError(409, 'conflict', message);

export function formatZodError(error: ZodError): { message: string; details: Record<string, string> } {
  const details: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    details[key] ??= issue.message;
  }
  const first = error.issues[0];
  const where = first?.path.length ? `${first.path.join('.')}: ` : '';
  return { message: `${where}${first?.message ?? 'Invalid input'}`, details };
}

/** A router whose request validation failures become 400s in the one error shape. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const { message, details } = formatZodError(result.error as ZodError);
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

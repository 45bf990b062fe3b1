import { z } from 'zod';
import { INTL_LOCALES, LANGUAGES } from '../language';

/** A NUL, or half of a surrogate pair without its other half: text PostgreSQL cannot store. */
// eslint-disable-next-line no-control-regex -- finding the NUL byte is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when PostgreSQL can store the text as it is (no NUL byte, no lone surrogate). */
export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/**
 * Line breaks and the other control characters (C0, DEL, C1, the Unicode line and paragraph
 * separators). A name is one line: it lands in mail subjects and bodies, on walls and in exports,
 * where a line break would start a line the name's author wrote.
 */
const CONTROL_CLASS = '\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029';
const CONTROL_CHARACTERS = new RegExp(`[${CONTROL_CLASS}]`);
const SPACE_OR_CONTROL_RUNS = new RegExp(`[\\s${CONTROL_CLASS}]+`, 'g');

/** True when the text is one line with no control characters (names: company, person). */
export function isSingleLine(value: string): boolean {
  return !CONTROL_CHARACTERS.test(value);
}

/** The text as one line: every run of white space or control characters becomes one space. */
export function toSingleLine(value: string): string {
  return value.replace(SPACE_OR_CONTROL_RUNS, ' ').trim();
}

export const UNSTORABLE_TEXT_MESSAGE = 'Contains a character that cannot be saved (a NUL byte or a broken character)';

/**
 * The one text schema of the contracts: a string PostgreSQL can store. Every text a caller sends
 * (bodies, queries, path parameters) goes through it, so a NUL byte or a lone surrogate is a 400
 * with a field message, never a database error. Use it as z.string() (same parameters).
 */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isStorableText, { message: UNSTORABLE_TEXT_MESSAGE, abort: true });

/** The one error shape every endpoint answers with. */
export const ApiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** Field path -> message, for forms. */
    details: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const ROLES = ['admin', 'user'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

/** Any stored role other than admin counts as user (there are two roles; an invitation role 'manager' shows as user). */
export function normalizeRole(role: string | null | undefined): Role {
  return role === 'admin' ? 'admin' : 'user';
}

export const OkSchema = z.object({ ok: z.literal(true) });

/** The product's languages (core/language, where they are listed with their Intl locales). */
export { INTL_LOCALES, LANGUAGES };
export const LanguageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof LanguageSchema>;

export { UI_LANGUAGE_HEADER } from './constants';

/** A stored language code as a Language, or null when unset or not one we have a catalog for. */
export function toLanguage(code: string | null | undefined): Language | null {
  const parsed = LanguageSchema.safeParse(code);
  return parsed.success ? parsed.data : null;
}

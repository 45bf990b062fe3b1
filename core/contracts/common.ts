import { z } from 'zod';

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

/** Any stored role other than admin counts as user (spec 3; an invitation role 'manager' shows as user). */
export function normalizeRole(role: string | null | undefined): Role {
  return role === 'admin' ? 'admin' : 'user';
}

export const OkSchema = z.object({ ok: z.literal(true) });

/** Languages with a complete catalog (ARCHITECTURE.md: English and Norwegian bokmål). */
export const LANGUAGES = ['en', 'nb'] as const;
export const LanguageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof LanguageSchema>;

/** A stored language code as a Language, or null when unset or not one we have a catalog for. */
export function toLanguage(code: string | null | undefined): Language | null {
  const parsed = LanguageSchema.safeParse(code);
  return parsed.success ? parsed.data : null;
}

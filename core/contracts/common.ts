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

import { z } from 'zod';
import { text } from './common';

/*
 * Personal access tokens for the public API (decision 035): a member makes one for a script or a
 * BI tool, names it, picks what it may do (scopes) and how long it lives. The secret is shown once;
 * only its SHA-256 hash is stored. A token acts as its member, never more: the scopes narrow what
 * the member may do, they never add to it.
 */

/**
 * What a token may be used for. Each documented operation that accepts tokens declares the one
 * scope it needs (its OpenAPI `security`); every other operation refuses tokens.
 */
export const API_TOKEN_SCOPES = ['activities:read', 'activities:write', 'stats:read', 'members:read', 'webhooks:manage'] as const;
export const ApiTokenScopeSchema = z.enum(API_TOKEN_SCOPES, {
  error: `A scope must be one of ${API_TOKEN_SCOPES.join(', ')}`,
});
export type ApiTokenScope = z.infer<typeof ApiTokenScopeSchema>;

/** What each scope lets a token do, as the docs and the Settings screen say it. */
export const API_TOKEN_SCOPE_DESCRIPTIONS: Record<ApiTokenScope, string> = {
  'activities:read':
    "Read activities and daily wrap-ups: the member's own, or the whole company's for an admin (sync feed, today's list, log options, their CSV and Excel exports)",
  'activities:write': "Log, edit and delete the member's own activities of today",
  'stats:read': "Read the scoreboards, the member's own stats of today and their goals, and export the leaderboard and goals",
  'members:read': "List the company's active members, and export the list",
  'webhooks:manage': 'Manage webhook endpoints (admins; for the webhook endpoints)',
};

/** The lifetimes offered, in days; null is a token that never expires (until revoked). */
export const API_TOKEN_LIFETIMES_DAYS = [30, 90, 365] as const;

/** Tokens one member may hold at once (expired ones count until revoked): enough for every tool, few enough to review. */
export const API_TOKENS_PER_MEMBER = 25;

export const API_TOKEN_NAME_MAX = 80;

export const CreateApiTokenSchema = z.object({
  name: text({ error: 'The name must be text' })
    .trim()
    .min(1, 'Give the token a name, such as the tool that will use it')
    .max(API_TOKEN_NAME_MAX, `The name can be at most ${API_TOKEN_NAME_MAX} characters`),
  scopes: z
    .array(ApiTokenScopeSchema, { error: 'Choose what the token may do (scopes)' })
    .min(1, 'Choose at least one scope')
    .max(API_TOKEN_SCOPES.length, 'Each scope at most once')
    .refine((scopes) => new Set(scopes).size === scopes.length, { message: 'Each scope at most once' }),
  /** 30, 90 or 365 days from now, or null for a token that does not expire. */
  expiresInDays: z.union([z.literal(30), z.literal(90), z.literal(365), z.null()], {
    error: 'The token lives 30, 90 or 365 days, or null for no expiry',
  }),
});
export type CreateApiToken = z.infer<typeof CreateApiTokenSchema>;

export const ApiTokenSchema = z.object({
  id: text(),
  name: text(),
  scopes: z.array(ApiTokenScopeSchema),
  /** The prefix and the last four characters (dbp_...a1B2): enough to recognise it, never enough to use it. */
  hint: text(),
  createdAt: text(),
  /** null: does not expire. */
  expiresAt: text().nullable(),
  /** At most a minute behind: the server writes it once per token and minute. */
  lastUsedAt: text().nullable(),
  /** The expiry has passed (the token is refused; revoke it to tidy up). */
  expired: z.boolean(),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;

/** GET /me/api-tokens: the caller's own tokens, newest first. */
export const ApiTokenListSchema = z.object({ tokens: z.array(ApiTokenSchema) });
export type ApiTokenList = z.infer<typeof ApiTokenListSchema>;

/** The create answer: the only time the secret is ever shown. */
export const CreatedApiTokenSchema = z.object({
  token: ApiTokenSchema,
  /** dbp_ followed by 43 letters and digits (256 random bits). Send as `Authorization: Bearer <secret>`. */
  secret: text(),
});
export type CreatedApiToken = z.infer<typeof CreatedApiTokenSchema>;

/** An admin's view: every token of the company with whose it is. */
export const CompanyApiTokenSchema = ApiTokenSchema.extend({
  userId: text(),
  /** The owner's name in the company (null when none is set). */
  displayName: text().nullable(),
  email: text(),
});
export type CompanyApiToken = z.infer<typeof CompanyApiTokenSchema>;

export const CompanyApiTokenListSchema = z.object({ tokens: z.array(CompanyApiTokenSchema) });
export type CompanyApiTokenList = z.infer<typeof CompanyApiTokenListSchema>;

export const ApiTokenIdParamsSchema = z.object({ id: z.uuid({ error: 'Not a token id' }) });

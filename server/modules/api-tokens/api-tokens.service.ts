import {
  API_TOKENS_PER_MEMBER,
  type ApiToken,
  type ApiTokenScope,
  ApiTokenScopeSchema,
  type CompanyApiToken,
  type CreateApiToken,
  type CreatedApiToken,
} from '@core/contracts';
import { type Actor, type AppDeps, memberScopeOf } from '../../context';
import { generateApiTokenSecret, hashApiToken, hintOfApiToken } from '../../lib/api-token';
import { HttpError, notFound } from '../../lib/http';
import {
  type ApiTokenRow,
  type CompanyApiTokenRow,
  deleteApiToken,
  findCompanyApiTokens,
  findOwnApiTokens,
  insertApiToken,
} from './api-tokens.repository';

/*
 * Personal access tokens (decision 035): a member makes, lists and revokes their own; an admin lists
 * and revokes every token of the company. Using a token is the session's business
 * (server/modules/session/session.middleware.ts); this module only keeps them.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

const isScope = (scope: string): scope is ApiTokenScope => ApiTokenScopeSchema.safeParse(scope).success;

function toApiToken(row: ApiTokenRow, now: Date): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes.filter(isScope),
    hint: row.hint,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expired: row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime(),
  };
}

function toCompanyApiToken(row: CompanyApiTokenRow, now: Date): CompanyApiToken {
  return { ...toApiToken(row, now), userId: row.userId, displayName: row.displayName, email: row.email };
}

const tokenNotFound = () => notFound('No such token among yours.');

/** Makes a token for the caller; the answer holds its secret, this once. */
export async function createApiToken(deps: AppDeps, actor: Actor, input: CreateApiToken): Promise<CreatedApiToken> {
  const now = deps.now();
  const secret = generateApiTokenSecret();
  // In the order API_TOKEN_SCOPES lists them, whatever order they were ticked in.
  const scopes = ApiTokenScopeSchema.options.filter((scope) => input.scopes.includes(scope));
  const row = await insertApiToken(deps.database.db, memberScopeOf(actor), {
    name: input.name,
    tokenHash: hashApiToken(secret),
    hint: hintOfApiToken(secret),
    scopes,
    expiresAt: input.expiresInDays === null ? null : new Date(now.getTime() + input.expiresInDays * DAY_MS),
    createdAt: now,
    limit: API_TOKENS_PER_MEMBER,
  });
  if (row === 'too_many') {
    throw new HttpError(
      409,
      'too_many_tokens',
      `You already hold ${API_TOKENS_PER_MEMBER} tokens. Revoke one you no longer use (expired ones too) before making another.`,
    );
  }
  return { token: toApiToken(row, now), secret };
}

/** The caller's own tokens, newest first. */
export async function listOwnApiTokens(deps: AppDeps, actor: Actor): Promise<ApiToken[]> {
  const now = deps.now();
  return (await findOwnApiTokens(deps.database.db, memberScopeOf(actor))).map((row) => toApiToken(row, now));
}

/** Revokes one of the caller's own tokens (deleted: it stops working on every instance at once). */
export async function revokeOwnApiToken(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  if (!(await deleteApiToken(deps.database.db, memberScopeOf(actor), { id, ownerId: actor.userId, now: deps.now() })))
    throw tokenNotFound();
}

/** Every token of the admin's company, with whose it is. */
export async function listCompanyApiTokens(deps: AppDeps, actor: Actor): Promise<CompanyApiToken[]> {
  const now = deps.now();
  return (await findCompanyApiTokens(deps.database.db, memberScopeOf(actor))).map((row) => toCompanyApiToken(row, now));
}

/** An admin revokes any token of their company. */
export async function revokeCompanyApiToken(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  if (!(await deleteApiToken(deps.database.db, memberScopeOf(actor), { id, now: deps.now() })))
    throw notFound('No such token in your company.');
}

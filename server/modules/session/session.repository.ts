import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type CompanyId, toCompanyId, toUserId, type UserId } from '../../db/tenant';

/**
 * The company, role and company time zone of the person's active membership, or null: what the
 * actor cache keeps. One statement (the app_active_membership function, migration 0013, which
 * reads the memberships and companies tables for it), run outside a transaction, because it is the
 * whole cost of a session new to this instance. Everything else about memberships is the
 * companies module's (memberships.service.ts).
 */
export async function findActiveMembershipBrief(
  db: Database,
  userId: UserId,
): Promise<{ companyId: CompanyId; role: string; timezone: string } | null> {
  const result = await db.execute(sql`SELECT company_id, role, timezone FROM app_active_membership(${userId})`);
  // Both drivers answer { rows } for execute().
  const [row] = (result as unknown as { rows: { company_id: string; role: string; timezone: string }[] }).rows;
  return row ? { companyId: toCompanyId(row.company_id), role: row.role, timezone: row.timezone } : null;
}

/** Who a personal access token acts for (decision 035); `role` is null when they are no longer an active member. */
export type ApiTokenActorRow = {
  tokenId: string;
  companyId: CompanyId;
  userId: UserId;
  scopes: string[];
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  role: string | null;
  timezone: string;
  email: string;
  name: string;
  image: string | null;
  emailVerified: boolean;
  locale: string | null;
};

type ApiTokenActorResult = {
  token_id: string;
  company_id: string;
  user_id: string;
  scopes: string[];
  expires_at: Date | string | null;
  last_used_at: Date | string | null;
  role: string | null;
  timezone: string;
  email: string;
  name: string;
  image: string | null;
  email_verified: boolean;
  locale: string | null;
};

const toDate = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

/**
 * The token whose SHA-256 hash this is, with its company's time zone, its member's role there and
 * their account, or null: one statement (the app_api_token_actor function, migration 0014, which
 * reads the token by its hash and then, scoped to its company, the membership), run outside a
 * transaction like findActiveMembershipBrief. The api_tokens table is the api-tokens module's.
 */
export async function findApiTokenActor(db: Database, tokenHash: string): Promise<ApiTokenActorRow | null> {
  const result = await db.execute(
    sql`SELECT token_id, company_id, user_id, scopes, expires_at, last_used_at, role, timezone, email, name, image, email_verified, locale
          FROM app_api_token_actor(${tokenHash})`,
  );
  const [row] = (result as unknown as { rows: ApiTokenActorResult[] }).rows;
  if (!row) return null;
  return {
    tokenId: row.token_id,
    companyId: toCompanyId(row.company_id),
    userId: toUserId(row.user_id),
    scopes: row.scopes,
    expiresAt: toDate(row.expires_at),
    lastUsedAt: toDate(row.last_used_at),
    role: row.role,
    timezone: row.timezone,
    email: row.email,
    name: row.name,
    image: row.image,
    emailVerified: row.email_verified,
    locale: row.locale,
  };
}

/** Notes that a token was used at `at` (migration 0014's app_note_api_token_use): at most once a minute per token. */
export async function noteApiTokenUse(db: Database, input: { tokenId: string; companyId: CompanyId; at: Date }): Promise<void> {
  await db.execute(
    sql`SELECT app_note_api_token_use(${input.tokenId}::uuid, ${input.companyId}::uuid, ${input.at.toISOString()}::timestamptz)`,
  );
}

/** The identity version (migration 0048, decision 096): read once at start, after the LISTEN connection is open. */
export async function findIdentityVersion(db: Database): Promise<number> {
  const result = await db.execute(sql`SELECT version::text AS version FROM identity_version`);
  const [row] = (result as unknown as { rows: { version: string }[] }).rows;
  return Number(row?.version ?? 0);
}

import { sql } from 'drizzle-orm';
import type { Database, Transaction } from './client';
import type { CompanyId, UserId } from './ids';
import type { PreparedStatement } from './begin-with-first-statement';
import { queryPrepared, sendAlongWithFirstStatement } from './prepared';

export type { CompanyId, UserId } from './ids';
export { toCompanyId, toUserId } from './ids';

/**
 * Who the database should act for: the one scope type of the server. company_id drives every
 * tenant policy; user_id the per-user write rules (a member writes only their own activities,
 * goals and wrap-ups) and reading one's own profile; invitation_code lets a non-member read the one
 * invitation whose code they hold.
 */
export type TenantScope = {
  companyId: CompanyId | null;
  userId: UserId | null;
  invitationCode?: string | null;
  /** SHA-256 of a display link token: lets a signed-out wall screen read that one link. */
  displayTokenHash?: string | null;
  /** A picture id from GET /avatars/{id}: lets anyone holding it read that one picture (decision 023). */
  avatarId?: string | null;
  /**
   * A caller the signed-in cache remembers and nobody has confirmed yet for this request (decision
   * 096): the scope statement also reads the identity version, and the transaction goes on only
   * once the check says the caller is still who the cache says.
   */
  caller?: CallerCheck;
};

/** See TenantScope.caller; made by the session middleware (server/modules/session/caller-check.ts). */
export type CallerCheck = {
  /** True once confirmed for this request: later transactions of the request skip the check. */
  readonly confirmed: boolean;
  /**
   * True when the caller is confirmed at `identityVersion` (read in the scope statement); false when
   * the cache's entry changed meanwhile and `settle` must read the caller afresh.
   */
  confirm(identityVersion: number): Promise<boolean>;
  /** Reads the caller afresh, with no transaction open: confirms the same caller, throws the HttpError to answer otherwise. */
  settle(): Promise<void>;
};

/** Thrown inside a tenant transaction whose caller must be settled outside it (see withTenant). */
class CallerToSettle extends Error {
  constructor(readonly caller: CallerCheck) {
    super('the caller changed since the signed-in cache remembered them');
  }
}

/** A scope inside one company: a member, or nobody in particular (a display link, the system). */
export type CompanyScope = TenantScope & { companyId: CompanyId };

/** A member acting in their company: the scope of nearly every request (see memberScopeOf in context.ts). */
export type MemberScope = CompanyScope & { userId: UserId };

/**
 * `lockKey`: a transaction-scoped advisory lock taken in the scope statement. `snapshot`: one
 * consistent, read-only state (below). `along`: the queryPrepared statement `fn` sends first,
 * sent in the scope statement's round trip on PostgreSQL (decision 099).
 */
export type TenantOptions = { lockKey?: string; snapshot?: boolean; along?: PreparedStatement };

/**
 * The one way request code reaches tenant tables. Opens a transaction, drops to the unprivileged
 * role `app_user` (row-level security applies to it even on PGlite, where we connect as a
 * superuser), and sets the scope with set_config(..., true) so it ends with the transaction and
 * never leaks to the next request on a pooled connection. One round trip for all the settings.
 */
export async function withTenant<T>(
  db: Database,
  scope: TenantScope,
  fn: (tx: Transaction) => Promise<T>,
  options: TenantOptions = {},
): Promise<T> {
  try {
    return await runTenantTransaction(db, scope, fn, options);
  } catch (error) {
    if (!(error instanceof CallerToSettle)) throw error;
    // Nothing ran in the transaction but its scope statement, and its connection is back in the
    // pool: read the caller afresh (settle throws the answer when they changed), then start again.
    await error.caller.settle();
    return runTenantTransaction(db, scope, fn, options);
  }
}

async function runTenantTransaction<T>(
  db: Database,
  scope: TenantScope,
  fn: (tx: Transaction) => Promise<T>,
  options: TenantOptions,
): Promise<T> {
  return db.transaction(
    async (tx) => {
      // The statement fn sends first, in the scope statement's round trip (decision 099).
      if (options.along) sendAlongWithFirstStatement(tx, options.along);
      const values = [
        scope.companyId ?? '',
        scope.userId ?? '',
        scope.invitationCode ?? '',
        scope.displayTokenHash ?? '',
        scope.avatarId ?? '',
      ];
      const caller = scope.caller?.confirmed === false ? scope.caller : null;
      if (caller) {
        // The same round trip also reads the identity version: no statement of its own (decision 096).
        const [row] =
          options.lockKey === undefined
            ? await queryPrepared<IdentityVersionRow>(tx, 'tenant_scope_checked', `${TENANT_SCOPE_SQL}, ${IDENTITY_VERSION_SQL}`, values)
            : await queryPrepared<IdentityVersionRow>(
                tx,
                'tenant_scope_locked_checked',
                `${TENANT_SCOPE_SQL}, ${LOCK_SQL}, ${IDENTITY_VERSION_SQL}`,
                [...values, options.lockKey],
              );
        if (!(await caller.confirm(Number(row!.identity_version)))) throw new CallerToSettle(caller);
      } else if (options.lockKey === undefined) await queryPrepared(tx, 'tenant_scope', TENANT_SCOPE_SQL, values);
      else await queryPrepared(tx, 'tenant_scope_locked', `${TENANT_SCOPE_SQL}, ${LOCK_SQL}`, [...values, options.lockKey]);
      return fn(tx);
    },
    options.snapshot ? SNAPSHOT : undefined,
  );
}

/**
 * With `snapshot`, the transaction reads one consistent state of the database from its first
 * statement to its last, and may not write (an export: its batches all see the same rows,
 * whatever is logged meanwhile). REPEATABLE READ is a snapshot in PostgreSQL; read-only
 * transactions never fail to serialize.
 */
const SNAPSHOT = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

/** Every request's first statement (a prepared statement, server/db/prepared.ts). */
const TENANT_SCOPE_SQL = `SELECT
  set_config('role', 'app_user', true),
  set_config('app.company_id', $1, true),
  set_config('app.user_id', $2, true),
  set_config('app.invitation_code', $3, true),
  set_config('app.display_token_hash', $4, true),
  set_config('app.avatar_id', $5, true)`;

/**
 * With `lockKey`, the same statement also takes a transaction-scoped advisory lock on it (one round
 * trip instead of two): writes that must be counted one after the other (a rep's day) pass one.
 */
const LOCK_SQL = `pg_advisory_xact_lock(hashtextextended($6, 0))`;

/** The identity version (migration 0048) as of this statement, as text (a bigint). */
const IDENTITY_VERSION_SQL = `(SELECT version::text FROM identity_version) AS identity_version`;
type IdentityVersionRow = { identity_version: string };

/**
 * Narrows an open withTenant transaction to a company the server has just established the caller
 * belongs to (their own profile row, read under the user scope). Used where the company is not
 * known before the transaction starts.
 */
export async function enterCompany(tx: Transaction, companyId: CompanyId): Promise<void> {
  await tx.execute(sql`SELECT set_config('app.company_id', ${companyId}, true)`);
}

/**
 * Runs `fn` in the open withTenant transaction as another person of the same company, then goes
 * back to the transaction's own person (none, for a worker). For work done on someone's behalf
 * that must see only what they may see: the weekly digest counts a lead's unread wrap-ups under the
 * policies that lead meets (their own read markers, the threads they may read). The person must be
 * one the server has established is a member, never taken from request input.
 */
export async function actAsMember<T>(tx: Transaction, userId: UserId, fn: () => Promise<T>): Promise<T> {
  const before = (await tx.execute(sql`SELECT current_setting('app.user_id', true) AS user_id`)) as unknown as {
    rows: { user_id: string | null }[];
  };
  await tx.execute(sql`SELECT set_config('app.user_id', ${userId}, true)`);
  try {
    return await fn();
  } finally {
    await tx.execute(sql`SELECT set_config('app.user_id', ${before.rows[0]?.user_id ?? ''}, true)`);
  }
}

/**
 * Instance-level work (the single-tenant company, seeds): runs as the connecting role, which owns
 * the tables, with the same scope settings so forced policies still see a company. Never used
 * with a company or user taken from request input.
 */
export async function withInstance<T>(db: Database, scope: TenantScope, fn: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT
      set_config('app.company_id', ${scope.companyId ?? ''}, true),
      set_config('app.user_id', ${scope.userId ?? ''}, true)`);
    return fn(tx);
  });
}

/**
 * Ends the tenant part of an open withTenant transaction: back to the connecting role, with no
 * company or person in scope (forced policies then show no tenant rows at all). For the few
 * changes that must commit together with tenant changes but touch instance tables app_user may not
 * write, such as erasing an account (decision 022). Only for rows keyed by a person the server
 * has already established, never by request input.
 */
export async function leaveTenant(tx: Transaction): Promise<void> {
  await tx.execute(sql`SELECT
    set_config('role', 'none', true),
    set_config('app.company_id', '', true),
    set_config('app.user_id', '', true)`);
}

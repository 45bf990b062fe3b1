import { DEFAULT_KPI_RULES } from '@core/kpi';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { appSettings, companies, instanceSettings, kpiRules, profiles, user } from '../../db/schema';
import { withInstance, withTenant } from '../../db/tenant';

const DEFAULT_COMPANY_KEY = 'default_company_id';
/** The company that runs this installation: the first one ever created (see claimOperatorCompany). */
const OPERATOR_COMPANY_KEY = 'operator_company_id';

/** Creates a company with its default KPI rules and settings, inside the caller's transaction. */
export async function insertCompanyWithDefaults(
  tx: Transaction,
  company: { id: string; name: string; timezone: string },
): Promise<void> {
  await tx.insert(companies).values(company);
  await tx.insert(kpiRules).values(DEFAULT_KPI_RULES.map((rule) => ({ ...rule, companyId: company.id })));
  await tx.insert(appSettings).values({ companyId: company.id });
}

/**
 * The one shared company of single-tenant mode, created on first use. Race-safe: the instance
 * setting is claimed with ON CONFLICT DO NOTHING in the same transaction that creates the company,
 * so a concurrent first sign-in waits on the claim and then finds the committed company.
 */
export async function getOrCreateDefaultCompany(
  db: Database,
  defaults: { name: string; timezone: string },
): Promise<string> {
  const candidate = crypto.randomUUID();
  return withInstance(db, { companyId: candidate, userId: null }, async (tx) => {
    const claimed = await tx
      .insert(instanceSettings)
      .values({ key: DEFAULT_COMPANY_KEY, value: candidate })
      .onConflictDoNothing()
      .returning({ value: instanceSettings.value });
    if (claimed.length > 0) {
      await insertCompanyWithDefaults(tx, { id: candidate, ...defaults });
      await claimOperatorCompany(tx, candidate);
      return candidate;
    }
    const [existing] = await tx
      .select({ value: instanceSettings.value })
      .from(instanceSettings)
      .where(eq(instanceSettings.key, DEFAULT_COMPANY_KEY));
    return existing!.value;
  });
}

/**
 * The first company created on an installation runs it: its admins read the public contact form's
 * Inbox. In single-tenant mode that is the shared company; in multi-tenant mode, the company its
 * operator set up first. Claimed once (ON CONFLICT DO NOTHING); later companies never take it over.
 * Runs as the owning role: instance settings are not tenant data.
 */
export async function claimOperatorCompany(db: Database | Transaction, companyId: string): Promise<void> {
  await db.insert(instanceSettings).values({ key: OPERATOR_COMPANY_KEY, value: companyId }).onConflictDoNothing();
}

/** The operator company; installations from before the claim existed fall back to the shared company. */
export async function findOperatorCompanyId(db: Database): Promise<string | null> {
  const rows = await db
    .select({ key: instanceSettings.key, value: instanceSettings.value })
    .from(instanceSettings)
    .where(inArray(instanceSettings.key, [OPERATOR_COMPANY_KEY, DEFAULT_COMPANY_KEY]));
  const byKey = new Map(rows.map((row) => [row.key, row.value]));
  return byKey.get(OPERATOR_COMPANY_KEY) ?? byKey.get(DEFAULT_COMPANY_KEY) ?? null;
}

export async function findDefaultCompanyId(db: Database): Promise<string | null> {
  const [row] = await db
    .select({ value: instanceSettings.value })
    .from(instanceSettings)
    .where(eq(instanceSettings.key, DEFAULT_COMPANY_KEY));
  return row?.value ?? null;
}

export type JoinOutcome = { created: boolean; promoted: boolean; refused: 'removed' | null };

/**
 * Makes the person a member of the company unless they already are. The first member when no
 * admin exists becomes admin. A per-company advisory lock serialises concurrent first sign-ins
 * so two people cannot both become "the first admin".
 */
export async function joinCompany(
  db: Database,
  input: { companyId: string; userId: string; role: 'admin' | 'user'; allowRejoin: boolean },
): Promise<JoinOutcome> {
  return withTenant(db, { companyId: input.companyId, userId: input.userId }, async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${input.companyId}))`);
    const [existing] = await tx
      .select()
      .from(profiles)
      .where(and(eq(profiles.companyId, input.companyId), eq(profiles.userId, input.userId)));
    const [adminCount] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(profiles)
      .where(and(eq(profiles.companyId, input.companyId), eq(profiles.role, 'admin'), isNull(profiles.removedAt)));
    const noAdmin = (adminCount?.n ?? 0) === 0;

    if (existing && existing.removedAt === null) {
      if (noAdmin && existing.role !== 'admin') {
        await tx.update(profiles).set({ role: 'admin', updatedAt: new Date() }).where(eq(profiles.id, existing.id));
        return { created: false, promoted: true, refused: null };
      }
      return { created: false, promoted: false, refused: null };
    }
    if (existing && !input.allowRejoin) return { created: false, promoted: false, refused: 'removed' };

    const role = noAdmin ? 'admin' : input.role;
    const [person] = await tx.select({ name: user.name }).from(user).where(eq(user.id, input.userId));
    const displayName = person?.name?.trim() || null;
    if (existing) {
      await tx
        .update(profiles)
        .set({ removedAt: null, role, updatedAt: new Date() })
        .where(eq(profiles.id, existing.id));
    } else {
      await tx.insert(profiles).values({ companyId: input.companyId, userId: input.userId, role, displayName });
    }
    return { created: true, promoted: role === 'admin', refused: null };
  });
}

export async function findAccessCode(db: Database, companyId: string): Promise<string | null> {
  return withTenant(db, { companyId, userId: null }, async (tx) => {
    const [row] = await tx
      .select({ accessCode: appSettings.accessCode })
      .from(appSettings)
      .where(eq(appSettings.companyId, companyId));
    return row?.accessCode ?? null;
  });
}

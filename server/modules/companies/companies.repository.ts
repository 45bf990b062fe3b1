import { SIGNUP_POLICIES, type SignupPolicy } from '@core/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { claimInstanceSetting, findInstanceSetting, findInstanceSettings } from '../../db/instance-settings';
import { appSettings, companies } from '../../db/schema';
import { type CompanyId, type CompanyScope, type MemberScope, toCompanyId, withInstance, withTenant } from '../../db/tenant';
import { computeAuditChanges, createAuditEvent, hasChanges, insertAuditEvent } from '../audit/audit.service';
import { insertDefaultKpiRules } from '../kpi-rules/kpi-rules.service';

/*
 * The one owner of the companies table and of each company's settings row (app_settings: the
 * sign-up policy and access code), and of which company is the installation's default and which
 * its operator (keys of instance_settings). Other modules reach these through companies.service.
 */

export type CompanyRow = typeof companies.$inferSelect;

const DEFAULT_COMPANY_KEY = 'default_company_id';
/** The company that runs this installation: the first one ever created (see claimOperatorCompany). */
const OPERATOR_COMPANY_KEY = 'operator_company_id';

/** Creates a company with its default KPI rules and settings, inside the caller's transaction. */
export type NewCompany = Pick<CompanyRow, 'id' | 'name' | 'timezone'> & Partial<Pick<CompanyRow, 'setupStepsSaved' | 'language'>>;

export async function insertCompanyWithDefaults(tx: Transaction, company: NewCompany): Promise<void> {
  await tx.insert(companies).values(company);
  await insertDefaultKpiRules(tx, company.id);
  await tx.insert(appSettings).values({ companyId: company.id });
}

/**
 * A company outside any request (seed data): created with its defaults as the connecting role, in
 * its own scope, so forced policies see it.
 */
export async function insertCompanyAsInstance(db: Database, company: NewCompany): Promise<void> {
  await withInstance(db, { companyId: company.id, userId: null }, (tx) => insertCompanyWithDefaults(tx, company));
}

/**
 * The one shared company of single-tenant mode, created on first use. Race-safe: the instance
 * setting is claimed with ON CONFLICT DO NOTHING in the same transaction that creates the company,
 * so a concurrent first sign-in waits on the claim and then finds the committed company.
 */
export async function getOrCreateDefaultCompany(db: Database, defaults: { name: string; timezone: string }): Promise<CompanyId> {
  const candidate = toCompanyId(crypto.randomUUID());
  return withInstance(db, { companyId: candidate, userId: null }, async (tx) => {
    if (await claimInstanceSetting(tx, DEFAULT_COMPANY_KEY, candidate)) {
      await insertCompanyWithDefaults(tx, { id: candidate, ...defaults });
      await claimOperatorCompany(tx, candidate);
      return candidate;
    }
    return toCompanyId((await findInstanceSetting(tx, DEFAULT_COMPANY_KEY))!);
  });
}

/**
 * The first company created on an installation runs it: its admins read the public contact form's
 * Inbox. In single-tenant mode that is the shared company; in multi-tenant mode, the company its
 * operator set up first. Claimed once (ON CONFLICT DO NOTHING); later companies never take it over.
 * Runs as the owning role: instance settings are not tenant data.
 */
export async function claimOperatorCompany(db: Database | Transaction, companyId: CompanyId): Promise<void> {
  await claimInstanceSetting(db, OPERATOR_COMPANY_KEY, companyId);
}

/** The operator company; installations from before the claim existed fall back to the shared company. */
export async function findOperatorCompanyId(db: Database): Promise<CompanyId | null> {
  const byKey = await findInstanceSettings(db, [OPERATOR_COMPANY_KEY, DEFAULT_COMPANY_KEY]);
  const id = byKey.get(OPERATOR_COMPANY_KEY) ?? byKey.get(DEFAULT_COMPANY_KEY);
  return id === undefined ? null : toCompanyId(id);
}

export async function findDefaultCompanyId(db: Database): Promise<CompanyId | null> {
  const id = await findInstanceSetting(db, DEFAULT_COMPANY_KEY);
  return id === null ? null : toCompanyId(id);
}

/**
 * The company, inside the caller's transaction (scoped to that company: its own, or one the caller
 * has just entered with enterCompany), or null when the scope does not show it.
 */
export async function selectCompany(tx: Transaction, companyId: CompanyId): Promise<CompanyRow | null> {
  const [company] = await tx.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  return company ?? null;
}

/** Transaction step (activities): the company's late-logging window in days (decision 041). */
export async function selectLateLoggingDaysIn(tx: Transaction, companyId: CompanyId): Promise<number> {
  const [row] = await tx.select({ days: companies.lateLoggingDays }).from(companies).where(eq(companies.id, companyId));
  return row?.days ?? 0;
}

/**
 * Changes the company's name, time zone, currency or late-logging window and records, in the same transaction, which
 * fields changed with their values before and after (nothing when the save changed nothing).
 */
export async function updateCompany(
  db: Database,
  scope: MemberScope,
  patch: { name?: string; timezone?: string; currency?: string; lateLoggingDays?: number; language?: string | null },
  now: Date,
): Promise<boolean> {
  return withTenant(db, scope, async (tx) => {
    const fields = {
      name: companies.name,
      timezone: companies.timezone,
      currency: companies.currency,
      lateLoggingDays: companies.lateLoggingDays,
      language: companies.language,
    };
    const [before] = await tx.select(fields).from(companies).where(eq(companies.id, scope.companyId)).for('update');
    if (!before) return false;
    const rows = await tx.update(companies).set(patch).where(eq(companies.id, scope.companyId)).returning(fields);
    const after = rows[0];
    if (!after) return false;
    const changes = computeAuditChanges(before, after, ['name', 'timezone', 'currency', 'lateLoggingDays', 'language']);
    if (hasChanges(changes)) {
      await insertAuditEvent(
        tx,
        createAuditEvent(scope, 'company.updated', { target: { type: 'company', id: scope.companyId }, details: { changes }, at: now }),
      );
    }
    return true;
  });
}

// ---- the company's sign-up settings (app_settings) -----------------------------------------------

export type SignupSettings = Pick<typeof appSettings.$inferSelect, 'accessCode'> & { policy: string };

const DEFAULT_SIGNUP_SETTINGS: SignupSettings = { policy: 'open', accessCode: null };

/** A stored policy as one we know; anything else reads as the default, open. */
export const toSignupPolicy = (value: string): SignupPolicy =>
  (SIGNUP_POLICIES as readonly string[]).includes(value) ? (value as SignupPolicy) : 'open';

export async function findSignupSettings(db: Database, scope: CompanyScope): Promise<SignupSettings> {
  return withTenant(db, scope, async (tx) => {
    const [row] = await tx
      .select({ policy: appSettings.signupPolicy, accessCode: appSettings.accessCode })
      .from(appSettings)
      .where(eq(appSettings.companyId, scope.companyId));
    return row ?? DEFAULT_SIGNUP_SETTINGS;
  });
}

/** How the access code changed, for the audit log, which never holds the code itself. */
function describeAccessCodeChange(before: string | null, after: string | null): 'set' | 'changed' | 'removed' | undefined {
  if (before === after) return undefined;
  if (before === null) return 'set';
  return after === null ? 'removed' : 'changed';
}

/**
 * Upserts the company's settings row (every company gets one at creation; this also heals a
 * missing one) and records in the same transaction what changed: the policy before and after, and
 * whether the access code was set, changed or removed (never the code).
 */
export async function upsertSignupSettings(
  db: Database,
  scope: MemberScope,
  input: { policy: string; accessCode: string | null; updatedAt: Date },
): Promise<SignupSettings> {
  return withTenant(db, scope, async (tx) => {
    const [current] = await tx
      .select({ policy: appSettings.signupPolicy, accessCode: appSettings.accessCode })
      .from(appSettings)
      .where(eq(appSettings.companyId, scope.companyId))
      .for('update');
    const before = current ?? DEFAULT_SIGNUP_SETTINGS;
    const [row] = await tx
      .insert(appSettings)
      .values({ companyId: scope.companyId, signupPolicy: input.policy, accessCode: input.accessCode, updatedAt: input.updatedAt })
      .onConflictDoUpdate({
        target: appSettings.companyId,
        set: { signupPolicy: input.policy, accessCode: input.accessCode, updatedAt: input.updatedAt },
      })
      .returning({ policy: appSettings.signupPolicy, accessCode: appSettings.accessCode });
    const [from, to] = [toSignupPolicy(before.policy), toSignupPolicy(row!.policy)];
    const policy = from === to ? undefined : { from, to };
    const accessCode = describeAccessCodeChange(before.accessCode, row!.accessCode);
    if (policy || accessCode) {
      await insertAuditEvent(
        tx,
        createAuditEvent(scope, 'signup_policy.changed', {
          target: { type: 'company', id: scope.companyId },
          details: { ...(policy && { policy }), ...(accessCode && { accessCode }) },
          at: input.updatedAt,
        }),
      );
    }
    return row!;
  });
}

/** The company's access code for signing up, or null when it has none. */
export async function findAccessCode(db: Database, companyId: CompanyId): Promise<string | null> {
  return (await findSignupSettings(db, { companyId, userId: null })).accessCode;
}

// ---- the first-run setup's state (decision 042) ---------------------------------------------------

export type CompanySetupRow = Pick<CompanyRow, 'name' | 'timezone' | 'currency' | 'language' | 'setupStepsSaved' | 'setupDismissedAt'>;

export async function findCompanySetup(db: Database, scope: CompanyScope): Promise<CompanySetupRow | null> {
  return withTenant(db, scope, async (tx) => {
    const [row] = await tx
      .select({
        name: companies.name,
        timezone: companies.timezone,
        currency: companies.currency,
        language: companies.language,
        setupStepsSaved: companies.setupStepsSaved,
        setupDismissedAt: companies.setupDismissedAt,
      })
      .from(companies)
      .where(eq(companies.id, scope.companyId));
    return row ?? null;
  });
}

/** The company's name (mails name it), or null when the scope does not show it. */
export async function findCompanyName(db: Database, scope: CompanyScope): Promise<string | null> {
  return (await findCompanySetup(db, scope))?.name ?? null;
}

/** Records that the admin saved a setup step (once; saving it again changes nothing). */
export async function addSetupStepSaved(db: Database, scope: MemberScope, step: string): Promise<void> {
  await withTenant(db, scope, (tx) =>
    tx
      .update(companies)
      .set({ setupStepsSaved: sql`array_append(${companies.setupStepsSaved}, ${step}::text)` })
      .where(and(eq(companies.id, scope.companyId), sql`not (${step}::text = any(${companies.setupStepsSaved}))`)),
  );
}

export async function updateSetupDismissed(db: Database, scope: MemberScope, dismissedAt: Date | null): Promise<void> {
  await withTenant(db, scope, (tx) => tx.update(companies).set({ setupDismissedAt: dismissedAt }).where(eq(companies.id, scope.companyId)));
}

/**
 * Every company's time zone, for the weekly digest's scheduler (decision 047): it must know whose
 * Monday morning it is before it knows any company. Read as the connecting role with
 * app.digest_worker on, which the companies_digest_worker policy lets see every row (read only).
 */
export async function findCompanyClocks(db: Database): Promise<{ id: CompanyId; timezone: string }[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('app.digest_worker', 'on', true)`);
    return tx.select({ id: companies.id, timezone: companies.timezone }).from(companies).orderBy(companies.id);
  });
}

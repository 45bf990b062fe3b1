import { type CreateCompanySchema, type CreatedCompany, toLanguage, UI_LANGUAGE_HEADER } from '@core/contracts';
import type { z } from 'zod';
import { DEFAULT_TIME_ZONE } from '@core/period';
import type { AppDeps, SessionUser } from '../../context';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { type CompanyId, toCompanyId } from '../../db/tenant';
import { HttpError } from '../../lib/http';
import { claimOperatorCompany, insertCompanyAsInstance } from './companies.repository';
import { findActiveMembership, insertCompanyWithAdmin } from './memberships.repository';

/*
 * Companies (the companies table, each company's sign-up settings, and which company is the
 * installation's default and which its operator), as the rest of the server reaches them: their
 * one owner is companies.repository.ts, and every other module comes through this door.
 */
export {
  addSetupStepSaved,
  findAccessCode,
  findCompanyName,
  findCompanySetup,
  findDefaultCompanyId,
  findOperatorCompanyId,
  findSignupSettings,
  getOrCreateDefaultCompany,
  toSignupPolicy,
  updateCompany,
  updateSetupDismissed,
  upsertSignupSettings,
  type CompanyRow,
  type CompanySetupRow,
  type SignupSettings,
} from './companies.repository';

/** Transaction step: the company, read in the caller's open transaction (scoped to it). */
export { selectCompany } from './companies.repository';

/** The weekly digest's scheduler: every company's time zone (decision 047). */
export { findCompanyClocks } from './companies.repository';

/** Transaction step (activities): the company's late-logging window in days (decision 041). */
export { selectLateLoggingDaysIn } from './companies.repository';

type CompanyInput = z.output<typeof CreateCompanySchema>;

const alreadyMember = () =>
  new HttpError(409, 'already_member', 'You already belong to a company. You can be a member of one company at a time.');

/**
 * A new company with its first admin. Multi-tenant mode only: a signed-in person with no company
 * creates one (default KPI rules and settings) and becomes its admin.
 */
export async function createCompany(
  deps: AppDeps,
  user: SessionUser,
  input: CompanyInput,
  /** The request's: the language the founder's screen speaks, when they saved none. */
  headers?: Headers,
): Promise<CreatedCompany> {
  if (deps.config.TENANCY !== 'multi') {
    throw new HttpError(
      409,
      'single_tenant',
      'This installation runs one shared company (single-tenant mode), so new companies cannot be created.',
    );
  }
  const db = deps.database.db;
  if (await findActiveMembership(db, user.id)) throw alreadyMember();
  const companyId = toCompanyId(crypto.randomUUID());
  // A zone chosen in the creation form is an answer: the first-run setup does not ask it again.
  const timezone = input.timezone ?? DEFAULT_TIME_ZONE;
  const setupStepsSaved = input.timezone === undefined ? undefined : ['timezone'];
  try {
    // The company speaks its founder's language on its walls and in its mails until an admin
    // chooses another (decision 079): the one they saved, else the one their screen speaks (the web
    // app names it on every request). A Danish team that keeps "same as my browser" then gets its
    // digests in Danish, not English.
    const language = toLanguage(user.locale) ?? toLanguage(headers?.get(UI_LANGUAGE_HEADER));
    await insertCompanyWithAdmin(db, {
      companyId,
      name: input.name,
      timezone,
      language,
      userId: user.id,
      now: deps.now(),
      setupStepsSaved,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyMember();
    throw error;
  }
  // After the commit, so a refused creation never names a company that does not exist.
  await claimOperatorCompany(db, companyId);
  return { companyId, name: input.name, timezone, role: 'admin', message: `${input.name} is ready. You are its admin.` };
}

/**
 * A company with its default rules and settings, outside any request and with no member yet:
 * for seed data (server/seed), which builds on the product's own functions.
 */
export async function createCompanyWithDefaults(
  db: Database,
  input: { name: string; timezone: string },
): Promise<{ id: CompanyId; name: string; timezone: string }> {
  const company = { id: toCompanyId(crypto.randomUUID()), ...input };
  await insertCompanyAsInstance(db, company);
  return company;
}

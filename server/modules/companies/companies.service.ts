import type { CreateCompanySchema, CreatedCompany } from '@core/contracts';
import type { z } from 'zod';
import type { AppDeps, SessionUser } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { HttpError } from '../../lib/http';
import { findActiveMembership } from '../session/session.repository';
import { claimOperatorCompany } from '../onboarding/onboarding.repository';
import { insertCompanyWithAdmin } from './companies.repository';

type CompanyInput = z.output<typeof CreateCompanySchema>;

const alreadyMember = () =>
  new HttpError(409, 'already_member', 'You already belong to a company. You can be a member of one company at a time.');

/**
 * Spec: create_company_with_admin. Multi-tenant mode only: a signed-in person with no company
 * creates one (default KPI rules and settings) and becomes its admin.
 */
export async function createCompany(deps: AppDeps, user: SessionUser, input: CompanyInput): Promise<CreatedCompany> {
  if (deps.config.TENANCY !== 'multi') {
    throw new HttpError(
      409,
      'single_tenant',
      'This installation runs one shared company (single-tenant mode), so new companies cannot be created.',
    );
  }
  const db = deps.database.db;
  if (await findActiveMembership(db, user.id)) throw alreadyMember();
  const companyId = crypto.randomUUID();
  try {
    await insertCompanyWithAdmin(db, { companyId, name: input.name, timezone: input.timezone, userId: user.id, now: deps.now() });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyMember();
    throw error;
  }
  // After the commit, so a refused creation never names a company that does not exist.
  await claimOperatorCompany(db, companyId);
  return { companyId, name: input.name, timezone: input.timezone, role: 'admin', message: `${input.name} is ready. You are its admin.` };
}

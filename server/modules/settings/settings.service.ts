import {
  type CompanySettings,
  type ProfileSettings,
  toLanguage,
  type UpdateCompanySchema,
  type UpdateProfileSchema,
} from '@core/contracts';
import type { z } from 'zod';
import { updateAccountLocale } from '../../auth/accounts';
import { type Actor, type AppDeps, memberScopeOf } from '../../context';
import { notFound } from '../../lib/http';
import { updateCompany } from '../companies/companies.service';
import { findOwnProfile, type OwnProfile, updateOwnProfile } from '../companies/memberships.service';
import { findCompanyWithCounts } from './settings.repository';

type ProfileChange = z.output<typeof UpdateProfileSchema>;
type CompanyChange = z.output<typeof UpdateCompanySchema>;

function toProfileSettings(row: OwnProfile): ProfileSettings {
  return {
    displayName: row.displayName,
    avatarUrl: row.avatarUrl,
    email: row.email,
    language: toLanguage(row.locale),
    digestOptOut: row.digestOptOut,
  };
}

export async function getProfileSettings(deps: AppDeps, actor: Actor): Promise<ProfileSettings> {
  const row = await findOwnProfile(deps.database.db, memberScopeOf(actor));
  if (!row) throw notFound('Error loading profile');
  return toProfileSettings(row);
}

/**
 * The display name is trimmed and an empty value becomes null (the contract does it). The
 * avatar is not set here: pictures are uploaded (server/modules/avatars, decision 023).
 */
export async function changeProfileSettings(deps: AppDeps, actor: Actor, input: ProfileChange): Promise<ProfileSettings> {
  const db = deps.database.db;
  const now = deps.now();
  if (input.displayName !== undefined || input.digestOptOut !== undefined) {
    await updateOwnProfile(db, memberScopeOf(actor), { displayName: input.displayName, digestOptOut: input.digestOptOut, updatedAt: now });
  }
  if (input.language !== undefined) await updateAccountLocale(db, actor.userId, input.language, now);
  return getProfileSettings(deps, actor);
}

export async function getCompanySettings(deps: AppDeps, actor: Actor): Promise<CompanySettings> {
  const company = await findCompanyWithCounts(deps.database.db, memberScopeOf(actor));
  if (!company) throw notFound('Loading error: Could not load company data');
  return {
    id: company.id,
    name: company.name,
    timezone: company.timezone,
    currency: company.currency,
    language: toLanguage(company.language),
    logoUrl: company.logoUrl,
    createdAt: company.createdAt.toISOString(),
    lateLoggingDays: company.lateLoggingDays,
    counts: company.counts,
  };
}

/** Admins only (the route says so). Name trimmed and non-blank, an IANA zone, a supported currency, a late-logging window of 0-90 days. */
export async function changeCompanySettings(deps: AppDeps, actor: Actor, input: CompanyChange): Promise<CompanySettings> {
  const { name, timezone, currency, lateLoggingDays, language } = input;
  const patch = { name, timezone, currency, lateLoggingDays, language };
  const updated = await updateCompany(deps.database.db, memberScopeOf(actor), patch, deps.now());
  if (!updated) throw notFound('Error updating company');
  return getCompanySettings(deps, actor);
}

import type { Database, Transaction } from '../../db/client';
import { type CompanyId, withTenant } from '../../db/tenant';
import { selectCompany } from '../companies/companies.service';
import { type MemberFace, selectActiveMemberFaces } from '../companies/memberships.service';
import { type DailyStatsRow, selectDailyStats } from '../daily-stats/daily-stats.service';

/*
 * Chat reads. The day's numbers come from daily_user_stats, the rollup the scoreboard reads (one row
 * per company, local day and user, kept exact by the activities trigger), through its reader
 * (daily-stats): a day is one index range, whatever the history.
 */

/**
 * The company's currency, its active members, and every member's rollup row of one local day
 * (removed members' too: their sales that day still count in the team's totals, as on the
 * scoreboard), read in one transaction as the company itself (no member: a scheduled job).
 */
export async function findCompanyDay(db: Database, companyId: CompanyId, day: string): Promise<CompanyDay> {
  return withTenant(db, { companyId, userId: null }, (tx) => selectCompanyDay(tx, companyId, day));
}

export type CompanyDay = { currency: string | null; timezone: string | null; members: MemberFace[]; rows: DailyStatsRow[] };

/** Transaction step (the company's scope set): findCompanyDay's reads, and the company's time zone. */
export async function selectCompanyDay(tx: Transaction, companyId: CompanyId, day: string): Promise<CompanyDay> {
  const company = await selectCompany(tx, companyId);
  const members = await selectActiveMemberFaces(tx, companyId);
  const rows = await selectDailyStats(tx, { companyId, from: day, to: day });
  return { currency: company?.currency ?? null, timezone: company?.timezone ?? null, members, rows };
}

/** Transaction step: the company's currency and time zone, and its active members' display names by user id. */
export async function selectChatNames(
  tx: Transaction,
  companyId: CompanyId,
): Promise<{ currency: string | null; timezone: string | null; names: Map<string, string | null> }> {
  const company = await selectCompany(tx, companyId);
  const members = await selectActiveMemberFaces(tx, companyId);
  return {
    currency: company?.currency ?? null,
    timezone: company?.timezone ?? null,
    names: new Map(members.map((member) => [member.userId as string, member.displayName])),
  };
}

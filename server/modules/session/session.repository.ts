import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type CompanyId, toCompanyId, type UserId } from '../../db/tenant';

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

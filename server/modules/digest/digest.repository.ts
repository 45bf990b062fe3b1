import { and, eq, sql } from 'drizzle-orm';
import type { LocalDate } from '@core/period';
import type { Database } from '../../db/client';
import { digestWeeks } from '../../db/schema';
import { type CompanyId, withTenant } from '../../db/tenant';

/*
 * The weekly digest's own table, digest_weeks (decision 047): one row per company and week, the
 * claim that makes one instance send that week's digests.
 */

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Claims the company's digest of the week for this instance: true when this call made the row,
 * or took over one whose lease ended while still sending (an instance that stopped mid-run).
 * Another instance's insert at the same moment waits on the key until this one commits, then
 * finds the row held and gets false; once the week is sent nobody gets it again.
 */
export async function claimDigestWeek(
  db: Database,
  input: { companyId: CompanyId; weekStart: LocalDate; now: Date; leaseUntil: Date },
): Promise<boolean> {
  return withTenant(db, { companyId: input.companyId, userId: null }, async (tx) => {
    const claimed = rowsOf<{ company_id: string }>(
      await tx.execute(sql`
        INSERT INTO digest_weeks (company_id, week_start, status, lease_until, created_at)
        VALUES (${input.companyId}, ${input.weekStart}, 'sending', ${input.leaseUntil.toISOString()}::timestamptz, ${input.now.toISOString()}::timestamptz)
        ON CONFLICT (company_id, week_start) DO UPDATE SET lease_until = EXCLUDED.lease_until
         WHERE digest_weeks.status = 'sending' AND digest_weeks.lease_until <= ${input.now.toISOString()}::timestamptz
        RETURNING company_id`),
    );
    return claimed.length > 0;
  });
}

/** The week's digests went out: how many, and when. */
export async function finishDigestWeek(
  db: Database,
  input: { companyId: CompanyId; weekStart: LocalDate; recipients: number; now: Date },
): Promise<void> {
  await withTenant(db, { companyId: input.companyId, userId: null }, (tx) =>
    tx
      .update(digestWeeks)
      .set({ status: 'sent', recipients: input.recipients, finishedAt: input.now })
      .where(and(eq(digestWeeks.companyId, input.companyId), eq(digestWeeks.weekStart, input.weekStart))),
  );
}

/** The company's weeks whose digests were claimed, newest first (tests and operators read them). */
export async function findDigestWeeks(db: Database, companyId: CompanyId) {
  return withTenant(db, { companyId, userId: null }, (tx) =>
    tx
      .select()
      .from(digestWeeks)
      .where(eq(digestWeeks.companyId, companyId))
      .orderBy(sql`${digestWeeks.weekStart} desc`),
  );
}

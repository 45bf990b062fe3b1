import { and, asc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { companyCalendars, companyDaysOff } from '../../db/schema';
import { type CompanyId, type MemberScope, withTenant } from '../../db/tenant';

export type CalendarRow = { country: string; daysOff: { date: string; label: string }[] };

/** Transaction step (targets): the company's country (null before an admin chose one) and its own days off, by date. */
export async function selectCompanyCalendar(
  tx: Transaction,
  companyId: CompanyId,
): Promise<{ country: string | null; daysOff: CalendarRow['daysOff'] }> {
  const [calendar] = await tx
    .select({ country: companyCalendars.country })
    .from(companyCalendars)
    .where(eq(companyCalendars.companyId, companyId));
  const daysOff = await tx
    .select({ date: companyDaysOff.day, label: companyDaysOff.label })
    .from(companyDaysOff)
    .where(eq(companyDaysOff.companyId, companyId))
    .orderBy(asc(companyDaysOff.day));
  return { country: calendar?.country ?? null, daysOff };
}

export async function findCompanyCalendar(db: Database, scope: MemberScope) {
  return withTenant(db, scope, (tx) => selectCompanyCalendar(tx, scope.companyId));
}

/** One row per company: inserted the first time, updated after. */
export async function upsertCalendarCountry(db: Database, scope: MemberScope, country: string, now: Date): Promise<void> {
  await withTenant(db, scope, (tx) =>
    tx
      .insert(companyCalendars)
      .values({ companyId: scope.companyId, country, updatedAt: now })
      .onConflictDoUpdate({ target: companyCalendars.companyId, set: { country, updatedAt: now } }),
  );
}

/** A day off by date: adding one on a date that has one renames it. */
export async function upsertDayOff(db: Database, scope: MemberScope, day: string, label: string, now: Date): Promise<void> {
  await withTenant(db, scope, (tx) =>
    tx
      .insert(companyDaysOff)
      .values({ companyId: scope.companyId, day, label, createdAt: now })
      .onConflictDoUpdate({ target: [companyDaysOff.companyId, companyDaysOff.day], set: { label } }),
  );
}

/** Whether there was such a day off to remove. */
export async function deleteDayOff(db: Database, scope: MemberScope, day: string): Promise<boolean> {
  const removed = await withTenant(db, scope, (tx) =>
    tx
      .delete(companyDaysOff)
      .where(and(eq(companyDaysOff.companyId, scope.companyId), eq(companyDaysOff.day, day)))
      .returning({ day: companyDaysOff.day }),
  );
  return removed.length > 0;
}

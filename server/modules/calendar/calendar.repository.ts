import { and, asc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { companies, companyCalendars, companyDaysOff } from '../../db/schema';
import { type CompanyId, type MemberScope, withTenant } from '../../db/tenant';
import { createAuditEvent, insertAuditEvent } from '../audit/audit.service';

/* The company's working calendar; every change is audited in its own transaction (decision 044). */

export type CalendarRow = { country: string; daysOff: { date: string; label: string }[] };

/**
 * Transaction step (targets): the company's country (null before an admin chose one), its time zone
 * (which names the country until then) and its own days off, by date.
 */
export async function selectCompanyCalendar(
  tx: Transaction,
  companyId: CompanyId,
): Promise<{ country: string | null; timeZone: string | null; daysOff: CalendarRow['daysOff'] }> {
  const [calendar] = await tx
    .select({ country: companyCalendars.country, timeZone: companies.timezone })
    .from(companyCalendars)
    // The company's row whether or not its calendar has one yet.
    .rightJoin(companies, eq(companyCalendars.companyId, companies.id))
    .where(eq(companies.id, companyId));
  const daysOff = await tx
    .select({ date: companyDaysOff.day, label: companyDaysOff.label })
    .from(companyDaysOff)
    .where(eq(companyDaysOff.companyId, companyId))
    .orderBy(asc(companyDaysOff.day));
  return { country: calendar?.country ?? null, timeZone: calendar?.timeZone ?? null, daysOff };
}

export async function findCompanyCalendar(db: Database, scope: MemberScope) {
  return withTenant(db, scope, (tx) => selectCompanyCalendar(tx, scope.companyId));
}

/** One row per company: inserted the first time, updated after. `previous` is the country shown before (the default until chosen). */
export async function upsertCalendarCountry(db: Database, scope: MemberScope, country: string, previous: string, now: Date): Promise<void> {
  await withTenant(db, scope, async (tx) => {
    const [before] = await tx
      .select({ country: companyCalendars.country })
      .from(companyCalendars)
      .where(eq(companyCalendars.companyId, scope.companyId));
    await tx
      .insert(companyCalendars)
      .values({ companyId: scope.companyId, country, updatedAt: now })
      .onConflictDoUpdate({ target: companyCalendars.companyId, set: { country, updatedAt: now } });
    const from = before?.country ?? previous;
    if (from !== country) {
      await insertAuditEvent(
        tx,
        createAuditEvent(scope, 'calendar.country_changed', {
          target: { type: 'company', id: scope.companyId },
          details: { from, to: country },
          at: now,
        }),
      );
    }
  });
}

/** A day off by date: adding one on a date that has one renames it. */
export async function upsertDayOff(db: Database, scope: MemberScope, day: string, label: string, now: Date): Promise<void> {
  await withTenant(db, scope, async (tx) => {
    await tx
      .insert(companyDaysOff)
      .values({ companyId: scope.companyId, day, label, createdAt: now })
      .onConflictDoUpdate({ target: [companyDaysOff.companyId, companyDaysOff.day], set: { label } });
    await insertAuditEvent(
      tx,
      createAuditEvent(scope, 'calendar.day_off_added', {
        target: { type: 'company', id: scope.companyId },
        details: { date: day, label },
        at: now,
      }),
    );
  });
}

/** Whether there was such a day off to remove. */
export async function deleteDayOff(db: Database, scope: MemberScope, day: string, now: Date): Promise<boolean> {
  return withTenant(db, scope, async (tx) => {
    const [removed] = await tx
      .delete(companyDaysOff)
      .where(and(eq(companyDaysOff.companyId, scope.companyId), eq(companyDaysOff.day, day)))
      .returning({ day: companyDaysOff.day, label: companyDaysOff.label });
    if (!removed) return false;
    await insertAuditEvent(
      tx,
      createAuditEvent(scope, 'calendar.day_off_removed', {
        target: { type: 'company', id: scope.companyId },
        details: { date: removed.day, label: removed.label },
        at: now,
      }),
    );
    return true;
  });
}

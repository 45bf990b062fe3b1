import type { Calendar, CreateDayOff, Language, UpdateCalendar } from '@core/contracts';
import { computeDefaultCalendarCountry, isCalendarCountry, listPublicHolidays, type WorkingCalendar } from '@core/pacing';
import { computeLocalDate } from '@core/period';
import type { Transaction } from '../../db/client';
import type { CompanyId } from '../../db/ids';
import { type Actor, type AppDeps, memberScopeOf } from '../../context';
import { notFound } from '../../lib/http';
import { deleteDayOff, findCompanyCalendar, selectCompanyCalendar, upsertCalendarCountry, upsertDayOff } from './calendar.repository';

/*
 * The company's working calendar (decision 043): its country's public holidays and its own days
 * off. Admins change it; everyone's pacing reads it.
 */

function toWorkingCalendar(row: { country: string | null; timeZone: string | null; daysOff: { date: string }[] }): WorkingCalendar {
  const country = row.country !== null && isCalendarCountry(row.country) ? row.country : computeDefaultCalendarCountry(row.timeZone);
  return { country, daysOff: new Set(row.daysOff.map((day) => day.date)) };
}

/** Transaction step (targets): the working calendar pacing counts days by, in the caller's snapshot. */
export async function loadWorkingCalendar(tx: Transaction, companyId: CompanyId): Promise<WorkingCalendar> {
  return toWorkingCalendar(await selectCompanyCalendar(tx, companyId));
}

/** The calendar, with the public holidays from today through next year named in `language`. */
export async function getCalendar(deps: AppDeps, actor: Actor, language: Language = 'en'): Promise<Calendar> {
  const row = await findCompanyCalendar(deps.database.db, memberScopeOf(actor));
  const calendar = toWorkingCalendar(row);
  const today = computeLocalDate(deps.now(), actor.timezone);
  const year = Number(today.slice(0, 4));
  const holidays = [...listPublicHolidays(calendar.country, year, language), ...listPublicHolidays(calendar.country, year + 1, language)]
    .filter((holiday) => holiday.date >= today)
    .map((holiday) => ({ date: holiday.date, name: holiday.name }));
  return { country: calendar.country, daysOff: row.daysOff, holidays };
}

export async function updateCalendar(deps: AppDeps, actor: Actor, input: UpdateCalendar, language?: Language): Promise<Calendar> {
  await upsertCalendarCountry(
    deps.database.db,
    memberScopeOf(actor),
    input.country,
    computeDefaultCalendarCountry(actor.timezone),
    deps.now(),
  );
  return getCalendar(deps, actor, language);
}

export async function addDayOff(deps: AppDeps, actor: Actor, input: CreateDayOff, language?: Language): Promise<Calendar> {
  await upsertDayOff(deps.database.db, memberScopeOf(actor), input.date, input.label, deps.now());
  return getCalendar(deps, actor, language);
}

export async function removeDayOff(deps: AppDeps, actor: Actor, date: string, language?: Language): Promise<Calendar> {
  if (!(await deleteDayOff(deps.database.db, memberScopeOf(actor), date, deps.now()))) throw notFound('No such day off in your company.');
  return getCalendar(deps, actor, language);
}

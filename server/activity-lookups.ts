import type { ActivityLookups } from './context';
import { selectLateLoggingDaysIn } from './modules/companies/companies.service';
import { getOrCreateCustomer } from './modules/customers/customers.service';
import { selectRulesForPoints } from './modules/kpi-rules/kpi-rules.service';
import { selectManagementOf } from './modules/teams/teams.service';

/*
 * The activities' writes need a few answers from tables other modules keep: the point rules, the
 * late-logging window, the named customer, who manages whom. The activities module declares what
 * it needs (ActivityLookups, server/context.ts) and imports none of them (decision 097); this is
 * where the modules that keep those tables answer it. createDeps puts it in AppDeps; the seed
 * data, which writes through the same day primitives, takes it from here.
 */
export const activityLookups: ActivityLookups = {
  selectRulesForPoints,
  selectLateLoggingDays: selectLateLoggingDaysIn,
  getOrCreateCustomer,
  selectManagementOf,
};

import type { Activity, ActivityLogOptions, MyActivities } from '@core/contracts';
import { computeLogOptions } from '@core/kpi';
import { computeLocalDate } from '@core/period';
import { type Actor, type AppDeps, memberScopeOf } from '../../context';
import { withTenant } from '../../db/tenant';
import { findActivityById, findOwnActivitiesOfDay } from './activity-reads.repository';
import { readLateLoggingDays, activityNotFound, findWriteRights, checkLoggingDay } from './activity-write-rules';
import { toActivity } from './activity-shape';

const todayOf = (deps: AppDeps, actor: Actor) => computeLocalDate(deps.now(), actor.timezone);

/*
 * For seed data (server/seed): the day primitive logging runs on (the day's lock, the rollup's day
 * context, the insert), so backdated history is written the way the product writes.
 */
export { type ActivityStore, withActivityDay } from './activities.repository';

/** Transaction step (company settings): how many activities the company has. */
export { countActivitiesIn } from './activity-reads.repository';

/** For the scoreboards: the company's newest activities with their authors' and customers' names. */
export { type FeedRow, findLatestActivities } from './activity-reads.repository';

/** Transaction step (activity types, decision 100): the types that have activities. */
export { selectTypesInUse } from './activity-reads.repository';

/** Transaction step (reactions, decision 051): whether the company has this activity. */
export { selectActivityExists as hasActivityIn } from './activity-reads.repository';

/**
 * Transaction steps (spreadsheet imports, decisions 039 and 084): set-based writes with one rollup
 * statement per (member, day), a slice of (member, day) pairs per transaction.
 */
export {
  applyImportDaysToDailyStatsIn,
  beginBulkImportIn,
  deleteImportedDaysIn,
  findRollupDriftIn,
  type ImportDay,
  type ImportedActivity,
  insertImportedActivitiesIn,
  notifyImportChangeIn,
  selectDayContextsIn,
  selectKindDayContextsIn,
  selectTypeDayContextsIn,
  selectImportDaysIn,
} from './activity-imports.repository';

/** Transaction step (exports): the activities of some local days, a batch at a time through a cursor. */
export { type ExportActivityRow, selectActivitiesForExport } from './activity-exports.repository';

/**
 * One activity as its edit form needs it: a rep's own, anyone's in the company for an admin (who
 * corrects colleagues' activities, decision 041). Someone else's is a 404 to a rep, as if it did not exist.
 */
export async function getActivity(deps: AppDeps, actor: Actor, id: string): Promise<Activity> {
  const row = await findActivityById(deps.database.db, memberScopeOf(actor), id);
  if (!row || (await findWriteRights(deps, actor, row.userId)) === null) throw activityNotFound();
  return toActivity(row);
}

/** The caller's activities of the company-local today (or `date`: a rep within the late-logging window), newest first. */
export async function listMyActivities(deps: AppDeps, actor: Actor, date?: string): Promise<MyActivities> {
  const today = todayOf(deps, actor);
  const day = date ?? today;
  if (day !== today) {
    await checkLoggingDay(actor.role === 'admin' ? 'manager' : 'own', today, day, () => readLateLoggingDays(deps, memberScopeOf(actor)));
  }
  const rows = await findOwnActivitiesOfDay(deps.database.db, memberScopeOf(actor), day);
  return { date: day, activities: rows.map(toActivity) };
}

/** What the log dialogs show: the current points of each outcome and kind, which kinds are on, and which days. */
export async function getLogOptions(deps: AppDeps, actor: Actor): Promise<ActivityLogOptions> {
  const scope = memberScopeOf(actor);
  const [rules, lateLoggingDays] = await Promise.all([
    withTenant(deps.database.db, scope, (tx) => deps.activityLookups.selectRulesForPoints(tx, scope.companyId)),
    readLateLoggingDays(deps, scope),
  ]);
  return { ...computeLogOptions(rules), today: todayOf(deps, actor), lateLoggingDays, canCorrectAnyDay: actor.role === 'admin' };
}

/** Transaction step (customer merges, decision 041, run by the customers module): the activities naming a customer name another. */
export { moveActivitiesToCustomerIn } from './customer-merge.repository';

/* The writes and the sync feed, one operation per file: the routes come through here. */
export { logActivity } from './log-activity';
export { updateActivity } from './update-activity';
export { deleteActivity } from './delete-activity';
export { listActivityChanges } from './list-activity-changes';
export { toActivity } from './activity-shape';

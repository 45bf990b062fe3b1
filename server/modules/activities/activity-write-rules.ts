/*
 * The rules every write of an activity keeps (decisions 041, 044, 086 and 097): who may write
 * whose activities on which day, the errors that say no, and the goal.reached events a write adds.
 */
import type { Activity, GoalReachedEvent } from '@core/contracts';
import { type ActivityInput, type CallOutcome, type OptionalKind } from '@core/kpi';
import { computeReachedGoals, type GoalCounts } from '@core/stats';
import { placeLoggingDay, toLocalDate } from '@core/period';
import { BONUS_KINDS, LATE_LOGGING_DAYS_MAX } from '@core/contracts';
import { type Actor, type AppDeps, memberScopeOf } from '../../context';
import { type MemberScope, type UserId, withTenant } from '../../db/tenant';
import { forbidden, HttpError, notFound } from '../../lib/http';
import type { ActivityDay, ActivityRow, ActivityStore } from './activities.repository';
import { findActivityPlace } from './activity-reads.repository';

/** Where the writes run: the database and what they read from other modules' tables (decision 097). */
export const storeOf = (deps: AppDeps): ActivityStore => ({ db: deps.database.db, lookups: deps.activityLookups });

/** The company's late-logging window in days (decision 041). */
export const readLateLoggingDays = (deps: AppDeps, scope: MemberScope) =>
  withTenant(deps.database.db, scope, (tx) => deps.activityLookups.selectLateLoggingDays(tx, scope.companyId));

/** Whether the actor manages the member: 'not_member' for no active member of the company. */
export const readManagementOf = (deps: AppDeps, actor: Actor, userId: string) =>
  withTenant(deps.database.db, memberScopeOf(actor), (tx) => deps.activityLookups.selectManagementOf(tx, actor, userId));

/** Trimmed; empty (or only spaces) is null. */
export function emptyToNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

export const activityNotFound = () => notFound('That activity was not found among your activities.');

/** A day after the company-local today: nothing can be logged for it, by anyone. */
export const futureDay = () =>
  new HttpError(400, 'future_day', 'Activities can be logged for today or an earlier day, not for a day that has not come yet.', {
    localDate: 'Choose today or an earlier day',
  });

/** A rep's change to a day before the company's late-logging window (decision 041). */
export function outsideWindow(days: number): HttpError {
  const window = days === 0 ? "today's activities" : `activities of the last ${days} day${days === 1 ? '' : 's'}`;
  return new HttpError(
    403,
    'outside_logging_window',
    `Reps can log and change only ${window}. An admin can correct earlier days, or widen the window under Settings, Company.`,
  );
}

/** 410: the activity a device key logged was deleted since; the retry logs nothing (decision 069). */
export function activityDeletedError(): HttpError {
  return new HttpError(410, 'activity_deleted', 'This activity was deleted after it was logged, so it was not logged again.');
}

/**
 * How the actor may write a member's activities (decisions 041, 044 and 086): as their own, a rep
 * within the company's late-logging window; as that member's manager (an admin for anyone, a team
 * lead for the members of the teams they lead), on any earlier day.
 */
export type WriteRights = 'own' | 'manager';

/** The actor's rights over `userId`'s activities, or null when they have none (someone else's, not managed). */
export async function findWriteRights(deps: AppDeps, actor: Actor, userId: string): Promise<WriteRights | null> {
  if (actor.role === 'admin') return 'manager';
  if (userId === actor.userId) return 'own';
  return (await readManagementOf(deps, actor, userId)) === 'manages' ? 'manager' : null;
}

/**
 * Whether these rights may write to `day` (decision 041): nobody to a day after today; a rep's
 * own only within the company's late-logging window (read when the day is not today, so logging
 * for today costs nothing more); a manager to any earlier day.
 */
export async function checkLoggingDay(rights: WriteRights, today: string, day: string, readWindow: () => Promise<number>): Promise<void> {
  const place = placeLoggingDay(toLocalDate(today), toLocalDate(day), LATE_LOGGING_DAYS_MAX);
  if (place === 'future') throw futureDay();
  if (place === 'today' || rights === 'manager') return;
  const days = await readWindow();
  if (placeLoggingDay(toLocalDate(today), toLocalDate(day), days) !== 'late') throw outsideWindow(days);
}

export function disabledKindError(kind: OptionalKind): HttpError {
  const what = { meeting: 'Held-meeting', email: 'E-mail', linkedin: 'LinkedIn' }[kind];
  return new HttpError(
    400,
    'kpi_rule_disabled',
    `${what} logging is turned off for your company. An admin can turn it on under Settings, KPI Rules.`,
  );
}

/** The stored shape and the points engine's input of a call with this outcome. */
export function callFields(answered: boolean, outcome: CallOutcome | undefined) {
  const effective: CallOutcome = answered ? (outcome ?? 'no_progress') : 'no_progress';
  const input: ActivityInput = answered ? { type: 'call_answered', outcome: effective } : { type: 'call_unanswered' };
  return {
    input,
    type: input.type,
    meetingBooked: effective === 'meeting_booked',
    movedForward: effective === 'moved_forward',
  };
}

export async function resolveCustomer(day: ActivityDay, name: string | null | undefined, now: Date) {
  const trimmed = emptyToNull(name);
  if (trimmed === null) return { customerId: null, customerName: null };
  const customer = await day.getOrCreateCustomer(trimmed, now);
  return { customerId: customer.id, customerName: customer.name };
}

/**
 * Whether the actor may give an activity to `userId` (log on their behalf, or move one to them):
 * an active member they manage (admins: anyone; a lead: their team's members, never themselves,
 * so nobody moves a colleague's sale onto their own board). 404 for no such member, 403 for one
 * the actor does not manage.
 */
export async function checkNewOwner(deps: AppDeps, actor: Actor, userId: UserId): Promise<void> {
  if (userId === actor.userId && actor.role !== 'admin') {
    throw forbidden("A team lead cannot move a colleague's activity to themselves; an admin can.");
  }
  const management = await readManagementOf(deps, actor, userId);
  if (management === 'not_member') throw notFound('No such member in your company.');
  if (management !== 'manages') {
    throw forbidden('You can log for, and move activities to, only the members you manage.');
  }
}

/** What an activity row counts toward the daily goals: a call, a booked meeting, a sale. */
export function countTowardGoals(row: Pick<ActivityRow, 'type' | 'meetingBooked'>): GoalCounts {
  return {
    calls: row.type === 'call_answered' || row.type === 'call_unanswered' ? 1 : 0,
    meetings: row.meetingBooked ? 1 : 0,
    sales: row.type === 'sale' ? 1 : 0,
  };
}

/** What an edit adds toward each goal (never less than nothing: an edit that takes away reaches nothing). */
export function subtractGoalCounts(after: GoalCounts, before: GoalCounts): GoalCounts {
  return {
    calls: Math.max(0, after.calls - before.calls),
    meetings: Math.max(0, after.meetings - before.meetings),
    sales: Math.max(0, after.sales - before.sales),
  };
}

/** goal.reached for each daily goal that `added` on top of `before` reaches, about this activity. */
export function describeReachedGoals(activity: Activity, goals: GoalCounts, before: GoalCounts, added: GoalCounts): GoalReachedEvent[] {
  return computeReachedGoals(goals, before, added).map((goal) => ({
    type: 'goal.reached',
    userId: activity.userId,
    goal,
    target: goals[goal],
    localDate: activity.localDate,
    activityId: activity.id,
  }));
}

/**
 * goal.reached for the member's daily goal on an own type (decision 106) that this log of the type
 * reaches: the day held one fewer (read under the day's lock, so once per goal and day).
 */
export function describeReachedTypeGoal(
  activity: Activity,
  type: { goal: number; day: { countBefore: number } } | null,
): GoalReachedEvent[] {
  if (!type || activity.typeId === null || type.goal <= 0 || type.day.countBefore + 1 !== type.goal) return [];
  return [
    {
      type: 'goal.reached',
      userId: activity.userId,
      goal: 'type',
      typeId: activity.typeId,
      target: type.goal,
      localDate: activity.localDate,
      activityId: activity.id,
    },
  ];
}

/**
 * Finds where an activity is and checks the actor may change it there (decisions 041 and 086): a
 * rep their own, on a day of the late-logging window; an admin anyone's and a team lead their
 * people's, on any day. Someone else's activity the actor may not change is a 404, as if it did
 * not exist.
 */
export async function locateChangeableActivity(deps: AppDeps, actor: Actor, id: string, today: string) {
  const scope = memberScopeOf(actor);
  const place = await findActivityPlace(deps.database.db, scope, id);
  const rights = place ? await findWriteRights(deps, actor, place.userId) : null;
  if (!place || rights === null) throw activityNotFound();
  const readWindow = () => readLateLoggingDays(deps, scope);
  await checkLoggingDay(rights, today, place.localDate, readWindow);
  return { place, rights, readWindow };
}

/**
 * Keeps "the bonus once, at the rule's number of calls (20 unless the company set another)" true
 * after a call is deleted. A day that falls below the number loses the bonus (exactly the points it
 * added): otherwise 20 quick calls, the bonus, and 19 deletions would keep it. When the deleted call
 * carried the bonus and the day still has enough, the latest call takes it, as the call that brings
 * the day to the number now (under today's bonus rule, as any newly earned bonus). Otherwise the
 * next call that reaches the number earns it, as when logging. The number is the rule's now
 * (decision 108): a day judged after the company raised it may lose a bonus earned under the old one.
 */
export async function settleDailyBonus(day: ActivityDay, deletedCarriedBonus: boolean, now: Date): Promise<void> {
  const context = await day.findDayContext();
  if (context.bonusAlreadyAwarded && context.callsBefore < context.bonusThreshold) {
    await day.removeDailyBonus(now);
  } else if (deletedCarriedBonus && !context.bonusAlreadyAwarded && context.callsBefore >= context.bonusThreshold) {
    const bonusRule = (await day.findRules()).find((rule) => rule.kpiKey === 'daily_call_bonus_20');
    if (bonusRule?.enabled && bonusRule.basePoints !== 0) await day.awardDailyBonusToLatestCall(bonusRule.basePoints, now);
  }
}

/** Whether activities of this stored type may carry their kind's daily bonus: a meeting, sale, e-mail or LinkedIn touch (decision 115). */
export function isBonusKind(type: string): boolean {
  return (BONUS_KINDS as readonly string[]).includes(type);
}

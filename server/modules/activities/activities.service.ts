import type {
  Activity,
  ActivityFeed,
  ActivityFeedQuery,
  ActivityKind,
  ActivityLogOptions,
  DeletedActivity,
  GoalReachedEvent,
  LogActivity,
  MyActivities,
  StoredActivityType,
  UpdateActivity,
} from '@core/contracts';
import { ACTIVITY_TOMBSTONE_RETENTION_DAYS, SALE_VALUE_MESSAGE } from '@core/contracts';
import {
  type ActivityInput,
  type CallOutcome,
  computeActivityPoints,
  computeLogOptions,
  DAILY_CALL_BONUS_THRESHOLD,
  type DayContext,
  isCallActivity,
  OPTIONAL_KINDS,
  type OptionalKind,
} from '@core/kpi';
import { toMinorUnits } from '@core/money';
import { computeReachedGoals, type GoalCounts } from '@core/stats';
import { computeLocalDate, computeLocalInstant, computeLocalTime, placeLoggingDay, toLocalDate } from '@core/period';
import { LATE_LOGGING_DAYS_MAX } from '@core/contracts';
import { type Actor, type AppDeps, memberScopeOf } from '../../context';
import { type MemberScope, toUserId, type UserId, withTenant } from '../../db/tenant';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/http';
import {
  type ActivityDay,
  type ActivityRow,
  type ActivityValues,
  findActivityById,
  type ActivityStore,
  findActivityPlace,
  findOwnActivitiesOfDay,
  withActivityDay,
} from './activities.repository';
import { type FeedPosition, findActivityChanges, findOldestOpenTransactionStart } from './activity-sync-feed.repository';

const todayOf = (deps: AppDeps, actor: Actor) => computeLocalDate(deps.now(), actor.timezone);

/** Where the writes run: the database and what they read from other modules' tables (decision 097). */
const storeOf = (deps: AppDeps): ActivityStore => ({ db: deps.database.db, lookups: deps.activityLookups });

/** The company's late-logging window in days (decision 041). */
const readLateLoggingDays = (deps: AppDeps, scope: MemberScope) =>
  withTenant(deps.database.db, scope, (tx) => deps.activityLookups.selectLateLoggingDays(tx, scope.companyId));

/** Whether the actor manages the member: 'not_member' for no active member of the company. */
const readManagementOf = (deps: AppDeps, actor: Actor, userId: string) =>
  withTenant(deps.database.db, memberScopeOf(actor), (tx) => deps.activityLookups.selectManagementOf(tx, actor, userId));

/** Trimmed; empty (or only spaces) is null. */
function emptyToNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

const activityNotFound = () => notFound('That activity was not found among your activities.');

/** A day after the company-local today: nothing can be logged for it, by anyone. */
const futureDay = () =>
  new HttpError(400, 'future_day', 'Activities can be logged for today or an earlier day, not for a day that has not come yet.', {
    localDate: 'Choose today or an earlier day',
  });

/** A rep's change to a day before the company's late-logging window (decision 041). */
function outsideWindow(days: number): HttpError {
  const window = days === 0 ? "today's activities" : `activities of the last ${days} day${days === 1 ? '' : 's'}`;
  return new HttpError(
    403,
    'outside_logging_window',
    `Reps can log and change only ${window}. An admin can correct earlier days, or widen the window under Settings, Company.`,
  );
}

/** 410: the activity a device key logged was deleted since; the retry logs nothing (decision 069). */
function activityDeletedError(): HttpError {
  return new HttpError(410, 'activity_deleted', 'This activity was deleted after it was logged, so it was not logged again.');
}

/**
 * How the actor may write a member's activities (decisions 041, 044 and 086): as their own, a rep
 * within the company's late-logging window; as that member's manager (an admin for anyone, a team
 * lead for the members of the teams they lead), on any earlier day.
 */
type WriteRights = 'own' | 'manager';

/** The actor's rights over `userId`'s activities, or null when they have none (someone else's, not managed). */
async function findWriteRights(deps: AppDeps, actor: Actor, userId: string): Promise<WriteRights | null> {
  if (actor.role === 'admin') return 'manager';
  if (userId === actor.userId) return 'own';
  return (await readManagementOf(deps, actor, userId)) === 'manages' ? 'manager' : null;
}

/**
 * Whether these rights may write to `day` (decision 041): nobody to a day after today; a rep's
 * own only within the company's late-logging window (read when the day is not today, so logging
 * for today costs nothing more); a manager to any earlier day.
 */
async function checkLoggingDay(rights: WriteRights, today: string, day: string, readWindow: () => Promise<number>): Promise<void> {
  const place = placeLoggingDay(toLocalDate(today), toLocalDate(day), LATE_LOGGING_DAYS_MAX);
  if (place === 'future') throw futureDay();
  if (place === 'today' || rights === 'manager') return;
  const days = await readWindow();
  if (placeLoggingDay(toLocalDate(today), toLocalDate(day), days) !== 'late') throw outsideWindow(days);
}

function disabledKindError(kind: OptionalKind): HttpError {
  const what = { meeting: 'Held-meeting', email: 'E-mail', linkedin: 'LinkedIn' }[kind];
  return new HttpError(
    400,
    'kpi_rule_disabled',
    `${what} logging is turned off for your company. An admin can turn it on under Settings, KPI Rules.`,
  );
}

/** A call's outcome from its stored fields (an unanswered call is no_progress); null for other kinds. Exports use it too. */
export function computeCallOutcome(row: Pick<ActivityRow, 'type' | 'meetingBooked' | 'movedForward'>): CallOutcome | null {
  if (row.type === 'call_unanswered') return 'no_progress';
  if (row.type !== 'call_answered') return null;
  if (row.meetingBooked) return 'meeting_booked';
  if (row.movedForward) return 'moved_forward';
  return 'no_progress';
}

function kindOf(type: string): ActivityKind {
  return type === 'call_answered' || type === 'call_unanswered' ? 'call' : (type as ActivityKind);
}

/*
 * For seed data (server/seed): the day primitive logging runs on (the day's lock, the rollup's day
 * context, the insert), so backdated history is written the way the product writes.
 */
export { type ActivityStore, withActivityDay } from './activities.repository';

/** Transaction step (company settings): how many activities the company has. */
export { countActivitiesIn } from './activities.repository';

/** For the scoreboards: the company's newest activities with their authors' and customers' names. */
export { type FeedRow, findLatestActivities } from './activities.repository';

/** Transaction step (reactions, decision 051): whether the company has this activity. */
export { selectActivityExists as hasActivityIn } from './activities.repository';

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
  selectImportDaysIn,
} from './activity-imports.repository';

/** Transaction step (exports): the activities of some local days, a batch at a time through a cursor. */
export { type ExportActivityRow, selectActivitiesForExport } from './activity-exports.repository';

export function toActivity(row: ActivityRow): Activity {
  const kind = kindOf(row.type);
  return {
    id: row.id,
    userId: row.userId,
    kind,
    type: row.type as Activity['type'],
    answered: kind === 'call' ? row.type === 'call_answered' : null,
    outcome: computeCallOutcome(row),
    meetingBooked: row.meetingBooked,
    movedForward: row.movedForward,
    customerId: row.customerId,
    customerName: row.customerName,
    ticketSize: row.ticketSize,
    productName: row.productName,
    notes: row.notes,
    pointsEarned: row.pointsEarned,
    dailyBonus: row.dailyBonus,
    localDate: row.localDate,
    loggedLate: row.loggedLate,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The stored shape and the points engine's input of a call with this outcome. */
function callFields(answered: boolean, outcome: CallOutcome | undefined) {
  const effective: CallOutcome = answered ? (outcome ?? 'no_progress') : 'no_progress';
  const input: ActivityInput = answered ? { type: 'call_answered', outcome: effective } : { type: 'call_unanswered' };
  return {
    input,
    type: input.type,
    meetingBooked: effective === 'meeting_booked',
    movedForward: effective === 'moved_forward',
  };
}

async function resolveCustomer(day: ActivityDay, name: string | null | undefined, now: Date) {
  const trimmed = emptyToNull(name);
  if (trimmed === null) return { customerId: null, customerName: null };
  const customer = await day.getOrCreateCustomer(trimmed, now);
  return { customerId: customer.id, customerName: customer.name };
}

/**
 * Logs one activity for the caller on the company-local today, or on an earlier day of the
 * late-logging window (decision 041: marked logged late, at the given time of that day or now's
 * time of day). Points come from the company's current rules (a snapshot); a call learns from
 * the day's rollup how many calls came before it and whether the daily bonus is already taken,
 * under the day's lock.
 */
export async function logActivity(deps: AppDeps, actor: Actor, request: LogActivity): Promise<Activity> {
  const now = deps.now();
  const today = computeLocalDate(now, actor.timezone);
  const localDate = request.localDate ?? today;
  const late = localDate !== today;
  const clientKey = request.clientKey ?? null;
  if (!late && request.time !== undefined && clientKey === null) {
    throw badRequest('A time can be given only for an earlier day.', { time: 'A time can be given only for an earlier day' });
  }
  const customerName = emptyToNull(request.customerName);
  // When it happened: now, or the chosen (or now's) time of day on the earlier day; a log the
  // device kept (decision 054) at the time it was tapped today, never later than now. A log sent
  // within a minute of its tap is now itself (sent at once, it is now to the millisecond): logs of
  // the same minute keep the order they were made in. A time without seconds ('12:00', an app of
  // before decision 075, or an API caller) may be any moment of that minute, so its minute counts
  // from the minute's end: a tap at 12:00:59 received at 12:01:00 is still "at once".
  const happenedAt =
    late || request.time !== undefined
      ? computeLocalInstant(toLocalDate(localDate), request.time ?? computeLocalTime(now, actor.timezone), actor.timezone)
      : now;
  const minutePrecise = request.time !== undefined && request.time.length === 5;
  const createdAt = now.getTime() - happenedAt.getTime() < (minutePrecise ? 120_000 : 60_000) ? now : happenedAt;
  // Logged for someone else (a manager logging on a rep's behalf): their day, their points.
  const owner = toUserId(request.userId ?? actor.userId);
  if (owner !== actor.userId) await checkNewOwner(deps, actor, owner);
  const rights = owner === actor.userId && actor.role !== 'admin' ? 'own' : 'manager';
  const row = await withActivityDay(
    storeOf(deps),
    memberScopeOf(actor),
    localDate,
    async (day) => {
      const {
        rules,
        day: dayContext,
        customer,
        goals,
        progress,
        replayed,
        replayedDeleted,
      } = await day.findLoggingContext(customerName, now, clientKey);
      // The same log sent again: the first one's answer, whatever changed since (no second count).
      if (replayed !== null && clientKey !== null) return (await day.findActivityByClientKey(clientKey))!;
      // Sent again after the member deleted what it logged (a phone that was offline all along):
      // deleted stays deleted (decision 069).
      if (replayedDeleted !== null && clientKey !== null) throw activityDeletedError();
      if (late) await checkLoggingDay(rights, today, localDate, () => day.findLateLoggingDays());
      if (request.kind in OPTIONAL_KINDS && !computeLogOptions(rules).enabledKinds[request.kind]) {
        throw disabledKindError(request.kind as OptionalKind);
      }

      let input: ActivityInput;
      let shape: Pick<ActivityValues, 'type' | 'meetingBooked' | 'movedForward' | 'ticketSize' | 'productName'>;
      switch (request.kind) {
        case 'call': {
          const call = callFields(request.answered, request.outcome);
          input = call.input;
          shape = { ...call, ticketSize: null, productName: null };
          break;
        }
        case 'sale':
          input = { type: 'sale', ticketSize: toMinorUnits(request.ticketSize) };
          shape = {
            type: 'sale',
            meetingBooked: false,
            movedForward: false,
            ticketSize: request.ticketSize,
            productName: emptyToNull(request.productName),
          };
          break;
        default:
          input = { type: request.kind };
          shape = { type: request.kind, meetingBooked: false, movedForward: false, ticketSize: null, productName: null };
      }

      const points = computeActivityPoints(input, rules, isCallActivity(input) ? dayContext : undefined);
      // What followers make of it is theirs (decision 094): the feed, badges on the rollups after
      // the insert and the audit log in this transaction; webhooks and chat after it commits, from
      // the log the insert appends these events to in its own statement (decision 095).
      const inserted = await day.insertActivity(
        {
          ...shape,
          customerId: customer?.id ?? null,
          customerName: customer?.name ?? null,
          notes: emptyToNull(request.notes),
          pointsEarned: points.points,
          dailyBonus: points.earnsDailyBonus,
          bonusPoints: points.bonusPoints,
          createdAt,
          updatedAt: now,
          loggedLate: late,
          clientKey,
        },
        {
          occurredAt: now,
          describe: (row) => {
            const activity = toActivity(row);
            return [
              { type: 'activity.logged', activity, actorId: actor.userId, today },
              ...describeReachedGoals(activity, goals, progress, countTowardGoals(row)),
            ];
          },
        },
      );
      // Sent twice at once for two days: the other one got in first, and is the answer.
      if (inserted === null) return (await day.findActivityByClientKey(clientKey!))!;
      return inserted;
    },
    { owner },
  );
  return toActivity(row);
}

/**
 * Whether the actor may give an activity to `userId` (log on their behalf, or move one to them):
 * an active member they manage (admins: anyone; a lead: their team's members, never themselves,
 * so nobody moves a colleague's sale onto their own board). 404 for no such member, 403 for one
 * the actor does not manage.
 */
async function checkNewOwner(deps: AppDeps, actor: Actor, userId: UserId): Promise<void> {
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
function countTowardGoals(row: Pick<ActivityRow, 'type' | 'meetingBooked'>): GoalCounts {
  return {
    calls: row.type === 'call_answered' || row.type === 'call_unanswered' ? 1 : 0,
    meetings: row.meetingBooked ? 1 : 0,
    sales: row.type === 'sale' ? 1 : 0,
  };
}

/** What an edit adds toward each goal (never less than nothing: an edit that takes away reaches nothing). */
function subtractGoalCounts(after: GoalCounts, before: GoalCounts): GoalCounts {
  return {
    calls: Math.max(0, after.calls - before.calls),
    meetings: Math.max(0, after.meetings - before.meetings),
    sales: Math.max(0, after.sales - before.sales),
  };
}

/** goal.reached for each daily goal that `added` on top of `before` reaches, about this activity. */
function describeReachedGoals(activity: Activity, goals: GoalCounts, before: GoalCounts, added: GoalCounts): GoalReachedEvent[] {
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
 * An edit never awards or moves the daily bonus: the call that carries it keeps it (scored with the
 * bonus rule as it is now, so a disabled rule drops it), and any other activity never gains it.
 */
function dayContextForEdit(row: ActivityRow): DayContext {
  return row.dailyBonus
    ? { callsBefore: DAILY_CALL_BONUS_THRESHOLD - 1, bonusAlreadyAwarded: false }
    : { callsBefore: 0, bonusAlreadyAwarded: true };
}

/**
 * Finds where an activity is and checks the actor may change it there (decisions 041 and 086): a
 * rep their own, on a day of the late-logging window; an admin anyone's and a team lead their
 * people's, on any day. Someone else's activity the actor may not change is a 404, as if it did
 * not exist.
 */
async function locateChangeableActivity(deps: AppDeps, actor: Actor, id: string, today: string) {
  const scope = memberScopeOf(actor);
  const place = await findActivityPlace(deps.database.db, scope, id);
  const rights = place ? await findWriteRights(deps, actor, place.userId) : null;
  if (!place || rights === null) throw activityNotFound();
  const readWindow = () => readLateLoggingDays(deps, scope);
  await checkLoggingDay(rights, today, place.localDate, readWindow);
  return { place, rights, readWindow };
}

/** The stored shape and the points engine's input of an activity of `type` after a change. */
function reshape(
  current: ActivityRow,
  type: StoredActivityType,
  changes: UpdateActivity,
): { input: ActivityInput; shape: Pick<ActivityValues, 'type' | 'meetingBooked' | 'movedForward' | 'ticketSize' | 'productName'> } {
  if (type === 'call_answered' || type === 'call_unanswered') {
    const kept = current.type === 'call_answered' ? (computeCallOutcome(current) ?? undefined) : undefined;
    const call = callFields(type === 'call_answered', changes.outcome ?? kept);
    return {
      input: call.input,
      shape: { type: call.type, meetingBooked: call.meetingBooked, movedForward: call.movedForward, ticketSize: null, productName: null },
    };
  }
  if (type === 'sale') {
    const ticketSize = changes.ticketSize ?? current.ticketSize ?? 0;
    const productName = changes.productName !== undefined ? emptyToNull(changes.productName) : current.productName;
    return {
      input: { type: 'sale', ticketSize: toMinorUnits(ticketSize) },
      shape: {
        type: 'sale',
        meetingBooked: false,
        movedForward: false,
        ticketSize,
        productName: current.type === 'sale' || changes.productName !== undefined ? productName : null,
      },
    };
  }
  return { input: { type }, shape: { type, meetingBooked: false, movedForward: false, ticketSize: null, productName: null } };
}

/** What a change asks that the activity's kind (after the change) cannot take: a 400 naming the field. */
function checkChangeFitsType(current: ActivityRow, type: StoredActivityType, changes: UpdateActivity): void {
  if (changes.outcome !== undefined && type !== 'call_answered') {
    throw badRequest('Only an answered call has an outcome.', { outcome: 'Only an answered call has an outcome' });
  }
  if ((changes.ticketSize !== undefined || changes.productName !== undefined) && type !== 'sale') {
    const field = changes.ticketSize !== undefined ? 'ticketSize' : 'productName';
    throw badRequest('Only a sale has a sale value and a product.', { [field]: 'Only a sale has a sale value and a product' });
  }
  if (type === 'sale' && current.type !== 'sale' && changes.ticketSize === undefined) {
    throw badRequest('A sale needs its value.', { ticketSize: SALE_VALUE_MESSAGE });
  }
  if (type === 'call_answered' && current.type !== 'call_answered' && changes.outcome === undefined) {
    throw badRequest('Choose an outcome for the answered call.', { outcome: 'Choose an outcome for the answered call' });
  }
}

/**
 * Changes an activity and recomputes its points with the current rules: one's own within the
 * late-logging window, or, for an admin or the member's team lead, theirs on any earlier day.
 * `localDate` moves it to another day, `userId` to another member (both places locked), `type`
 * makes it another kind. Moved or retyped, it counts where it lands as if logged there (a call may
 * bring that day to 20 and earn the bonus) and the place it left settles its bonus as after a
 * deletion; rollups, contests and goals follow from the row. A change to someone else's activity,
 * and a move to an earlier day, are written to the audit log.
 */
export async function updateActivity(deps: AppDeps, actor: Actor, id: string, changes: UpdateActivity): Promise<Activity> {
  const now = deps.now();
  const today = computeLocalDate(now, actor.timezone);
  const { place, rights, readWindow } = await locateChangeableActivity(deps, actor, id, today);
  const owner = toUserId(changes.userId ?? place.userId);
  const reassigning = owner !== place.userId;
  if (reassigning) {
    if (rights !== 'manager') throw forbidden('Only an admin or the team lead can move an activity to another member.');
    await checkNewOwner(deps, actor, owner);
  }
  const target = changes.localDate ?? place.localDate;
  const changingDay = target !== place.localDate;
  if (changingDay) await checkLoggingDay(rights, today, target, readWindow);
  const moving = changingDay || reassigning;

  const options = { owner: toUserId(place.userId), alsoLock: moving ? [{ userId: owner, localDate: target }] : [] };
  const row = await withActivityDay(
    storeOf(deps),
    memberScopeOf(actor),
    place.localDate,
    async (day) => {
      const current = await day.findOwnActivity(id);
      // Moved or deleted between the look-up and the lock: the caller saw an older state.
      if (!current || current.localDate !== place.localDate || current.userId !== place.userId) throw activityNotFound();
      const type = (changes.type ?? current.type) as StoredActivityType;
      checkChangeFitsType(current, type, changes);
      const wasCall = current.type === 'call_answered' || current.type === 'call_unanswered';
      const { input, shape } = reshape(current, type, changes);
      const rules = await day.findRules();
      // Made into a kind the company does not log (e-mail while its rule is off): refused as a log would be.
      const kind = kindOf(type);
      if (type !== current.type && kind in OPTIONAL_KINDS && !computeLogOptions(rules).enabledKinds[kind as OptionalKind]) {
        throw disabledKindError(kind as OptionalKind);
      }

      const customer =
        changes.customerName !== undefined
          ? await resolveCustomer(day, changes.customerName, now)
          : { customerId: current.customerId, customerName: current.customerName };
      const landing = moving ? day.forMember(owner, target) : day;
      // A call that lands somewhere new (another day or member, or a call it was not before) counts
      // there as if logged there; a call edited in place keeps the bonus it has (or has not).
      const context = isCallActivity(input) && (moving || !wasCall) ? await landing.findDayContext() : dayContextForEdit(current);
      const points = computeActivityPoints(input, rules, context);
      const move = moving
        ? {
            userId: owner,
            localDate: target,
            createdAt: changingDay
              ? computeLocalInstant(toLocalDate(target), computeLocalTime(current.createdAt, actor.timezone), actor.timezone)
              : current.createdAt,
            loggedLate: current.loggedLate || (changingDay && target < today),
          }
        : undefined;
      // Where the activity counts toward daily goals after the edit, read before it changes the rollups.
      const { goals, progress } = await landing.findGoalProgress();
      const updated = await day.updateActivity(id, {
        ...shape,
        ...customer,
        notes: changes.notes !== undefined ? emptyToNull(changes.notes) : current.notes,
        pointsEarned: points.points,
        dailyBonus: points.earnsDailyBonus,
        bonusPoints: points.bonusPoints,
        updatedAt: now,
        move,
      });
      // The place a call left (its day, or its kind) settles the daily bonus as after a deletion.
      if (wasCall && (moving || !isCallActivity(input))) await settleDailyBonus(day, current.dailyBonus, now);
      // An edit can reach a goal as a log does: a call now booking a meeting, a call or sale moved onto a day.
      const added = moving ? countTowardGoals(updated) : subtractGoalCounts(countTowardGoals(updated), countTowardGoals(current));
      const activity = toActivity(updated);
      const fields = Object.keys(changes).filter((key) => changes[key as keyof UpdateActivity] !== undefined);
      const before = { userId: current.userId, localDate: current.localDate, type: current.type as StoredActivityType };
      // An edit may earn a badge where the activity is now (a bigger sale, a moved call); it never takes one back.
      await day.publish(
        [
          { type: 'activity.updated', activity, before, fields, actorId: actor.userId, today },
          ...describeReachedGoals(activity, goals, progress, added),
        ],
        now,
      );
      return updated;
    },
    options,
  );
  return toActivity(row);
}

/**
 * Deletes an activity (also the success toast's undo), then settles the daily bonus: one's own
 * within the late-logging window, or anyone's for an admin (written to the audit log).
 */
export async function deleteActivity(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  const now = deps.now();
  const today = computeLocalDate(now, actor.timezone);
  const { place } = await locateChangeableActivity(deps, actor, id, today);
  await withActivityDay(
    storeOf(deps),
    memberScopeOf(actor),
    place.localDate,
    async (day) => {
      const current = await day.findOwnActivity(id);
      if (!current || current.localDate !== place.localDate) throw activityNotFound();
      await day.deleteActivity(id);
      if (current.type === 'call_answered' || current.type === 'call_unanswered') {
        await settleDailyBonus(day, current.dailyBonus, now);
      }
      const deleted = {
        id: current.id,
        userId: current.userId,
        kind: kindOf(current.type),
        type: current.type as StoredActivityType,
        localDate: current.localDate,
      };
      await day.publish([{ type: 'activity.deleted', activity: deleted, deletedAt: now.toISOString(), actorId: actor.userId }], now);
    },
    { owner: place.userId },
  );
}

/**
 * Keeps "the bonus once, at 20+ calls" true after a call is deleted. A day that falls below 20
 * calls loses the bonus (exactly the points it added): otherwise 20 quick calls, the bonus, and 19
 * deletions would keep it. When the deleted call carried the bonus and the day still has 20, the
 * latest call takes it, as the call that brings the day to 20 now (under today's bonus rule, as any
 * newly earned bonus). Otherwise the next call that reaches 20 earns it, as when logging.
 */
async function settleDailyBonus(day: ActivityDay, deletedCarriedBonus: boolean, now: Date): Promise<void> {
  const context = await day.findDayContext();
  if (context.bonusAlreadyAwarded && context.callsBefore < DAILY_CALL_BONUS_THRESHOLD) {
    await day.removeDailyBonus(now);
  } else if (deletedCarriedBonus && !context.bonusAlreadyAwarded && context.callsBefore >= DAILY_CALL_BONUS_THRESHOLD) {
    const bonusRule = (await day.findRules()).find((rule) => rule.kpiKey === 'daily_call_bonus_20');
    if (bonusRule?.enabled && bonusRule.basePoints !== 0) await day.awardDailyBonusToLatestCall(bonusRule.basePoints, now);
  }
}

/** The caller's activities of the company-local today (or `date`: a rep within the late-logging window), newest first. */
/**
 * One activity as its edit form needs it: a rep's own, anyone's in the company for an admin (who
 * corrects colleagues' activities, decision 041). Someone else's is a 404 to a rep, as if it did not exist.
 */
export async function getActivity(deps: AppDeps, actor: Actor, id: string): Promise<Activity> {
  const row = await findActivityById(deps.database.db, memberScopeOf(actor), id);
  if (!row || (await findWriteRights(deps, actor, row.userId)) === null) throw activityNotFound();
  return toActivity(row);
}

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

// ---- the sync feed (GET /api/v1/activities, decision 035) ------------------------------------------

/*
 * How long a change waits before the feed serves it (ACTIVITY_FEED_SETTLE_MS, 10 s by default). A
 * change is stamped (updated_at, the app's clock) when its request starts and becomes visible when
 * its transaction commits, milliseconds later; a page that served changes stamped up to "now" could
 * step past one still committing, and the client's cursor would never see it. So the feed serves
 * only changes stamped before now minus the margin, and before the start of the oldest transaction
 * still open (minus the margin too): whatever commits later carries a later stamp than anything
 * already served. The margin covers the time between stamping and the transaction's start (a wait
 * for a connection) and the clocks of several instances disagreeing a little.
 */

const CURSOR_VERSION = 'v1';
const EXACT_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Sorts before every real id at the same instant: a position "at this instant, before any change". */
const BEFORE_ANY_ID = '00000000-0000-0000-0000-000000000000';

/** The cursor is opaque to clients: the position's instant (to the microsecond) and id, base64url. */
function encodeCursor(position: FeedPosition): string {
  return Buffer.from(`${CURSOR_VERSION}|${position.at}|${position.id}`, 'utf8').toString('base64url');
}

const badCursor = () => badRequest('cursor: Not a cursor of this feed', { cursor: 'Not a cursor of this feed' });

function decodeCursor(cursor: string): FeedPosition {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw badCursor();
  const [version, at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (version !== CURSOR_VERSION || rest.length > 0 || !at || !id || !EXACT_INSTANT.test(at) || !UUID.test(id)) throw badCursor();
  if (Number.isNaN(Date.parse(at))) throw badCursor();
  return { at, id };
}

/** The later of two feed positions, by (instant, id): both instants are written alike, so their text sorts as they do. */
const laterOf = (a: FeedPosition, b: FeedPosition): FeedPosition => (a.at > b.at || (a.at === b.at && a.id >= b.id) ? a : b);

/** An instant as the cursor writes it (microseconds), for a position made from a JS date. */
const toExactInstant = (date: Date) => date.toISOString().replace(/Z$/, '000Z');

/**
 * One page of the company's activity changes after the cursor, for a client that keeps a copy
 * (a BI tool). A rep reads only their own activities; an admin everyone's, or one member's with
 * `member`. Filters narrow both the changed and the deleted activities.
 */
export async function listActivityChanges(deps: AppDeps, actor: Actor, query: ActivityFeedQuery): Promise<ActivityFeed> {
  if (actor.role !== 'admin' && query.member !== undefined && query.member !== actor.userId) {
    throw forbidden("A rep reads only their own activities; an admin reads everyone's.");
  }
  const member = actor.role === 'admin' ? query.member : actor.userId;
  const after = query.cursor !== undefined ? decodeCursor(query.cursor) : null;
  const since = query.updatedSince !== undefined ? new Date(query.updatedSince) : undefined;
  if (after !== null && Date.parse(after.at) < deps.now().getTime() - ACTIVITY_TOMBSTONE_RETENTION_DAYS * 86_400_000) {
    throw new HttpError(
      410,
      'sync_expired',
      `This cursor is more than ${ACTIVITY_TOMBSTONE_RETENTION_DAYS} days old and deletions are kept that long: start again with a full sync (no cursor).`,
    );
  }
  // Read before the page's own snapshot: a transaction open now may still commit older stamps.
  const oldestOpen = await findOldestOpenTransactionStart(deps.database.db);
  const now = deps.now().getTime();
  const before = new Date(Math.min(now, oldestOpen?.getTime() ?? now) - deps.config.ACTIVITY_FEED_SETTLE_MS);
  const types = query.type === undefined ? undefined : Array.isArray(query.type) ? query.type : [query.type];

  const changes = await findActivityChanges(deps.database.db, memberScopeOf(actor), {
    userId: member === undefined ? undefined : toUserId(member),
    types,
    from: query.from,
    to: query.to,
    since,
    after,
    before,
    limit: query.limit,
  });
  const page = changes.slice(0, query.limit);
  const activities: Activity[] = [];
  const deleted: DeletedActivity[] = [];
  for (const change of page) {
    if (change.kind === 'activity') activities.push(toActivity(change.row));
    else {
      deleted.push({
        id: change.deleted.id,
        userId: change.deleted.userId,
        type: change.deleted.type as StoredActivityType,
        localDate: change.deleted.localDate,
        deletedAt: change.deleted.deletedAt.toISOString(),
      });
    }
  }
  const hasMore = changes.length > query.limit;
  const start = after ?? { at: toExactInstant(since ?? new Date(0)), id: BEFORE_ANY_ID };
  // Once nothing more is waiting, everything before the horizon has been seen: the cursor moves up to
  // it (never back), so a client that syncs an idle company keeps a fresh cursor, not one that expires.
  const last = hasMore ? page.at(-1)!.position : laterOf(page.at(-1)?.position ?? start, { at: toExactInstant(before), id: BEFORE_ANY_ID });
  return { activities, deleted, nextCursor: encodeCursor(last), hasMore };
}

/** Transaction step (customer merges, decision 041, run by the customers module): the activities naming a customer name another. */
export { moveActivitiesToCustomerIn } from './customer-merge.repository';

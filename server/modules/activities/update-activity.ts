/* Changing an activity (PATCH /api/v1/activities/{id}): its fields, day or owner, rescored under the day's lock. */
import type { Activity, BuiltInActivityType, StoredActivityType, UpdateActivity } from '@core/contracts';
import { SALE_VALUE_MESSAGE } from '@core/contracts';
import {
  computeCallOutcome,
  type ActivityInput,
  computeActivityPoints,
  computeLogOptions,
  type DayContext,
  findDailyCallBonusThreshold,
  isCallActivity,
  type KpiRule,
  OPTIONAL_KINDS,
  type OptionalKind,
} from '@core/kpi';
import { toMinorUnits } from '@core/money';
import { computeLocalDate, computeLocalInstant, computeLocalTime, toLocalDate } from '@core/period';
import { type Actor, type AppDeps, memberScopeOf } from '../../context';
import { toUserId } from '../../db/tenant';
import { badRequest, forbidden } from '../../lib/http';
import { type ActivityRow, type ActivityValues, withActivityDay } from './activities.repository';
import {
  storeOf,
  emptyToNull,
  activityNotFound,
  checkLoggingDay,
  disabledKindError,
  callFields,
  resolveCustomer,
  checkNewOwner,
  countTowardGoals,
  subtractGoalCounts,
  describeReachedGoals,
  describeReachedTypeGoal,
  locateChangeableActivity,
  settleDailyBonus,
  isBonusKind,
} from './activity-write-rules';
import { kindOf, toActivity } from './activity-shape';

/**
 * An edit never awards or moves the daily bonus: the call that carries it keeps it (scored with the
 * bonus rule as it is now, so a disabled rule drops it), and any other activity never gains it.
 */
function dayContextForEdit(row: ActivityRow, rules: readonly KpiRule[]): DayContext {
  return row.dailyBonus
    ? { callsBefore: findDailyCallBonusThreshold(rules) - 1, bonusAlreadyAwarded: false }
    : { callsBefore: 0, bonusAlreadyAwarded: true };
}

/** The stored shape and the points engine's input of an activity of `type` after a change. */
function reshape(
  current: ActivityRow,
  type: BuiltInActivityType,
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
function checkChangeFitsType(current: ActivityRow, type: BuiltInActivityType, changes: UpdateActivity): void {
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
  /** Where a moved activity lands: the member, the day, the same time of that day, logged late when earlier than today. */
  const movedTo = (current: ActivityRow) => ({
    userId: owner,
    localDate: target,
    createdAt: changingDay
      ? computeLocalInstant(toLocalDate(target), computeLocalTime(current.createdAt, actor.timezone), actor.timezone)
      : current.createdAt,
    loggedLate: current.loggedLate || (changingDay && target < today),
  });
  const row = await withActivityDay(
    storeOf(deps),
    memberScopeOf(actor),
    place.localDate,
    async (day) => {
      const current = await day.findOwnActivity(id);
      // Moved or deleted between the look-up and the lock: the caller saw an older state.
      if (!current || current.localDate !== place.localDate || current.userId !== place.userId) throw activityNotFound();
      if (current.type === 'custom') {
        checkCustomChange(changes);
        const landing = moving ? day.forMember(owner, target) : day;
        const customer =
          changes.customerName !== undefined
            ? await resolveCustomer(day, changes.customerName, now)
            : { customerId: current.customerId, customerName: current.customerName };
        // Moved onto a day (or to a member) it counts there as if logged there: it may reach their
        // daily goal on the type (decision 106), judged on the count before it lands.
        const typeGoal = moving ? (await landing.findGoalProgress(current.typeId)).type : null;
        // Moved: it leaves its bonus behind, and each day settles its own (decision 100).
        const updated = await day.updateActivity(id, {
          type: 'custom',
          meetingBooked: false,
          movedForward: false,
          ticketSize: null,
          productName: null,
          dailyBonus: false,
          ...customer,
          notes: changes.notes !== undefined ? emptyToNull(changes.notes) : current.notes,
          pointsEarned: moving ? current.pointsEarned - current.bonusPoints : current.pointsEarned,
          bonusPoints: moving ? 0 : current.bonusPoints,
          updatedAt: now,
          move: moving ? movedTo(current) : undefined,
        });
        if (moving) {
          await day.settleTypeBonus(current.typeId!, now);
          await landing.settleTypeBonus(current.typeId!, now);
        }
        const after = moving ? ((await landing.findOwnActivity(id)) ?? updated) : updated;
        const fields = Object.keys(changes).filter((key) => changes[key as keyof UpdateActivity] !== undefined);
        const before = { userId: current.userId, localDate: current.localDate, type: current.type as StoredActivityType };
        const activity = toActivity(after);
        await day.publish(
          [
            { type: 'activity.updated', activity, before, fields, actorId: actor.userId, today },
            ...describeReachedTypeGoal(activity, typeGoal),
          ],
          now,
        );
        return after;
      }
      const type = (changes.type ?? current.type) as BuiltInActivityType;
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
      const context = isCallActivity(input) && (moving || !wasCall) ? await landing.findDayContext() : dayContextForEdit(current, rules);
      const rescored = computeActivityPoints(input, rules, context);
      // A kind's daily bonus (decision 115) stays with an activity edited in place; moved or made
      // another kind, it leaves it behind, and each place settles its own after the write.
      const keepsKindBonus = !moving && type === current.type && isBonusKind(type) && current.bonusPoints > 0;
      const points = keepsKindBonus
        ? { ...rescored, points: rescored.points + current.bonusPoints, bonusPoints: current.bonusPoints }
        : rescored;
      const move = moving ? movedTo(current) : undefined;
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
      // So do the place and the kind a meeting, sale, e-mail or LinkedIn touch left, and where it landed.
      const relocated = moving || type !== current.type;
      if (relocated && isBonusKind(current.type)) await day.settleTypeBonus(current.typeId!, now);
      if (relocated && isBonusKind(type)) await landing.settleTypeBonus(updated.typeId!, now);
      const settled = relocated && isBonusKind(type) ? ((await landing.findOwnActivity(id)) ?? updated) : updated;
      // An edit can reach a goal as a log does: a call now booking a meeting, a call or sale moved onto a day.
      const added = moving ? countTowardGoals(updated) : subtractGoalCounts(countTowardGoals(updated), countTowardGoals(current));
      const activity = toActivity(settled);
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
      return settled;
    },
    options,
  );
  return toActivity(row);
}

/**
 * One of the company's own types (decision 100) changes its customer, notes, day or member here;
 * its outcome and fields are the type's to check, so another outcome or other values are logged
 * anew (delete it and log it again), and it never becomes a built-in kind.
 */
function checkCustomChange(changes: UpdateActivity): void {
  for (const field of ['type', 'outcome', 'ticketSize', 'productName'] as const) {
    if (changes[field] !== undefined) {
      throw badRequest('An activity of your own type changes its customer, notes, day or member; log it again to change the rest.', {
        [field]: 'An activity of your own type changes only its customer, notes, day or member',
      });
    }
  }
}

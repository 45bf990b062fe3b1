/* Logging an activity (POST /api/v1/activities): one transaction on the rep's day, its events in the insert. */
import { computeCustomActivityPoints, computeDailyBonus } from '@core/activity-types';
import { type Activity, type BonusKind, checkActivityValues, type LogActivity, type LogCustom } from '@core/contracts';
import { type ActivityInput, computeActivityPoints, computeLogOptions, isCallActivity, OPTIONAL_KINDS, type OptionalKind } from '@core/kpi';
import { toMinorUnits } from '@core/money';
import { computeLocalDate, computeLocalInstant, computeLocalTime, toLocalDate } from '@core/period';
import { type Actor, type AppDeps, memberScopeOf } from '../../context';
import { toUserId } from '../../db/tenant';
import { badRequest, notFound } from '../../lib/http';
import { type ActivityValues, type CustomTypeContext, type CustomTypeValues, withActivityDay } from './activities.repository';
import {
  storeOf,
  emptyToNull,
  activityDeletedError,
  checkLoggingDay,
  disabledKindError,
  callFields,
  checkNewOwner,
  countTowardGoals,
  describeReachedGoals,
  describeReachedTypeGoal,
  isBonusKind,
} from './activity-write-rules';
import { toActivity } from './activity-shape';

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
  const customTypeId = request.kind === 'custom' ? request.typeId : null;
  // A meeting, sale, e-mail or LinkedIn touch: its kind's daily bonus, if the company set one (decision 115).
  const bonusKind = isBonusKind(request.kind) ? (request.kind as BonusKind) : null;
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
        customType,
        kindBonus,
      } = await day.findLoggingContext(customerName, now, clientKey, customTypeId, bonusKind);
      // The same log sent again: the first one's answer, whatever changed since (no second count).
      if (replayed !== null && clientKey !== null) return (await day.findActivityByClientKey(clientKey))!;
      // Sent again after the member deleted what it logged (a phone that was offline all along):
      // deleted stays deleted (decision 069).
      if (replayedDeleted !== null && clientKey !== null) throw activityDeletedError();
      if (late) await checkLoggingDay(rights, today, localDate, () => day.findLateLoggingDays());
      if (request.kind in OPTIONAL_KINDS && !computeLogOptions(rules).enabledKinds[request.kind as OptionalKind]) {
        throw disabledKindError(request.kind as OptionalKind);
      }

      let input: ActivityInput;
      let shape: Pick<ActivityValues, 'type' | 'meetingBooked' | 'movedForward' | 'ticketSize' | 'productName'>;
      let points: { points: number; earnsDailyBonus: boolean; bonusPoints: number };
      let custom: CustomTypeValues = { typeId: null, outcomeId: null, fieldValues: null };
      switch (request.kind) {
        case 'custom': {
          const logged = scoreCustom(request, customType);
          custom = logged.values;
          shape = { type: 'custom', meetingBooked: false, movedForward: false, ticketSize: null, productName: null };
          points = { points: logged.points, earnsDailyBonus: false, bonusPoints: logged.bonusPoints };
          break;
        }
        case 'call': {
          const call = callFields(request.answered, request.outcome);
          input = call.input;
          shape = { ...call, ticketSize: null, productName: null };
          points = computeActivityPoints(input, rules, dayContext);
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
          points = computeActivityPoints(input, rules);
          break;
        default:
          input = { type: request.kind };
          shape = { type: request.kind, meetingBooked: false, movedForward: false, ticketSize: null, productName: null };
          points = computeActivityPoints(input, rules, isCallActivity(input) ? dayContext : undefined);
      }
      // The kind's daily bonus goes to the one that reaches its number, as an own type's (decision 115).
      if (kindBonus) {
        const bonus = computeDailyBonus(kindBonus.bonus, kindBonus.day);
        points = { points: points.points + bonus, earnsDailyBonus: false, bonusPoints: bonus };
      }
      // What followers make of it is theirs (decision 094): the feed, badges on the rollups after
      // the insert and the audit log in this transaction; webhooks and chat after it commits, from
      // the log the insert appends these events to in its own statement (decision 095).
      const inserted = await day.insertActivity(
        {
          ...shape,
          ...custom,
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
              ...describeReachedTypeGoal(activity, customType),
            ];
          },
        },
      );
      // Sent twice at once for two days: the other one got in first, and is the answer.
      if (inserted === null) return (await day.findActivityByClientKey(clientKey!))!;
      return inserted;
    },
    // The logging context travels with the day's lock (decision 099).
    { owner, loggingContext: { customerName, createdAt: now, clientKey, typeId: customTypeId, bonusKind } },
  );
  return toActivity(row);
}

/**
 * One of the company's own types (decision 100): its outcome and field values checked against the
 * type as it is now, and its points (the type's, the outcome's, money's per unit, the daily bonus).
 * A type of another company, or none, is not found; an archived one is offered no more.
 */
function scoreCustom(
  request: LogCustom,
  type: CustomTypeContext | null,
): { values: CustomTypeValues; points: number; bonusPoints: number } {
  if (!type) throw notFound('No such activity type in your company.');
  if (type.archived) {
    throw badRequest('This activity type is archived: it is no longer logged.', { typeId: 'This activity type is archived' });
  }
  const checked = checkActivityValues(type.definition, { outcome: request.outcome, fields: request.fields });
  if (Object.keys(checked.errors).length > 0) {
    const [first] = Object.values(checked.errors);
    throw badRequest(first!, checked.errors);
  }
  const { points, bonusPoints } = computeCustomActivityPoints(type.definition, checked.outcomeId, checked.values, type.day);
  return { values: { typeId: request.typeId, outcomeId: checked.outcomeId, fieldValues: checked.values }, points, bonusPoints };
}

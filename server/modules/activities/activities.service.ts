import type {
  Activity,
  ActivityFeed,
  ActivityFeedQuery,
  ActivityKind,
  ActivityLogOptions,
  DeletedActivity,
  LogActivity,
  MyActivities,
  StoredActivityType,
  UpdateActivity,
} from '@core/contracts';
import { ACTIVITY_TOMBSTONE_RETENTION_DAYS } from '@core/contracts';
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
import { computeLocalDate } from '@core/period';
import { type Actor, type AppDeps, memberScopeOf } from '../../context';
import { toUserId } from '../../db/tenant';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/http';
import type { WebhookEvent } from '../webhooks/webhooks.service';
import {
  type ActivityDay,
  type ActivityRow,
  type ActivityValues,
  type FeedPosition,
  findActivityChanges,
  findKpiRulesForLogging,
  findOldestOpenTransactionStart,
  findOwnActivitiesOfDay,
  withActivityDay,
} from './activities.repository';

const todayOf = (deps: AppDeps, actor: Actor) => computeLocalDate(deps.now(), actor.timezone);

/** Trimmed; empty (or only spaces) is null. */
function emptyToNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

const activityNotFound = () => notFound('That activity was not found among your activities.');
const notToday = () => new HttpError(409, 'not_today', "Only today's activities can be changed. This one belongs to an earlier day.");

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
 * context, the insert), so backdated history is written the way the product writes, and the rules.
 */
export { findKpiRulesForLogging, withActivityDay } from './activities.repository';

/** Transaction step (company settings): how many activities the company has. */
export { countActivitiesIn } from './activities.repository';

/** For the scoreboards: the company's newest activities with their authors' and customers' names. */
export { type FeedRow, findLatestActivities } from './activities.repository';

/** Transaction steps (spreadsheet imports, decision 039): set-based writes with one rollup statement per (member, day). */
export {
  applyImportToDailyStatsIn,
  beginBulkImportIn,
  deleteImportedActivitiesIn,
  findRollupDriftIn,
  type ImportedActivity,
  insertImportedActivitiesIn,
  notifyImportChangeIn,
  selectDayContextsIn,
} from './activities.repository';

/** Transaction step (exports): the activities of some local days, a batch at a time through a cursor. */
export { type ExportActivityRow, selectActivitiesForExport } from './activities.repository';

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
 * Logs one activity for the caller on the company-local today. Points come from the company's
 * current rules (a snapshot); a call learns from the day's rollup how many calls came before it
 * and whether the daily bonus is already taken, under the day's lock.
 */
export async function logActivity(deps: AppDeps, actor: Actor, request: LogActivity): Promise<Activity> {
  const now = deps.now();
  const localDate = computeLocalDate(now, actor.timezone);
  const customerName = emptyToNull(request.customerName);
  const row = await withActivityDay(deps.database.db, memberScopeOf(actor), localDate, async (day) => {
    const { rules, day: dayContext, customer, goals, progress } = await day.findLoggingContext(customerName, now);
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
    const inserted = await day.insertActivity({
      ...shape,
      customerId: customer?.id ?? null,
      customerName: customer?.name ?? null,
      notes: emptyToNull(request.notes),
      pointsEarned: points.points,
      dailyBonus: points.earnsDailyBonus,
      bonusPoints: points.bonusPoints,
      createdAt: now,
    });
    await day.recordEvents(describeLoggedActivity(toActivity(inserted), goals, progress), now);
    return inserted;
  });
  return toActivity(row);
}

/**
 * The webhook events of a logged activity: activity.created, sale.created for a sale, and
 * goal.reached for each daily goal this activity reaches.
 */
function describeLoggedActivity(activity: Activity, goals: GoalCounts, before: GoalCounts): WebhookEvent[] {
  const events: WebhookEvent[] = [{ type: 'activity.created', data: activity }];
  if (activity.kind === 'sale') events.push({ type: 'sale.created', data: activity });
  const added: GoalCounts = {
    calls: activity.kind === 'call' ? 1 : 0,
    meetings: activity.meetingBooked ? 1 : 0,
    sales: activity.kind === 'sale' ? 1 : 0,
  };
  for (const goal of computeReachedGoals(goals, before, added)) {
    const data = { userId: activity.userId, goal, target: goals[goal], localDate: activity.localDate, activityId: activity.id };
    events.push({ type: 'goal.reached', data });
  }
  return events;
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

/** Changes one of the caller's own activities of today and recomputes its points with the current rules. */
export async function updateActivity(deps: AppDeps, actor: Actor, id: string, changes: UpdateActivity): Promise<Activity> {
  const now = deps.now();
  const today = computeLocalDate(now, actor.timezone);
  const row = await withActivityDay(deps.database.db, memberScopeOf(actor), today, async (day) => {
    const current = await day.findOwnActivity(id);
    if (!current) throw activityNotFound();
    if (current.localDate !== today) throw notToday();

    if (changes.outcome !== undefined && current.type !== 'call_answered') {
      throw badRequest('Only an answered call has an outcome.', { outcome: 'Only an answered call has an outcome' });
    }
    if ((changes.ticketSize !== undefined || changes.productName !== undefined) && current.type !== 'sale') {
      const field = changes.ticketSize !== undefined ? 'ticketSize' : 'productName';
      throw badRequest('Only a sale has a sale value and a product.', { [field]: 'Only a sale has a sale value and a product' });
    }

    let input: ActivityInput;
    let shape: Pick<ActivityValues, 'type' | 'meetingBooked' | 'movedForward' | 'ticketSize' | 'productName'> = {
      type: current.type,
      meetingBooked: current.meetingBooked,
      movedForward: current.movedForward,
      ticketSize: current.ticketSize,
      productName: current.productName,
    };
    if (current.type === 'call_answered' || current.type === 'call_unanswered') {
      const call = callFields(current.type === 'call_answered', changes.outcome ?? computeCallOutcome(current) ?? undefined);
      input = call.input;
      shape = { ...shape, type: call.type, meetingBooked: call.meetingBooked, movedForward: call.movedForward };
    } else if (current.type === 'sale') {
      const ticketSize = changes.ticketSize ?? current.ticketSize ?? 0;
      input = { type: 'sale', ticketSize: toMinorUnits(ticketSize) };
      shape = {
        ...shape,
        ticketSize,
        productName: changes.productName !== undefined ? emptyToNull(changes.productName) : current.productName,
      };
    } else {
      input = { type: current.type as 'meeting' | 'email' | 'linkedin' };
    }

    const customer =
      changes.customerName !== undefined
        ? await resolveCustomer(day, changes.customerName, now)
        : { customerId: current.customerId, customerName: current.customerName };
    const rules = await day.findRules();
    const points = computeActivityPoints(input, rules, dayContextForEdit(current));
    const updated = await day.updateActivity(id, {
      ...shape,
      ...customer,
      notes: changes.notes !== undefined ? emptyToNull(changes.notes) : current.notes,
      pointsEarned: points.points,
      dailyBonus: points.earnsDailyBonus,
      bonusPoints: points.bonusPoints,
      updatedAt: now,
    });
    await day.recordEvents([{ type: 'activity.updated', data: toActivity(updated) }], now);
    return updated;
  });
  return toActivity(row);
}

/**
 * Deletes one of the caller's own activities of today (also the success toast's undo), then
 * settles the daily bonus.
 */
export async function deleteActivity(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  const now = deps.now();
  const today = computeLocalDate(now, actor.timezone);
  await withActivityDay(deps.database.db, memberScopeOf(actor), today, async (day) => {
    const current = await day.findOwnActivity(id);
    if (!current) throw activityNotFound();
    if (current.localDate !== today) throw notToday();
    await day.deleteActivity(id);
    if (current.type === 'call_answered' || current.type === 'call_unanswered') {
      await settleDailyBonus(day, current.dailyBonus, now);
    }
    const deleted = {
      id: current.id,
      userId: current.userId,
      kind: kindOf(current.type),
      type: current.type,
      localDate: current.localDate,
    };
    await day.recordEvents([{ type: 'activity.deleted', data: { ...deleted, deletedAt: now.toISOString() } }], now);
  });
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

/** The caller's activities of the company-local today, newest first. */
export async function listMyActivities(deps: AppDeps, actor: Actor): Promise<MyActivities> {
  const today = todayOf(deps, actor);
  const rows = await findOwnActivitiesOfDay(deps.database.db, memberScopeOf(actor), today);
  return { date: today, activities: rows.map(toActivity) };
}

/** What the log dialogs show: the current points of each outcome and kind, and which kinds are on. */
export async function getLogOptions(deps: AppDeps, actor: Actor): Promise<ActivityLogOptions> {
  return computeLogOptions(await findKpiRulesForLogging(deps.database.db, memberScopeOf(actor)));
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

import type { CreateTarget, MyTargets, Target, TargetList, TargetMetric, TargetProgress } from '@core/contracts';
import { computePacing, computePeriodShare, computeTargetPeriodDates, computeTargetReferenceDay, type TargetPeriod } from '@core/pacing';
import { computeLocalDate, type LocalDate, toLocalDate } from '@core/period';
import { type Actor, type AppDeps, memberScopeOf } from '../../context';
import { toUserId } from '../../db/tenant';
import { badRequest, forbidden, notFound } from '../../lib/http';
import {
  type DayStatsRow,
  endTargetFrom,
  findTargets,
  findTargetsCalendarAndStats,
  type TargetRow,
  upsertTarget,
} from './targets.repository';

/*
 * Targets managers set for a person (decision 043): effective-dated rows, progress from the daily
 * rollups, pacing from the share of the period's working days gone.
 */

/**
 * Who may set, list and end targets for others: admins. Team leads get the right for their team
 * when teams exist; this is the one place that decides it.
 */
export function authorizeTargetManagement(actor: Actor): void {
  if (actor.role !== 'admin') throw forbidden('Only administrators can set targets.');
}

/** Which rollup column each metric counts. */
const METRIC_COLUMNS: Record<
  TargetMetric,
  keyof Pick<DayStatsRow, 'calls' | 'meetingsBooked' | 'meetingsCompleted' | 'sales' | 'revenue' | 'points'>
> = {
  calls: 'calls',
  meetings_booked: 'meetingsBooked',
  meetings_held: 'meetingsCompleted',
  sales: 'sales',
  sales_value: 'revenue',
  points: 'points',
};

/** The row in force on `day` for each metric and period: the latest that started by then, unless it was ended by then. */
function selectTargetsInForce(rows: TargetRow[], day: string, period: TargetPeriod | null = null): TargetRow[] {
  const latest = new Map<string, TargetRow>();
  for (const row of rows) {
    if (row.effectiveFrom > day || (period !== null && row.period !== period)) continue;
    const key = `${row.userId}:${row.metric}:${row.period}`;
    const seen = latest.get(key);
    if (!seen || seen.effectiveFrom < row.effectiveFrom) latest.set(key, row);
  }
  return [...latest.values()].filter((row) => row.endsOn === null || row.endsOn > day);
}

function toTarget(row: TargetRow, inForceToday: ReadonlySet<string>, today: string): Target {
  const status = row.effectiveFrom > today ? 'upcoming' : inForceToday.has(row.id) ? 'active' : 'ended';
  return {
    id: row.id,
    userId: row.userId!,
    metric: row.metric as TargetMetric,
    period: row.period as TargetPeriod,
    value: row.value,
    effectiveFrom: row.effectiveFrom,
    endsOn: row.endsOn,
    status,
    createdAt: row.createdAt.toISOString(),
  };
}

function toTargetList(rows: TargetRow[], today: string): TargetList {
  const inForce = new Set(selectTargetsInForce(rows, today).map((row) => row.id));
  return { targets: rows.map((row) => toTarget(row, inForce, today)) };
}

export async function listTargets(deps: AppDeps, actor: Actor, userId?: string): Promise<TargetList> {
  authorizeTargetManagement(actor);
  const rows = await findTargets(deps.database.db, memberScopeOf(actor), userId === undefined ? null : toUserId(userId));
  if (!rows) throw notFound('No such member in your company.');
  return toTargetList(rows, computeLocalDate(deps.now(), actor.timezone));
}

/** Sets a target from a day that has not passed yet: a past period keeps the target it had. */
export async function createTarget(deps: AppDeps, actor: Actor, input: CreateTarget): Promise<Target> {
  authorizeTargetManagement(actor);
  const today = computeLocalDate(deps.now(), actor.timezone);
  if (input.effectiveFrom < today) {
    throw badRequest('A target starts today or later; past periods keep the targets they had.', {
      effectiveFrom: 'Choose today or a later date',
    });
  }
  const row = await upsertTarget(deps.database.db, memberScopeOf(actor), {
    userId: toUserId(input.userId),
    metric: input.metric,
    period: input.period,
    value: input.value,
    effectiveFrom: input.effectiveFrom,
    createdAt: deps.now(),
  });
  if (!row) throw notFound('No such member in your company.');
  const rows = (await findTargets(deps.database.db, memberScopeOf(actor), toUserId(input.userId))) ?? [row];
  return toTargetList(rows, today).targets.find((target) => target.id === row.id)!;
}

/** Ends a target from today; the periods before today keep it. */
export async function endTarget(deps: AppDeps, actor: Actor, id: string): Promise<Target> {
  authorizeTargetManagement(actor);
  const today = computeLocalDate(deps.now(), actor.timezone);
  const row = await endTargetFrom(deps.database.db, memberScopeOf(actor), id, today);
  if (!row) throw notFound('No such target in your company.');
  return toTarget(row, new Set(), today);
}

/**
 * A person's targets with progress and pacing, for the day, week and month that hold `on` (today
 * by default). Each period is measured against the target in force on its last day once it is
 * over, or today while it runs.
 */
async function computeTargetProgress(deps: AppDeps, actor: Actor, userId: string, on?: string): Promise<MyTargets> {
  const now = deps.now();
  const today = computeLocalDate(now, actor.timezone);
  const day: LocalDate = on === undefined ? today : toLocalDate(on);
  const month = computeTargetPeriodDates('month', day);
  const week = computeTargetPeriodDates('week', day);
  // The week may reach into the months before or after; the rollups read cover both.
  const from = week.from < month.from ? week.from : month.from;
  const to = week.to > month.to ? week.to : month.to;
  const data = await findTargetsCalendarAndStats(deps.database.db, memberScopeOf(actor), toUserId(userId), from, to);

  const progress: TargetProgress[] = [];
  for (const period of ['day', 'week', 'month'] as const) {
    const dates = computeTargetPeriodDates(period, day);
    const reference = computeTargetReferenceDay(dates.to, today);
    for (const target of selectTargetsInForce(data.targets, reference, period)) {
      const metric = target.metric as TargetMetric;
      const column = METRIC_COLUMNS[metric];
      const done = data.stats.filter((row) => row.day >= dates.from && row.day <= dates.to).reduce((sum, row) => sum + row[column], 0);
      const share = computePeriodShare(data.calendar, dates.from, dates.to, now, actor.timezone);
      const pacing = computePacing(done, target.value, share);
      progress.push({
        targetId: target.id,
        metric,
        period,
        value: target.value,
        from: dates.from,
        to: dates.to,
        progress: done,
        expected: pacing.expected,
        pace: pacing.pace,
        workingDays: share.workingDays,
        workingDaysGone: share.workingDaysGone,
      });
    }
  }
  const metricOrder = (metric: TargetMetric) => Object.keys(METRIC_COLUMNS).indexOf(metric);
  progress.sort((a, b) => metricOrder(a.metric) - metricOrder(b.metric));
  return { on: day, targets: progress };
}

/** The caller's own targets with progress and pacing. */
export async function getMyTargets(deps: AppDeps, actor: Actor, on?: string): Promise<MyTargets> {
  return computeTargetProgress(deps, actor, actor.userId, on);
}

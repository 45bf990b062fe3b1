import type {
  CreateTarget,
  Kpi,
  KpiFormula,
  MyTargets,
  PeopleTargets,
  PeopleTargetsQuery,
  Target,
  TargetList,
  TargetMeasure,
  TargetMetric,
  TargetProgress,
  TargetSubjectKind,
  TargetSubjects,
} from '@core/contracts';
import { KPI_MEASURE_MESSAGES, TARGET_MEASURES, TARGET_METRICS } from '@core/contracts';
import { evaluateKpis, isAdditiveKpi } from '@core/kpi-formulas';
import { pickName } from '@core/activity-types';
import {
  computePacing,
  computeTargetPeriodDates,
  computeTargetReferenceDay,
  computeTargetShare,
  isWorkingDay,
  selectTargetsInForce,
  type TargetPeriod,
} from '@core/pacing';
import { computeLocalDate, listLocalDates, type LocalDate, toLocalDate } from '@core/period';
import { isTeamLead, type Manager } from '@core/teams';
import { type Actor, type AppDeps, memberScopeOf } from '../../context';
import type { Transaction } from '../../db/client';
import { type CompanyId, toUserId, type UserId, withTenant } from '../../db/tenant';
import { badRequest, forbidden, notFound } from '../../lib/http';
import { createAuditEvent, insertAuditEvent } from '../audit/audit.service';
import { loadWorkingCalendar } from '../calendar/calendar.service';
import { hasMembershipIn, selectActiveMemberFaces, selectTeamAssignments } from '../companies/memberships.service';
import {
  selectManagedMemberIds,
  selectManagementOf,
  selectManager,
  selectTeamOfMember,
  selectTeamRef,
  selectTeamRefs,
} from '../teams/teams.service';
import { selectDailyStats } from '../daily-stats/daily-stats.service';
import { type DatedKpiFact, selectKpisByIdIn, selectMemberKpiFactsForIn } from '../kpis/kpis.service';
import { endTargetFrom, selectTargetById, selectTargets, type TargetFilter, type TargetRow, upsertTarget } from './targets.repository';

/*
 * Targets managers set for a person or a team (decisions 043, 044): effective-dated rows, progress
 * from the daily rollups (a team's: its members' now), pacing from the share of the period's
 * working days gone.
 */

/** Transaction step (the weekly digest): every target of the company, people's and teams', its whole history. */
export async function selectTargetsIn(tx: Transaction, companyId: CompanyId): Promise<TargetRow[]> {
  return selectTargets(tx, companyId, null);
}

/** Transaction step: every person target of the company, its whole history. */
async function selectPersonTargetsIn(tx: Transaction, companyId: CompanyId): Promise<TargetRow[]> {
  return (await selectTargetsIn(tx, companyId)).filter((row) => row.subjectKind === 'person');
}

export type { TargetRow };

/**
 * Transaction step (the boards' "% of goal", decision 053): each person's target for one metric and
 * period in force on `day` (the rule of decision 043: the latest row started by then and not ended),
 * by user id. People without one are absent.
 */
export async function selectPersonTargetValuesIn(
  tx: Transaction,
  companyId: CompanyId,
  metric: TargetMetric,
  period: TargetPeriod,
  day: string,
): Promise<Map<string, number>> {
  const rows = (await selectPersonTargetsIn(tx, companyId)).filter((row) => row.metric === metric);
  return new Map(selectRowsInForce(rows, day, period).map((row) => [row.userId as string, row.value]));
}

/**
 * Each active member's target for one KPI and period in force on a day (today by default, never
 * later: a target that has not started is the managers' to see), for "% of target" on the KPI board;
 * any member may read it, as the dashboard's "% of goal" shows everyone's goal (decision 053). A
 * built-in KPI with a target metric of its name (calls, sales value, ...) reads that metric's
 * targets, as the dashboard does, and a target set on the KPI itself where there is none; any other
 * KPI the targets that name it (decision 104).
 */
export async function getPeopleTargets(deps: AppDeps, actor: Actor, query: PeopleTargetsQuery): Promise<PeopleTargets> {
  const today = computeLocalDate(deps.now(), actor.timezone);
  const on = computeTargetReferenceDay(toLocalDate(query.on ?? today), toLocalDate(today));
  const isMetric = (TARGET_METRICS as readonly string[]).includes(query.kpi);
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    const active = new Set((await selectActiveMemberFaces(tx, actor.companyId)).map((face) => face.userId as string));
    const rows = (await selectPersonTargetsIn(tx, actor.companyId)).filter(
      (row) =>
        active.has(row.userId as string) && ((row.metric === 'kpi' && row.kpiId === query.kpi) || (isMetric && row.metric === query.kpi)),
    );
    // A person's target in force on a day, of one period: the metric's before one set on the built-in KPI itself.
    const inForce = (period: TargetPeriod, day: string) => {
      const byPerson = new Map<string, TargetRow>();
      for (const row of selectRowsInForce(rows, day, period)) {
        const held = byPerson.get(row.userId as string);
        if (!held || held.metric === 'kpi') byPerson.set(row.userId as string, row);
      }
      return byPerson;
    };
    const targets: PeopleTargets['targets'] = [...inForce(query.period, on).values()].map((row) => ({
      userId: row.userId as string,
      value: row.value,
    }));
    // A week or month without its own target: the day's target times the period's working days (decision
    // 104), the one in force on the period's reference day as decision 043 reads every target, so that a
    // manager who sets "20 a day" sees the week measured by it (decision 053 does the same with daily goals).
    // A period with no working day (the company closed) has none.
    if (query.period !== 'day') {
      const held = new Set(targets.map((target) => target.userId));
      const daily = [...inForce('day', on).values()].filter((row) => !held.has(row.userId as string));
      if (daily.length > 0) {
        const calendar = await loadWorkingCalendar(tx, actor.companyId);
        const { from, to } = computeTargetPeriodDates(query.period, on);
        const workingDays = listLocalDates(from, to).filter((day) => isWorkingDay(calendar, day)).length;
        if (workingDays > 0) {
          for (const row of daily) targets.push({ userId: row.userId as string, value: row.value * workingDays, perDay: row.value });
        }
      }
    }
    return { period: query.period, on, targets: targets.sort((a, b) => (a.userId < b.userId ? -1 : 1)) };
  });
}

const onlyManagers = () => forbidden('Only administrators and team leads can set targets.');

/**
 * Who may set, list and end targets: admins, for anyone and any team; a team lead, for the teams
 * they lead and those teams' members, never for themselves (a lead's own targets come from an
 * admin or from whoever leads the team they are in). The one place that decides it; the policies
 * of migration 0026 say the same to the database.
 */
async function authorizeTargetManagement(tx: Transaction, actor: Actor): Promise<TargetScope> {
  const manager = await selectManager(tx, actor);
  if (manager.role === 'admin') return { manager, userIds: null, teamIds: null };
  if (!isTeamLead(manager)) throw onlyManagers();
  const managed = (await selectManagedMemberIds(tx, actor)).filter((id) => id !== actor.userId);
  return { manager, userIds: new Set(managed), teamIds: new Set(manager.ledTeamIds) };
}

/** Whom the caller may target: null sets mean everyone (admins). */
type TargetScope = { manager: Manager; userIds: Set<string> | null; teamIds: Set<string> | null };

const mayTargetPerson = (scope: TargetScope, userId: string) => scope.userIds === null || scope.userIds.has(userId);
const mayTargetTeam = (scope: TargetScope, teamId: string) => scope.teamIds === null || scope.teamIds.has(teamId);
const mayManageRow = (scope: TargetScope, row: TargetRow) =>
  row.subjectKind === 'team'
    ? row.teamId !== null && mayTargetTeam(scope, row.teamId)
    : row.userId !== null && mayTargetPerson(scope, row.userId);

/** A person's target: active member, and the caller's to target (404 before 403: not a member is not a member). */
async function checkPersonSubject(tx: Transaction, actor: Actor, scope: TargetScope, userId: string): Promise<void> {
  const management = await selectManagementOf(tx, actor, userId);
  if (management === 'not_member') throw notFound('No such member in your company.');
  if (!mayTargetPerson(scope, userId)) {
    throw forbidden(userId === actor.userId ? 'You cannot set your own targets.' : 'You can set targets only for the teams you lead.');
  }
}

async function checkTeamSubject(tx: Transaction, actor: Actor, scope: TargetScope, teamId: string): Promise<{ id: string; name: string }> {
  const team = await selectTeamRef(tx, actor.companyId, teamId);
  if (!team) throw notFound('No such team in your company.');
  if (!mayTargetTeam(scope, teamId)) throw forbidden('You can set targets only for the teams you lead.');
  return team;
}

/** The rows in force on `day`, per person or team, metric and period (decision 043); of one period only when given. */
function selectRowsInForce(rows: TargetRow[], day: string, period: TargetPeriod | null = null): TargetRow[] {
  const ofPeriod = period === null ? rows : rows.filter((row) => row.period === period);
  // A KPI's target is its own line: one per KPI (decision 104), beside the built-in metrics'.
  return selectTargetsInForce(ofPeriod, day, (row) => `${row.subjectKind}:${row.userId ?? row.teamId}:${row.kpiId}`);
}

/** The company's KPIs by id, read only when a target names one (decision 104). */
type TargetKpis = ReadonlyMap<string, Kpi>;
async function selectTargetKpis(
  tx: Transaction,
  companyId: CompanyId,
  rows: readonly Pick<TargetRow, 'kpiId'>[],
): Promise<{ kpis: TargetKpis; formulas: ReadonlyMap<string, KpiFormula> }> {
  if (rows.every((row) => row.kpiId === '')) return { kpis: new Map(), formulas: new Map() };
  return selectKpisByIdIn(tx, companyId);
}

/** A target's KPI as its screens name it; null for a built-in metric or a KPI deleted since. */
function toNamedKpi(row: Pick<TargetRow, 'kpiId'>, kpis: TargetKpis): Target['kpi'] {
  const kpi = row.kpiId === '' ? undefined : kpis.get(row.kpiId);
  return kpi ? { id: kpi.id, names: kpi.names, format: kpi.format, decimals: kpi.decimals } : null;
}

function toTarget(row: TargetRow, inForceToday: ReadonlySet<string>, today: string, kpis: TargetKpis): Target {
  const status = row.effectiveFrom > today ? 'upcoming' : inForceToday.has(row.id) ? 'active' : 'ended';
  return {
    id: row.id,
    subjectKind: row.subjectKind as TargetSubjectKind,
    userId: row.userId,
    teamId: row.teamId,
    metric: row.metric as TargetMeasure,
    kpiId: row.kpiId === '' ? null : row.kpiId,
    kpi: toNamedKpi(row, kpis),
    period: row.period as TargetPeriod,
    value: row.value,
    effectiveFrom: row.effectiveFrom,
    endsOn: row.endsOn,
    status,
    createdAt: row.createdAt.toISOString(),
  };
}

function toTargetList(rows: TargetRow[], today: string, kpis: TargetKpis): TargetList {
  const inForce = new Set(selectRowsInForce(rows, today).map((row) => row.id));
  return { targets: rows.map((row) => toTarget(row, inForce, today, kpis)) };
}

/**
 * A KPI target's KPI must be the company's (or a built-in one), met by going up, and a count or a
 * sum (decision 104): pacing expects a share of the target by a share of the period, which only a
 * figure that adds up day by day can be held to.
 */
async function checkTargetKpi(tx: Transaction, companyId: CompanyId, kpiId: string): Promise<Kpi> {
  const { kpis, formulas } = await selectKpisByIdIn(tx, companyId);
  const kpi = kpis.get(kpiId);
  if (!kpi) throw badRequest('No such KPI in your company.', { kpiId: KPI_MEASURE_MESSAGES.gone });
  if (kpi.lowerIsBetter) {
    throw badRequest(`${KPI_MEASURE_MESSAGES.targetLowerIsBetter}.`, { kpiId: KPI_MEASURE_MESSAGES.targetLowerIsBetter });
  }
  if (!isAdditiveKpi(formulas.get(kpiId)!)) {
    throw badRequest(`${KPI_MEASURE_MESSAGES.notAdditive}.`, { kpiId: KPI_MEASURE_MESSAGES.notAdditive });
  }
  return kpi;
}

/** What the audit log keeps of a KPI target's KPI: its id, its names (every language's) and format as they were. */
const describeAuditKpi = (kpi: Pick<Kpi, 'id' | 'names' | 'format'> | null) =>
  kpi ? { kpiId: kpi.id, kpiName: pickName(kpi.names, 'en'), kpiNames: kpi.names, kpiFormat: kpi.format } : {};

/**
 * The targets the caller manages, every row of their history: an admin's, the company's; a lead's,
 * their teams' and their people's. Optionally one person's or one team's.
 */
export async function listTargets(deps: AppDeps, actor: Actor, query: { userId?: string; teamId?: string }): Promise<TargetList> {
  const rows = await withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    const scope = await authorizeTargetManagement(tx, actor);
    if (query.userId !== undefined) {
      if (!(await hasMembershipIn(tx, actor.companyId, toUserId(query.userId)))) throw notFound('No such member in your company.');
      if (!mayTargetPerson(scope, query.userId)) throw forbidden('You can see targets only of the teams you lead.');
    }
    if (query.teamId !== undefined) await checkTeamSubject(tx, actor, scope, query.teamId);
    const filter: TargetFilter =
      query.userId !== undefined || query.teamId !== undefined
        ? { userIds: query.userId === undefined ? [] : [toUserId(query.userId)], teamIds: query.teamId === undefined ? [] : [query.teamId] }
        : scope.userIds === null || scope.teamIds === null
          ? null
          : { userIds: [...scope.userIds].map(toUserId), teamIds: [...scope.teamIds] };
    const rows = await selectTargets(tx, actor.companyId, filter);
    return { rows, kpis: (await selectTargetKpis(tx, actor.companyId, rows)).kpis };
  });
  return toTargetList(rows.rows, computeLocalDate(deps.now(), actor.timezone), rows.kpis);
}

/** Whom the caller may set targets for: the pickers of the Targets screen. */
export async function listTargetSubjects(deps: AppDeps, actor: Actor): Promise<TargetSubjects> {
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    const scope = await authorizeTargetManagement(tx, actor);
    const teamOf = new Map((await selectTeamAssignments(tx, actor.companyId)).map((a) => [a.userId as string, a.teamId]));
    const members = (await selectActiveMemberFaces(tx, actor.companyId))
      .filter((face) => mayTargetPerson(scope, face.userId))
      .map((face) => ({
        userId: face.userId,
        displayName: face.displayName,
        avatarUrl: face.avatarUrl,
        teamId: teamOf.get(face.userId) ?? null,
      }))
      .sort((a, b) => (a.displayName ?? '\uffff').localeCompare(b.displayName ?? '\uffff') || (a.userId < b.userId ? -1 : 1));
    const teams = (await selectTeamRefs(tx, actor.companyId)).filter((team) => mayTargetTeam(scope, team.id));
    return { members, teams };
  });
}

/** Sets a target from a day that has not passed yet: a past period keeps the target it had. */
export async function createTarget(deps: AppDeps, actor: Actor, input: CreateTarget): Promise<Target> {
  const today = computeLocalDate(deps.now(), actor.timezone);
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    const scope = await authorizeTargetManagement(tx, actor);
    if (input.effectiveFrom < today) {
      throw badRequest('A target starts today or later; past periods keep the targets they had.', {
        effectiveFrom: 'Choose today or a later date',
      });
    }
    let team: { id: string; name: string } | null = null;
    if (input.teamId !== undefined) team = await checkTeamSubject(tx, actor, scope, input.teamId);
    else await checkPersonSubject(tx, actor, scope, input.userId!);
    const kpiId = input.metric === 'kpi' ? input.kpiId! : '';
    const kpi = kpiId === '' ? null : await checkTargetKpi(tx, actor.companyId, kpiId);
    const row = await upsertTarget(tx, actor.companyId, {
      subject: team ? { kind: 'team', teamId: team.id } : { kind: 'person', userId: toUserId(input.userId!) },
      metric: input.metric,
      kpiId,
      period: input.period,
      value: input.value,
      effectiveFrom: input.effectiveFrom,
      createdBy: actor.userId,
      createdAt: deps.now(),
    });
    await insertAuditEvent(
      tx,
      createAuditEvent(memberScopeOf(actor), 'target.set', {
        target: team ? { type: 'team', id: team.id } : { type: 'member', id: input.userId! },
        details: {
          subjectKind: team ? 'team' : 'person',
          ...(team ? { teamName: team.name } : {}),
          metric: input.metric,
          ...describeAuditKpi(kpi),
          period: input.period,
          value: input.value,
          effectiveFrom: input.effectiveFrom,
        },
        at: deps.now(),
      }),
    );
    const history = await selectTargets(
      tx,
      actor.companyId,
      team ? { userIds: [], teamIds: [team.id] } : { userIds: [toUserId(input.userId!)], teamIds: [] },
    );
    const { kpis } = await selectTargetKpis(tx, actor.companyId, history);
    return toTargetList(history, today, kpis).targets.find((target) => target.id === row.id)!;
  });
}

/** Ends a target from today; the periods before today keep it. */
export async function endTarget(deps: AppDeps, actor: Actor, id: string): Promise<Target> {
  const today = computeLocalDate(deps.now(), actor.timezone);
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    const scope = await authorizeTargetManagement(tx, actor);
    const found = await selectTargetById(tx, actor.companyId, id);
    if (!found) throw notFound('No such target in your company.');
    if (!mayManageRow(scope, found)) throw forbidden('You can end targets only of the teams you lead.');
    const { row, removed, changed } = await endTargetFrom(tx, actor.companyId, found, today);
    if (changed) {
      const team = found.teamId === null ? null : await selectTeamRef(tx, actor.companyId, found.teamId);
      await insertAuditEvent(
        tx,
        createAuditEvent(memberScopeOf(actor), 'target.ended', {
          target: found.teamId !== null ? { type: 'team', id: found.teamId } : { type: 'member', id: found.userId! },
          details: {
            subjectKind: found.subjectKind as TargetSubjectKind,
            ...(team ? { teamName: team.name } : {}),
            metric: found.metric as TargetMeasure,
            ...(found.kpiId === ''
              ? {}
              : {
                  kpiId: found.kpiId,
                  ...describeAuditKpi((await selectTargetKpis(tx, actor.companyId, [found])).kpis.get(found.kpiId) ?? null),
                }),
            period: found.period as TargetPeriod,
            value: found.value,
            removed,
          },
          at: deps.now(),
        }),
      );
    }
    return toTarget(row, new Set(), today, (await selectTargetKpis(tx, actor.companyId, [row])).kpis);
  });
}

/**
 * A person's targets, and their team's, with progress and pacing, for the day, week and month that
 * hold `on` (today by default). Each period is measured against the target in force on its last
 * day once it is over, or today while it runs. A team's progress is the sum over the people in the
 * team now (decision 044), as a board filtered to the team counts it.
 */
async function computeTargetProgress(deps: AppDeps, actor: Actor, userId: UserId, on?: string): Promise<MyTargets> {
  const now = deps.now();
  const today = computeLocalDate(now, actor.timezone);
  const day: LocalDate = on === undefined ? today : toLocalDate(on);
  const month = computeTargetPeriodDates('month', day);
  const week = computeTargetPeriodDates('week', day);
  // The week may reach into the months before or after; the rollups read cover both.
  const from = week.from < month.from ? week.from : month.from;
  const to = week.to > month.to ? week.to : month.to;
  const data = await withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    const team = await selectTeamOfMember(tx, actor.companyId, userId);
    const rows = await selectTargets(tx, actor.companyId, { userIds: [userId], teamIds: team ? [team.id] : [] });
    const calendar = await loadWorkingCalendar(tx, actor.companyId);
    const hasTeamTargets = rows.some((row) => row.subjectKind === 'team');
    const people = rows.length === 0 ? [] : hasTeamTargets && team ? [...new Set([userId, ...team.memberIds])] : [userId];
    const stats = await selectDailyStats(tx, { companyId: actor.companyId, userIds: people, from, to });
    // A KPI's targets read its facts day by day from both rollups (decision 104), for the same people and days.
    const { kpis, formulas } = await selectTargetKpis(tx, actor.companyId, rows);
    const facts: DatedKpiFact[] =
      formulas.size === 0 ? [] : await selectMemberKpiFactsForIn(tx, actor.companyId, formulas, { from, to, byDay: true, userIds: people });
    return { team, targets: rows, calendar, stats, kpis, formulas, facts };
  });

  const progress: TargetProgress[] = [];
  for (const period of ['day', 'week', 'month'] as const) {
    const dates = computeTargetPeriodDates(period, day);
    const reference = computeTargetReferenceDay(dates.to, today);
    for (const target of selectRowsInForce(data.targets, reference, period)) {
      const share = computeTargetShare(data.calendar, dates, target.effectiveFrom, now, actor.timezone);
      const metric = target.metric as TargetMeasure;
      const isTeam = target.subjectKind === 'team';
      const counted = (row: { day: string; userId: string }) =>
        row.day >= dates.from && row.day <= dates.to && (isTeam || row.userId === userId);
      // The rollup reader names each metric as targets do (meetings_held, sales_value); a KPI is
      // evaluated over the period's facts (a team's together), no value counting as nothing.
      const done =
        metric === 'kpi'
          ? data.formulas.has(target.kpiId)
            ? (evaluateKpis(data.formulas, data.facts.filter(counted), [target.kpiId]).get(target.kpiId) ?? 0)
            : 0
          : data.stats.filter(counted).reduce((sum, row) => sum + row[metric as TargetMetric], 0);
      const pacing = computePacing(done, target.value, share);
      progress.push({
        targetId: target.id,
        subjectKind: isTeam ? 'team' : 'person',
        teamName: isTeam ? (data.team?.name ?? null) : null,
        metric,
        kpiId: metric === 'kpi' ? target.kpiId : null,
        kpi: toNamedKpi(target, data.kpis),
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
  // A person's own targets first, then their team's; by metric within each.
  const metricOrder = (metric: TargetMeasure) => TARGET_MEASURES.indexOf(metric);
  const kindOrder = (kind: TargetSubjectKind) => (kind === 'person' ? 0 : 1);
  progress.sort((a, b) => kindOrder(a.subjectKind) - kindOrder(b.subjectKind) || metricOrder(a.metric) - metricOrder(b.metric));
  return { on: day, targets: progress };
}

/** The caller's own targets and their team's, with progress and pacing. */
export async function getMyTargets(deps: AppDeps, actor: Actor, on?: string): Promise<MyTargets> {
  return computeTargetProgress(deps, actor, actor.userId, on);
}

/**
 * A person's own targets with progress and pacing for today's day, week and month (a page per rep,
 * decision 046): the page sets each beside the person's own numbers, so their team's targets, whose
 * progress is the team's, are left to My Activity and Targets. The caller decided that the actor may
 * see this person's page.
 */
export async function getPersonTargets(deps: AppDeps, actor: Actor, userId: string): Promise<MyTargets> {
  const progress = await computeTargetProgress(deps, actor, toUserId(userId));
  return { ...progress, targets: progress.targets.filter((target) => target.subjectKind === 'person') };
}

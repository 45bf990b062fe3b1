import {
  type Contest,
  CONTEST_KPI_MESSAGES,
  type ContestInput,
  type ContestList,
  type ContestMode,
  type ContestStandings,
  type ContestWeight,
  type Kpi,
  type TvContestFollow,
} from '@core/contracts';
import { computeContestPhase, pickCurrentRound, pickRunningContest } from '@core/contests';
import { isAdditiveKpi } from '@core/kpi-formulas';
import { addDays, computeLocalDate, computeStartOfLocalDay, type LocalDate, toLocalDate } from '@core/period';
import { isTeamLead } from '@core/teams';
import { type Actor, type AppDeps, memberScopeOf } from '../../context';
import type { Transaction } from '../../db/client';
import { type CompanyId, withTenant } from '../../db/tenant';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/http';
import { createAuditEvent, insertAuditEvent } from '../audit/audit.service';

import { selectActiveMemberFaces, selectTeamAssignments } from '../companies/memberships.service';

import { selectKpisByIdIn } from '../kpis/kpis.service';
import { selectManager, selectTeamRefs } from '../teams/teams.service';
import {
  type ContestRow,
  type ContestValues,
  deleteContestRow,
  insertContest,
  selectContest,
  selectContestRounds,
  selectContests,
  selectRunningContests,
  updateContestRow,
} from './contests.repository';
import { computeContestStandings } from './contest-standings.service';

/*
 * Contests (decision 049): made and changed by admins (any) and team leads (among their own teams'
 * people only), read by everyone in the company, scored from the daily rollups. The scheduler
 * (contests.scheduler.ts) starts them, notices lead changes and finishes them, each once.
 */

/** How many finished contests the list shows (the history). */
const PAST_CONTESTS_SHOWN = 20;

const contestNotFound = () => notFound('No such contest in your company.');
const onlyManagers = () => forbidden('Only administrators and team leads can run contests.');
const notYours = () => forbidden('Team leads run contests only among the teams they lead.');

// ---- who may manage -------------------------------------------------------------------------------

/** What the caller may run contests among: everything (admin), or the teams they lead and those teams' active people. */
type ContestScope = { admin: true } | { admin: false; teamIds: Set<string>; userIds: Set<string> } | null;

async function selectContestScope(tx: Transaction, actor: Actor): Promise<ContestScope> {
  // The actor's role is the signed-in cache's, current (decision 026): an admin needs no read.
  if (actor.role === 'admin') return { admin: true };
  const manager = await selectManager(tx, actor);
  if (manager.role === 'admin') return { admin: true };
  if (!isTeamLead(manager)) return null;
  const led = new Set(manager.ledTeamIds);
  const members = (await selectTeamAssignments(tx, actor.companyId)).filter((a) => a.isActive && led.has(a.teamId));
  return { admin: false, teamIds: led, userIds: new Set(members.map((a) => a.userId as string)) };
}

/**
 * Whether the scope covers every participant: an admin any contest; a lead one among chosen teams
 * they all lead, or chosen people all in teams they lead ("everyone" is an admin's). The policy
 * app_manages_contest (migration 0030) says the same to the database.
 */
function mayManage(scope: ContestScope, contest: Pick<ContestValues, 'participants' | 'teamIds' | 'userIds'>): boolean {
  if (scope === null) return false;
  if (scope.admin) return true;
  if (contest.participants === 'teams') return contest.teamIds.length > 0 && contest.teamIds.every((id) => scope.teamIds.has(id));
  if (contest.participants === 'people') return contest.userIds.length > 0 && contest.userIds.every((id) => scope.userIds.has(id));
  return false;
}

async function authorizeContestManagement(tx: Transaction, actor: Actor): Promise<NonNullable<ContestScope>> {
  const scope = await selectContestScope(tx, actor);
  if (scope === null) throw onlyManagers();
  return scope;
}

/** The company's KPIs by id when any of these contests is scored by one (decision 103); none read otherwise. */
async function selectContestKpis(tx: Transaction, companyId: CompanyId, rows: readonly Pick<ContestRow, 'kpiId'>[]): Promise<ContestKpis> {
  if (rows.every((row) => row.kpiId === null)) return new Map();
  return (await selectKpisByIdIn(tx, companyId)).kpis;
}
type ContestKpis = ReadonlyMap<string, Kpi>;

function toContestKpi(row: ContestRow, kpis: ContestKpis): Contest['kpi'] {
  const kpi = row.kpiId === null ? undefined : kpis.get(row.kpiId);
  return kpi ? { id: kpi.id, names: kpi.names, format: kpi.format, decimals: kpi.decimals } : null;
}

function toContest(
  row: ContestRow,
  today: LocalDate,
  timezone: string,
  canManage: boolean,
  names: Map<string, string | null>,
  kpis: ContestKpis,
): Contest {
  return {
    id: row.id,
    name: row.name,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    participants: row.participants as Contest['participants'],
    teamIds: row.teamIds,
    userIds: row.userIds,
    mode: row.mode as ContestMode,
    weights: row.weights as ContestWeight[],
    kpiId: row.kpiId,
    kpi: toContestKpi(row, kpis),
    target: row.target,
    prizes: row.prizes,
    recurrence: row.recurrence as Contest['recurrence'],
    template: row.template as Contest['template'],
    seriesId: row.seriesId,
    phase: computeContestPhase(row.startsOn, row.endsOn, today),
    finished: row.status === 'finished',
    winners: (row.winners ?? []).map((winner) => ({ ...winner, name: names.get(winner.subjectId) ?? null })),
    startsAt: computeStartOfLocalDay(toLocalDate(row.startsOn), timezone).toISOString(),
    endsAt: computeStartOfLocalDay(addDays(toLocalDate(row.endsOn), 1), timezone).toISOString(),
    canManage,
  };
}

/** Names of members and teams by id, for winners (looked up when read: an erased member's tombstone applies). */
async function selectSubjectNames(tx: Transaction, companyId: CompanyId): Promise<Map<string, string | null>> {
  const names = new Map<string, string | null>();
  for (const face of await selectActiveMemberFaces(tx, companyId)) names.set(face.userId, face.displayName);
  for (const team of await selectTeamRefs(tx, companyId)) names.set(team.id, team.name);
  return names;
}

/** The company's contests (those not over, and the latest past ones with their winners). Everyone reads them. */
export async function listContests(deps: AppDeps, actor: Actor): Promise<ContestList> {
  const today = computeLocalDate(deps.now(), actor.timezone);
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    const scope = await selectContestScope(tx, actor);
    const rows = await selectContests(tx, actor.companyId, today, PAST_CONTESTS_SHOWN);
    const names = await selectSubjectNames(tx, actor.companyId);
    const kpis = await selectContestKpis(tx, actor.companyId, rows);
    return {
      contests: rows.map((row) => toContest(row, today, actor.timezone, mayManage(scope, row), names, kpis)),
      canCreate: scope !== null,
    };
  });
}

/** One contest with its live standings. Everyone in the company reads them. */
export async function getContestStandings(deps: AppDeps, actor: Actor, id: string): Promise<ContestStandings> {
  const today = computeLocalDate(deps.now(), actor.timezone);
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    const row = await selectContest(tx, actor.companyId, id);
    if (!row) throw contestNotFound();
    const scope = await selectContestScope(tx, actor);
    const standings = await computeContestStandings(tx, actor.companyId, row);
    const names = new Map(standings.map((s) => [s.subjectId, s.name]));
    const kpis = await selectContestKpis(tx, actor.companyId, [row]);
    return { contest: toContest(row, today, actor.timezone, mayManage(scope, row), names, kpis), standings, today };
  });
}

/** The wall a display link shows: its company, zone and team (decision 040), resolved by display links. */
export type ContestWall = { companyId: CompanyId; timezone: string; team: { id: string } | null };

/**
 * A contest's standings on a wall screen, without signing in: the wall's company's contest only. A
 * team's wall shows its own people (person against person), as its board does; team against team
 * shows every team, the rivals being the point. The display-links module resolves the link's token
 * and calls this (its own screen reader and `/display/{token}/contests/{id}`).
 */
export async function getWallContestStandings(deps: AppDeps, wall: ContestWall, id: string): Promise<ContestStandings> {
  const today = computeLocalDate(deps.now(), wall.timezone);
  return withTenant(deps.database.db, { companyId: wall.companyId, userId: null }, async (tx) => {
    const row = await selectContest(tx, wall.companyId, id);
    if (!row) throw contestNotFound();
    let standings = await computeContestStandings(tx, wall.companyId, row);
    if (wall.team && row.mode === 'individual') {
      const team = wall.team.id;
      const inTeam = new Set(
        (await selectTeamAssignments(tx, wall.companyId, team)).filter((a) => a.isActive).map((a) => a.userId as string),
      );
      standings = standings.filter((s) => inTeam.has(s.subjectId));
    }
    const names = new Map(standings.map((s) => [s.subjectId, s.name]));
    const kpis = await selectContestKpis(tx, wall.companyId, [row]);
    return { contest: toContest(row, today, wall.timezone, false, names, kpis), standings, today };
  });
}

/**
 * The contest a wall's contest screen shows now (decision 087), with its standings: the chosen
 * contest's current round (`contest`: core's pickCurrentRound over its series; a contest that does
 * not repeat is its own only round), or the latest-started contest running for the wall
 * (`running`: on a team's link, one its team takes part in, as everyone, as a team or through its
 * people). Null when nothing is running.
 */
export async function getWallContestScreen(
  deps: AppDeps,
  wall: ContestWall,
  screen: { follow?: TvContestFollow; contestId?: string },
): Promise<ContestStandings | null> {
  const today = computeLocalDate(deps.now(), wall.timezone);
  const id = await withTenant(deps.database.db, { companyId: wall.companyId, userId: null }, async (tx) => {
    if ((screen.follow ?? 'contest') === 'contest') {
      const chosen = await selectContest(tx, wall.companyId, screen.contestId!);
      if (!chosen) throw contestNotFound();
      return pickCurrentRound(await selectContestRounds(tx, wall.companyId, chosen.seriesId), today)?.id ?? chosen.id;
    }
    let running = await selectRunningContests(tx, wall.companyId, today);
    if (wall.team) {
      const team = wall.team.id;
      const members = new Set(
        (await selectTeamAssignments(tx, wall.companyId, team)).filter((a) => a.isActive).map((a) => a.userId as string),
      );
      running = running.filter(
        (row) =>
          row.participants === 'everyone' ||
          (row.participants === 'teams' && row.teamIds.includes(team)) ||
          (row.participants === 'people' && row.userIds.some((userId) => members.has(userId))),
      );
    }
    return pickRunningContest(running, today)?.id ?? null;
  });
  return id === null ? null : getWallContestStandings(deps, wall, id);
}

/** Transaction step (TV playlists): whether these contests are all the company's. */
export async function checkContestsExist(tx: Transaction, companyId: CompanyId, ids: readonly string[]): Promise<boolean> {
  for (const id of new Set(ids)) if (!(await selectContest(tx, companyId, id))) return false;
  return true;
}

// ---- writing ---------------------------------------------------------------------------------------

function toValues(input: ContestInput): ContestValues {
  return {
    name: input.name,
    startsOn: input.startsOn,
    endsOn: input.endsOn,
    participants: input.participants,
    // Only the list the participants name is kept: a contest among everyone names nobody.
    teamIds: input.participants === 'teams' ? [...new Set(input.teamIds)] : [],
    userIds: input.participants === 'people' ? [...new Set(input.userIds)] : [],
    mode: input.mode,
    weights: input.kpiId === null ? input.weights : [],
    kpiId: input.kpiId,
    target: input.target,
    prizes: input.prizes,
    recurrence: input.recurrence,
    template: input.template,
  };
}

/** The chosen teams and people must be the company's (404 before 403: not a member is not a member). */
async function checkParticipants(tx: Transaction, companyId: CompanyId, values: ContestValues): Promise<void> {
  if (values.teamIds.length > 0) {
    const teams = new Set((await selectTeamRefs(tx, companyId)).map((team) => team.id));
    if (values.teamIds.some((id) => !teams.has(id))) throw notFound('No such team in your company.');
  }
  if (values.userIds.length > 0) {
    const members = new Set((await selectActiveMemberFaces(tx, companyId)).map((face) => face.userId as string));
    if (values.userIds.some((id) => !members.has(id))) throw notFound('No such member in your company.');
  }
}

/**
 * A KPI contest's KPI must be the company's (or a built-in one), won by the highest figure, and
 * only a count or a sum takes a target (decision 103): a ratio reached one day may fall the next.
 * Returns the company's KPIs for the answer.
 */
async function checkContestKpi(tx: Transaction, companyId: CompanyId, values: ContestValues): Promise<ContestKpis> {
  if (values.kpiId === null) return new Map();
  const { kpis, formulas } = await selectKpisByIdIn(tx, companyId);
  const kpi = kpis.get(values.kpiId);
  if (!kpi) throw badRequest('No such KPI in your company.', { kpiId: CONTEST_KPI_MESSAGES.kpiGone });
  if (kpi.lowerIsBetter) throw badRequest(`${CONTEST_KPI_MESSAGES.lowerIsBetter}.`, { kpiId: CONTEST_KPI_MESSAGES.lowerIsBetter });
  if (values.target !== null && !isAdditiveKpi(formulas.get(kpi.id)!)) {
    throw badRequest(`${CONTEST_KPI_MESSAGES.target}.`, { target: CONTEST_KPI_MESSAGES.target });
  }
  return kpis;
}

const startsInPast = () => badRequest('A contest starts today or later.', { startsOn: 'Choose today or a later date' });

export async function createContest(deps: AppDeps, actor: Actor, input: ContestInput): Promise<Contest> {
  const now = deps.now();
  const today = computeLocalDate(now, actor.timezone);
  if (input.startsOn < today) throw startsInPast();
  const values = toValues(input);
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    const scope = await authorizeContestManagement(tx, actor);
    await checkParticipants(tx, actor.companyId, values);
    if (!mayManage(scope, values)) throw notYours();
    const kpis = await checkContestKpi(tx, actor.companyId, values);
    const row = await insertContest(tx, actor.companyId, { ...values, createdBy: actor.userId, at: now });
    if (!row) throw new HttpError(409, 'conflict', 'That contest exists already.');
    await insertAuditEvent(
      tx,
      createAuditEvent(memberScopeOf(actor), 'contest.created', {
        target: { type: 'contest', id: row.id },
        details: { name: row.name, startsOn: row.startsOn, endsOn: row.endsOn },
        at: now,
      }),
    );
    return toContest(row, today, actor.timezone, true, new Map(), kpis);
  });
}

const finishedContest = () => new HttpError(409, 'contest_finished', 'This contest is over; its results stay as they are.');

/**
 * Changes a contest that is not finished. A running one keeps its first day (its start was
 * announced); an upcoming one may move to today or later. A lead must manage the contest as it
 * was and as it becomes.
 */
export async function updateContest(deps: AppDeps, actor: Actor, id: string, input: ContestInput): Promise<Contest> {
  const now = deps.now();
  const today = computeLocalDate(now, actor.timezone);
  const values = toValues(input);
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    const scope = await authorizeContestManagement(tx, actor);
    const found = await selectContest(tx, actor.companyId, id);
    if (!found) throw contestNotFound();
    if (!mayManage(scope, found)) throw notYours();
    // Locked only once it is the caller's to change (a locking read sees only rows the policies let one update).
    const before = (await selectContest(tx, actor.companyId, id, { lock: true }))!;
    if (before.status === 'finished') throw finishedContest();
    if (before.status === 'running' && values.startsOn !== before.startsOn) {
      throw badRequest('A running contest keeps its first day.', { startsOn: 'The contest has started on this day' });
    }
    if (before.status === 'scheduled' && values.startsOn < today) throw startsInPast();
    if (values.endsOn < today && before.endsOn >= today) {
      throw badRequest('A contest ends today or later.', { endsOn: 'Choose today or a later date' });
    }
    await checkParticipants(tx, actor.companyId, values);
    if (!mayManage(scope, values)) throw notYours();
    const kpis = await checkContestKpi(tx, actor.companyId, values);
    const row = (await updateContestRow(tx, actor.companyId, id, { ...values, at: now }))!;
    const fields = (Object.keys(values) as (keyof ContestValues)[]).filter(
      (key) => JSON.stringify(values[key]) !== JSON.stringify(before[key]),
    );
    if (fields.length > 0) {
      await insertAuditEvent(
        tx,
        createAuditEvent(memberScopeOf(actor), 'contest.updated', {
          target: { type: 'contest', id },
          details: { name: row.name, fields },
          at: now,
        }),
      );
    }
    return toContest(row, today, actor.timezone, true, await selectSubjectNames(tx, actor.companyId), kpis);
  });
}

/** Deletes a contest (and with it its standings; the feed keeps what was announced). */
export async function deleteContest(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  const now = deps.now();
  await withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    const scope = await authorizeContestManagement(tx, actor);
    const before = await selectContest(tx, actor.companyId, id);
    if (!before) throw contestNotFound();
    if (!mayManage(scope, before)) throw notYours();
    await deleteContestRow(tx, actor.companyId, id);
    await insertAuditEvent(
      tx,
      createAuditEvent(memberScopeOf(actor), 'contest.deleted', {
        target: { type: 'contest', id },
        details: { name: before.name, startsOn: before.startsOn, endsOn: before.endsOn },
        at: now,
      }),
    );
  });
}

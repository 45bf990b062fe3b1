import {
  type Contest,
  type ContestInput,
  type ContestList,
  type ContestMode,
  type ContestStanding,
  type ContestStandings,
  type ContestWeight,
  type ContestWinner,
  type TvContestFollow,
} from '@core/contracts';
import {
  computeContestPhase,
  computeContestScore,
  computeNextRound,
  computeReachedOn,
  computeContestScoreUnit,
  isSameLead,
  pickCurrentRound,
  pickRunningContest,
  rankContestEntries,
  selectContestWinners,
  sumContestTotals,
} from '@core/contests';
import { addDays, computeLocalDate, computeStartOfLocalDay, type LocalDate, toLocalDate } from '@core/period';
import { isTeamLead } from '@core/teams';
import { type Actor, type AppDeps, memberScopeOf } from '../../context';
import type { Database, Transaction } from '../../db/client';
import { type CompanyId, toUserId, withTenant } from '../../db/tenant';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/http';
import { createAuditEvent, insertAuditEvent } from '../audit/audit.service';
import { awardContestWinnerBadges } from '../badges/badges.service';
import { type ContestChatPost, recordContestChatPosts } from '../chat/chat.service';
import { selectActiveMemberFaces, selectTeamAssignments } from '../companies/memberships.service';
import { type NewFeedEvent, recordFeedEvents } from '../feed/feed.service';
import { selectManager, selectTeamRefs } from '../teams/teams.service';
import {
  actAsContestWorker,
  type ContestRow,
  type ContestValues,
  deleteContestRow,
  insertContest,
  markContest,
  selectContest,
  selectContestDays,
  selectContestRounds,
  selectContests,
  selectDueContestIds,
  selectRunningContests,
  updateContestRow,
} from './contests.repository';

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

// ---- participants and standings -------------------------------------------------------------------

type Participants = {
  /** Who is ranked: people (individual) or teams (team against team). */
  subjects: { id: string; kind: 'person' | 'team'; name: string | null; avatarUrl: string | null; memberIds: string[] }[];
  /** Every person whose rollups count. */
  userIds: string[];
};

/**
 * Who takes part, as of now: the active members (everyone), the active members of the chosen teams,
 * or the chosen people still active. Team against team counts each team's active members today
 * (decision 049: membership is today's, as on the boards), so a rep who moves team takes their
 * contest numbers along. A member left off the boards (decision 081) takes part only when chosen
 * by name: "everyone" and a team mean the people who play.
 */
async function selectParticipants(tx: Transaction, companyId: CompanyId, contest: ContestRow): Promise<Participants> {
  const active = await selectActiveMemberFaces(tx, companyId);
  const faces = active.filter((face) => face.onBoards);
  // Teams are read only when they matter: a contest among everyone or chosen people needs none.
  const needsTeams = contest.mode === 'team' || contest.participants === 'teams';
  const assignments = needsTeams ? await selectTeamAssignments(tx, companyId) : [];
  const teamOf = new Map(assignments.filter((a) => a.isActive).map((a) => [a.userId as string, a.teamId]));
  if (contest.mode === 'team') {
    const teams = await selectTeamRefs(tx, companyId);
    const chosen = contest.participants === 'teams' ? teams.filter((team) => contest.teamIds.includes(team.id)) : teams;
    const subjects = chosen.map((team) => ({
      id: team.id,
      kind: 'team' as const,
      name: team.name,
      avatarUrl: null,
      memberIds: faces.filter((face) => teamOf.get(face.userId) === team.id).map((face) => face.userId as string),
    }));
    return { subjects, userIds: subjects.flatMap((s) => s.memberIds) };
  }
  const chosenTeams = new Set(contest.teamIds);
  const chosenPeople = new Set(contest.userIds);
  const people = (contest.participants === 'people' ? active : faces).filter((face) =>
    contest.participants === 'everyone'
      ? true
      : contest.participants === 'teams'
        ? chosenTeams.has(teamOf.get(face.userId) ?? '')
        : chosenPeople.has(face.userId),
  );
  const subjects = people.map((face) => ({
    id: face.userId as string,
    kind: 'person' as const,
    name: face.displayName,
    avatarUrl: face.avatarUrl,
    memberIds: [face.userId as string],
  }));
  return { subjects, userIds: subjects.map((s) => s.id) };
}

/**
 * Transaction step: the contest's standings from the rollups of its days (never the activities), so
 * an activity edited, deleted, moved or logged late into the contest's days counts as the rollup
 * has it now. Ranked by the tie rule of rankContestEntries.
 */
export async function computeContestStandings(tx: Transaction, companyId: CompanyId, contest: ContestRow): Promise<ContestStanding[]> {
  const weights = contest.weights as ContestWeight[];
  const participants = await selectParticipants(tx, companyId, contest);
  const metrics = weights.map((w) => w.metric);
  // A contest among everyone reads the company's rows whole (no list of ids to match); without a
  // target, one summed row per member is all the standings need.
  const everyone = contest.participants === 'everyone' && contest.mode === 'individual';
  const days = await selectContestDays(
    tx,
    companyId,
    everyone ? null : participants.userIds,
    contest.startsOn,
    contest.endsOn,
    metrics,
    contest.target !== null,
  );
  const daysOf = new Map<string, typeof days>();
  for (const row of days) {
    const list = daysOf.get(row.userId) ?? [];
    list.push(row);
    daysOf.set(row.userId, list);
  }
  const entries = participants.subjects.map((subject) => {
    const rows = subject.memberIds.flatMap((id) => daysOf.get(id) ?? []);
    const totals = sumContestTotals(rows, weights);
    return {
      subjectId: subject.id,
      kind: subject.kind,
      name: subject.name,
      avatarUrl: subject.avatarUrl,
      score: computeContestScore(totals, weights),
      totals,
      reachedOn: computeReachedOn(rows, weights, contest.target),
      members: subject.kind === 'team' ? subject.memberIds.length : null,
    };
  });
  return rankContestEntries(entries);
}

// ---- reading ---------------------------------------------------------------------------------------

function toContest(row: ContestRow, today: LocalDate, timezone: string, canManage: boolean, names: Map<string, string | null>): Contest {
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
    return {
      contests: rows.map((row) => toContest(row, today, actor.timezone, mayManage(scope, row), names)),
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
    return { contest: toContest(row, today, actor.timezone, mayManage(scope, row), names), standings, today };
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
    return { contest: toContest(row, today, wall.timezone, false, names), standings, today };
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
    weights: input.weights,
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
    return toContest(row, today, actor.timezone, true, new Map());
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
    return toContest(row, today, actor.timezone, true, await selectSubjectNames(tx, actor.companyId));
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

// ---- the scheduler's steps -------------------------------------------------------------------------

const leadersOf = (standings: readonly ContestStanding[]): ContestWinner[] => selectContestWinners(standings);

/** The one member or team an event is about, when exactly one leads or won. */
function subjectColumns(mode: string, leaders: readonly ContestWinner[]): Pick<NewFeedEvent, 'userId' | 'teamId'> {
  if (leaders.length !== 1) return {};
  return mode === 'team' ? { teamId: leaders[0]!.subjectId } : { userId: toUserId(leaders[0]!.subjectId) };
}

const chatLeaders = (leaders: readonly ContestWinner[], standings: readonly ContestStanding[]) =>
  leaders.map((leader) => ({ name: standings.find((s) => s.subjectId === leader.subjectId)?.name ?? null, score: leader.score }));

/**
 * Transaction step: finishes the contest (the scheduler holds its row lock): stores the winners
 * (everyone sharing first place with a score above zero), announces `contest.finished` in the feed
 * and to Slack/Teams, and makes the next round of a recurring contest (once: one round per series
 * and start day). The one place a contest is won: a "contest winner" badge hooks in here, with
 * `winners` and the same transaction.
 */
export async function finishContest(
  tx: Transaction,
  companyId: CompanyId,
  contest: ContestRow,
  standings: readonly ContestStanding[],
  at: Date,
): Promise<{ winners: ContestWinner[]; nextRoundId: string | null }> {
  const winners = leadersOf(standings);
  await markContest(tx, companyId, contest.id, { status: 'finished', winners, leaderIds: winners.map((w) => w.subjectId), finishedAt: at });
  await recordFeedEvents(
    tx,
    companyId,
    [
      {
        kind: 'contest.finished',
        subjectId: contest.id,
        ...subjectColumns(contest.mode, winners),
        data: {
          contestId: contest.id,
          name: contest.name,
          winners,
          mode: contest.mode,
          target: contest.target,
          // What the score counts and the prize, for the winner card on the wall (decision 087).
          unit: computeContestScoreUnit(contest.weights as ContestWeight[]),
          prizes: contest.prizes,
        },
      },
    ],
    at,
  );
  await recordContestChatPosts(
    tx,
    companyId,
    [
      {
        event: 'finished',
        contest: contest.name,
        leaders: chatLeaders(winners, standings),
        endsOn: toLocalDate(contest.endsOn),
        unit: computeContestScoreUnit(contest.weights as ContestWeight[]),
        prize: contest.prizes,
      },
    ],
    at,
  );
  // The winners earn the contest-winner badge in the same transaction (decision 050): a team's
  // win is its active members' (today's membership, as the team's standing counted them).
  const winnerIds = new Set(winners.map((winner) => winner.subjectId));
  const winnerUserIds =
    contest.mode === 'team'
      ? (await selectTeamAssignments(tx, companyId)).filter((a) => a.isActive && winnerIds.has(a.teamId)).map((a) => a.userId)
      : [...winnerIds];
  await awardContestWinnerBadges(tx, companyId, { contestId: contest.id, winnerUserIds, localDate: toLocalDate(contest.endsOn) }, at);
  const next = computeNextRound(toLocalDate(contest.startsOn), toLocalDate(contest.endsOn), contest.recurrence as Contest['recurrence']);
  let nextRoundId: string | null = null;
  if (next) {
    const round = await insertContest(tx, companyId, {
      name: contest.name,
      startsOn: next.startsOn,
      endsOn: next.endsOn,
      participants: contest.participants,
      teamIds: contest.teamIds,
      userIds: contest.userIds,
      mode: contest.mode,
      weights: contest.weights as ContestWeight[],
      target: contest.target,
      prizes: contest.prizes,
      recurrence: contest.recurrence,
      template: contest.template,
      seriesId: contest.seriesId,
      createdBy: contest.createdBy,
      at,
    });
    nextRoundId = round?.id ?? null;
  }
  return { winners, nextRoundId };
}

/** What one scheduler pass did to one contest (tests read it). */
export type ContestStep = 'started' | 'lead_changed' | 'finished';

/**
 * One contest's due steps, under its row lock so that of several instances only the first does
 * each (the others wait, then find it done): start it once its first day has come, announce a new
 * leader while it runs, finish it once its last day is over.
 */
export async function advanceContest(db: Database, companyId: CompanyId, id: string, today: LocalDate, at: Date): Promise<ContestStep[]> {
  return withTenant(db, { companyId, userId: null }, async (tx) => {
    await actAsContestWorker(tx);
    const contest = await selectContest(tx, companyId, id, { lock: true });
    if (!contest || contest.status === 'finished' || contest.startsOn > today) return [];
    const steps: ContestStep[] = [];
    if (contest.status === 'scheduled') {
      await markContest(tx, companyId, id, { status: 'running' });
      await recordFeedEvents(
        tx,
        companyId,
        [
          {
            kind: 'contest.started',
            subjectId: id,
            data: {
              contestId: id,
              name: contest.name,
              startsOn: contest.startsOn,
              endsOn: contest.endsOn,
              mode: contest.mode,
              target: contest.target,
              // Who takes part: push notifications go to them (decision 055).
              participants: contest.participants,
              teamIds: contest.teamIds,
              userIds: contest.userIds,
            },
          },
        ],
        at,
      );
      await recordContestChatPosts(
        tx,
        companyId,
        [{ event: 'started', contest: contest.name, leaders: [], endsOn: toLocalDate(contest.endsOn) }],
        at,
      );
      steps.push('started');
    }
    const standings = await computeContestStandings(tx, companyId, contest);
    if (contest.endsOn < today) {
      await finishContest(tx, companyId, contest, standings, at);
      steps.push('finished');
      return steps;
    }
    const leaders = leadersOf(standings);
    if (
      leaders.length > 0 &&
      !isSameLead(
        leaders.map((l) => l.subjectId),
        contest.leaderIds,
      )
    ) {
      await markContest(tx, companyId, id, { leaderIds: leaders.map((l) => l.subjectId) });
      await recordFeedEvents(
        tx,
        companyId,
        [
          {
            kind: 'contest.lead_changed',
            subjectId: id,
            ...subjectColumns(contest.mode, leaders),
            data: { contestId: id, name: contest.name, leaders, previous: contest.leaderIds, mode: contest.mode },
          },
        ],
        at,
      );
      const post: ContestChatPost = {
        event: 'lead_changed',
        contest: contest.name,
        leaders: chatLeaders(leaders, standings),
        endsOn: toLocalDate(contest.endsOn),
        unit: computeContestScoreUnit(contest.weights as ContestWeight[]),
      };
      await recordContestChatPosts(tx, companyId, [post], at);
      steps.push('lead_changed');
    }
    return steps;
  });
}

/** The company's contests that have begun and are not finished: the scheduler's work. */
export async function listDueContestIds(db: Database, companyId: CompanyId, today: LocalDate): Promise<string[]> {
  return withTenant(db, { companyId, userId: null }, (tx) => selectDueContestIds(tx, companyId, today));
}

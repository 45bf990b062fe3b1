import { type ContestStanding, type ContestWeight } from '@core/contracts';
import { computeContestScore, computeReachedOn, rankContestEntries, scoreKpiContest, sumContestTotals } from '@core/contests';

import type { Transaction } from '../../db/client';
import { type CompanyId } from '../../db/tenant';

import { selectActiveMemberFaces, selectTeamAssignments } from '../companies/memberships.service';

import { type DatedKpiFact, selectKpisByIdIn, selectMemberKpiFactsForIn } from '../kpis/kpis.service';
import { selectTeamRefs } from '../teams/teams.service';
import { type ContestRow, selectContestDays } from './contests.repository';

/*
 * Who takes part in a contest and how they stand (decision 049): the participants as of now and
 * their scores from the daily rollups, ranked. Read by the contests' screens, the wall and the
 * scheduler.
 */

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
  const participants = await selectParticipants(tx, companyId, contest);
  // A contest among everyone reads the company's rows whole (no list of ids to match); without a
  // target, one summed row per member is all the standings need.
  const everyone = contest.participants === 'everyone' && contest.mode === 'individual';
  if (contest.kpiId !== null) return rankContestEntries(await scoreByKpi(tx, companyId, contest, contest.kpiId, participants, everyone));
  const weights = contest.weights as ContestWeight[];
  const days = await selectContestDays(
    tx,
    companyId,
    everyone ? null : participants.userIds,
    contest.startsOn,
    contest.endsOn,
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

/**
 * A KPI contest's entries (decision 103): the KPI over each subject's facts from both rollups (a
 * team's members' together), per day only when a target asks which day it was reached. A KPI
 * deleted since scores nobody anything: the contest is there, its measure is not.
 */
async function scoreByKpi(
  tx: Transaction,
  companyId: CompanyId,
  contest: ContestRow,
  kpiId: string,
  participants: Participants,
  everyone: boolean,
) {
  const { formulas } = await selectKpisByIdIn(tx, companyId);
  const facts = formulas.has(kpiId)
    ? await selectMemberKpiFactsForIn(tx, companyId, formulas, {
        from: contest.startsOn,
        to: contest.endsOn,
        byDay: contest.target !== null,
        userIds: everyone ? null : participants.userIds,
      })
    : [];
  const factsOf = new Map<string, DatedKpiFact[]>();
  for (const fact of facts) {
    const list = factsOf.get(fact.userId);
    if (list) list.push(fact);
    else factsOf.set(fact.userId, [fact]);
  }
  return participants.subjects.map((subject) => {
    const own = subject.memberIds.flatMap((id) => factsOf.get(id) ?? []);
    const { score, reachedOn } = formulas.has(kpiId)
      ? scoreKpiContest(formulas, kpiId, own, contest.target)
      : { score: 0, reachedOn: null };
    return {
      subjectId: subject.id,
      kind: subject.kind,
      name: subject.name,
      avatarUrl: subject.avatarUrl,
      score,
      totals: {},
      reachedOn,
      members: subject.kind === 'team' ? subject.memberIds.length : null,
    };
  });
}

// ---- reading ---------------------------------------------------------------------------------------

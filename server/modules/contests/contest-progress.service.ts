import { type Contest, type ContestStanding, type ContestStep, type ContestWeight, type ContestWinner } from '@core/contracts';
import { computeNextRound, computeContestScoreUnit, type ContestScoreUnit, isSameLead, selectContestWinners } from '@core/contests';
import { type LocalDate, toLocalDate } from '@core/period';

import type { Database, Transaction } from '../../db/client';
import { type CompanyId, toUserId, withTenant } from '../../db/tenant';

import { awardContestWinnerBadges } from '../badges/badges.service';
import { type ContestChatPost, recordContestChatPosts } from '../chat/chat.service';
import { selectTeamAssignments } from '../companies/memberships.service';
import { type NewFeedEvent, recordFeedEvents } from '../feed/feed.service';
import { selectKpisByIdIn } from '../kpis/kpis.service';

import { actAsContestWorker, type ContestRow, insertContest, markContest, selectContest, selectDueContestIds } from './contests.repository';
import { computeContestStandings } from './contest-standings.service';

/*
 * The scheduler's steps (decision 049): a contest starts, its lead changes and it finishes, each
 * once, in the contest's own transaction (contests.scheduler.ts runs them).
 */

const leadersOf = (standings: readonly ContestStanding[]): ContestWinner[] => selectContestWinners(standings);

/** The one member or team an event is about, when exactly one leads or won. */
function subjectColumns(mode: string, leaders: readonly ContestWinner[]): Pick<NewFeedEvent, 'userId' | 'teamId'> {
  if (leaders.length !== 1) return {};
  return mode === 'team' ? { teamId: leaders[0]!.subjectId } : { userId: toUserId(leaders[0]!.subjectId) };
}

/**
 * What the contest's score counts, for the feed's winner card and the chat posts: its metric, or its
 * KPI's names and format as they are now (decision 103); a KPI deleted since reads as a plain number.
 */
async function selectScoreUnit(tx: Transaction, companyId: CompanyId, contest: ContestRow): Promise<ContestScoreUnit | undefined> {
  if (contest.kpiId === null) return computeContestScoreUnit(contest.weights as ContestWeight[]);
  const kpi = (await selectKpisByIdIn(tx, companyId)).kpis.get(contest.kpiId);
  return kpi ? computeContestScoreUnit([], kpi) : undefined;
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
  const unit = await selectScoreUnit(tx, companyId, contest);
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
          unit,
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
        unit,
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
      kpiId: contest.kpiId,
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
        unit: await selectScoreUnit(tx, companyId, contest),
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

import { z } from 'zod';
import { CONTEST_METRICS } from './constants';
import { diffDays, FIRST_LOCAL_YEAR, isLocalDate, LAST_LOCAL_YEAR, type LocalDate } from '../period';
import { text } from './common';
import { KPI_MEASURE_MESSAGES, NamedKpiSchema } from './kpis';

/*
 * Contests (decision 049): a named competition over local days of the company's zone (both ends
 * inclusive), among everyone, chosen teams or chosen people, scored by one KPI of the daily rollups
 * or a weighted mix of them, person against person or team against team, with an optional target
 * and prizes as text. Standings are read from the rollups, never from the activities.
 */

/** Every KPI of the daily rollup a contest can count (sales value in minor units of the currency). */
export { CONTEST_METRICS };
export const ContestMetricSchema = z.enum(CONTEST_METRICS);
export type ContestMetric = z.infer<typeof ContestMetricSchema>;

export const CONTEST_PARTICIPANTS = ['everyone', 'teams', 'people'] as const;
export type ContestParticipants = (typeof CONTEST_PARTICIPANTS)[number];
export const CONTEST_MODES = ['individual', 'team'] as const;
export type ContestMode = (typeof CONTEST_MODES)[number];
export const CONTEST_RECURRENCES = ['none', 'weekly', 'monthly'] as const;
export type ContestRecurrence = (typeof CONTEST_RECURRENCES)[number];
export const CONTEST_TEMPLATES = ['sprint_week', 'sales_race', 'call_blitz'] as const;
export type ContestTemplate = (typeof CONTEST_TEMPLATES)[number];

export const CONTEST_NAME_MAX = 80;
export const CONTEST_PRIZES_MAX = 500;
/** The longest contest: a quarter. Standings read at most this many days of rollups per member. */
export const CONTEST_DAYS_MAX = 92;
export const CONTEST_WEIGHT_MAX = 1000;
export const CONTEST_CHOSEN_MAX = 200;

const LocalDateField = text().refine(isLocalDate, {
  message: `must be a calendar date as YYYY-MM-DD, in the years ${FIRST_LOCAL_YEAR}-${LAST_LOCAL_YEAR}`,
});

export const ContestWeightSchema = z.object({
  metric: ContestMetricSchema,
  /** Whole points per unit of the metric: 1×calls + 5×meetings booked. */
  weight: z.number().int().min(1).max(CONTEST_WEIGHT_MAX),
});
export type ContestWeight = z.infer<typeof ContestWeightSchema>;

/** A KPI contest's refusals (decision 103): the form shows them on the field they name. */
export const CONTEST_KPI_MESSAGES = {
  kpiOrWeights: 'A contest counts a KPI or activities, not both',
  kpiGone: KPI_MEASURE_MESSAGES.gone,
  lowerIsBetter: KPI_MEASURE_MESSAGES.lowerIsBetter,
  target: KPI_MEASURE_MESSAGES.notAdditive,
} as const;

const ContestFields = z.object({
  name: text().trim().min(1, 'Give the contest a name').max(CONTEST_NAME_MAX, `At most ${CONTEST_NAME_MAX} characters`),
  startsOn: LocalDateField,
  endsOn: LocalDateField,
  participants: z.enum(CONTEST_PARTICIPANTS),
  /** The chosen teams (participants 'teams'). */
  teamIds: z
    .array(z.uuid({ message: 'Not a team of your company' }))
    .max(CONTEST_CHOSEN_MAX)
    .default([]),
  /** The chosen people (participants 'people'). */
  userIds: z.array(text().min(1).max(200)).max(CONTEST_CHOSEN_MAX).default([]),
  mode: z.enum(CONTEST_MODES),
  /** One metric with weight 1, or a weighted mix of several (each metric once); none when a KPI counts. */
  weights: z.array(ContestWeightSchema).max(CONTEST_METRICS.length),
  /**
   * Scored by one KPI instead (decision 103): a company KPI's id or a built-in one's key. Its value
   * over the contest's days is the score: a ratio of the sums, a team's of its members' together.
   */
  kpiId: text().min(1).max(100).nullable().default(null),
  /** "First to 50": the score that wins; whoever reached it on the earliest day leads. */
  target: z.number().int().min(1).max(1_000_000_000_000).nullable().default(null),
  prizes: text().trim().max(CONTEST_PRIZES_MAX, `At most ${CONTEST_PRIZES_MAX} characters`).default(''),
  recurrence: z.enum(CONTEST_RECURRENCES).default('none'),
  template: z.enum(CONTEST_TEMPLATES).nullable().default(null),
});

/** The rules a contest's fields obey together (the form shows them on the field they name). */
function checkContest(contest: z.output<typeof ContestFields>, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (isLocalDate(contest.startsOn) && isLocalDate(contest.endsOn)) {
    const days = diffDays(contest.startsOn as LocalDate, contest.endsOn as LocalDate) + 1;
    if (days < 1) issue('endsOn', 'The contest ends on or after its first day');
    else if (days > CONTEST_DAYS_MAX) issue('endsOn', `A contest lasts at most ${CONTEST_DAYS_MAX} days`);
    else if (contest.recurrence === 'weekly' && days > 7) issue('recurrence', 'A weekly contest lasts at most 7 days');
    else if (contest.recurrence === 'monthly' && days > 31) issue('recurrence', 'A monthly contest lasts at most a month');
  }
  if (contest.kpiId === null && contest.weights.length === 0) issue('weights', 'Choose what counts');
  if (contest.kpiId !== null && contest.weights.length > 0) issue('weights', CONTEST_KPI_MESSAGES.kpiOrWeights);
  if (new Set(contest.weights.map((w) => w.metric)).size !== contest.weights.length) issue('weights', 'Each metric counts once');
  if (contest.participants === 'teams' && contest.teamIds.length === 0) issue('teamIds', 'Choose at least one team');
  if (contest.participants === 'people' && contest.userIds.length === 0) issue('userIds', 'Choose at least one person');
  if (contest.mode === 'team' && contest.participants === 'people') issue('mode', 'Team against team takes teams or everyone');
  if (contest.mode === 'team' && contest.participants === 'teams' && contest.teamIds.length < 2) {
    issue('teamIds', 'Choose at least two teams to compete');
  }
}

export const CreateContestSchema = ContestFields.superRefine(checkContest);
export type CreateContest = z.input<typeof CreateContestSchema>;
export type ContestInput = z.output<typeof CreateContestSchema>;
export const UpdateContestSchema = CreateContestSchema;

export const ContestIdParamsSchema = z.object({ id: z.uuid() });

/** Where a contest is by its dates, today in the company's zone. */
export const CONTEST_PHASES = ['upcoming', 'active', 'past'] as const;
export type ContestPhase = (typeof CONTEST_PHASES)[number];

export const ContestWinnerSchema = z.object({
  /** A member's user id, or a team's id (team against team). */
  subjectId: text(),
  score: z.number(),
});
export type ContestWinner = z.infer<typeof ContestWinnerSchema>;

/** What a KPI contest counts, for its screens to write the score (decision 103). */
export const ContestKpiSchema = NamedKpiSchema;
export type ContestKpi = z.infer<typeof ContestKpiSchema>;

export const ContestSchema = z.object({
  id: z.uuid(),
  name: text(),
  startsOn: text(),
  endsOn: text(),
  participants: z.enum(CONTEST_PARTICIPANTS),
  teamIds: z.array(text()),
  userIds: z.array(text()),
  mode: z.enum(CONTEST_MODES),
  weights: z.array(ContestWeightSchema),
  /** The KPI that scores it (decision 103), null for a count of activities (weights). */
  kpiId: text().nullable(),
  /** That KPI as it is now; null when the contest counts activities, or its KPI was deleted. */
  kpi: ContestKpiSchema.nullable(),
  target: z.number().nullable(),
  prizes: text(),
  recurrence: z.enum(CONTEST_RECURRENCES),
  template: z.enum(CONTEST_TEMPLATES).nullable(),
  /** The first round's id: every round of a recurring contest shares it. */
  seriesId: z.uuid(),
  phase: z.enum(CONTEST_PHASES),
  /** Set once the scheduler finished it: everyone sharing first place with a score above zero. */
  finished: z.boolean(),
  winners: z.array(ContestWinnerSchema.extend({ name: text().nullable() })),
  /** When the last day ends, an ISO 8601 instant: the time left counts down to it. */
  endsAt: text(),
  /** When the first day begins, an ISO 8601 instant. */
  startsAt: text(),
  /** Whether the caller may edit and delete it (an admin; a lead whose teams hold every participant). */
  canManage: z.boolean(),
});
export type Contest = z.infer<typeof ContestSchema>;

export const ContestListSchema = z.object({
  contests: z.array(ContestSchema),
  /** Whether the caller may create contests (admins and team leads). */
  canCreate: z.boolean(),
});
export type ContestList = z.infer<typeof ContestListSchema>;

export const ContestStandingSchema = z.object({
  /** The member's user id, or the team's id. */
  subjectId: text(),
  kind: z.enum(['person', 'team']),
  name: text().nullable(),
  avatarUrl: text().nullable(),
  /** 1 + how many are strictly ahead: equal scores share a place. */
  rank: z.number().int(),
  score: z.number(),
  /** Each counted metric's total over the contest's days so far. */
  totals: z.record(text(), z.number()),
  /** The day the score first reached the target, if it has (contests with a target). */
  reachedOn: text().nullable(),
  /** A team's members counted (team against team). */
  members: z.number().int().nullable(),
});
export type ContestStanding = z.infer<typeof ContestStandingSchema>;

export const ContestStandingsSchema = z.object({
  contest: ContestSchema,
  standings: z.array(ContestStandingSchema),
  /** Today in the company's zone. */
  today: text(),
});
export type ContestStandings = z.infer<typeof ContestStandingsSchema>;

export const DisplayContestParamsSchema = z.object({ token: text().min(1).max(200), id: z.uuid() });

/**
 * The `data` of the contests' feed events (decision 048): ids and numbers, never names.
 * - contest.started: { contestId, name, startsOn, endsOn, mode, target }
 * - contest.lead_changed: { contestId, leaders: [{ subjectId, score }], previous: [subjectId], mode }
 * - contest.finished: { contestId, winners: [{ subjectId, score }], mode, target }
 * The contest's own name is text its manager wrote, not a person's: it is carried for the feed line.
 * `subject_id` of each event is the contest's id; `user_id` the leading or winning member (a single
 * one, individual contests), `team_id` the leading or winning team (a single one, team contests).
 */
export type ContestFeedData =
  | { contestId: string; name: string; startsOn: string; endsOn: string; mode: ContestMode; target: number | null }
  | { contestId: string; name: string; leaders: ContestWinner[]; previous: string[]; mode: ContestMode }
  | { contestId: string; name: string; winners: ContestWinner[]; mode: ContestMode; target: number | null };

/** What a contest's scheduler does to it in a round: starts it, notices a new leader, finishes it. */
export type ContestStep = 'started' | 'lead_changed' | 'finished';

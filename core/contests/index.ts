import type {
  ContestMetric,
  ContestMode,
  ContestPhase,
  ContestRecurrence,
  ContestTemplate,
  ContestWeight,
  ContestWinner,
  ContestKpi,
  CreateContest,
} from '../contracts/contests';
import { CONTEST_METRICS } from '../contracts/constants';
import type { KpiFormula } from '../contracts/kpis';
import type { LoggableKind, OptionalKind } from '../kpi/log-options';
import { evaluateKpis, isAdditiveKpi, type KpiFact } from '../kpi-formulas';
import { addDays, diffDays, endOfMonth, type LocalDate, startOfMonth } from '../period';

/*
 * The pure parts of contests (decision 049): the weighted score, the ranking with its tie rule, the
 * winners, the day a target was reached, the phase and the time left, the next round of a
 * recurring contest, and the templates. The server feeds them rollup rows; the web the same rules.
 */

/** One member's one local day of the rollup, the columns a contest can count. */
export type ContestDayTotals = { day: LocalDate } & Record<ContestMetric, number>;

/** Σ weight × total: 1×calls + 5×meetings booked. */
export function computeContestScore(totals: Partial<Record<ContestMetric, number>>, weights: readonly ContestWeight[]): number {
  return weights.reduce((sum, { metric, weight }) => sum + weight * (totals[metric] ?? 0), 0);
}

/** Adds up days (a member's, or a team's members') into each counted metric's total. */
export function sumContestTotals(
  days: readonly Partial<Record<ContestMetric, number>>[],
  weights: readonly ContestWeight[],
): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const { metric } of weights) totals[metric] = 0;
  for (const day of days) for (const { metric } of weights) totals[metric]! += day[metric] ?? 0;
  return totals;
}

/**
 * The first day on which the running score reached the target, from a subject's days (any order;
 * a team's members' rows for the same day add up before the day is judged). Rollups hold days, not
 * moments, so "first" is by day: two who reached it on the same day are ordered by score.
 */
export function computeReachedOn(
  days: readonly ({ day: string } & Partial<Record<ContestMetric, number>>)[],
  weights: readonly ContestWeight[],
  target: number | null,
): LocalDate | null {
  if (target === null) return null;
  const byDay = new Map<string, number>();
  for (const row of days) byDay.set(row.day, (byDay.get(row.day) ?? 0) + computeContestScore(row, weights));
  let running = 0;
  for (const day of [...byDay.keys()].sort()) {
    running += byDay.get(day)!;
    if (running >= target) return day as LocalDate;
  }
  return null;
}

export type ContestEntry = { subjectId: string; score: number; reachedOn: string | null; name?: string | null };
export type RankedContestEntry<T extends ContestEntry> = T & { rank: number };

/**
 * The tie rule, stated on the contest page: with a target, whoever reached it is ahead of whoever
 * has not, and an earlier day ahead of a later one; then the higher score. Entries equal on all of
 * that share a place (rank = 1 + how many are strictly ahead). Within a shared place the order is
 * by name, then id, only so the list is stable.
 */
export function rankContestEntries<T extends ContestEntry>(entries: readonly T[]): RankedContestEntry<T>[] {
  const compare = (a: ContestEntry, b: ContestEntry): number => {
    if (a.reachedOn !== b.reachedOn) {
      if (a.reachedOn === null) return 1;
      if (b.reachedOn === null) return -1;
      return a.reachedOn < b.reachedOn ? -1 : 1;
    }
    return b.score - a.score;
  };
  const sorted = [...entries].sort(
    (a, b) =>
      compare(a, b) ||
      (a.name ?? '\uffff').localeCompare(b.name ?? '\uffff') ||
      (a.subjectId < b.subjectId ? -1 : a.subjectId > b.subjectId ? 1 : 0),
  );
  const ranked: RankedContestEntry<T>[] = [];
  for (const [index, entry] of sorted.entries()) {
    const previous = ranked[index - 1];
    const rank = previous && compare(previous, entry) === 0 ? previous.rank : index + 1;
    ranked.push({ ...entry, rank });
  }
  return ranked;
}

/** Who leads (or won): everyone sharing first place, if their score is above zero. Nobody wins with nothing. */
export function selectContestWinners(ranked: readonly (ContestEntry & { rank: number })[]): ContestWinner[] {
  return ranked.filter((entry) => entry.rank === 1 && entry.score > 0).map((entry) => ({ subjectId: entry.subjectId, score: entry.score }));
}

/** Whether two leader lists name the same subjects (scores aside): a lead change is a change of who. */
export function isSameLead(a: readonly string[], b: readonly string[]): boolean {
  const left = [...a].sort();
  const right = [...b].sort();
  return left.length === right.length && left.every((id, index) => id === right[index]);
}

export function computeContestPhase(startsOn: string, endsOn: string, today: string): ContestPhase {
  if (today < startsOn) return 'upcoming';
  if (today > endsOn) return 'past';
  return 'active';
}

/** A KPI contest's unit: the KPI, written by its format and named (decision 103). */
export type ContestKpiUnit = Pick<ContestKpi, 'names' | 'format' | 'decimals'>;

/**
 * What a contest's score counts (decision 087): the KPI that scores it (decision 103); else the one
 * metric it counts, when it counts one at weight 1 ("8 calls", "NOK 95,000"), else points of its
 * weighted mix ("12 points").
 */
export type ContestScoreUnit = ContestMetric | ContestKpiUnit;
export function computeContestScoreUnit(weights: readonly ContestWeight[], kpi?: ContestKpi | null): ContestScoreUnit {
  if (kpi) return { names: kpi.names, format: kpi.format, decimals: kpi.decimals };
  return weights.length === 1 && weights[0]!.weight === 1 ? weights[0]!.metric : 'points';
}

/**
 * A KPI contest's score and the day it reached the target (decision 103), from a subject's facts
 * (a team's members' together, so a team's ratio is one of its sums): the KPI over them all, no value
 * (a ratio over zero) scoring 0. The target is judged on the running facts day by day (`day` of each
 * fact), so a count or sum reaches it once and for all; a KPI changed since into another kind is
 * still judged the same way.
 */
export function scoreKpiContest(
  formulas: ReadonlyMap<string, KpiFormula>,
  kpiId: string,
  facts: readonly (KpiFact & { day: string })[],
  target: number | null,
): { score: number; reachedOn: LocalDate | null } {
  const score = evaluateKpis(formulas, facts, [kpiId]).get(kpiId) ?? 0;
  if (target === null) return { score, reachedOn: null };
  const byDay = new Map<string, KpiFact[]>();
  for (const fact of facts) {
    const day = byDay.get(fact.day);
    if (day) day.push(fact);
    else byDay.set(fact.day, [fact]);
  }
  const formula = formulas.get(kpiId);
  const additive = formula !== undefined && isAdditiveKpi(formula);
  let total = 0;
  const running: KpiFact[] = [];
  for (const day of [...byDay.keys()].sort()) {
    // A count or sum adds day by day; any other kind is read again over the days so far.
    let value: number | null;
    if (additive) value = total += evaluateKpis(formulas, byDay.get(day)!, [kpiId]).get(kpiId) ?? 0;
    else {
      running.push(...byDay.get(day)!);
      value = evaluateKpis(formulas, running, [kpiId]).get(kpiId) ?? null;
    }
    if (value !== null && value >= target) return { score, reachedOn: day as LocalDate };
  }
  return { score, reachedOn: null };
}

type Dated = { id: string; startsOn: string; endsOn: string };

/**
 * The round of a recurring contest a wall follows (decision 087): the one running today; between
 * rounds, the one that ended last (its winner stays up until the next starts); before the first,
 * the first. Null for no rounds.
 */
export function pickCurrentRound<T extends Dated>(rounds: readonly T[], today: string): T | null {
  const byStart = [...rounds].sort((a, b) => (a.startsOn === b.startsOn ? a.id.localeCompare(b.id) : a.startsOn.localeCompare(b.startsOn)));
  const running = byStart.filter((round) => round.startsOn <= today && today <= round.endsOn);
  if (running.length > 0) return running.at(-1)!;
  const begun = byStart.filter((round) => round.startsOn <= today);
  return begun.at(-1) ?? byStart[0] ?? null;
}

/** Of the contests running today, the one a wall showing "whatever is running" shows: the latest to start. */
export function pickRunningContest<T extends Dated>(contests: readonly T[], today: string): T | null {
  const running = contests.filter((contest) => contest.startsOn <= today && today <= contest.endsOn);
  return pickCurrentRound(running, today);
}

/** Whole days, hours and minutes from `now` to `endsAt`; zero once it has passed. */
export function computeTimeLeft(endsAt: Date, now: Date): { days: number; hours: number; minutes: number; over: boolean } {
  const ms = endsAt.getTime() - now.getTime();
  if (ms <= 0) return { days: 0, hours: 0, minutes: 0, over: true };
  const minutes = Math.floor(ms / 60_000);
  return { days: Math.floor(minutes / 1440), hours: Math.floor((minutes % 1440) / 60), minutes: minutes % 60, over: false };
}

/** Share of the target reached, 0..1 (a progress bar); null without a target. */
export function computeTargetShare(score: number, target: number | null): number | null {
  if (target === null || target <= 0) return null;
  return Math.max(0, Math.min(1, score / target));
}

/**
 * The next round of a recurring contest: a week later (weekly); a month later (monthly), where a
 * round that covers a whole calendar month is followed by the whole next month, and any other by
 * the same days a month on (the 31st becomes the month's last day).
 */
export function computeNextRound(
  startsOn: LocalDate,
  endsOn: LocalDate,
  recurrence: ContestRecurrence,
): { startsOn: LocalDate; endsOn: LocalDate } | null {
  if (recurrence === 'none') return null;
  if (recurrence === 'weekly') return { startsOn: addDays(startsOn, 7), endsOn: addDays(endsOn, 7) };
  if (startsOn === startOfMonth(startsOn) && endsOn === endOfMonth(startsOn)) {
    const next = addDays(endsOn, 1);
    return { startsOn: next, endsOn: endOfMonth(next) };
  }
  const nextStart = addMonthClamped(startsOn);
  const nextEnd = addDays(nextStart, diffDays(startsOn, endsOn));
  return { startsOn: nextStart, endsOn: nextEnd };
}

function addMonthClamped(date: LocalDate): LocalDate {
  const firstOfNext = addDays(endOfMonth(date), 1);
  const day = Number(date.slice(8, 10));
  const last = Number(endOfMonth(firstOfNext).slice(8, 10));
  return addDays(firstOfNext, Math.min(day, last) - 1);
}

/**
 * The common contests, prefilled in the form from today: a sprint week (team against team on
 * calls, seven days from today), a month's sales race
 * (sales value, person against person, this month), a call blitz day (calls, today).
 */
export function buildContestTemplate(
  template: ContestTemplate,
  today: LocalDate,
): Pick<CreateContest, 'startsOn' | 'endsOn' | 'mode' | 'weights' | 'recurrence' | 'template' | 'target'> {
  switch (template) {
    case 'sprint_week':
      return sprint(today, addDays(today, 6), 'team');
    case 'sales_race':
      return {
        startsOn: today,
        endsOn: endOfMonth(today),
        mode: 'individual',
        weights: [{ metric: 'sales_value', weight: 1 }],
        recurrence: 'none',
        template,
        target: null,
      };
    case 'call_blitz':
      return {
        startsOn: today,
        endsOn: today,
        mode: 'individual',
        weights: [{ metric: 'calls', weight: 1 }],
        recurrence: 'none',
        template,
        target: null,
      };
  }
}

function sprint(start: LocalDate, end: LocalDate, mode: ContestMode) {
  return {
    startsOn: start,
    endsOn: end,
    mode,
    weights: [{ metric: 'calls' as const, weight: 1 }],
    recurrence: 'none' as const,
    template: 'sprint_week' as const,
    target: null,
  };
}

/** The contest metrics that count one optional kind only. */
const CONTEST_METRIC_KINDS: Partial<Record<ContestMetric, OptionalKind>> = {
  meetings_held: 'meeting',
  emails: 'email',
  linkedin: 'linkedin',
};

/**
 * The metrics a contest's mix offers: a kind the company has switched off (E-mail, LinkedIn,
 * Meeting held) is not offered, unless the contest already counts it (it keeps its weight until
 * the manager takes it out). Before the rules are known (`enabledKinds` undefined), every metric.
 */
export function listOfferedContestMetrics(
  enabledKinds: Readonly<Record<LoggableKind, boolean>> | undefined,
  chosen: readonly string[],
): ContestMetric[] {
  return CONTEST_METRICS.filter((metric) => {
    const kind = CONTEST_METRIC_KINDS[metric];
    return !kind || !enabledKinds || enabledKinds[kind] || chosen.includes(metric);
  });
}

import type { KpiFormat, KpiFormula, LocalizedNames } from '../contracts';
import type { TargetMetric } from '../contracts/targets';
import { evaluateKpis, type KpiFact } from '../kpi-formulas';
import {
  computePacing,
  computeTargetPeriodDates,
  computeTargetShare,
  type Pace,
  selectTargetsInForce,
  type WorkingCalendar,
} from '../pacing';
import {
  addDays,
  computeLocalDate,
  computeLocalInstant,
  computeWeekdayIndex,
  computeWallClock,
  type LocalDate,
  startOfMonth,
} from '../period';
import { listManagedMembers, type Manager } from '../teams';

/*
 * The weekly digest (decision 047): when it is due, and what one person's says. Pure: the server
 * reads the rows, this decides.
 */

/** The digest goes out from 07:00 on Monday in the company's time zone. */
export const DIGEST_LOCAL_HOUR = 7;

/**
 * The week whose digest is due at `now` in `timeZone` (its Monday), or null when none is. Due from
 * 07:00 until the end of Monday: an instance that was down at 07:00 still sends it later that
 * Monday, but a digest of last week arriving on Tuesday or Wednesday would be stale, so none is
 * sent then. The hour is read off the wall clock, so a week after a DST change is due at 07:00
 * local like any other.
 */
export function computeDueDigestWeek(now: Date, timeZone: string): LocalDate | null {
  const today = computeLocalDate(now, timeZone);
  if (computeWeekdayIndex(today) !== 0) return null;
  if (computeWallClock(now, timeZone).getUTCHours() < DIGEST_LOCAL_HOUR) return null;
  return addDays(today, -7);
}

/**
 * When the next digest falls due in `timeZone`: the coming Monday at 07:00 local, strictly after
 * `now` (a scheduler that has just looked waits until then, decision 098).
 */
export function computeNextDigestTime(now: Date, timeZone: string): Date {
  const today = computeLocalDate(now, timeZone);
  const toMonday = (7 - computeWeekdayIndex(today)) % 7;
  const hour = `${String(DIGEST_LOCAL_HOUR).padStart(2, '0')}:00`;
  const thisWeek = computeLocalInstant(addDays(today, toMonday), hour, timeZone);
  return thisWeek.getTime() > now.getTime() ? thisWeek : computeLocalInstant(addDays(today, toMonday + 7), hour, timeZone);
}

/** The metrics a digest counts, in the targets' order. */
export const DIGEST_METRICS = [
  'calls',
  'meetings_booked',
  'meetings_held',
  'sales',
  'sales_value',
  'points',
] as const satisfies readonly TargetMetric[];

export type DigestTotals = Record<TargetMetric, number>;

/** One person's rollup of one day (daily_user_stats), in the metrics' units (sales value in minor units). */
export type DigestDayRow = { userId: string; day: LocalDate } & DigestTotals;

/** A target of a person as stored (decision 043): in force from `effectiveFrom` until `endsOn`. */
export type DigestTargetRow = {
  userId: string;
  /** A built-in metric, or 'kpi' for a target on one of the company's KPIs (decision 104). */
  metric: TargetMetric | 'kpi';
  /** The KPI of a 'kpi' target: its id (or a built-in KPI's key). */
  kpiId?: string;
  period: 'day' | 'week' | 'month';
  value: number;
  effectiveFrom: string;
  endsOn: string | null;
};

/** A KPI a target measures (decision 104), as a digest writes it. */
export type DigestTargetKpi = { id: string; names: LocalizedNames; format: KpiFormat; decimals: number };

/**
 * What the targets on KPIs are measured with: the KPIs (a deleted one is absent: its targets are
 * left out), every formula, and each member's facts day by day over the days `days` covers.
 */
export type DigestTargetKpis = {
  kpis: readonly DigestTargetKpi[];
  formulas: ReadonlyMap<string, KpiFormula>;
  facts: readonly (KpiFact & { day: string })[];
};

/** A team's target as stored: its progress is the sum over the people in the team now (decision 044). */
export type DigestTeamTargetRow = Omit<DigestTargetRow, 'userId'> & { teamId: string };

/** A target's result: the week's (over) or the month's so far, with its pace at the end of the week. */
export type DigestTargetLine = {
  period: 'week' | 'month';
  value: number;
  progress: number;
  pace: Pace;
} & (
  | { metric: TargetMetric }
  /** A target on a KPI: the KPI, to name it and write its values. */
  | { metric: 'kpi'; kpi: DigestTargetKpi }
);

/** onBoards false: a manager left off the boards (decision 081), never listed as behind. */
export type DigestMember = { userId: string; name: string; teamId: string | null; isActive: boolean; onBoards: boolean };

export type DigestBestDay = { day: LocalDate } & DigestTotals;

/** One of the week's best, by points. */
export type DigestTopPerformer = { userId: string; name: string; points: number };

/**
 * One team's week inside a manager's digest: its totals (the people in it now, as a board filtered
 * to the team counts them) and its week and month targets with their pace. teamId null is the
 * people in no team, listed only when they did something.
 */
export type DigestTeamWeek = { teamId: string | null; name: string | null; totals: DigestTotals; targets: DigestTargetLine[] };

/** How many of the week's best a manager's digest names: a podium, short enough for a phone. */
export const DIGEST_TOP_COUNT = 3;

/** One of the company's own KPIs (decision 101) as a digest shows it: the week's value and the week before's. */
export type DigestKpiLine = {
  id: string;
  names: LocalizedNames;
  format: KpiFormat;
  decimals: number;
  lowerIsBetter: boolean;
  value: number | null;
  previous: number | null;
};

/** The company's own KPIs and every formula they are made of, with each member's facts of the week and the one before. */
export type DigestKpis = {
  kpis: Omit<DigestKpiLine, 'value' | 'previous'>[];
  formulas: ReadonlyMap<string, KpiFormula>;
  week: readonly KpiFact[];
  before: readonly KpiFact[];
};

export type WeeklyDigest = {
  weekStart: LocalDate;
  weekEnd: LocalDate;
  /** The reader's own week (`previous`: the week before, to compare with); null when they logged nothing and have no targets. */
  own: {
    totals: DigestTotals;
    previous: DigestTotals;
    targets: DigestTargetLine[];
    bestDay: DigestBestDay | null;
    /** The company's own KPIs over the reader's activity (none when the company has none). */
    kpis: DigestKpiLine[];
  } | null;
  /** For admins (the company) and team leads (their teams); null for everyone else. */
  team: {
    scope: 'company' | 'teams';
    teamNames: string[];
    totals: DigestTotals;
    /** The same people's week before. */
    previous: DigestTotals;
    /** The week's best by points (the reader too), at most DIGEST_TOP_COUNT; nobody without a point. */
    top: DigestTopPerformer[];
    /** Each team in the reader's scope that did something or has a target, most points first. */
    teams: DigestTeamWeek[];
    /** Members (not the reader) behind pace on a week or month target, by name. */
    behind: { userId: string; name: string; targets: DigestTargetLine[] }[];
    wrapups: WrapupCount;
    /** The company's own KPIs over the same people together. */
    kpis: DigestKpiLine[];
  } | null;
};

/**
 * The wrap-ups a lead has to read. `unread` says what the number is: unread ones once wrap-ups
 * have read markers, else the wrap-ups their people submitted that week.
 */
export type WrapupCount = { count: number; unread: boolean };

export type DigestCompanyWeek = {
  weekStart: LocalDate;
  timeZone: string;
  calendar: WorkingCalendar;
  /** Every member, removed ones too (their numbers stay in the totals of the week). */
  members: DigestMember[];
  teams: { id: string; name: string }[];
  /**
   * The rollups from the Monday of the week before (the change is against it), or the first day of
   * the month that holds the week's Sunday if that is earlier, to the Sunday.
   */
  days: DigestDayRow[];
  targets: DigestTargetRow[];
  teamTargets: DigestTeamTargetRow[];
  /** The company's own KPIs (decision 101); absent or empty: the digest shows none. */
  kpis?: DigestKpis;
  /** For the targets on KPIs (decision 104); absent: such targets are left out. */
  targetKpis?: DigestTargetKpis;
  /**
   * When the targets' pace is taken: absent, as the week ended (the Monday mail); an admin's preview of
   * the week so far takes it now, so that on a Monday nobody reads as behind for days still to come.
   */
  paceAt?: Date;
};

/** The first day whose rollups a week's digest reads (see DigestCompanyWeek.days). */
export function computeDigestReadFrom(weekStart: LocalDate): LocalDate {
  const monthStart = startOfMonth(addDays(weekStart, 6));
  const weekBefore = addDays(weekStart, -7);
  return monthStart < weekBefore ? monthStart : weekBefore;
}

const emptyTotals = (): DigestTotals => ({ calls: 0, meetings_booked: 0, meetings_held: 0, sales: 0, sales_value: 0, points: 0 });

function addTotals(into: DigestTotals, row: DigestTotals): DigestTotals {
  for (const metric of DIGEST_METRICS) into[metric] += row[metric];
  return into;
}

const hasAny = (totals: DigestTotals) => DIGEST_METRICS.some((metric) => totals[metric] !== 0);

/** Whether anyone in the company logged anything that week: a quiet week (a holiday) sends no digests at all. */
export function hasActivityInWeek(week: DigestCompanyWeek): boolean {
  const weekEnd = addDays(week.weekStart, 6);
  return week.days.some((row) => row.day >= week.weekStart && row.day <= weekEnd && hasAny(row));
}

/**
 * A person's week and month targets as they stood when the week ended: the targets in force on
 * its Sunday, the progress summed from the rollups, the pace with every day up to the Sunday gone
 * (the instant Monday begins; a preview's `paceAt`, now). The week is over, so its pace compares
 * with the whole target, as the targets card shows a past week; the month is measured so far. Day
 * targets belong to their day and are left out.
 */
export function computeDigestTargets(week: DigestCompanyWeek, userId: string): DigestTargetLine[] {
  return computeTargetLines(
    week,
    week.targets.filter((row) => row.userId === userId),
    new Set([userId]),
  );
}

/** A team's week and month targets as they stood when the week ended, counted over the people in it now. */
export function computeDigestTeamTargets(week: DigestCompanyWeek, teamId: string): DigestTargetLine[] {
  const people = new Set(week.members.filter((member) => member.teamId === teamId).map((member) => member.userId));
  return computeTargetLines(
    week,
    week.teamTargets.filter((row) => row.teamId === teamId),
    people,
  );
}

function computeTargetLines(
  week: DigestCompanyWeek,
  rows: Omit<DigestTargetRow, 'userId'>[],
  people: ReadonlySet<string>,
): DigestTargetLine[] {
  const sunday = addDays(week.weekStart, 6);
  const paceAt = week.paceAt ?? computeLocalInstant(addDays(sunday, 1), '00:00', week.timeZone);
  const lines: DigestTargetLine[] = [];
  // A KPI's target is its own line beside the built-in metrics' (decision 104).
  for (const target of selectTargetsInForce(rows, sunday, (row) => row.kpiId ?? '')) {
    if (target.period === 'day') continue;
    const dates = computeTargetPeriodDates(target.period, sunday);
    const counted = (row: { userId: string; day: string }) => people.has(row.userId) && row.day >= dates.from && row.day <= dates.to;
    let measured: { progress: number; measure: { metric: TargetMetric } | { metric: 'kpi'; kpi: DigestTargetKpi } };
    if (target.metric === 'kpi') {
      const kpi = week.targetKpis?.kpis.find((k) => k.id === target.kpiId);
      if (!kpi || !week.targetKpis!.formulas.has(kpi.id)) continue;
      // Over the period's facts of the people together, as the Targets screen measures it; no value is nothing done.
      const progress = evaluateKpis(week.targetKpis!.formulas, week.targetKpis!.facts.filter(counted), [kpi.id]).get(kpi.id) ?? 0;
      measured = { progress, measure: { metric: 'kpi', kpi } };
    } else {
      const metric = target.metric;
      measured = { progress: week.days.filter(counted).reduce((sum, row) => sum + row[metric], 0), measure: { metric } };
    }
    const share = computeTargetShare(week.calendar, dates, target.effectiveFrom, paceAt, week.timeZone);
    lines.push({
      ...measured.measure,
      period: target.period,
      value: target.value,
      progress: measured.progress,
      pace: computePacing(measured.progress, target.value, share).pace,
    });
  }
  // The built-in metrics in their order, then the KPIs'.
  const metricOrder = (line: DigestTargetLine) => (line.metric === 'kpi' ? DIGEST_METRICS.length : DIGEST_METRICS.indexOf(line.metric));
  const order = (line: DigestTargetLine) => (line.period === 'week' ? 0 : 1) * 10 + metricOrder(line);
  return lines.sort((a, b) => order(a) - order(b));
}

/** The reader's best day of the week: the most points, the earliest of equals; null without a point. */
export function computeBestDay(week: DigestCompanyWeek, userId: string): DigestBestDay | null {
  const weekEnd = addDays(week.weekStart, 6);
  let best: DigestBestDay | null = null;
  for (const row of week.days) {
    if (row.userId !== userId || row.day < week.weekStart || row.day > weekEnd || row.points <= 0) continue;
    if (!best || row.points > best.points || (row.points === best.points && row.day < best.day)) {
      const { userId: _userId, ...day } = row;
      best = day;
    }
  }
  return best;
}

/** Name order for the list of who is behind: Norwegian letters last, as on the boards. */
const byName = new Intl.Collator('nb', { sensitivity: 'base' });

/** The week's rollups summed, for the people `counts` admits. */
function sumWeek(week: DigestCompanyWeek, weekStart: LocalDate, counts: (userId: string) => boolean): DigestTotals {
  const weekEnd = addDays(weekStart, 6);
  return week.days.filter((row) => row.day >= weekStart && row.day <= weekEnd && counts(row.userId)).reduce(addTotals, emptyTotals());
}

/** The week's best by points among `people` (active and on the boards), most first, then by name. */
export function listTopPerformers(week: DigestCompanyWeek, people: DigestMember[]): DigestTopPerformer[] {
  return people
    .filter((member) => member.isActive && member.onBoards)
    .map((member) => ({
      userId: member.userId,
      name: member.name,
      points: sumWeek(week, week.weekStart, (id) => id === member.userId).points,
    }))
    .filter((member) => member.points > 0)
    .sort((a, b) => b.points - a.points || byName.compare(a.name, b.name))
    .slice(0, DIGEST_TOP_COUNT);
}

/**
 * The reader's teams one by one (an admin's: every team, and the people in none when they did
 * something; a lead's: the teams they lead), each with its targets, most points first. A team
 * with neither numbers nor targets is left out: it has nothing to say.
 */
export function listTeamWeeks(week: DigestCompanyWeek, reader: Manager): DigestTeamWeek[] {
  const teamIds = new Set(week.teams.map((team) => team.id));
  const teams = week.teams.filter((team) => reader.role === 'admin' || reader.ledTeamIds.includes(team.id));
  const lines: DigestTeamWeek[] = teams.map((team) => {
    const people = new Set(week.members.filter((member) => member.teamId === team.id).map((member) => member.userId));
    return {
      teamId: team.id,
      name: team.name,
      totals: sumWeek(week, week.weekStart, (id) => people.has(id)),
      targets: computeDigestTeamTargets(week, team.id),
    };
  });
  if (reader.role === 'admin' && teams.length > 0) {
    // Whoever is in no team now (or in a team since deleted) is the rest of the company's total.
    const inTeam = new Set(
      week.members.filter((member) => member.teamId !== null && teamIds.has(member.teamId)).map((member) => member.userId),
    );
    lines.push({ teamId: null, name: null, totals: sumWeek(week, week.weekStart, (id) => !inTeam.has(id)), targets: [] });
  }
  // Most points first; the people in no team last, whatever they scored: they are no team to rank.
  const rank = (line: DigestTeamWeek) => (line.teamId === null ? 1 : 0);
  return lines
    .filter((line) => hasAny(line.totals) || line.targets.length > 0)
    .sort((a, b) => rank(a) - rank(b) || b.totals.points - a.totals.points || byName.compare(a.name ?? '', b.name ?? ''));
}

/**
 * One person's digest of the week, or null when it would say nothing: a rep who logged nothing
 * and has no targets, a lead whose people did nothing either. `wrapups` is asked only for a
 * manager, with the people whose wrap-ups they read. Every total comes with the same people's
 * week before, so the mail can say what changed.
 */
/** The company's own KPIs over the facts of the people `counts` keeps, this week and the week before. */
export function computeDigestKpis(week: DigestCompanyWeek, counts: (userId: string) => boolean): DigestKpiLine[] {
  const input = week.kpis;
  if (!input || input.kpis.length === 0) return [];
  const ids = input.kpis.map((kpi) => kpi.id);
  const now = evaluateKpis(
    input.formulas,
    input.week.filter((fact) => counts(fact.userId)),
    ids,
  );
  const before = evaluateKpis(
    input.formulas,
    input.before.filter((fact) => counts(fact.userId)),
    ids,
  );
  return input.kpis.map((kpi) => ({ ...kpi, value: now.get(kpi.id) ?? null, previous: before.get(kpi.id) ?? null }));
}

export function buildWeeklyDigest(week: DigestCompanyWeek, reader: Manager, wrapups: WrapupCount): WeeklyDigest | null {
  const weekEnd = addDays(week.weekStart, 6);
  const weekBefore = addDays(week.weekStart, -7);
  const isReader = (id: string) => id === reader.userId;

  const ownTotals = sumWeek(week, week.weekStart, isReader);
  const ownTargets = computeDigestTargets(week, reader.userId);
  const own =
    hasAny(ownTotals) || ownTargets.length > 0
      ? {
          totals: ownTotals,
          previous: sumWeek(week, weekBefore, isReader),
          targets: ownTargets,
          bestDay: computeBestDay(week, reader.userId),
          kpis: computeDigestKpis(week, isReader),
        }
      : null;

  let team: WeeklyDigest['team'] = null;
  if (reader.role === 'admin' || reader.ledTeamIds.length > 0) {
    // Everyone the reader manages, removed members too, for the totals: the boards count their past numbers.
    const managed = listManagedMembers(reader, week.members);
    const managedIds = new Set(managed.map((member) => member.userId));
    const counts = (id: string) => reader.role === 'admin' || managedIds.has(id);
    const totals = sumWeek(week, week.weekStart, counts);
    const behind = managed
      .filter((member) => member.isActive && member.onBoards && member.userId !== reader.userId)
      .map((member) => ({
        userId: member.userId,
        name: member.name,
        targets: computeDigestTargets(week, member.userId).filter((line) => line.pace === 'behind'),
      }))
      .filter((member) => member.targets.length > 0)
      .sort((a, b) => byName.compare(a.name, b.name));
    const teamNames = week.teams
      .filter((t) => reader.role !== 'admin' && reader.ledTeamIds.includes(t.id))
      .map((t) => t.name)
      .sort((a, b) => byName.compare(a, b));
    const teams = listTeamWeeks(week, reader);
    if (hasAny(totals) || behind.length > 0 || wrapups.count > 0 || teams.length > 0) {
      team = {
        scope: reader.role === 'admin' ? 'company' : 'teams',
        teamNames,
        totals,
        previous: sumWeek(week, weekBefore, counts),
        top: listTopPerformers(week, managed),
        teams,
        behind,
        wrapups,
        kpis: computeDigestKpis(week, counts),
      };
    }
  }
  if (!own && !team) return null;
  return { weekStart: week.weekStart, weekEnd, own, team };
}

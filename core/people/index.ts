import { addDays, computeIsoWeek, type LocalDate, startOfWeek } from '../period';
import type { Percent } from '../stats';

/*
 * The maths of a page per rep: the numbers a person's page shows per metric, the last weeks in
 * ISO weeks (Monday to Sunday, company-local days, zero-filled), and the conversion funnel from
 * calls to sales with the rate of each step.
 */

/** What a person's page counts, each the sum of one column of the daily rollup. */
export const PERSON_METRICS = ['calls', 'answered', 'meetings_booked', 'meetings_held', 'sales', 'sales_value', 'points'] as const;
export type PersonMetric = (typeof PERSON_METRICS)[number];
/** Sums per metric; sales_value in minor units of the company currency. */
export type PersonTotals = Record<PersonMetric, number>;

export const ZERO_PERSON_TOTALS: PersonTotals = Object.freeze({
  calls: 0,
  answered: 0,
  meetings_booked: 0,
  meetings_held: 0,
  sales: 0,
  sales_value: 0,
  points: 0,
});

/** One day of a person's rollup. */
export type PersonDay = PersonTotals & { day: string };

/** The sums of the days of [from, to], both included. */
export function sumPersonDays(days: readonly PersonDay[], from: string, to: string): PersonTotals {
  const totals = { ...ZERO_PERSON_TOTALS };
  for (const row of days) {
    if (row.day < from || row.day > to) continue;
    for (const metric of PERSON_METRICS) totals[metric] += row[metric];
  }
  return totals;
}

export type WeekBucket = { isoYear: number; isoWeek: number; from: LocalDate; to: LocalDate; totals: PersonTotals };

/** How many weeks the trend shows: a quarter, enough to see a habit form or fade. */
export const TREND_WEEKS = 12;

/**
 * The `count` ISO weeks up to and including the one holding `today`, oldest first, each with the
 * sums of its days (weeks without a row are zeros, so a chart has no gaps). Days are the company's
 * local days as the rollup keys them, so a week starts at local Monday midnight whatever the
 * daylight-saving offset.
 */
export function computeWeekBuckets(days: readonly PersonDay[], today: LocalDate, count: number = TREND_WEEKS): WeekBucket[] {
  const thisMonday = startOfWeek(today);
  const buckets: WeekBucket[] = [];
  for (let back = count - 1; back >= 0; back--) {
    const from = addDays(thisMonday, -7 * back);
    const to = addDays(from, 6);
    buckets.push({ ...computeIsoWeek(from), from, to, totals: sumPersonDays(days, from, to) });
  }
  return buckets;
}

export const FUNNEL_STEPS = ['calls', 'answered', 'meetings_booked', 'meetings_held', 'sales'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export type FunnelStage = {
  step: FunnelStep;
  count: number;
  /** This step's count over the previous step's, as a rounded percent; null for the first step or after a zero. */
  rate: Percent | null;
};

/**
 * Calls -> answered -> meetings booked -> meetings held -> sales, each with its rate from the step
 * before. The steps are counted independently (a sale need not follow a logged meeting), so a rate
 * can pass 100 %; it is shown as it is rather than capped, since capping would hide what happened.
 */
export function computeFunnel(totals: Pick<PersonTotals, FunnelStep>): { stages: FunnelStage[]; overall: Percent | null } {
  const stages = FUNNEL_STEPS.map((step, index) => {
    const previous = index === 0 ? null : totals[FUNNEL_STEPS[index - 1]!];
    return { step, count: totals[step], rate: computeStepRate(totals[step], previous) };
  });
  return { stages, overall: computeStepRate(totals.sales, totals.calls) };
}

function computeStepRate(count: number, previous: number | null): Percent | null {
  if (previous === null || previous <= 0) return null;
  return Math.round((count / previous) * 100) as Percent;
}

/**
 * A name for someone who gave none (a magic link asks for it as optional), read from their e-mail
 * address: "camilla.bech+crm@firma.dk" is "Camilla Bech". Parts of digits only are left out; an
 * address that leaves nothing gives null (the boards then say "User" and the id, as before).
 * Boards, feeds and the wall name people: "Bruger OB26mudX" told a team nothing (a Danish team's walk).
 */
export function computeNameFromEmail(email: string | null | undefined): string | null {
  const local = (email ?? '').split('@')[0]!.split('+')[0]!;
  const words = local
    .split(/[._\-\s]+/)
    .filter((word) => word !== '' && !/^\d+$/.test(word))
    .map((word) => word.charAt(0).toLocaleUpperCase() + word.slice(1));
  return words.length > 0 ? words.join(' ') : null;
}

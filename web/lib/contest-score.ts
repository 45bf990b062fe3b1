import { pickName } from '@core/activity-types';
import type { Contest } from '@core/contracts';
import { formatKpiValue } from '@core/kpi-formulas/format';

/*
 * How a contest's score reads on every screen that shows one (the contest page, its standings, a
 * board's widget, the wall): as its KPI is written (decision 103), as money when it counts sales
 * value alone (decision 087), else as a number.
 */

type ScoreFormat = {
  locale: string;
  currency: string;
  number: (value: number, digits?: number) => string;
  money: (minor: number) => string;
};

export function createContestScoreFormat(contest: Pick<Contest, 'weights' | 'kpi'>, format: ScoreFormat): (value: number) => string {
  const { kpi } = contest;
  if (kpi) return (value) => formatKpiValue(value, kpi, { locale: format.locale, currency: format.currency });
  const moneyOnly = contest.weights.length === 1 && contest.weights[0]!.metric === 'sales_value' && contest.weights[0]!.weight === 1;
  return moneyOnly ? format.money : (value) => format.number(value, 1);
}

/**
 * What a contest counts, in words: its KPI's name, or its metrics with their weights ("Calls + 5 ×
 * Meetings booked"). A KPI deleted since reads as `gone`.
 */
export function describeContestCount(
  contest: Pick<Contest, 'weights' | 'kpi' | 'kpiId'>,
  language: string,
  words: { metric: (metric: string) => string; gone: string },
): string {
  if (contest.kpiId !== null) return contest.kpi ? pickName(contest.kpi.names, language) : words.gone;
  return contest.weights.map((w) => (w.weight === 1 ? words.metric(w.metric) : `${w.weight} × ${words.metric(w.metric)}`)).join(' + ');
}

/** The length a standings bar measures against without a target: the best score, 1 when nobody has any (a percent KPI's best may be 0.4). */
export function computeBestScore(scores: readonly number[]): number {
  const best = Math.max(0, ...scores);
  return best > 0 ? best : 1;
}

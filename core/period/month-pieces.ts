import { addDays, diffDays, endOfMonth, type LocalDate, startOfMonth } from './local-date';

/**
 * How a period's figures are read from a daily rollup and its monthly one (migration 0071): the
 * months it covers whole read as months, the rest as days. A month it covers most of (more days in
 * than out) may be read as the month less the days outside it, when what is read can be taken away
 * (sums and counts can, a smallest or largest value cannot): the current month to date is the month
 * less the days to come, which have nothing, and last month to the same day is the month less its
 * last days.
 */
export interface MonthPieces {
  /** The first and last month read whole from the monthly rollup (their first days), or null for none. */
  months: { from: LocalDate; to: LocalDate } | null;
  /** Days read from the daily rollup and added. */
  add: { from: LocalDate; to: LocalDate }[];
  /** Days read from the daily rollup and taken away (inside the months read). */
  subtract: { from: LocalDate; to: LocalDate }[];
}

export function planMonthPieces(from: LocalDate, to: LocalDate, options: { subtract: boolean }): MonthPieces {
  const months: LocalDate[] = [];
  const add: MonthPieces['add'] = [];
  const subtract: MonthPieces['subtract'] = [];
  for (let month = startOfMonth(from); month <= to; month = addDays(endOfMonth(month), 1)) {
    const last = endOfMonth(month);
    const pieceFrom = from > month ? from : month;
    const pieceTo = to < last ? to : last;
    const inside = diffDays(pieceFrom, pieceTo) + 1;
    const outside = diffDays(month, last) + 1 - inside;
    if (outside === 0 || (options.subtract && outside < inside)) {
      months.push(month);
      if (pieceFrom > month) subtract.push({ from: month, to: addDays(pieceFrom, -1) });
      if (pieceTo < last) subtract.push({ from: addDays(pieceTo, 1), to: last });
    } else {
      add.push({ from: pieceFrom, to: pieceTo });
    }
  }
  // The months read are next to each other (every month between two read whole is covered whole).
  return { months: months.length === 0 ? null : { from: months[0]!, to: months.at(-1)! }, add, subtract };
}

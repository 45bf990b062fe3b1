import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, diffDays, endOfMonth, type LocalDate, planMonthPieces } from '.';

/** Every day a plan reads, with how many times it counts (a day taken away counts -1). */
function countDays(plan: ReturnType<typeof planMonthPieces>): Map<string, number> {
  const counts = new Map<string, number>();
  const each = (from: LocalDate, to: LocalDate, sign: number) => {
    for (let day = from; day <= to; day = addDays(day, 1)) counts.set(day, (counts.get(day) ?? 0) + sign);
  };
  if (plan.months) each(plan.months.from, endOfMonth(plan.months.to), 1);
  for (const range of plan.add) each(range.from, range.to, 1);
  for (const range of plan.subtract) each(range.from, range.to, -1);
  for (const [day, n] of counts) if (n === 0) counts.delete(day);
  return counts;
}

const dayArb = fc.integer({ min: 0, max: 3 * 366 }).map((n) => addDays('2027-01-01' as LocalDate, n));

describe('planMonthPieces', () => {
  it('reads every day of the period exactly once and no other, whatever it spans', () => {
    fc.assert(
      fc.property(dayArb, fc.integer({ min: 0, max: 400 }), fc.boolean(), (from, length, subtract) => {
        const to = addDays(from, length);
        const plan = planMonthPieces(from, to, { subtract });
        const counts = countDays(plan);
        expect([...counts.values()].every((n) => n === 1)).toBe(true);
        expect(counts.size).toBe(length + 1);
        expect([...counts.keys()].every((day) => day >= from && day <= to)).toBe(true);
        // Nothing is taken away when what is read cannot be (a smallest or largest value).
        if (!subtract) expect(plan.subtract).toEqual([]);
      }),
    );
  });

  it('reads whole months as months, a month mostly in as the month less the rest, and a short piece as days', () => {
    const plan = (from: string, to: string, subtract = true) => planMonthPieces(from as LocalDate, to as LocalDate, { subtract });
    // A whole month, and two.
    expect(plan('2027-03-01', '2027-03-31')).toEqual({ months: { from: '2027-03-01', to: '2027-03-01' }, add: [], subtract: [] });
    expect(plan('2027-03-01', '2027-04-30', false).months).toEqual({ from: '2027-03-01', to: '2027-04-01' });
    // This month to the 20th: the month less the days to come; to the 8th: the 8 days.
    expect(plan('2027-11-01', '2027-11-20')).toEqual({
      months: { from: '2027-11-01', to: '2027-11-01' },
      add: [],
      subtract: [{ from: '2027-11-21', to: '2027-11-30' }],
    });
    expect(plan('2027-11-01', '2027-11-08')).toEqual({ months: null, add: [{ from: '2027-11-01', to: '2027-11-08' }], subtract: [] });
    // Not taken away when it cannot be: the 20 days.
    expect(plan('2027-11-01', '2027-11-20', false)).toEqual({
      months: null,
      add: [{ from: '2027-11-01', to: '2027-11-20' }],
      subtract: [],
    });
    // A week across two months: days.
    expect(plan('2027-11-29', '2027-12-05').add).toEqual([
      { from: '2027-11-29', to: '2027-11-30' },
      { from: '2027-12-01', to: '2027-12-05' },
    ]);
    // A year from mid-month: the first month less its first days, eleven whole, the last as days.
    const year = plan('2027-01-10', '2028-01-09');
    expect(year.months).toEqual({ from: '2027-01-01', to: '2027-12-01' });
    expect(year.subtract).toEqual([{ from: '2027-01-01', to: '2027-01-09' }]);
    expect(year.add).toEqual([{ from: '2028-01-01', to: '2028-01-09' }]);
    expect(diffDays('2027-01-10' as LocalDate, '2028-01-09' as LocalDate)).toBe(364);
  });
});

import { describe, expect, it } from 'vitest';
import type { LocalDate } from './local-date';
import { computePeriodDays, computePreviousPeriodDays } from './to-date-periods';

describe("the boards' periods", () => {
  it('cover today, the week from Monday or the month from the 1st, up to today', () => {
    const saturday = '2026-12-05' as LocalDate;
    expect(computePeriodDays('today', saturday)).toEqual({ from: '2026-12-05', to: '2026-12-05' });
    expect(computePeriodDays('week', saturday)).toEqual({ from: '2026-11-30', to: '2026-12-05' });
    expect(computePeriodDays('month', saturday)).toEqual({ from: '2026-12-01', to: '2026-12-05' });
  });

  it('compare with the equal period before: yesterday, last week to the same weekday, last month to the same day', () => {
    expect(computePreviousPeriodDays('today', '2026-12-01' as LocalDate)).toEqual({ from: '2026-11-30', to: '2026-11-30' });
    expect(computePreviousPeriodDays('week', '2026-12-05' as LocalDate)).toEqual({ from: '2026-11-23', to: '2026-11-28' });
    expect(computePreviousPeriodDays('month', '2026-12-05' as LocalDate)).toEqual({ from: '2026-11-01', to: '2026-11-05' });
    expect(computePreviousPeriodDays('month', '2026-03-31' as LocalDate)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });
});

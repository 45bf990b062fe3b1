import type { Kpi, KpiValues } from '@core/contracts';
import type { LocalDate } from '@core/period';
import { describe, expect, it } from 'vitest';
import { periodDays, previousPeriodDays, rankRows } from './kpi-periods';

const kpi = (lowerIsBetter: boolean): Kpi => ({
  id: 'k',
  builtIn: false,
  names: { en: 'K' },
  formula: { kind: 'ratio', left: 'calls', right: 'sales' },
  format: 'number',
  decimals: 0,
  lowerIsBetter,
  createdAt: null,
  updatedAt: null,
});
const values: KpiValues = {
  from: '2026-12-01',
  to: '2026-12-05',
  members: ['ann', 'bob', 'cat', 'dan'].map((userId) => ({ userId, displayName: userId, avatarUrl: null })),
  kpis: [
    {
      id: 'k',
      total: 3,
      members: [
        { userId: 'ann', value: 2 },
        { userId: 'bob', value: null },
        { userId: 'cat', value: 5 },
        { userId: 'dan', value: 2 },
      ],
    },
  ],
};

describe('the KPI board', () => {
  it('ranks the highest first, or the lowest where lower is better; no value last, ties by name', () => {
    const order = (lower: boolean) => rankRows(values, kpi(lower), (id) => id).map((m) => m.userId);
    expect(order(false)).toEqual(['cat', 'ann', 'dan', 'bob']);
    expect(order(true)).toEqual(['ann', 'dan', 'cat', 'bob']);
  });

  it('covers today, the week from Monday or the month from the 1st, up to today', () => {
    const saturday = '2026-12-05' as LocalDate;
    expect(periodDays('today', saturday)).toEqual({ from: '2026-12-05', to: '2026-12-05' });
    expect(periodDays('week', saturday)).toEqual({ from: '2026-11-30', to: '2026-12-05' });
    expect(periodDays('month', saturday)).toEqual({ from: '2026-12-01', to: '2026-12-05' });
  });

  it('compares with the equal period before: yesterday, last week to the same weekday, last month to the same day', () => {
    expect(previousPeriodDays('today', '2026-12-01' as LocalDate)).toEqual({ from: '2026-11-30', to: '2026-11-30' });
    expect(previousPeriodDays('week', '2026-12-05' as LocalDate)).toEqual({ from: '2026-11-23', to: '2026-11-28' });
    expect(previousPeriodDays('month', '2026-12-05' as LocalDate)).toEqual({ from: '2026-11-01', to: '2026-11-05' });
    expect(previousPeriodDays('month', '2026-03-31' as LocalDate)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });
});

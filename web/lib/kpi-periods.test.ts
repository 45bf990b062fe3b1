import type { Kpi, KpiValues } from '@core/contracts';
import { describe, expect, it } from 'vitest';
import { rankRows } from './kpi-periods';

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
});

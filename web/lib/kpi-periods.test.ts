import type { Kpi, KpiValues } from '@core/contracts';
import { describe, expect, it } from 'vitest';
import { computeTargetShare, isUpFromZero, rankRows, rankRowsByImprovement, rankRowsByTargetShare } from './kpi-periods';

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

describe("the KPI board's most improved", () => {
  const improved = (changes: Record<string, number | null>): KpiValues => ({
    ...values,
    kpis: [
      {
        id: 'k',
        total: 3,
        members: Object.entries(changes).map(([userId, change]) => ({
          userId,
          value: 1,
          improvement: { baseline: change === null ? null : 2, periods: change === null ? 0 : 3, change },
        })),
      },
    ],
  });

  it('ranks the biggest change first (the smallest where lower is better), no change last, then as by the figure', () => {
    const changes = improved({ ann: 2_500, bob: 9_000, cat: null, dan: 2_500 });
    const order = (lower: boolean) => rankRowsByImprovement(values, changes, kpi(lower), (id) => id).map((m) => m.userId);
    // Ann and Dan tie on +25 %: the figure's order (both 2, then by name) decides.
    expect(order(false)).toEqual(['bob', 'ann', 'dan', 'cat']);
    expect(order(true)).toEqual(['ann', 'dan', 'bob', 'cat']);
  });
});

describe('most improved from an average of 0', () => {
  it('ranks a rise from 0 below every measured rise and above no change, a fall, or nothing to measure', () => {
    const fromZero: KpiValues = {
      ...values,
      kpis: [
        {
          id: 'k',
          total: 3,
          members: [
            // Ann rose from an average of 0 (no percentage), Bob fell, Cat rose 10 %, Dan has no history.
            { userId: 'ann', value: 2, improvement: { baseline: 0, periods: 3, change: null } },
            { userId: 'bob', value: 1, improvement: { baseline: 2, periods: 3, change: -5_000 } },
            { userId: 'cat', value: 5, improvement: { baseline: 4.5, periods: 2, change: 1_000 } },
            { userId: 'dan', value: 2, improvement: { baseline: null, periods: 0, change: null } },
          ],
        },
      ],
    };
    expect(rankRowsByImprovement(values, fromZero, kpi(false), (id) => id).map((m) => m.userId)).toEqual(['cat', 'ann', 'bob', 'dan']);
    // Where lower is better a rise from 0 is the worst rise there is: after Cat's +10 %.
    expect(rankRowsByImprovement(values, fromZero, kpi(true), (id) => id).map((m) => m.userId)).toEqual(['bob', 'cat', 'ann', 'dan']);
    // Still at an average of 0 is no change: above a fall, below a rise.
    const stayed: KpiValues = {
      ...fromZero,
      kpis: [
        {
          ...fromZero.kpis[0]!,
          members: fromZero.kpis[0]!.members.map((m) => (m.userId === 'ann' ? { ...m, value: 0 } : m)),
        },
      ],
    };
    expect(rankRowsByImprovement(values, stayed, kpi(false), (id) => id).map((m) => m.userId)).toEqual(['cat', 'ann', 'bob', 'dan']);
    expect(rankRowsByImprovement(values, stayed, kpi(true), (id) => id).map((m) => m.userId)).toEqual(['bob', 'ann', 'cat', 'dan']);
    expect(isUpFromZero({ baseline: 0 }, 2)).toBe(true);
    expect(isUpFromZero({ baseline: 0 }, 0)).toBe(false);
    expect(isUpFromZero({ baseline: 1 }, 2)).toBe(false);
    expect(isUpFromZero(undefined, 2)).toBe(false);
  });
});

describe("the KPI board's % of target", () => {
  it('ranks the largest share of the whole period’s target first; no target or no figure last, then as by the figure', () => {
    // Ann 2 of 4 (50 %), Cat 5 of 20 (25 %), Dan 2 with no target, Bob no figure.
    const targets = new Map([
      ['ann', 4],
      ['cat', 20],
      ['bob', 10],
    ]);
    expect(rankRowsByTargetShare(values, targets, kpi(false), (id) => id).map((m) => m.userId)).toEqual(['ann', 'cat', 'dan', 'bob']);
  });

  it('is a figure over its target, or none without a target above 0 or a figure', () => {
    expect(computeTargetShare(45, 100)).toBe(0.45);
    expect(computeTargetShare(0, 10)).toBe(0);
    expect(computeTargetShare(null, 10)).toBeNull();
    expect(computeTargetShare(5, null)).toBeNull();
    expect(computeTargetShare(5, 0)).toBeNull();
  });
});

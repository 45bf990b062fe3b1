import { describe, expect, it } from 'vitest';
import {
  compareForLeaderboard,
  computeAverage,
  computeConversionRate,
  computeGoalProgress,
  computePercentChange,
  computeWorkingDays,
  isHighConversion,
  truncateText,
  type Percent,
} from './index';

describe('computeConversionRate', () => {
  it.each([
    [0, 0, 0],
    [1, 4, 25],
    [1, 3, 33],
    [2, 3, 67],
    [5, 5, 100],
    [3, 0, 0],
  ])('%d meetings of %d calls is %d%%', (meetings, calls, expected) => {
    expect(computeConversionRate(meetings, calls)).toBe(expected);
  });
  it('flags 20% and above as high conversion', () => {
    expect(isHighConversion(20 as Percent)).toBe(true);
    expect(isHighConversion(19 as Percent)).toBe(false);
  });
});

describe('computePercentChange', () => {
  it.each([
    [0, 0, '0%'],
    [5, 0, 'new'],
    [1, 0, 'new'],
    [10, 10, '+0%'],
    [15, 10, '+50%'],
    [5, 10, '-50%'],
    [0, 10, '-100%'],
    [1, 3, '-67%'],
  ])('%d versus %d is %s', (current, previous, expected) => {
    expect(computePercentChange(current, previous)).toBe(expected);
  });
});

describe('computeGoalProgress', () => {
  it.each([
    [5, 10, 50],
    [15, 10, 100],
    [3, 0, 0],
    [0, 20, 0],
    [1, 3, 33],
  ])('%d of goal %d is %d%%', (value, goal, expected) => {
    expect(computeGoalProgress(value, goal)).toBe(expected);
  });
});

describe('computeAverage and computeWorkingDays', () => {
  it('rounds averages to one decimal', () => {
    expect(computeAverage(10, 3)).toBe(3.3);
    expect(computeAverage(10, 4)).toBe(2.5);
    expect(computeAverage(5, 0)).toBe(0);
  });
  it('counts distinct dates, at least one', () => {
    expect(computeWorkingDays([])).toBe(1);
    expect(computeWorkingDays(['2026-11-02', '2026-11-02', '2026-11-03'])).toBe(2);
  });
});

describe('compareForLeaderboard', () => {
  const rows = [
    { id: 'a', points: 10, calls: 5, meetings: 1, sales: 0 },
    { id: 'b', points: 10, calls: 7, meetings: 0, sales: 1 },
    { id: 'c', points: 10, calls: 7, meetings: 2, sales: 0 },
    { id: 'd', points: 12, calls: 1, meetings: 0, sales: 2 },
  ];
  it('sorts by points, ties by calls then meetings', () => {
    expect([...rows].sort(compareForLeaderboard('points')).map((r) => r.id)).toEqual(['d', 'c', 'b', 'a']);
  });
  it('sorts by sales with the same tie-breaks', () => {
    expect([...rows].sort(compareForLeaderboard('sales')).map((r) => r.id)).toEqual(['d', 'b', 'c', 'a']);
  });
});

describe('truncateText', () => {
  it('cuts at 50 characters with an ellipsis', () => {
    expect(truncateText('x'.repeat(50), 50)).toBe('x'.repeat(50));
    expect(truncateText('x'.repeat(51), 50)).toBe(`${'x'.repeat(50)}…`);
  });
});

import { describe, expect, it } from 'vitest';
import { computeChangeTone } from '../components/change-indicator';
import { findCelebrations } from './find-celebrations';
import { computeIsoWeek, createScoreboardFormat } from './format';
import { computeInitials } from './member-name';

const row = (userId: string, sales: number, meetings: number) => ({ userId, displayName: userId.toUpperCase(), sales, meetings });

describe('findCelebrations', () => {
  it('celebrates a sale and a booked meeting that landed between two readings, a sale first', () => {
    const events = findCelebrations([row('a', 0, 1), row('b', 1, 0)], [row('a', 1, 2), row('b', 1, 0)], true);
    expect(events).toEqual([
      { kind: 'sale', userId: 'a', displayName: 'A' },
      { kind: 'meeting', userId: 'a', displayName: 'A' },
    ]);
  });

  it('counts a newcomer from zero only when the earlier board held everyone active', () => {
    expect(findCelebrations([row('a', 0, 0)], [row('a', 0, 0), row('b', 1, 0)], true)).toEqual([{ kind: 'sale', userId: 'b', displayName: 'B' }]);
    expect(findCelebrations([row('a', 0, 0)], [row('a', 0, 0), row('b', 1, 0)], false)).toEqual([]);
  });

  it('never celebrates a deletion', () => {
    expect(findCelebrations([row('a', 2, 2)], [row('a', 1, 1)], true)).toEqual([]);
  });
});

describe('computeChangeTone', () => {
  it.each([
    ['+50%', 'up'],
    ['+100%', 'up'],
    ['-20%', 'down'],
    ['0%', 'flat'],
    ['+0%', 'flat'],
  ])('%s is %s', (change, tone) => {
    expect(computeChangeTone(change)).toBe(tone);
  });
});

describe('formatting', () => {
  it('numbers weeks the ISO way (Monday weeks, the Thursday decides the year)', () => {
    expect(computeIsoWeek('2026-11-16')).toBe(47);
    expect(computeIsoWeek('2026-11-22')).toBe(47);
    expect(computeIsoWeek('2027-01-01')).toBe(53);
    expect(computeIsoWeek('2025-12-29')).toBe(1);
  });

  it("shows times in the company's time zone and adds the day when it is not today", () => {
    const format = createScoreboardFormat('en', 'Europe/Oslo', 'NOK');
    expect(format.activityTime('2026-11-16T13:05:00Z', '2026-11-16')).toBe('14:05');
    expect(format.activityTime('2026-11-15T13:05:00Z', '2026-11-16')).toBe('15 Nov, 14:05');
    expect(format.localDay('2026-11-15T23:30:00Z')).toBe('2026-11-16');
    expect(format.percent(25)).toBe('25%');
    expect(format.decimal(3.25)).toBe('3.3');
  });

  it('makes two initials from a name', () => {
    expect(computeInitials('Kari Nordmann')).toBe('KN');
    expect(computeInitials('Ola Johan Hansen')).toBe('OH');
    expect(computeInitials('Sofie')).toBe('S');
  });
});

import { TZDate } from '@date-fns/tz';
import { addDays as addCalendarDays, differenceInCalendarDays, endOfMonth as endOfCalendarMonth, format, startOfISOWeek } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  addDays,
  computeIsoWeek,
  computeLocalDate,
  computeMsUntilNextLocalDay,
  computePeriod,
  computeStartOfLocalDay,
  computeWallClock,
  computeWeekdayIndex,
  diffDays,
  endOfMonth,
  isLocalDate,
  isValidTimeZone,
  listLocalDates,
  type LocalDate,
  startOfMonth,
  startOfWeek,
  toLocalDate,
} from './index';

const d = toLocalDate;

describe('computeLocalDate', () => {
  it.each([
    ['2026-03-28T22:59:59Z', 'Europe/Oslo', '2026-03-28'],
    ['2026-03-28T23:00:00Z', 'Europe/Oslo', '2026-03-29'],
    ['2026-03-29T21:59:59Z', 'Europe/Oslo', '2026-03-29'], // day of spring-forward: 23 h long
    ['2026-03-29T22:00:00Z', 'Europe/Oslo', '2026-03-30'],
    ['2026-10-25T22:59:59Z', 'Europe/Oslo', '2026-10-25'], // day of fall-back: 25 h long
    ['2026-10-25T23:00:00Z', 'Europe/Oslo', '2026-10-26'],
    ['2026-01-01T00:30:00Z', 'UTC', '2026-01-01'],
    ['2026-01-01T00:30:00Z', 'America/New_York', '2025-12-31'],
    ['2026-06-30T23:30:00Z', 'Europe/London', '2026-07-01'],
  ])('%s in %s is %s', (iso, zone, expected) => {
    expect(computeLocalDate(new Date(iso), zone)).toBe(expected);
  });
});

describe('computeStartOfLocalDay', () => {
  it('spring-forward day in Oslo is 23 hours long', () => {
    const start = computeStartOfLocalDay(d('2026-03-29'), 'Europe/Oslo');
    const next = computeStartOfLocalDay(d('2026-03-30'), 'Europe/Oslo');
    expect(start.toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect((next.getTime() - start.getTime()) / 3_600_000).toBe(23);
  });
  it('fall-back day in Oslo is 25 hours long', () => {
    const start = computeStartOfLocalDay(d('2026-10-25'), 'Europe/Oslo');
    const next = computeStartOfLocalDay(d('2026-10-26'), 'Europe/Oslo');
    expect(start.toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect((next.getTime() - start.getTime()) / 3_600_000).toBe(25);
  });
});

describe('computeWallClock', () => {
  it.each([
    ['2026-03-29T00:59:59.900Z', 'Europe/Oslo', '2026-03-29T01:59:59.000Z'], // the hour before spring-forward
    ['2026-03-29T01:00:00Z', 'Europe/Oslo', '2026-03-29T03:00:00.000Z'], // 02:00 never happened
    ['2026-10-25T00:30:00Z', 'Europe/Oslo', '2026-10-25T02:30:00.000Z'], // fall-back: 02:30 the first time
    ['2026-10-25T01:30:00Z', 'Europe/Oslo', '2026-10-25T02:30:00.000Z'], // and the second
    ['2026-01-01T00:30:00Z', 'America/New_York', '2025-12-31T19:30:00.000Z'],
    ['2026-06-30T12:00:00Z', 'UTC', '2026-06-30T12:00:00.000Z'],
  ])('%s in %s reads %s off the wall', (iso, zone, expected) => {
    expect(computeWallClock(new Date(iso), zone).toISOString()).toBe(expected);
  });
});

describe('computeMsUntilNextLocalDay', () => {
  const hours = (ms: number) => ms / 3_600_000;
  it.each([
    ['an ordinary evening in Oslo', '2026-11-20T22:30:00Z', 'Europe/Oslo', 0.5],
    ['just after midnight in Oslo: a whole day ahead', '2026-11-20T23:00:01Z', 'Europe/Oslo', 24 - 1 / 3600],
    ['the 23-hour day of the spring change', '2026-03-28T23:00:00Z', 'Europe/Oslo', 23],
    ['the 25-hour day of the autumn change', '2026-10-24T22:00:00Z', 'Europe/Oslo', 25],
    ['UTC', '2026-11-20T18:00:00Z', 'UTC', 6],
  ])('%s', (_label, now, zone, expected) => {
    expect(hours(computeMsUntilNextLocalDay(new Date(now), zone))).toBeCloseTo(expected, 6);
  });
});

describe('calendar arithmetic', () => {
  it('adds days across month and year ends and leap days', () => {
    expect(addDays(d('2026-12-31'), 1)).toBe('2027-01-01');
    expect(addDays(d('2028-02-28'), 1)).toBe('2028-02-29');
    expect(addDays(d('2026-03-01'), -1)).toBe('2026-02-28');
    expect(diffDays(d('2026-01-01'), d('2026-12-31'))).toBe(364);
  });
  it('knows Monday as the first weekday', () => {
    expect(computeWeekdayIndex(d('2026-11-23'))).toBe(0); // Monday
    expect(computeWeekdayIndex(d('2026-11-22'))).toBe(6); // Sunday
  });
  it('validates calendar dates', () => {
    expect(isLocalDate('2026-02-29')).toBe(false);
    expect(isLocalDate('2028-02-29')).toBe(true);
    expect(isLocalDate('2026-13-01')).toBe(false);
    expect(isLocalDate('26-1-1')).toBe(false);
  });
  it('keeps to the years 1900-2999, where the arithmetic holds (found by the API fuzz)', () => {
    // Date reads years 0-99 as 1900-1999: year 0000 was "not a calendar date" after passing the contract.
    expect(isLocalDate('0000-01-01')).toBe(false);
    expect(isLocalDate('0050-06-15')).toBe(false);
    expect(isLocalDate('1899-12-31')).toBe(false);
    expect(isLocalDate('1900-01-01')).toBe(true);
    expect(isLocalDate('2999-12-31')).toBe(true);
    expect(isLocalDate('3000-01-01')).toBe(false);
    expect(isLocalDate('9999-12-31')).toBe(false);
  });
  it('lists days by counting, not by comparing text (a range ending 9999-12-31 never ended)', () => {
    const days = listLocalDates('9999-12-30' as LocalDate, '9999-12-31' as LocalDate);
    expect(days).toEqual(['9999-12-30', '9999-12-31']);
  });
  it("does not depend on the machine's time zone, where midnight may be skipped or doubled", () => {
    try {
      // Santiago and Beirut change the clock at midnight; Apia skipped a whole day in 2011 (its own, not ours).
      for (const zone of ['UTC', 'Europe/Oslo', 'America/Santiago', 'Asia/Beirut', 'Pacific/Apia']) {
        vi.stubEnv('TZ', zone); // Node reads TZ anew whenever it changes
        const days = listLocalDates(d('2011-01-01'), d('2011-12-31'));
        expect(days).toHaveLength(365);
        expect(days).toContain('2011-12-30');
        expect(new Set(days).size).toBe(365);
        expect(diffDays(d('2011-01-01'), d('2011-12-31'))).toBe(364);
        expect(addDays(d('2026-09-05'), 1)).toBe('2026-09-06');
        expect(computeWeekdayIndex(d('2026-09-06'))).toBe(6);
      }
    } finally {
      vi.unstubAllEnvs();
    }
  });
  it('agrees with date-fns, reckoned in UTC, on every day of the years it keeps to', () => {
    const day = fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2999-12-31T00:00:00Z'), noInvalidDate: true });
    const inUtc = (date: Date) => new TZDate(date.getTime(), 'UTC');
    const text = (date: Date) => format(date, 'yyyy-MM-dd');
    fc.assert(
      fc.property(day, fc.integer({ min: -800, max: 800 }), (instant, days) => {
        const utc = inUtc(instant);
        const local = d(text(utc));
        expect(isLocalDate(local)).toBe(true);
        expect(computeWeekdayIndex(local)).toBe((utc.getDay() + 6) % 7);
        expect(startOfWeek(local)).toBe(text(startOfISOWeek(utc)));
        expect(startOfMonth(local)).toBe(`${local.slice(0, 7)}-01`);
        expect(endOfMonth(local)).toBe(text(endOfCalendarMonth(utc)));
        const later = addCalendarDays(utc, days);
        if (later.getFullYear() < 1900 || later.getFullYear() > 2999) return;
        expect(addDays(local, days)).toBe(text(later));
        expect(diffDays(local, d(text(later)))).toBe(differenceInCalendarDays(later, utc));
      }),
      { numRuns: 2_000 },
    );
  });
  it('lists the days of a range inclusively', () => {
    expect(listLocalDates(d('2026-02-27'), d('2026-03-02'))).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
  });
});

describe('computePeriod', () => {
  const sundayEveningOslo = new Date('2026-11-22T20:00:00Z');
  it('week runs Monday to Sunday in the company zone', () => {
    const week = computePeriod('week', sundayEveningOslo, 'Europe/Oslo');
    expect(week.from).toBe('2026-11-16');
    expect(week.to).toBe('2026-11-22');
    expect(week.start.toISOString()).toBe('2026-11-15T23:00:00.000Z');
    expect(week.end.toISOString()).toBe('2026-11-22T23:00:00.000Z');
  });
  it('the same instant is already Monday in Tokyo', () => {
    const week = computePeriod('week', new Date('2026-11-22T20:00:00Z'), 'Asia/Tokyo');
    expect(week.from).toBe('2026-11-23');
  });
  it('month covers the whole calendar month', () => {
    const month = computePeriod('month', new Date('2026-02-10T12:00:00Z'), 'Europe/Oslo');
    expect([month.from, month.to]).toEqual(['2026-02-01', '2026-02-28']);
  });
  it('yesterday and last7 are whole local days', () => {
    const now = new Date('2026-03-30T06:00:00Z');
    expect(computePeriod('yesterday', now, 'Europe/Oslo').from).toBe('2026-03-29');
    const last7 = computePeriod('last7', now, 'Europe/Oslo');
    expect([last7.from, last7.to]).toEqual(['2026-03-24', '2026-03-30']);
  });
});

describe('isValidTimeZone', () => {
  it('accepts IANA zones and rejects nonsense', () => {
    expect(isValidTimeZone('Europe/Oslo')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });
});

describe('ISO weeks', () => {
  it('names the week by its Thursday: the turn of 2026/2027 is 2026-W53, and 2027 starts on 4 January', () => {
    expect(computeIsoWeek(toLocalDate('2026-12-28'))).toEqual({ isoYear: 2026, isoWeek: 53 });
    expect(computeIsoWeek(toLocalDate('2027-01-03'))).toEqual({ isoYear: 2026, isoWeek: 53 });
    expect(computeIsoWeek(toLocalDate('2027-01-04'))).toEqual({ isoYear: 2027, isoWeek: 1 });
    expect(computeIsoWeek(toLocalDate('2024-12-30'))).toEqual({ isoYear: 2025, isoWeek: 1 });
    expect(computeIsoWeek(toLocalDate('2026-11-24'))).toEqual({ isoYear: 2026, isoWeek: 48 });
    expect(computeIsoWeek(toLocalDate('2026-11-16')).isoWeek).toBe(47);
    expect(computeIsoWeek(toLocalDate('2026-11-22')).isoWeek).toBe(47);
    expect(computeIsoWeek(toLocalDate('2027-01-01'))).toEqual({ isoYear: 2026, isoWeek: 53 });
    expect(computeIsoWeek(toLocalDate('2025-12-29'))).toEqual({ isoYear: 2026, isoWeek: 1 });
  });
});

import { describe, expect, it } from 'vitest';
import type { WorkingCalendar } from '../pacing';
import { addDays, type LocalDate, toLocalDate } from '../period';
import { findBadgePeriod, findGoalStreak, formatIsoWeek, formatMonth } from './index';

const norway: WorkingCalendar = { country: 'NO', daysOff: new Set() };
const d = (value: string) => toLocalDate(value);

/** Every day from `from` to `to` met the goal. */
function metFrom(from: string, to: string): Set<string> {
  const days = new Set<string>();
  for (let day = d(from); day <= d(to); day = addDays(day, 1)) days.add(day);
  return days;
}

const wide = (day: LocalDate) => ({ from: addDays(day, -42), to: day });

describe('findGoalStreak', () => {
  it('counts five working days across a weekend (Thursday to Wednesday)', () => {
    // Thu 19, Fri 20, (Sat 21, Sun 22 not met and not counted), Mon 23, Tue 24, Wed 25 November 2026.
    const met = new Set(['2026-11-19', '2026-11-20', '2026-11-23', '2026-11-24', '2026-11-25']);
    expect(findGoalStreak(norway, met, d('2026-11-25'), wide(d('2026-11-25')))).toEqual({
      from: '2026-11-19',
      to: '2026-11-25',
      days: 5,
    });
  });

  it('a missed working day breaks it; a day met on a weekend neither counts nor breaks', () => {
    const met = new Set(['2026-11-18', '2026-11-20', '2026-11-21', '2026-11-23', '2026-11-24', '2026-11-25']);
    // Thursday 19 was missed: the streak starts on Friday 20; Saturday 21 is not counted.
    expect(findGoalStreak(norway, met, d('2026-11-25'), wide(d('2026-11-25')))).toEqual({ from: '2026-11-20', to: '2026-11-25', days: 4 });
  });

  it('is nothing on a day the goal was not met, or on a day that is not a working day', () => {
    const met = metFrom('2026-11-16', '2026-11-22');
    expect(findGoalStreak(norway, met, d('2026-11-23'), wide(d('2026-11-23')))).toBeNull();
    expect(findGoalStreak(norway, met, d('2026-11-21'), wide(d('2026-11-21')))).toBeNull();
  });

  it('Easter: Maundy Thursday, Good Friday and Easter Monday are skipped in Norway', () => {
    // 2026: Thu 2 and Fri 3 April, Mon 6 April are public holidays. Tue 31 Mar, Wed 1 Apr, Tue 7, Wed 8, Thu 9.
    const met = new Set(['2026-03-31', '2026-04-01', '2026-04-07', '2026-04-08', '2026-04-09']);
    expect(findGoalStreak(norway, met, d('2026-04-09'), wide(d('2026-04-09')))).toEqual({ from: '2026-03-31', to: '2026-04-09', days: 5 });
    // In the United States the Thursday is a working day: missed, it breaks the streak.
    expect(findGoalStreak({ country: 'US', daysOff: new Set() }, met, d('2026-04-09'), wide(d('2026-04-09')))).toEqual({
      from: '2026-04-07',
      to: '2026-04-09',
      days: 3,
    });
  });

  it('17 May (Constitution Day, a Monday in 2027) does not break it', () => {
    const met = new Set(['2027-05-12', '2027-05-13', '2027-05-14', '2027-05-18', '2027-05-19']);
    expect(findGoalStreak(norway, met, d('2027-05-19'), wide(d('2027-05-19')))?.days).toBe(5);
  });

  it('Christmas: the 25th and 26th are holidays; Christmas Eve breaks it unless the company takes it off', () => {
    // 2026: Mon 21, Tue 22, Wed 23, (Thu 24 a working day), (Fri 25, Sat 26 holidays), Mon 28, Tue 29.
    const met = new Set(['2026-12-21', '2026-12-22', '2026-12-23', '2026-12-28', '2026-12-29']);
    expect(findGoalStreak(norway, met, d('2026-12-29'), wide(d('2026-12-29')))?.days).toBe(2);
    const christmasEveOff: WorkingCalendar = { country: 'NO', daysOff: new Set(['2026-12-24']) };
    expect(findGoalStreak(christmasEveOff, met, d('2026-12-29'), wide(d('2026-12-29')))).toEqual({
      from: '2026-12-21',
      to: '2026-12-29',
      days: 5,
    });
  });

  it('a company day off in the middle of a week is skipped', () => {
    const calendar: WorkingCalendar = { country: 'NO', daysOff: new Set(['2026-11-11']) };
    const met = new Set(['2026-11-09', '2026-11-10', '2026-11-12', '2026-11-13', '2026-11-16']);
    expect(findGoalStreak(calendar, met, d('2026-11-16'), wide(d('2026-11-16')))?.days).toBe(5);
    expect(findGoalStreak(norway, met, d('2026-11-16'), wide(d('2026-11-16')))?.days).toBe(3);
  });

  it('across the change to summer time (Sunday 29 March 2026) days are days', () => {
    const met = new Set(['2026-03-25', '2026-03-26', '2026-03-27', '2026-03-30', '2026-03-31']);
    expect(findGoalStreak(norway, met, d('2026-03-31'), wide(d('2026-03-31')))).toEqual({ from: '2026-03-25', to: '2026-03-31', days: 5 });
    // and back to winter time (Sunday 25 October 2026)
    const autumn = new Set(['2026-10-22', '2026-10-23', '2026-10-26', '2026-10-27', '2026-10-28']);
    expect(findGoalStreak(norway, autumn, d('2026-10-28'), wide(d('2026-10-28')))?.days).toBe(5);
  });

  it('a late log that fills a gap joins the days after it, up to the end of the window', () => {
    const met = new Set(['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20']);
    expect(findGoalStreak(norway, met, d('2026-11-18'), { from: d('2026-10-01'), to: d('2026-11-25') })).toEqual({
      from: '2026-11-16',
      to: '2026-11-20',
      days: 5,
    });
  });

  it('a run that reaches back past the window is not counted again (it was rewarded when shorter)', () => {
    const met = metFrom('2026-09-01', '2026-11-25');
    expect(findGoalStreak(norway, met, d('2026-11-25'), wide(d('2026-11-25')))).toBeNull();
  });
});

describe('occasion keys', () => {
  it('names the ISO week and the month of a day', () => {
    expect(formatIsoWeek(d('2026-11-25'))).toBe('2026-W48');
    expect(formatIsoWeek(d('2027-01-01'))).toBe('2026-W53');
    expect(formatIsoWeek(d('2026-01-01'))).toBe('2026-W01');
    expect(formatMonth(d('2026-11-25'))).toBe('2026-11');
  });
});

describe('findBadgePeriod', () => {
  it('a day is itself; a week runs Monday to Sunday under its ISO key, across a year; a month to its last day', () => {
    expect(findBadgePeriod('day', d('2026-12-03'))).toEqual({ from: '2026-12-03', to: '2026-12-03', key: '2026-12-03' });
    // Thursday 31 December 2026 is in ISO week 53 of 2026, which ends on Sunday 3 January 2027.
    expect(findBadgePeriod('week', d('2026-12-31'))).toEqual({ from: '2026-12-28', to: '2027-01-03', key: '2026-W53' });
    // Friday 1 January 2027 is in the same week, under the same key.
    expect(findBadgePeriod('week', d('2027-01-01')).key).toBe('2026-W53');
    expect(findBadgePeriod('month', d('2028-02-10'))).toEqual({ from: '2028-02-01', to: '2028-02-29', key: '2028-02' });
    // A milestone is all of time, under one key.
    expect(findBadgePeriod('ever', d('2026-12-03')).key).toBe('ever');
    expect(findBadgePeriod('ever', d('2026-12-03')).from < '2020-01-01').toBe(true);
  });
});

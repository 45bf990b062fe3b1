import { describe, expect, it } from 'vitest';
import { listLocalDates, toLocalDate } from '../period';
import {
  computePaceFrom,
  computePacing,
  computePeriodShare,
  computeTargetPeriodDates,
  computeTargetReferenceDay,
  isCalendarCountry,
  isWorkingDay,
  listPublicHolidays,
  type PeriodShare,
  selectTargetsInForce,
  type WorkingCalendar,
} from './index';

const d = toLocalDate;
const OSLO = 'Europe/Oslo';
const norway: WorkingCalendar = { country: 'NO', daysOff: new Set() };
const withDaysOff = (...days: string[]): WorkingCalendar => ({ country: 'NO', daysOff: new Set(days) });
const workingDaysOf = (calendar: WorkingCalendar, from: string, to: string) =>
  listLocalDates(d(from), d(to)).filter((day) => isWorkingDay(calendar, day));
const share = (calendar: WorkingCalendar, from: string, to: string, now: string, zone = OSLO) =>
  computePeriodShare(calendar, d(from), d(to), new Date(now), zone);

describe('the working calendar', () => {
  it('takes weekends off', () => {
    expect(isWorkingDay(norway, d('2026-11-21'))).toBe(false); // Saturday
    expect(isWorkingDay(norway, d('2026-11-22'))).toBe(false); // Sunday
    expect(isWorkingDay(norway, d('2026-11-23'))).toBe(true); // Monday
  });

  it("takes Norway's Easter off: Maundy Thursday, Good Friday and Easter Monday, wherever Easter falls", () => {
    expect(workingDaysOf(norway, '2026-03-30', '2026-04-05')).toEqual(['2026-03-30', '2026-03-31', '2026-04-01']);
    expect(isWorkingDay(norway, d('2026-04-06'))).toBe(false); // Easter Monday 2026
    // Easter 2027 is on 28 March: the holidays move with it.
    expect(workingDaysOf(norway, '2027-03-22', '2027-03-29')).toEqual(['2027-03-22', '2027-03-23', '2027-03-24']);
  });

  it('takes Constitution Day (17 May) off, also when Whit Monday falls on it', () => {
    // 2027: 17 May is a Monday and Whit Monday both; the week keeps four working days.
    expect(workingDaysOf(norway, '2027-05-17', '2027-05-23')).toEqual(['2027-05-18', '2027-05-19', '2027-05-20', '2027-05-21']);
    expect(isWorkingDay(norway, d('2028-05-17'))).toBe(false); // a Wednesday
  });

  it('takes Christmas Day and Boxing Day off; Christmas Eve is a working day unless the company adds it', () => {
    expect(workingDaysOf(norway, '2025-12-22', '2025-12-28')).toEqual(['2025-12-22', '2025-12-23', '2025-12-24']);
    expect(workingDaysOf(withDaysOff('2025-12-24'), '2025-12-22', '2025-12-28')).toEqual(['2025-12-22', '2025-12-23']);
  });

  it('takes New Year, Labour Day and Ascension off', () => {
    for (const day of ['2026-01-01', '2026-05-01', '2026-05-14']) expect(isWorkingDay(norway, d(day))).toBe(false);
  });

  it("follows the company's country: 17 May is a working day in Sweden, 6 June is not", () => {
    const sweden: WorkingCalendar = { country: 'SE', daysOff: new Set() };
    expect(isWorkingDay(sweden, d('2028-05-17'))).toBe(true);
    expect(isWorkingDay(sweden, d('2028-06-06'))).toBe(false); // Sweden's national day, a Tuesday
    expect(isWorkingDay(norway, d('2028-06-06'))).toBe(true);
  });

  it("takes Sweden's eves off (midsommarafton, julafton, nyårsafton), not Norway's", () => {
    const sweden: WorkingCalendar = { country: 'SE', daysOff: new Set() };
    for (const day of ['2026-06-19', '2026-12-24', '2026-12-31']) expect(isWorkingDay(sweden, d(day)), day).toBe(false);
    for (const day of ['2026-12-24', '2026-12-31']) expect(isWorkingDay(norway, d(day)), day).toBe(true);
  });

  it('names the holidays in the language asked for', () => {
    const names = listPublicHolidays('NO', 2026, 'nb').map((holiday) => holiday.name);
    expect(names).toContain('Grunnlovsdagen');
    expect(listPublicHolidays('NO', 2026, 'en').find((holiday) => holiday.date === '2026-12-25')?.name).toMatch(/Christmas/);
  });

  it('knows its short list of countries', () => {
    expect(isCalendarCountry('NO')).toBe(true);
    expect(isCalendarCountry('XX')).toBe(false);
  });
});

describe('the share of working days gone', () => {
  it('counts days before today whole and today by its working hours (08:00-16:00)', () => {
    // Week 48 of 2026 in Oslo (UTC+1): Wednesday 12:00 local = 11:00Z -> 2.5 of 5 days.
    expect(share(norway, '2026-11-23', '2026-11-29', '2026-11-25T11:00:00Z')).toEqual({ workingDays: 5, workingDaysGone: 2.5, share: 0.5 });
    // Before 08:00 nothing of today is gone; from 16:00 all of it.
    expect(share(norway, '2026-11-23', '2026-11-29', '2026-11-25T06:59:00Z').workingDaysGone).toBe(2);
    expect(share(norway, '2026-11-23', '2026-11-29', '2026-11-25T15:00:00Z').workingDaysGone).toBe(3);
    // The first minute of a Monday: nothing gone yet.
    expect(share(norway, '2026-11-23', '2026-11-29', '2026-11-22T23:00:00Z').share).toBe(0);
  });

  it('is whole on the weekend that ends the week', () => {
    expect(share(norway, '2026-11-23', '2026-11-29', '2026-11-28T12:00:00Z').share).toBe(1);
  });

  it('reads the hours in summer time after the spring change (Oslo, 29 March 2026)', () => {
    // Monday 30 March 12:00 in Oslo is 10:00Z (UTC+2). Easter week: 3 working days.
    const monday = share(norway, '2026-03-30', '2026-04-05', '2026-03-30T10:00:00Z');
    expect(monday.workingDays).toBe(3);
    expect(monday.workingDaysGone).toBeCloseTo(0.5, 10);
  });

  it('reads the hours in winter time after the autumn change (Oslo, 25 October 2026)', () => {
    // Monday 26 October 12:00 in Oslo is 11:00Z (UTC+1); 10:00Z is only 11:00 there.
    expect(share(norway, '2026-10-26', '2026-11-01', '2026-10-26T11:00:00Z').share).toBeCloseTo(0.1, 10);
    expect(share(norway, '2026-10-26', '2026-11-01', '2026-10-26T10:00:00Z').share).toBeCloseTo(0.075, 10);
  });

  it('counts a week with the clock change inside it by its own local days', () => {
    // The week 23-29 March 2026 ends on the Sunday of the change; Friday 16:00 local is 15:00Z.
    expect(share(norway, '2026-03-23', '2026-03-29', '2026-03-27T15:00:00Z').share).toBe(1);
    expect(share(norway, '2026-03-23', '2026-03-29', '2026-03-27T14:59:00Z').share).toBeLessThan(1);
  });

  it('spans a holiday week: the share jumps over Easter', () => {
    // Wednesday 1 April 16:00 local: all 3 working days of Easter week gone, though Sunday is days away.
    expect(share(norway, '2026-03-30', '2026-04-05', '2026-04-01T14:00:00Z').share).toBe(1);
    expect(share(norway, '2026-03-30', '2026-04-05', '2026-03-31T14:00:00Z').share).toBeCloseTo(2 / 3, 10);
  });

  it('ends a month on its last day, in the company zone (month ends)', () => {
    // November 2026 has 21 working days in Norway.
    expect(share(norway, '2026-11-01', '2026-11-30', '2026-11-30T15:00:00Z')).toEqual({ workingDays: 21, workingDaysGone: 21, share: 1 });
    expect(share(norway, '2026-11-01', '2026-11-30', '2026-11-30T11:00:00Z').workingDaysGone).toBe(20.5);
    // 23:30 on 30 November in New York is already 1 December in Oslo and UTC: the zone decides.
    expect(share(norway, '2026-12-01', '2026-12-31', '2026-12-01T04:30:00Z', 'America/New_York').share).toBe(0);
    expect(share(norway, '2026-11-01', '2026-11-30', '2026-12-01T04:30:00Z', 'America/New_York').share).toBe(1);
    // February of a leap year ends on the 29th.
    expect(share(norway, '2028-02-01', '2028-02-29', '2028-02-28T23:00:00Z').workingDays).toBe(21);
  });

  it('has no working days in a weekend day, a holiday, or a week of company days off', () => {
    expect(share(norway, '2026-11-28', '2026-11-28', '2026-11-28T12:00:00Z')).toEqual({ workingDays: 0, workingDaysGone: 0, share: 0 });
    expect(share(norway, '2026-05-14', '2026-05-14', '2026-05-14T12:00:00Z').workingDays).toBe(0);
    const closed = withDaysOff('2026-07-13', '2026-07-14', '2026-07-15', '2026-07-16', '2026-07-17');
    expect(share(closed, '2026-07-13', '2026-07-19', '2026-07-15T12:00:00Z').workingDays).toBe(0);
  });

  it("leaves the company's days off out of the count", () => {
    const friday = withDaysOff('2026-11-27');
    expect(share(friday, '2026-11-23', '2026-11-29', '2026-11-25T11:00:00Z')).toEqual({
      workingDays: 4,
      workingDaysGone: 2.5,
      share: 0.625,
    });
  });
});

describe('pacing', () => {
  it('counts from the day a target took effect inside its period, while a working day is left from it', () => {
    const calendar = { country: 'NO' as const, daysOff: new Set<string>() };
    const month = { from: toLocalDate('2026-12-01'), to: toLocalDate('2026-12-31') };
    expect(computePaceFrom(calendar, month, '2026-12-07')).toBe('2026-12-07');
    expect(computePaceFrom(calendar, month, '2026-11-02')).toBe('2026-12-01');
    expect(computePaceFrom(calendar, month, '2026-12-01')).toBe('2026-12-01');
    // A week's target set on its Saturday has nothing left to pace: the week is paced whole.
    const week = { from: toLocalDate('2026-12-07'), to: toLocalDate('2026-12-13') };
    expect(computePaceFrom(calendar, week, '2026-12-12')).toBe('2026-12-07');
    expect(computePaceFrom(calendar, week, '2026-12-11')).toBe('2026-12-11');
  });

  const half: PeriodShare = { workingDays: 5, workingDaysGone: 2.5, share: 0.5 };
  it.each([
    [0, 'behind'],
    [44, 'behind'], // 88 % of the 50 expected
    [45, 'on-track'], // 90 %: the edge of the band
    [50, 'on-track'],
    [55, 'on-track'], // 110 %
    [56, 'ahead'],
    [100, 'ahead'],
  ] as const)('%i of a target of 100 halfway through is %s', (progress, pace) => {
    expect(computePacing(progress, 100, half)).toEqual({ expected: 50, pace });
  });

  it('is on track with nothing done while nothing is expected yet, ahead with anything done', () => {
    const none: PeriodShare = { workingDays: 5, workingDaysGone: 0, share: 0 };
    expect(computePacing(0, 100, none).pace).toBe('on-track');
    expect(computePacing(1, 100, none).pace).toBe('ahead');
  });

  it('has no pace in a period without working days', () => {
    expect(computePacing(3, 10, { workingDays: 0, workingDaysGone: 0, share: 0 })).toEqual({ expected: 0, pace: 'no-working-days' });
  });

  it('at the end of the period asks for the whole target', () => {
    const whole: PeriodShare = { workingDays: 3, workingDaysGone: 3, share: 1 };
    expect(computePacing(9, 10, whole).pace).toBe('on-track');
    expect(computePacing(8, 10, whole).pace).toBe('behind');
  });
});

describe('target periods', () => {
  it.each([
    ['day', '2026-11-25', '2026-11-25', '2026-11-25'],
    ['week', '2026-11-25', '2026-11-23', '2026-11-29'], // ISO week, Monday first
    ['week', '2026-11-29', '2026-11-23', '2026-11-29'], // Sunday belongs to the week before
    ['week', '2026-12-31', '2026-12-28', '2027-01-03'], // across the year end
    ['month', '2026-02-14', '2026-02-01', '2026-02-28'],
    ['month', '2028-02-14', '2028-02-01', '2028-02-29'],
  ] as const)('a %s holding %s runs %s to %s', (period, date, from, to) => {
    expect(computeTargetPeriodDates(period, d(date))).toEqual({ from, to });
  });

  it('measures a running period by today, a past one by its last day', () => {
    expect(computeTargetReferenceDay(d('2026-11-29'), d('2026-11-25'))).toBe('2026-11-25');
    expect(computeTargetReferenceDay(d('2026-10-31'), d('2026-11-25'))).toBe('2026-10-31');
  });
});

describe('selectTargetsInForce (decision 043)', () => {
  const row = (metric: string, effectiveFrom: string, endsOn: string | null, who = 'a') => ({
    metric,
    period: 'week',
    effectiveFrom,
    endsOn,
    who,
  });

  it('takes the latest row started by the day, per subject, metric and period, unless ended by then', () => {
    const rows = [
      row('calls', '2026-11-02', null),
      row('calls', '2026-11-16', null), // the change: replaces the first from the 16th
      row('sales', '2026-11-02', '2026-11-20'), // ended on the 20th
      row('calls', '2026-12-01', null), // not started yet on the 18th
      row('calls', '2026-11-02', null, 'b'),
    ];
    const on = (day: string) =>
      selectTargetsInForce(rows, day, (r) => r.who)
        .map((r) => `${r.who}:${r.metric}:${r.effectiveFrom}`)
        .sort();
    expect(on('2026-11-10')).toEqual(['a:calls:2026-11-02', 'a:sales:2026-11-02', 'b:calls:2026-11-02']);
    expect(on('2026-11-18')).toEqual(['a:calls:2026-11-16', 'a:sales:2026-11-02', 'b:calls:2026-11-02']);
    expect(on('2026-11-20')).toEqual(['a:calls:2026-11-16', 'b:calls:2026-11-02']);
    // One subject's rows need no subject: b's row then competes with a's.
    expect(selectTargetsInForce(rows, '2026-11-10').filter((r) => r.metric === 'calls')).toHaveLength(1);
  });
});

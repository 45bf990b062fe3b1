import { describe, expect, it } from 'vitest';
import { toLocalDate } from '../period';
import { computeFunnel, computeNameFromEmail, computeWeekBuckets, type PersonDay, ZERO_PERSON_TOTALS } from './index';

const day = (date: string, calls: number, extra: Partial<PersonDay> = {}): PersonDay => ({
  ...ZERO_PERSON_TOTALS,
  day: date,
  calls,
  ...extra,
});

describe('week buckets', () => {
  it('gives the 12 weeks up to this one, oldest first, zero-filled, each day in its Monday-to-Sunday week', () => {
    const buckets = computeWeekBuckets(
      [day('2027-01-03', 2), day('2027-01-04', 5), day('2027-01-10', 1), day('2026-10-19', 9), day('2026-10-18', 100)],
      toLocalDate('2027-01-06'),
    );
    expect(buckets).toHaveLength(12);
    expect(buckets[0]).toMatchObject({ from: '2026-10-19', to: '2026-10-25', isoYear: 2026, isoWeek: 43 });
    expect(buckets[0]!.totals.calls).toBe(9); // 18 October is the week before the first
    expect(buckets.at(-2)).toMatchObject({ from: '2026-12-28', to: '2027-01-03', isoWeek: 53 });
    expect(buckets.at(-2)!.totals.calls).toBe(2);
    expect(buckets.at(-1)).toMatchObject({ from: '2027-01-04', isoYear: 2027, isoWeek: 1 });
    expect(buckets.at(-1)!.totals.calls).toBe(6);
    expect(buckets.slice(1, -2).every((b) => b.totals.calls === 0)).toBe(true);
  });
});

describe('the funnel', () => {
  it('rates each step from the one before, with null after a zero and rates past 100 % shown as they are', () => {
    const { stages, overall } = computeFunnel({ calls: 40, answered: 20, meetings_booked: 5, meetings_held: 6, sales: 0 });
    expect(stages.map((s) => [s.step, s.count, s.rate])).toEqual([
      ['calls', 40, null],
      ['answered', 20, 50],
      ['meetings_booked', 5, 25],
      ['meetings_held', 6, 120],
      ['sales', 0, 0],
    ]);
    expect(overall).toBe(0);
    expect(computeFunnel({ calls: 0, answered: 0, meetings_booked: 0, meetings_held: 0, sales: 1 }).stages.map((s) => s.rate)).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('computeNameFromEmail', () => {
  it('reads a name from the address a person signed in with', () => {
    expect(computeNameFromEmail('camilla.bech@firma.dk')).toBe('Camilla Bech');
    expect(computeNameFromEmail('ola_nordmann+crm@example.no')).toBe('Ola Nordmann');
    expect(computeNameFromEmail('anna-karin.svensson@foretag.se')).toBe('Anna Karin Svensson');
    expect(computeNameFromEmail('øystein2@firma.no')).toBe('Øystein2');
    expect(computeNameFromEmail('sales.2024@firma.no')).toBe('Sales');
  });

  it('gives nothing where the address has no name in it', () => {
    expect(computeNameFromEmail('1234@firma.no')).toBeNull();
    expect(computeNameFromEmail('')).toBeNull();
    expect(computeNameFromEmail(null)).toBeNull();
  });
});

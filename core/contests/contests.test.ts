import { describe, expect, it } from 'vitest';
import type { KpiFormula } from '../contracts/kpis';
import { toLocalDate } from '../period';
import {
  buildContestTemplate,
  computeContestPhase,
  computeContestScore,
  computeNextRound,
  computeReachedOn,
  computeTargetShare,
  computeTimeLeft,
  isSameLead,
  pickCurrentRound,
  scoreKpiContest,
  pickRunningContest,
  rankContestEntries,
  selectContestWinners,
  sumContestTotals,
  listOfferedContestMetrics,
} from '.';

/* The pure rules of contests (decision 049): score, ranking and ties, winners, time left, rounds, templates. */

const d = toLocalDate;

describe('score', () => {
  it('is Σ weight × total of each counted metric', () => {
    const weights = [
      { metric: 'calls' as const, weight: 1 },
      { metric: 'meetings_booked' as const, weight: 5 },
    ];
    expect(computeContestScore({ calls: 12, meetings_booked: 3, sales: 9 }, weights)).toBe(27);
    expect(sumContestTotals([{ calls: 2 }, { calls: 3, meetings_booked: 1 }], weights)).toEqual({ calls: 5, meetings_booked: 1 });
  });

  it('knows the day a running score first reached the target, days added up across members', () => {
    const weights = [{ metric: 'calls' as const, weight: 1 }];
    const days = [
      { day: '2026-11-24', calls: 4 },
      { day: '2026-11-23', calls: 3 },
      { day: '2026-11-24', calls: 1 },
    ];
    expect(computeReachedOn(days, weights, 7)).toBe('2026-11-24');
    expect(computeReachedOn(days, weights, 3)).toBe('2026-11-23');
    expect(computeReachedOn(days, weights, 9)).toBeNull();
    expect(computeReachedOn(days, weights, null)).toBeNull();
  });
});

describe('ranking and winners', () => {
  it('equal scores share a place; the next place counts those ahead', () => {
    const ranked = rankContestEntries([
      { subjectId: 'c', score: 5, reachedOn: null, name: 'Cleo' },
      { subjectId: 'a', score: 9, reachedOn: null, name: 'Ada' },
      { subjectId: 'b', score: 9, reachedOn: null, name: 'Bo' },
      { subjectId: 'd', score: 0, reachedOn: null, name: 'Dag' },
    ]);
    expect(ranked.map((r) => [r.subjectId, r.rank])).toEqual([
      ['a', 1],
      ['b', 1],
      ['c', 3],
      ['d', 4],
    ]);
    expect(selectContestWinners(ranked)).toEqual([
      { subjectId: 'a', score: 9 },
      { subjectId: 'b', score: 9 },
    ]);
  });

  it('with a target, an earlier day of reaching it beats a higher score', () => {
    const ranked = rankContestEntries([
      { subjectId: 'late', score: 60, reachedOn: '2026-11-25' },
      { subjectId: 'early', score: 50, reachedOn: '2026-11-24' },
      { subjectId: 'never', score: 49, reachedOn: null },
    ]);
    expect(ranked.map((r) => r.subjectId)).toEqual(['early', 'late', 'never']);
    expect(selectContestWinners(ranked)).toEqual([{ subjectId: 'early', score: 50 }]);
  });

  it('nobody wins with nothing', () => {
    expect(selectContestWinners(rankContestEntries([{ subjectId: 'a', score: 0, reachedOn: null }]))).toEqual([]);
  });

  it('a lead change is a change of who, in any order', () => {
    expect(isSameLead(['a', 'b'], ['b', 'a'])).toBe(true);
    expect(isSameLead(['a'], ['a', 'b'])).toBe(false);
  });
});

describe('time', () => {
  it('phase by local days, ends included', () => {
    expect(computeContestPhase('2026-11-25', '2026-11-27', '2026-11-24')).toBe('upcoming');
    expect(computeContestPhase('2026-11-25', '2026-11-27', '2026-11-27')).toBe('active');
    expect(computeContestPhase('2026-11-25', '2026-11-27', '2026-11-28')).toBe('past');
  });

  it('time left in days, hours and minutes; over once passed', () => {
    const now = new Date('2026-11-25T10:00:00Z');
    expect(computeTimeLeft(new Date('2026-11-27T13:30:00Z'), now)).toEqual({ days: 2, hours: 3, minutes: 30, over: false });
    expect(computeTimeLeft(new Date('2026-11-25T09:00:00Z'), now)).toEqual({ days: 0, hours: 0, minutes: 0, over: true });
  });

  it('a share of the target between 0 and 1', () => {
    expect(computeTargetShare(25, 50)).toBe(0.5);
    expect(computeTargetShare(80, 50)).toBe(1);
    expect(computeTargetShare(5, null)).toBeNull();
  });
});

describe('rounds and templates', () => {
  it('a weekly round moves a week; a monthly whole month is followed by the next whole month', () => {
    expect(computeNextRound(d('2026-11-23'), d('2026-11-27'), 'weekly')).toEqual({ startsOn: '2026-11-30', endsOn: '2026-12-04' });
    expect(computeNextRound(d('2026-02-01'), d('2026-02-28'), 'monthly')).toEqual({ startsOn: '2026-03-01', endsOn: '2026-03-31' });
    expect(computeNextRound(d('2026-01-31'), d('2026-02-02'), 'monthly')).toEqual({ startsOn: '2026-02-28', endsOn: '2026-03-02' });
    expect(computeNextRound(d('2026-01-05'), d('2026-01-09'), 'none')).toBeNull();
  });

  it('templates prefill from today', () => {
    const today = d('2026-11-25');
    expect(buildContestTemplate('sprint_week', today)).toMatchObject({ startsOn: '2026-11-25', endsOn: '2026-12-01', mode: 'team' });
    expect(buildContestTemplate('sales_race', today)).toMatchObject({
      endsOn: '2026-11-30',
      weights: [{ metric: 'sales_value', weight: 1 }],
    });
    expect(buildContestTemplate('call_blitz', today)).toMatchObject({ startsOn: '2026-11-25', endsOn: '2026-11-25' });
  });
});

describe('the round a wall follows (decision 087)', () => {
  const round = (id: string, startsOn: string, endsOn: string) => ({ id, startsOn, endsOn });
  const rounds = [
    round('r2', '2026-11-27', '2026-11-27'),
    round('r1', '2026-11-20', '2026-11-20'),
    round('r3', '2026-12-04', '2026-12-04'),
  ];

  it('is the round running today; between rounds the one that ended last; before the first, the first', () => {
    expect(pickCurrentRound(rounds, '2026-11-27')?.id).toBe('r2');
    expect(pickCurrentRound(rounds, '2026-11-30')?.id).toBe('r2');
    expect(pickCurrentRound(rounds, '2026-11-01')?.id).toBe('r1');
    expect(pickCurrentRound(rounds, '2027-01-01')?.id).toBe('r3');
    expect(pickCurrentRound([], '2026-11-27')).toBeNull();
  });

  it('shows, of the contests running, the latest to start, and none when none runs', () => {
    const contests = [round('long', '2026-11-01', '2026-11-30'), round('blitz', '2026-11-27', '2026-11-27')];
    expect(pickRunningContest(contests, '2026-11-27')?.id).toBe('blitz');
    expect(pickRunningContest(contests, '2026-11-28')?.id).toBe('long');
    expect(pickRunningContest(contests, '2026-12-01')).toBeNull();
  });
});

describe('scoreKpiContest (decision 103)', () => {
  const fact = (day: string, outcomeId: string, activities: number) => ({
    userId: 'u',
    day,
    type: 'dial',
    outcomeId,
    activities,
    points: 0,
    sums: {},
    counts: {},
  });
  const formulas = new Map<string, KpiFormula>([
    ['connects', { kind: 'aggregate', aggregate: 'count', typeIds: ['dial'], outcomeIds: ['connected'] }],
    ['dials', { kind: 'aggregate', aggregate: 'count', typeIds: ['dial'], outcomeIds: [] }],
    ['rate', { kind: 'ratio', left: 'connects', right: 'dials' }],
  ]);
  const facts = [fact('2026-11-25', 'connected', 1), fact('2026-11-25', 'missed', 3), fact('2026-11-26', 'connected', 4)];

  it('a count reaches its target on the day its running total does', () => {
    expect(scoreKpiContest(formulas, 'connects', facts, 5)).toEqual({ score: 5, reachedOn: '2026-11-26' });
    expect(scoreKpiContest(formulas, 'connects', facts, 6)).toEqual({ score: 5, reachedOn: null });
  });

  it('any other kind is judged on the days so far together: a ratio of their sums, not of each day', () => {
    // 25 % on the first day; 5 of 8 (62.5 %) by the second, though that day alone was 100 %.
    expect(scoreKpiContest(formulas, 'rate', facts, 0.6)).toEqual({ score: 5 / 8, reachedOn: '2026-11-26' });
    expect(scoreKpiContest(formulas, 'rate', facts, 0.7).reachedOn).toBeNull();
    expect(scoreKpiContest(formulas, 'rate', [], null)).toEqual({ score: 0, reachedOn: null });
  });
});

describe('listOfferedContestMetrics', () => {
  const enabled = { call: true, sale: true, meeting: false, email: false, linkedin: true };

  it('leaves out a kind switched off, unless the contest counts it already', () => {
    expect(listOfferedContestMetrics(enabled, [])).toEqual([
      'calls',
      'answered',
      'meetings_booked',
      'sales',
      'sales_value',
      'points',
      'linkedin',
      'activities',
    ]);
    expect(listOfferedContestMetrics(enabled, ['emails'])).toContain('emails');
    expect(listOfferedContestMetrics(undefined, [])).toHaveLength(10);
  });
});

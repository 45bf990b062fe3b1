import { describe, expect, it } from 'vitest';
import { toMinorUnits } from '../money';
import {
  type ActivityInput,
  computeActivityPoints,
  type DayContext,
  findDailyCallBonusThreshold,
  KPI_KEYS,
  computeCallOutcome,
  computeCallOutcomePoints,
  DEFAULT_KPI_RULES,
  type KpiKey,
  type KpiRule,
} from './index';

function rulesWith(overrides: Partial<Record<KpiKey, Partial<KpiRule>>>): KpiRule[] {
  return DEFAULT_KPI_RULES.map((r) => ({ ...r, ...overrides[r.kpiKey] }));
}

const kr = (whole: number) => toMinorUnits(whole * 100);

describe('computeActivityPoints with the default rules', () => {
  it.each<[string, ActivityInput, number]>([
    ['answered, no progress', { type: 'call_answered', outcome: 'no_progress' }, 0],
    ['answered, moved forward', { type: 'call_answered', outcome: 'moved_forward' }, 1],
    ['answered, meeting booked', { type: 'call_answered', outcome: 'meeting_booked' }, 5],
    ['not answered', { type: 'call_unanswered' }, 0],
    ['meeting held', { type: 'meeting' }, 3],
    ['email (disabled by default)', { type: 'email' }, 0],
    ['linkedin (disabled by default)', { type: 'linkedin' }, 0],
    ['sale (ticket size off)', { type: 'sale', ticketSize: kr(25_000) }, 10],
  ])('%s scores %d', (_label, input, expected) => {
    expect(computeActivityPoints(input, DEFAULT_KPI_RULES).points).toBe(expected);
  });
});

describe('rule changes', () => {
  it.each<[string, Partial<Record<KpiKey, Partial<KpiRule>>>, ActivityInput, number]>([
    [
      'call_answered base adds to every outcome',
      { call_answered: { basePoints: 2 } },
      { type: 'call_answered', outcome: 'meeting_booked' },
      7,
    ],
    [
      'disabled meeting_booked scores only the call',
      { call_answered: { basePoints: 1 }, meeting_booked: { enabled: false } },
      { type: 'call_answered', outcome: 'meeting_booked' },
      1,
    ],
    ['disabled moved_forward scores 0', { moved_forward: { enabled: false } }, { type: 'call_answered', outcome: 'moved_forward' }, 0],
    ['unanswered calls can be worth points', { call_unanswered: { basePoints: 1 } }, { type: 'call_unanswered' }, 1],
    ['enabled email', { email: { enabled: true, basePoints: 1 } }, { type: 'email' }, 1],
    ['enabled linkedin', { linkedin: { enabled: true, basePoints: 2 } }, { type: 'linkedin' }, 2],
    ['disabled meeting_completed', { meeting_completed: { enabled: false } }, { type: 'meeting' }, 0],
    [
      'ticket size: 25 000 x 0.001 = 25 on top of 10',
      { sale_ticket_size: { enabled: true, multiplierValue: 0.001 } },
      { type: 'sale', ticketSize: kr(25_000) },
      35,
    ],
    [
      'ticket size rounds to whole points',
      { sale_ticket_size: { enabled: true, multiplierValue: 0.001 } },
      { type: 'sale', ticketSize: kr(1_499) },
      11,
    ],
    [
      'ticket size multiplier is ignored while disabled',
      { sale_ticket_size: { enabled: false, multiplierValue: 0.01 } },
      { type: 'sale', ticketSize: kr(10_000) },
      10,
    ],
    [
      'disabled sale with ticket size still scores the ticket part',
      { sale: { enabled: false }, sale_ticket_size: { enabled: true, multiplierValue: 0.01 } },
      { type: 'sale', ticketSize: kr(1_000) },
      10,
    ],
    [
      'every rule disabled scores 0',
      Object.fromEntries(DEFAULT_KPI_RULES.map((r) => [r.kpiKey, { enabled: false }])),
      { type: 'sale', ticketSize: kr(1_000) },
      0,
    ],
  ])('%s', (_label, overrides, input, expected) => {
    expect(computeActivityPoints(input, rulesWith(overrides)).points).toBe(expected);
  });

  it('reports the parts that make up the points', () => {
    const result = computeActivityPoints(
      { type: 'call_answered', outcome: 'meeting_booked' },
      rulesWith({ call_answered: { basePoints: 1 } }),
      { callsBefore: 19, bonusAlreadyAwarded: false },
    );
    expect(result.breakdown).toEqual([
      { kpiKey: 'call_answered', points: 1 },
      { kpiKey: 'meeting_booked', points: 5 },
      { kpiKey: 'daily_call_bonus_20', points: 5 },
    ]);
    expect(result.points).toBe(11);
    expect(result.bonusPoints).toBe(5);
  });

  // Every rule, worth 7 points: enabled it adds exactly 7 to the activity that triggers it, and
  // disabled it adds nothing (a table of every rule, so no disabled case can pass by scoring 0 anyway).
  const triggers: [KpiKey, ActivityInput, DayContext | undefined][] = [
    ['call_answered', { type: 'call_answered', outcome: 'no_progress' }, undefined],
    ['call_unanswered', { type: 'call_unanswered' }, undefined],
    ['moved_forward', { type: 'call_answered', outcome: 'moved_forward' }, undefined],
    ['meeting_booked', { type: 'call_answered', outcome: 'meeting_booked' }, undefined],
    ['meeting_completed', { type: 'meeting' }, undefined],
    ['email', { type: 'email' }, undefined],
    ['linkedin', { type: 'linkedin' }, undefined],
    ['sale', { type: 'sale', ticketSize: kr(1_000) }, undefined],
    ['sale_ticket_size', { type: 'sale', ticketSize: kr(7_000) }, undefined],
    ['daily_call_bonus_20', { type: 'call_unanswered' }, { callsBefore: 19, bonusAlreadyAwarded: false }],
  ];
  it('covers every rule', () => {
    expect(triggers.map(([key]) => key).sort()).toEqual([...KPI_KEYS].sort());
  });
  it.each(triggers)('%s adds its points while enabled and nothing while disabled', (key, input, day) => {
    // Only this rule is worth anything; sale_ticket_size's 7 comes from 7 000 x 0.001.
    const only = (enabled: boolean) =>
      DEFAULT_KPI_RULES.map((r) =>
        r.kpiKey === key
          ? {
              ...r,
              enabled,
              basePoints: key === 'sale_ticket_size' ? 0 : 7,
              multiplierValue: key === 'sale_ticket_size' ? 0.001 : r.multiplierValue,
            }
          : { ...r, basePoints: 0, multiplierValue: 0 },
      );
    expect(computeActivityPoints(input, only(true), day).points).toBe(7);
    expect(computeActivityPoints(input, only(false), day).points).toBe(0);
  });

  it('a rule missing from the company rows falls back to its default', () => {
    const withoutMeetingRule = DEFAULT_KPI_RULES.filter((r) => r.kpiKey !== 'meeting_booked');
    expect(computeActivityPoints({ type: 'call_answered', outcome: 'meeting_booked' }, withoutMeetingRule).points).toBe(5);
  });
});

describe('daily_call_bonus_20', () => {
  const call: ActivityInput = { type: 'call_unanswered' };
  it.each([
    [0, false, false],
    [18, false, false],
    [19, false, true], // this is the 20th call
    [25, false, true], // the bonus call was deleted; the next call earns it again
    [19, true, false], // already awarded today
    [30, true, false],
  ])('calls before %d, awarded %s -> earns %s', (callsBefore, bonusAlreadyAwarded, earns) => {
    const result = computeActivityPoints(call, DEFAULT_KPI_RULES, { callsBefore, bonusAlreadyAwarded });
    expect(result.earnsDailyBonus).toBe(earns);
    expect(result.points).toBe(earns ? 5 : 0);
    expect(result.bonusPoints).toBe(earns ? 5 : 0);
  });
  it('is never earned by a sale, meeting, email or LinkedIn touch', () => {
    for (const input of [
      { type: 'sale', ticketSize: kr(1) },
      { type: 'meeting' },
      { type: 'email' },
      { type: 'linkedin' },
    ] as ActivityInput[]) {
      expect(computeActivityPoints(input, DEFAULT_KPI_RULES, { callsBefore: 50, bonusAlreadyAwarded: false }).earnsDailyBonus).toBe(false);
    }
  });
  it('is not earned while disabled', () => {
    const rules = rulesWith({ daily_call_bonus_20: { enabled: false } });
    expect(computeActivityPoints(call, rules, { callsBefore: 19, bonusAlreadyAwarded: false }).earnsDailyBonus).toBe(false);
  });
  it.each([
    [4, 2, false],
    [4, 3, true], // the 4th call
    [4, 9, true],
    [40, 19, false], // the 20th call does not reach a company's 40
    [40, 39, true],
  ])("at the company's number %d, calls before %d -> earns %s (decision 108)", (threshold, callsBefore, earns) => {
    const rules = rulesWith({ daily_call_bonus_20: { threshold } });
    expect(findDailyCallBonusThreshold(rules)).toBe(threshold);
    expect(computeActivityPoints(call, rules, { callsBefore, bonusAlreadyAwarded: false }).earnsDailyBonus).toBe(earns);
  });
  it('is at 20 calls where the rule has no number', () => {
    expect(findDailyCallBonusThreshold(rulesWith({ daily_call_bonus_20: { threshold: null } }))).toBe(20);
    expect(findDailyCallBonusThreshold([])).toBe(20);
  });
  it('uses the rule points', () => {
    const rules = rulesWith({ daily_call_bonus_20: { basePoints: 8 } });
    expect(
      computeActivityPoints({ type: 'call_answered', outcome: 'moved_forward' }, rules, { callsBefore: 19, bonusAlreadyAwarded: false })
        .points,
    ).toBe(9);
  });
});

describe('computeCallOutcomePoints', () => {
  it('shows the current points of each outcome', () => {
    expect(computeCallOutcomePoints(DEFAULT_KPI_RULES)).toEqual({ no_progress: 0, moved_forward: 1, meeting_booked: 5 });
    expect(computeCallOutcomePoints(rulesWith({ meeting_booked: { basePoints: 8 } })).meeting_booked).toBe(8);
  });
});

describe('computeCallOutcome', () => {
  it('reads a call’s outcome from its flags; an unanswered call made no progress; other kinds have none', () => {
    const call = (type: string, meetingBooked = false, movedForward = false) => computeCallOutcome({ type, meetingBooked, movedForward });
    expect(call('call_answered', true, true)).toBe('meeting_booked');
    expect(call('call_answered', false, true)).toBe('moved_forward');
    expect(call('call_answered')).toBe('no_progress');
    expect(call('call_unanswered')).toBe('no_progress');
    expect(call('sale')).toBeNull();
  });
});

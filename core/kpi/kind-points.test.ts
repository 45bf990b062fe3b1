import { describe, expect, it } from 'vitest';
import { computeKindRuleChanges, findKindPointsProblem, readKindPoints } from './kind-points';
import { DEFAULT_KPI_RULES, type KpiKey, type KpiRule } from './rules';

const withRule = (key: KpiKey, change: Partial<KpiRule>): KpiRule[] =>
  DEFAULT_KPI_RULES.map((rule) => (rule.kpiKey === key ? { ...rule, ...change } : rule));

describe('readKindPoints', () => {
  it('reads each kind as the log buttons promise it under the default rules', () => {
    expect(readKindPoints('call', DEFAULT_KPI_RULES)).toEqual({
      points: 0,
      outcomes: { moved_forward: 1, meeting_booked: 5, not_answered: 0 },
    });
    expect(readKindPoints('sale', DEFAULT_KPI_RULES)).toEqual({ points: 10, perValue: 0 });
    expect(readKindPoints('meeting', DEFAULT_KPI_RULES)).toEqual({ points: 3 });
  });

  it('reads a rule that is off as 0, except a switch, whose points stand while it is off', () => {
    expect(readKindPoints('call', withRule('meeting_booked', { enabled: false })).outcomes?.meeting_booked).toBe(0);
    expect(readKindPoints('email', withRule('email', { basePoints: 2, enabled: false }))).toEqual({ points: 2 });
    expect(readKindPoints('sale', withRule('sale_ticket_size', { enabled: false, multiplierValue: 0.5 })).perValue).toBe(0);
  });
});

describe('computeKindRuleChanges', () => {
  it('writes nothing for the points the kind is worth already', () => {
    for (const kind of ['call', 'meeting', 'sale', 'email', 'linkedin'] as const) {
      expect(computeKindRuleChanges(kind, readKindPoints(kind, DEFAULT_KPI_RULES), DEFAULT_KPI_RULES)).toEqual([]);
    }
    // An outcome turned off is worth 0: asking 0 of it changes nothing.
    const off = withRule('moved_forward', { enabled: false });
    expect(computeKindRuleChanges('call', readKindPoints('call', off), off)).toEqual([]);
  });

  it('writes the rules whose worth changes, turning a rule that was off on', () => {
    const rules = withRule('moved_forward', { enabled: false });
    expect(
      computeKindRuleChanges('call', { points: 1, outcomes: { moved_forward: 2, meeting_booked: 5, not_answered: 0 } }, rules),
    ).toEqual([
      { kpiKey: 'call_answered', basePoints: 1, enabled: true },
      { kpiKey: 'moved_forward', basePoints: 2, enabled: true },
    ]);
  });

  it("touches only the parts sent: another admin's change to another part stands", () => {
    const meanwhile = withRule('moved_forward', { basePoints: 9 });
    expect(computeKindRuleChanges('call', { outcomes: { meeting_booked: 6 } }, meanwhile)).toEqual([
      { kpiKey: 'meeting_booked', basePoints: 6, enabled: true },
    ]);
  });

  it('leaves a switch as it is: its points only', () => {
    expect(computeKindRuleChanges('linkedin', { points: 4 }, DEFAULT_KPI_RULES)).toEqual([{ kpiKey: 'linkedin', basePoints: 4 }]);
  });

  it("turns a sale's points per value on above 0 and off at 0", () => {
    expect(computeKindRuleChanges('sale', { points: 10, perValue: 0.25 }, DEFAULT_KPI_RULES)).toEqual([
      { kpiKey: 'sale_ticket_size', multiplierValue: 0.25, enabled: true },
    ]);
    const on = withRule('sale_ticket_size', { enabled: true, multiplierValue: 0.25 });
    expect(computeKindRuleChanges('sale', { points: 10, perValue: 0 }, on)).toEqual([
      { kpiKey: 'sale_ticket_size', multiplierValue: 0, enabled: false },
    ]);
    // Left out, the points per value stay as they are.
    expect(computeKindRuleChanges('sale', { points: 11 }, on)).toEqual([{ kpiKey: 'sale', basePoints: 11, enabled: true }]);
  });
});

describe('findKindPointsProblem', () => {
  it.each([
    ['call', { points: 1 }, null],
    ['meeting', { points: 1, outcomes: { moved_forward: 0, meeting_booked: 0, not_answered: 0 } }, 'outcomes_not_allowed'],
    ['email', { points: 1, perValue: 1 }, 'per_value_not_allowed'],
    ['sale', { points: 1, perValue: 1 }, null],
    ['call', { points: 1, outcomes: { moved_forward: 0, meeting_booked: 0, not_answered: 0 } }, null],
  ] as const)('%s %o: %s', (kind, input, problem) => {
    expect(findKindPointsProblem(kind, input)).toBe(problem);
  });
});

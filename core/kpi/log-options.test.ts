import { describe, expect, it } from 'vitest';
import { computeLogOptions } from './log-options';
import { DEFAULT_KPI_RULES, type KpiRule } from './rules';

const withRule = (key: KpiRule['kpiKey'], change: Partial<KpiRule>): KpiRule[] =>
  DEFAULT_KPI_RULES.map((rule) => (rule.kpiKey === key ? { ...rule, ...change } : rule));

describe('computeLogOptions', () => {
  it('offers the default rules: calls and sales always, held meetings on, e-mail and LinkedIn off', () => {
    expect(computeLogOptions(DEFAULT_KPI_RULES)).toEqual({
      outcomePoints: { no_progress: 0, moved_forward: 1, meeting_booked: 5 },
      kindPoints: { call_unanswered: 0, meeting: 3, sale: 10, email: 0, linkedin: 0 },
      enabledKinds: { call: true, sale: true, meeting: true, email: false, linkedin: false },
      hasTicketSizePoints: false,
    });
  });

  it.each<[string, KpiRule[], Partial<ReturnType<typeof computeLogOptions>['enabledKinds']>]>([
    ['held meetings off', withRule('meeting_completed', { enabled: false }), { meeting: false }],
    ['e-mail on', withRule('email', { enabled: true }), { email: true }],
    ['LinkedIn on', withRule('linkedin', { enabled: true }), { linkedin: true }],
    ['sales rule off: a sale still logs, for 0 points', withRule('sale', { enabled: false }), { sale: true }],
  ])('%s', (_name, rules, expected) => {
    expect(computeLogOptions(rules).enabledKinds).toMatchObject(expected);
  });

  it('shows a disabled rule at 0 points and an edited one at its new value', () => {
    const options = computeLogOptions(
      withRule('meeting_booked', { basePoints: 8 }).map((r) => (r.kpiKey === 'sale' ? { ...r, enabled: false } : r)),
    );
    expect(options.outcomePoints.meeting_booked).toBe(8);
    expect(options.kindPoints.sale).toBe(0);
  });

  it('says a sale earns more with its value only when sale_ticket_size is on with a multiplier above 0', () => {
    expect(computeLogOptions(withRule('sale_ticket_size', { enabled: true, multiplierValue: 0.001 })).hasTicketSizePoints).toBe(true);
    expect(computeLogOptions(withRule('sale_ticket_size', { enabled: true, multiplierValue: 0 })).hasTicketSizePoints).toBe(false);
    expect(computeLogOptions(withRule('sale_ticket_size', { enabled: false, multiplierValue: 0.001 })).hasTicketSizePoints).toBe(false);
  });
});

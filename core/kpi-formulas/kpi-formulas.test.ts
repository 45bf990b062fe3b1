import { describe, expect, it } from 'vitest';
import { formatKpiValue } from './format';
import { KPI_DEFINITION_MESSAGES, type KpiFormula } from '../contracts/kpis';
import {
  ALL_TYPES,
  BUILT_IN_KPI_DEFINITIONS,
  BUILT_IN_KPI_TYPE_SHAPES,
  canCountUpTo,
  checkKpiDefinition,
  evaluateKpis,
  factsFromBuiltInTotals,
  findWhyNotCountedUpTo,
  type KpiTypeShape,
  listFactKeys,
} from './index';

const visit: KpiTypeShape = {
  id: '7b0c2f52-0000-4000-8000-000000000001',
  builtIn: false,
  names: { en: 'Visit' },
  outcomes: [{ id: 'offer', names: { en: 'Offer' } }],
  fields: [
    { id: 'size', names: { en: 'Size' }, kind: 'number', options: [] },
    {
      id: 'tier',
      names: { en: 'Tier' },
      kind: 'choice',
      options: [
        { id: 'a', names: { en: 'A' }, archived: false },
        { id: 'b', names: { en: 'B' }, archived: false },
      ],
    },
  ],
};
const types = [...Object.values(BUILT_IN_KPI_TYPE_SHAPES), visit];
const builtIns = new Map(Object.entries(BUILT_IN_KPI_DEFINITIONS).map(([key, kpi]) => [key, kpi.formula]));
const agg = (formula: Partial<Extract<KpiFormula, { kind: 'aggregate' }>>): KpiFormula => ({
  kind: 'aggregate',
  aggregate: 'count',
  of: null,
  typeIds: [],
  outcomeIds: [],
  where: null,
  ...formula,
});

describe('checkKpiDefinition', () => {
  const check = (formula: KpiFormula, formulas = builtIns, selfId: string | null = null) =>
    checkKpiDefinition(formula, { types, formulas, selfId });

  it('accepts the built-in KPIs and sound definitions of the company', () => {
    for (const formula of builtIns.values()) expect(check(formula)).toEqual({});
    expect(check(agg({ aggregate: 'average', of: 'size', typeIds: [visit.id], outcomeIds: ['offer'] }))).toEqual({});
    expect(check(agg({ typeIds: [visit.id], where: { fieldId: 'tier', values: ['a'] } }))).toEqual({});
  });

  it('names what is wrong, where the editor shows it', () => {
    expect(check(agg({ aggregate: 'sum', typeIds: [visit.id] }))).toEqual({ 'formula.of': KPI_DEFINITION_MESSAGES.ofMissing });
    expect(check(agg({ of: 'size', typeIds: [visit.id] }))).toEqual({ 'formula.of': KPI_DEFINITION_MESSAGES.ofOnCount });
    expect(check(agg({ aggregate: 'sum', of: 'size', typeIds: [visit.id, 'call'] }))).toEqual({
      'formula.of': KPI_DEFINITION_MESSAGES.unknownField,
    });
    expect(check(agg({ outcomeIds: ['offer'] }))).toEqual({ 'formula.outcomeIds': KPI_DEFINITION_MESSAGES.outcomesNeedTypes });
    expect(check(agg({ typeIds: [visit.id], where: { fieldId: 'tier', values: ['c'] } }))).toEqual({
      'formula.where': KPI_DEFINITION_MESSAGES.whereValue,
    });
    expect(check(agg({ aggregate: 'sum', of: 'size', typeIds: [visit.id], where: { fieldId: 'tier', values: ['a'] } }))).toEqual({
      'formula.where': KPI_DEFINITION_MESSAGES.whereOnSum,
    });
    expect(check(agg({ typeIds: ['7b0c2f52-0000-4000-8000-00000000dead'] }))).toEqual({
      'formula.typeIds': KPI_DEFINITION_MESSAGES.unknownType,
    });
  });

  it("takes the smallest or largest of an own type's number field or a sale's value: not points, not another built-in kind", () => {
    expect(check(agg({ aggregate: 'max', of: 'size', typeIds: [visit.id], outcomeIds: ['offer'] }))).toEqual({});
    expect(check(agg({ aggregate: 'min', of: 'size', typeIds: [visit.id] }))).toEqual({});
    // The largest sale (decision 109).
    expect(check(agg({ aggregate: 'max', of: 'value', typeIds: ['sale'] }))).toEqual({});
    const refused = { 'formula.of': KPI_DEFINITION_MESSAGES.extremeOfOwnFields };
    expect(check(agg({ aggregate: 'max', of: 'value', typeIds: ['sale', 'call'] }))).toEqual(refused);
    expect(check(agg({ aggregate: 'min', of: 'points', typeIds: [visit.id] }))).toEqual(refused);
    expect(check(agg({ aggregate: 'max', typeIds: [visit.id] }))).toEqual({ 'formula.of': KPI_DEFINITION_MESSAGES.ofMissing });
    expect(check(agg({ aggregate: 'max', of: 'size' }))).toEqual({ 'formula.of': KPI_DEFINITION_MESSAGES.unknownField });
    expect(check(agg({ aggregate: 'max', of: 'tier', typeIds: [visit.id] }))).toEqual({
      'formula.of': KPI_DEFINITION_MESSAGES.unknownField,
    });
  });

  it("sums or averages the points of any type, a built-in kind's too, but a call's only for all its outcomes together", () => {
    expect(check(agg({ aggregate: 'sum', of: 'points', typeIds: ['call'] }))).toEqual({});
    expect(check(agg({ aggregate: 'average', of: 'points', typeIds: ['sale', 'meeting', visit.id] }))).toEqual({});
    expect(check(agg({ aggregate: 'sum', of: 'points', typeIds: [visit.id], outcomeIds: ['offer'] }))).toEqual({});
    expect(check(agg({ aggregate: 'sum', of: 'points', typeIds: ['call'], outcomeIds: ['meeting_booked'] }))).toEqual({
      'formula.outcomeIds': KPI_DEFINITION_MESSAGES.pointsOfCallOutcomes,
    });
  });

  it('refuses a KPI made of itself, a circle through others, and a tower more than four deep', () => {
    const formulas = new Map(builtIns);
    formulas.set('k1', { kind: 'ratio', left: 'calls', right: 'sales' });
    formulas.set('k2', { kind: 'difference', left: 'k1', right: 'calls' });
    expect(check({ kind: 'ratio', left: 'k1', right: 'calls' }, formulas, 'k1')).toEqual({
      'formula.left': KPI_DEFINITION_MESSAGES.selfReference,
    });
    expect(check({ kind: 'ratio', left: 'calls', right: 'k2' }, formulas, 'k1')).toEqual({
      'formula.right': KPI_DEFINITION_MESSAGES.circular,
    });
    formulas.set('k3', { kind: 'difference', left: 'k2', right: 'calls' });
    formulas.set('k4', { kind: 'difference', left: 'k3', right: 'calls' });
    expect(check({ kind: 'ratio', left: 'k4', right: 'calls' }, formulas)).toEqual({ 'formula.right': KPI_DEFINITION_MESSAGES.tooDeep });
    expect(check({ kind: 'ratio', left: 'k3', right: 'calls' }, formulas)).toEqual({});
  });
});

describe('what a target can count up to', () => {
  it('takes counts and sums that go up, and names the one reason for every other KPI', () => {
    const cases: [KpiFormula, boolean, string | null][] = [
      [agg({ aggregate: 'count' }), false, null],
      [agg({ aggregate: 'sum', of: 'points' }), false, null],
      [agg({ aggregate: 'count' }), true, 'lowerIsBetter'],
      // Lower is better is the reason a manager acts on, whatever the kind of figure.
      [{ kind: 'ratio', left: 'a', right: 'b' }, true, 'lowerIsBetter'],
      [{ kind: 'ratio', left: 'a', right: 'b' }, false, 'ratio'],
      [{ kind: 'difference', left: 'a', right: 'b' }, false, 'difference'],
      [agg({ aggregate: 'average', of: 'points' }), false, 'average'],
      [agg({ aggregate: 'min', of: 'points' }), false, 'min'],
      [agg({ aggregate: 'max', of: 'points' }), false, 'max'],
    ];
    for (const [formula, lowerIsBetter, why] of cases) {
      expect(findWhyNotCountedUpTo({ formula, lowerIsBetter })).toBe(why);
      expect(canCountUpTo({ formula, lowerIsBetter })).toBe(why === null);
    }
  });
});

describe('evaluateKpis', () => {
  it('reads the built-in kinds from a day’s totals: a ratio over zero has no value', () => {
    const empty = evaluateKpis(builtIns, []);
    expect(empty.get('conversion')).toBeNull();
    expect(empty.get('calls')).toBe(0);
    const facts = factsFromBuiltInTotals({
      userId: 'u',
      answered: 4,
      unanswered: 6,
      meetingsBooked: 1,
      movedForward: 1,
      meetingsCompleted: 2,
      emails: 0,
      linkedin: 0,
      sales: 2,
      revenue: 300_000,
      points: 40,
      activities: 14,
      saleMax: 250_000,
      saleMin: 50_000,
      kindPoints: { call: 22, meeting: 6, sale: 10, email: 0, linkedin: 0 },
    });
    expect(facts.find((fact) => fact.type === ALL_TYPES)).toMatchObject({ activities: 14, points: 40 });
    // The points of one built-in kind (decision 110): a call's over all its outcomes, per call on average.
    const kindPoints = new Map<string, KpiFormula>([
      ['call_points', agg({ aggregate: 'sum', of: 'points', typeIds: ['call'] })],
      ['points_per_call', agg({ aggregate: 'average', of: 'points', typeIds: ['call'] })],
      ['sale_and_meeting_points', agg({ aggregate: 'sum', of: 'points', typeIds: ['sale', 'meeting'] })],
      ['calls_answered', agg({ aggregate: 'count', typeIds: ['call'], outcomeIds: ['no_progress', 'moved_forward', 'meeting_booked'] })],
    ]);
    expect(Object.fromEntries(evaluateKpis(kindPoints, facts))).toEqual({
      call_points: 22,
      points_per_call: 2.2,
      sale_and_meeting_points: 16,
      calls_answered: 4,
    });
    // The largest and smallest sale (decision 109), as an own type's field's extremes are read.
    const extremes = new Map<string, KpiFormula>([
      ['largest_sale', agg({ aggregate: 'max', of: 'value', typeIds: ['sale'] })],
      ['smallest_sale', agg({ aggregate: 'min', of: 'value', typeIds: ['sale'] })],
    ]);
    expect(Object.fromEntries(evaluateKpis(extremes, facts))).toEqual({ largest_sale: 250_000, smallest_sale: 50_000 });
    const values = evaluateKpis(builtIns, facts);
    expect(Object.fromEntries(values)).toEqual({
      calls: 10,
      answered_calls: 4,
      meetings_booked: 1,
      meetings_held: 2,
      sales: 2,
      sales_value: 300_000,
      points: 40,
      // Meetings booked per call, answered or not: the boards' conversion (decision 074).
      conversion: 0.1,
    });
  });
});

describe('the smallest and largest', () => {
  it('are the extreme of the facts that hold one, by type and outcome; none is no value, and ratios of them work', () => {
    const formulas = new Map<string, KpiFormula>([
      ['largest', agg({ aggregate: 'max', of: 'size', typeIds: [visit.id] })],
      ['smallest', agg({ aggregate: 'min', of: 'size', typeIds: [visit.id] })],
      ['largestOffer', agg({ aggregate: 'max', of: 'size', typeIds: [visit.id], outcomeIds: ['offer'] })],
      ['spread', { kind: 'difference', left: 'largest', right: 'smallest' }],
    ]);
    const fact = (userId: string, outcomeId: string, min?: number, max?: number) => ({
      userId,
      type: visit.id,
      outcomeId,
      activities: 1,
      points: 0,
      sums: {},
      counts: {},
      ...(min === undefined ? {} : { mins: { size: min }, maxes: { size: max! } }),
    });
    const values = evaluateKpis(formulas, [fact('a', 'offer', 3, 8), fact('b', '', -2, 5), fact('c', '')]);
    expect(Object.fromEntries(values)).toEqual({ largest: 8, smallest: -2, largestOffer: 8, spread: 10 });
    expect(Object.fromEntries(evaluateKpis(formulas, [fact('c', '')]))).toEqual({
      largest: null,
      smallest: null,
      largestOffer: null,
      spread: null,
    });
  });
});

describe('the facts a company’s KPIs read', () => {
  it('are the fields summed or averaged, the values counted and the fields whose extremes are read, nothing else', () => {
    const own = (formula: Partial<KpiFormula>) =>
      ({ kind: 'aggregate', typeIds: ['t1'], outcomeIds: [], where: null, of: null, ...formula }) as KpiFormula;
    const formulas = new Map<string, KpiFormula>([
      ['value', own({ aggregate: 'sum', of: 'deal_value' })],
      ['seats', own({ aggregate: 'average', of: 'seats' })],
      ['points', own({ aggregate: 'sum', of: 'points' })],
      ['inbound', own({ aggregate: 'count', where: { fieldId: 'source', values: ['inbound', 'partner'] } })],
      ['signed', own({ aggregate: 'count', where: { fieldId: 'signed', values: ['yes'] } })],
      ['ratio', { kind: 'ratio', left: 'value', right: 'inbound' }],
      ['largest', own({ aggregate: 'max', of: 'deal_value' })],
      ['fewest', own({ aggregate: 'min', of: 'minutes' })],
    ]);
    expect(listFactKeys(formulas)).toEqual({
      sums: ['deal_value', 'seats'],
      counts: ['deal_value', 'seats', 'signed:true', 'source:inbound', 'source:partner'],
      extremes: ['deal_value', 'minutes'],
    });
    expect(listFactKeys(new Map())).toEqual({ sums: [], counts: [], extremes: [] });
  });
});

describe('formatKpiValue, money', () => {
  const danish = { locale: 'da-DK', currency: 'DKK' };
  // Intl puts a no-break space before "kr.".
  const money = (value: number, kpi: { format: 'money'; decimals: number }) => formatKpiValue(value, kpi, danish).replace(/\s/g, ' ');
  it('writes the built-in sales value as every screen writes an amount: øre only where there are some', () => {
    const salesValue = BUILT_IN_KPI_DEFINITIONS.sales_value;
    expect(money(2_125_050, { format: 'money', decimals: salesValue.decimals })).toBe('21.250,50 kr.');
    expect(money(4_500_000, { format: 'money', decimals: salesValue.decimals })).toBe('45.000 kr.');
  });

  it('rounds to whole units at 0 decimals', () => {
    expect(money(2_125_050, { format: 'money', decimals: 0 })).toBe('21.251 kr.');
  });
});

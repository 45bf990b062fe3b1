import {
  BUILT_IN_KPI_TYPES,
  type BuiltInKpi,
  type BuiltInKpiType,
  KPI_DEFINITION_MESSAGES,
  type KpiAggregateFormula,
  type KpiDefinition,
  type KpiFormula,
} from '../contracts/kpis';
import type { ActivityField, ActivityOutcome, LocalizedNames } from '../contracts/activity-types';

/*
 * Formula KPIs (decision 101), as plain data: the built-in kinds as a KPI sees them, the built-in
 * KPIs, the check of a definition against the company's types and KPIs, and the evaluation of
 * KPIs over rollup facts. The server reads the facts from the two rollups (daily_user_stats for
 * the built-in kinds, activity_type_day_stats for the company's own types); nothing here reads
 * the activities themselves.
 */

/** A KPI's view of a type: its outcomes' and fields' ids and kinds. */
export interface KpiTypeShape {
  id: string;
  builtIn: boolean;
  names: LocalizedNames;
  outcomes: Pick<ActivityOutcome, 'id' | 'names'>[];
  fields: Pick<ActivityField, 'id' | 'names' | 'kind' | 'options'>[];
}

/**
 * The five built-in kinds as types. A call's outcome is "not answered" or an answered call's
 * outcome; a sale has its value (money). Their points are kept per kind and day (decision 110), a
 * call's for all its outcomes together (KPI_DEFINITION_MESSAGES.pointsOfCallOutcomes).
 */
export const BUILT_IN_KPI_TYPE_SHAPES: Record<BuiltInKpiType, KpiTypeShape> = {
  call: {
    id: 'call',
    builtIn: true,
    names: { en: 'Call', nb: 'Samtale', sv: 'Samtal', da: 'Opkald' },
    outcomes: [
      { id: 'not_answered', names: { en: 'Not answered', nb: 'Ikke besvart', sv: 'Inte besvarat', da: 'Ikke besvaret' } },
      { id: 'no_progress', names: { en: 'No progress', nb: 'Ingen fremgang', sv: 'Inget framsteg', da: 'Ingen fremgang' } },
      { id: 'moved_forward', names: { en: 'Moved forward', nb: 'Kom videre', sv: 'Kom vidare', da: 'Kom videre' } },
      { id: 'meeting_booked', names: { en: 'Meeting booked', nb: 'Møte booket', sv: 'Möte bokat', da: 'Møde booket' } },
    ],
    fields: [],
  },
  meeting: {
    id: 'meeting',
    builtIn: true,
    names: { en: 'Meeting held', nb: 'Møte holdt', sv: 'Genomfört möte', da: 'Afholdt møde' },
    outcomes: [],
    fields: [],
  },
  sale: {
    id: 'sale',
    builtIn: true,
    names: { en: 'Sale', nb: 'Salg', sv: 'Affär', da: 'Salg' },
    outcomes: [],
    fields: [{ id: 'value', names: { en: 'Value', nb: 'Verdi', sv: 'Värde', da: 'Værdi' }, kind: 'money', options: [] }],
  },
  email: { id: 'email', builtIn: true, names: { en: 'E-mail', nb: 'E-post', sv: 'E-post', da: 'E-mail' }, outcomes: [], fields: [] },
  linkedin: {
    id: 'linkedin',
    builtIn: true,
    names: { en: 'LinkedIn', nb: 'LinkedIn', sv: 'LinkedIn', da: 'LinkedIn' },
    outcomes: [],
    fields: [],
  },
};

const aggregate = (formula: Omit<KpiAggregateFormula, 'kind' | 'outcomeIds' | 'where' | 'of'> & Partial<KpiAggregateFormula>) =>
  ({ kind: 'aggregate', outcomeIds: [], where: null, of: null, ...formula }) as KpiAggregateFormula;

/** The figures the app always showed, as KPIs of the same kind as a company's own. */
export const BUILT_IN_KPI_DEFINITIONS: Record<BuiltInKpi, KpiDefinition> = {
  calls: {
    names: { en: 'Calls', nb: 'Samtaler', sv: 'Samtal', da: 'Opkald' },
    formula: aggregate({ aggregate: 'count', typeIds: ['call'] }),
    format: 'number',
    decimals: 0,
    lowerIsBetter: false,
  },
  answered_calls: {
    names: { en: 'Answered calls', nb: 'Besvarte samtaler', sv: 'Besvarade samtal', da: 'Besvarede opkald' },
    formula: aggregate({ aggregate: 'count', typeIds: ['call'], outcomeIds: ['no_progress', 'moved_forward', 'meeting_booked'] }),
    format: 'number',
    decimals: 0,
    lowerIsBetter: false,
  },
  meetings_booked: {
    names: { en: 'Meetings booked', nb: 'Møter booket', sv: 'Bokade möten', da: 'Bookede møder' },
    formula: aggregate({ aggregate: 'count', typeIds: ['call'], outcomeIds: ['meeting_booked'] }),
    format: 'number',
    decimals: 0,
    lowerIsBetter: false,
  },
  meetings_held: {
    names: { en: 'Meetings held', nb: 'Møter holdt', sv: 'Genomförda möten', da: 'Afholdte møder' },
    formula: aggregate({ aggregate: 'count', typeIds: ['meeting'] }),
    format: 'number',
    decimals: 0,
    lowerIsBetter: false,
  },
  sales: {
    names: { en: 'Sales', nb: 'Salg', sv: 'Affärer', da: 'Salg' },
    formula: aggregate({ aggregate: 'count', typeIds: ['sale'] }),
    format: 'number',
    decimals: 0,
    lowerIsBetter: false,
  },
  sales_value: {
    names: { en: 'Sales value', nb: 'Salgsverdi', sv: 'Försäljningsvärde', da: 'Salgsværdi' },
    formula: aggregate({ aggregate: 'sum', of: 'value', typeIds: ['sale'] }),
    format: 'money',
    // To the øre, as the dashboard and every other screen write sales value.
    decimals: 2,
    lowerIsBetter: false,
  },
  points: {
    names: { en: 'Points', nb: 'Poeng', sv: 'Poäng', da: 'Point' },
    formula: aggregate({ aggregate: 'sum', of: 'points', typeIds: [] }),
    format: 'number',
    decimals: 0,
    lowerIsBetter: false,
  },
  conversion: {
    names: { en: 'Conversion', nb: 'Konvertering', sv: 'Konvertering', da: 'Konvertering' },
    // The boards' conversion: meetings booked per call, answered or not (decision 074). Meetings per
    // answered call is the hit rate, another figure a company can define as a KPI of its own.
    formula: { kind: 'ratio', left: 'meetings_booked', right: 'calls' },
    format: 'percent',
    decimals: 0,
    lowerIsBetter: false,
  },
};

export const isBuiltInKpiType = (id: string): id is BuiltInKpiType => (BUILT_IN_KPI_TYPES as readonly string[]).includes(id);

/** A KPI's building block: a member's activities of one type and outcome over the period, as the rollups keep them. */
export interface KpiFact {
  userId: string;
  /** A built-in kind's key, an own type's id, or ALL_TYPES (every activity: the day's totals). */
  type: string;
  /** '' for a type without outcomes. */
  outcomeId: string;
  activities: number;
  points: number;
  /** A number or money field's sum, by field id. */
  sums: Record<string, number>;
  /** How many activities hold a value: a number field's by its id, a choice's or yes/no's by "fieldId:value". */
  counts: Record<string, number>;
  /** A number or money field's smallest and largest value, by field id (own types, and a sale's `value`: decision 109; absent: none read). */
  mins?: Record<string, number>;
  maxes?: Record<string, number>;
}

/** The fact of every activity, whatever its type: what "every type" reads. */
export const ALL_TYPES = '*';

/** One member's built-in totals over a period, as daily_user_stats sums them. */
export interface BuiltInTotals {
  userId: string;
  answered: number;
  unanswered: number;
  meetingsBooked: number;
  movedForward: number;
  meetingsCompleted: number;
  emails: number;
  linkedin: number;
  sales: number;
  revenue: number;
  points: number;
  activities: number;
  /** The largest and smallest sale value of the period (decision 109); absent or null: no sale, or not read. */
  saleMax?: number | null;
  saleMin?: number | null;
  /** The points of each built-in kind over the period (decision 110); absent: not read (counted as none). */
  kindPoints?: Record<BuiltInKpiType, number>;
}

/** The facts the built-in kinds hold, from a member's totals: only an answered call books a meeting or moves forward. */
export function factsFromBuiltInTotals(row: BuiltInTotals): KpiFact[] {
  const fact = (type: string, outcomeId: string, activities: number, extra: Partial<KpiFact> = {}): KpiFact => ({
    userId: row.userId,
    type,
    outcomeId,
    activities,
    points: 0,
    sums: {},
    counts: {},
    ...extra,
  });
  const points = row.kindPoints;
  return [
    fact('call', 'not_answered', row.unanswered),
    fact('call', 'no_progress', row.answered - row.movedForward - row.meetingsBooked),
    fact('call', 'moved_forward', row.movedForward),
    fact('call', 'meeting_booked', row.meetingsBooked),
    // A call's points are kept for all its outcomes together (its bonus among them): a fact of
    // their own under no outcome, which a points KPI on calls reads and no outcome filter matches.
    fact('call', '', 0, { points: points?.call ?? 0 }),
    fact('meeting', '', row.meetingsCompleted, { points: points?.meeting ?? 0 }),
    fact('sale', '', row.sales, {
      points: points?.sale ?? 0,
      sums: { value: row.revenue },
      counts: { value: row.sales },
      ...(row.saleMax != null && row.saleMin != null ? { maxes: { value: row.saleMax }, mins: { value: row.saleMin } } : {}),
    }),
    fact('email', '', row.emails, { points: points?.email ?? 0 }),
    fact('linkedin', '', row.linkedin, { points: points?.linkedin ?? 0 }),
    fact(ALL_TYPES, '', row.activities, { points: row.points }),
  ].filter((f) => f.activities !== 0 || f.points !== 0);
}

// ---- checking a definition ---------------------------------------------------------------------

/** What a definition is checked against: the company's types (own and built-in) and its KPIs' formulas by id. */
export interface KpiCheckContext {
  types: readonly KpiTypeShape[];
  /** Every KPI's formula by id or key, built-in ones included; the one being saved under its id when it has one. */
  formulas: ReadonlyMap<string, KpiFormula>;
  /** The id of the KPI being changed; null for a new one. */
  selfId: string | null;
}

/** Levels of a formula counting its aggregates: four ratios or differences stacked on counts and sums. */
const MAX_DEPTH = 5;

/** The KPIs a formula is made of, directly. */
const partsOf = (formula: KpiFormula): string[] => (formula.kind === 'aggregate' ? [] : [formula.left, formula.right]);

/** How many KPIs deep a formula is built (an aggregate is 1); Infinity on a circle. */
function depthOf(formula: KpiFormula, formulas: ReadonlyMap<string, KpiFormula>, seen: ReadonlySet<string> = new Set()): number {
  let deepest = 0;
  for (const id of partsOf(formula)) {
    if (seen.has(id)) return Infinity;
    const part = formulas.get(id);
    if (!part) continue;
    deepest = Math.max(deepest, depthOf(part, formulas, new Set([...seen, id])));
  }
  return deepest + 1;
}

/**
 * A definition against the company's types and KPIs: the refusals keyed as the editor shows them
 * ("formula.typeIds", "formula.of", ...), each a fixed sentence a manager understands. Empty when it
 * can be saved.
 */
export function checkKpiDefinition(formula: KpiFormula, context: KpiCheckContext): Record<string, string> {
  const errors: Record<string, string> = {};
  const say = (path: string, message: string) => {
    errors[`formula.${path}`] ??= message;
  };
  if (formula.kind !== 'aggregate') {
    for (const side of ['left', 'right'] as const) {
      const id = formula[side];
      if (context.selfId !== null && id === context.selfId) say(side, KPI_DEFINITION_MESSAGES.selfReference);
      else if (!context.formulas.has(id)) say(side, KPI_DEFINITION_MESSAGES.unknownKpi);
    }
    if (formula.left === formula.right && !errors['formula.right']) say('right', KPI_DEFINITION_MESSAGES.selfRatio);
    if (Object.keys(errors).length > 0) return errors;
    // With this definition in place of the stored one: a side made (at any depth) of this KPI is
    // a circle; the refusal goes to that side.
    const formulas = new Map(context.formulas);
    const seen = new Set<string>();
    if (context.selfId !== null) {
      formulas.set(context.selfId, formula);
      seen.add(context.selfId);
    }
    for (const side of ['left', 'right'] as const) {
      const part = formulas.get(formula[side])!;
      if (depthOf(part, formulas, new Set([...seen, formula[side]])) === Infinity) say(side, KPI_DEFINITION_MESSAGES.circular);
    }
    if (Object.keys(errors).length === 0 && depthOf(formula, formulas, seen) > MAX_DEPTH) say('right', KPI_DEFINITION_MESSAGES.tooDeep);
    return errors;
  }

  const types: KpiTypeShape[] = [];
  for (const id of formula.typeIds) {
    const type = context.types.find((t) => t.id === id);
    if (!type) say('typeIds', KPI_DEFINITION_MESSAGES.unknownType);
    else types.push(type);
  }
  if (errors['formula.typeIds']) return errors;
  const everyType = formula.typeIds.length === 0;

  if (formula.outcomeIds.length > 0) {
    if (everyType) say('outcomeIds', KPI_DEFINITION_MESSAGES.outcomesNeedTypes);
    else if (!formula.outcomeIds.every((id) => types.some((type) => type.outcomes.some((outcome) => outcome.id === id))))
      say('outcomeIds', KPI_DEFINITION_MESSAGES.unknownOutcome);
  }

  const extreme = formula.aggregate === 'min' || formula.aggregate === 'max';
  if (formula.aggregate === 'count') {
    if (formula.of) say('of', KPI_DEFINITION_MESSAGES.ofOnCount);
  } else if (extreme && (formula.of === 'points' || types.some((type) => type.builtIn && type.id !== 'sale'))) {
    // The rollups keep extremes for the own types' number and amount fields and a sale's value
    // (decision 109); the other built-in kinds have no field to take them of.
    say('of', KPI_DEFINITION_MESSAGES.extremeOfOwnFields);
  } else if (!formula.of) {
    say('of', KPI_DEFINITION_MESSAGES.ofMissing);
  } else if (formula.of === 'points') {
    // A call's points are kept for all its outcomes together (decision 110).
    if (formula.outcomeIds.length > 0 && types.some((type) => type.id === 'call'))
      say('outcomeIds', KPI_DEFINITION_MESSAGES.pointsOfCallOutcomes);
  } else if (
    everyType ||
    !types.every((type) => type.fields.some((field) => field.id === formula.of && (field.kind === 'number' || field.kind === 'money')))
  ) {
    say('of', KPI_DEFINITION_MESSAGES.unknownField);
  }

  const where = formula.where;
  if (where) {
    if (formula.aggregate !== 'count') say('where', KPI_DEFINITION_MESSAGES.whereOnSum);
    else if (everyType) say('where', KPI_DEFINITION_MESSAGES.whereNeedsTypes);
    else {
      const fields = types.map((type) => type.fields.find((field) => field.id === where.fieldId));
      if (!fields.every((field) => field && (field.kind === 'choice' || field.kind === 'yes_no'))) {
        say('where', KPI_DEFINITION_MESSAGES.whereField);
      } else if (!where.values.every((value) => fields.every((field) => valuesOf(field!).includes(value)))) {
        say('where', KPI_DEFINITION_MESSAGES.whereValue);
      }
    }
  }
  return errors;
}

/** The values a choice or yes/no field can hold, as a filter and the rollup's counts name them. */
function valuesOf(field: Pick<ActivityField, 'kind' | 'options'>): string[] {
  return field.kind === 'yes_no' ? ['yes', 'no'] : field.options.map((option) => option.id);
}

/** A filter's value as the rollup's counts key it: yes/no as the stored JSON's true and false. */
const countKey = (fieldId: string, value: string) => `${fieldId}:${value === 'yes' ? 'true' : value === 'no' ? 'false' : value}`;

/**
 * The formulas some KPIs are computed from: those KPIs and every KPI they combine, at any depth (a
 * board that shows one KPI reads only the facts it needs; a smallest or largest value elsewhere in the
 * company does not change how its sums are read).
 */
export function pickFormulasFor(formulas: ReadonlyMap<string, KpiFormula>, ids: readonly string[]): Map<string, KpiFormula> {
  const picked = new Map<string, KpiFormula>();
  const pending = [...ids];
  while (pending.length > 0) {
    const id = pending.pop()!;
    const formula = formulas.get(id);
    if (!formula || picked.has(id)) continue;
    picked.set(id, formula);
    if (formula.kind !== 'aggregate') pending.push(formula.left, formula.right);
  }
  return picked;
}

/**
 * The sums and counts of the own types' facts that some KPI reads: a field summed or averaged
 * (its sum and how many hold a value), a value counted by a filter, a field's smallest or largest. What the rollup holds beyond
 * these (other fields, other choices) no KPI asks for, so it need not be read.
 */
export function listFactKeys(formulas: ReadonlyMap<string, KpiFormula>): { sums: string[]; counts: string[]; extremes: string[] } {
  const sums = new Set<string>();
  const counts = new Set<string>();
  const extremes = new Set<string>();
  for (const formula of formulas.values()) {
    if (formula.kind !== 'aggregate') continue;
    if ((formula.aggregate === 'min' || formula.aggregate === 'max') && formula.of) {
      extremes.add(formula.of);
      continue;
    }
    if (formula.aggregate !== 'count' && formula.of && formula.of !== 'points') {
      sums.add(formula.of);
      counts.add(formula.of);
    }
    if (formula.aggregate === 'count' && formula.where) {
      for (const value of formula.where.values) counts.add(countKey(formula.where.fieldId, value));
    }
  }
  return { sums: [...sums].sort(), counts: [...counts].sort(), extremes: [...extremes].sort() };
}

// ---- evaluating ----------------------------------------------------------------------------------

/** Sums of an aggregate over some facts: the numerator and the denominator of its value. */
function aggregateParts(formula: KpiAggregateFormula, facts: readonly KpiFact[]): { sum: number; count: number } {
  const everyType = formula.typeIds.length === 0;
  let sum = 0;
  let count = 0;
  for (const fact of facts) {
    if (everyType ? fact.type !== ALL_TYPES : !formula.typeIds.includes(fact.type)) continue;
    if (formula.outcomeIds.length > 0 && !formula.outcomeIds.includes(fact.outcomeId)) continue;
    if (formula.aggregate === 'count') {
      const where = formula.where;
      count += where ? where.values.reduce((n, value) => n + (fact.counts[countKey(where.fieldId, value)] ?? 0), 0) : fact.activities;
    } else if (formula.of === 'points') {
      sum += fact.points;
      count += fact.activities;
    } else if (formula.of) {
      sum += fact.sums[formula.of] ?? 0;
      count += fact.counts[formula.of] ?? 0;
    }
  }
  return formula.aggregate === 'count' ? { sum: count, count } : { sum, count };
}

/** The smallest or largest value of a field over some facts (each fact's own extreme), or null when none holds one. */
function aggregateExtreme(formula: KpiAggregateFormula, facts: readonly KpiFact[]): number | null {
  const largest = formula.aggregate === 'max';
  let value: number | null = null;
  for (const fact of facts) {
    if (!formula.typeIds.includes(fact.type)) continue;
    if (formula.outcomeIds.length > 0 && !formula.outcomeIds.includes(fact.outcomeId)) continue;
    const own = formula.of ? (largest ? fact.maxes : fact.mins)?.[formula.of] : undefined;
    if (own === undefined) continue;
    if (value === null || (largest ? own > value : own < value)) value = own;
  }
  return value;
}

/**
 * Whether a KPI only adds up over days (a count or a sum): a contest's or a target's goal is then
 * reached once and for all, and a share of it can be expected by a share of the period (decisions
 * 103, 104).
 */
export function isAdditiveKpi(formula: KpiFormula): boolean {
  return formula.kind === 'aggregate' && (formula.aggregate === 'count' || formula.aggregate === 'sum');
}

/**
 * Whether a KPI can be counted up to (decisions 104 and 107): it adds up day by day and is reached by
 * going up. Targets, % of goal and a company's own badges measure only such KPIs.
 */
export function canCountUpTo(kpi: { formula: KpiFormula; lowerIsBetter: boolean }): boolean {
  return findWhyNotCountedUpTo(kpi) === null;
}

/** Why a KPI cannot be counted up to, as a screen names it: it goes down to be good, or its kind of figure does not add up. */
export type WhyNotCountedUpTo = 'lowerIsBetter' | 'ratio' | 'difference' | 'average' | 'min' | 'max';

/** The one reason a KPI is no target, % of goal or company badge (decisions 104 and 107); null when it can be counted up to. */
export function findWhyNotCountedUpTo(kpi: { formula: KpiFormula; lowerIsBetter: boolean }): WhyNotCountedUpTo | null {
  if (kpi.lowerIsBetter) return 'lowerIsBetter';
  if (isAdditiveKpi(kpi.formula)) return null;
  if (kpi.formula.kind !== 'aggregate') return kpi.formula.kind;
  return kpi.formula.aggregate === 'min' || kpi.formula.aggregate === 'max' ? kpi.formula.aggregate : 'average';
}

/**
 * Every KPI's value over a set of facts (one member's, or a team's together), by id. A ratio over
 * zero and an average of nothing are null ("—"); a KPI made of one with no value has none either.
 */
export function evaluateKpis(
  formulas: ReadonlyMap<string, KpiFormula>,
  facts: readonly KpiFact[],
  /** Only these KPIs (and what they are made of); every one when left out. */
  only?: readonly string[],
): Map<string, number | null> {
  const values = new Map<string, number | null>();
  const valueOf = (id: string, depth: number): number | null => {
    if (values.has(id)) return values.get(id)!;
    const formula = formulas.get(id);
    // A missing part or a circle (refused on save, so only from a KPI deleted under another): no value.
    if (!formula || depth > MAX_DEPTH + 1) return null;
    let value: number | null;
    if (formula.kind === 'aggregate' && (formula.aggregate === 'min' || formula.aggregate === 'max')) {
      value = aggregateExtreme(formula, facts);
    } else if (formula.kind === 'aggregate') {
      const { sum, count } = aggregateParts(formula, facts);
      value = formula.aggregate === 'average' ? (count === 0 ? null : sum / count) : sum;
    } else {
      const left = valueOf(formula.left, depth + 1);
      const right = valueOf(formula.right, depth + 1);
      if (left === null || right === null) value = null;
      else if (formula.kind === 'difference') value = left - right;
      else value = right === 0 ? null : left / right;
    }
    values.set(id, value);
    return value;
  };
  for (const id of only ?? formulas.keys()) valueOf(id, 0);
  return values;
}

/** A formula with its lists in one order, so that two KPIs that compute the same thing compare equal. */
function normalizeFormula(formula: KpiFormula): string {
  if (formula.kind !== 'aggregate') return JSON.stringify([formula.kind, formula.left, formula.right]);
  const where = formula.where ? [formula.where.fieldId, [...formula.where.values].sort()] : null;
  return JSON.stringify([formula.aggregate, formula.of ?? null, [...formula.typeIds].sort(), [...formula.outcomeIds].sort(), where]);
}

/** The company's KPI that computes what `formula` does (an admin's, whatever its name), if any. */
export function findKpiWithFormula<K extends { id: string; formula: KpiFormula }>(kpis: readonly K[], formula: KpiFormula): K | undefined {
  const wanted = normalizeFormula(formula);
  return kpis.find((kpi) => normalizeFormula(kpi.formula) === wanted);
}

import { z } from 'zod';
import { text } from './common';
import { BUILT_IN_KINDS, LocalizedNamesSchema } from './activity-types';
import { isLocalDate } from '../period/local-date';

/*
 * A company's KPIs (decisions 100 and 101): a figure defined once and answered from the rollups.
 * An aggregate counts, sums, averages or finds the smallest or largest over types (the company's
 * own and the five built-in kinds), narrowed by outcomes or by one choice or yes/no value; a ratio or difference combines
 * two KPIs. Whether a definition makes sense against the company's types and KPIs is checked in
 * core (checkKpiDefinition): the schema here checks its shape.
 */

export const KPIS_PER_COMPANY_MAX = 50;
export const KPI_TYPES_MAX = 20;
export const KPI_DECIMALS_MAX = 3;

/**
 * count: activities; sum and average: of points or a number or money field; min and max: the
 * smallest or largest value of a number or money field of the company's own types.
 */
export const KPI_AGGREGATES = ['count', 'sum', 'average', 'min', 'max'] as const;
export type KpiAggregate = (typeof KPI_AGGREGATES)[number];

export const KPI_COMBINATIONS = ['ratio', 'difference'] as const;
export type KpiCombination = (typeof KPI_COMBINATIONS)[number];

/** How a value reads: a number, money (minor units of the company currency), a percent (a ratio of 0.25 reads 25 %), a duration (seconds). */
export const KPI_FORMATS = ['number', 'money', 'percent', 'duration'] as const;
export type KpiFormat = (typeof KPI_FORMATS)[number];

/**
 * Why a KPI cannot be a contest's or a target's measure (decisions 103, 104): both are won or met by
 * going up, and a target is reached once and for all only by a count or a sum.
 */
export const KPI_MEASURE_MESSAGES = {
  gone: 'That KPI no longer exists',
  lowerIsBetter: 'A contest is won by the highest figure: choose a KPI where higher is better',
  targetLowerIsBetter: 'A target is met by going up: choose a KPI where higher is better',
  notAdditive: 'A target needs a KPI that adds up: a count or a sum',
  badgeLowerIsBetter: 'A badge is earned by reaching a number: choose a KPI where higher is better',
  badgeNotAdditive: 'A badge needs a KPI that adds up: a count or a sum',
  improvementOfOne: 'Most improved is asked for one KPI at a time',
  improvementRange: 'Most improved is asked for at most 31 days',
} as const;

/** A KPI as a contest or target names it, for its screens to write the figure (decisions 103, 104). */
export const NamedKpiSchema = z.object({
  id: text(),
  names: LocalizedNamesSchema,
  format: z.enum(KPI_FORMATS),
  decimals: z.number().int(),
});
export type NamedKpi = z.infer<typeof NamedKpiSchema>;

/** The built-in kinds as a KPI names them; their outcomes and fields are fixed (core/kpis). */
export const BUILT_IN_KPI_TYPES = BUILT_IN_KINDS;
export type BuiltInKpiType = (typeof BUILT_IN_KPI_TYPES)[number];

/** The built-in KPIs every company has (the figures the app always showed), by key. */
export const BUILT_IN_KPIS = [
  'calls',
  'answered_calls',
  'meetings_booked',
  'meetings_held',
  'sales',
  'sales_value',
  'points',
  'conversion',
] as const;
export type BuiltInKpi = (typeof BUILT_IN_KPIS)[number];

/** A type a KPI reads: a built-in kind's key or the id of one of the company's own types. */
const TypeRefSchema = text().refine(
  (value) => (BUILT_IN_KPI_TYPES as readonly string[]).includes(value) || z.uuid().safeParse(value).success,
  {
    message: 'Choose one of the activity types',
  },
);

/** A KPI another one combines: a built-in KPI's key or the id of one of the company's. */
const KpiRefSchema = text({ error: 'Choose a KPI' }).refine(
  (value) => (BUILT_IN_KPIS as readonly string[]).includes(value) || z.uuid().safeParse(value).success,
  { message: 'Choose a KPI' },
);

const entryId = text().regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'Choose one of the listed values');

export const KpiAggregateFormulaSchema = z.strictObject({
  kind: z.literal('aggregate'),
  aggregate: z.enum(KPI_AGGREGATES, { error: 'Choose count, sum, average, minimum or maximum' }),
  /** Sum and average: "points" or a number or money field's id; min and max: a field's id; count: left out. */
  of: entryId.nullish(),
  /** The types counted; none chosen counts every activity (then no outcome or value can be chosen). */
  typeIds: z.array(TypeRefSchema).max(KPI_TYPES_MAX, `A KPI can read at most ${KPI_TYPES_MAX} types`).default([]),
  /** Only activities with one of these outcomes; none chosen: every outcome. */
  outcomeIds: z.array(entryId).max(40).default([]),
  /** Count only: activities whose choice or yes/no field holds one of these values (an option's id, or "yes" or "no"). */
  where: z.strictObject({ fieldId: entryId, values: z.array(entryId).min(1, 'Choose at least one value').max(20) }).nullish(),
});

export const KpiCombinedFormulaSchema = z.strictObject({
  kind: z.enum(KPI_COMBINATIONS, { error: 'Choose ratio or difference' }),
  left: KpiRefSchema,
  right: KpiRefSchema,
});

export const KpiFormulaSchema = z.discriminatedUnion('kind', [KpiAggregateFormulaSchema, KpiCombinedFormulaSchema], {
  error: 'Choose what the KPI computes: a count, sum or average, or a ratio or difference of two KPIs',
});
export type KpiFormula = z.infer<typeof KpiFormulaSchema>;
export type KpiAggregateFormula = z.infer<typeof KpiAggregateFormulaSchema>;

export const KpiInputSchema = z.strictObject({
  names: LocalizedNamesSchema,
  formula: KpiFormulaSchema,
  format: z.enum(KPI_FORMATS, { error: 'Choose number, money, percent or duration' }),
  decimals: z
    .number({ error: 'Decimals must be a whole number' })
    .int('Decimals must be a whole number')
    .min(0, 'Decimals cannot be negative')
    .max(KPI_DECIMALS_MAX, `At most ${KPI_DECIMALS_MAX} decimals`)
    .default(0),
  lowerIsBetter: z.boolean({ error: 'Say whether lower is better' }).default(false),
});
export type KpiInput = z.input<typeof KpiInputSchema>;
export type KpiDefinition = z.output<typeof KpiInputSchema>;

export const KpiSchema = KpiInputSchema.extend({
  /** The company's KPI's id, or a built-in KPI's key. */
  id: text(),
  builtIn: z.boolean(),
  createdAt: text().nullable(),
  updatedAt: text().nullable(),
});
export type Kpi = z.infer<typeof KpiSchema>;

export const KpiListSchema = z.object({ kpis: z.array(KpiSchema) });
export type KpiList = z.infer<typeof KpiListSchema>;

export const KpiParamsSchema = z.object({ id: z.uuid({ error: 'Not a KPI id' }) });

const day = text().refine(isLocalDate, { message: 'Enter a date as YYYY-MM-DD' });

/** The kinds of board period "most improved" compares with its earlier equal periods. */
export const KPI_IMPROVEMENT_PERIODS = ['day', 'week', 'month', 'range'] as const;
/** The longest range "most improved" is asked for: its earlier periods are read day by day. */
export const KPI_IMPROVEMENT_RANGE_DAYS_MAX = 31;

export const KpiValuesQuerySchema = z.object({
  from: day,
  to: day,
  /** Only this team's members (and its total); the whole company when left out. */
  teamId: z.uuid({ error: 'Not a team id' }).optional(),
  /** Only these KPIs (comma-separated ids or keys); all when left out. */
  ids: text().max(2000).optional(),
  /** Only the totals (a board's number or gauge): no member's figure, summed in the database. */
  totalOnly: z
    .enum(['true', 'false'], { error: 'totalOnly is true or false' })
    .optional()
    .transform((value) => value === 'true'),
  /** Each team's figure too (the boards' team comparison): its members' facts together, removed members included. */
  byTeam: z
    .enum(['true', 'false'], { error: 'byTeam is true or false' })
    .optional()
    .transform((value) => value === 'true'),
  /**
   * "Most improved" (decision 053 on a KPI): each member's value against their own average of the
   * earlier equal periods in which they logged anything, the period being the board's: a `day` (the
   * 28 days before), a `week` so far (the 4 weeks before), a `month` so far (the 3 months before) or
   * any other `range` of at most 31 days (the 4 ranges of its length before). One KPI at a time (`ids`).
   */
  improvement: z.enum(KPI_IMPROVEMENT_PERIODS, { error: 'improvement is day, week, month or range' }).optional(),
});
export type KpiValuesQuery = z.infer<typeof KpiValuesQuerySchema>;

/** A value, or null where it has none (a ratio over zero, an average of nothing): shown as "—". */
export const KpiValueSchema = z.number().nullable();

export const KpiValuesSchema = z.object({
  from: text(),
  to: text(),
  /** The active members on the boards (of the team), by name: the people the values are for. */
  members: z.array(z.object({ userId: text(), displayName: text().nullable(), avatarUrl: text().nullable() })),
  kpis: z.array(
    z.object({
      id: text(),
      /**
       * The whole company's (or team's) figure: a ratio of the sums, not an average of the members'
       * ratios. Removed members and those left off the boards count here (decision 081).
       */
      total: KpiValueSchema,
      /** Active members on the boards, in the order of `members` below. */
      members: z.array(
        z.object({
          userId: text(),
          value: KpiValueSchema,
          /**
           * With improvement: the average of the earlier equal periods in which the member logged
           * anything (`baseline`, unrounded, in the KPI's units; null: none), how many (`periods`), and
           * this period's change against it in hundredths of a percent (`change`: 2 500 is +25 %; null
           * without a baseline above 0 or without a value now). A KPI written as a percent changes in
           * percentage points (`changeIn`), in hundredths of one (10 % to 13 % is 300), from a baseline of
           * 0 too; null only without a baseline or a value now.
           */
          improvement: z
            .object({
              baseline: z.number().nullable(),
              periods: z.number().int(),
              change: z.number().int().nullable(),
              changeIn: z.literal('percentage_points').optional(),
            })
            .optional(),
        }),
      ),
      /** With byTeam: each team's figure, in the order of `teams` below. */
      teams: z.array(z.object({ teamId: text(), value: KpiValueSchema })).optional(),
    }),
  ),
  /** With byTeam: the company's teams, by name. */
  teams: z.array(z.object({ id: text(), name: text() })).optional(),
});
export type KpiValues = z.infer<typeof KpiValuesSchema>;

/**
 * Why a definition is refused, keyed as the KPI editor shows them (checkKpiDefinition). Fixed
 * sentences, so each has its words in every language (core/contracts/messages).
 */
export const KPI_DEFINITION_MESSAGES = {
  unknownType: 'One of the chosen types no longer exists',
  unknownOutcome: 'Choose outcomes of the chosen types',
  outcomesNeedTypes: 'Choose the types before their outcomes',
  ofMissing: 'Choose what to sum or average: points or a number field',
  ofOnCount: 'A count counts activities: choose sum or average to add up a field',
  unknownField: 'Every chosen type must have this field, as a number or an amount',
  pointsOfCallOutcomes: "A call's points are kept for all its outcomes together: choose no outcome to sum a call's points",
  whereOnSum: 'A value filter narrows a count only: a sum or average reads every activity of the types',
  whereField: 'Every chosen type must have this field, as a choice or yes/no',
  whereValue: 'Choose values the field has',
  whereNeedsTypes: 'Choose the types before filtering on a field',
  unknownKpi: 'That KPI no longer exists',
  selfRatio: 'A ratio of a KPI to itself is always 1, and a difference always 0: choose two different KPIs',
  selfReference: 'A KPI cannot be made of itself',
  circular: 'This would make a circle: the chosen KPI is made from this one',
  tooDeep: 'KPIs can be built on each other at most four deep',
  extremeOfOwnFields:
    "The smallest and largest are kept for a sale's value and the number and amount fields of your own types: choose one of those",
} as const;
export type KpiDefinitionMessage = (typeof KPI_DEFINITION_MESSAGES)[keyof typeof KPI_DEFINITION_MESSAGES];

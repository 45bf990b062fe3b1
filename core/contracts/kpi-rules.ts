import { z } from 'zod';
import { text } from './common';
import { KPI_KEYS } from '../kpi/rules';

/** Bounds an admin may set; a rule worth more than this is a typo, not a policy. */
export const KPI_BASE_POINTS_MIN = 0;
export const KPI_BASE_POINTS_MAX = 1000;
export const KPI_MULTIPLIER_MAX = 1000;

/** The one rule whose multiplier means something (points per whole currency unit of a sale). */
export const MULTIPLIER_KPI_KEY = 'sale_ticket_size' as const;

/** The one rule with a number of calls: the daily call bonus, earned by the call that reaches it (decision 108). */
export const THRESHOLD_KPI_KEY = 'daily_call_bonus_20' as const;
export const KPI_BONUS_THRESHOLD_MIN = 2;
export const KPI_BONUS_THRESHOLD_MAX = 1000;

export const KpiKeySchema = z.enum(KPI_KEYS);

export const KpiRuleSchema = z.object({
  id: text(),
  kpiKey: KpiKeySchema,
  basePoints: z.number().int(),
  enabled: z.boolean(),
  /** Only sale_ticket_size uses it; 0 elsewhere. */
  multiplierValue: z.number(),
  /** Only daily_call_bonus_20 has it: the calls in a day that earn the bonus. Null elsewhere. */
  threshold: z.number().int().nullable(),
  updatedAt: text(),
});
export type KpiRuleView = z.infer<typeof KpiRuleSchema>;

export const KpiRuleListSchema = z.object({ rules: z.array(KpiRuleSchema) });
export type KpiRuleList = z.infer<typeof KpiRuleListSchema>;

export const KpiRuleIdParamsSchema = z.object({ id: z.uuid({ message: 'Not a rule id' }) });

const PointsSchema = z
  .number({ message: 'Points must be a whole number' })
  .int('Points must be a whole number')
  .min(KPI_BASE_POINTS_MIN, `Points must be at least ${KPI_BASE_POINTS_MIN}`)
  .max(KPI_BASE_POINTS_MAX, `Points must be at most ${KPI_BASE_POINTS_MAX}`);
const MultiplierSchema = z
  .number({ message: 'The multiplier must be a number' })
  .min(0, 'The multiplier cannot be negative')
  .max(KPI_MULTIPLIER_MAX, `The multiplier must be at most ${KPI_MULTIPLIER_MAX}`);

/**
 * An admin's change to one rule. Any subset of the fields; at least one. Whether a multiplier or a
 * number of calls is allowed depends on the rule (only sale_ticket_size, only daily_call_bonus_20),
 * which the server checks.
 */
export const UpdateKpiRuleSchema = z
  .object({
    basePoints: PointsSchema.optional(),
    enabled: z.boolean().optional(),
    multiplierValue: MultiplierSchema.optional(),
    threshold: z
      .number({ message: 'The bonus needs a whole number of calls' })
      .int('The bonus needs a whole number of calls')
      .min(KPI_BONUS_THRESHOLD_MIN, `The bonus needs at least ${KPI_BONUS_THRESHOLD_MIN} calls a day`)
      .max(KPI_BONUS_THRESHOLD_MAX, `The bonus can ask for at most ${KPI_BONUS_THRESHOLD_MAX} calls a day`)
      .optional(),
  })
  .strict()
  .refine((v) => v.basePoints !== undefined || v.enabled !== undefined || v.multiplierValue !== undefined || v.threshold !== undefined, {
    message: 'Nothing to change',
  });
export type UpdateKpiRule = z.infer<typeof UpdateKpiRuleSchema>;

/**
 * What one built-in kind is worth, changed in one save (decision 117): the parts the admin changed, at
 * least one: its points; a call's outcomes (what moving forward and booking a meeting add to an
 * answered call, and a call not answered); a sale's points per whole unit of its value. A part left out
 * keeps what it is, so two admins saving different parts at once both keep theirs. Which parts a kind
 * takes is checked by the server.
 */
export const KindPointsInputSchema = z
  .strictObject({
    points: PointsSchema.optional(),
    outcomes: z
      .strictObject({
        moved_forward: PointsSchema.optional(),
        meeting_booked: PointsSchema.optional(),
        not_answered: PointsSchema.optional(),
      })
      .optional(),
    perValue: MultiplierSchema.optional(),
  })
  .refine((v) => v.points !== undefined || v.perValue !== undefined || Object.values(v.outcomes ?? {}).some((n) => n !== undefined), {
    message: 'Nothing to change',
  });
export type KindPointsInput = z.infer<typeof KindPointsInputSchema>;

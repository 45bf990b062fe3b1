import { z } from 'zod';
import { FUNNEL_STEPS, PERSON_METRICS } from '../people';
import { RoleSchema, text } from './common';
import { RecentActivitySchema } from './scoreboard';
import { TargetProgressSchema } from './targets';
import { WrapupSchema } from './wrapups';

/*
 * A page per rep: a person's day, week and month against their targets, the last 12 ISO weeks,
 * the conversion funnel, recent activities and wrap-ups. The person, their team lead and admins
 * may read it (decision 046).
 */

export const PersonParamsSchema = z.object({ id: text().trim().min(1).max(128) });

/** The funnel's period: this week, this month (the default), or the trend's 12 weeks. */
export const FUNNEL_PERIODS = ['week', 'month', 'weeks12'] as const;
export type FunnelPeriod = (typeof FUNNEL_PERIODS)[number];
export const PersonOverviewQuerySchema = z.object({ funnel: z.enum(FUNNEL_PERIODS).default('month') });
export type PersonOverviewQuery = z.infer<typeof PersonOverviewQuerySchema>;

/** Sums per metric from the daily rollup (the boards' numbers); sales_value in minor units. */
export const PersonTotalsSchema = z.object(
  Object.fromEntries(PERSON_METRICS.map((m) => [m, z.number().int()])) as Record<(typeof PERSON_METRICS)[number], z.ZodNumber>,
);

export const PersonPeriodSchema = z.object({ from: text(), to: text(), totals: PersonTotalsSchema });

export const PersonOverviewSchema = z.object({
  person: z.object({
    userId: text(),
    displayName: text().nullable(),
    avatarUrl: text().nullable(),
    role: RoleSchema,
    team: z.object({ id: text(), name: text() }).nullable(),
    /** The caller is looking at their own page. */
    isSelf: z.boolean(),
    joinedAt: text(),
  }),
  /** The company's today and zone: every period below is in them. */
  today: text(),
  timezone: text(),
  periods: z.object({ day: PersonPeriodSchema, week: PersonPeriodSchema, month: PersonPeriodSchema }),
  /** The targets in force for the person, with progress and pace for the day, week and month (decision 043). */
  targets: z.array(TargetProgressSchema),
  /** The last 12 ISO weeks up to this one, oldest first, zero-filled. */
  weeks: z.array(z.object({ isoYear: z.number().int(), isoWeek: z.number().int(), from: text(), to: text(), totals: PersonTotalsSchema })),
  funnel: z.object({
    period: z.enum(FUNNEL_PERIODS),
    from: text(),
    to: text(),
    stages: z.array(
      z.object({
        step: z.enum(FUNNEL_STEPS),
        count: z.number().int(),
        /** The step's count over the previous step's, a rounded percent; null for the first step or after a zero. */
        rate: z.number().int().nullable(),
      }),
    ),
    /** Sales per call, a rounded percent; null without calls. */
    overall: z.number().int().nullable(),
  }),
  /** The person's 20 newest activities. */
  activities: z.array(RecentActivitySchema),
  /** The person's 10 newest wrap-ups with the numbers they typed. */
  wrapups: z.array(WrapupSchema),
});
export type PersonOverview = z.infer<typeof PersonOverviewSchema>;

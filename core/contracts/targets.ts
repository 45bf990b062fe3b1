import { z } from 'zod';
import { CALENDAR_COUNTRIES } from '../pacing/countries';
import { TARGET_PERIODS } from '../pacing/target-periods';
import { FIRST_LOCAL_YEAR, isLocalDate, LAST_LOCAL_YEAR } from '../period';
import { LanguageSchema, text } from './common';
import { NamedKpiSchema } from './kpis';

/*
 * The company's working calendar and the targets managers set (decision 043). Pacing compares a
 * target's progress with the share of its period's working days gone.
 */

const LocalDateField = text().refine(isLocalDate, {
  message: `must be a calendar date as YYYY-MM-DD, in the years ${FIRST_LOCAL_YEAR}-${LAST_LOCAL_YEAR}`,
});

export const CalendarCountrySchema = z.enum(CALENDAR_COUNTRIES);

export const DayOffSchema = z.object({ date: text(), label: text() });
export type DayOff = z.infer<typeof DayOffSchema>;

export const CalendarSchema = z.object({
  country: CalendarCountrySchema,
  /** The company's own days off, by date. */
  daysOff: z.array(DayOffSchema),
  /** The country's public holidays from today through the end of next year, by date. */
  holidays: z.array(z.object({ date: text(), name: text() })),
});
export type Calendar = z.infer<typeof CalendarSchema>;

export const CalendarQuerySchema = z.object({ language: LanguageSchema.optional() });

export const UpdateCalendarSchema = z.object({ country: CalendarCountrySchema });
export type UpdateCalendar = z.infer<typeof UpdateCalendarSchema>;

export const DAY_OFF_LABEL_MAX = 80;
export const CreateDayOffSchema = z.object({
  date: LocalDateField,
  label: text().trim().min(1, 'Give the day off a name').max(DAY_OFF_LABEL_MAX, `At most ${DAY_OFF_LABEL_MAX} characters`),
});
export type CreateDayOff = z.infer<typeof CreateDayOffSchema>;
export const DayOffParamsSchema = z.object({ date: LocalDateField });

/** What a target counts, each read from one column of the daily rollup. */
export const TARGET_METRICS = ['calls', 'meetings_booked', 'meetings_held', 'sales', 'sales_value', 'points'] as const;
export const TargetMetricSchema = z.enum(TARGET_METRICS);
export type TargetMetric = z.infer<typeof TargetMetricSchema>;
/** What a target measures: a built-in metric, or one KPI (`kpi`, naming it in kpiId; decision 104). */
export const TARGET_MEASURES = [...TARGET_METRICS, 'kpi'] as const;
export const TargetMeasureSchema = z.enum(TARGET_MEASURES);
export type TargetMeasure = z.infer<typeof TargetMeasureSchema>;
export const TargetPeriodSchema = z.enum(TARGET_PERIODS);

/** Large enough for a month's sales value in minor units (ten billion kroner), small enough to stay exact. */
export const TARGET_VALUE_MAX = 1_000_000_000_000;

/** Whom a target is for: a person, or a team (its members' totals, decision 044). */
export const TARGET_SUBJECT_KINDS = ['person', 'team'] as const;
export const TargetSubjectKindSchema = z.enum(TARGET_SUBJECT_KINDS);
export type TargetSubjectKind = z.infer<typeof TargetSubjectKindSchema>;

export const CreateTargetSchema = z
  .object({
    /** The person it is for; give this or teamId. */
    userId: text().trim().min(1).max(128).optional(),
    /** The team it is for (progress: the team's members' totals); give this or userId. */
    teamId: z.uuid({ message: 'Not a team of your company' }).optional(),
    metric: TargetMeasureSchema,
    /** The KPI a `kpi` target measures: a company KPI's id or a built-in one's key (a count or a sum). */
    kpiId: text().trim().min(1).max(100).optional(),
    period: TargetPeriodSchema,
    /** Whole units; sales value, and a KPI written as money, in minor units of the company currency. */
    value: z
      .number({ error: 'The target must be a whole number' })
      .int('The target must be a whole number')
      .min(1, 'The target must be at least 1')
      .max(TARGET_VALUE_MAX, 'The target is too large'),
    /** The first local day it counts for; a newer target for the same subject, metric and period takes over from its own date. */
    effectiveFrom: LocalDateField,
  })
  .refine((input) => (input.userId === undefined) !== (input.teamId === undefined), {
    message: 'Choose a person or a team',
    path: ['userId'],
  })
  .refine((input) => (input.metric === 'kpi') === (input.kpiId !== undefined), {
    message: 'Choose a KPI',
    path: ['kpiId'],
  });
export type CreateTarget = z.infer<typeof CreateTargetSchema>;

/** upcoming: starts later; active: in force today; ended: ended, or taken over by a newer target. */
export const TARGET_STATUSES = ['upcoming', 'active', 'ended'] as const;

export const TargetSchema = z.object({
  id: z.uuid(),
  subjectKind: TargetSubjectKindSchema,
  /** The person's id for a person's target; null for a team's. */
  userId: text().nullable(),
  /** The team's id for a team's target; null for a person's. */
  teamId: text().nullable(),
  metric: TargetMeasureSchema,
  /** The KPI of a `kpi` target; null otherwise. */
  kpiId: text().nullable(),
  /** That KPI as it is now; null for a built-in metric, or once the KPI is deleted. */
  kpi: NamedKpiSchema.nullable(),
  period: TargetPeriodSchema,
  value: z.number().int(),
  effectiveFrom: text(),
  /** The first day it no longer counts for, when an admin ended it; null otherwise. */
  endsOn: text().nullable(),
  status: z.enum(TARGET_STATUSES),
  createdAt: text(),
});
export type Target = z.infer<typeof TargetSchema>;

export const TargetListSchema = z.object({ targets: z.array(TargetSchema) });
export type TargetList = z.infer<typeof TargetListSchema>;
export const TargetListQuerySchema = z.object({
  userId: text().trim().min(1).max(128).optional(),
  teamId: z.uuid({ message: 'Not a team of your company' }).optional(),
});

/** Whom the caller may set targets for (admins: everyone and every team; a lead: their teams and their people). */
export const TargetSubjectsSchema = z.object({
  members: z.array(z.object({ userId: text(), displayName: text().nullable(), avatarUrl: text().nullable(), teamId: text().nullable() })),
  teams: z.array(z.object({ id: text(), name: text() })),
});
export type TargetSubjects = z.infer<typeof TargetSubjectsSchema>;
export const TargetIdParamsSchema = z.object({ id: z.uuid() });

export const PACES = ['ahead', 'on-track', 'behind', 'no-working-days'] as const;
export const PaceSchema = z.enum(PACES);

export const TargetProgressSchema = z.object({
  targetId: z.uuid(),
  /** A person's own target, or their team's (progress then counts the whole team). */
  subjectKind: TargetSubjectKindSchema,
  /** The team's name, for a team's target; null for a person's. */
  teamName: text().nullable(),
  metric: TargetMeasureSchema,
  kpiId: text().nullable(),
  kpi: NamedKpiSchema.nullable(),
  period: TargetPeriodSchema,
  value: z.number().int(),
  /** The period measured, both ends included. */
  from: text(),
  to: text(),
  /** The sum of the period's daily rollups for the metric (a team's: of its members): the boards' numbers; a KPI's value over the period. */
  progress: z.number(),
  /** What the target asks for by now, from the share of working days gone (not rounded). */
  expected: z.number(),
  pace: PaceSchema,
  workingDays: z.number().int(),
  workingDaysGone: z.number(),
});
export type TargetProgress = z.infer<typeof TargetProgressSchema>;

export const MyTargetsQuerySchema = z.object({ on: LocalDateField.optional() });
export const MyTargetsSchema = z.object({
  /** The local day asked about (today by default); each target's period is the one holding it. */
  on: text(),
  targets: z.array(TargetProgressSchema),
});
export type MyTargets = z.infer<typeof MyTargetsSchema>;

/**
 * GET /targets/people: each person's target for one KPI (a built-in one is its metric's, decision
 * 104) and period, in force on `on` (today by default), for "% of target" on the KPI board. Any
 * member reads it, as the boards' "% of goal" shows everyone's goal (decision 053).
 */
export const PeopleTargetsQuerySchema = z.object({
  kpi: text().trim().min(1, 'Choose a KPI').max(100),
  period: TargetPeriodSchema,
  on: LocalDateField.optional(),
});
export type PeopleTargetsQuery = z.infer<typeof PeopleTargetsQuerySchema>;
export const PeopleTargetsSchema = z.object({
  period: TargetPeriodSchema,
  on: text(),
  /**
   * The people with a target in force; those without one are left out. A week or month with no target
   * of its own takes a day's target times the period's working days, and says the day's in `perDay`.
   */
  targets: z.array(z.object({ userId: text(), value: z.number().int(), perDay: z.number().int().optional() })),
});
export type PeopleTargets = z.infer<typeof PeopleTargetsSchema>;

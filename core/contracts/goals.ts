import { z } from 'zod';
import { ACTIVITY_TYPES_PER_COMPANY_MAX } from './activity-types';
import { text } from './common';

/* A rep's daily goals and their personal stats for today (My Activity). */

export const GOAL_MAX = 10_000;

const goalNumber = (label: string) =>
  z
    .number({ error: `The ${label} goal must be a whole number` })
    .int(`The ${label} goal must be a whole number`)
    .min(0, `The ${label} goal cannot be negative`)
    .max(GOAL_MAX, `The ${label} goal can be at most ${GOAL_MAX}`);

/**
 * A daily goal on each of the company's own types (decision 106), by the type's id: "50 dials a
 * day". A goal of 0 is no goal. At most one per type the company may have.
 */
export const TypeGoalsSchema = z
  .record(z.uuid({ error: 'Not an activity type id' }), goalNumber('type'))
  .refine((goals) => Object.keys(goals).length <= ACTIVITY_TYPES_PER_COMPANY_MAX, {
    message: `At most ${ACTIVITY_TYPES_PER_COMPANY_MAX} type goals`,
  });

/**
 * Whole numbers, minimum 0 (the form turns unparsable input into 0 before sending). `types`, when
 * sent, replaces the goals on own types; left out, they stay as they are (a client that knows only
 * the three built-in goals changes nothing else).
 */
export const UpdateGoalsSchema = z.object({
  dailyCalls: goalNumber('calls'),
  dailyMeetings: goalNumber('meetings'),
  dailySales: goalNumber('sales'),
  types: TypeGoalsSchema.optional(),
});
export type UpdateGoals = z.infer<typeof UpdateGoalsSchema>;

export const GoalsSchema = z.object({
  dailyCalls: z.number().int(),
  dailyMeetings: z.number().int(),
  dailySales: z.number().int(),
  /** The goals on own types above 0, by type id (decision 106); a type archived since keeps its goal here. */
  types: z.record(text(), z.number().int()),
  /** Null while the rep has never saved goals (all zeros then). */
  updatedAt: text().nullable(),
});
export type Goals = z.infer<typeof GoalsSchema>;

/** The daily goals of the people a lead or admin manages (decision 044), themselves left out. */
export const TeamGoalsSchema = z.object({
  members: z.array(
    z.object({
      userId: text(),
      displayName: text().nullable(),
      avatarUrl: text().nullable(),
      teamId: text().nullable(),
      goals: GoalsSchema,
    }),
  ),
});
export type TeamGoals = z.infer<typeof TeamGoalsSchema>;

/** Percent toward each goal: capped at 100, and 0 when the goal is 0. */
export const GoalProgressSchema = z.object({
  calls: z.number().int(),
  meetings: z.number().int(),
  sales: z.number().int(),
});
export type GoalProgress = z.infer<typeof GoalProgressSchema>;

/** The personal stats cards of My Activity, for the company-local today. */
export const MyTodayStatsSchema = z.object({
  date: text(),
  calls: z.number().int(),
  answered: z.number().int(),
  unanswered: z.number().int(),
  meetingsBooked: z.number().int(),
  meetingsCompleted: z.number().int(),
  movedForward: z.number().int(),
  sales: z.number().int(),
  /** Sum of today's sale values in minor units of the company currency. */
  revenue: z.number().int(),
  points: z.number().int(),
  /** Meetings booked per call (answered or not), a rounded percent, as on the boards; 0 with no calls. */
  conversion: z.number().int(),
  /** Meetings booked per answered call, a rounded percent; 0 with no answered call (decision 074). */
  hitRate: z.number().int(),
  goals: GoalsSchema,
  /** calls -> dailyCalls, meetingsBooked -> dailyMeetings, sales -> dailySales. */
  progress: GoalProgressSchema,
  /** Today's count of each own type the member has a goal on (decision 106), by type id; 0 when none yet. */
  typeCounts: z.record(text(), z.number().int()),
});
export type MyTodayStats = z.infer<typeof MyTodayStatsSchema>;

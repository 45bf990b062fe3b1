import { z } from 'zod';
import { text } from './common';

/* The Daily Wrap-up: one per rep per company-local day. */

export const WRAPUP_NUMBER_MAX = 100_000;
export const WRAPUP_TEXT_MAX = 4000;
/** The history shows the last 10 previous summaries. */
export const WRAPUP_HISTORY_LIMIT = 10;
/** The wrap-up's "this week" stats cover the last 7 days (today included). */
export const WRAPUP_STATS_DAYS = 7;

export const WrapupNumbersSchema = z.object({
  calls: z.number().int(),
  meetings: z.number().int(),
  sales: z.number().int(),
  points: z.number().int(),
});
export type WrapupNumbers = z.infer<typeof WrapupNumbersSchema>;

export const WrapupSchema = z.object({
  id: text(),
  /** The company-local day, 'YYYY-MM-DD'. */
  date: text(),
  calls: z.number().int(),
  meetings: z.number().int(),
  sales: z.number().int(),
  points: z.number().int(),
  /** What went well. */
  good: text().nullable(),
  /** What to improve. */
  improve: text().nullable(),
  createdAt: text(),
  updatedAt: text(),
});
export type Wrapup = z.infer<typeof WrapupSchema>;

export const WrapupTodaySchema = z.object({
  date: text(),
  /** Today's saved wrap-up, or null before the first save. */
  saved: WrapupSchema.nullable(),
  /** Today's numbers from the logged activities (meetings = meetings booked). */
  prefill: WrapupNumbersSchema,
});
export type WrapupToday = z.infer<typeof WrapupTodaySchema>;

const wrapupNumber = (label: string) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(WRAPUP_NUMBER_MAX, `${label} can be at most ${WRAPUP_NUMBER_MAX}`);
const wrapupText = (label: string) =>
  text({ error: `${label} must be text` })
    .trim()
    .max(WRAPUP_TEXT_MAX, `${label} can be at most ${WRAPUP_TEXT_MAX} characters`)
    .nullish();

/** Whole numbers, minimum 0. Empty texts are stored as null. */
export const SaveWrapupSchema = z.object({
  calls: wrapupNumber('Calls'),
  meetings: wrapupNumber('Meetings'),
  sales: wrapupNumber('Sales'),
  points: wrapupNumber('Points'),
  good: wrapupText('What went well'),
  improve: wrapupText('What to improve'),
});
export type SaveWrapup = z.infer<typeof SaveWrapupSchema>;

export const SaveWrapupResultSchema = z.object({
  wrapup: WrapupSchema,
  /** True when this save created today's wrap-up ('Oppsummering lagret'), false when it updated it ('oppdatert'). */
  created: z.boolean(),
});
export type SaveWrapupResult = z.infer<typeof SaveWrapupResultSchema>;

export const WrapupHistorySchema = z.object({
  /** The last 10 wrap-ups before today, newest first. */
  history: z.array(WrapupSchema),
  /** The rep's wrap-ups of the last 7 days, today included. */
  last7Days: z.object({
    from: text(),
    to: text(),
    /** How many of those days have a wrap-up. */
    days: z.number().int(),
    totals: WrapupNumbersSchema,
    /** Totals divided by the days with a wrap-up, 1 decimal; 0 with none. */
    averages: z.object({ calls: z.number(), meetings: z.number(), sales: z.number(), points: z.number() }),
  }),
});
export type WrapupHistory = z.infer<typeof WrapupHistorySchema>;

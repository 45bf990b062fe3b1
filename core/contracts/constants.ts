/*
 * Plain values of the contracts: bounds and refusal codes, without zod. The sign-in screen needs a
 * few of them but none of the schemas, and importing them from here keeps zod and every contract
 * out of its download (decision 026). The contract files re-export them, so `@core/contracts`
 * still has them all.
 */

import type { CelebrationSettings } from './celebrations';
import type { FeedEventKind } from './feed';

export const DISPLAY_NAME_MAX = 80;
export const COMPANY_NAME_MAX = 100;

/**
 * A sign-in (or a password change) refused because the account has too many failed attempts
 * (decision 018): HTTP 429 with Retry-After, and this body. The password was not checked.
 */
export const ACCOUNT_LOCKED_CODE = 'ACCOUNT_LOCKED';
/** An auth call from a page at another address of the server: the answer's `origin` is where to sign in. */
export const FORBIDDEN_ORIGIN_CODE = 'FORBIDDEN_ORIGIN';
export type AccountLockedRefusal = { code: typeof ACCOUNT_LOCKED_CODE; message: string; retryAfterSeconds: number };

/**
 * The `code` better-auth answers with when the sign-up policy refuses an account. The message stays
 * English (the API's language); the join form shows its own text for each code.
 */
export const SIGNUP_REFUSAL_CODES = {
  invalidAccessCode: 'INVALID_ACCESS_CODE',
  accessCodeRequired: 'ACCESS_CODE_REQUIRED',
  inviteOnly: 'INVITE_ONLY',
  invitationInvalid: 'INVITATION_INVALID',
  lookupFailed: 'ACCESS_CODE_CHECK_FAILED',
} as const;
export type SignupRefusalCode = (typeof SIGNUP_REFUSAL_CODES)[keyof typeof SIGNUP_REFUSAL_CODES];
/** A refused sign-up as better-auth's error body carries it. */
export type SignUpRefusal = { code: SignupRefusalCode; message: string };

// ---- values the app's start screens need (decision 085: zod and the schemas are not in a phone's first download) ----

/** The request header in which the app says the language its screen speaks (answers and mails follow it). */
export const UI_LANGUAGE_HEADER = 'x-dealboard-language';

/** The setting that switches each feed event kind's celebration; null: never celebrated. */
export const CELEBRATED_FEED_KINDS = {
  'goal.reached': 'goals',
  'record.broken': 'records',
  'contest.finished': 'contests',
  'badge.earned': 'badges',
  // A contest's start and a new leader are announced on the wall like its finish (the same switch).
  'contest.started': 'contests',
  'contest.lead_changed': 'contests',
} as const satisfies Record<FeedEventKind, keyof CelebrationSettings | null>;

/**
 * How a board ranks its people: by points, by share of their own goal over the period ("% of
 * goal"), or by improvement on their own average ("most improved").
 */
export const RANK_BY = ['points', 'goal_share', 'improved'] as const;

/** The fewest characters a customer search answers to. */
export const CUSTOMER_SUGGEST_MIN_CHARS = 2;

/** The file name of a person's data download on a given day. */
export function formatPersonalDataFileName(date: string): string {
  return `dealboard-data-${date}.json`;
}

/** The longest customer name, activity note and product name an activity keeps. */
export const CUSTOMER_NAME_MAX = 200;
export const ACTIVITY_NOTES_MAX = 2000;
export const PRODUCT_NAME_MAX = 200;

/** The longest comment on a wrap-up. */
export const COACHING_COMMENT_MAX = 2000;

/** The badges a member can earn (decision 050), in the order they are shown. */
export const BADGE_KINDS = [
  /** The member's first sale ever. */
  'first_sale',
  /** The member's 10th sale ever. */
  'tenth_sale',
  /** 100 calls in one ISO week (the company's zone). */
  'hundred_calls_week',
  /** More points in a day than on any other day of theirs (after their first 5 active days). */
  'personal_best_day',
  /** More points in a calendar month than any member of their team had in an earlier month. */
  'team_best_month',
  /** The daily goal met on 5 working days in a row (weekends, holidays and days off skipped). */
  'goal_streak',
  /** Won a contest. */
  'contest_winner',
  /** One of the company's own badges: a KPI reaching a number in a day, week or month (decision 107). */
  'company',
] as const;

/** The small set of reactions, in the order they are offered. */
export const REACTION_EMOJIS = ['👏', '🔥', '🎉', '💪', '😂'] as const;

/** What a contest can count (decision 049); zod-free for the screens' start (decision 085). */
export const CONTEST_METRICS = [
  'calls',
  'answered',
  'meetings_booked',
  'meetings_held',
  'sales',
  'sales_value',
  'points',
  'emails',
  'linkedin',
  'activities',
] as const;

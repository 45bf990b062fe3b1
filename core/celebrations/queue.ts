import type { ContestScoreUnit } from '../contests';
import type { LocalizedNames, OwnTypeLook } from '../contracts/activity-types';
/*
 * When a celebration may take the screen (decision 051). A wall TV exists to show the board: a
 * celebration takes it over for a few seconds, never more than a share of each minute, and the
 * board always shows for a while between two. What arrives while one is showing (or while the
 * board has its time) waits, and a burst of the same kind collapses into one card ("3 sales!").
 *
 * Pure: the caller keeps the state and the clock (a timer in the browser, fake time in tests).
 */

/**
 * `contest` is a contest won; `contestStarted` and `contestLead` announce a contest's start and a
 * new leader; `activity` is one of the company's own types that it celebrates (decision 105).
 */
export const CELEBRATION_KINDS = [
  'sale',
  'meeting',
  'goal',
  'record',
  'contest',
  'badge',
  'contestStarted',
  'contestLead',
  'activity',
] as const;
export type CelebrationKind = (typeof CELEBRATION_KINDS)[number];

/** One thing worth celebrating: an activity or a feed event, with the name to show. */
export type CelebrationEvent = {
  /** The activity's or feed event's id (the same item is never celebrated twice). */
  id: string;
  kind: CelebrationKind;
  userId: string | null;
  displayName: string | null;
  formerMember: boolean;
  /** What it is about, when the kind names it (a contest's name). */
  detail?: string | null;
  /** A sale's value in minor units, when the company shows amounts (decision 078). */
  saleValue?: number | null;
  /** A sale's customer, when the company shows customers (decision 078). */
  customerName?: string | null;
  /** A contest won: the winner's score and what it counts, and the prize (decision 087). */
  contestScore?: { score: number; unit: ContestScoreUnit } | null;
  prize?: string | null;
  /** An own type's activity: the type's names and look, and its outcome's names (decision 105). */
  ownType?: OwnTypeLook | null;
  /** A badge earned: its kind, and a company's own badge's names (decision 107). */
  badge?: { kind: string; names: LocalizedNames | null } | null;
};

/** What takes the screen: one event, or several of one kind that arrived together. */
export type CelebrationCard = { id: string; kind: CelebrationKind; events: readonly CelebrationEvent[] };

export type CelebrationRules = {
  /** How long one card shows. */
  showMs: number;
  /** The least time the board shows between two cards. */
  minBoardMs: number;
  /** At most this much celebration within any `windowMs`. */
  budgetMs: number;
  windowMs: number;
  /** Older news than this is dropped rather than shown late (a screen that was away). */
  maxWaitMs: number;
};

/**
 * The wall: 5 s a card, 10 s of board between cards, at most 15 s of celebration a minute (three
 * cards), so a busy floor sees the board at least three quarters of every minute.
 */
export const TV_CELEBRATION_RULES: CelebrationRules = {
  showMs: 5_000,
  minBoardMs: 10_000,
  budgetMs: 15_000,
  windowMs: 60_000,
  maxWaitMs: 90_000,
};

/** The app: a small card in a corner, so it may come more often, and never covers the work. */
export const APP_CELEBRATION_RULES: CelebrationRules = {
  showMs: 4_000,
  minBoardMs: 2_000,
  budgetMs: 24_000,
  windowMs: 60_000,
  maxWaitMs: 60_000,
};

export type CelebrationQueueState = {
  waiting: readonly (CelebrationEvent & { arrivedAt: number })[];
  /** The current card and when it ends, or null while the board shows. */
  current: { card: CelebrationCard; endsAt: number } | null;
  /** When each card within the last window started (for the budget). */
  recentStarts: readonly number[];
  /** When the last card ended (the board's time counts from there). */
  lastEndedAt: number | null;
  /** Every id queued so far (an item is celebrated once, however often it is seen). */
  seen: ReadonlySet<string>;
};

export const EMPTY_CELEBRATION_QUEUE: CelebrationQueueState = {
  waiting: [],
  current: null,
  recentStarts: [],
  lastEndedAt: null,
  seen: new Set(),
};

/** Adds what just landed; anything already seen is ignored. */
export function enqueueCelebrations(state: CelebrationQueueState, events: readonly CelebrationEvent[], now: number): CelebrationQueueState {
  const fresh = events.filter((event, i) => !state.seen.has(event.id) && events.findIndex((e) => e.id === event.id) === i);
  if (fresh.length === 0) return state;
  return {
    ...state,
    waiting: [...state.waiting, ...fresh.map((event) => ({ ...event, arrivedAt: now }))],
    seen: new Set([...state.seen, ...fresh.map((event) => event.id)]),
  };
}

/**
 * Moves the queue on to `now`: ends the current card when its time is up, then starts the next
 * one if the rules allow. Returns the new state and, when something is still to happen, how long
 * until it may (the caller's next timer).
 */
export function advanceCelebrations(
  state: CelebrationQueueState,
  now: number,
  rules: CelebrationRules,
): { state: CelebrationQueueState; nextInMs: number | null } {
  let next = state;
  if (next.current) {
    if (now < next.current.endsAt) return { state: next, nextInMs: next.current.endsAt - now };
    next = { ...next, current: null, lastEndedAt: next.current.endsAt };
  }
  const waiting = next.waiting.filter((event) => now - event.arrivedAt <= rules.maxWaitMs);
  const recentStarts = next.recentStarts.filter((start) => now - start < rules.windowMs);
  next = { ...next, waiting, recentStarts };
  if (waiting.length === 0) return { state: next, nextInMs: null };

  const boardUntil = next.lastEndedAt === null ? now : next.lastEndedAt + rules.minBoardMs;
  // The budget: a card may start when the cards of the last window leave room for one more.
  const allowed = Math.floor(rules.budgetMs / rules.showMs);
  const budgetUntil = recentStarts.length < allowed ? now : recentStarts[recentStarts.length - allowed]! + rules.windowMs;
  const startAt = Math.max(boardUntil, budgetUntil);
  if (startAt > now) return { state: next, nextInMs: startAt - now };

  // A burst: everything of the first waiting kind goes on one card, in arrival order.
  const kind = waiting[0]!.kind;
  const events = waiting.filter((event) => event.kind === kind).map(({ arrivedAt: _arrivedAt, ...event }) => event);
  const card: CelebrationCard = { id: events[0]!.id, kind, events };
  return {
    state: {
      ...next,
      waiting: waiting.filter((event) => event.kind !== kind),
      current: { card, endsAt: now + rules.showMs },
      recentStarts: [...recentStarts, now],
    },
    nextInMs: rules.showMs,
  };
}

/** The look a screen uses: a viewer who asked for less motion always gets the calm banner. */
export function resolveCelebrationStyle<S extends string>(style: S, prefersReducedMotion: boolean): S | 'banner' {
  return prefersReducedMotion ? 'banner' : style;
}

import { TZDate } from '@date-fns/tz';
import type { ChatChoices, LocalTime } from '../contracts/chat';
import { addDays, computeLocalDate, type LocalDate } from '../period';
import type { ChatMessage } from './messages';

/*
 * When chat messages happen: which of an integration's messages an event gives, and when its next
 * daily summary is due. Pure: the clock is an argument.
 */

/** The events a chat integration listens to (the webhooks' event names), plus the summary's own tick. */
export type ChatEventType = 'sale.created' | 'goal.reached' | 'daily_summary.due' | 'contest.announced';

/**
 * The message an event gives on an integration with these choices, or null for none. Every other
 * webhook event (activity.updated, wrapup.submitted, ...) gives none: a channel hears about sales,
 * goals and the day, not every edit.
 */
export function chooseChatMessageKind(eventType: string, choices: ChatChoices): ChatMessage['kind'] | null {
  switch (eventType) {
    case 'sale.created':
      return choices.sales ? 'sale' : null;
    case 'goal.reached':
      return choices.goals ? 'goal_reached' : null;
    case 'daily_summary.due':
      return choices.dailySummary.enabled ? 'daily_summary' : null;
    // A contest's start, lead change and finish go where a member's goals go: the floor's wins (decision 049).
    case 'contest.announced':
      return choices.goals ? 'contest' : null;
    default:
      return null;
  }
}

/**
 * A summary posted before noon is a morning recap of yesterday; from noon on it sums up the day it
 * is posted on (an 08:00 summary of a day that has barely begun would say nobody did anything).
 */
export const SUMMARY_SAME_DAY_FROM = '12:00';

function atLocalTime(date: LocalDate, localTime: LocalTime, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = localTime.split(':').map(Number) as [number, number];
  // A time that does not exist that day (02:30 when clocks spring forward from 02:00 to 03:00) is
  // read past the gap, 03:30; a time that happens twice (autumn) is its later occurrence. Either
  // way it is one instant per local day.
  return new Date(new TZDate(y, m - 1, d, hours, minutes, 0, 0, timeZone).getTime());
}

/**
 * The first instant strictly after `now` at which the daily summary is due: `localTime` on the
 * wall clock in `timeZone` (today's if still ahead, else tomorrow's), and the local day it sums up.
 */
export function computeNextDailySummary(now: Date, localTime: LocalTime, timeZone: string): { at: Date; date: LocalDate } {
  const today = computeLocalDate(now, timeZone);
  let day = today;
  let at = atLocalTime(day, localTime, timeZone);
  if (at.getTime() <= now.getTime()) {
    day = addDays(today, 1);
    at = atLocalTime(day, localTime, timeZone);
  }
  return { at, date: localTime < SUMMARY_SAME_DAY_FROM ? addDays(day, -1) : day };
}

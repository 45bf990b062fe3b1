import { pickName } from '../activity-types';
import type { LocalizedNames } from '../contracts/activity-types';
import type { BadgeKind } from '../contracts/badges';
import type { Language } from '../contracts/common';
import type { ClockTime, PushKind, PushMessage, PushPreferences } from '../contracts/push';
import { addDays, computeLocalDate, computeLocalInstant, computeWallClock } from '../period';

/*
 * Push notifications (decision 055): when one may be shown, when the wrap-up reminder is due, and
 * what each says in the member's language. Pure: the server reads the rows and the clock.
 */

export const DEFAULT_PUSH_PREFERENCES: PushPreferences = {
  contestStarted: true,
  badgeEarned: true,
  wrapupComment: true,
  wrapupReminder: false,
  reminderTime: '16:00',
  quietFrom: null,
  quietTo: null,
};

/**
 * How long after its time the reminder may still go out: a server that was down at 16:00 still
 * reminds at 16:40, not at 21:00 when the day is over.
 */
export const REMINDER_WINDOW_MINUTES = 120;

/**
 * How old a notification may be when it is sent: one that waited longer (every instance stopped,
 * the push service down for hours) is dropped rather than announcing old news.
 */
export const PUSH_STALE_AFTER_MS = 60 * 60 * 1000;

const toMinutes = (time: ClockTime): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The wall-clock time in the zone, HH:MM. */
export function computeClockTime(now: Date, timeZone: string): ClockTime {
  return computeWallClock(now, timeZone).toISOString().slice(11, 16);
}

/** Whether `time` falls in quiet hours [from, to), which may pass midnight (22:00 to 07:00). */
export function isInQuietHours(time: ClockTime, quiet: { quietFrom: ClockTime | null; quietTo: ClockTime | null }): boolean {
  if (quiet.quietFrom === null || quiet.quietTo === null) return false;
  const at = toMinutes(time);
  const from = toMinutes(quiet.quietFrom);
  const to = toMinutes(quiet.quietTo);
  return from < to ? at >= from && at < to : at >= from || at < to;
}

/** Whether the reminder chosen for `reminderTime` is due at `time` (the same day, within the window). */
export function isReminderDue(time: ClockTime, reminderTime: ClockTime): boolean {
  const since = toMinutes(time) - toMinutes(reminderTime);
  return since >= 0 && since < REMINDER_WINDOW_MINUTES;
}

/**
 * The first instant strictly after `now` at which `reminderTime` comes on the wall clock in
 * `timeZone` (today's if still ahead, else tomorrow's): when the reminders are next looked for.
 */
export function computeNextReminderAt(now: Date, reminderTime: ClockTime, timeZone: string): Date {
  const today = computeLocalDate(now, timeZone);
  const at = computeLocalInstant(today, reminderTime, timeZone);
  return at.getTime() > now.getTime() ? at : computeLocalInstant(addDays(today, 1), reminderTime, timeZone);
}

/** Whether the member wants this kind of notification. */
export function isPushKindWanted(kind: PushKind, preferences: PushPreferences): boolean {
  switch (kind) {
    case 'contest_started':
      return preferences.contestStarted;
    case 'badge_earned':
      return preferences.badgeEarned;
    case 'wrapup_comment':
      return preferences.wrapupComment;
    case 'wrapup_reminder':
      return preferences.wrapupReminder;
  }
}

/**
 * Why a notification is not shown now, or null to send it. Quiet hours drop a notification (it is
 * not kept for the morning: by then it is old news), except the wrap-up reminder, whose time the
 * member chose themself.
 */
export function decidePushDrop(input: {
  kind: PushKind;
  preferences: PushPreferences;
  time: ClockTime;
  ageMs: number;
}): 'switched_off' | 'quiet_hours' | 'stale' | null {
  if (!isPushKindWanted(input.kind, input.preferences)) return 'switched_off';
  if (input.ageMs > PUSH_STALE_AFTER_MS) return 'stale';
  if (input.kind !== 'wrapup_reminder' && isInQuietHours(input.time, input.preferences)) return 'quiet_hours';
  return null;
}

const BADGE_NAMES: Record<Language, Record<BadgeKind, string>> = {
  en: {
    first_sale: 'First sale',
    tenth_sale: '10th sale',
    hundred_calls_week: '100 calls in a week',
    personal_best_day: 'Personal best day',
    team_best_month: "Team's best month",
    goal_streak: '5-day streak',
    contest_winner: 'Contest winner',
    company: 'A company badge',
  },
  nb: {
    first_sale: 'Første salg',
    tenth_sale: '10. salg',
    hundred_calls_week: '100 samtaler på en uke',
    personal_best_day: 'Personlig rekorddag',
    team_best_month: 'Teamets beste måned',
    goal_streak: '5 dager på rad',
    contest_winner: 'Konkurransevinner',
    company: 'Et firmamerke',
  },
  sv: {
    first_sale: 'Första affären',
    tenth_sale: '10:e affären',
    hundred_calls_week: '100 samtal på en vecka',
    personal_best_day: 'Personlig rekorddag',
    team_best_month: 'Teamets bästa månad',
    goal_streak: '5 dagar i svit',
    contest_winner: 'Tävlingsvinnare',
    company: 'Ett företagsmärke',
  },
  da: {
    first_sale: 'Første salg',
    tenth_sale: '10. salg',
    hundred_calls_week: '100 opkald på en uge',
    personal_best_day: 'Personlig rekorddag',
    team_best_month: 'Teamets bedste måned',
    goal_streak: '5 dages stime',
    contest_winner: 'Konkurrencevinder',
    company: 'Et firmamærke',
  },
};

/** Every word a notification carries, per language; names and excerpts come in as they were written. */
type PushWords = {
  contestTitle: string;
  contestBody: (contest: string) => string;
  badgeTitle: string;
  badgeBody: (badge: string) => string;
  wrapupCommentTitle: (author: string) => string;
  reminderTitle: string;
  reminderBody: string;
};

const PUSH_WORDS: Record<Language, PushWords> = {
  en: {
    contestTitle: 'The contest has started',
    contestBody: (contest) => `${contest} is on. Good luck!`,
    badgeTitle: 'New badge!',
    badgeBody: (badge) => `You earned the badge “${badge}”.`,
    wrapupCommentTitle: (author) => `${author} commented on your wrap-up`,
    reminderTitle: "Time for today's wrap-up",
    reminderBody: 'What went well today, and what will you do better? It takes two minutes.',
  },
  nb: {
    contestTitle: 'Konkurransen har startet',
    contestBody: (contest) => `${contest} er i gang. Lykke til!`,
    badgeTitle: 'Nytt merke!',
    badgeBody: (badge) => `Du har fått merket «${badge}».`,
    wrapupCommentTitle: (author) => `${author} kommenterte oppsummeringen din`,
    reminderTitle: 'Tid for dagens oppsummering',
    reminderBody: 'Hva gikk bra i dag, og hva vil du gjøre bedre? Det tar to minutter.',
  },
  sv: {
    contestTitle: 'Tävlingen har startat',
    contestBody: (contest) => `${contest} är igång. Lycka till!`,
    badgeTitle: 'Nytt märke!',
    badgeBody: (badge) => `Du har fått märket ”${badge}”.`,
    wrapupCommentTitle: (author) => `${author} kommenterade din dagssammanfattning`,
    reminderTitle: 'Dags för dagens sammanfattning',
    reminderBody: 'Vad gick bra i dag, och vad vill du göra bättre? Det tar två minuter.',
  },
  da: {
    contestTitle: 'Konkurrencen er startet',
    contestBody: (contest) => `${contest} er i gang. Held og lykke!`,
    badgeTitle: 'Nyt mærke!',
    badgeBody: (badge) => `Du har fået mærket »${badge}«.`,
    wrapupCommentTitle: (author) => `${author} kommenterede din opsummering`,
    reminderTitle: 'Tid til dagens opsummering',
    reminderBody: 'Hvad gik godt i dag, og hvad vil du gøre bedre? Det tager to minutter.',
  },
};

/** What a notification's text is written from: ids, numbers and the company's own names, read at send time. */
export type PushMessageInput =
  | { kind: 'contest_started'; contestId: string; contestName: string }
  /** A company's own badge (`company`) comes with its names (decision 107). */
  | { kind: 'badge_earned'; badge: string; names?: LocalizedNames; companyBadgeId?: string }
  | { kind: 'wrapup_comment'; wrapupId: string; authorName: string; excerpt: string }
  | { kind: 'wrapup_reminder'; date: string };

const EXCERPT_LENGTH = 120;

function shorten(value: string): string {
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH - 1)}…` : flat;
}

/** The notification's title, body and the app path it opens, in the member's language. */
export function composePushMessage(input: PushMessageInput, language: Language): PushMessage {
  const words = PUSH_WORDS[language];
  switch (input.kind) {
    case 'contest_started':
      return {
        kind: input.kind,
        title: words.contestTitle,
        body: words.contestBody(input.contestName),
        url: `/app/contests/${encodeURIComponent(input.contestId)}`,
        tag: `contest-${input.contestId}`,
      };
    case 'badge_earned': {
      const name = input.names ? pickName(input.names, language) : (BADGE_NAMES[language][input.badge as BadgeKind] ?? input.badge);
      return {
        kind: input.kind,
        title: words.badgeTitle,
        body: words.badgeBody(name),
        url: '/app/activity',
        // Two of the company's own badges earned together are two notifications, not one replacing the other.
        tag: input.companyBadgeId ? `badge-company-${input.companyBadgeId}` : `badge-${input.badge}`,
      };
    }
    case 'wrapup_comment':
      return {
        kind: input.kind,
        title: words.wrapupCommentTitle(input.authorName),
        body: shorten(input.excerpt),
        url: `/app/coaching/wrapups/${encodeURIComponent(input.wrapupId)}`,
        tag: `wrapup-${input.wrapupId}`,
      };
    case 'wrapup_reminder':
      return {
        kind: input.kind,
        title: words.reminderTitle,
        body: words.reminderBody,
        url: '/app/wrapup',
        tag: `reminder-${input.date}`,
      };
  }
}

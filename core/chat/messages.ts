import { pickName } from '../activity-types';
import type { ContestScoreUnit } from '../contests';
import type { Language } from '../contracts/common';
import type { KpiFormat } from '../contracts/kpis';
import type { LocalizedNames } from '../contracts/activity-types';
import { formatKpiValue } from '../kpi-formulas/format';
import { formatMoney, type MinorUnits } from '../money';
import type { LocalDate } from '../period';
import { truncateText } from './text';
import { CHAT_WORDS, type ChatGoal, type ChatWords, type Count } from './words';

/*
 * The three chat messages, as data: what the senders (Slack, Teams) are given. Names are display
 * names as the scoreboard shows them (null when a member never set one). Money is in minor units
 * of the company currency.
 */

export type ChatSale = {
  kind: 'sale';
  rep: string | null;
  value: MinorUnits;
  customer: string | null;
  product: string | null;
  points: number;
};

export type ChatGoalReached = {
  kind: 'goal_reached';
  member: string | null;
  /** A built-in goal, or one on the company's own type (decision 106) named by `typeNames`. */
  goal: ChatGoal | 'type';
  /** The own type's names, by language; null when the type is gone. */
  typeNames?: Record<string, string> | null;
  /** The day's count that reached the goal, and the goal. */
  value: number;
  target: number;
};

export type ChatDailySummary = {
  kind: 'daily_summary';
  /** The company-local day summarised. */
  date: LocalDate;
  /** At most three, best first, each with points above zero. */
  top: { name: string | null; points: number }[];
  totals: { calls: number; meetings: number; sales: number; revenue: MinorUnits; points: number };
  /**
   * The company's own KPIs that day (decision 101), everyone's together, at most CHAT_KPIS_MAX; absent
   * in a post queued before KPIs were told.
   */
  kpis?: { names: LocalizedNames; format: KpiFormat; decimals: number; value: number | null }[];
  /** Active members who logged nothing that day, in the order to show them. */
  idle: (string | null)[];
};

/** A contest started, has a new leader, or finished (decision 049): names as they were then. */
export type ChatContest = {
  kind: 'contest';
  event: 'started' | 'lead_changed' | 'finished';
  /** The contest's name, as its manager wrote it. */
  contest: string;
  /** The leaders or winners (people or teams), with their score; none for a start. */
  leaders: { name: string | null; score: number }[];
  /** The contest's last day. */
  endsOn: LocalDate;
  /** What a score counts (decision 087); absent in a post queued before it was known: a plain number. */
  unit?: ContestScoreUnit;
  /** The prize as its manager wrote it, for the winner post; empty for none. */
  prize?: string;
};

export type ChatMessage = ChatSale | ChatGoalReached | ChatDailySummary | ChatContest;

/** What a message is written with: the company's chosen language and its currency. */
export type ChatContext = { language: Language; currency: string };

/** The own KPIs a daily summary names: with the five totals, a Slack section's ten fields. */
export const CHAT_KPIS_MAX = 5;

/** Longest name shown; past it a name is cut with an ellipsis (names are up to 200 characters). */
export const CHAT_NAME_MAX = 80;
/** Longest customer or product name shown. */
export const CHAT_DETAIL_MAX = 150;
/** Room for the list of idle members: within a Slack section's 3000 characters once escaped. */
export const CHAT_IDLE_LIST_MAX = 2500;

/** The words and formatters one message is written with. */
export type ChatWriter = {
  words: ChatWords;
  language: Language;
  currency: string;
  name: (name: string | null) => string;
  detail: (text: string) => string;
  count: (value: number) => string;
  /** A contest's score with what it counts: "8 calls", "NOK 95,000", "12 points" (decision 087). */
  score: (value: number, unit: ContestScoreUnit | undefined) => string;
  /** A number with its written form, for words that agree with it ("1 point", "2 points"). */
  counted: (value: number) => Count;
  money: (value: MinorUnits) => string;
  date: (date: LocalDate) => string;
};

export function createChatWriter(context: ChatContext): ChatWriter {
  const words = CHAT_WORDS[context.language];
  const numbers = new Intl.NumberFormat(words.locale, { maximumFractionDigits: 0 });
  // A LocalDate is a calendar day, not an instant: formatted at its UTC midnight, in UTC.
  const days = new Intl.DateTimeFormat(words.locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return {
    words,
    language: context.language,
    currency: context.currency,
    name: (name) => truncateText(name?.trim() ? name : words.unnamed, CHAT_NAME_MAX),
    detail: (text) => truncateText(text, CHAT_DETAIL_MAX),
    count: (value) => numbers.format(value),
    score: (value, unit) => {
      if (unit === undefined) return numbers.format(value);
      // A KPI contest's score as its KPI is written, then the KPI's name (decision 103): "12 Demos booked".
      if (typeof unit === 'object') {
        return `${formatKpiValue(value, unit, { locale: words.locale, currency: context.currency })} ${truncateText(pickName(unit.names, context.language), CHAT_NAME_MAX)}`;
      }
      if (unit === 'sales_value') return formatMoney(value as MinorUnits, context.currency, words.locale);
      const [one, other] = words.contest.units[unit];
      return `${numbers.format(value)} ${value === 1 ? one : other}`;
    },
    counted: (value) => ({ value, text: numbers.format(value) }),
    money: (value) => formatMoney(value, context.currency, words.locale),
    date: (date) => {
      const [y, m, d] = date.split('-').map(Number) as [number, number, number];
      return days.format(Date.UTC(y, m - 1, d));
    },
  };
}

/**
 * A goal reached, as a post names it: the goal as a fact ("Calls per day", "Dial per day") and what
 * is counted inside the sentence ("calls", "Dial"); an own type by its name in the company's
 * language (an admin's text, cut to a name's length).
 */
export function describeChatGoal(message: ChatGoalReached, w: ChatWriter): { name: string; counted: string } {
  if (message.goal !== 'type') return { name: w.words.goal.names[message.goal], counted: w.words.goal.counted[message.goal] };
  const type = truncateText(pickName(message.typeNames ?? {}, w.language) || w.words.goal.aType, CHAT_NAME_MAX);
  return { name: w.words.goal.perDay(type), counted: type };
}

const MEDALS = ['🥇', '🥈', '🥉'];

/**
 * The day's summary in the reader's words, ready for either channel's layout: the notification
 * line, the date, the podium (medal and name, points), the totals (label, number), the company's
 * own KPIs (name, value) and who logged nothing yet (names; none when everyone logged).
 */
export function prepareDaySummary(message: Extract<ChatMessage, { kind: 'daily_summary' }>, w: ChatWriter) {
  const s = w.words.summary;
  const date = w.date(message.date);
  const t = message.totals;
  return {
    line: s.line(date, w.counted(t.points), w.counted(t.sales), w.money(t.revenue)),
    date,
    podium: message.top
      .slice(0, 3)
      .map((row, index): [string, string] => [`${MEDALS[index]} ${w.name(row.name)}`, s.points(w.counted(row.points))]),
    totals: [
      [s.calls, w.count(t.calls)],
      [s.meetings, w.count(t.meetings)],
      [s.sales, w.count(t.sales)],
      [s.salesValue, w.money(t.revenue)],
      [s.totalPoints, w.count(t.points)],
    ] satisfies [string, string][],
    // The company's own KPIs after the built-in totals, named in the company's language: text an
    // admin wrote, so each layout puts it where a person's text goes.
    kpis: (message.kpis ?? [])
      .slice(0, CHAT_KPIS_MAX)
      .map((kpi): [string, string] => [
        truncateText(pickName(kpi.names, w.language), CHAT_NAME_MAX),
        formatKpiValue(kpi.value, kpi, { locale: w.words.locale, currency: w.currency }),
      ]),
    idle: message.idle.map(w.name),
  };
}

/**
 * The idle members' names as one line, cut to fit `max` characters once `escape`d: "Per, Pål and
 * 12 more" rather than a list that breaks the platform's limit. Whole names only.
 */
export function joinNames(names: readonly string[], writer: ChatWriter, escape: (text: string) => string, max: number): string {
  const shown: string[] = [];
  let length = 0;
  for (const [index, name] of names.entries()) {
    const rest = names.length - index - 1;
    const tail = rest > 0 ? ` ${writer.words.summary.more(writer.count(rest + 1))}` : '';
    const piece = escape(name);
    // Room for this name, a separator, and a possible "and N more" after it.
    if (length + piece.length + 2 + escape(tail).length > max) {
      return `${shown.join(', ')} ${escape(writer.words.summary.more(writer.count(names.length - index)))}`.trim();
    }
    shown.push(piece);
    length += piece.length + 2;
  }
  return shown.join(', ');
}

/** "Kari", "Kari and Ola", "Kari, Ola and Per": a contest's leaders or winners (at most five named). */
function listNames(names: readonly string[], and: string): string {
  const shown = names.slice(0, 5);
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} ${and} ${shown[shown.length - 1]}`;
}

/** A contest's news in one sentence, the same in Slack and Teams: started, a new leader, a winner or none. */
export function describeContestNews(message: Extract<ChatMessage, { kind: 'contest' }>, writer: ChatWriter): string {
  const c = writer.words.contest;
  const contest = writer.detail(message.contest);
  if (message.event === 'started') return c.started(contest, writer.date(message.endsOn));
  if (message.leaders.length === 0) return c.noWinner(contest);
  const names = listNames(
    message.leaders.map((leader) => writer.name(leader.name)),
    c.and,
  );
  return message.event === 'lead_changed' ? c.leadChanged(names, contest) : c.finished(names, contest);
}

import { pickName } from '@core/activity-types';
import type { FeedEventView } from '@core/contracts';
import { BADGE_KINDS } from '@core/contracts/constants';
import type { TFunction } from 'i18next';
import type { CompanyFormat } from '@web/lib/format';
import { formatMemberName } from '@web/lib/member-name';

/** The badges the feed names (decision 050); another key reads as "a badge". */
const KNOWN_BADGES: readonly string[] = BADGE_KINDS;
const KNOWN_RECORDS = ['personal_best_day', 'team_best_month'];
const GOALS = ['calls', 'meetings', 'sales'];

const stringOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
const numberOf = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/**
 * One feed event in words (decision 051): who (the member, else the team) and what happened. The
 * event's `data` holds ids and numbers; names are looked up when read. A kind's richer line needs its
 * documented fields (goal.reached: goal, target; badge.earned: badge; record.broken: record, value;
 * contests: name); without them the line is the kind's generic one.
 */
export function describeFeedEvent(
  event: FeedEventView,
  t: TFunction,
  format: Pick<CompanyFormat, 'number'>,
  /** An own type's name by id (decision 106), where the reader may read the types; else the line is generic. */
  nameType?: (typeId: string) => string | null,
  /** The reader's language: a company's own badge is named by its names in it (decision 107). */
  language = 'en',
): { who: string | null; text: string; detail: string | null } {
  const who = event.userId ? formatMemberName({ ...event, userId: event.userId }, t) : event.teamName;
  const data = event.data;
  switch (event.kind) {
    case 'goal.reached': {
      const goal = stringOf(data.goal);
      const target = numberOf(data.target);
      if (goal && GOALS.includes(goal) && target !== null) {
        return { who, text: t(`scoreboard:feed.event.goal.${goal}`, { count: target, value: format.number(target) }), detail: null };
      }
      // A goal on one of the company's own types, by its name.
      const typeId = stringOf(data.typeId);
      const type = goal === 'type' && typeId ? (nameType?.(typeId) ?? null) : null;
      if (type && target !== null)
        return { who, text: t('scoreboard:feed.event.goal.type', { type, value: format.number(target) }), detail: null };
      return { who, text: t('scoreboard:feed.event.goal.generic'), detail: null };
    }
    case 'badge.earned': {
      const badge = stringOf(data.badge) ?? stringOf(event.subjectId);
      // A company's own badge carries its names (decision 107).
      if (badge === 'company' && typeof data.names === 'object' && data.names !== null) {
        const name = pickName(data.names as Record<string, string>, language);
        if (name) return { who, text: t('scoreboard:feed.event.badge.named', { badge: name }), detail: null };
      }
      if (badge && badge !== 'company' && KNOWN_BADGES.includes(badge)) {
        return { who, text: t('scoreboard:feed.event.badge.named', { badge: t(`scoreboard:badges.kinds.${badge}.name`) }), detail: null };
      }
      return { who, text: t('scoreboard:feed.event.badge.generic'), detail: null };
    }
    case 'record.broken': {
      // The badges module announces a record with its badge's kind and points (decision 050).
      const record = stringOf(data.record) ?? stringOf(data.badge);
      const value = numberOf(data.value) ?? numberOf(data.points);
      const detail = value !== null ? t('scoreboard:feed.event.record.value', { count: value, value: format.number(value) }) : null;
      if (record && KNOWN_RECORDS.includes(record)) return { who, text: t(`scoreboard:feed.event.record.${record}`), detail };
      return { who, text: t('scoreboard:feed.event.record.generic'), detail };
    }
    case 'contest.started':
    case 'contest.lead_changed':
    case 'contest.finished': {
      const key = { 'contest.started': 'started', 'contest.lead_changed': 'leadChanged', 'contest.finished': 'finished' }[event.kind];
      const name = stringOf(data.name);
      // A contest's start is about no one; its leader and winner are a member or a team.
      const subject = event.kind === 'contest.started' ? null : who;
      const text = name
        ? t(`scoreboard:feed.event.contest.${key}Named${subject ? '' : 'Alone'}`, { name })
        : t(`scoreboard:feed.event.contest.${key}${subject ? '' : 'Alone'}`);
      return { who: subject, text, detail: null };
    }
  }
}

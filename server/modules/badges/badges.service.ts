import {
  BADGE_KINDS,
  type Badge,
  type BadgeKind,
  type BadgeSettings,
  type BadgeSummary,
  type CompanyBadgeLook,
  type DomainEvent,
  GOAL_STREAK_DAYS,
  type MemberBadges,
  RECENT_BADGE_DAYS,
  RECORD_BADGE_KINDS,
  type RecentBadges,
  SWITCHABLE_BADGE_KINDS,
} from '@core/contracts';
import { findGoalStreak, formatIsoWeek } from '@core/badges';
import { computeDefaultCalendarCountry, isCalendarCountry } from '@core/pacing';
import { addDays, startOfMonth, startOfWeek, toLocalDate } from '@core/period';
import { type Actor, type AppDeps, memberScopeOf } from '../../context';
import type { Transaction } from '../../db/client';
import { type CompanyId, type MemberScope, toUserId, type UserId, withTenant } from '../../db/tenant';
import { notFound } from '../../lib/http';
import { createAuditEvent, insertAuditEvent } from '../audit/audit.service';
import { type NewFeedEvent, recordFeedEvents } from '../feed/feed.service';
import {
  awardBadgesIn,
  type BadgeRow,
  type EarnedBadgeRow,
  findMemberBadges,
  insertBadgesIn,
  selectBadgesOfIn,
  selectDisabledKindsIn,
  selectRecentBadgesIn,
  upsertDisabledKindsIn,
} from './badges.repository';
import { selectCompanyBadgeLooksIn } from './company-badges.service';

/*
 * Badges (decision 050): earned by rules over the rollups, in the transaction of the write that
 * earned them, stored once per member, kind and occasion, announced in the feed (badge.earned; a
 * record also record.broken). Admins switch each kind off; a switched-off kind is not awarded from
 * then on, and the badges already earned stay shown.
 */

/** The days read around a written day for a goal streak: a long run back, and the days after a late log. */
const STREAK_WINDOW_DAYS = 42;

const isBadgeKind = (kind: string): kind is BadgeKind => (BADGE_KINDS as readonly string[]).includes(kind);

/** A company's own badge's definition id (decision 107), from what it was earned with. */
const companyBadgeIdOf = (data: unknown): string | null => {
  const id = (data as Record<string, unknown> | null)?.companyBadgeId;
  return typeof id === 'string' ? id : null;
};

function toBadge(row: BadgeRow, looks?: ReadonlyMap<string, CompanyBadgeLook>): Badge {
  const look = row.kind === 'company' ? looks?.get(companyBadgeIdOf(row.data) ?? '') : undefined;
  return {
    ...(look ? { look } : {}),
    id: row.id,
    userId: row.userId,
    kind: row.kind as BadgeKind,
    occasion: row.occasion,
    localDate: row.localDate,
    data: row.data as Badge['data'],
    earnedAt: row.earnedAt.toISOString(),
  };
}

function fromEarned(row: EarnedBadgeRow): Badge {
  return {
    id: row.id,
    userId: row.user_id,
    kind: row.kind as BadgeKind,
    occasion: row.occasion,
    localDate: row.local_date,
    data: row.data,
    earnedAt: new Date(row.earned_at).toISOString(),
  };
}

/** The feed events of badges just earned: badge.earned for each, record.broken too for a record. */
async function announceBadges(tx: Transaction, companyId: CompanyId, earned: readonly EarnedBadgeRow[], at: Date): Promise<void> {
  if (earned.length === 0) return;
  const events: NewFeedEvent[] = [];
  for (const row of earned) {
    const event = {
      userId: row.user_id as UserId,
      teamId: row.team_id,
      subjectId: row.id,
      data: { badge: row.kind, badgeId: row.id, localDate: row.local_date, ...row.data },
    };
    events.push({ kind: 'badge.earned', ...event });
    if (RECORD_BADGE_KINDS.includes(row.kind as BadgeKind)) events.push({ kind: 'record.broken', ...event });
  }
  await recordFeedEvents(tx, companyId, events, at);
}

/**
 * Follower of domain events (decision 094), in the change's transaction: a logged or edited activity
 * may earn its member badges where it now counts (an edit never takes one back).
 */
export async function awardBadgesForDomainEvents(
  tx: Transaction,
  companyId: CompanyId,
  events: readonly DomainEvent[],
  at: Date,
): Promise<void> {
  for (const event of events) {
    if (event.type !== 'activity.logged' && event.type !== 'activity.updated') continue;
    const { activity, today } = event;
    await awardBadgesForWrite(
      tx,
      { companyId, userId: toUserId(activity.userId) },
      { day: activity.localDate, kind: activity.kind, today },
      at,
    );
  }
}

/**
 * Transaction step (activities): awards what a write to one member's day earned, judged on the
 * rollups as they are after the write (decision 050): a logged activity, today's or late, and an
 * edit (on the day the activity is on after it). `kind` is the activity's ('call', 'sale', ...).
 * One statement when nothing is earned; a goal streak that is complete costs one more, and the
 * feed events of what was earned one more.
 */
export async function awardBadgesForWrite(
  tx: Transaction,
  scope: MemberScope,
  input: { day: string; kind: string; today: string },
  at: Date,
): Promise<Badge[]> {
  const day = toLocalDate(input.day);
  const monthStart = startOfMonth(day);
  const nextMonthStart = addDays(toLocalDate(`${day.slice(0, 7)}-28`), 7).slice(0, 7) + '-01';
  const yearAgo = `${Number(day.slice(0, 4)) - 1}${monthStart.slice(4)}`;
  const streakTo = addDays(day, STREAK_WINDOW_DAYS) < input.today ? addDays(day, STREAK_WINDOW_DAYS) : input.today;
  const result = await awardBadgesIn(tx, {
    companyId: scope.companyId,
    userId: scope.userId,
    day,
    kind: input.kind,
    at,
    weekStart: startOfWeek(day),
    week: formatIsoWeek(day),
    monthStart,
    nextMonthStart,
    yearAgo,
    streakFrom: addDays(day, -STREAK_WINDOW_DAYS),
    streakTo: streakTo < day ? day : streakTo,
  });
  const earned = [...result.earned];
  if (result.streak) {
    const { met, country, timeZone, daysOff, earnedFrom } = result.streak;
    const calendar = {
      country: country !== null && isCalendarCountry(country) ? country : computeDefaultCalendarCountry(timeZone),
      daysOff: new Set(daysOff),
    };
    const window = { from: addDays(day, -STREAK_WINDOW_DAYS), to: toLocalDate(streakTo < day ? day : streakTo) };
    const streak = findGoalStreak(calendar, new Set(met), day, window);
    // A streak is earned once, keyed by its first working day: a streak that goes on earns nothing more.
    if (streak && streak.days >= GOAL_STREAK_DAYS && !earnedFrom.includes(streak.from)) {
      const data = { days: GOAL_STREAK_DAYS, from: streak.from };
      earned.push(
        ...(await insertBadgesIn(
          tx,
          scope.companyId,
          { kind: 'goal_streak', occasion: streak.from, localDate: day, userIds: [scope.userId], data },
          at,
        )),
      );
    }
  }
  await announceBadges(tx, scope.companyId, earned, at);
  return earned.map(fromEarned);
}

/**
 * Transaction step (contests): awards the contest-winner badge to each winner, once per contest
 * (the contest's id is the occasion), unless the company switched it off; announces each in the
 * feed. Winners who are not members of the company are left out. Returns the badges earned now
 * (none for a winner who already has this contest's badge).
 */
export async function awardContestWinnerBadges(
  tx: Transaction,
  companyId: CompanyId,
  input: { contestId: string; winnerUserIds: readonly string[]; localDate: string },
  at: Date,
): Promise<Badge[]> {
  const earned = await insertBadgesIn(
    tx,
    companyId,
    {
      kind: 'contest_winner',
      occasion: input.contestId,
      localDate: input.localDate,
      userIds: [...new Set(input.winnerUserIds)],
      data: { contestId: input.contestId },
    },
    at,
  );
  await announceBadges(tx, companyId, earned, at);
  return earned.map(fromEarned);
}

/**
 * GET /badges/members/{userId}: a member's badges, newest first (every member of the company may
 * read them, as the boards show them); a 404 for someone who is not a member of the company.
 */
export async function listMemberBadges(deps: AppDeps, actor: Actor, userId: string): Promise<MemberBadges> {
  const rows = await findMemberBadges(deps.database.db, memberScopeOf(actor), userId);
  if (rows === null) throw notFound('No such member in your company.');
  const looks = rows.some((row) => row.kind === 'company')
    ? await withTenant(deps.database.db, memberScopeOf(actor), (tx) => selectCompanyBadgeLooksIn(tx, actor.companyId))
    : new Map<string, CompanyBadgeLook>();
  // A company badge is drawn with its definition's look; one without (never: an earned one is not deleted) is left out.
  return {
    badges: rows
      .filter((row) => isBadgeKind(row.kind))
      .map((row) => toBadge(row, looks))
      .filter((b) => b.kind !== 'company' || b.look),
  };
}

/** Each member's kinds once (a company's own badges each once), newest first, with how many of each. */
function summarize(
  rows: readonly { userId: string; kind: string; companyBadgeId: string | null; earnedAt: Date }[],
  looks: ReadonlyMap<string, CompanyBadgeLook>,
): BadgeSummary[] {
  const members = new Map<string, Map<string, BadgeSummary['badges'][number]>>();
  for (const row of rows) {
    if (!isBadgeKind(row.kind)) continue;
    const look = row.kind === 'company' ? looks.get(row.companyBadgeId ?? '') : undefined;
    if (row.kind === 'company' && !look) continue;
    let kinds = members.get(row.userId);
    if (!kinds) members.set(row.userId, (kinds = new Map()));
    const key = look ? `company:${row.companyBadgeId}` : row.kind;
    const seen = kinds.get(key);
    if (seen) seen.count += 1;
    else
      kinds.set(key, {
        kind: row.kind,
        count: 1,
        lastEarnedAt: row.earnedAt.toISOString(),
        ...(look ? { companyBadgeId: row.companyBadgeId!, look } : {}),
      });
  }
  return [...members].map(([userId, kinds]) => ({ userId, badges: [...kinds.values()] }));
}

/** Transaction step: the recent badges of some members (all when null), each summed up, company badges with their looks. */
async function summarizeRecentIn(tx: Transaction, companyId: CompanyId, since: Date, userIds: readonly string[] | null) {
  const rows = await selectRecentBadgesIn(tx, companyId, since, userIds);
  const looks = rows.some((row) => row.kind === 'company')
    ? await selectCompanyBadgeLooksIn(tx, companyId)
    : new Map<string, CompanyBadgeLook>();
  return summarize(rows, looks);
}

const recentSince = (now: Date) => new Date(now.getTime() - RECENT_BADGE_DAYS * 24 * 60 * 60 * 1000);

/** GET /badges/recent: what the company's members earned in the last RECENT_BADGE_DAYS days, for the boards' rows. */
export async function listRecentBadges(deps: AppDeps, actor: Actor): Promise<RecentBadges> {
  const members = await withTenant(deps.database.db, memberScopeOf(actor), (tx) =>
    summarizeRecentIn(tx, actor.companyId, recentSince(deps.now()), null),
  );
  return { members };
}

/** The TV's board (no member signed in): the recent badges of the members on it. */
export async function listRecentBadgesOf(deps: AppDeps, companyId: CompanyId, userIds: readonly string[]): Promise<BadgeSummary[]> {
  return withTenant(deps.database.db, { companyId, userId: null }, (tx) =>
    summarizeRecentIn(tx, companyId, recentSince(deps.now()), userIds),
  );
}

function toSettings(disabled: readonly string[]): BadgeSettings {
  return { badges: SWITCHABLE_BADGE_KINDS.map((kind) => ({ kind, enabled: !disabled.includes(kind) })) };
}

/** GET /badges/settings: which badges the company awards. */
export async function getBadgeSettings(deps: AppDeps, actor: Actor): Promise<BadgeSettings> {
  const disabled = await withTenant(deps.database.db, memberScopeOf(actor), (tx) => selectDisabledKindsIn(tx, actor.companyId));
  return toSettings(disabled);
}

/** PUT /badges/settings/{kind} (admins; the route checks): switches one badge on or off, audited when it changes. */
export async function updateBadgeSetting(
  deps: AppDeps,
  actor: Actor,
  kind: (typeof SWITCHABLE_BADGE_KINDS)[number],
  enabled: boolean,
): Promise<BadgeSettings> {
  const now = deps.now();
  const scope = memberScopeOf(actor);
  const after = await withTenant(deps.database.db, scope, async (tx) => {
    const change = await upsertDisabledKindsIn(
      tx,
      actor.companyId,
      (current) => (enabled ? current.filter((k) => k !== kind) : [...new Set([...current, kind])].sort()),
      now,
    );
    if (change.before.includes(kind) === enabled) {
      await insertAuditEvent(
        tx,
        createAuditEvent(scope, 'badge.switched', {
          target: { type: 'company', id: actor.companyId },
          details: { kind, enabled },
          at: now,
        }),
      );
    }
    return change.after;
  });
  return toSettings(after);
}

/** Transaction step (personal data): a member's badges in one company, oldest first. */
export async function listBadgesOfIn(tx: Transaction, companyId: CompanyId, userId: UserId): Promise<Badge[]> {
  return (await selectBadgesOfIn(tx, companyId, userId)).map((row) => toBadge(row));
}

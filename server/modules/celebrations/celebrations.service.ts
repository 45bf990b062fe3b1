import {
  type CelebrationSettings,
  DEFAULT_CELEBRATION_SETTINGS,
  type DisplayFeed,
  type DisplayFeedItem,
  type Feed,
  type FeedItem,
  type FeedQuery,
  type FeedReaction,
  type ItemReactions,
  REACTION_EMOJIS,
  type ToggleReaction,
} from '@core/contracts';
import { type Actor, type AppDeps, memberScopeOf } from '../../context';
import type { Database } from '../../db/client';
import { type CompanyId, type TenantScope, withTenant } from '../../db/tenant';
import { notFound } from '../../lib/http';
import { findLatestActivities, hasActivityIn } from '../activities/activities.service';
import { computeAuditChanges, createAuditEvent, hasChanges, insertAuditEvent } from '../audit/audit.service';
import { hasFeedEventIn, selectFeedEventViewsIn } from '../feed/feed.service';
import { toRecentActivity } from '../scoreboard/scoreboard.service';
import { findTeamRef } from '../teams/teams.service';
import {
  type ReactionRow,
  selectCelebrationSettings,
  selectReactions,
  toggleReactionRow,
  upsertCelebrationSettings,
} from './celebrations.repository';

/*
 * Celebrations and reactions (decision 051): the company's choices of what its TVs and its app
 * celebrate, the floor's feed (activities and feed events, newest first) with the emoji reactions
 * to each item, and the same feed as a signed-out wall screen may see it.
 */

const SETTING_KEYS = Object.keys(DEFAULT_CELEBRATION_SETTINGS) as (keyof CelebrationSettings)[];

async function readSettings(db: Database, scope: TenantScope & { companyId: CompanyId }): Promise<CelebrationSettings> {
  const saved = await withTenant(db, scope, (tx) => selectCelebrationSettings(tx, scope.companyId));
  return saved ?? DEFAULT_CELEBRATION_SETTINGS;
}

/** What the company celebrates (every member reads it: the app celebrates by it too). */
export async function getCelebrationSettings(deps: AppDeps, actor: Actor): Promise<CelebrationSettings> {
  return readSettings(deps.database.db, memberScopeOf(actor));
}

/** An admin's choices, saved whole; the fields that changed are audited in the same transaction. */
export async function updateCelebrationSettings(deps: AppDeps, actor: Actor, input: CelebrationSettings): Promise<CelebrationSettings> {
  const scope = memberScopeOf(actor);
  const now = deps.now();
  await withTenant(deps.database.db, scope, async (tx) => {
    const before = (await selectCelebrationSettings(tx, actor.companyId)) ?? DEFAULT_CELEBRATION_SETTINGS;
    const changes = computeAuditChanges(before, input, SETTING_KEYS);
    if (!hasChanges(changes)) return;
    await upsertCelebrationSettings(tx, actor.companyId, input, now);
    await insertAuditEvent(
      tx,
      createAuditEvent(scope, 'celebrations.changed', { target: { type: 'company', id: actor.companyId }, details: changes, at: now }),
    );
  });
  return input;
}

/** A feed item without its reactions (distributed over the union, so `type` still narrows). */
type BareFeedItem = { [T in FeedItem['type']]: Omit<Extract<FeedItem, { type: T }>, 'reactions'> }[FeedItem['type']];

const itemNotFound = () => notFound('That feed item was not found in your company.');

/** Adds the caller's emoji to an activity or feed event of their company, or takes it back. */
export async function toggleReaction(deps: AppDeps, actor: Actor, input: ToggleReaction): Promise<ItemReactions> {
  const scope = memberScopeOf(actor);
  const rows = await withTenant(deps.database.db, scope, async (tx) => {
    const exists =
      input.itemType === 'activity'
        ? await hasActivityIn(tx, actor.companyId, input.itemId)
        : await hasFeedEventIn(tx, actor.companyId, input.itemId);
    if (!exists) throw itemNotFound();
    await toggleReactionRow(tx, actor.companyId, actor.userId, { type: input.itemType, id: input.itemId }, input.emoji, deps.now());
    return selectReactions(tx, actor.companyId, [input.itemId]);
  });
  return { itemType: input.itemType, itemId: input.itemId, reactions: summarizeReactions(rows, actor.userId) };
}

/** One item's reactions by emoji in the offered order, the viewer's own marked. */
function summarizeReactions(rows: readonly ReactionRow[], viewerId: string | null): FeedReaction[] {
  return REACTION_EMOJIS.flatMap((emoji) => {
    const people = rows.filter((row) => row.emoji === emoji);
    if (people.length === 0) return [];
    return [
      {
        emoji,
        count: people.length,
        reactedByMe: people.some((row) => row.userId === viewerId),
        people: people.map(({ userId, displayName, formerMember }) => ({ userId, displayName, formerMember })),
      },
    ];
  });
}

function groupByItem(rows: readonly ReactionRow[]): Map<string, ReactionRow[]> {
  const byItem = new Map<string, ReactionRow[]>();
  for (const row of rows) byItem.set(row.itemId, [...(byItem.get(row.itemId) ?? []), row]);
  return byItem;
}

/**
 * The newest activities and feed events together, newest first, each with its reactions. Reads
 * the newest `limit` of each, then keeps the newest `limit` of both (three reads, by index).
 */
async function readFeed(
  deps: AppDeps,
  scope: TenantScope & { companyId: CompanyId },
  query: FeedQuery,
): Promise<{ items: BareFeedItem[]; reactions: Map<string, ReactionRow[]> }> {
  const db = deps.database.db;
  const [activities, events] = await Promise.all([
    findLatestActivities(db, scope, { limit: query.limit, teamId: query.teamId }),
    withTenant(db, scope, (tx) => selectFeedEventViewsIn(tx, scope.companyId, { limit: query.limit, teamId: query.teamId })),
  ]);
  const items: BareFeedItem[] = [
    ...activities.map((row) => {
      const activity = toRecentActivity(row);
      return { type: 'activity' as const, id: activity.id, createdAt: activity.createdAt, activity };
    }),
    ...events.map((event) => ({ type: 'event' as const, id: event.id, createdAt: event.createdAt, event })),
  ]
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id))
    .slice(0, query.limit);
  const rows = await withTenant(db, scope, (tx) =>
    selectReactions(
      tx,
      scope.companyId,
      items.map((item) => item.id),
    ),
  );
  return { items, reactions: groupByItem(rows) };
}

/** GET /feed: the floor's feed for a member, optionally a team's (decision 040). */
export async function getFeed(deps: AppDeps, actor: Actor, query: FeedQuery): Promise<Feed> {
  if (query.teamId !== undefined && !(await findTeamRef(deps, actor, query.teamId))) throw notFound('No such team in your company.');
  const { items, reactions } = await readFeed(deps, memberScopeOf(actor), query);
  return {
    items: items.map((item) => ({ ...item, reactions: summarizeReactions(reactions.get(item.id) ?? [], actor.userId) })),
  };
}

/** How many items a wall screen reads: enough to find what just landed in a burst. */
export const DISPLAY_FEED_SIZE = 15;

/** The wall a display link shows (the display-links module resolves its token). */
export type FeedWall = { companyId: CompanyId; team: { id: string } | null };

/**
 * What a display link's wall celebrates and its newest items, as a signed-out screen may see
 * them: names and what happened, a sale's value and customer as the company's settings allow
 * (decision 078); never notes or reactors. The display-links module resolves the link's token and
 * calls this (GET /display/{token}/feed, and the playlist's feed screen, decision 087).
 */
export async function getWallFeed(deps: AppDeps, wall: FeedWall, limit = DISPLAY_FEED_SIZE): Promise<DisplayFeed> {
  const scope = { companyId: wall.companyId, userId: null };
  const [settings, feed] = await Promise.all([
    readSettings(deps.database.db, scope),
    readFeed(deps, scope, { limit, teamId: wall.team?.id }),
  ]);
  const { saleMinimum: _hidden, ...celebrations } = settings;
  return {
    celebrations,
    items: feed.items.map((item) => toDisplayFeedItem(item, feed.reactions.get(item.id) ?? [], settings)),
  };
}

function toDisplayFeedItem(item: BareFeedItem, reactions: readonly ReactionRow[], settings: CelebrationSettings): DisplayFeedItem {
  const counts = summarizeReactions(reactions, null).map(({ emoji, count }) => ({ emoji, count }));
  if (item.type === 'activity') {
    const { activity } = item;
    const isSale = activity.type === 'sale';
    return {
      type: 'activity',
      id: item.id,
      createdAt: item.createdAt,
      userId: activity.userId,
      displayName: activity.displayName,
      formerMember: activity.formerMember,
      activityType: activity.type,
      ownType: activity.ownType,
      meetingBooked: activity.meetingBooked,
      // A sale's value, or an own type's amount (an upsell's), where the company shows amounts on its walls.
      saleValue: settings.showSaleAmount ? activity.amount : null,
      customerName: isSale && settings.showSaleCustomer ? activity.customerName : null,
      eventKind: null,
      teamName: null,
      subjectId: null,
      data: {},
      reactions: counts,
    };
  }
  const { event } = item;
  return {
    type: 'event',
    id: item.id,
    createdAt: item.createdAt,
    userId: event.userId,
    displayName: event.displayName,
    formerMember: event.formerMember,
    activityType: null,
    ownType: null,
    meetingBooked: false,
    saleValue: null,
    customerName: null,
    eventKind: event.kind,
    teamName: event.teamName,
    subjectId: event.subjectId,
    data: event.data,
    reactions: counts,
  };
}

import type { CelebrationSettings, FeedItemType, ReactionEmoji } from '@core/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { celebrationSettings, feedReactions, profiles } from '../../db/schema';
import type { CompanyId, UserId } from '../../db/tenant';

/* What a company celebrates (one row, written by admins) and the reactions to its feed items (decision 051). */

/** The company's saved choices, or null before an admin saved any. */
export async function selectCelebrationSettings(tx: Executor, companyId: CompanyId): Promise<CelebrationSettings | null> {
  const [row] = await tx
    .select({
      sales: celebrationSettings.sales,
      saleMinimum: celebrationSettings.saleMinimum,
      showSaleAmount: celebrationSettings.showSaleAmount,
      showSaleCustomer: celebrationSettings.showSaleCustomer,
      meetings: celebrationSettings.meetings,
      goals: celebrationSettings.goals,
      records: celebrationSettings.records,
      contests: celebrationSettings.contests,
      badges: celebrationSettings.badges,
      sound: celebrationSettings.sound,
      style: celebrationSettings.style,
    })
    .from(celebrationSettings)
    .where(eq(celebrationSettings.companyId, companyId));
  return row ? { ...row, style: row.style as CelebrationSettings['style'] } : null;
}

export async function upsertCelebrationSettings(
  tx: Transaction,
  companyId: CompanyId,
  settings: CelebrationSettings,
  now: Date,
): Promise<void> {
  await tx
    .insert(celebrationSettings)
    .values({ companyId, ...settings, updatedAt: now })
    .onConflictDoUpdate({ target: celebrationSettings.companyId, set: { ...settings, updatedAt: now } });
}

const itemColumn = (type: FeedItemType) => (type === 'activity' ? feedReactions.activityId : feedReactions.feedEventId);

/**
 * Adds the member's emoji to the item, or takes it back when it was there; true when added. The
 * unique index makes a double click's second insert a no-op rather than a second reaction.
 */
export async function toggleReactionRow(
  tx: Transaction,
  companyId: CompanyId,
  userId: UserId,
  item: { type: FeedItemType; id: string },
  emoji: ReactionEmoji,
  now: Date,
): Promise<boolean> {
  const removed = await tx
    .delete(feedReactions)
    .where(
      and(
        eq(feedReactions.companyId, companyId),
        eq(itemColumn(item.type), item.id),
        eq(feedReactions.userId, userId),
        eq(feedReactions.emoji, emoji),
      ),
    )
    .returning({ id: feedReactions.id });
  if (removed.length > 0) return false;
  await tx
    .insert(feedReactions)
    .values({
      companyId,
      userId,
      emoji,
      activityId: item.type === 'activity' ? item.id : null,
      feedEventId: item.type === 'event' ? item.id : null,
      createdAt: now,
    })
    .onConflictDoNothing();
  return true;
}

export type ReactionRow = {
  itemId: string;
  emoji: string;
  userId: string;
  displayName: string | null;
  formerMember: boolean;
};

/** The reactions to these items, earliest first, with the reactors' names now. */
export async function selectReactions(tx: Executor, companyId: CompanyId, itemIds: readonly string[]): Promise<ReactionRow[]> {
  if (itemIds.length === 0) return [];
  const itemId = sql<string>`coalesce(${feedReactions.activityId}, ${feedReactions.feedEventId})`;
  const rows = await tx
    .select({
      itemId,
      emoji: feedReactions.emoji,
      userId: feedReactions.userId,
      displayName: profiles.displayName,
      formerMember: sql<boolean>`coalesce(${profiles.erasedAt} IS NOT NULL AND ${profiles.removedAt} IS NOT NULL, false)`,
    })
    .from(feedReactions)
    // Names only: memberships are their owner's (a read's join costs no round trip).
    .leftJoin(profiles, and(eq(profiles.companyId, feedReactions.companyId), eq(profiles.userId, feedReactions.userId)))
    // The expression matches feed_reactions_item_user_emoji_idx (company_id, coalesce(...)).
    .where(and(eq(feedReactions.companyId, companyId), inArray(itemId, [...itemIds])))
    .orderBy(asc(feedReactions.createdAt), asc(feedReactions.id));
  return rows.map((row) => ({ ...row, formerMember: row.formerMember === true || (row.formerMember as unknown) === 't' }));
}

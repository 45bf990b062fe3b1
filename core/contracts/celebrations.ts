import { z } from 'zod';
import { OwnTypeLookSchema } from './activity-types';
import { text } from './common';
import { REACTION_EMOJIS } from './constants';
import { FeedEventKindSchema } from './feed';
import { RecentActivitySchema } from './scoreboard';
import { TeamIdSchema } from './teams';

/*
 * Celebrations and reactions (decision 051): what the company celebrates on its TVs and in the
 * app, the floor's feed (activities and feed events together) and the emoji reactions to it.
 */

/** How a celebration looks: falling confetti, a spotlight on the person, or a calm banner. */
export const CELEBRATION_STYLES = ['confetti', 'spotlight', 'banner'] as const;
export const CelebrationStyleSchema = z.enum(CELEBRATION_STYLES);
export type CelebrationStyle = z.infer<typeof CelebrationStyleSchema>;

/** The largest sale minimum (minor units): 1 000 000 000.00 in any currency. */
export const SALE_MINIMUM_MAX = 100_000_000_000;

/** GET and PUT /celebrations/settings: every switch, the sale minimum and the look. */
export const CelebrationSettingsSchema = z.object({
  /** Celebrate a sale (at or above `saleMinimum`). */
  sales: z.boolean(),
  /** The smallest sale celebrated, in minor units of the company's currency; 0 celebrates every sale. */
  saleMinimum: z
    .number({ message: 'saleMinimum must be a number' })
    .int('saleMinimum must be whole minor units')
    .min(0, 'saleMinimum cannot be negative')
    .max(SALE_MINIMUM_MAX, 'saleMinimum is too large'),
  /** A sale's card names its amount (decision 078); off for a wall where amounts are nobody else's business. */
  showSaleAmount: z.boolean().default(true),
  /** A sale's card names its customer (decision 078). */
  showSaleCustomer: z.boolean().default(true),
  /** A call that booked a meeting. */
  meetings: z.boolean(),
  /** A member reached a daily goal. */
  goals: z.boolean(),
  /** A record broken (a personal best day, a team's best month). */
  records: z.boolean(),
  /** A contest won (its finish). */
  contests: z.boolean(),
  /** A badge earned. */
  badges: z.boolean(),
  /** The TV's chime; off by default (a screen still needs a tap before a browser plays sound). */
  sound: z.boolean(),
  style: CelebrationStyleSchema,
});
export type CelebrationSettings = z.infer<typeof CelebrationSettingsSchema>;

/** What a company celebrates before an admin has chosen. */
export const DEFAULT_CELEBRATION_SETTINGS: CelebrationSettings = {
  sales: true,
  saleMinimum: 0,
  showSaleAmount: true,
  showSaleCustomer: true,
  meetings: true,
  goals: true,
  records: true,
  contests: true,
  badges: true,
  sound: false,
  style: 'confetti',
};

export { CELEBRATED_FEED_KINDS } from './constants';

// ---- reactions ----------------------------------------------------------------------------------

/** The small set of reactions, in the order they are offered. */
export { REACTION_EMOJIS };
export const ReactionEmojiSchema = z.enum(REACTION_EMOJIS, { message: `emoji must be one of ${REACTION_EMOJIS.join(' ')}` });
export type ReactionEmoji = z.infer<typeof ReactionEmojiSchema>;

export const FEED_ITEM_TYPES = ['activity', 'event'] as const;
export const FeedItemTypeSchema = z.enum(FEED_ITEM_TYPES);
export type FeedItemType = z.infer<typeof FeedItemTypeSchema>;

/** POST /feed/reactions: adds the caller's emoji to an item, or takes it back when it is there. */
export const ToggleReactionSchema = z.object({
  itemType: FeedItemTypeSchema,
  itemId: z.uuid({ error: 'Not a feed item id' }),
  emoji: ReactionEmojiSchema,
});
export type ToggleReaction = z.infer<typeof ToggleReactionSchema>;

export const ReactionPersonSchema = z.object({
  userId: text(),
  displayName: text().nullable(),
  /** Erased and gone (decision 022): named "Former member". */
  formerMember: z.boolean(),
});
export type ReactionPerson = z.infer<typeof ReactionPersonSchema>;

/** One emoji on one item: how many, whether the caller is among them, and who (earliest first). */
export const FeedReactionSchema = z.object({
  emoji: ReactionEmojiSchema,
  count: z.number().int(),
  reactedByMe: z.boolean(),
  people: z.array(ReactionPersonSchema),
});
export type FeedReaction = z.infer<typeof FeedReactionSchema>;

/** The answer to a toggle: the item's reactions now, in the order of REACTION_EMOJIS. */
export const ItemReactionsSchema = z.object({
  itemType: FeedItemTypeSchema,
  itemId: text(),
  reactions: z.array(FeedReactionSchema),
});
export type ItemReactions = z.infer<typeof ItemReactionsSchema>;

// ---- the feed -----------------------------------------------------------------------------------

export const FeedQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(15),
  teamId: TeamIdSchema.optional(),
});
export type FeedQuery = z.infer<typeof FeedQuerySchema>;

/** A feed event as the feed shows it: the stored event with the names looked up now. */
export const FeedEventViewSchema = z.object({
  id: text(),
  kind: FeedEventKindSchema,
  userId: text().nullable(),
  /** The member's name now (null: no member, or none set). */
  displayName: text().nullable(),
  formerMember: z.boolean(),
  teamId: text().nullable(),
  teamName: text().nullable(),
  subjectId: text().nullable(),
  /** The kind's own ids and numbers (each kind's owner documents them). */
  data: z.record(text(), z.unknown()),
  createdAt: text(),
});
export type FeedEventView = z.infer<typeof FeedEventViewSchema>;

export const FeedItemSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('activity'),
    id: text(),
    createdAt: text(),
    activity: RecentActivitySchema,
    reactions: z.array(FeedReactionSchema),
  }),
  z.object({ type: z.literal('event'), id: text(), createdAt: text(), event: FeedEventViewSchema, reactions: z.array(FeedReactionSchema) }),
]);
export type FeedItem = z.infer<typeof FeedItemSchema>;

/** GET /feed: the newest activities and feed events together, newest first, with their reactions. */
export const FeedSchema = z.object({ items: z.array(FeedItemSchema) });
export type Feed = z.infer<typeof FeedSchema>;

// ---- a display link's wall ------------------------------------------------------------------------

/**
 * One feed item on a signed-out wall: who and what, and the reactions' counts. A sale's value and
 * customer only as the company's celebration settings let the wall name them (decision 078); no
 * notes or reactors' names.
 */
export const DisplayFeedItemSchema = z.object({
  type: FeedItemTypeSchema,
  id: text(),
  createdAt: text(),
  userId: text().nullable(),
  displayName: text().nullable(),
  formerMember: z.boolean(),
  /** An activity's stored type (call_answered, sale, ...); null for an event. */
  activityType: text().nullable(),
  /** An activity of one of the company's own types (decision 100) or of a renamed built-in kind (116): its names and look; null otherwise. */
  ownType: OwnTypeLookSchema.nullable(),
  meetingBooked: z.boolean(),
  /**
   * A sale's value in minor units, or the amount of an activity of the company's own types (its first
   * money field with a value); null for anything else, or while the company hides amounts.
   */
  saleValue: z.number().int().nullable(),
  /** A sale's customer; null for anything else, none named, or while the company hides customers. */
  customerName: text().nullable(),
  /** An event's kind; null for an activity. */
  eventKind: FeedEventKindSchema.nullable(),
  teamName: text().nullable(),
  subjectId: text().nullable(),
  /** An event's data (ids and numbers); empty for an activity. */
  data: z.record(text(), z.unknown()),
  reactions: z.array(z.object({ emoji: ReactionEmojiSchema, count: z.number().int() })),
});
export type DisplayFeedItem = z.infer<typeof DisplayFeedItemSchema>;

/** GET /display/{token}/feed: what the wall celebrates and its newest feed items. */
export const DisplayFeedSchema = z.object({
  /** The company's choices, without the sale minimum (the live change already says whether a sale is celebrated). */
  celebrations: CelebrationSettingsSchema.omit({ saleMinimum: true }),
  items: z.array(DisplayFeedItemSchema),
});
export type DisplayFeed = z.infer<typeof DisplayFeedSchema>;

import { type CelebrationCard, TV_CELEBRATION_RULES } from '@core/celebrations';
import type { ReactionEmoji } from '@core/contracts';
import { useEffect, useMemo, useState } from 'react';
import {
  type CelebratedItem,
  type CelebrationSwitches,
  readCelebratedBadge,
  readContestWin,
  toCelebratedItem,
  useCelebrationQueue,
  useLandedCelebrations,
  usePrefersReducedMotion,
} from '@web/lib/celebrations';
import { useCelebrationSettings } from '@web/lib/queries/get-celebration-settings';
import { useFeed } from '@web/lib/queries/get-feed';
import { TEAM_SEARCH_PARAM } from '@web/lib/teams';
import { useDisplayCelebrations } from '../api/get-display-celebrations';

/** How many feed items a wall reads: enough to find what just landed in a burst. */
const TV_FEED_SIZE = 15;
/** How long a reaction's bubble floats on the wall, and how many show at once. */
export const REACTION_BUBBLE_MS = 8_000;
const REACTION_BUBBLES_MAX = 3;

/** A wall's feed item: who, and the counts of each emoji. */
type WallItem = CelebratedItem & { reactions: readonly { emoji: ReactionEmoji; count: number }[] };

/** Someone reacted on the floor: the emoji, its count now, and whose item it is. */
export type ReactionBubble = { key: string; emoji: ReactionEmoji; count: number } & Pick<
  CelebratedItem,
  'userId' | 'displayName' | 'formerMember'
>;

/**
 * What the wall celebrates and its feed: a display link reads both from its own signed-out
 * endpoint; a signed-in wall reads the members' feed (its team's, with ?team=) and the settings.
 */
function useWallData(displayToken: string | undefined): { switches: CelebrationSwitches | undefined; items: WallItem[] | undefined } {
  const isSignedIn = displayToken === undefined;
  // A signed-in wall opened from a filtered dashboard celebrates that team's (?team=, decision 040).
  const [teamId] = useState(() => new URLSearchParams(window.location.search).get(TEAM_SEARCH_PARAM) ?? undefined);
  const display = useDisplayCelebrations(displayToken);
  const feed = useFeed({ limit: TV_FEED_SIZE, teamId }, { enabled: isSignedIn });
  const settings = useCelebrationSettings({ enabled: isSignedIn });
  const items = useMemo((): WallItem[] | undefined => {
    if (!isSignedIn)
      return display.data?.items.map((item) => ({
        ...item,
        // A team's lead in a contest names the team (no member is the news).
        displayName: item.displayName ?? item.teamName,
        detail: nameOf(item.data),
        // The server names a sale's value and customer as far as the company shows them.
        saleValue: item.saleValue,
        customerName: item.customerName,
        // A contest won: its score, what it counts and the prize (decision 087).
        ...(item.eventKind === 'contest.finished' ? readContestWin(item.data) : {}),
        // A badge: which, named on the card (decision 107).
        ...(item.eventKind === 'badge.earned' ? readCelebratedBadge(item.data) : {}),
      }));
    return feed.data?.items.map((item) => ({
      ...toCelebratedItem(item, settings.data),
      reactions: item.reactions.map(({ emoji, count }) => ({ emoji, count })),
    }));
  }, [isSignedIn, display.data, feed.data, settings.data]);
  return { switches: isSignedIn ? settings.data : display.data?.celebrations, items };
}

/**
 * The wall's celebrations (decision 051): what the company celebrates takes the screen by the TV's
 * rules (core/celebrations: a few seconds each, a burst as one card, the board's time between two,
 * a budget per minute), in the company's style (the calm banner for a viewer who asked for less
 * motion); reactions float up as small bubbles that never cover the board.
 */
export function useTvCelebrations(displayToken: string | undefined, onShow: (card: CelebrationCard) => void) {
  const { switches, items } = useWallData(displayToken);
  const queue = useCelebrationQueue(TV_CELEBRATION_RULES, onShow);
  useLandedCelebrations(switches, items, queue.enqueue);
  const reducedMotion = usePrefersReducedMotion();
  const bubbles = useReactionBubbles(items);
  return {
    card: queue.current,
    style: reducedMotion ? ('banner' as const) : (switches?.style ?? 'confetti'),
    reducedMotion,
    bubbles,
    /** Whether the company wants the chime (off until its settings are read). */
    sound: switches?.sound ?? false,
  };
}

/** Each item's count per emoji ("item:emoji" -> count). */
function countReactions(items: readonly WallItem[] | undefined): Map<string, number> | null {
  if (!items) return null;
  return new Map(items.flatMap((item) => item.reactions.map((r) => [`${item.id}:${r.emoji}`, r.count] as const)));
}

/** New reactions since the last reading of the feed (none for the first reading). */
function useReactionBubbles(items: readonly WallItem[] | undefined): ReactionBubble[] {
  const [seenItems, setSeenItems] = useState(items);
  const [counts, setCounts] = useState(() => countReactions(items));
  const [bubbles, setBubbles] = useState<ReactionBubble[]>([]);

  // A new reading of the feed (React's "store information from previous renders").
  if (items !== seenItems) {
    setSeenItems(items);
    const next = countReactions(items);
    if (items && next && counts) {
      const fresh = items.flatMap((item) =>
        item.reactions
          .filter((r) => r.count > (counts.get(`${item.id}:${r.emoji}`) ?? 0))
          .map((r) => ({ key: `${item.id}:${r.emoji}:${r.count}`, emoji: r.emoji, count: r.count, ...pickWho(item) })),
      );
      if (fresh.length > 0) setBubbles([...bubbles, ...fresh].slice(-REACTION_BUBBLES_MAX));
    }
    // Items that left the feed are forgotten; the ones still there keep their counts.
    if (next) setCounts(next);
  }

  useEffect(() => {
    if (bubbles.length === 0) return;
    const timer = setTimeout(() => setBubbles((current) => current.slice(1)), REACTION_BUBBLE_MS);
    return () => clearTimeout(timer);
  }, [bubbles]);

  return bubbles;
}

/** A feed event's own name for what it is about (a contest's `data.name`), if it has one. */
function nameOf(data: Record<string, unknown>): string | null {
  return typeof data.name === 'string' ? data.name : null;
}

const pickWho = ({ userId, displayName, formerMember }: CelebratedItem) => ({ userId, displayName, formerMember });

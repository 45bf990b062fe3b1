import {
  advanceCelebrations,
  type CelebrationCard,
  type CelebrationEvent,
  type CelebrationKind,
  type CelebrationQueueState,
  type CelebrationRules,
  EMPTY_CELEBRATION_QUEUE,
  enqueueCelebrations,
} from '@core/celebrations';
import type { CelebrationSettings, FeedItem, KpiFormat, LiveChange, LocalizedNames, OwnTypeLook } from '@core/contracts';
import type { ContestScoreUnit } from '@core/contests';
import { CELEBRATED_FEED_KINDS, CONTEST_METRICS } from '@core/contracts/constants';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useRealtimeChanges } from './realtime-provider';

/*
 * Celebrations on a screen (decision 051): which live changes are worth one, and the queue that
 * decides when each takes the screen (the rules are core's, core/celebrations). Shared by the wall
 * TV and the app's lighter celebration.
 */

/** The switches a screen celebrates by (a display link's answer leaves the sale minimum out: the database applies it). */
export type CelebrationSwitches = Omit<CelebrationSettings, 'saleMinimum'>;

const FEED_KINDS: Record<string, CelebrationKind> = {
  'goal.reached': 'goal',
  'record.broken': 'record',
  'contest.finished': 'contest',
  'contest.started': 'contestStarted',
  'contest.lead_changed': 'contestLead',
  'badge.earned': 'badge',
};

/**
 * What a live change is worth celebrating, by the company's switches: a new activity the database
 * marked as celebrated (a sale at or above the minimum, a booked meeting, an own type its admin
 * chose to celebrate), or a new feed event of a kind that is switched on. Edits, deletions and
 * everything else never celebrate.
 */
export function findCelebrationKind(change: LiveChange, switches: CelebrationSwitches): CelebrationKind | null {
  if (change.op !== 'INSERT') return null;
  if (change.table === 'activities') {
    if (!change.activity?.celebrate) return null;
    // An own type's choice is its own switch (decision 105): the database read it.
    if (change.activity.type === 'custom') return 'activity';
    if (change.activity.type === 'sale') return switches.sales ? 'sale' : null;
    return change.activity.meetingBooked && switches.meetings ? 'meeting' : null;
  }
  if (change.table === 'feed_events' && change.feed) {
    const setting = CELEBRATED_FEED_KINDS[change.feed.kind as keyof typeof CELEBRATED_FEED_KINDS];
    const kind = FEED_KINDS[change.feed.kind];
    return setting && kind && switches[setting] ? kind : null;
  }
  return null;
}

/** A feed item as a screen knows it: enough to name who is celebrated. */
export type CelebratedItem = {
  id: string;
  userId: string | null;
  displayName: string | null;
  formerMember: boolean;
  /** What it is about, when it names something (a contest's name). */
  detail?: string | null;
  /** A sale's value and customer, as far as the company shows them (decision 078). */
  saleValue?: number | null;
  customerName?: string | null;
  /** A contest won: the winner's score with what it counts, and the prize (decision 087). */
  contestScore?: { score: number; unit: ContestScoreUnit } | null;
  prize?: string | null;
  /** An own type's activity: the type's names and look, and its outcome's names (decision 105). */
  ownType?: OwnTypeLook | null;
  /** A badge earned: its kind, and a company's own badge's names (decision 107). */
  badge?: { kind: string; names: LocalizedNames | null } | null;
};

/**
 * An item of the members' feed as a screen celebrates it, the same on the dashboard and on a
 * signed-in wall: who; a contest's news names the contest and a team's lead the team; a sale its
 * value and customer as far as the company's settings show them (decision 078), as the server
 * tells a display link's wall.
 */
export function toCelebratedItem(
  item: FeedItem,
  switches: Pick<CelebrationSwitches, 'showSaleAmount' | 'showSaleCustomer'> | undefined,
): CelebratedItem {
  if (item.type === 'activity') {
    const { activity } = item;
    const isShownSale = activity.type === 'sale' && switches !== undefined;
    return {
      id: item.id,
      userId: activity.userId,
      displayName: activity.displayName,
      formerMember: activity.formerMember,
      // A sale's value, or an own type's amount (a celebrated upsell's), as a display link's wall shows it.
      saleValue: switches?.showSaleAmount ? activity.amount : null,
      customerName: isShownSale && switches.showSaleCustomer ? activity.customerName : null,
      ownType: activity.ownType,
    };
  }
  const { event } = item;
  return {
    id: item.id,
    userId: event.userId,
    displayName: event.displayName ?? event.teamName,
    formerMember: event.formerMember,
    detail: typeof event.data.name === 'string' ? event.data.name : null,
    ...(event.kind === 'contest.finished' ? readContestWin(event.data) : {}),
    ...(event.kind === 'badge.earned' ? readCelebratedBadge(event.data) : {}),
  };
}

/** What a winning score counts: a metric's key, or a KPI's names and format (decision 103); null when unknown. */
function readScoreUnit(unit: unknown): ContestScoreUnit | null {
  if (typeof unit === 'string') return (CONTEST_METRICS as readonly string[]).includes(unit) ? (unit as ContestScoreUnit) : null;
  if (typeof unit !== 'object' || unit === null) return null;
  const { names, format, decimals } = unit as Record<string, unknown>;
  // An unknown format is written as a number (formatKpiValue's default): no zod here (decision 085).
  if (typeof names !== 'object' || names === null || typeof format !== 'string') return null;
  return { names: names as LocalizedNames, format: format as KpiFormat, decimals: typeof decimals === 'number' ? decimals : 0 };
}

/** A badge.earned event's badge: its kind, and a company's own badge's names, which the event carries (decision 107). */
export function readCelebratedBadge(data: Record<string, unknown>): Pick<CelebratedItem, 'badge'> {
  if (typeof data.badge !== 'string') return {};
  const names = typeof data.names === 'object' && data.names !== null ? (data.names as LocalizedNames) : null;
  return { badge: { kind: data.badge, names } };
}

/**
 * A contest.finished event's winning score and prize (contests.service writes `winners`, `unit`
 * and `prizes`; an event from before decision 087 has no unit and shows no score).
 */
export function readContestWin(data: Record<string, unknown>): Pick<CelebratedItem, 'contestScore' | 'prize'> {
  const winner = Array.isArray(data.winners) ? (data.winners[0] as { score?: unknown } | undefined) : undefined;
  const unit = readScoreUnit(data.unit);
  return {
    contestScore: unit && typeof winner?.score === 'number' ? { score: winner.score, unit } : null,
    prize: typeof data.prizes === 'string' && data.prizes.trim() ? data.prizes.trim() : null,
  };
}

/**
 * The celebrations that landed: each change worth one is remembered by its item's id until the
 * screen's next reading of the feed has the item (with the name to show); then it is handed to
 * `onLanded`. Live changes say what happened but not who by name, and a signed-out screen reads
 * names only from its feed. An item the feed never shows (another team's, or pushed out by a burst)
 * is forgotten after a minute.
 */
export function useLandedCelebrations(
  switches: CelebrationSwitches | undefined,
  items: readonly CelebratedItem[] | undefined,
  onLanded: (events: CelebrationEvent[]) => void,
) {
  const pending = useRef(new Map<string, { kind: CelebrationKind; at: number }>());
  const [version, setVersion] = useState(0);

  useRealtimeChanges(
    useCallback(
      (change: LiveChange) => {
        if (!switches) return;
        const kind = findCelebrationKind(change, switches);
        if (!kind) return;
        pending.current.set(change.id, { kind, at: Date.now() });
        setVersion((v) => v + 1);
      },
      [switches],
    ),
  );

  const announce = useRef(onLanded);
  useEffect(() => {
    announce.current = onLanded;
  });

  useEffect(() => {
    if (!items || pending.current.size === 0) return;
    const landed: CelebrationEvent[] = [];
    for (const [id, { kind, at }] of pending.current) {
      const item = items.find((i) => i.id === id);
      if (item) {
        landed.push({
          id,
          kind,
          userId: item.userId,
          displayName: item.displayName,
          formerMember: item.formerMember,
          detail: item.detail,
          saleValue: item.saleValue,
          customerName: item.customerName,
          contestScore: item.contestScore,
          prize: item.prize,
          ownType: item.ownType,
          badge: item.badge,
        });
        pending.current.delete(id);
      } else if (Date.now() - at > 60_000) {
        pending.current.delete(id);
      }
    }
    if (landed.length > 0) announce.current(landed);
  }, [items, version]);
}

/**
 * The queue with its one timer, outside React (a store the screen subscribes to): what shows now,
 * and `enqueue` for what landed. Each card is handed to `onShow` once, when it takes the screen.
 */
class CelebrationQueueStore {
  private state: CelebrationQueueState = EMPTY_CELEBRATION_QUEUE;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly listeners = new Set<() => void>();
  private onShow: ((card: CelebrationCard) => void) | undefined;

  constructor(private readonly rules: CelebrationRules) {}

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stop();
    };
  };

  readonly setOnShow = (onShow: ((card: CelebrationCard) => void) | undefined) => {
    this.onShow = onShow;
  };

  readonly current = (): CelebrationCard | null => this.state.current?.card ?? null;

  readonly enqueue = (events: readonly CelebrationEvent[]) => {
    this.state = enqueueCelebrations(this.state, events, Date.now());
    this.step();
  };

  private readonly step = () => {
    this.stop();
    const before = this.state;
    const { state, nextInMs } = advanceCelebrations(before, Date.now(), this.rules);
    this.state = state;
    if (state.current !== before.current) {
      if (state.current) this.onShow?.(state.current.card);
      this.listeners.forEach((listener) => listener());
    }
    if (nextInMs !== null) this.timer = setTimeout(this.step, nextInMs);
  };

  private stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

/** The queue for one screen by `rules` (core/celebrations): the card showing now, or null, and `enqueue`. */
export function useCelebrationQueue(rules: CelebrationRules, onShow?: (card: CelebrationCard) => void) {
  const [store] = useState(() => new CelebrationQueueStore(rules));
  useEffect(() => store.setOnShow(onShow), [store, onShow]);
  const current = useSyncExternalStore(store.subscribe, store.current, store.current);
  return { current, enqueue: store.enqueue };
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener?.('change', onChange);
  return () => query?.removeEventListener?.('change', onChange);
}

/** Whether the viewer asked for less motion (follows the system setting while the page is open). */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia?.(REDUCED_MOTION).matches ?? false,
    () => false,
  );
}

import { hashKey, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { LiveChange, LiveTable } from '@core/contracts';
import { apiUrl } from './api';
import { importOrReload } from './lazy-import';
import { queryKeys } from './query-keys';

/**
 * Which queries a change to each table makes stale: families from the query-key registry
 * (./query-keys.ts), refetched with everything under them. Every table the stream may name
 * (LIVE_TABLES, core/contracts/events.ts) has its row.
 */
export const LIVE_REFRESHES: Readonly<Record<LiveTable, readonly QueryKey[]>> = {
  activities: [
    queryKeys.activities.all,
    queryKeys.scoreboard.all,
    queryKeys.myStats.all,
    queryKeys.myTargets.all,
    queryKeys.wrapups.all,
    queryKeys.company.all,
    // A contest's standings are the rollups of its days (decision 049).
    queryKeys.contests.all,
    // The floor's feed (decision 051) lists activities beside the feed events.
    queryKeys.feed.all,
  ],
  // A saved wrap-up is new (or unread again) in its coaches' lists.
  wrapups: [queryKeys.wrapups.all, queryKeys.coaching.all],
  // A comment on a wrap-up (decision 045): the rep's conversations and the coaches' lists and views.
  wrapup_comments: [queryKeys.coaching.all],
  // Revocations (migration 0004) and a link pointed at another playlist (0031): another admin's
  // Integrations tab, and the wall, which starts rotating through the new playlist.
  display_links: [queryKeys.displayLinks, queryKeys.displayPlaylists],
  // A playlist edited (0031): the admins' list, the walls showing it, and its message screens.
  tv_playlists: [queryKeys.tvPlaylists, queryKeys.displayPlaylists, queryKeys.scoreboard.displays],
  // Joins, removals, role changes and renames (migration 0006): member lists, names on the boards,
  // and the viewer's own rights (/me) follow at once.
  // Migration 0027: a member moving team too (the teams list, boards filtered by team, team targets).
  profiles: [queryKeys.me, queryKeys.company.all, queryKeys.scoreboard.all, queryKeys.teams, queryKeys.myTargets.all],
  // Migration 0008: goals edited on another device, or by the rep's lead (the rep's cards, the lead's
  // list of their people's goals: decision 044); an admin's rule change (the log buttons' points,
  // the KPI Rules tab of other admins).
  // A board ranked by % of goal measures against goals, targets and (for points) the rules
  // (decision 053): those change it too, so the boards follow them.
  goals: [queryKeys.myStats.all, queryKeys.targets.teamGoals, queryKeys.scoreboard.all],
  kpi_rules: [queryKeys.kpiRules, queryKeys.scoreboard.all],
  // Announced for the server's signed-in cache (migration 0013); the screens have not followed a
  // company's rename or new time zone live so far (the admin's own screen refetches on saving).
  companies: [],
  // Migration 0027: a target set or ended by a lead reaches the rep's targets card, every Targets
  // list and the person pages at once.
  targets: [queryKeys.myTargets.all, queryKeys.targets.all, queryKeys.scoreboard.all],
  // A team created, renamed or deleted, or its leads changed: the teams list (and with it the
  // navigation's lead check), the boards filtered by team, whom a lead may set targets for, and
  // team targets (a deleted team's go with it).
  teams: [queryKeys.teams, queryKeys.scoreboard.all, queryKeys.targets.all, queryKeys.myTargets.all],
  team_leads: [queryKeys.teams, queryKeys.scoreboard.all, queryKeys.targets.all, queryKeys.coaching.all],
  // A contest started or changed leader, a badge earned, a goal reached, a record broken (decision 048).
  // A badge earned arrives as a feed event (decision 050): the boards' icons and the rep's page follow;
  // a contest's start and finish change its page and the list (decision 049).
  feed_events: [queryKeys.feed.all, queryKeys.badges.all, queryKeys.contests.all],
  // Someone reacted to a feed item, or took a reaction back (decision 051): the feeds' counts and names.
  feed_reactions: [queryKeys.feed.all],
  // An admin changed what is celebrated: the app's celebrations and every wall follow at once.
  celebration_settings: [queryKeys.celebrationSettings, queryKeys.feed.all],
  // An admin changed the company's own activity types (decision 100) or renamed a built-in kind (decision
  // 116): every editor and log menu follows, and the feeds and boards that name activities by their type.
  activity_types: [queryKeys.activityTypes, queryKeys.feed.all, queryKeys.scoreboard.all],
  // An admin changed a KPI (decision 101): the editor, and the values every screen shows.
  kpis: [queryKeys.kpis, queryKeys.scoreboard.all],
  // A board made, changed or deleted (decision 102): the list and every screen showing it, a wall's too.
  boards: [queryKeys.boards.all, queryKeys.scoreboard.displays],
  // An admin changed the company's own badges (decision 107): the editor, and their looks on the boards.
  company_badges: [queryKeys.badges.all, queryKeys.scoreboard.all],
};

/** Every family live updates keep fresh, once each. */
function findLiveKeys(): QueryKey[] {
  return [
    ...new Map(
      Object.values(LIVE_REFRESHES)
        .flat()
        .map((key) => [hashKey(key), key]),
    ).values(),
  ];
}

/** Refetches every query that live updates keep fresh (after missed events, or a new day). */
export function refreshLiveQueries(queryClient: QueryClient): void {
  for (const queryKey of findLiveKeys()) void queryClient.invalidateQueries({ queryKey });
}

/**
 * On a stream's first 'ready': refetches the live queries read before it. The server listens for the
 * stream's changes before it says 'ready', so a change made between a read and that moment reaches
 * no stream: a read before the stream was asked for (a wall opens its stream only once its board
 * has come; without this a sale in that moment waited for the wall's minute refresh), and a read
 * while the stream was being opened, which on a busy server takes a while (a dashboard opened as a
 * rep logged missed the rep's goal in its feed; the activity-types journey caught it). Queries read
 * after 'ready' are left alone: the stream brings their changes. On a quick server the page's own
 * reads mostly land after 'ready', so this rereads little. The cache is searched first so that a
 * page with nothing read before asks for no invalidation at all.
 */
function refreshReadBefore(queryClient: QueryClient, readyAt: number): void {
  const readBefore = (query: Query) => query.state.dataUpdatedAt > 0 && query.state.dataUpdatedAt <= readyAt;
  for (const queryKey of findLiveKeys()) {
    if (queryClient.getQueryCache().findAll({ queryKey, predicate: readBefore }).length === 0) continue;
    void queryClient.invalidateQueries({ queryKey, predicate: readBefore });
  }
}

/** The change a 'change' event carries, or null for anything the contract does not describe. */
export type LiveChangeReader = (data: unknown) => LiveChange | null;

let changeReader: LiveChangeReader | null = null;
let loadingReader: Promise<LiveChangeReader> | null = null;

/**
 * Reads 'change' events with the contract's schema (LiveChangeSchema, core/contracts/events.ts).
 * Loaded with the first change rather than with the page: zod is some 28 KB gzipped that the
 * signed-in shell's first load does without (decision 026). Resolves at once after the first time.
 */
export function loadLiveChangeReader(): Promise<LiveChangeReader> {
  loadingReader ??= importOrReload(() => import('@core/contracts/events')).then(
    ({ LiveChangeSchema }) => {
      changeReader = (data) => {
        if (typeof data !== 'string') return null;
        try {
          const parsed = LiveChangeSchema.safeParse(JSON.parse(data));
          return parsed.success ? parsed.data : null;
        } catch {
          return null; // not JSON
        }
      };
      return changeReader;
    },
    (error: unknown) => {
      loadingReader = null; // tried again with the next change
      throw error;
    },
  );
  return loadingReader;
}

/** Several changes within this window cause one refetch (a burst of calls is one update). */
const DEBOUNCE_MS = 75;
/** Waits before re-opening a stream the browser gave up on: 2 s, doubling up to a minute. */
const REOPEN_MIN_MS = 2_000;
const REOPEN_MAX_MS = 60_000;

type Listener = (change: LiveChange) => void;

/**
 * A random id for this page's stream (16 bytes, hex). Not crypto.randomUUID: browsers offer that
 * only on https and localhost, and an office may run Dealboard on a plain http address.
 */
function createClientId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Whether the stream is open: before its first 'ready', open, or lost and being reopened. */
export type RealtimeStatus = 'connecting' | 'live' | 'reconnecting';

export type ConnectRealtimeOptions = {
  /** Called when the stream opens ('live') or is lost and being reopened ('reconnecting'). */
  onStatus?: (status: RealtimeStatus) => void;
  /**
   * Called once when the server closed this stream for a newer one (the viewer's streams are
   * capped; decision 020). The stream stays closed: reconnecting would push the newer one out,
   * and it would push back. Offer the viewer to watch here again (a new connection).
   */
  onReplaced?: () => void;
};

/**
 * While the account is being deleted: the server ends this member's streams ('revoked') as it
 * deletes, and the refetch that would follow can only answer 401 while the page leaves for the
 * public site. Set by the delete dialog for the request's time; cleared again when it fails.
 */
let isLeaving = false;
export function setLeavingTheApp(leaving: boolean): void {
  isLeaving = leaving;
}

/**
 * Opens the Server-Sent Events stream and turns changes into debounced query invalidations.
 * EventSource reconnects by itself after a network error or a server restart (the server sends
 * `retry: 2000`); on reconnect everything live is refetched, since events may have been missed.
 * Every (re)connection carries this page's `client` id, so the server replaces the page's own
 * half-open stream rather than counting it against the viewer's limit.
 */
export function connectRealtime(
  queryClient: QueryClient,
  url = apiUrl('/api/v1/events'),
  options: ConnectRealtimeOptions = {},
): { close: () => void; subscribe: (l: Listener) => () => void } {
  const streamUrl = `${url}${url.includes('?') ? '&' : '?'}client=${createClientId()}`;
  const listeners = new Set<Listener>();
  const pending = new Map<string, QueryKey>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let hasConnected = false;

  const flush = () => {
    timer = null;
    for (const queryKey of pending.values()) void queryClient.invalidateQueries({ queryKey });
    pending.clear();
  };
  const schedule = (queryKeys: readonly QueryKey[]) => {
    for (const queryKey of queryKeys) pending.set(hashKey(queryKey), queryKey);
    timer ??= setTimeout(flush, DEBOUNCE_MS);
  };

  let source: EventSource | null = null;
  let closed = false;
  let reopenTimer: ReturnType<typeof setTimeout> | null = null;
  let reopenDelayMs = REOPEN_MIN_MS;
  /** Closed for a newer stream: changes heard just before (still being read) reach the screen. */
  let wasReplaced = false;
  /** Changes heard while the reader loads (the page's first), in arrival order. */
  let waiting: unknown[] | null = null;

  /** Changes read after the stream closed for a newer one are refetched at once (no timer runs then). */
  const refresh = (queryKeys: readonly QueryKey[]) => {
    if (closed && !wasReplaced) return;
    schedule(queryKeys);
    if (closed) flush();
  };
  /** A newer server may send what this page does not know yet: ignored, never a crash. */
  const handleChange = (change: LiveChange | null) => {
    if (!change || (closed && !wasReplaced)) return;
    refresh(LIVE_REFRESHES[change.table]);
    for (const listener of listeners) listener(change);
  };

  /**
   * The browser says the network is gone: a stream can sit half-open for a long time before it
   * errors, so the screen says it is reconnecting now, and a fresh stream (retrying by itself until
   * the network is back) replaces it.
   */
  const onOffline = () => {
    if (closed || !source) return;
    source.close();
    if (reopenTimer) clearTimeout(reopenTimer);
    reopenTimer = null;
    options.onStatus?.(hasConnected ? 'reconnecting' : 'connecting');
    open();
  };
  if (typeof window !== 'undefined') window.addEventListener('offline', onOffline);

  const close = () => {
    closed = true;
    if (typeof window !== 'undefined') window.removeEventListener('offline', onOffline);
    source?.close();
    if (timer) clearTimeout(timer);
    if (reopenTimer) clearTimeout(reopenTimer);
  };

  const open = () => {
    const current = new EventSource(streamUrl, { withCredentials: true });
    source = current;
    current.addEventListener('ready', () => {
      // A 'ready' after the first (a reconnect, or the server's own resync) may follow missed events.
      if (hasConnected) schedule(findLiveKeys());
      else refreshReadBefore(queryClient, Date.now());
      hasConnected = true;
      reopenDelayMs = REOPEN_MIN_MS;
      options.onStatus?.('live');
    });
    // A stream ends with 'revoked' (a display link revoked, the viewer removed from the company):
    // refetch at once, so the screen learns why it stopped.
    current.addEventListener('revoked', () => {
      if (!isLeaving) schedule(findLiveKeys());
    });
    // A newer stream of the same viewer took this one's place: stop for good (no reconnect).
    current.addEventListener('replaced', () => {
      if (closed) return;
      wasReplaced = true;
      if (timer) {
        clearTimeout(timer);
        flush(); // changes heard just before still reach the screen
      }
      close();
      options.onReplaced?.();
    });
    current.addEventListener('change', (event) => {
      const data = (event as MessageEvent<unknown>).data;
      if (changeReader) return handleChange(changeReader(data));
      // The first change of the page: the reader is on its way; what arrives meanwhile waits, in order.
      if (waiting) return void waiting.push(data);
      waiting = [data];
      loadLiveChangeReader().then(
        (read) => {
          const heard = waiting ?? [];
          waiting = null;
          for (const item of heard) handleChange(read(item));
        },
        () => {
          // Without the reader (offline, a deploy the reload could not fix) the changes cannot be
          // told apart: refetch everything live rather than miss them.
          waiting = null;
          refresh(findLiveKeys());
        },
      );
    });
    // EventSource retries by itself after a dropped connection, but gives up for good when an
    // answer is not a stream (a 502 from a proxy during a deploy, a 503 while the database is
    // away). Then we open a new one, waiting longer each time, so a wall screen heals by itself.
    current.addEventListener('error', () => {
      if (closed) return;
      // Retrying (by itself, or by us below): the screen says so and keeps its last numbers.
      options.onStatus?.(hasConnected ? 'reconnecting' : 'connecting');
      if (current.readyState !== EventSource.CLOSED || reopenTimer) return;
      reopenTimer = setTimeout(() => {
        reopenTimer = null;
        if (!closed) open();
      }, reopenDelayMs);
      reopenDelayMs = Math.min(reopenDelayMs * 2, REOPEN_MAX_MS);
    });
  };
  open();

  return {
    close,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

import { LIVE_TABLES, type LiveChange, type LiveTable } from '@core/contracts';
import type { DbHandle, Subscription } from '../db/client';
import { StreamLimiter } from './stream-limits';

export const EVENTS_CHANNEL = 'dealboard_events';

/** What the database triggers send (see migrations/0001_rls.sql, notify_tenant_change). */
export type TenantChange = {
  /** null for account tables (session, user: migration 0013), which belong to no company. */
  company_id: string | null;
  table: string;
  op: 'INSERT' | 'UPDATE' | 'DELETE';
  id: string;
  user_id: string | null;
  /** Activities only (migration 0005): what was logged. */
  type?: string;
  meeting_booked?: boolean;
  /** Activities only (migration 0031): whether the company celebrates this new activity. */
  celebrate?: boolean;
  /** Feed events only (migration 0028): the event's kind. */
  kind?: string;
};

/**
 * What a client receives is a LiveChange (core/contracts/events.ts): the company is implied by who
 * is listening, so it is not repeated.
 */
type Listener = (change: LiveChange) => void;
/** Sees every change the database announces, whatever the company (the signed-in cache). */
type ChangeObserver = (change: TenantChange) => void;
type ResyncListener = () => void;

/**
 * One LISTEN connection per server instance fans changes out to that instance's subscribers,
 * keyed by company. Because the events travel through PostgreSQL, every instance behind a load
 * balancer sees every commit, with no broker of our own.
 */
export class RealtimeHub {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly resyncListeners = new Set<ResyncListener>();
  private readonly observers = new Set<ChangeObserver>();
  private subscription: Subscription | null = null;
  /** This instance's open event streams per member and per display link (their caps, decision 020). */
  readonly streams = new StreamLimiter();

  async start(database: DbHandle): Promise<void> {
    this.subscription = await database.listen(
      EVENTS_CHANNEL,
      (payload) => this.dispatch(payload),
      () => this.resync(),
    );
  }

  /**
   * Waits until every change this process committed so far has been dispatched here. The app calls
   * it before answering a request that may have changed who someone is (sign-out, a role, a
   * removal), so this instance's own next request already sees it.
   */
  async sync(): Promise<void> {
    await this.subscription?.sync();
  }

  private catchingUp: Promise<boolean> | null = null;
  private nextCatchUp: Promise<boolean> | null = null;

  /**
   * Waits for a sync that started after this call, so every change any instance committed before
   * it has been dispatched here (PostgreSQL delivers a listener's pending notifications before it
   * answers the next query on that connection). The signed-in cache calls it before trusting what
   * it remembers: a sign-out or a removal made through another instance is then refused on the
   * very next request here too (decision 028). Callers meanwhile share one round trip at a time on
   * the LISTEN connection. False when it could not be confirmed: the caller reads afresh instead.
   */
  catchUp(): Promise<boolean> {
    if (!this.subscription) return Promise.resolve(true);
    if (!this.catchingUp) {
      this.catchingUp = this.sync().then(
        () => true,
        () => false,
      );
      void this.catchingUp.finally(() => (this.catchingUp = null));
      return this.catchingUp;
    }
    // One is under way, but it may have started before this caller's change was committed: the
    // caller waits for the next one, which all callers arriving meanwhile share.
    this.nextCatchUp ??= this.catchingUp.then(() => {
      this.nextCatchUp = null;
      return this.catchUp();
    });
    return this.nextCatchUp;
  }

  /**
   * Whether this instance hears every commit now (its LISTEN connection is open). Background
   * workers wait to be woken while it does, and look for work often while it does not.
   */
  isListening(): boolean {
    return this.subscription?.listening() ?? false;
  }

  /** Every change, raw; returns the unsubscribe. */
  observe(observer: ChangeObserver): () => void {
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }

  /**
   * Called when this instance's LISTEN connection came back after a loss: changes committed in
   * between were never heard, so every open stream tells its browser to refetch.
   */
  onResync(listener: ResyncListener): () => void {
    this.resyncListeners.add(listener);
    return () => this.resyncListeners.delete(listener);
  }

  resync(): void {
    for (const listener of this.resyncListeners) listener();
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = null;
    this.listeners.clear();
    this.observers.clear();
    this.resyncListeners.clear();
    this.streams.clear();
  }

  subscribe(companyId: string, listener: Listener): () => void {
    let set = this.listeners.get(companyId);
    if (!set) {
      set = new Set();
      this.listeners.set(companyId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(companyId);
    };
  }

  subscriberCount(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }

  private dispatch(payload: string): void {
    let change: TenantChange;
    try {
      change = JSON.parse(payload) as TenantChange;
    } catch {
      return;
    }
    for (const observer of this.observers) observer(change);
    if (change.company_id === null) return;
    const set = this.listeners.get(change.company_id);
    if (!set) return;
    // Only what the contract describes goes out (a table given a trigger before it joins LIVE_TABLES does not).
    if (!isLiveTable(change.table)) return;
    const message: LiveChange = { table: change.table, op: change.op, id: change.id, userId: change.user_id };
    if (change.type !== undefined) {
      message.activity = { type: change.type, meetingBooked: change.meeting_booked === true };
      // Only when true: a change that is not celebrated reads as before (the flag is absent).
      if (change.celebrate === true) message.activity.celebrate = true;
    }
    if (change.kind !== undefined) message.feed = { kind: change.kind };
    for (const listener of set) listener(message);
  }
}

const liveTables: ReadonlySet<string> = new Set(LIVE_TABLES);

function isLiveTable(table: string): table is LiveTable {
  return liveTables.has(table);
}

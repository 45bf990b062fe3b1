import type { ApiTokenScope, ContestStep, Role } from '@core/contracts';
import type { KpiRule } from '@core/kpi';
import type { Auth } from './auth/auth';
import type { DbHandle, Transaction } from './db/client';
import type { CallerCheck, CompanyId, MemberScope, UserId } from './db/tenant';
import type { Config } from './env';
import type { Mailer } from './mail/mailer';
import type { ActorCache, CachedSession, SessionUser } from './modules/session/actor-cache';
import type { OutboundTargetPolicy } from './lib/outbound-targets';
import type { RealtimeHub } from './realtime/hub';

/*
 * Declared here, implemented by the modules (decision 094): this file imports no module's code, so
 * nothing that reads AppDeps is in an import circle with the modules that build it.
 */

/**
 * A worker every instance runs in the background: main.ts starts it, closeDeps stops it (and waits
 * for the round in flight), tests run its rounds by hand with runDue.
 */
export type BackgroundWorker<Round = number> = {
  /** One round: does what is due now. */
  runDue(): Promise<Round>;
  start(): void;
  stop(): Promise<void>;
};
/** A worker that can be told there is work now, rather than finding it at its next look. */
export type WakeableWorker<Round = number> = BackgroundWorker<Round> & { wake(): void };
/** Hands the domain events in the log to the followers after commit (decision 095); a round returns how many were handed over. */
export type EventLogWorker = WakeableWorker;
/**
 * A wakeable worker with steps due at times of day (decision 096): `reschedule` says what those
 * times come from changed, so they are read again at once.
 */
export type ScheduledWorker = WakeableWorker & { reschedule(): void };
/** Sends the queued webhook and chat deliveries (decision 037) and queues the daily summaries; a round returns how many were sent. */
export type WebhookWorker = ScheduledWorker;
/** Sends the weekly digests (decision 047) when the next is due (decision 098); a round returns how many mails went out. */
export type DigestScheduler = ScheduledWorker;
/**
 * Starts, follows and finishes contests (decision 049); a round returns the steps taken, per
 * contest. `wakeFor` says a company's activities changed: its contests are looked at shortly.
 */
export type ContestScheduler = BackgroundWorker<{ contestId: string; steps: ContestStep[] }[]> & {
  wakeFor(companyId: string): void;
  /** A contest's dates or a company's time zone changed: every company is looked at again now (decision 098). */
  reschedule(): void;
};
/** Finishes imports a stopped server left half-way (decision 084); woken when an import starts its work (decision 098); a round returns how many it finished. */
export type ImportWorker = WakeableWorker;
/** Sends push notifications and queues the wrap-up reminders (decision 055); a round returns how many were handled. */
export type PushWorker = ScheduledWorker;

/**
 * What the activities' writes read from tables other modules keep, inside the write's own
 * transaction (decision 097): declared here, implemented by those modules and put together in
 * activity-lookups.ts, so the activities module imports no other module.
 */
export type ActivityLookups = {
  /** The company's point rules (kpi-rules). */
  selectRulesForPoints(tx: Transaction, companyId: CompanyId): Promise<KpiRule[]>;
  /** How many days back a rep may log (companies, decision 041). */
  selectLateLoggingDays(tx: Transaction, companyId: CompanyId): Promise<number>;
  /** The company's customer of that name, found case-insensitively or created as the member (customers). */
  getOrCreateCustomer(tx: Transaction, scope: MemberScope, input: { name: string; createdAt: Date }): Promise<{ id: string; name: string }>;
  /** Whether the actor manages the member (teams): 'not_member' for no active member of the company. */
  selectManagementOf(tx: Transaction, actor: Actor, userId: string): Promise<'manages' | 'not_managed' | 'not_member'>;
};

/** Everything a request handler may need, assembled once per server instance. */
export type AppDeps = {
  config: Config;
  database: DbHandle;
  auth: Auth;
  mailer: Mailer;
  realtime: RealtimeHub;
  /** Who each session cookie is, per instance, forgotten on every change (decision 026). */
  actors: ActorCache;
  /** The clock, injectable so tests can stand on either side of a DST change. */
  now: () => Date;
  /** Where webhooks may go (production's rule or not, and name resolution); tests switch it (decision 037). */
  outboundTargets: OutboundTargetPolicy;
  /** Hands the log's domain events to the followers after commit: started by main.ts, stopped by closeDeps; tests run its rounds by hand (and the test app after each request). */
  events: EventLogWorker;
  /** Sends the queued webhook deliveries: started by main.ts, stopped by closeDeps; tests run its rounds by hand. */
  webhooks: WebhookWorker;
  /** The server's secret (AUTH_SECRET or the one kept in the database): signs the digest's unsubscribe links (decision 047). */
  signingSecret: string;
  /** Sends the weekly digests on Monday mornings: started by main.ts, stopped by closeDeps; tests run its ticks by hand. */
  digests: DigestScheduler;
  /** Starts, follows and finishes contests (decision 049): started by main.ts, stopped by closeDeps; tests run its ticks by hand. */
  contests: ContestScheduler;
  /** Finishes imports whose server stopped half-way through (decision 084): started by main.ts, stopped by closeDeps; tests run its rounds by hand. */
  imports: ImportWorker;
  /** Sends push notifications and queues the wrap-up reminders (decision 055): started by main.ts, stopped by closeDeps; tests run its rounds by hand. */
  push: PushWorker;
  /** What the activities' writes read from other modules' tables (decision 097). */
  activityLookups: ActivityLookups;
};

/** The instance's background workers, in the order they start (and stop). */
export function listBackgroundWorkers(deps: AppDeps): BackgroundWorker<unknown>[] {
  return [deps.events, deps.webhooks, deps.digests, deps.contests, deps.imports, deps.push];
}

export type { SessionUser };

/** A signed-in member acting inside their company. */
export type Actor = {
  userId: UserId;
  companyId: CompanyId;
  role: Role;
  timezone: string;
  /**
   * Set when the signed-in cache vouched for the caller and the route confirms it in its first
   * statement (confirmsCallerInTransaction, decision 096): the scopes made from this actor carry it.
   */
  caller?: CallerCheck;
};

/** The database scope of a member's request: their company, acting as them (and the caller's check, if one is due). */
export const memberScopeOf = (actor: Actor): MemberScope =>
  actor.caller
    ? { companyId: actor.companyId, userId: actor.userId, caller: actor.caller }
    : { companyId: actor.companyId, userId: actor.userId };

/** A request authenticated by a personal access token (decision 035): the token and the member it acts as. */
export type TokenCaller = {
  tokenId: string;
  scopes: readonly ApiTokenScope[];
  actor: Actor;
};

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    user: SessionUser | null;
    /** Set when the request carries `Authorization: Bearer` with a valid token (never with a session cookie). */
    token: TokenCaller | null;
    /** The scope the route declared and the token holds (requireScope): the route accepts this token. */
    tokenScope: ApiTokenScope | null;
    /** The cache key of the request's session (its signed cookie value), when signed in. */
    sessionKey: string | null;
    /**
     * The signed-in cache's entry this request trusts without a catch-up, to be confirmed by its
     * first statement (confirmCallerInTransaction, decision 096); unset otherwise.
     */
    callerToConfirm?: CachedSession;
    /** Set by writes that cannot change an account, membership or company (leavesAccountsAlone). */
    accountsUntouched: boolean;
    actor: Actor;
  };
};

import type { ApiTokenScope, Role } from '@core/contracts';
import type { Auth } from './auth/auth';
import type { DbHandle } from './db/client';
import type { CompanyId, MemberScope, UserId } from './db/tenant';
import type { Config } from './env';
import type { Mailer } from './mail/mailer';
import type { ActorCache } from './modules/session/actor-cache';
import type { OutboundTargetPolicy } from './lib/outbound-targets';
import type { WebhookWorker } from './modules/webhooks/webhooks.worker';
import type { DigestScheduler } from './modules/digest/digest.scheduler';
import type { ContestScheduler } from './modules/contests/contests.scheduler';
import type { ImportWorker } from './modules/imports/imports.worker';
import type { PushWorker } from './modules/push/push.worker';
import type { RealtimeHub } from './realtime/hub';

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
};

export type SessionUser = {
  id: UserId;
  email: string;
  name: string;
  image: string | null;
  emailVerified: boolean;
  /** The saved interface language ('en' | 'nb' when valid), null when never chosen. */
  locale: string | null;
};

/** A signed-in member acting inside their company. */
export type Actor = {
  userId: UserId;
  companyId: CompanyId;
  role: Role;
  timezone: string;
};

/** The database scope of a member's request: their company, acting as them. */
export const memberScopeOf = (actor: Actor): MemberScope => ({ companyId: actor.companyId, userId: actor.userId });

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
    /** Set by writes that cannot change an account, membership or company (leavesAccountsAlone). */
    accountsUntouched: boolean;
    actor: Actor;
  };
};

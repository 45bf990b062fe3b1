import { activityLookups } from './activity-lookups';
import { createAuth } from './auth/auth';
import { type AppDeps, listBackgroundWorkers } from './context';
import { type DbHandle, openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { toUserId } from './db/tenant';
import type { Config } from './env';
import { resolveAuthSecret } from './lib/secret';
import { createMailer } from './mail/mailer';
import { findActiveMembership, findAdminRecipients } from './modules/companies/memberships.service';
import { acceptInvitationFromMagicLink, findInvitationByCode, findOpenInvitationAddress } from './modules/invitations/invitations.service';
import { stopRunningExports } from './modules/exports/exports.service';
import { checkSignUpAllowed } from './modules/onboarding/onboarding.service';
import { ActorCache } from './modules/session/actor-cache';
import { findIdentityVersion } from './modules/session/session.repository';
import { RealtimeHub } from './realtime/hub';
import { createOutboundTargetPolicy } from './lib/outbound-targets';
import { computeIdleDelay } from './lib/polling-loop';
import { listenToWebhookEvents, recordWebhooksForChanges } from './modules/webhooks/webhooks.service';
import { followDomainEvents } from './events/domain-events';
import { createEventLogWorker, followDomainEventsAfterCommit } from './events/event-log';
import { awardBadgesForDomainEvents } from './modules/badges/badges.service';
import { recordAuditForDomainEvents } from './modules/audit/audit.followers';
import { awardCompanyBadgesForChanges } from './modules/badges/company-badges.service';
import { enqueueDueChatSummaries, recordChatEvents } from './modules/chat/chat.service';
import { createContestScheduler } from './modules/contests/contests.scheduler';
import { createImportWorker } from './modules/imports/imports.worker';
import { createWebhookWorker } from './modules/webhooks/webhooks.worker';
import { createDigestScheduler } from './modules/digest/digest.scheduler';
import { listenToFeedEvents, recordFeedForDomainEvents } from './modules/feed/feed.service';
import { queuePushForFeedEvents } from './modules/push/push.service';
import { createPushWorker } from './modules/push/push.worker';

/** The tables the wrap-up reminders' times come from (announced by migration 0049). */
const REMINDER_SCHEDULE_TABLES = new Set(['push_preferences', 'push_subscriptions', 'company_calendars', 'company_days_off']);

/**
 * Opens the database, applies migrations and wires every dependency. Shared by the server
 * (main.ts), the tests (in-process, on a fresh database) and the benchmarks.
 */
export async function createDeps(
  config: Config,
  options: { database?: DbHandle; now?: () => Date; logMail?: boolean } = {},
): Promise<AppDeps> {
  const database =
    options.database ??
    (config.DATABASE_URL
      ? await openDatabase({ engine: 'postgres', url: config.DATABASE_URL })
      : await openDatabase({ engine: 'pglite', dataDir: config.dataDir }));
  await migrateDatabase(database);
  const secret = await resolveAuthSecret(database.db, config.AUTH_SECRET);
  const now = options.now ?? (config.DEV_CLOCK_START ? startClockAt(new Date(config.DEV_CLOCK_START)) : () => new Date());
  const mailer = createMailer(database.db, {
    smtpUrl: config.SMTP_URL,
    from: config.mailFrom,
    // Links in the log sign people in: printed only in development, on the developer's machine.
    log: options.logMail ?? config.NODE_ENV === 'development',
    perRecipientPerHour: config.MAIL_RECIPIENT_HOURLY_LIMIT,
    now,
  });
  const realtime = new RealtimeHub();
  // The signed-in cache forgets what the database announces, on every instance (decision 026).
  const actors = new ActorCache();
  realtime.observe((change) => actors.forget(change));
  realtime.onResync(() => actors.clear());
  await realtime.start(database);
  // Every identity change up to this one is already in the database: nothing to forget (decision 096).
  actors.noteHeard(await findIdentityVersion(database.db));
  const outboundTargets = createOutboundTargetPolicy(config.isProduction);
  // How long an idle worker sleeps before its own look: an hour while this instance hears the
  // database's announcements, a second while it cannot (decisions 095 and 098).
  const idleDelayMs = () => computeIdleDelay(realtime.isListening());
  const deps = { config, database, mailer, realtime, actors, now, outboundTargets, signingSecret: secret, activityLookups } as AppDeps;
  // What follows a change, in its transaction and in this order (decision 094): the feed's news,
  // badges judged on the rollups after the write, the audit log.
  followDomainEvents('feed', recordFeedForDomainEvents);
  followDomainEvents('badges', awardBadgesForDomainEvents);
  followDomainEvents('audit', recordAuditForDomainEvents);
  // And once it has committed, from the log (decision 095): the webhooks' and chat's deliveries.
  followDomainEventsAfterCommit('webhooks', recordWebhooksForChanges);
  // A company's own badges, judged on the rollups once the write has committed (decision 107).
  followDomainEventsAfterCommit('company-badges', awardCompanyBadgesForChanges);
  // Not started here: the server starts these (main.ts); tests run their rounds themselves.
  deps.events = createEventLogWorker({
    db: database.db,
    hub: realtime,
    now: () => deps.now(),
    afterCommit: (follower) => {
      if (follower === 'webhooks') deps.webhooks.wake();
    },
  });
  deps.webhooks = createWebhookWorker({
    db: database.db,
    now: () => deps.now(),
    policy: deps.outboundTargets,
    mailer,
    brand: config.BRAND_NAME,
    publicUrl: config.publicUrl,
    findAdminRecipients: (companyId) => findAdminRecipients(database.db, companyId),
    beforeRound: async (now) => (await enqueueDueChatSummaries(database.db, now)).nextDueAt,
    idleDelayMs,
  });
  listenToWebhookEvents(recordChatEvents);
  // Not started here either: the weekly digest's scheduler (decision 047).
  deps.digests = createDigestScheduler({
    db: database.db,
    now: () => deps.now(),
    mailer,
    brand: config.BRAND_NAME,
    publicUrl: config.publicUrl,
    secret,
    idleDelayMs,
  });
  // Nor this one: contests' starts, lead changes and finishes (decision 049).
  deps.contests = createContestScheduler({
    db: database.db,
    now: () => deps.now(),
    idleDelayMs,
  });
  // Nor this one: imports whose commit or undo a stopped server left half-way (decision 084).
  deps.imports = createImportWorker({
    db: database.db,
    now: () => deps.now(),
    idleDelayMs,
  });
  // Nor this one: push notifications and the wrap-up reminders (decision 055). Feed events (a
  // contest's start, a badge) queue theirs through a listener: the feed sits below push.
  deps.push = createPushWorker({
    db: database.db,
    now: () => deps.now(),
    policy: deps.outboundTargets,
    subject: vapidSubject(config),
    publicUrl: config.publicUrl,
    idleDelayMs,
  });
  // New deliveries and notifications are announced (migration 0046): the workers that send them
  // wait to be woken instead of looking every second (decision 095); so do contests' lead changes.
  realtime.observe((change) => {
    if (change.table === 'webhook_deliveries') deps.webhooks.wake();
    else if (change.table === 'push_outbox') deps.push.wake();
    // What the reminders' and daily summaries' times come from changed (migration 0049): read again.
    else if (REMINDER_SCHEDULE_TABLES.has(change.table)) deps.push.reschedule();
    else if (change.table === 'webhook_endpoints') deps.webhooks.reschedule();
    // A contest's dates changed, or an import began its work anywhere (migration 0050, decision 098).
    else if (change.table === 'contests') deps.contests.reschedule();
    else if (change.table === 'imports') deps.imports.wake();
    if (change.table === 'companies') {
      deps.push.reschedule();
      deps.webhooks.reschedule();
      deps.digests.reschedule();
      deps.contests.reschedule();
    }
    // A new leader is looked for shortly after the company's activities change.
    else if (change.table === 'activities' && change.company_id) deps.contests.wakeFor(change.company_id);
  });
  // Announcements missed while the LISTEN connection was away: the schedules are read again.
  realtime.onResync(() => {
    deps.push.reschedule();
    deps.webhooks.reschedule();
    deps.digests.reschedule();
    deps.contests.reschedule();
    deps.imports.wake();
  });
  listenToFeedEvents(queuePushForFeedEvents);
  deps.auth = createAuth({
    db: database.db,
    config,
    mailer,
    secret,
    checkSignUp: ({ headers }) => checkSignUpAllowed(deps, headers),
    lookups: {
      findInvitation: (code) => findInvitationByCode(database.db, code),
      findInvitedAddress: (code) => findOpenInvitationAddress(deps, code),
      findMembership: (userId) => findActiveMembership(database.db, toUserId(userId)),
    },
    onMagicLinkSignIn: ({ userId, callbackURL }) => acceptInvitationFromMagicLink(deps, userId, callbackURL),
    now: () => deps.now(),
  });
  return deps;
}

export async function closeDeps(deps: AppDeps): Promise<void> {
  // A download that stopped reading would otherwise hold its connection and snapshot open.
  for (const worker of listBackgroundWorkers(deps)) await worker.stop();
  await stopRunningExports(deps.database);
  await deps.realtime.stop();
  await deps.database.close();
}

/**
 * Who runs this server, as push services want to know (VAPID's subject): the public address when it
 * is https, else the mail sender's address.
 */
function vapidSubject(config: Config): string {
  if (config.publicUrl.startsWith('https://')) return config.publicUrl;
  const address = /<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom;
  return `mailto:${address.trim()}`;
}

/**
 * A clock that starts at `start` and runs on in real time (DEV_CLOCK_START, decision 088): the
 * schedulers see a Monday morning arrive on a real server without the machine's clock moving.
 */
function startClockAt(start: Date): () => Date {
  const offset = start.getTime() - Date.now();
  console.info(`[clock] DEV_CLOCK_START: this server's clock starts at ${start.toISOString()}`);
  return () => new Date(Date.now() + offset);
}

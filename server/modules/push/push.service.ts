import {
  type FeedEvent,
  type PushDevice,
  type PushPreferences,
  type PushPublicKey,
  type PushSettings,
  type SubscribePush,
  type UnsubscribePush,
} from '@core/contracts';
import { isWorkingDay } from '@core/pacing';
import { computeLocalDate } from '@core/period';
import { computeClockTime, computeNextReminderAt, DEFAULT_PUSH_PREFERENCES, isReminderDue } from '@core/push';
import { type Actor, type AppDeps, memberScopeOf } from '../../context';
import type { Database, Transaction } from '../../db/client';
import { type CompanyId, toUserId, type UserId, withTenant } from '../../db/tenant';
import { HttpError } from '../../lib/http';
import { loadWorkingCalendar } from '../calendar/calendar.service';
import { selectCompany } from '../companies/companies.service';
import { selectActiveMemberFaces, selectTeamAssignments } from '../companies/memberships.service';
import { checkOutboundUrl, OutboundTargetRefused } from '../../lib/outbound-targets';
import { selectWrapupAuthorsOfDay } from '../wrapups/wrapups.service';
import {
  deleteSubscription,
  insertOutboxRows,
  selectPreferences,
  selectReminderCandidates,
  insertOutboxForSubscribers,
  selectSubscriptions,
  type SubscriptionRow,
  upsertPreferences,
  upsertSubscription,
} from './push.repository';
import { resolveVapidKeys } from './push.sender';

/*
 * Push notifications (decision 055): a member's devices and choices, and the notifications queued
 * in the transaction of the change that caused them (a feed event, a comment) or by the wrap-up
 * reminder's scheduler. The worker (push.worker.ts) sends them.
 */

/** A member's devices: more is a leak (a browser that subscribes anew on every visit), not a person. */
export const MAX_PUSH_DEVICES = 10;

export async function getPushPublicKey(deps: AppDeps): Promise<PushPublicKey> {
  const keys = await resolveVapidKeys(deps.database.db);
  return { publicKey: keys.publicKey };
}

function toDevice(row: SubscriptionRow): PushDevice {
  return { id: row.id, label: row.label, createdAt: row.createdAt.toISOString() };
}

async function readSettings(tx: Transaction, actor: Actor): Promise<PushSettings> {
  const [preferences, devices] = [
    await selectPreferences(tx, actor.companyId, actor.userId),
    await selectSubscriptions(tx, actor.companyId, actor.userId),
  ];
  return { preferences: preferences ?? DEFAULT_PUSH_PREFERENCES, devices: devices.map(toDevice) };
}

export async function getPushSettings(deps: AppDeps, actor: Actor): Promise<PushSettings> {
  return withTenant(deps.database.db, memberScopeOf(actor), (tx) => readSettings(tx, actor));
}

export async function updatePushPreferences(deps: AppDeps, actor: Actor, input: PushPreferences): Promise<PushSettings> {
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    await upsertPreferences(tx, actor.companyId, actor.userId, input, deps.now());
    return readSettings(tx, actor);
  });
}

/** "Chrome · Android": enough to tell one's devices apart (in any language), nothing more of the User-Agent is kept. */
export function describeUserAgent(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|Chromium\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : 'Browser';
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Mac OS X/.test(ua)
        ? 'macOS'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Linux/.test(ua)
            ? 'Linux'
            : null;
  return system ? `${browser} · ${system}` : browser;
}

export async function subscribePush(
  deps: AppDeps,
  actor: Actor,
  input: SubscribePush,
  userAgent: string | undefined,
): Promise<PushSettings> {
  try {
    await checkOutboundUrl(input.endpoint, deps.outboundTargets);
  } catch (error) {
    if (error instanceof OutboundTargetRefused) {
      throw new HttpError(400, 'push_endpoint_refused', 'This push endpoint cannot be used.', { endpoint: error.message });
    }
    throw error;
  }
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    const devices = await selectSubscriptions(tx, actor.companyId, actor.userId);
    if (devices.length >= MAX_PUSH_DEVICES && !devices.some((device) => device.endpoint === input.endpoint)) {
      throw new HttpError(409, 'too_many_push_devices', `Push is on for ${MAX_PUSH_DEVICES} devices already: turn it off on one first.`);
    }
    await upsertSubscription(tx, actor.companyId, {
      userId: actor.userId,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      label: describeUserAgent(userAgent),
      now: deps.now(),
    });
    return readSettings(tx, actor);
  });
}

/** Turns push off on one device (the browser's endpoint); a device that was not on is not an error. */
export async function unsubscribePush(deps: AppDeps, actor: Actor, input: UnsubscribePush): Promise<PushSettings> {
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    await deleteSubscription(tx, actor.companyId, actor.userId, input.endpoint);
    return readSettings(tx, actor);
  });
}

/**
 * Transaction step (the feed's listener, wired in bootstrap.ts): a contest's start notifies its
 * participants, a badge its member. Other kinds cost nothing.
 */
export async function queuePushForFeedEvents(tx: Transaction, companyId: CompanyId, events: readonly FeedEvent[], at: Date): Promise<void> {
  for (const event of events) {
    if (event.kind === 'badge.earned' && event.userId) {
      await insertOutboxForSubscribers(
        tx,
        companyId,
        [toUserId(event.userId)],
        // A company's own badge is named by its names, carried by the event (decision 107).
        {
          kind: 'badge_earned',
          data: {
            badge: event.data.badge,
            ...(event.data.badge === 'company' ? { names: event.data.names, companyBadgeId: event.data.companyBadgeId } : {}),
          },
        },
        at,
      );
    }
    if (event.kind === 'contest.started') {
      const recipients = await selectContestAudience(tx, companyId, event.data);
      await insertOutboxForSubscribers(
        tx,
        companyId,
        recipients,
        { kind: 'contest_started', data: { contestId: event.subjectId, contestName: String(event.data.name ?? '') } },
        at,
      );
    }
  }
}

/** Who takes part in a contest, by the participants its start announced: everyone, its teams' members, or its people. */
async function selectContestAudience(tx: Transaction, companyId: CompanyId, data: Record<string, unknown>): Promise<UserId[]> {
  const ids = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);
  if (data.participants === 'people') return ids(data.userIds).map(toUserId);
  if (data.participants === 'teams') {
    const teams = new Set(ids(data.teamIds));
    const assignments = await selectTeamAssignments(tx, companyId);
    return assignments.filter((member) => member.isActive && teams.has(member.teamId)).map((member) => member.userId);
  }
  return (await selectActiveMemberFaces(tx, companyId)).map((member) => member.userId);
}

/** Transaction step (coaching): someone else commented on a member's wrap-up. */
export async function queueWrapupCommentPush(
  tx: Transaction,
  companyId: CompanyId,
  input: { wrapupId: string; wrapupAuthorId: UserId; authorId: UserId; body: string },
  at: Date,
): Promise<void> {
  if (input.authorId === input.wrapupAuthorId) return;
  await insertOutboxForSubscribers(
    tx,
    companyId,
    [input.wrapupAuthorId],
    // The excerpt is the member's to read (a comment on their own wrap-up); the name is looked up when sent.
    { kind: 'wrapup_comment', data: { wrapupId: input.wrapupId, authorId: input.authorId, excerpt: input.body.slice(0, 200) } },
    at,
  );
}

/**
 * The wrap-up reminder's step (the worker runs it when the next reminder is due, decision 096): for
 * each company where it is a working day, queues the reminder of members whose time has come and
 * who have not written the day's wrap-up. The key `reminder:<day>` makes it once per member and
 * day, whichever instance runs it and however often. Returns the first instant after `now` at
 * which a member's reminder time comes (null: nobody wants one).
 */
export async function queueDueReminders(db: Database, now: Date): Promise<Date | null> {
  const byCompany = new Map<CompanyId, { userId: UserId; reminderTime: string }[]>();
  for (const candidate of await selectReminderCandidates(db)) {
    const list = byCompany.get(candidate.companyId) ?? [];
    list.push(candidate);
    byCompany.set(candidate.companyId, list);
  }
  let next: Date | null = null;
  for (const [companyId, candidates] of byCompany) {
    await withTenant(db, { companyId, userId: null }, async (tx) => {
      const company = await selectCompany(tx, companyId);
      if (!company) return;
      for (const candidate of candidates) {
        const at = computeNextReminderAt(now, candidate.reminderTime, company.timezone);
        if (next === null || at < next) next = at;
      }
      const today = computeLocalDate(now, company.timezone);
      const time = computeClockTime(now, company.timezone);
      const due = candidates.filter((candidate) => isReminderDue(time, candidate.reminderTime));
      if (due.length === 0) return;
      if (!isWorkingDay(await loadWorkingCalendar(tx, companyId), today)) return;
      const written = await selectWrapupAuthorsOfDay(
        tx,
        companyId,
        today,
        due.map((candidate) => candidate.userId),
      );
      const rows = due
        .filter((candidate) => !written.has(candidate.userId))
        .map((candidate) => ({
          userId: candidate.userId,
          kind: 'wrapup_reminder' as const,
          data: { date: today },
          dedupeKey: `reminder:${today}`,
        }));
      await insertOutboxRows(tx, companyId, rows, now);
    }).catch((error) => console.error('[push] the reminders of a company failed', error));
  }
  return next;
}

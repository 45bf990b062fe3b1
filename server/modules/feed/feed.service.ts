import type { DomainEvent, FeedEvent, FeedEventView } from '@core/contracts';
import type { Database, Transaction } from '../../db/client';
import { type CompanyId, type TenantScope, toUserId, withTenant } from '../../db/tenant';
import {
  type FeedEventRow,
  type FeedEventViewRow,
  insertFeedEvents,
  type NewFeedEvent,
  selectFeedEventExists,
  selectFeedEvents,
  selectFeedEventViews,
} from './feed.repository';

/*
 * Feed events (decision 048): the one way a module announces what happened on the floor besides an
 * activity (a contest's start, lead change and finish, a badge, a goal reached, a record). The
 * module that noticed it records it in the transaction of the change, so a rolled-back change
 * announces nothing; the insert's NOTIFY (migration 0028) tells every open screen, with the kind.
 */

export type { NewFeedEvent } from './feed.repository';

/** Transaction step: records the events (one statement for all of them). */
export async function recordFeedEvents(
  tx: Transaction,
  companyId: CompanyId,
  events: readonly NewFeedEvent[],
  at: Date,
): Promise<FeedEvent[]> {
  const rows = await insertFeedEvents(tx, companyId, events, at);
  const recorded = rows.map(toFeedEvent);
  for (const listener of listeners) await listener(tx, companyId, recorded, at);
  return recorded;
}

/**
 * Follower of domain events (decision 094), in the change's transaction: each daily goal reached
 * is news on the floor (the feed, the TV's celebration: decision 051).
 */
export async function recordFeedForDomainEvents(
  tx: Transaction,
  companyId: CompanyId,
  events: readonly DomainEvent[],
  at: Date,
): Promise<void> {
  const news = events.flatMap((event): NewFeedEvent[] =>
    event.type === 'goal.reached'
      ? [
          {
            kind: 'goal.reached',
            userId: toUserId(event.userId),
            // A goal on an own type names the type by id, as a badge's data names no one (decision 106).
            data: {
              goal: event.goal,
              ...(event.goal === 'type' ? { typeId: event.typeId } : {}),
              target: event.target,
              localDate: event.localDate,
              activityId: event.activityId,
            },
          },
        ]
      : [],
  );
  if (news.length > 0) await recordFeedEvents(tx, companyId, news, at);
}

/** What else a feed event causes in its transaction (push notifications, decision 055). */
export type FeedEventListener = (tx: Transaction, companyId: CompanyId, events: readonly FeedEvent[], at: Date) => Promise<void>;

const listeners = new Set<FeedEventListener>();

/**
 * Adds a listener every recorded event passes through, in the change's transaction (a rolled-back
 * change notifies nobody). A listener, not an import: push reads memberships, which sit above the feed.
 */
export function listenToFeedEvents(listener: FeedEventListener): void {
  listeners.add(listener);
}

/** The company's newest feed events first, at most `limit`, continuing before a seen one if given. */
export async function listFeedEvents(
  db: Database,
  scope: TenantScope & { companyId: CompanyId },
  options: { limit: number; before?: { createdAt: Date; id: string } },
): Promise<FeedEvent[]> {
  const rows = await withTenant(db, scope, (tx) => selectFeedEvents(tx, scope.companyId, options));
  return rows.map(toFeedEvent);
}

/** Transaction step (the floor's feed): the newest events with names, optionally as a team's board sees them. */
export async function selectFeedEventViewsIn(
  tx: Transaction,
  companyId: CompanyId,
  options: { limit: number; teamId?: string | undefined },
): Promise<FeedEventView[]> {
  const rows = await selectFeedEventViews(tx, companyId, options);
  return rows.map(toFeedEventView);
}

/** Transaction step (reactions): whether the company has this event. */
export const hasFeedEventIn = (tx: Transaction, companyId: CompanyId, id: string) => selectFeedEventExists(tx, companyId, id);

function toFeedEventView(row: FeedEventViewRow): FeedEventView {
  return { ...toFeedEvent(row), displayName: row.displayName, formerMember: row.formerMember, teamName: row.teamName };
}

function toFeedEvent(row: FeedEventRow): FeedEvent {
  return {
    id: row.id,
    kind: row.kind as FeedEvent['kind'],
    userId: row.userId,
    teamId: row.teamId,
    subjectId: row.subjectId,
    data: row.data,
    createdAt: row.createdAt.toISOString(),
  };
}

import type { ActivityDeletedEvent, ActivityLoggedEvent, ActivityUpdatedEvent, CustomersMergedEvent, DomainEvent } from '@core/contracts';
import type { Transaction } from '../../db/client';
import { type CompanyId, toUserId } from '../../db/tenant';
import { createAuditEvent } from './audit.events';
import { type AuditEvent, insertAuditEvent } from './audit.repository';

/*
 * What the audit log keeps of activity changes (decision 094): a log on someone else's behalf or
 * for an earlier day, every correction of another member's activity, and customer merges (decision 041).
 */

const member = (userId: string) => ({ type: 'member' as const, id: userId });

function describeLogged(companyId: CompanyId, event: ActivityLoggedEvent, at: Date): AuditEvent | null {
  const { activity, actorId } = event;
  const scope = { companyId, userId: toUserId(actorId) };
  const details = { activityId: activity.id, type: activity.type, localDate: activity.localDate };
  if (activity.userId !== actorId) return createAuditEvent(scope, 'activity.logged_for', { target: member(activity.userId), details, at });
  if (activity.localDate !== event.today)
    return createAuditEvent(scope, 'activity.logged_late', { target: member(activity.userId), details, at });
  return null;
}

function describeUpdated(companyId: CompanyId, event: ActivityUpdatedEvent, at: Date): AuditEvent | null {
  const { activity, before, actorId } = event;
  const scope = { companyId, userId: toUserId(actorId) };
  const changingDay = activity.localDate !== before.localDate;
  const reassigning = activity.userId !== before.userId;
  if (before.userId !== actorId || reassigning) {
    const details = {
      activityId: activity.id,
      type: activity.type,
      operation: 'updated' as const,
      localDate: activity.localDate,
      ...(changingDay ? { from: before.localDate } : {}),
      ...(reassigning ? { fromUserId: before.userId, toUserId: activity.userId } : {}),
      ...(activity.type !== before.type ? { fromType: before.type } : {}),
      fields: event.fields,
    };
    return createAuditEvent(scope, 'activity.corrected', { target: member(before.userId), details, at });
  }
  if (changingDay && activity.localDate < event.today) {
    const details = { activityId: activity.id, type: activity.type, localDate: activity.localDate, from: before.localDate };
    return createAuditEvent(scope, 'activity.logged_late', { target: member(before.userId), details, at });
  }
  return null;
}

function describeDeleted(companyId: CompanyId, event: ActivityDeletedEvent, at: Date): AuditEvent | null {
  const { activity, actorId } = event;
  if (activity.userId === actorId) return null;
  const details = {
    activityId: activity.id,
    type: activity.type,
    operation: 'deleted' as const,
    localDate: activity.localDate,
    fields: [],
  };
  return createAuditEvent({ companyId, userId: toUserId(actorId) }, 'activity.corrected', { target: member(activity.userId), details, at });
}

function describeMerge(companyId: CompanyId, event: CustomersMergedEvent, at: Date): AuditEvent {
  const details = { keptName: event.kept.name, mergedId: event.merged.id, mergedName: event.merged.name, activities: event.activities };
  return createAuditEvent({ companyId, userId: toUserId(event.actorId) }, 'customer.merged', {
    target: { type: 'customer', id: event.kept.id },
    details,
    at,
  });
}

/** Follower of domain events, in the change's transaction: the audit entries its activity changes call for. */
export async function recordAuditForDomainEvents(
  tx: Transaction,
  companyId: CompanyId,
  events: readonly DomainEvent[],
  at: Date,
): Promise<void> {
  for (const event of events) {
    const entry =
      event.type === 'activity.logged'
        ? describeLogged(companyId, event, at)
        : event.type === 'activity.updated'
          ? describeUpdated(companyId, event, at)
          : event.type === 'activity.deleted'
            ? describeDeleted(companyId, event, at)
            : event.type === 'customers.merged'
              ? describeMerge(companyId, event, at)
              : null;
    if (entry) await insertAuditEvent(tx, entry);
  }
}

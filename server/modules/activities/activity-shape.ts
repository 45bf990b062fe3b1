/* An activity as the API answers it, from its stored row. */
import type { Activity, ActivityKind } from '@core/contracts';
import { type CallOutcome } from '@core/kpi';
import { type ActivityRow } from './activities.repository';

/** A call's outcome from its stored fields (an unanswered call is no_progress); null for other kinds. Exports use it too. */
export function computeCallOutcome(row: Pick<ActivityRow, 'type' | 'meetingBooked' | 'movedForward'>): CallOutcome | null {
  if (row.type === 'call_unanswered') return 'no_progress';
  if (row.type !== 'call_answered') return null;
  if (row.meetingBooked) return 'meeting_booked';
  if (row.movedForward) return 'moved_forward';
  return 'no_progress';
}

export function kindOf(type: string): ActivityKind {
  return type === 'call_answered' || type === 'call_unanswered' ? 'call' : (type as ActivityKind);
}

export function toActivity(row: ActivityRow): Activity {
  const kind = kindOf(row.type);
  return {
    id: row.id,
    userId: row.userId,
    kind,
    type: row.type as Activity['type'],
    answered: kind === 'call' ? row.type === 'call_answered' : null,
    outcome: computeCallOutcome(row),
    meetingBooked: row.meetingBooked,
    movedForward: row.movedForward,
    customerId: row.customerId,
    customerName: row.customerName,
    ticketSize: row.ticketSize,
    productName: row.productName,
    notes: row.notes,
    pointsEarned: row.pointsEarned,
    // The 20-call bonus, or the daily bonus of one of the company's own types (decision 100).
    dailyBonus: row.dailyBonus || (row.typeId !== null && row.bonusPoints > 0),
    typeId: row.typeId,
    outcomeId: row.outcomeId,
    fieldValues: row.fieldValues,
    localDate: row.localDate,
    loggedLate: row.loggedLate,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

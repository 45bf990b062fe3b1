/* An activity as the API answers it, from its stored row. */
import type { Activity, ActivityKind } from '@core/contracts';
import { computeCallOutcome } from '@core/kpi';
import { type ActivityRow } from './activities.repository';

export function kindOf(type: string): ActivityKind {
  return type === 'call_answered' || type === 'call_unanswered' ? 'call' : (type as ActivityKind);
}

export function toActivity(row: ActivityRow): Activity {
  const kind = kindOf(row.type);
  // A built-in kind's row and a call's outcome id are stored too (decision 114); the API's typeId
  // and outcomeId stay the company's own type's until its types list has the built-in rows.
  const own = row.type === 'custom';
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
    // The 20-call bonus, or the daily bonus of one of the company's own types or of another built-in
    // kind (decisions 100 and 115): those carry its points without the call bonus's flag.
    dailyBonus: row.dailyBonus || row.bonusPoints > 0,
    typeId: own ? row.typeId : null,
    outcomeId: own ? row.outcomeId : null,
    fieldValues: row.fieldValues,
    localDate: row.localDate,
    loggedLate: row.loggedLate,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

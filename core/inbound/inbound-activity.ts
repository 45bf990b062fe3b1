import type { Activity, BuiltInActivityType, LogActivity, LogCall, UpdateActivity } from '../contracts';
import { computeLocalDate, computeLocalTime, type LocalDate } from '../period';
import type { InboundRecord } from './read-inbound-payload';

type ActivityRecord = Extract<InboundRecord, { kind: 'activity' }>;

/**
 * The log request a record is, in the company's calendar: its day and time of day when it says when
 * it happened (a time with seconds, so two records of one minute keep their order), now otherwise. A
 * call is answered unless its outcome is "not_answered", with no progress unless it says otherwise.
 */
export function computeInboundLog(record: ActivityRecord, timezone: string): LogActivity {
  const when = record.occurredAt
    ? { localDate: computeLocalDate(record.occurredAt, timezone), time: computeLocalTime(record.occurredAt, timezone) }
    : {};
  const common = { customerName: record.customerName, notes: record.notes, ...when };
  switch (record.logs) {
    case 'call': {
      const answered = record.outcome !== 'not_answered';
      return {
        kind: 'call',
        answered,
        ...(answered ? { outcome: (record.outcome ?? 'no_progress') as NonNullable<LogCall['outcome']> } : {}),
        ...common,
      };
    }
    case 'sale':
      return { kind: 'sale', ticketSize: record.value as number, ...common };
    case 'meeting':
    case 'email':
    case 'linkedin':
      return { kind: record.logs, ...common };
    default:
      return { kind: 'custom', typeId: record.logs, outcome: record.outcome, fields: record.fields, ...common };
  }
}

/** How a built-in log request is stored (the activity's `type`). */
function storedTypeOf(log: LogActivity): BuiltInActivityType | 'custom' {
  if (log.kind === 'call') return log.answered ? 'call_answered' : 'call_unanswered';
  return log.kind;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * What the same record sent again changes in the activity it became, as an edit makes it: null when
 * nothing; 'replace' when the edit cannot make it (another member, a built-in kind made an own type or
 * back, another own type, or an own type's outcome or values: the app cannot edit those either).
 */
export function computeInboundChanges(current: Activity, log: LogActivity, ownerId: string): UpdateActivity | 'replace' | null {
  if (current.userId !== ownerId) return 'replace';
  const type = storedTypeOf(log);
  if ((type === 'custom') !== (current.type === 'custom')) return 'replace';
  const changes: UpdateActivity = {};
  if (log.kind === 'custom') {
    if (current.typeId !== log.typeId || (current.outcomeId ?? null) !== (log.outcome ?? null)) return 'replace';
    const given = Object.fromEntries(Object.entries(log.fields ?? {}).filter(([, value]) => value !== null));
    if (!sameJson(Object.entries(current.fieldValues ?? {}).sort(), Object.entries(given).sort())) return 'replace';
  } else {
    if (type !== current.type) changes.type = type as BuiltInActivityType;
    if (log.kind === 'call' && log.answered && log.outcome !== (current.outcome ?? undefined)) changes.outcome = log.outcome;
    if (log.kind === 'sale' && log.ticketSize !== current.ticketSize) changes.ticketSize = log.ticketSize;
  }
  if ((log.customerName ?? null) !== (current.customerName ?? null)) changes.customerName = log.customerName ?? '';
  if ((log.notes ?? null) !== (current.notes ?? null)) changes.notes = log.notes ?? '';
  if (log.localDate !== undefined && log.localDate !== current.localDate) changes.localDate = log.localDate as LocalDate;
  return Object.keys(changes).length === 0 ? null : changes;
}

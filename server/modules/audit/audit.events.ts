import type { AuditAction, AuditDetails, AuditDetailsSchemas, AuditTargetType } from '@core/contracts';
import type { AuditEvent } from './audit.repository';
import type { CompanyScope } from '../../db/tenant';

type DetailedAction = keyof typeof AuditDetailsSchemas & AuditAction;

/**
 * One audit event with the details its action stores (typed by the contract, so what the server
 * writes is what the console words). The actor is the person whose scope the change runs in.
 */
export function createAuditEvent<A extends DetailedAction>(
  scope: CompanyScope,
  action: A,
  input: { target: { type: AuditTargetType; id: string }; details: AuditDetails<A>; at: Date },
): AuditEvent {
  return {
    companyId: scope.companyId,
    actorUserId: scope.userId,
    action,
    targetType: input.target.type,
    targetId: input.target.id,
    details: input.details,
    at: input.at,
  };
}

/**
 * The fields whose value differs between before and after, as `{ field: { from, to } }`. A field
 * absent from `after` was not part of the change. Empty when nothing changed: no event is written
 * for a save that changes nothing.
 */
export function computeAuditChanges<T extends Record<string, unknown>, K extends keyof T & string>(
  before: T,
  after: Partial<Pick<T, K>>,
  keys: readonly K[],
): { [F in K]?: { from: T[F]; to: T[F] } } {
  const changes: { [F in K]?: { from: T[F]; to: T[F] } } = {};
  for (const key of keys) {
    const next = after[key];
    if (next === undefined || Object.is(next, before[key])) continue;
    changes[key] = { from: before[key], to: next as T[K] };
  }
  return changes;
}

export const hasChanges = (changes: object): boolean => Object.keys(changes).length > 0;

import { type AuditAction, type AuditEntry, type AuditLogPage, type AuditLogQuerySchema } from '@core/contracts';
import type { z } from 'zod';
import { type Actor, type AppDeps, memberScopeOf } from '../../context';
import { type AuditEntryRecord, findAuditEntries } from './audit.repository';

/*
 * What other modules use to record a change (decision 021): build the event, then append it with
 * insertAuditEvent inside the change's own transaction, so the log and the change commit together.
 */
export { computeAuditChanges, createAuditEvent, hasChanges } from './audit.events';
export { type AuditEvent, insertAuditEvent } from './audit.repository';

type AuditLogQuery = z.output<typeof AuditLogQuerySchema>;

function toActor(row: AuditEntryRecord): AuditEntry['actor'] {
  if (row.actorUserId === null) return { id: null, name: null, state: 'system' };
  if (!row.actor) return { id: row.actorUserId, name: null, state: 'former' };
  return { id: row.actorUserId, name: row.actor.name, state: row.actor.removed ? 'removed' : 'member' };
}

const textOf = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** A human label where it costs nothing: the member's name, the rule's KPI key, the link's name. */
function toTarget(row: AuditEntryRecord): AuditEntry['target'] {
  if (row.targetType === null) return null;
  const target = { type: row.targetType, id: row.targetId };
  switch (row.targetType) {
    case 'member':
      return { ...target, label: row.targetMember?.name ?? null, removed: row.targetMember?.removed ?? null };
    case 'kpi_rule':
      return { ...target, label: textOf(row.details.kpiKey), removed: null };
    case 'display_link':
    case 'tv_playlist':
      return { ...target, label: textOf(row.details.name), removed: null };
    case 'team':
      return { ...target, label: textOf(row.details.name) ?? textOf(row.details.teamName) ?? textOf(row.details.to), removed: null };
    default:
      return { ...target, label: null, removed: null };
  }
}

/**
 * The company's audit log for its admins (the route checks the role), newest first, a page at a
 * time. One entry more than asked is read to know whether another page follows.
 */
export async function listAuditLog(deps: AppDeps, actor: Actor, query: AuditLogQuery): Promise<AuditLogPage> {
  const rows = await findAuditEntries(deps.database.db, memberScopeOf(actor), {
    limit: query.limit + 1,
    before: query.cursor,
    action: query.action,
  });
  const page = rows.slice(0, query.limit);
  return {
    entries: page.map((row) => ({
      id: row.id,
      // Only insertAuditEvent writes the log, typed by AUDIT_ACTIONS; an action this build does not
      // know (written by a newer one) still reads, and the console words it generically.
      action: row.action as AuditAction,
      actor: toActor(row),
      target: toTarget(row),
      details: row.details,
      at: row.createdAt.toISOString(),
    })),
    nextCursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

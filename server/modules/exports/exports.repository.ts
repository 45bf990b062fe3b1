import type { Database } from '../../db/client';
import { type CompanyScope, type MemberScope, type UserId, withTenant } from '../../db/tenant';
import { createAuditEvent, insertAuditEvent } from '../audit/audit.service';
import type { AuditDetails, LocalizedNames } from '@core/contracts';
import type { StoredActivityTypeDefinition } from '@core/activity-types';
import { type ExportActivityRow, selectActivitiesForExport } from '../activities/activities.service';
import { selectActivityTypesIn, selectRenamedKindsIn } from '../activity-types/activity-types.service';
import { type CompanyRow, selectCompany } from '../companies/companies.service';
import { hasMembershipIn, type MemberByJoining, selectActiveMembersByJoining } from '../companies/memberships.service';
import { type GoalsRow, selectCompanyGoals } from '../goals/goals.service';
import { type ExportWrapupRow, selectWrapupsForExport } from '../wrapups/wrapups.service';

/*
 * The exports' reads. Exports own no table: each read is one snapshot transaction (withTenant's
 * `snapshot`: REPEATABLE READ, read only) composed of the owners' transaction steps, so a file is
 * one consistent state of the company however long it takes to write, and the database's
 * row-level security applies to every row as to any request.
 */

/**
 * Rows per FETCH: one round trip and one pass through the file writer each. On PostgreSQL the read
 * alone ran at 158k rows/s with 250, 189k with 1,000, 193k with 5,000 and 162k with 20,000
 * (docs/performance.md, "Exports"); 1,000 keeps a batch of activities near 60 KB of CSV.
 */
export const EXPORT_BATCH_ROWS = 1000;

/** What every export learns first, before its first byte: whose file it is, and whether the member asked for exists. */
export type ExportStart = {
  company: CompanyRow | null;
  memberFound: boolean;
  /** The activities' file only: the company's own types (decision 100), whose fields become its last columns. */
  ownTypes?: (StoredActivityTypeDefinition & { id: string })[];
  /** The activities' file only: the built-in kinds the company renamed (decision 116), named so in its rows. */
  renamedKinds?: { id: string; names: LocalizedNames; outcomes: { id: string; names: LocalizedNames }[] }[];
};

/** Where a streamed read goes: `begin` once (it may refuse by throwing), then each batch in turn. */
export type ExportSink<R> = { begin(start: ExportStart): void; write(rows: R[]): Promise<void> };

export type PeriodFilter = { userId: UserId | null; from: string; to: string; start: Date; end: Date; timezone: string };

type Tx = Parameters<Parameters<typeof withTenant>[2]>[0];

async function readStart(tx: Tx, scope: CompanyScope, userId: UserId | null) {
  const company = await selectCompany(tx, scope.companyId);
  const memberFound = userId === null || (await hasMembershipIn(tx, scope.companyId, userId));
  return { company, memberFound };
}

/**
 * One streamed read: the file's start, then every batch of `select` into `sink`, all in one
 * read-only snapshot of the company.
 */
async function streamInSnapshot<R>(
  db: Database,
  scope: CompanyScope,
  userId: UserId | null,
  select: (tx: Tx) => AsyncIterable<R[]>,
  sink: ExportSink<R>,
  more: (tx: Tx) => Promise<Partial<ExportStart>> = async () => ({}),
): Promise<void> {
  await withTenant(
    db,
    scope,
    async (tx) => {
      sink.begin({ ...(await readStart(tx, scope, userId)), ...(await more(tx)) });
      for await (const rows of select(tx)) await sink.write(rows);
    },
    { snapshot: true },
  );
}

/** The company's activities of a period, a batch at a time into `sink`, in one snapshot. */
export function readActivitiesForExport(
  db: Database,
  scope: CompanyScope,
  filter: PeriodFilter,
  sink: ExportSink<ExportActivityRow>,
): Promise<void> {
  const select = (tx: Tx) => selectActivitiesForExport(tx, { companyId: scope.companyId, ...filter }, EXPORT_BATCH_ROWS);
  const ownTypes = async (tx: Tx) => ({
    ownTypes: await selectActivityTypesIn(tx, scope.companyId),
    renamedKinds: await selectRenamedKindsIn(tx, scope.companyId),
  });
  return streamInSnapshot(db, scope, filter.userId, select, sink, ownTypes);
}

/** The company's wrap-ups of a period, a batch at a time into `sink`, in one snapshot. */
export function readWrapupsForExport(
  db: Database,
  scope: CompanyScope,
  filter: Pick<PeriodFilter, 'userId' | 'from' | 'to'>,
  sink: ExportSink<ExportWrapupRow>,
): Promise<void> {
  const select = (tx: Tx) => selectWrapupsForExport(tx, { companyId: scope.companyId, ...filter }, EXPORT_BATCH_ROWS);
  return streamInSnapshot(db, scope, filter.userId, select, sink);
}

/** The active members (or one) and the goals they saved, in one snapshot: a few rows per member. */
export async function readGoalsForExport(
  db: Database,
  scope: CompanyScope,
  userId: UserId | null,
): Promise<ExportStart & { members: MemberByJoining[]; goals: (GoalsRow & { userId: UserId })[] }> {
  return withTenant(
    db,
    scope,
    async (tx) => {
      const start = await readStart(tx, scope, userId);
      const members = (await selectActiveMembersByJoining(tx, scope.companyId)).filter((m) => userId === null || m.userId === userId);
      const goals = await selectCompanyGoals(tx, scope.companyId, userId);
      return { ...start, members, goals };
    },
    { snapshot: true },
  );
}

/** The company (name, currency, time zone): for exports whose rows come from another module's read. */
export async function findExportCompany(db: Database, scope: CompanyScope): Promise<CompanyRow | null> {
  return withTenant(db, scope, (tx) => selectCompany(tx, scope.companyId));
}

/**
 * Notes in the audit log that a file of other people's data left (export.downloaded): about one
 * member (`userId`) or, when null, everyone in the company.
 */
export async function insertExportAuditEvent(
  db: Database,
  scope: MemberScope,
  input: { userId: UserId | null; details: AuditDetails<'export.downloaded'>; at: Date },
): Promise<void> {
  const target = input.userId === null ? { type: 'company' as const, id: scope.companyId } : { type: 'member' as const, id: input.userId };
  await withTenant(db, scope, (tx) =>
    insertAuditEvent(tx, createAuditEvent(scope, 'export.downloaded', { target, details: input.details, at: input.at })),
  );
}

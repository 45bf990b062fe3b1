import { and, asc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { tvPlaylists } from '../../db/schema';
import { type CompanyId, type MemberScope, withTenant } from '../../db/tenant';
import { notFound } from '../../lib/http';
import { type AuditEvent, insertAuditEvent } from '../audit/audit.service';
import { selectTeamRef } from '../teams/teams.service';

export type TvPlaylistRow = typeof tvPlaylists.$inferSelect;

/** The company's playlists, by name. */
export async function findTvPlaylists(db: Database, scope: MemberScope): Promise<TvPlaylistRow[]> {
  return withTenant(db, scope, (tx) =>
    tx.select().from(tvPlaylists).where(eq(tvPlaylists.companyId, scope.companyId)).orderBy(asc(tvPlaylists.name), asc(tvPlaylists.id)),
  );
}

/** Transaction step: one playlist of the company, or null (another company's is hidden by the policies). */
export async function selectTvPlaylist(tx: Transaction, companyId: CompanyId, id: string): Promise<TvPlaylistRow | null> {
  const [row] = await tx
    .select()
    .from(tvPlaylists)
    .where(and(eq(tvPlaylists.companyId, companyId), eq(tvPlaylists.id, id)));
  return row ?? null;
}

/**
 * Every team the screens name is the company's. Another company's team is hidden by the policies:
 * it cannot be told from one that never was (a 404).
 */
async function requireTeams(tx: Transaction, companyId: CompanyId, teamIds: readonly string[]): Promise<void> {
  for (const teamId of new Set(teamIds)) {
    if (!(await selectTeamRef(tx, companyId, teamId))) throw notFound('No such team in your company.');
  }
}

export async function insertTvPlaylist(
  db: Database,
  scope: MemberScope,
  input: { name: string; screens: unknown[]; teamIds: readonly string[]; at: Date },
  audit: (row: TvPlaylistRow) => AuditEvent,
): Promise<TvPlaylistRow> {
  return withTenant(db, scope, async (tx) => {
    await requireTeams(tx, scope.companyId, input.teamIds);
    const [row] = await tx
      .insert(tvPlaylists)
      .values({
        companyId: scope.companyId,
        name: input.name,
        screens: input.screens,
        createdBy: scope.userId,
        createdAt: input.at,
        updatedAt: input.at,
      })
      .returning();
    await insertAuditEvent(tx, audit(row!));
    return row!;
  });
}

/**
 * Replaces a playlist's name and screens; `build` sees the stored row first (to keep screen ids)
 * and returns what to store and the audit event, or null to leave the playlist unchanged.
 */
export async function updateTvPlaylist(
  db: Database,
  scope: MemberScope,
  id: string,
  teamIds: readonly string[],
  build: (before: TvPlaylistRow) => { name: string; screens: unknown[]; at: Date; audit: AuditEvent },
): Promise<TvPlaylistRow | null> {
  return withTenant(db, scope, async (tx) => {
    const before = await selectTvPlaylist(tx, scope.companyId, id);
    if (!before) return null;
    await requireTeams(tx, scope.companyId, teamIds);
    const next = build(before);
    const [row] = await tx
      .update(tvPlaylists)
      .set({ name: next.name, screens: next.screens, updatedAt: next.at })
      .where(and(eq(tvPlaylists.companyId, scope.companyId), eq(tvPlaylists.id, id)))
      .returning();
    await insertAuditEvent(tx, next.audit);
    return row!;
  });
}

export async function deleteTvPlaylist(
  db: Database,
  scope: MemberScope,
  id: string,
  audit: (row: TvPlaylistRow) => AuditEvent,
): Promise<TvPlaylistRow | null> {
  return withTenant(db, scope, async (tx) => {
    const [row] = await tx
      .delete(tvPlaylists)
      .where(and(eq(tvPlaylists.companyId, scope.companyId), eq(tvPlaylists.id, id)))
      .returning();
    if (row) await insertAuditEvent(tx, audit(row));
    return row ?? null;
  });
}

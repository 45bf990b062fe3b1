import { type Language, toLanguage } from '@core/contracts';
import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { displayLinks } from '../../db/schema';
import { enterCompany, type MemberScope, withTenant } from '../../db/tenant';
import { createAuditEvent, insertAuditEvent } from '../audit/audit.service';
import type { Transaction } from '../../db/client';
import { notFound } from '../../lib/http';
import { type CompanyRow, selectCompany } from '../companies/companies.service';
import { selectTeamMemberIds, selectTeamRef, selectTeamRefs } from '../teams/teams.service';
import { selectTvPlaylistScreens } from './tv-playlists.service';
import type { TvScreen } from '@core/contracts';

export type TeamRef = { id: string; name: string };
/** A link with its team's name (null: the whole company) and its playlist's (null: today's board alone). */
export type DisplayLinkRow = typeof displayLinks.$inferSelect & { team: TeamRef | null; playlist: TeamRef | null };

/** The links with their teams' and playlists' names, read in the link's company. */
async function withTeams(
  tx: Transaction,
  companyId: CompanyRow['id'],
  rows: (typeof displayLinks.$inferSelect)[],
): Promise<DisplayLinkRow[]> {
  const teams = rows.some((row) => row.teamId !== null) ? await selectTeamRefs(tx, companyId) : [];
  const playlists = new Map<string, TeamRef | null>();
  for (const playlistId of new Set(rows.flatMap((row) => (row.playlistId ? [row.playlistId] : [])))) {
    const playlist = await selectTvPlaylistScreens(tx, companyId, playlistId);
    playlists.set(playlistId, playlist && { id: playlist.id, name: playlist.name });
  }
  return rows.map((row) => ({
    ...row,
    team: teams.find((team) => team.id === row.teamId) ?? null,
    playlist: (row.playlistId && playlists.get(row.playlistId)) || null,
  }));
}

/** Creates a link and records it in the audit log by name (never its token). */
export async function insertDisplayLink(
  db: Database,
  scope: MemberScope,
  input: { name: string; teamId: string | null; language: Language | null; tokenHash: string; createdAt: Date },
): Promise<DisplayLinkRow> {
  return withTenant(db, scope, async (tx) => {
    // Another company's team is hidden by the policies: it cannot be told from one that never was.
    const team = input.teamId === null ? null : await selectTeamRef(tx, scope.companyId, input.teamId);
    if (input.teamId !== null && !team) throw notFound('No such team in your company.');
    const [row] = await tx
      .insert(displayLinks)
      .values({
        companyId: scope.companyId,
        name: input.name,
        teamId: team?.id ?? null,
        language: input.language,
        tokenHash: input.tokenHash,
        createdBy: scope.userId,
        createdAt: input.createdAt,
      })
      .returning();
    await insertAuditEvent(
      tx,
      createAuditEvent(scope, 'display_link.created', {
        target: { type: 'display_link', id: row!.id },
        details: { name: row!.name },
        at: input.createdAt,
      }),
    );
    return { ...row!, team, playlist: null };
  });
}

/**
 * Points an active link of the caller's company at a playlist of that company (null: today's
 * leaderboard alone), recorded in the audit log with both playlists' names. null when there is no
 * such active link; a 404 for a playlist the company does not have (another company's is hidden).
 */
export async function updateDisplayLinkPlaylist(
  db: Database,
  scope: MemberScope,
  id: string,
  playlistId: string | null,
  at: Date,
): Promise<DisplayLinkRow | null> {
  return withTenant(db, scope, async (tx) => {
    const [link] = await tx
      .select()
      .from(displayLinks)
      .where(and(eq(displayLinks.id, id), isNull(displayLinks.revokedAt)));
    if (!link) return null;
    const next = playlistId === null ? null : await selectTvPlaylistScreens(tx, scope.companyId, playlistId);
    if (playlistId !== null && !next) throw notFound('No such playlist in your company.');
    if (link.playlistId === (next?.id ?? null)) return (await withTeams(tx, scope.companyId, [link]))[0]!;
    const before = link.playlistId === null ? null : await selectTvPlaylistScreens(tx, scope.companyId, link.playlistId);
    const [row] = await tx
      .update(displayLinks)
      .set({ playlistId: next?.id ?? null })
      .where(eq(displayLinks.id, id))
      .returning();
    await insertAuditEvent(
      tx,
      createAuditEvent(scope, 'display_link.playlist_changed', {
        target: { type: 'display_link', id },
        details: { name: link.name, from: before?.name ?? null, to: next?.name ?? null },
        at,
      }),
    );
    return (await withTeams(tx, scope.companyId, [row!]))[0]!;
  });
}

/**
 * The playlist an active link rotates through (null: none), with the company's teams by id, read
 * in the link's company (the link was resolved from its token just before).
 */
export async function findDisplayLinkPlaylist(
  db: Database,
  link: { companyId: CompanyRow['id']; playlistId: string | null },
): Promise<{ playlist: { id: string; name: string; screens: TvScreen[] } | null; teams: TeamRef[] }> {
  if (link.playlistId === null) return { playlist: null, teams: [] };
  const playlistId = link.playlistId;
  return withTenant(db, { companyId: link.companyId, userId: null }, async (tx) => {
    const playlist = await selectTvPlaylistScreens(tx, link.companyId, playlistId);
    const teams = playlist?.screens.some((s) => s.kind === 'team') ? await selectTeamRefs(tx, link.companyId) : [];
    return { playlist, teams };
  });
}

/** The company's links, newest first (revoked ones included). */
export async function findDisplayLinks(db: Database, scope: MemberScope): Promise<DisplayLinkRow[]> {
  return withTenant(db, scope, async (tx) =>
    withTeams(
      tx,
      scope.companyId,
      await tx
        .select()
        .from(displayLinks)
        .where(eq(displayLinks.companyId, scope.companyId))
        .orderBy(desc(displayLinks.createdAt), desc(displayLinks.id)),
    ),
  );
}

/**
 * Revokes a link of the caller's company (a link revoked earlier keeps its first revocation time).
 * Row-level security hides other companies' links, so their ids match nothing: null. Only the
 * revocation that takes effect is recorded in the audit log; revoking again changes nothing.
 */
export async function revokeDisplayLink(db: Database, scope: MemberScope, id: string, revokedAt: Date): Promise<DisplayLinkRow | null> {
  return withTenant(db, scope, async (tx) => {
    const [row] = await tx
      .update(displayLinks)
      .set({ revokedAt })
      .where(and(eq(displayLinks.id, id), isNull(displayLinks.revokedAt)))
      .returning();
    if (row) {
      await insertAuditEvent(
        tx,
        createAuditEvent(scope, 'display_link.revoked', {
          target: { type: 'display_link', id: row.id },
          details: { name: row.name },
          at: revokedAt,
        }),
      );
      return (await withTeams(tx, scope.companyId, [row]))[0]!;
    }
    const [existing] = await tx.select().from(displayLinks).where(eq(displayLinks.id, id));
    return existing ? (await withTeams(tx, scope.companyId, [existing]))[0]! : null;
  });
}

export type ResolvedDisplayLink = {
  linkId: DisplayLinkRow['id'];
  linkName: DisplayLinkRow['name'];
  companyId: DisplayLinkRow['companyId'];
  companyName: CompanyRow['name'];
  timezone: CompanyRow['timezone'];
  /** The company's currency: a wall shows money in it. */
  currency: CompanyRow['currency'];
  /** The team whose people the wall shows, or null for the whole company. */
  team: TeamRef | null;
  /** The playlist the wall rotates through (decision 052), or null. */
  playlistId: string | null;
  /** The language the wall speaks: the link's own, else the company's, else null (decision 079). */
  language: Language | null;
};

/**
 * The active link whose token hash a signed-out screen presents, with its company. Reads as
 * nobody (company and user unset) with only the hash, which the display_links_read policy
 * matches; then enters the link's company to read its name and stamp last_used_at, at most once
 * per `touchAfterMs`.
 */
export async function findActiveDisplayLink(
  db: Database,
  tokenHash: string,
  now: Date,
  touchAfterMs: number,
): Promise<ResolvedDisplayLink | null> {
  return withTenant(db, { companyId: null, userId: null, displayTokenHash: tokenHash }, async (tx) => {
    const [link] = await tx
      .select()
      .from(displayLinks)
      .where(and(eq(displayLinks.tokenHash, tokenHash), isNull(displayLinks.revokedAt)));
    if (!link) return null;
    await enterCompany(tx, link.companyId);
    const company = await selectCompany(tx, link.companyId);
    if (!company) return null;
    const team = link.teamId === null ? null : await selectTeamRef(tx, link.companyId, link.teamId);
    const staleBefore = new Date(now.getTime() - touchAfterMs);
    if (link.lastUsedAt === null || link.lastUsedAt < staleBefore) {
      await tx
        .update(displayLinks)
        .set({ lastUsedAt: now })
        .where(and(eq(displayLinks.id, link.id), or(isNull(displayLinks.lastUsedAt), lt(displayLinks.lastUsedAt, staleBefore))));
    }
    return {
      linkId: link.id,
      linkName: link.name,
      companyId: link.companyId,
      companyName: company.name,
      timezone: company.timezone,
      currency: company.currency,
      team,
      playlistId: link.playlistId,
      language: toLanguage(link.language) ?? toLanguage(company.language),
    };
  });
}

/** Whether a link is still active, for long-lived streams (no last_used_at stamp). */
export async function isDisplayLinkActive(db: Database, tokenHash: string): Promise<boolean> {
  return withTenant(db, { companyId: null, userId: null, displayTokenHash: tokenHash }, async (tx) => {
    const [link] = await tx
      .select({ id: displayLinks.id })
      .from(displayLinks)
      .where(and(eq(displayLinks.tokenHash, tokenHash), isNull(displayLinks.revokedAt)));
    return Boolean(link);
  });
}

/**
 * The people a team's link shows (its team's members now, removed ones included, as on the
 * boards), or null when the link shows the whole company or is no longer active.
 */
export async function findDisplayLinkMemberIds(db: Database, tokenHash: string): Promise<ReadonlySet<string> | null> {
  return withTenant(db, { companyId: null, userId: null, displayTokenHash: tokenHash }, async (tx) => {
    const [link] = await tx
      .select({ companyId: displayLinks.companyId, teamId: displayLinks.teamId })
      .from(displayLinks)
      .where(and(eq(displayLinks.tokenHash, tokenHash), isNull(displayLinks.revokedAt)));
    if (!link || link.teamId === null) return null;
    await enterCompany(tx, link.companyId);
    return selectTeamMemberIds(tx, link.companyId, link.teamId);
  });
}

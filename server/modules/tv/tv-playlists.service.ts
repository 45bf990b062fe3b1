import {
  type SaveTvPlaylist,
  TV_SCREEN_MESSAGES,
  type TvPlaylist,
  type TvPlaylistList,
  type TvScreen,
  type TvScreenInput,
  TvScreenSchema,
} from '@core/contracts';
import { randomUUID } from 'node:crypto';
import type { Transaction } from '../../db/client';
import { type CompanyId, type MemberScope, withTenant } from '../../db/tenant';
import { type Actor, type AppDeps, memberScopeOf } from '../../context';
import { badRequest, notFound } from '../../lib/http';
import { createAuditEvent } from '../audit/audit.service';
import { checkWallBoards } from '../boards/boards.service';
import { checkContestsExist } from '../contests/contests.service';
import {
  deleteTvPlaylist as deleteTvPlaylistRow,
  findTvPlaylists,
  insertTvPlaylist,
  selectTvPlaylist,
  type TvPlaylistRow,
  updateTvPlaylist as updateTvPlaylistRow,
} from './tv-playlists.repository';

/*
 * TV playlists (decision 052): admins list the screens a wall rotates through. The routes allow
 * admins only; display links point at a playlist (the display-links module), and the wall reads a
 * playlist through the transaction steps at the bottom.
 */

/**
 * The stored screens, each read back through the contract: a screen a later build no longer knows
 * (or a malformed row) is left out rather than breaking the wall or the admin's list.
 */
export function readStoredScreens(stored: unknown[]): TvScreen[] {
  return stored.flatMap((item) => {
    const parsed = TvScreenSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

function toTvPlaylist(row: TvPlaylistRow): TvPlaylist {
  return {
    id: row.id,
    name: row.name,
    screens: readStoredScreens(row.screens),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Gives every screen its id: one sent back (an edit) is kept, so a wall showing it stays on it;
 * a new screen, or a second screen with the same id, gets a fresh one.
 */
export function assignScreenIds(screens: readonly TvScreenInput[]): TvScreen[] {
  const seen = new Set<string>();
  return screens.map((screen) => {
    const id = screen.id && !seen.has(screen.id) ? screen.id : randomUUID();
    seen.add(id);
    return { ...screen, id } as TvScreen;
  });
}

/** The teams the screens name (each must be the company's). */
function listScreenTeams(screens: readonly TvScreenInput[]): string[] {
  return screens.flatMap((s) => (s.kind === 'team' ? [s.teamId] : []));
}

/**
 * Every contest the screens name is the company's (decision 049): another company's contest is
 * hidden by the policies and cannot be told from one that never was (a 404). A contest deleted
 * later leaves its screen out of the wall (its read is a 404 the TV skips).
 */
async function requireContests(deps: AppDeps, scope: MemberScope, screens: readonly TvScreenInput[]): Promise<void> {
  const ids = screens.flatMap((s) => (s.kind === 'contest' && s.contestId !== undefined ? [s.contestId] : []));
  if (ids.length === 0) return;
  const exist = await withTenant(deps.database.db, scope, (tx) => checkContestsExist(tx, scope.companyId, ids));
  if (!exist) throw notFound('No such contest in your company.');
}

/**
 * Every board the screens name is the company's and shared with a team or the company (decision
 * 102): a private board is its owner's view, not a wall's. A board deleted or made private later
 * leaves its screen out of the wall (its read is a 404 the TV skips).
 */
async function requireWallBoards(deps: AppDeps, scope: MemberScope, screens: readonly TvScreenInput[]): Promise<void> {
  const errors: Record<string, string> = {};
  await withTenant(deps.database.db, scope, async (tx) => {
    for (const [i, screen] of screens.entries()) {
      if (screen.kind === 'board' && !(await checkWallBoards(tx, scope.companyId, [screen.boardId])))
        errors[`screens.${i}.boardId`] = TV_SCREEN_MESSAGES.boardNotShown;
    }
  });
  const [first] = Object.values(errors);
  if (first) throw badRequest(first, errors);
}

/** What a playlist's screens name must be the company's (and a board shared) before it is saved. */
async function requireScreenSubjects(deps: AppDeps, scope: MemberScope, screens: readonly TvScreenInput[]): Promise<void> {
  await requireContests(deps, scope, screens);
  if (screens.some((screen) => screen.kind === 'board')) await requireWallBoards(deps, scope, screens);
}

export async function listTvPlaylists(deps: AppDeps, actor: Actor): Promise<TvPlaylistList> {
  return { playlists: (await findTvPlaylists(deps.database.db, memberScopeOf(actor))).map(toTvPlaylist) };
}

export async function createTvPlaylist(deps: AppDeps, actor: Actor, input: SaveTvPlaylist): Promise<TvPlaylist> {
  const scope = memberScopeOf(actor);
  await requireScreenSubjects(deps, scope, input.screens);
  const at = deps.now();
  const screens = assignScreenIds(input.screens);
  const row = await insertTvPlaylist(
    deps.database.db,
    scope,
    { name: input.name, screens, teamIds: listScreenTeams(screens), at },
    (created) =>
      createAuditEvent(scope, 'tv_playlist.created', {
        target: { type: 'tv_playlist', id: created.id },
        details: { name: created.name, screens: input.screens.length },
        at,
      }),
  );
  return toTvPlaylist(row);
}

export async function updateTvPlaylist(deps: AppDeps, actor: Actor, id: string, input: SaveTvPlaylist): Promise<TvPlaylist> {
  const scope = memberScopeOf(actor);
  await requireScreenSubjects(deps, scope, input.screens);
  const at = deps.now();
  const row = await updateTvPlaylistRow(deps.database.db, scope, id, listScreenTeams(input.screens), (before) => ({
    name: input.name,
    screens: assignScreenIds(input.screens),
    at,
    audit: createAuditEvent(scope, 'tv_playlist.changed', {
      target: { type: 'tv_playlist', id },
      details: {
        name: input.name,
        screens: input.screens.length,
        ...(before.name !== input.name ? { renamedFrom: before.name } : {}),
      },
      at,
    }),
  }));
  if (!row) throw notFound('No such playlist in your company.');
  return toTvPlaylist(row);
}

/** Deletes a playlist; the links pointing at it show today's leaderboard again (the key sets them to null). */
export async function deleteTvPlaylist(deps: AppDeps, actor: Actor, id: string): Promise<TvPlaylist> {
  const scope = memberScopeOf(actor);
  const at = deps.now();
  const row = await deleteTvPlaylistRow(deps.database.db, scope, id, (deleted) =>
    createAuditEvent(scope, 'tv_playlist.deleted', {
      target: { type: 'tv_playlist', id: deleted.id },
      details: { name: deleted.name },
      at,
    }),
  );
  if (!row) throw notFound('No such playlist in your company.');
  return toTvPlaylist(row);
}

/** Transaction step (display links): a playlist of the company by id, with its screens, or null. */
export async function selectTvPlaylistScreens(
  tx: Transaction,
  companyId: CompanyId,
  id: string,
): Promise<{ id: string; name: string; screens: TvScreen[] } | null> {
  const row = await selectTvPlaylist(tx, companyId, id);
  return row ? { id: row.id, name: row.name, screens: readStoredScreens(row.screens) } : null;
}

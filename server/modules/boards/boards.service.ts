import {
  type BoardTemplate,
  type BoardViewer,
  canEditBoard,
  canSeeBoard,
  canShareBoard,
  listTemplateKpiNames,
  listTemplateWidgets,
  TEMPLATE_KPIS,
  type TemplateKpiName,
} from '@core/boards';
import {
  BOARD_WIDGET_MESSAGES,
  BOARDS_PER_COMPANY_MAX,
  type Board,
  type BoardDefinition,
  type BoardList,
  type BoardWidget,
  BoardWidgetSchema,
  type NewBoardDefinition,
} from '@core/contracts';
import { type Actor, type AppDeps, memberScopeOf } from '../../context';
import type { Transaction } from '../../db/client';
import { type CompanyId, withTenant } from '../../db/tenant';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/http';
import { checkContestsExist } from '../contests/contests.service';
import { selectLiveTemplateTypeIdsIn } from '../activity-types/activity-types.service';
import { findOrMakeKpiIn, selectKpiIdsIn } from '../kpis/kpis.service';
import { selectManager, selectTeamOfMember, selectTeamRef } from '../teams/teams.service';
import {
  type BoardRow,
  deleteBoardRow,
  deleteHomeBoard,
  insertBoard,
  selectBoard,
  selectBoards,
  selectHomeBoardId,
  updateBoardRow,
  upsertHomeBoard,
} from './boards.repository';

/*
 * Boards (decision 102): a member lists the boards they may see and reads one; they make private
 * ones; a team's lead shares one with their team, an admin with any team or the company. Its owner,
 * an admin or (a team's board) the team's lead changes or deletes it. A board's widgets name KPIs
 * and teams of the company only.
 */

const boardNotFound = () => notFound('No such board in your company.');

async function selectViewer(tx: Transaction, actor: Actor): Promise<BoardViewer> {
  const manager = await selectManager(tx, actor);
  const team = await selectTeamOfMember(tx, actor.companyId, actor.userId);
  return { ...manager, teamId: team?.id ?? null };
}

function toBoard(row: BoardRow, viewer: BoardViewer, homeBoardId: string | null): Board {
  return {
    id: row.id,
    name: row.name,
    sharing: row.sharing,
    teamId: row.teamId,
    ownerId: row.ownerId,
    widgets: row.widgets,
    canEdit: canEditBoard(viewer, row),
    isHome: row.id === homeBoardId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The definition as stored: every widget with an id (a new one gets one), its KPI and teams the company's. */
async function prepareDefinition(
  tx: Transaction,
  companyId: CompanyId,
  input: BoardDefinition,
): Promise<BoardDefinition & { widgets: BoardWidget[] }> {
  const kpiIds = await selectKpiIdsIn(tx, companyId);
  const errors: Record<string, string> = {};
  const teams = new Set([input.teamId, ...input.widgets.map((widget) => widget.teamId)].filter((id): id is string => id !== null));
  for (const teamId of teams) {
    if (!(await selectTeamRef(tx, companyId, teamId))) {
      if (teamId === input.teamId) errors.teamId = 'Not a team of your company';
      input.widgets.forEach((widget, i) => {
        if (widget.teamId === teamId) errors[`widgets.${i}.teamId`] = 'Not a team of your company';
      });
    }
  }
  input.widgets.forEach((widget, i) => {
    if ('kpiId' in widget && !kpiIds.has(widget.kpiId)) errors[`widgets.${i}.kpiId`] = 'That KPI no longer exists';
  });
  for (const [i, widget] of input.widgets.entries()) {
    if (widget.kind === 'contest' && !(await checkContestsExist(tx, companyId, [widget.contestId])))
      errors[`widgets.${i}.contestId`] = BOARD_WIDGET_MESSAGES.contestGone;
  }
  const ids = new Set<string>();
  const widgets = input.widgets.map((widget) => {
    const id = widget.id && !ids.has(widget.id) ? widget.id : crypto.randomUUID();
    ids.add(id);
    return { ...widget, id };
  });
  const [first] = Object.values(errors);
  if (first) throw badRequest(first, errors);
  return { ...input, widgets };
}

/**
 * A template's widgets as the company can have them (decision 102): a widget over a template's own
 * types reads the company's KPI that computes it, made when an admin makes the board; without
 * those types, or with no such KPI for someone else, it reads its built-in KPI.
 */
async function buildTemplateWidgets(
  tx: Transaction,
  deps: AppDeps,
  actor: Actor,
  template: BoardTemplate,
): Promise<BoardDefinition['widgets']> {
  const typeIds = await selectLiveTemplateTypeIdsIn(tx, actor.companyId);
  const kpiIds = new Map<TemplateKpiName, string | null>();
  for (const name of listTemplateKpiNames(template)) {
    const kpi = TEMPLATE_KPIS[name];
    if (!kpi.typeKeys.every((key) => typeIds.has(key))) continue;
    const definition = kpi.build((key) => typeIds.get(key)!);
    kpiIds.set(name, await findOrMakeKpiIn(tx, deps, actor, definition, actor.role === 'admin'));
  }
  // Through the contract, for the defaults a widget sent by a screen gets (its own team: none).
  return BoardWidgetSchema.array().parse(listTemplateWidgets(template, (name) => kpiIds.get(name) ?? null));
}

const sharingRefused = () =>
  forbidden('Only an admin shares a board with the company, and only a team’s lead (or an admin) with the team.');

/**
 * The boards the member may see, by name: their own, their team's and the company's. Another
 * person's private board stays out of an admin's list too (it is that person's view; the admin may
 * still open it by its address).
 */
export async function listBoards(deps: AppDeps, actor: Actor): Promise<BoardList> {
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    const viewer = await selectViewer(tx, actor);
    const rows = await selectBoards(tx, actor.companyId);
    const listed = rows.filter((row) => canSeeBoard(viewer, row) && (row.sharing !== 'private' || row.ownerId === actor.userId));
    // The start page only while the member may still see it (a board made private meanwhile is not).
    const home = await selectHomeBoardId(tx, actor.companyId, actor.userId);
    const homeBoardId = rows.some((row) => row.id === home && canSeeBoard(viewer, row)) ? home : null;
    return { boards: listed.map((row) => toBoard(row, viewer, homeBoardId)), homeBoardId };
  });
}

/** One board the member may see; another is not found (as another company's). */
export async function getBoard(deps: AppDeps, actor: Actor, id: string): Promise<Board> {
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    const viewer = await selectViewer(tx, actor);
    const row = await selectBoard(tx, actor.companyId, id);
    if (!row || !canSeeBoard(viewer, row)) throw boardNotFound();
    return toBoard(row, viewer, await selectHomeBoardId(tx, actor.companyId, actor.userId));
  });
}

export async function createBoard(deps: AppDeps, actor: Actor, input: NewBoardDefinition): Promise<Board> {
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    const viewer = await selectViewer(tx, actor);
    if (!canShareBoard(viewer, input.sharing, input.teamId)) throw sharingRefused();
    if ((await selectBoards(tx, actor.companyId)).length >= BOARDS_PER_COMPANY_MAX) {
      throw new HttpError(409, 'conflict', `A company can have at most ${BOARDS_PER_COMPANY_MAX} boards.`);
    }
    const { template, ...board } = input;
    const widgets = template ? await buildTemplateWidgets(tx, deps, actor, template) : board.widgets;
    const definition = await prepareDefinition(tx, actor.companyId, { ...board, widgets });
    const row = await insertBoard(tx, actor.companyId, { definition, ownerId: actor.userId, now: deps.now() });
    return toBoard(row, viewer, null);
  });
}

export async function updateBoard(deps: AppDeps, actor: Actor, id: string, input: BoardDefinition): Promise<Board> {
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    const viewer = await selectViewer(tx, actor);
    const before = await selectBoard(tx, actor.companyId, id);
    if (!before || !canSeeBoard(viewer, before)) throw boardNotFound();
    if (!canEditBoard(viewer, before)) throw forbidden('Only the board’s owner, an admin or the team’s lead can change it.');
    const sharingChanged = input.sharing !== before.sharing || input.teamId !== before.teamId;
    if (sharingChanged && !canShareBoard(viewer, input.sharing, input.teamId)) throw sharingRefused();
    const definition = await prepareDefinition(tx, actor.companyId, input);
    const row = await updateBoardRow(tx, actor.companyId, { id, definition, now: deps.now() });
    if (!row) throw boardNotFound();
    return toBoard(row, viewer, await selectHomeBoardId(tx, actor.companyId, actor.userId));
  });
}

export async function deleteBoard(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  await withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    const viewer = await selectViewer(tx, actor);
    const before = await selectBoard(tx, actor.companyId, id);
    if (!before || !canSeeBoard(viewer, before)) throw boardNotFound();
    if (!canEditBoard(viewer, before)) throw forbidden('Only the board’s owner, an admin or the team’s lead can delete it.');
    await deleteBoardRow(tx, actor.companyId, id);
  });
}

/**
 * The member opens the app on this board instead of the dashboard (decision 102), or (home false)
 * on the dashboard again. Any board they may see; another is not found.
 */
export async function setHomeBoard(deps: AppDeps, actor: Actor, id: string, home: boolean): Promise<Board> {
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    const viewer = await selectViewer(tx, actor);
    const row = await selectBoard(tx, actor.companyId, id);
    if (!row || !canSeeBoard(viewer, row)) throw boardNotFound();
    if (home) await upsertHomeBoard(tx, actor.companyId, actor.userId, id);
    else await deleteHomeBoard(tx, actor.companyId, actor.userId, id);
    return toBoard(row, viewer, home ? id : await selectHomeBoardId(tx, actor.companyId, actor.userId));
  });
}

/**
 * The board a member opens the app on (for /me), or null: the dashboard. Only while they may still
 * see it (a board made private or moved to another team since is not theirs to open).
 */
export async function findHomeBoardId(deps: AppDeps, actor: Actor): Promise<string | null> {
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    const id = await selectHomeBoardId(tx, actor.companyId, actor.userId);
    if (id === null) return null;
    const row = await selectBoard(tx, actor.companyId, id);
    return row && canSeeBoard(await selectViewer(tx, actor), row) ? id : null;
  });
}

/** A board a wall may show (decision 102): shared with a team or the company; a private one is its owner's view. */
export type WallBoard = { id: string; name: string; sharing: 'team' | 'company'; teamId: string | null; widgets: BoardWidget[] };

const isWallBoard = (row: BoardRow) => row.sharing !== 'private';

/** A wall's board screen: the board, or null when it is gone or no longer shared. */
export async function getWallBoard(deps: AppDeps, companyId: CompanyId, id: string): Promise<WallBoard | null> {
  return withTenant(deps.database.db, { companyId, userId: null }, async (tx) => {
    const row = await selectBoard(tx, companyId, id);
    if (!row || !isWallBoard(row)) return null;
    return { id: row.id, name: row.name, sharing: row.sharing as WallBoard['sharing'], teamId: row.teamId, widgets: row.widgets };
  });
}

/** Transaction step (TV playlists): whether every board is the company's and shared, so a wall may show it. */
export async function checkWallBoards(tx: Transaction, companyId: CompanyId, ids: readonly string[]): Promise<boolean> {
  for (const id of new Set(ids)) {
    const row = await selectBoard(tx, companyId, id);
    if (!row || !isWallBoard(row)) return false;
  }
  return true;
}

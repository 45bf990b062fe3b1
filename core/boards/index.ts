import type { BoardSharing } from '../contracts/boards';
import type { Manager } from '../teams';

/*
 * Who sees and who changes a board (decision 102), as plain rules. A private board is its owner's;
 * one shared with a team is its members' and leads' (an admin's too); one shared with the company
 * is everyone's. Its owner and the admins change it; a team's lead changes that team's boards.
 * Sharing with a team needs its lead or an admin; with the company, an admin.
 */

export type BoardAccess = { sharing: BoardSharing; teamId: string | null; ownerId: string };
/** The viewer as a manager, with the team they are in (null for none). */
export type BoardViewer = Manager & { teamId: string | null };

export function canSeeBoard(viewer: BoardViewer, board: BoardAccess): boolean {
  if (board.ownerId === viewer.userId || viewer.role === 'admin') return true;
  if (board.sharing === 'company') return true;
  if (board.sharing === 'team')
    return board.teamId === viewer.teamId || (board.teamId !== null && viewer.ledTeamIds.includes(board.teamId));
  return false;
}

export function canEditBoard(viewer: BoardViewer, board: BoardAccess): boolean {
  if (board.ownerId === viewer.userId || viewer.role === 'admin') return true;
  return board.sharing === 'team' && board.teamId !== null && viewer.ledTeamIds.includes(board.teamId);
}

/** Whether the viewer may give a board this sharing: anyone keeps one to themself; a team's lead shares with it; an admin with anyone. */
export function canShareBoard(viewer: BoardViewer, sharing: BoardSharing, teamId: string | null): boolean {
  if (viewer.role === 'admin' || sharing === 'private') return true;
  return sharing === 'team' && teamId !== null && viewer.ledTeamIds.includes(teamId);
}

export {
  BOARD_TEMPLATES,
  type BoardTemplate,
  listTemplateKpiNames,
  listTemplateWidgets,
  TEMPLATE_KPIS,
  type TemplateKpiName,
} from './templates';

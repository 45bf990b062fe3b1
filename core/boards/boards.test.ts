import { describe, expect, it } from 'vitest';
import { BoardInputSchema, BUILT_IN_KPIS } from '../contracts';
import { BOARD_TEMPLATES, type BoardViewer, canEditBoard, canSeeBoard, canShareBoard, listTemplateWidgets } from './index';

const rep: BoardViewer = { userId: 'rep', role: 'user', ledTeamIds: [], teamId: 'oslo' };
const lead: BoardViewer = { userId: 'lead', role: 'user', ledTeamIds: ['oslo'], teamId: null };
const admin: BoardViewer = { userId: 'admin', role: 'admin', ledTeamIds: [], teamId: null };

describe('who sees and changes a board', () => {
  it('a private board is its owner’s (and an admin’s)', () => {
    const board = { sharing: 'private' as const, teamId: null, ownerId: 'rep' };
    expect([rep, lead, admin].map((v) => canSeeBoard(v, board))).toEqual([true, false, true]);
    expect([rep, lead, admin].map((v) => canEditBoard(v, board))).toEqual([true, false, true]);
  });

  it('a team’s board is its members’ and leads’; its leads change it', () => {
    const board = { sharing: 'team' as const, teamId: 'oslo', ownerId: 'admin' };
    expect([rep, lead, admin].map((v) => canSeeBoard(v, board))).toEqual([true, true, true]);
    expect([rep, lead, admin].map((v) => canEditBoard(v, board))).toEqual([false, true, true]);
    expect(canSeeBoard({ ...rep, teamId: 'bergen' }, board)).toBe(false);
  });

  it('the company’s board is everyone’s to see; sharing it so is for admins', () => {
    const board = { sharing: 'company' as const, teamId: null, ownerId: 'admin' };
    expect([rep, lead, admin].map((v) => canSeeBoard(v, board))).toEqual([true, true, true]);
    expect([rep, lead].map((v) => canEditBoard(v, board))).toEqual([false, false]);
    expect([rep, lead, admin].map((v) => canShareBoard(v, 'company', null))).toEqual([false, false, true]);
    expect([rep, lead].map((v) => canShareBoard(v, 'team', 'oslo'))).toEqual([false, true]);
    expect(canShareBoard(rep, 'private', null)).toBe(true);
  });
});

describe('the board templates', () => {
  it.each(BOARD_TEMPLATES)('%s is a board the contract takes, of built-in KPIs only', (template) => {
    const widgets = listTemplateWidgets(template);
    const parsed = BoardInputSchema.safeParse({ name: 'A board', sharing: 'private', widgets });
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    for (const widget of widgets) if ('kpiId' in widget) expect(BUILT_IN_KPIS).toContain(widget.kpiId);
    if (template === 'blank') expect(widgets).toEqual([]);
    else expect(widgets.length).toBeGreaterThanOrEqual(5);
  });

  it('gives a fresh copy each time (a board changed from it leaves the template as it was)', () => {
    const first = listTemplateWidgets('sdr');
    (first[0] as { kpiId: string }).kpiId = 'points';
    expect(listTemplateWidgets('sdr')[0]).toMatchObject({ kpiId: 'calls' });
  });
});

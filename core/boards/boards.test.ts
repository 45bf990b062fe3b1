import { describe, expect, it } from 'vitest';
import { ACTIVITY_TYPE_TEMPLATE_TYPES, mergeActivityTypeDefinition } from '../activity-types';
import { BoardInputSchema, BUILT_IN_KPIS, KpiInputSchema } from '../contracts';
import {
  BUILT_IN_KPI_DEFINITIONS,
  BUILT_IN_KPI_TYPE_SHAPES,
  checkKpiDefinition,
  findKpiWithFormula,
  type KpiTypeShape,
} from '../kpi-formulas';
import {
  BOARD_TEMPLATES,
  type BoardViewer,
  canEditBoard,
  canSeeBoard,
  canShareBoard,
  listTemplateKpiNames,
  listTemplateWidgets,
  TEMPLATE_KPIS,
  type TemplateKpiName,
} from './index';

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
  it.each(BOARD_TEMPLATES)('%s is a board the contract takes, of built-in KPIs where the company has no template types', (template) => {
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

describe('a template over the company’s template types', () => {
  // The template types as a company has them: each under an id of its own.
  const templateTypes = Object.values(ACTIVITY_TYPE_TEMPLATE_TYPES).flat();
  const idOf = (key: string) => `00000000-0000-4000-8000-${String(templateTypes.findIndex((type) => type.key === key)).padStart(12, '0')}`;
  const shapes = [
    ...Object.values(BUILT_IN_KPI_TYPE_SHAPES),
    ...templateTypes.map(({ key, ...definition }): KpiTypeShape => {
      // Stored as the server stores a template's type.
      const stored = mergeActivityTypeDefinition(null, definition, { inUse: false, newId: () => 'new' });
      return { id: idOf(key), builtIn: false, names: stored.names, outcomes: stored.outcomes, fields: stored.fields };
    }),
  ];
  const formulas = new Map(Object.entries(BUILT_IN_KPI_DEFINITIONS).map(([key, kpi]) => [key, kpi.formula]));

  it.each(Object.keys(TEMPLATE_KPIS) as TemplateKpiName[])('%s is a KPI the editor would save, over types the template adds', (name) => {
    const kpi = TEMPLATE_KPIS[name];
    for (const key of kpi.typeKeys) expect(templateTypes.map((type) => type.key)).toContain(key);
    const definition = kpi.build(idOf);
    expect(KpiInputSchema.parse(definition)).toEqual(definition);
    expect(checkKpiDefinition(definition.formula, { types: shapes, formulas, selfId: null })).toEqual({});
    expect(Object.values(definition.names)).toHaveLength(4);
  });

  it('reads the company’s KPIs where it has them; otherwise the built-in ones, or leaves the widget out', () => {
    const kpiIds: Partial<Record<TemplateKpiName, string>> = { door_knocks: 'k-knocks', value_signed: 'k-value' };
    const field = listTemplateWidgets('field_sales', (name) => kpiIds[name] ?? null);
    expect(field.map((widget) => ('kpiId' in widget ? widget.kpiId : widget.kind))).toEqual([
      'k-knocks',
      'sales',
      'k-value',
      'k-value',
      'k-knocks',
      'feed',
    ]);
    expect(listTemplateKpiNames('field_sales')).toEqual(['door_knocks', 'contracts_signed', 'value_signed']);
    // The SDR board's demos held are there only with the type.
    expect(listTemplateWidgets('sdr')).toHaveLength(7);
    expect(listTemplateWidgets('sdr', (name) => (name === 'demos_held' ? 'k-demos' : null))[3]).toMatchObject({ kpiId: 'k-demos' });
    expect(listTemplateKpiNames('floor')).toEqual([]);
  });

  it('finds a KPI that computes the same, whatever the order of its types and outcomes', () => {
    const mine = { id: 'mine', formula: { ...TEMPLATE_KPIS.value_signed.build(idOf).formula } };
    if (mine.formula.kind === 'aggregate') mine.formula.typeIds = [...mine.formula.typeIds].reverse();
    expect(findKpiWithFormula([mine], TEMPLATE_KPIS.value_signed.build(idOf).formula)?.id).toBe('mine');
    expect(findKpiWithFormula([mine], TEMPLATE_KPIS.contracts_signed.build(idOf).formula)).toBeUndefined();
  });
});

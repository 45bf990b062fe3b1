import { cleanNames, findNameClash, pickName } from '@core/activity-types';
import {
  type AuditAction,
  BUILT_IN_KPIS,
  type BuiltInKpi,
  type KpiFormat,
  type Kpi,
  type KpiDefinition,
  type KpiFormula,
  type KpiList,
  type KpiSeries,
  type KpiSeriesQuery,
  KPIS_PER_COMPANY_MAX,
  type KpiValues,
  type KPI_IMPROVEMENT_PERIODS,
  KPI_IMPROVEMENT_RANGE_DAYS_MAX,
  KPI_MEASURE_MESSAGES,
  type KpiValuesQuery,
  type LocalizedNames,
} from '@core/contracts';
import {
  BUILT_IN_KPI_DEFINITIONS,
  BUILT_IN_KPI_TYPE_SHAPES,
  checkKpiDefinition,
  evaluateKpis,
  findKpiWithFormula,
  listFactKeys,
  pickFormulasFor,
  type KpiFact,
  type KpiTypeShape,
} from '@core/kpi-formulas';
import { diffDays, type LocalDate, listLocalDates } from '@core/period/local-date';
import { computeEarlierPeriods, computeImprovement, computeImprovementInPoints, type ImprovementMeasure } from '@core/rankings';
import { type Actor, type AppDeps, memberScopeOf } from '../../context';
import type { Transaction } from '../../db/client';
import { type CompanyId, type CompanyScope, withTenant } from '../../db/tenant';
import { badRequest, HttpError, notFound } from '../../lib/http';
import { selectActivityTypesIn } from '../activity-types/activity-types.service';
import { createAuditEvent, insertAuditEvent } from '../audit/audit.service';
import { selectActiveMemberFaces } from '../companies/memberships.service';
import { selectTeamMemberIds, selectTeamsWithMemberIds } from '../teams/teams.service';
import { type DatedKpiFact, selectKpiFacts } from './kpi-facts.repository';

export type { DatedKpiFact };
import { deleteKpiRow, insertKpi, type KpiRow, lockKpis, selectKpis, updateKpiRow } from './kpis.repository';

/*
 * A company's KPIs (decision 101): every member lists them and reads their values (boards,
 * menus); admins create, change and delete them. A definition is checked against the company's
 * types and KPIs by core before it is written; values are computed by core from the rollups.
 */

/** The longest period a KPI's values are asked for at once: a year and a day (a leap year's). */
export const KPI_VALUES_RANGE_DAYS_MAX = 367;

const kpiNotFound = () => notFound('No such KPI in your company.');

function toKpi(row: KpiRow): Kpi {
  return {
    id: row.id,
    builtIn: false,
    names: row.names,
    formula: row.formula,
    format: row.format,
    decimals: row.decimals,
    lowerIsBetter: row.lowerIsBetter,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const builtInKpis = (): Kpi[] =>
  BUILT_IN_KPIS.map((key) => ({ id: key, builtIn: true, ...BUILT_IN_KPI_DEFINITIONS[key], createdAt: null, updatedAt: null }));

/** A KPI's format: a built-in one's from its definition, the company's from its row. */
function formatOf(rows: readonly KpiRow[], id: string): KpiFormat | undefined {
  return (BUILT_IN_KPIS as readonly string[]).includes(id)
    ? BUILT_IN_KPI_DEFINITIONS[id as BuiltInKpi].format
    : rows.find((row) => row.id === id)?.format;
}

/** Every KPI's formula by id or key: the built-in ones and the company's. */
function formulasOf(rows: readonly KpiRow[]): Map<string, KpiFormula> {
  const formulas = new Map<string, KpiFormula>(BUILT_IN_KPIS.map((key) => [key, BUILT_IN_KPI_DEFINITIONS[key].formula]));
  for (const row of rows) formulas.set(row.id, row.formula);
  return formulas;
}

/** The types a KPI can read: the five built-in kinds and the company's own, archived ones too (history counts). */
async function selectKpiTypeShapes(tx: Transaction, companyId: CompanyId): Promise<KpiTypeShape[]> {
  const own = await selectActivityTypesIn(tx, companyId);
  return [
    ...Object.values(BUILT_IN_KPI_TYPE_SHAPES),
    ...own.map((type) => ({ id: type.id, builtIn: false, names: type.names, outcomes: type.outcomes, fields: type.fields })),
  ];
}

const nameTaken = (name: string) => new HttpError(409, 'kpi_exists', `A KPI named "${name}" already exists.`);

/** Names trimmed, empty ones left out (as stored). */
const cleanDefinition = (input: KpiDefinition): KpiDefinition => ({ ...input, names: cleanNames(input.names) });

/** Refuses a definition that does not make sense against the company's types and KPIs, with the editor's words. */
function assertSound(formula: KpiFormula, context: Parameters<typeof checkKpiDefinition>[1]) {
  const errors = checkKpiDefinition(formula, context);
  const [first] = Object.values(errors);
  if (first) throw badRequest(first, errors);
}

async function audit(tx: Transaction, deps: AppDeps, actor: Actor, action: AuditAction, id: string, names: LocalizedNames) {
  await insertAuditEvent(
    tx,
    createAuditEvent(memberScopeOf(actor), action, {
      target: { type: 'kpi', id },
      details: { name: pickName(names, 'en'), names },
      at: deps.now(),
    }),
  );
}

/** Transaction step (boards): every KPI id and key the company has, built-in ones included. */
export async function selectKpiIdsIn(tx: Transaction, companyId: CompanyId): Promise<Set<string>> {
  return new Set(formulasOf(await selectKpis(tx, companyId)).keys());
}

/**
 * Transaction step (the weekly digest): the company's own KPIs, every formula by id, and each
 * member's facts over each of the periods asked for (summed in the database, only the keys read).
 */
export async function selectMemberKpiFactsIn(
  tx: Transaction,
  companyId: CompanyId,
  periods: readonly { from: string; to: string }[],
): Promise<{ own: Kpi[]; formulas: Map<string, KpiFormula>; facts: KpiFact[][] }> {
  const rows = await selectKpis(tx, companyId);
  const formulas = formulasOf(rows);
  if (rows.length === 0) return { own: [], formulas, facts: periods.map(() => []) };
  const keys = listFactKeys(formulas);
  const facts: KpiFact[][] = [];
  for (const period of periods) {
    facts.push(await selectKpiFacts(tx, companyId, period.from, period.to, { byDay: false, perMember: true, userIds: null, keys }));
  }
  return { own: rows.map(toKpi), formulas, facts };
}

/** Transaction step (contests): every KPI the company has by id or key, built-in ones included, with every formula. */
export async function selectKpisByIdIn(
  tx: Transaction,
  companyId: CompanyId,
): Promise<{ kpis: Map<string, Kpi>; formulas: Map<string, KpiFormula> }> {
  const rows = await selectKpis(tx, companyId);
  const kpis = new Map<string, Kpi>([...builtInKpis(), ...rows.map(toKpi)].map((kpi) => [kpi.id, kpi]));
  return { kpis, formulas: formulasOf(rows) };
}

/**
 * Transaction step (contests): each member's facts for the given formulas over from..to, summed in
 * the database over the period or per day (`byDay`, for the day a target was reached); `userIds`
 * null reads everyone's.
 */
export async function selectMemberKpiFactsForIn(
  tx: Transaction,
  companyId: CompanyId,
  formulas: ReadonlyMap<string, KpiFormula>,
  range: { from: string; to: string; byDay: boolean; userIds: readonly string[] | null },
): Promise<DatedKpiFact[]> {
  return selectKpiFacts(tx, companyId, range.from, range.to, {
    byDay: range.byDay,
    perMember: true,
    userIds: range.userIds === null ? null : new Set(range.userIds),
    keys: listFactKeys(formulas),
  });
}

/** The built-in KPIs, then the company's in their order. */
export async function listKpis(deps: AppDeps, actor: Actor): Promise<KpiList> {
  return readKpiList(deps, memberScopeOf(actor));
}

/** A wall's board screen: the KPIs its widgets name, read for the link's company. */
export async function listWallKpis(deps: AppDeps, companyId: CompanyId): Promise<KpiList> {
  return readKpiList(deps, { companyId, userId: null });
}

async function readKpiList(deps: AppDeps, scope: CompanyScope): Promise<KpiList> {
  const rows = await withTenant(deps.database.db, scope, (tx) => selectKpis(tx, scope.companyId));
  return { kpis: [...builtInKpis(), ...rows.map(toKpi)] };
}

export async function createKpi(deps: AppDeps, actor: Actor, input: KpiDefinition): Promise<Kpi> {
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    await lockKpis(tx, actor.companyId);
    const rows = await selectKpis(tx, actor.companyId);
    const definition = cleanDefinition(input);
    const refusal = await checkNewKpi(tx, actor.companyId, rows, definition);
    if (refusal) throw refusal;
    return toKpi(await insertKpiIn(tx, deps, actor, definition, rows));
  });
}

/** Why the company may not have this new KPI (its KPIs full, the definition unsound, the name taken), or null. */
async function checkNewKpi(
  tx: Transaction,
  companyId: CompanyId,
  rows: readonly KpiRow[],
  definition: KpiDefinition,
): Promise<HttpError | null> {
  if (rows.length >= KPIS_PER_COMPANY_MAX) {
    return new HttpError(409, 'conflict', `A company can have at most ${KPIS_PER_COMPANY_MAX} KPIs of its own.`);
  }
  const errors = checkKpiDefinition(definition.formula, {
    types: await selectKpiTypeShapes(tx, companyId),
    formulas: formulasOf(rows),
    selfId: null,
  });
  const [first] = Object.values(errors);
  if (first) return badRequest(first, errors);
  const clash = findNameClash([...builtInKpis(), ...rows], definition.names);
  return clash ? nameTaken(clash) : null;
}

async function insertKpiIn(tx: Transaction, deps: AppDeps, actor: Actor, definition: KpiDefinition, rows: readonly KpiRow[]) {
  const position = Math.max(0, ...rows.map((row) => row.position + 1));
  const row = await insertKpi(tx, actor.companyId, { definition, position, now: deps.now() });
  await audit(tx, deps, actor, 'kpi.created', row.id, row.names);
  return row;
}

/**
 * Transaction step (boards, a board made from a template): the id of the company's KPI that
 * computes what `definition` does, whatever an admin named it; else, when `make` (an admin made
 * the board), a new KPI of that definition (audited as an admin's own). Null where there is none
 * and none is made: no right to make one, the company's KPIs full, or its name taken by another.
 */
export async function findOrMakeKpiIn(
  tx: Transaction,
  deps: AppDeps,
  actor: Actor,
  definition: KpiDefinition,
  make: boolean,
): Promise<string | null> {
  await lockKpis(tx, actor.companyId);
  const rows = await selectKpis(tx, actor.companyId);
  const same = findKpiWithFormula(rows, definition.formula);
  if (same) return same.id;
  const clean = cleanDefinition(definition);
  if (!make || (await checkNewKpi(tx, actor.companyId, rows, clean))) return null;
  return (await insertKpiIn(tx, deps, actor, clean, rows)).id;
}

export async function updateKpi(deps: AppDeps, actor: Actor, id: string, input: KpiDefinition): Promise<Kpi> {
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    await lockKpis(tx, actor.companyId);
    const rows = await selectKpis(tx, actor.companyId);
    if (!rows.some((row) => row.id === id)) throw kpiNotFound();
    const definition = cleanDefinition(input);
    assertSound(definition.formula, { types: await selectKpiTypeShapes(tx, actor.companyId), formulas: formulasOf(rows), selfId: id });
    const clash = findNameClash([...builtInKpis(), ...rows.filter((row) => row.id !== id)], definition.names);
    if (clash) throw nameTaken(clash);
    const row = await updateKpiRow(tx, actor.companyId, { id, definition, now: deps.now() });
    if (!row) throw kpiNotFound();
    await audit(tx, deps, actor, 'kpi.changed', id, row.names);
    return toKpi(row);
  });
}

/** Deletes a KPI no other KPI is made of; one in use answers 409 kpi_in_use, naming the one that uses it. */
export async function deleteKpi(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  await withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    await lockKpis(tx, actor.companyId);
    const rows = await selectKpis(tx, actor.companyId);
    const before = rows.find((row) => row.id === id);
    if (!before) throw kpiNotFound();
    const user = rows.find((row) => row.formula.kind !== 'aggregate' && (row.formula.left === id || row.formula.right === id));
    if (user) {
      throw new HttpError(409, 'kpi_in_use', `"${pickName(user.names, 'en')}" is made from this KPI. Change or delete that one first.`);
    }
    await deleteKpiRow(tx, actor.companyId, id);
    await audit(tx, deps, actor, 'kpi.deleted', id, before.names);
  });
}

function assertPeriod(from: string, to: string) {
  if (to < from) throw badRequest('The period ends before it starts.', { to: 'The period ends before it starts' });
  if (diffDays(from as LocalDate, to as LocalDate) + 1 > KPI_VALUES_RANGE_DAYS_MAX) {
    throw badRequest('A period can cover at most a year.', { to: 'A period can cover at most a year' });
  }
}

/**
 * One KPI day by day over a period (the boards' chart), for everyone or a team: each day's value
 * computed from that day's facts, as the KPI's total is from the period's. Every day is there.
 */
export async function getKpiSeries(deps: AppDeps, actor: Actor, query: KpiSeriesQuery): Promise<KpiSeries> {
  return readKpiSeries(deps, memberScopeOf(actor), query);
}

/** A wall's board screen (decision 102): the same series, read for the link's company with no one signed in. */
export async function getWallKpiSeries(deps: AppDeps, companyId: CompanyId, query: KpiSeriesQuery): Promise<KpiSeries> {
  return readKpiSeries(deps, { companyId, userId: null }, query);
}

async function readKpiSeries(deps: AppDeps, scope: CompanyScope, query: KpiSeriesQuery): Promise<KpiSeries> {
  assertPeriod(query.from, query.to);
  const companyId = scope.companyId;
  return withTenant(deps.database.db, scope, async (tx) => {
    const formulas = formulasOf(await selectKpis(tx, companyId));
    if (!formulas.has(query.id)) throw badRequest('No such KPI in your company.', { id: 'No such KPI in your company' });
    const team = query.teamId ? await selectTeamMemberIds(tx, companyId, query.teamId) : null;
    // Everyone's (or the team's) facts together, day by day: summed in the database, not per member.
    const facts = await selectKpiFacts(tx, companyId, query.from, query.to, {
      byDay: true,
      perMember: false,
      userIds: team,
      keys: listFactKeys(pickFormulasFor(formulas, [query.id])),
    });
    const byDay = new Map<string, KpiFact[]>();
    for (const fact of facts) {
      const day = byDay.get(fact.day);
      if (day) day.push(fact);
      else byDay.set(fact.day, [fact]);
    }
    return {
      id: query.id,
      days: listLocalDates(query.from as LocalDate, query.to as LocalDate).map((day) => ({
        day,
        value: evaluateKpis(formulas, byDay.get(day) ?? [], [query.id]).get(query.id) ?? null,
      })),
    };
  });
}

/**
 * Each KPI's value for every active member (of the team, when one is asked for) and for them all
 * together, over the days from..to in the company's calendar. The total is computed from the sums
 * (a ratio of totals), not from the members' values.
 */
export async function getKpiValues(deps: AppDeps, actor: Actor, query: KpiValuesQuery): Promise<KpiValues> {
  return readKpiValues(deps, memberScopeOf(actor), query);
}

/** A wall's board screen (decision 102): the same values, read for the link's company with no one signed in. */
export async function getWallKpiValues(deps: AppDeps, companyId: CompanyId, query: KpiValuesQuery): Promise<KpiValues> {
  return readKpiValues(deps, { companyId, userId: null }, query);
}

async function readKpiValues(deps: AppDeps, scope: CompanyScope, query: KpiValuesQuery): Promise<KpiValues> {
  assertPeriod(query.from, query.to);
  const companyId = scope.companyId;
  return withTenant(deps.database.db, scope, async (tx) => {
    const rows = await selectKpis(tx, companyId);
    const formulas = formulasOf(rows);
    const wanted = query.ids ? query.ids.split(',').map((id) => id.trim()) : [...formulas.keys()];
    const unknown = wanted.find((id) => !formulas.has(id));
    if (unknown !== undefined) throw badRequest('No such KPI in your company.', { ids: 'No such KPI in your company' });
    if (query.improvement && (wanted.length !== 1 || query.totalOnly)) {
      throw badRequest(`${KPI_MEASURE_MESSAGES.improvementOfOne}.`, { improvement: KPI_MEASURE_MESSAGES.improvementOfOne });
    }
    // Its earlier periods are read day by day: a board's day, week or month, not a year.
    if (query.improvement && diffDays(query.from as LocalDate, query.to as LocalDate) + 1 > KPI_IMPROVEMENT_RANGE_DAYS_MAX) {
      throw badRequest(`${KPI_MEASURE_MESSAGES.improvementRange}.`, { improvement: KPI_MEASURE_MESSAGES.improvementRange });
    }

    // Ranked: the active members on the boards (decision 081). Counted in the total: everyone's
    // activity in the period (of the team: its members, removed ones too), as the boards' totals.
    // Only the totals (a number or a gauge): everyone's facts summed together in the database.
    const perMember = !query.totalOnly || query.byTeam;
    const faces = perMember ? await selectActiveMemberFaces(tx, companyId) : [];
    const team = query.teamId ? await selectTeamMemberIds(tx, companyId, query.teamId) : null;
    const shown = query.totalOnly
      ? []
      : faces.filter((face) => face.onBoards && (team === null || team.has(face.userId))).sort((a, b) => (a.userId < b.userId ? -1 : 1));
    const facts = await selectKpiFacts(tx, companyId, query.from, query.to, {
      byDay: false,
      perMember,
      userIds: team,
      keys: listFactKeys(pickFormulasFor(formulas, wanted)),
    });
    const byMember = new Map<string, KpiFact[]>(shown.map((face) => [face.userId as string, []]));
    for (const fact of facts) byMember.get(fact.userId)?.push(fact);

    const memberValues = shown.map((face) => ({
      userId: face.userId as string,
      values: evaluateKpis(formulas, byMember.get(face.userId)!, wanted),
    }));
    const improvements = query.improvement
      ? await measureImprovements(tx, companyId, {
          query,
          period: query.improvement,
          formulas,
          id: wanted[0]!,
          inPoints: formatOf(rows, wanted[0]!) === 'percent',
          memberValues,
        })
      : null;
    const totals = evaluateKpis(formulas, facts, wanted);
    // Each team's figure (asked for by the team comparison): its members' facts together, a ratio of their sums.
    const teams = query.byTeam
      ? (await selectTeamsWithMemberIds(tx, companyId)).map((team) => ({
          id: team.id,
          name: team.name,
          values: evaluateKpis(
            formulas,
            facts.filter((fact) => team.memberIds.has(fact.userId)),
            wanted,
          ),
        }))
      : null;
    return {
      from: query.from,
      to: query.to,
      members: shown.map((face) => ({ userId: face.userId as string, displayName: face.displayName, avatarUrl: face.avatarUrl })),
      kpis: wanted.map((id) => ({
        id,
        total: totals.get(id) ?? null,
        members: memberValues.map(({ userId, values }) => ({
          userId,
          value: values.get(id) ?? null,
          ...(improvements ? { improvement: improvements.get(userId)! } : {}),
        })),
        ...(teams ? { teams: teams.map((team) => ({ teamId: team.id, value: team.values.get(id) ?? null })) } : {}),
      })),
      ...(teams ? { teams: teams.map(({ id, name }) => ({ id, name })) } : {}),
    };
  });
}

/** The board's period as the fair rankings name it (decision 053). */
const IMPROVEMENT_KIND = { day: 'today', week: 'week', month: 'month', range: 'custom' } as const;

/**
 * "Most improved" on a KPI (decision 053's measure, decision 101's figures): each shown member's value
 * against their own average over the earlier equal periods of the board's (a day's 28 days before, a
 * week's 4 weeks, a month's 3 months, a range's 4 ranges), as the dashboard's leaderboard measures,
 * counting only the periods in which they logged anything and the KPI had a value; read in one
 * statement day by day, for the shown members only.
 */
async function measureImprovements(
  tx: Transaction,
  companyId: CompanyId,
  input: {
    query: KpiValuesQuery;
    period: (typeof KPI_IMPROVEMENT_PERIODS)[number];
    formulas: Map<string, KpiFormula>;
    id: string;
    /** A KPI written as a percent: its change in percentage points. */
    inPoints: boolean;
    memberValues: readonly { userId: string; values: Map<string, number | null> }[];
  },
): Promise<Map<string, ImprovementMeasure & { changeIn?: 'percentage_points' }>> {
  const { query, formulas, id, memberValues } = input;
  const measures = new Map<string, ImprovementMeasure & { changeIn?: 'percentage_points' }>();
  if (memberValues.length === 0) return measures;
  const earlier = computeEarlierPeriods(IMPROVEMENT_KIND[input.period], query.from as LocalDate, query.to as LocalDate);
  const facts = await selectKpiFacts(tx, companyId, earlier.at(-1)!.from, earlier[0]!.to, {
    byDay: true,
    perMember: true,
    userIds: new Set(memberValues.map((member) => member.userId)),
    keys: listFactKeys(pickFormulasFor(formulas, [id])),
  });
  const byMember = new Map<string, DatedKpiFact[]>();
  for (const fact of facts) {
    let own = byMember.get(fact.userId);
    if (!own) byMember.set(fact.userId, (own = []));
    own.push(fact);
  }
  for (const { userId, values } of memberValues) {
    const own = byMember.get(userId) ?? [];
    const past: number[] = [];
    for (const period of earlier) {
      // A period with activity counts whole: a fact without activities of its own (a call's points,
      // decision 110) is part of its figure.
      const inPeriod = own.filter((fact) => fact.day >= period.from && fact.day <= period.to);
      if (!inPeriod.some((fact) => fact.activities > 0)) continue;
      const value = evaluateKpis(formulas, inPeriod, [id]).get(id) ?? null;
      if (value !== null) past.push(value);
    }
    const now = values.get(id) ?? null;
    const measure = (input.inPoints ? computeImprovementInPoints : computeImprovement)(now ?? 0, past);
    // The average as the KPI holds it (a percent's 0.253, not the counts' one decimal): the page writes it.
    const baseline = past.length === 0 ? null : past.reduce((sum, value) => sum + value, 0) / past.length;
    measures.set(userId, {
      ...measure,
      baseline,
      change: now === null ? null : measure.change,
      ...(input.inPoints ? { changeIn: 'percentage_points' as const } : {}),
    });
  }
  return measures;
}

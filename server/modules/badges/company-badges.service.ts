import { cleanNames, findNameClash, pickName } from '@core/activity-types';
import { findBadgePeriod } from '@core/badges';
import {
  type AuditAction,
  COMPANY_BADGES_MAX,
  type CompanyBadge,
  type CompanyBadgeDefinition,
  type CompanyBadgeList,
  type CompanyBadgeLook,
  KPI_MEASURE_MESSAGES,
  type LocalizedNames,
} from '@core/contracts';
import { canCountUpTo, evaluateKpis, isAdditiveKpi } from '@core/kpi-formulas';
import { toLocalDate } from '@core/period';
import { type Actor, type AppDeps, memberScopeOf } from '../../context';
import type { Transaction } from '../../db/client';
import { type CompanyId, type UserId, withTenant } from '../../db/tenant';
import type { LoggedChange } from '../../events/event-log';
import { badRequest, HttpError, notFound } from '../../lib/http';
import { createAuditEvent, insertAuditEvent } from '../audit/audit.service';
import { type NewFeedEvent, recordFeedEvents } from '../feed/feed.service';
import { selectKpisByIdIn, selectMemberKpiFactsForIn } from '../kpis/kpis.service';
import { insertBadgesIn } from './badges.repository';
import {
  type CompanyBadgeRow,
  deleteCompanyBadgeRow,
  insertCompanyBadge,
  isCompanyBadgeEarnedIn,
  lockCompanyBadges,
  selectEarnedOccasionsIn,
  selectCompanyBadgesIn,
  updateCompanyBadgeRow,
} from './company-badges.repository';

/*
 * A company's own badges (decision 107): an admin names one, gives it an icon and a colour, and sets
 * the number a KPI (a count or a sum where higher is better) must reach within a day, an ISO week or
 * a month. A member earns it once per period, after the write that got them there has committed
 * (a follower of the event log: the write path pays nothing for it), and the floor hears of it as of
 * any badge: the feed, the walls' celebration, push.
 */

const badgeNotFound = () => notFound('No such badge in your company.');
const nameTaken = (name: string) => new HttpError(409, 'badge_exists', `A badge named "${name}" already exists.`);

function toCompanyBadge(row: CompanyBadgeRow): CompanyBadge {
  return {
    id: row.id,
    names: row.names,
    icon: row.icon,
    colour: row.colour,
    kpiId: row.kpiId,
    threshold: row.threshold,
    period: row.period,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** How a company's badge is drawn, by its id (the boards, the rep's page and the walls name it from here). */
export const toCompanyBadgeLook = (row: Pick<CompanyBadgeRow, 'names' | 'icon' | 'colour'>): CompanyBadgeLook => ({
  names: row.names,
  icon: row.icon,
  colour: row.colour,
});

/** Transaction step (badges): the looks of the company's own badges, by id. */
export async function selectCompanyBadgeLooksIn(tx: Transaction, companyId: CompanyId): Promise<Map<string, CompanyBadgeLook>> {
  return new Map((await selectCompanyBadgesIn(tx, companyId)).map((row) => [row.id, toCompanyBadgeLook(row)]));
}

/** The badge's KPI must be the company's (or built in), met by going up, and a count or a sum: a badge is reached once and for all. */
async function checkBadgeKpi(tx: Transaction, companyId: CompanyId, kpiId: string): Promise<void> {
  const { kpis, formulas } = await selectKpisByIdIn(tx, companyId);
  const kpi = kpis.get(kpiId);
  if (!kpi) throw badRequest('No such KPI in your company.', { kpiId: KPI_MEASURE_MESSAGES.gone });
  if (kpi.lowerIsBetter) {
    throw badRequest(`${KPI_MEASURE_MESSAGES.badgeLowerIsBetter}.`, { kpiId: KPI_MEASURE_MESSAGES.badgeLowerIsBetter });
  }
  if (!isAdditiveKpi(formulas.get(kpiId)!)) {
    throw badRequest(`${KPI_MEASURE_MESSAGES.badgeNotAdditive}.`, { kpiId: KPI_MEASURE_MESSAGES.badgeNotAdditive });
  }
}

/** At most COMPANY_BADGES_MAX switched on: those switched off (kept for what was earned) do not count. */
function assertRoomFor(rows: readonly CompanyBadgeRow[], enabled: boolean, id: string | null): void {
  if (enabled && rows.filter((row) => row.enabled && row.id !== id).length >= COMPANY_BADGES_MAX) {
    throw new HttpError(409, 'conflict', `A company can have at most ${COMPANY_BADGES_MAX} badges of its own switched on.`);
  }
}

async function audit(tx: Transaction, deps: AppDeps, actor: Actor, action: AuditAction, id: string, names: LocalizedNames) {
  await insertAuditEvent(
    tx,
    createAuditEvent(memberScopeOf(actor), action, {
      target: { type: 'company_badge', id },
      details: { name: pickName(names, 'en'), names },
      at: deps.now(),
    }),
  );
}

/** GET /badges/company: the company's own badges (any member: the boards draw them). */
export async function listCompanyBadges(deps: AppDeps, actor: Actor): Promise<CompanyBadgeList> {
  const rows = await withTenant(deps.database.db, memberScopeOf(actor), (tx) => selectCompanyBadgesIn(tx, actor.companyId));
  return { badges: rows.map(toCompanyBadge) };
}

/** POST /badges/company (admins; the route checks). */
export async function createCompanyBadge(deps: AppDeps, actor: Actor, input: CompanyBadgeDefinition): Promise<CompanyBadge> {
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    await lockCompanyBadges(tx, actor.companyId);
    const rows = await selectCompanyBadgesIn(tx, actor.companyId);
    const definition = { ...input, names: cleanNames(input.names), enabled: input.enabled ?? true };
    assertRoomFor(rows, definition.enabled, null);
    const clash = findNameClash(rows, definition.names);
    if (clash) throw nameTaken(clash);
    await checkBadgeKpi(tx, actor.companyId, definition.kpiId);
    const row = await insertCompanyBadge(tx, actor.companyId, definition, deps.now());
    await audit(tx, deps, actor, 'company_badge.created', row.id, row.names);
    return toCompanyBadge(row);
  });
}

/** PUT /badges/company/{id} (admins): the badges already earned stay as they were earned. */
export async function updateCompanyBadge(deps: AppDeps, actor: Actor, id: string, input: CompanyBadgeDefinition): Promise<CompanyBadge> {
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    await lockCompanyBadges(tx, actor.companyId);
    const rows = await selectCompanyBadgesIn(tx, actor.companyId);
    const before = rows.find((row) => row.id === id);
    if (!before) throw badgeNotFound();
    const definition = { ...input, names: cleanNames(input.names), enabled: input.enabled ?? before.enabled };
    assertRoomFor(rows, definition.enabled, id);
    const clash = findNameClash(
      rows.filter((row) => row.id !== id),
      definition.names,
    );
    if (clash) throw nameTaken(clash);
    // A badge switched off may keep a KPI deleted (or changed) since: it is awarded no more; to award it again, its KPI must qualify.
    if (definition.enabled) await checkBadgeKpi(tx, actor.companyId, definition.kpiId);
    const row = await updateCompanyBadgeRow(tx, actor.companyId, id, definition, deps.now());
    if (!row) throw badgeNotFound();
    await audit(tx, deps, actor, 'company_badge.changed', id, row.names);
    return toCompanyBadge(row);
  });
}

/** DELETE /badges/company/{id} (admins): only a badge nobody has earned; an earned one is switched off (409 badge_in_use). */
export async function deleteCompanyBadge(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  await withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    await lockCompanyBadges(tx, actor.companyId);
    const before = (await selectCompanyBadgesIn(tx, actor.companyId)).find((row) => row.id === id);
    if (!before) throw badgeNotFound();
    if (await isCompanyBadgeEarnedIn(tx, actor.companyId, id)) {
      throw new HttpError(409, 'badge_in_use', 'Someone has earned this badge: switch it off instead, so what they earned stays.');
    }
    await deleteCompanyBadgeRow(tx, actor.companyId, id);
    await audit(tx, deps, actor, 'company_badge.deleted', id, before.names);
  });
}

/**
 * Follower after commit (decision 095): each member and day an activity was logged on or moved to
 * may have reached a company badge's number there. Judged on the rollups as they are now (a later
 * write's included: the badge is reached either way), once per member, badge and period (the
 * badges' unique key). Nothing is read when the company has no badge switched on.
 */
export async function awardCompanyBadgesForChanges(tx: Transaction, companyId: CompanyId, changes: readonly LoggedChange[]): Promise<void> {
  const places = new Map<string, { userId: string; day: string; at: Date }>();
  for (const change of changes) {
    for (const event of change.events) {
      if (event.type !== 'activity.logged' && event.type !== 'activity.updated') continue;
      const { userId, localDate } = event.activity;
      places.set(`${userId} ${localDate}`, { userId, day: localDate, at: change.occurredAt });
    }
  }
  if (places.size === 0) return;
  // Shared with other rounds, exclusive of an admin's change: a badge is not deleted while it is being earned.
  await lockCompanyBadges(tx, companyId, 'shared');
  const definitions = (await selectCompanyBadgesIn(tx, companyId)).filter((row) => row.enabled);
  if (definitions.length === 0) return;
  const { kpis, formulas } = await selectKpisByIdIn(tx, companyId);
  // A KPI deleted, or changed to one that does not add up or goes down, since: its badge waits for an admin.
  const judged = definitions.filter((definition) => {
    const formula = formulas.get(definition.kpiId);
    const kpi = kpis.get(definition.kpiId);
    return formula !== undefined && kpi !== undefined && canCountUpTo({ formula, lowerIsBetter: kpi.lowerIsBetter });
  });
  if (judged.length === 0) return;
  const only = new Map(judged.map((definition) => [definition.kpiId, formulas.get(definition.kpiId)!]));
  // A milestone held already is not judged again: its read would be of the member's whole history.
  const milestones = judged.filter((definition) => definition.period === 'ever').map((definition) => `${definition.id}:ever`);
  const held = await selectEarnedOccasionsIn(tx, companyId, milestones, [...new Set([...places.values()].map((place) => place.userId))]);
  const isHeld = (definition: CompanyBadgeRow, userId: string) =>
    definition.period === 'ever' && held.has(`${userId} ${definition.id}:ever`);
  // The periods to read (a day, a week, a month around each place), each once for everyone written to in it.
  const windows = new Map<string, { from: string; to: string; userIds: Set<string> }>();
  for (const definition of judged) {
    for (const { userId, day } of places.values()) {
      if (isHeld(definition, userId)) continue;
      const period = findBadgePeriod(definition.period, toLocalDate(day));
      const key = `${period.from} ${period.to}`;
      const window = windows.get(key) ?? { from: period.from, to: period.to, userIds: new Set<string>() };
      window.userIds.add(userId);
      windows.set(key, window);
    }
  }
  const values = new Map<string, Map<string, number | null>>();
  for (const [key, window] of windows) {
    const facts = await selectMemberKpiFactsForIn(tx, companyId, only, {
      from: window.from,
      to: window.to,
      byDay: false,
      userIds: [...window.userIds],
    });
    for (const userId of window.userIds) {
      values.set(
        `${key} ${userId}`,
        evaluateKpis(
          only,
          facts.filter((fact) => fact.userId === userId),
          [...only.keys()],
        ),
      );
    }
  }
  const earned: { row: Awaited<ReturnType<typeof insertBadgesIn>>[number]; definition: CompanyBadgeRow }[] = [];
  for (const definition of judged) {
    for (const { userId, day, at } of places.values()) {
      if (isHeld(definition, userId)) continue;
      const period = findBadgePeriod(definition.period, toLocalDate(day));
      const value = values.get(`${period.from} ${period.to} ${userId}`)?.get(definition.kpiId) ?? null;
      if (value === null || value < definition.threshold) continue;
      const rows = await insertBadgesIn(
        tx,
        companyId,
        {
          kind: 'company',
          occasion: `${definition.id}:${period.key}`,
          localDate: day,
          userIds: [userId],
          data: {
            companyBadgeId: definition.id,
            kpiId: definition.kpiId,
            value,
            threshold: definition.threshold,
            period: definition.period,
            periodKey: period.key,
          },
        },
        at,
      );
      earned.push(...rows.map((row) => ({ row, definition })));
    }
  }
  if (earned.length === 0) return;
  // The feed event carries the badge's look as it is now, so every screen names it without reading the badges (as a contest's name).
  const events: NewFeedEvent[] = earned.map(({ row, definition }) => ({
    kind: 'badge.earned',
    userId: row.user_id as UserId,
    teamId: row.team_id,
    subjectId: row.id,
    data: { badge: 'company', badgeId: row.id, localDate: row.local_date, ...row.data, ...toCompanyBadgeLook(definition) },
  }));
  await recordFeedEvents(tx, companyId, events, new Date(earned.at(-1)!.row.earned_at));
}

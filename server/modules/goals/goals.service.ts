import type { Goals, TeamGoals, UpdateGoals } from '@core/contracts';
import { isTeamLead } from '@core/teams';
import { type Actor, type AppDeps, memberScopeOf } from '../../context';
import type { Transaction } from '../../db/client';
import { type CompanyId, toUserId, withTenant } from '../../db/tenant';
import { badRequest, forbidden, notFound } from '../../lib/http';
import { selectLiveActivityTypesIn } from '../activity-types/activity-types.service';
import { createAuditEvent, insertAuditEvent } from '../audit/audit.service';
import { selectActiveMemberFaces, selectTeamAssignments } from '../companies/memberships.service';
import { selectManagedMemberIds, selectManagementOf, selectManager } from '../teams/teams.service';
import { findOwnGoals, type GoalsRow, type GoalsValues, selectCompanyGoals, upsertGoalsOf } from './goals.repository';

/** Transaction step (my stats): the member's goals, read beside their day's rollup row. */
export { type GoalsRow, selectOwnGoals } from './goals.repository';

/** Transaction step (exports): the saved goals of the company's people. */
export { selectCompanyGoals } from './goals.repository';

export function toGoals(row: GoalsRow | null): Goals {
  return {
    dailyCalls: row?.dailyCalls ?? 0,
    dailyMeetings: row?.dailyMeetings ?? 0,
    dailySales: row?.dailySales ?? 0,
    types: row?.typeGoals ?? {},
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/**
 * What a save writes (decision 106): the goals on own types as sent, those of 0 left out, each on
 * one of the company's live types (else refused on its field); not sent, they stay as they are.
 */
async function toGoalsValues(
  tx: Transaction,
  companyId: CompanyId,
  input: UpdateGoals,
  now: Date,
): Promise<{ values: GoalsValues; named?: { typeId: string; names: Record<string, string>; goal: number }[] }> {
  const values: GoalsValues = {
    dailyCalls: input.dailyCalls,
    dailyMeetings: input.dailyMeetings,
    dailySales: input.dailySales,
    updatedAt: now,
  };
  if (input.types === undefined) return { values };
  const set = Object.entries(input.types).filter(([, goal]) => goal > 0);
  const live = new Map(
    set.length === 0 ? [] : (await selectLiveActivityTypesIn(tx, companyId)).map((type) => [type.id, type.names as Record<string, string>]),
  );
  const unknown = set.filter(([id]) => !live.has(id)).map(([id]) => id);
  if (unknown.length > 0) {
    throw badRequest(
      'A goal names a type your company does not log (anymore).',
      Object.fromEntries(unknown.map((id) => [`types.${id}`, 'Choose one of your activity types'])),
    );
  }
  // The types' names go with an audit entry: the log reads the same after a type is renamed.
  const named = set.map(([typeId, goal]) => ({ typeId, names: live.get(typeId)!, goal }));
  return { values: { ...values, typeGoals: Object.fromEntries(set) }, named };
}

/** The caller's daily goals; all zeros before the first save. */
export async function getMyGoals(deps: AppDeps, actor: Actor): Promise<Goals> {
  return toGoals(await findOwnGoals(deps.database.db, memberScopeOf(actor)));
}

export async function saveMyGoals(deps: AppDeps, actor: Actor, input: UpdateGoals): Promise<Goals> {
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    const { values } = await toGoalsValues(tx, actor.companyId, input, deps.now());
    return toGoals(await upsertGoalsOf(tx, actor.companyId, actor.userId, values));
  });
}

/**
 * The daily goals of the people the caller manages (decision 044): a lead's, the members of the
 * teams they lead; an admin's, everyone's; the caller left out (their own are /goals/me).
 */
export async function listTeamGoals(deps: AppDeps, actor: Actor): Promise<TeamGoals> {
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    const manager = await selectManager(tx, actor);
    if (manager.role !== 'admin' && !isTeamLead(manager)) throw forbidden("Only administrators and team leads see their people's goals.");
    const managed = new Set((await selectManagedMemberIds(tx, actor)).filter((id) => id !== actor.userId) as string[]);
    const teamOf = new Map((await selectTeamAssignments(tx, actor.companyId)).map((a) => [a.userId as string, a.teamId]));
    const saved = new Map((await selectCompanyGoals(tx, actor.companyId, null)).map((row) => [row.userId as string, row]));
    const members = (await selectActiveMemberFaces(tx, actor.companyId))
      .filter((face) => managed.has(face.userId))
      .map((face) => ({
        userId: face.userId,
        displayName: face.displayName,
        avatarUrl: face.avatarUrl,
        teamId: teamOf.get(face.userId) ?? null,
        goals: toGoals(saved.get(face.userId) ?? null),
      }))
      .sort((a, b) => (a.displayName ?? '\uffff').localeCompare(b.displayName ?? '\uffff') || (a.userId < b.userId ? -1 : 1));
    return { members };
  });
}

/**
 * Sets a member's daily goals for them: a lead for the members of the teams they lead, an admin
 * for anyone (and anyone for themselves, as /goals/me). The goals stay the rep's to change after;
 * who set them is in the audit log rather than on the row (decision 044).
 */
export async function setMemberGoals(deps: AppDeps, actor: Actor, userId: string, input: UpdateGoals): Promise<Goals> {
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    const management = await selectManagementOf(tx, actor, userId);
    if (management === 'not_member') throw notFound('No such member in your company.');
    if (management === 'not_managed') throw forbidden('You can set goals only for the members of the teams you lead.');
    const now = deps.now();
    const { values, named } = await toGoalsValues(tx, actor.companyId, input, now);
    const row = await upsertGoalsOf(tx, actor.companyId, toUserId(userId), values);
    if (userId !== actor.userId) {
      await insertAuditEvent(
        tx,
        createAuditEvent(memberScopeOf(actor), 'goals.set', {
          target: { type: 'member', id: userId },
          details: {
            dailyCalls: input.dailyCalls,
            dailyMeetings: input.dailyMeetings,
            dailySales: input.dailySales,
            ...(named ? { types: named } : {}),
          },
          at: now,
        }),
      );
    }
    return toGoals(row);
  });
}

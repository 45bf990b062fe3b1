import type { Goals, TeamGoals, UpdateGoals } from '@core/contracts';
import { isTeamLead } from '@core/teams';
import { type Actor, type AppDeps, memberScopeOf } from '../../context';
import { toUserId, withTenant } from '../../db/tenant';
import { forbidden, notFound } from '../../lib/http';
import { createAuditEvent, insertAuditEvent } from '../audit/audit.service';
import { selectActiveMemberFaces, selectTeamAssignments } from '../companies/memberships.service';
import { selectManagedMemberIds, selectManagementOf, selectManager } from '../teams/teams.service';
import { findOwnGoals, type GoalsRow, selectCompanyGoals, upsertGoalsOf, upsertOwnGoals } from './goals.repository';

/** Transaction step (my stats): the member's goals, read beside their day's rollup row. */
export { type GoalsRow, selectOwnGoals } from './goals.repository';

/** Transaction step (exports): the saved goals of the company's people. */
export { selectCompanyGoals } from './goals.repository';

function toGoals(row: GoalsRow | null): Goals {
  return {
    dailyCalls: row?.dailyCalls ?? 0,
    dailyMeetings: row?.dailyMeetings ?? 0,
    dailySales: row?.dailySales ?? 0,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** The caller's daily goals; all zeros before the first save. */
export async function getMyGoals(deps: AppDeps, actor: Actor): Promise<Goals> {
  return toGoals(await findOwnGoals(deps.database.db, memberScopeOf(actor)));
}

export async function saveMyGoals(deps: AppDeps, actor: Actor, input: UpdateGoals): Promise<Goals> {
  const row = await upsertOwnGoals(deps.database.db, memberScopeOf(actor), {
    dailyCalls: input.dailyCalls,
    dailyMeetings: input.dailyMeetings,
    dailySales: input.dailySales,
    updatedAt: deps.now(),
  });
  return toGoals(row);
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
    const row = await upsertGoalsOf(tx, actor.companyId, toUserId(userId), { ...input, updatedAt: now });
    if (userId !== actor.userId) {
      await insertAuditEvent(
        tx,
        createAuditEvent(memberScopeOf(actor), 'goals.set', {
          target: { type: 'member', id: userId },
          details: { dailyCalls: input.dailyCalls, dailyMeetings: input.dailyMeetings, dailySales: input.dailySales },
          at: now,
        }),
      );
    }
    return toGoals(row);
  });
}

import {
  type CreateTeam,
  normalizeRole,
  type RenameTeam,
  type SetMemberTeam,
  type SetTeamLeads,
  type Team,
  type TeamList,
  type TeamPerson,
  TEAMS_PER_COMPANY_MAX,
} from '@core/contracts';
import { canManageMember, listManagedMembers, type Manager } from '@core/teams';
import { type Actor, type AppDeps, memberScopeOf } from '../../context';
import type { Transaction } from '../../db/client';
import { type CompanyId, toUserId, type UserId, withTenant } from '../../db/tenant';
import { HttpError, notFound } from '../../lib/http';
import { createAuditEvent, insertAuditEvent } from '../audit/audit.service';
import { type MemberFace, selectActiveMemberFaces, selectTeamAssignments, setMemberTeamIn } from '../companies/memberships.service';
import {
  countTeams,
  deleteTeamRow,
  type LeadRow,
  insertTeam,
  replaceLeads,
  selectLeads,
  selectTeam,
  selectTeamIdsLedBy,
  selectTeams,
  type TeamRow,
  updateTeamName,
} from './teams.repository';

/*
 * Teams (decision 040): admins create, rename and delete teams, put members in them and name their
 * leads; every member lists them (the boards' filter). The authorization helpers at the end are
 * the one answer to "may this person manage that one?" for every team-scoped feature.
 */

const teamNotFound = () => notFound('No such team in your company.');
const teamExists = (name: string) => new HttpError(409, 'team_exists', `A team named "${name}" already exists.`);

const byName = (a: TeamPerson, b: TeamPerson) =>
  (a.displayName ?? '\uffff').localeCompare(b.displayName ?? '\uffff') || (a.userId < b.userId ? -1 : 1);

const toPerson = (face: MemberFace): TeamPerson => ({ userId: face.userId, displayName: face.displayName, avatarUrl: face.avatarUrl });

async function readTeams(tx: Transaction, companyId: CompanyId, only?: string): Promise<Team[]> {
  const rows = only === undefined ? await selectTeams(tx, companyId) : [await selectTeam(tx, companyId, only)].filter((r) => r !== null);
  const [leads, assignments, active] = [
    await selectLeads(tx, companyId),
    await selectTeamAssignments(tx, companyId, only),
    await selectActiveMemberFaces(tx, companyId),
  ];
  const activeById = new Map(active.map((face) => [face.userId as string, face]));
  return rows.map((row: TeamRow) => ({
    id: row.id,
    name: row.name,
    members: assignments
      .filter((a) => a.teamId === row.id && a.isActive)
      .map(toPerson)
      .sort(byName),
    leads: leads
      .filter((lead: LeadRow) => lead.teamId === row.id)
      .flatMap((lead) => {
        const face = activeById.get(lead.userId);
        return face ? [toPerson(face)] : [];
      })
      .sort(byName),
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Every team of the caller's company, by name, with its active members and leads. */
export async function listTeams(deps: AppDeps, actor: Actor): Promise<TeamList> {
  return { teams: await withTenant(deps.database.db, memberScopeOf(actor), (tx) => readTeams(tx, actor.companyId)) };
}

async function readTeam(tx: Transaction, companyId: CompanyId, teamId: string): Promise<Team> {
  const [team] = await readTeams(tx, companyId, teamId);
  if (!team) throw teamNotFound();
  return team;
}

export async function createTeam(deps: AppDeps, actor: Actor, input: CreateTeam): Promise<Team> {
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    if ((await countTeams(tx, actor.companyId)) >= TEAMS_PER_COMPANY_MAX) {
      throw new HttpError(409, 'conflict', `A company can have at most ${TEAMS_PER_COMPANY_MAX} teams.`);
    }
    const row = await insertTeam(tx, actor.companyId, { name: input.name, now: deps.now() });
    if (!row) throw teamExists(input.name);
    await insertAuditEvent(
      tx,
      createAuditEvent(memberScopeOf(actor), 'team.created', {
        target: { type: 'team', id: row.id },
        details: { name: row.name },
        at: deps.now(),
      }),
    );
    return readTeam(tx, actor.companyId, row.id);
  });
}

export async function renameTeam(deps: AppDeps, actor: Actor, teamId: string, input: RenameTeam): Promise<Team> {
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    const before = await selectTeam(tx, actor.companyId, teamId);
    const outcome = await updateTeamName(tx, actor.companyId, { teamId, name: input.name, now: deps.now() });
    if (outcome === 'taken') throw teamExists(input.name);
    if (!outcome || !before) throw teamNotFound();
    if (before.name !== outcome.name) {
      await insertAuditEvent(
        tx,
        createAuditEvent(memberScopeOf(actor), 'team.renamed', {
          target: { type: 'team', id: teamId },
          details: { from: before.name, to: outcome.name },
          at: deps.now(),
        }),
      );
    }
    return readTeam(tx, actor.companyId, teamId);
  });
}

/** Deletes a team: its members are left without a team, its leads lead it no more; everyone's numbers stay theirs. */
export async function deleteTeam(deps: AppDeps, actor: Actor, teamId: string): Promise<void> {
  await withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    const team = await selectTeam(tx, actor.companyId, teamId);
    if (!team || !(await deleteTeamRow(tx, actor.companyId, teamId))) throw teamNotFound();
    await insertAuditEvent(
      tx,
      createAuditEvent(memberScopeOf(actor), 'team.deleted', {
        target: { type: 'team', id: teamId },
        details: { name: team.name },
        at: deps.now(),
      }),
    );
  });
}

/** Makes exactly these active members the team's leads (an empty list: none). */
export async function setTeamLeads(deps: AppDeps, actor: Actor, teamId: string, input: SetTeamLeads): Promise<Team> {
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    const team = await selectTeam(tx, actor.companyId, teamId);
    if (!team) throw teamNotFound();
    const active = new Set((await selectActiveMemberFaces(tx, actor.companyId)).map((face) => face.userId as string));
    const userIds = [...new Set(input.userIds)];
    const strangers = userIds.filter((id) => !active.has(id));
    if (strangers.length > 0) {
      throw new HttpError(400, 'invalid_input', 'Every lead must be an active member of your company.', {
        userIds: 'Every lead must be an active member of your company',
      });
    }
    const before = new Set(
      (await selectLeads(tx, actor.companyId)).filter((lead) => lead.teamId === teamId).map((lead) => lead.userId as string),
    );
    await replaceLeads(tx, actor.companyId, { teamId, userIds: userIds.map(toUserId), now: deps.now() });
    const added = userIds.filter((id) => !before.has(id));
    const removed = [...before].filter((id) => !userIds.includes(id));
    if (added.length > 0 || removed.length > 0) {
      await insertAuditEvent(
        tx,
        createAuditEvent(memberScopeOf(actor), 'team.leads_changed', {
          target: { type: 'team', id: teamId },
          details: { name: team.name, added, removed },
          at: deps.now(),
        }),
      );
    }
    return readTeam(tx, actor.companyId, teamId);
  });
}

/** Puts an active member in a team of the company, or in none (teamId null). */
export async function setMemberTeam(
  deps: AppDeps,
  actor: Actor,
  memberId: string,
  input: SetMemberTeam,
): Promise<{ teamId: string | null }> {
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    const team = input.teamId === null ? null : await selectTeam(tx, actor.companyId, input.teamId);
    if (input.teamId !== null && !team) throw teamNotFound();
    const before = (await selectTeamAssignments(tx, actor.companyId)).find((a) => a.userId === memberId && a.isActive)?.teamId ?? null;
    const found = await setMemberTeamIn(tx, actor.companyId, { userId: toUserId(memberId), teamId: input.teamId, now: deps.now() });
    if (!found) throw notFound('No such member in your company.');
    if (before !== input.teamId)
      await recordTeamChange(tx, actor, { userId: memberId, fromTeamId: before, toTeamId: team?.id ?? null, now: deps.now() });
    return { teamId: input.teamId };
  });
}

/** Transaction step (the weekly digest): every team's leads. */
export { selectLeads as selectTeamLeadsIn } from './teams.repository';

/**
 * Transaction step (teams, invitations): records in the audit log that a member moved team, the
 * teams named as they are called now (null: no team).
 */
export async function recordTeamChange(
  tx: Transaction,
  actor: Actor,
  input: { userId: string; fromTeamId: string | null; toTeamId: string | null; now: Date },
): Promise<void> {
  const nameOf = async (teamId: string | null) =>
    teamId === null ? null : ((await selectTeam(tx, actor.companyId, teamId))?.name ?? null);
  const [from, to] = [await nameOf(input.fromTeamId), await nameOf(input.toTeamId)];
  await insertAuditEvent(
    tx,
    createAuditEvent(memberScopeOf(actor), 'member.team_changed', {
      target: { type: 'member', id: input.userId },
      details: { from, to },
      at: input.now,
    }),
  );
}

// ---- for the boards ---------------------------------------------------------------------------------

/**
 * Transaction step (scoreboards): the people whose numbers a board filtered to the team shows,
 * removed members included (their past numbers stay their team's). A team of another company, or
 * none, is a 404: the policies hide it, so it cannot be told apart from a team that never was.
 */
export async function selectTeamMemberIds(tx: Transaction, companyId: CompanyId, teamId: string): Promise<Set<string>> {
  if (!(await selectTeam(tx, companyId, teamId))) throw teamNotFound();
  return new Set((await selectTeamAssignments(tx, companyId, teamId)).map((a) => a.userId as string));
}

/** Transaction step (the company's comparison): every team, and who is in which (removed members too). */
export async function selectTeamsWithMemberIds(
  tx: Transaction,
  companyId: CompanyId,
): Promise<{ id: string; name: string; memberIds: Set<string>; activeMemberIds: Set<string> }[]> {
  const [rows, assignments] = [await selectTeams(tx, companyId), await selectTeamAssignments(tx, companyId)];
  return rows.map((row) => {
    const mine = assignments.filter((a) => a.teamId === row.id);
    return {
      id: row.id,
      name: row.name,
      memberIds: new Set(mine.map((a) => a.userId as string)),
      activeMemberIds: new Set(mine.filter((a) => a.isActive).map((a) => a.userId as string)),
    };
  });
}

// ---- who manages whom -------------------------------------------------------------------------------

/** Transaction step: the actor as a manager (their role and the teams they lead). */
export async function selectManager(tx: Transaction, actor: Actor): Promise<Manager> {
  return { userId: actor.userId, role: normalizeRole(actor.role), ledTeamIds: await selectTeamIdsLedBy(tx, actor.companyId, actor.userId) };
}

/**
 * Transaction step: the active members the actor manages (admins: everyone; a lead: the members of
 * the teams they lead; everyone: themselves), for a later feature's own transaction.
 */
export async function selectManagedMemberIds(tx: Transaction, actor: Actor): Promise<UserId[]> {
  const manager = await selectManager(tx, actor);
  const active = await selectActiveMemberFaces(tx, actor.companyId);
  const teamOf = new Map((await selectTeamAssignments(tx, actor.companyId)).map((a) => [a.userId as string, a.teamId]));
  const members = active.map((face) => ({ userId: face.userId as string, teamId: teamOf.get(face.userId) ?? null }));
  return listManagedMembers(manager, members).map((m) => toUserId(m.userId));
}

/** The active members the actor manages, themselves included. */
export async function listManagedMemberIds(deps: AppDeps, actor: Actor): Promise<UserId[]> {
  return withTenant(deps.database.db, memberScopeOf(actor), (tx) => selectManagedMemberIds(tx, actor));
}

/** Whether the actor may manage the member: see canManageMember (core/teams). False for anyone not an active member. */
export async function canActorManageMember(deps: AppDeps, actor: Actor, userId: string): Promise<boolean> {
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    const manager = await selectManager(tx, actor);
    const active = (await selectActiveMemberFaces(tx, actor.companyId)).some((face) => face.userId === userId);
    if (!active) return false;
    const assignment = (await selectTeamAssignments(tx, actor.companyId)).find((a) => a.userId === userId);
    return canManageMember(manager, { userId, teamId: assignment?.teamId ?? null });
  });
}

/** Transaction step (targets): a team's id and name, or null when the company has no such team. */
export async function selectTeamRef(tx: Transaction, companyId: CompanyId, teamId: string): Promise<{ id: string; name: string } | null> {
  const row = await selectTeam(tx, companyId, teamId);
  return row ? { id: row.id, name: row.name } : null;
}

/** Transaction step (targets): every team of the company, by name. */
export async function selectTeamRefs(tx: Transaction, companyId: CompanyId): Promise<{ id: string; name: string }[]> {
  return (await selectTeams(tx, companyId)).map((row) => ({ id: row.id, name: row.name }));
}

/**
 * Transaction step (targets): the team the active member is in now, with everyone whose numbers
 * count for it (its members now, removed ones included, as on the boards); null for no team.
 */
export async function selectTeamOfMember(
  tx: Transaction,
  companyId: CompanyId,
  userId: string,
): Promise<{ id: string; name: string; memberIds: UserId[] } | null> {
  const assignments = await selectTeamAssignments(tx, companyId);
  const teamId = assignments.find((a) => a.userId === userId && a.isActive)?.teamId;
  const team = teamId === undefined ? null : await selectTeam(tx, companyId, teamId);
  if (!team) return null;
  return { id: team.id, name: team.name, memberIds: assignments.filter((a) => a.teamId === team.id).map((a) => toUserId(a.userId)) };
}

/**
 * Transaction step: whether the actor may manage the person (canManageMember), 'not_member' when
 * the person is no active member of the company.
 */
export async function selectManagementOf(tx: Transaction, actor: Actor, userId: string): Promise<'manages' | 'not_managed' | 'not_member'> {
  const active = (await selectActiveMemberFaces(tx, actor.companyId)).some((face) => face.userId === userId);
  if (!active) return 'not_member';
  const manager = await selectManager(tx, actor);
  const assignment = (await selectTeamAssignments(tx, actor.companyId)).find((a) => a.userId === userId && a.isActive);
  return canManageMember(manager, { userId, teamId: assignment?.teamId ?? null }) ? 'manages' : 'not_managed';
}

/** A team of the actor's company by id (invitations into a team), or null. */
export async function findTeamRef(deps: AppDeps, actor: Actor, teamId: string): Promise<{ id: string; name: string } | null> {
  return withTenant(deps.database.db, memberScopeOf(actor), (tx) => selectTeamRef(tx, actor.companyId, teamId));
}

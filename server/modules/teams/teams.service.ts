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
    return readTeam(tx, actor.companyId, row.id);
  });
}

export async function renameTeam(deps: AppDeps, actor: Actor, teamId: string, input: RenameTeam): Promise<Team> {
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    const outcome = await updateTeamName(tx, actor.companyId, { teamId, name: input.name, now: deps.now() });
    if (outcome === 'taken') throw teamExists(input.name);
    if (!outcome) throw teamNotFound();
    return readTeam(tx, actor.companyId, teamId);
  });
}

/** Deletes a team: its members are left without a team, its leads lead it no more; everyone's numbers stay theirs. */
export async function deleteTeam(deps: AppDeps, actor: Actor, teamId: string): Promise<void> {
  const deleted = await withTenant(deps.database.db, memberScopeOf(actor), (tx) => deleteTeamRow(tx, actor.companyId, teamId));
  if (!deleted) throw teamNotFound();
}

/** Makes exactly these active members the team's leads (an empty list: none). */
export async function setTeamLeads(deps: AppDeps, actor: Actor, teamId: string, input: SetTeamLeads): Promise<Team> {
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    if (!(await selectTeam(tx, actor.companyId, teamId))) throw teamNotFound();
    const active = new Set((await selectActiveMemberFaces(tx, actor.companyId)).map((face) => face.userId as string));
    const userIds = [...new Set(input.userIds)];
    const strangers = userIds.filter((id) => !active.has(id));
    if (strangers.length > 0) {
      throw new HttpError(400, 'invalid_input', 'Every lead must be an active member of your company.', {
        userIds: 'Every lead must be an active member of your company',
      });
    }
    await replaceLeads(tx, actor.companyId, { teamId, userIds: userIds.map(toUserId), now: deps.now() });
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
    if (input.teamId !== null && !(await selectTeam(tx, actor.companyId, input.teamId))) throw teamNotFound();
    const found = await setMemberTeamIn(tx, actor.companyId, { userId: toUserId(memberId), teamId: input.teamId, now: deps.now() });
    if (!found) throw notFound('No such member in your company.');
    return { teamId: input.teamId };
  });
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

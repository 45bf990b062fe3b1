import { normalizeRole, type Role, type TeamMember } from '@core/contracts';
import { type Actor, type AppDeps, memberScopeOf } from '../../context';
import { HttpError, notFound } from '../../lib/http';
import {
  findActiveMembers,
  markMemberRemoved,
  type MemberRecord,
  updateMemberOnBoards,
  updateMemberRole,
} from '../companies/memberships.service';
import { toUserId } from '../../db/tenant';

function toTeamMember(row: MemberRecord): TeamMember {
  return {
    id: row.id,
    userId: row.userId,
    displayName: row.displayName,
    email: row.email,
    role: normalizeRole(row.role),
    avatarUrl: row.avatarUrl,
    joinedAt: row.joinedAt.toISOString(),
    teamId: row.teamId,
    onBoards: row.onBoards,
  };
}

const nameOf = (member: MemberRecord) => member.displayName ?? member.email;

function lastAdmin(message: string): HttpError {
  return new HttpError(409, 'last_admin', message);
}

export async function listTeamMembers(deps: AppDeps, actor: Actor): Promise<TeamMember[]> {
  return (await findActiveMembers(deps.database.db, memberScopeOf(actor))).map(toTeamMember);
}

/** Make Admin / Remove Admin. The company always keeps at least one admin. */
export async function changeMemberRole(deps: AppDeps, actor: Actor, memberId: string, role: Role): Promise<TeamMember> {
  const targetUserId = toUserId(memberId);
  const outcome = await updateMemberRole(deps.database.db, memberScopeOf(actor), { targetUserId, role, now: deps.now() });
  if (outcome.kind === 'not_found') throw notFound('No such member in your company.');
  if (outcome.kind === 'last_admin') {
    throw lastAdmin(
      `${nameOf(outcome.member)} is the company's only admin, so they cannot stop being admin. Make another member admin first.`,
    );
  }
  return toTeamMember(outcome.member);
}

/**
 * Puts a member on the boards or leaves them off (decision 081): a manager who does not sell is
 * not ranked at 0. Any active member, admins included (an admin may leave themself off).
 */
export async function setMemberOnBoards(deps: AppDeps, actor: Actor, memberId: string, onBoards: boolean): Promise<TeamMember> {
  const outcome = await updateMemberOnBoards(deps.database.db, memberScopeOf(actor), {
    targetUserId: toUserId(memberId),
    onBoards,
    now: deps.now(),
  });
  if (outcome.kind === 'not_found') throw notFound('No such member in your company.');
  return toTeamMember(outcome.member);
}

/**
 * Removes a member from the company: their profile is marked removed (activities, wrap-ups and
 * the name on them stay), and from then on their requests are refused with no_company.
 */
export async function removeMember(deps: AppDeps, actor: Actor, memberId: string): Promise<void> {
  const targetUserId = toUserId(memberId);
  const outcome = await markMemberRemoved(deps.database.db, memberScopeOf(actor), { targetUserId, now: deps.now() });
  if (outcome.kind === 'not_found') throw notFound('No such member in your company.');
  if (outcome.kind === 'last_admin') {
    const who = outcome.member.userId === actor.userId ? 'You are' : `${nameOf(outcome.member)} is`;
    throw lastAdmin(`${who} the company's only admin and cannot be removed. Make another member admin first.`);
  }
}

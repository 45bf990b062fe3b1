import { normalizeRole, type Role, type TeamMember } from '@core/contracts';
import type { Actor, AppDeps } from '../../context';
import { HttpError, notFound } from '../../lib/http';
import { findActiveMembers, markMemberRemoved, type MemberRecord, updateMemberRole } from '../companies/memberships.service';

const scopeOf = (actor: Actor) => ({ companyId: actor.companyId, userId: actor.userId });

function toTeamMember(row: MemberRecord): TeamMember {
  return {
    id: row.id,
    userId: row.userId,
    displayName: row.displayName,
    email: row.email,
    role: normalizeRole(row.role),
    avatarUrl: row.avatarUrl,
    joinedAt: row.joinedAt.toISOString(),
  };
}

const nameOf = (member: MemberRecord) => member.displayName ?? member.email;

function lastAdmin(message: string): HttpError {
  return new HttpError(409, 'last_admin', message);
}

export async function listTeamMembers(deps: AppDeps, actor: Actor): Promise<TeamMember[]> {
  return (await findActiveMembers(deps.database.db, scopeOf(actor))).map(toTeamMember);
}

/** Make Admin / Remove Admin. The company always keeps at least one admin. */
export async function changeMemberRole(deps: AppDeps, actor: Actor, targetUserId: string, role: Role): Promise<TeamMember> {
  const outcome = await updateMemberRole(deps.database.db, scopeOf(actor), { targetUserId, role, now: deps.now() });
  if (outcome.kind === 'not_found') throw notFound('No such member in your company.');
  if (outcome.kind === 'last_admin') {
    throw lastAdmin(
      `${nameOf(outcome.member)} is the company's only admin, so they cannot stop being admin. Make another member admin first.`,
    );
  }
  return toTeamMember(outcome.member);
}

/**
 * Removes a member from the company: their profile is marked removed (activities, wrap-ups and
 * the name on them stay), and from then on their requests are refused with no_company.
 */
export async function removeMember(deps: AppDeps, actor: Actor, targetUserId: string): Promise<void> {
  const outcome = await markMemberRemoved(deps.database.db, scopeOf(actor), { targetUserId, now: deps.now() });
  if (outcome.kind === 'not_found') throw notFound('No such member in your company.');
  if (outcome.kind === 'last_admin') {
    const who = outcome.member.userId === actor.userId ? 'You are' : `${nameOf(outcome.member)} is`;
    throw lastAdmin(`${who} the company's only admin and cannot be removed. Make another member admin first.`);
  }
}

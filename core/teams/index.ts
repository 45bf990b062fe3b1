import type { Role } from '../contracts/common';

/*
 * Who manages whom (decision 040), the one rule every team-scoped feature asks: admins manage
 * everyone in the company; a team lead manages the members of the teams they lead; everyone
 * manages themselves. "Lead" is a per-team attribute, not a company role: an admin who leads a
 * team is still an admin, and a rep who leads one stays a user everywhere else.
 */

/** The one asking, with the teams they lead. */
export type Manager = { userId: string; role: Role; ledTeamIds: readonly string[] };

/** The one asked about, with their team (null for none). */
export type ManagedMember = { userId: string; teamId: string | null };

export function canManageMember(manager: Manager, member: ManagedMember): boolean {
  if (manager.role === 'admin') return true;
  if (manager.userId === member.userId) return true;
  return member.teamId !== null && manager.ledTeamIds.includes(member.teamId);
}

/** Whether the manager leads any team (a lead's screens show their people). */
export function isTeamLead(manager: Manager): boolean {
  return manager.ledTeamIds.length > 0;
}

/** Of the members, those the manager manages (themselves included when among them), in the given order. */
export function listManagedMembers<T extends ManagedMember>(manager: Manager, members: readonly T[]): T[] {
  return members.filter((member) => canManageMember(manager, member));
}

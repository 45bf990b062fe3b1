import type { PersonDay } from '@core/people';
import type { Manager } from '@core/teams';
import type { Actor } from '../../context';
import type { Database } from '../../db/client';
import { type MemberScope, type UserId, withTenant } from '../../db/tenant';
import { selectActiveMembersByJoining, type MemberByJoining } from '../companies/memberships.service';
import { selectDailyStats } from '../daily-stats/daily-stats.service';
import { selectManager, selectTeamsWithMemberIds } from '../teams/teams.service';

/*
 * Reads of a page per rep (decision 046). The person's numbers are their rows of daily_user_stats,
 * the rollup every board reads, so the page and the boards cannot disagree.
 */

export type PersonRecord = MemberByJoining & { team: { id: string; name: string } | null };

/**
 * In one snapshot: the actor as a manager (role, teams led) and the person asked about, if an
 * active member of the actor's company (null otherwise: another company's, removed, never was).
 */
export async function findPersonAndManager(
  db: Database,
  scope: MemberScope,
  actor: Actor,
  userId: string,
): Promise<{ manager: Manager; person: PersonRecord | null }> {
  return withTenant(db, scope, async (tx) => {
    const manager = await selectManager(tx, actor);
    const member = (await selectActiveMembersByJoining(tx, scope.companyId)).find((m) => m.userId === userId);
    if (!member) return { manager, person: null };
    const team = (await selectTeamsWithMemberIds(tx, scope.companyId)).find((t) => t.activeMemberIds.has(userId));
    return { manager, person: { ...member, team: team ? { id: team.id, name: team.name } : null } };
  });
}

/** The person's rollup rows of the local days [from, to], by day (the metrics' names are a page's: PERSON_METRICS). */
export async function findPersonDays(db: Database, scope: MemberScope, userId: UserId, from: string, to: string): Promise<PersonDay[]> {
  return withTenant(db, scope, (tx) => selectDailyStats(tx, { companyId: scope.companyId, userIds: [userId], from, to }));
}

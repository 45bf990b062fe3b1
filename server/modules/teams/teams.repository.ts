import { and, asc, eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { teamLeads, teams } from '../../db/schema';
import type { CompanyId, UserId } from '../../db/tenant';

/*
 * The one owner of teams and team_leads (decision 040). A member's team is their membership's
 * (profiles.team_id, the companies module's); these are the teams themselves and who leads them.
 * Every function is a step of the caller's open transaction (withTenant in the service).
 */

export type TeamRow = typeof teams.$inferSelect;
export type LeadRow = Pick<typeof teamLeads.$inferSelect, 'teamId' | 'userId'>;

export async function selectTeams(tx: Transaction, companyId: CompanyId): Promise<TeamRow[]> {
  return tx
    .select()
    .from(teams)
    .where(eq(teams.companyId, companyId))
    .orderBy(asc(sql`lower(${teams.name})`), asc(teams.id));
}

export async function selectTeam(tx: Transaction, companyId: CompanyId, teamId: string): Promise<TeamRow | null> {
  const [row] = await tx
    .select()
    .from(teams)
    .where(and(eq(teams.companyId, companyId), eq(teams.id, teamId)));
  return row ?? null;
}

export async function countTeams(tx: Transaction, companyId: CompanyId): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(teams)
    .where(eq(teams.companyId, companyId));
  return Number(row?.n ?? 0);
}

/** Null when the company has a team of that name (case-insensitively): the unique index decides, race-safe. */
export async function insertTeam(tx: Transaction, companyId: CompanyId, input: { name: string; now: Date }): Promise<TeamRow | null> {
  const [row] = await tx
    .insert(teams)
    .values({ companyId, name: input.name, createdAt: input.now, updatedAt: input.now })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** 'taken' when another team of the company has the name; null when there is no such team. */
export async function updateTeamName(
  tx: Transaction,
  companyId: CompanyId,
  input: { teamId: string; name: string; now: Date },
): Promise<TeamRow | 'taken' | null> {
  const [clash] = await tx
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.companyId, companyId), sql`lower(${teams.name}) = lower(${input.name})`, sql`${teams.id} <> ${input.teamId}`));
  if (clash) return 'taken';
  const [row] = await tx
    .update(teams)
    .set({ name: input.name, updatedAt: input.now })
    .where(and(eq(teams.companyId, companyId), eq(teams.id, input.teamId)))
    .returning();
  return row ?? null;
}

/** Deletes the team; its leads go with it (cascade) and its members are left without a team (the key's SET NULL). */
export async function deleteTeamRow(tx: Transaction, companyId: CompanyId, teamId: string): Promise<boolean> {
  const deleted = await tx
    .delete(teams)
    .where(and(eq(teams.companyId, companyId), eq(teams.id, teamId)))
    .returning({ id: teams.id });
  return deleted.length > 0;
}

export async function selectLeads(tx: Transaction, companyId: CompanyId): Promise<LeadRow[]> {
  return tx.select({ teamId: teamLeads.teamId, userId: teamLeads.userId }).from(teamLeads).where(eq(teamLeads.companyId, companyId));
}

/** The teams the person leads. */
export async function selectTeamIdsLedBy(tx: Transaction, companyId: CompanyId, userId: UserId): Promise<string[]> {
  const rows = await tx
    .select({ teamId: teamLeads.teamId })
    .from(teamLeads)
    .where(and(eq(teamLeads.companyId, companyId), eq(teamLeads.userId, userId)));
  return rows.map((row) => row.teamId);
}

/** Makes exactly these people the team's leads. */
export async function replaceLeads(
  tx: Transaction,
  companyId: CompanyId,
  input: { teamId: string; userIds: readonly UserId[]; now: Date },
): Promise<void> {
  await tx.delete(teamLeads).where(and(eq(teamLeads.companyId, companyId), eq(teamLeads.teamId, input.teamId)));
  if (input.userIds.length === 0) return;
  await tx.insert(teamLeads).values(input.userIds.map((userId) => ({ companyId, teamId: input.teamId, userId, createdAt: input.now })));
}

import { z } from 'zod';
import { text } from './common';

/*
 * Teams (decision 040): a company's teams, who is in each (a member is in at most one) and who
 * leads each (a per-team attribute, not a company role). Admins change them; every member lists
 * them, for the boards' team filter.
 */

export const TEAM_NAME_MAX_LENGTH = 60;
/** More teams than a 5-100 person company needs; keeps every list and comparison small. */
export const TEAMS_PER_COMPANY_MAX = 50;

/** A team's id in a path, query or body: a UUID, so anything else is a 400 before any lookup. */
export const TeamIdSchema = text().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a team id');

export const TeamPersonSchema = z.object({
  userId: text(),
  displayName: text().nullable(),
  avatarUrl: text().nullable(),
});
export type TeamPerson = z.infer<typeof TeamPersonSchema>;

export const TeamSchema = z.object({
  id: text(),
  name: text(),
  /** Active members in the team, by name. */
  members: z.array(TeamPersonSchema),
  /** Active members who lead it (they need not be in it), by name. */
  leads: z.array(TeamPersonSchema),
  createdAt: text(),
});
export type Team = z.infer<typeof TeamSchema>;

/** Every team of the caller's company, by name. */
export const TeamListSchema = z.object({ teams: z.array(TeamSchema) });
export type TeamList = z.infer<typeof TeamListSchema>;

const TeamNameSchema = text({ error: 'Please enter a team name' })
  .trim()
  .min(1, 'Please enter a team name')
  .max(TEAM_NAME_MAX_LENGTH, `The team name can be at most ${TEAM_NAME_MAX_LENGTH} characters`);

export const CreateTeamSchema = z.object({ name: TeamNameSchema }).strict();
export type CreateTeam = z.infer<typeof CreateTeamSchema>;

export const RenameTeamSchema = z.object({ name: TeamNameSchema }).strict();
export type RenameTeam = z.infer<typeof RenameTeamSchema>;

export const TeamParamsSchema = z.object({ id: TeamIdSchema });

/** The whole set of the team's leads (replaces the previous set); each an active member of the company. */
export const SetTeamLeadsSchema = z
  .object({ userIds: z.array(text().trim().min(1).max(128)).max(100, 'A team can have at most 100 leads') })
  .strict();
export type SetTeamLeads = z.infer<typeof SetTeamLeadsSchema>;

/** A member's team: a team of the company, or null for none. */
export const SetMemberTeamSchema = z.object({ teamId: TeamIdSchema.nullable() }).strict();
export type SetMemberTeam = z.infer<typeof SetMemberTeamSchema>;

/** ?teamId= on the boards: only that team's members and their numbers. */
export const TeamFilterQuerySchema = z.object({ teamId: TeamIdSchema.optional() });
export type TeamFilterQuery = z.infer<typeof TeamFilterQuerySchema>;

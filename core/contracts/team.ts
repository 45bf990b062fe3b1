import { z } from 'zod';
import { RoleSchema, text } from './common';

export const TeamMemberSchema = z.object({
  /** The profile (membership) id. */
  id: text(),
  userId: text(),
  displayName: text().nullable(),
  email: text(),
  role: RoleSchema,
  avatarUrl: text().nullable(),
  joinedAt: text(),
  /** The member's team (decision 040), or null. */
  teamId: text().nullable(),
  /** Whether the member is ranked on the boards (decision 081): false for a manager who does not sell. */
  onBoards: z.boolean(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

export const TeamMemberListSchema = z.object({ members: z.array(TeamMemberSchema) });
export type TeamMemberList = z.infer<typeof TeamMemberListSchema>;

export const MemberParamsSchema = z.object({ userId: text().trim().min(1).max(128) });

export const UpdateMemberRoleSchema = z.object({ role: RoleSchema }).strict();
export type UpdateMemberRole = z.infer<typeof UpdateMemberRoleSchema>;

/** Puts a member on the boards or leaves them off (decision 081); their history stays either way. */
export const UpdateMemberBoardsSchema = z.object({ onBoards: z.boolean() }).strict();
export type UpdateMemberBoards = z.infer<typeof UpdateMemberBoardsSchema>;

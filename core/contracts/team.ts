import { z } from 'zod';
import { RoleSchema } from './common';

export const TeamMemberSchema = z.object({
  /** The profile (membership) id. */
  id: z.string(),
  userId: z.string(),
  displayName: z.string().nullable(),
  email: z.string(),
  role: RoleSchema,
  avatarUrl: z.string().nullable(),
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

export const TeamMemberListSchema = z.object({ members: z.array(TeamMemberSchema) });
export type TeamMemberList = z.infer<typeof TeamMemberListSchema>;

export const MemberParamsSchema = z.object({ userId: z.string().trim().min(1).max(128) });

export const UpdateMemberRoleSchema = z.object({ role: RoleSchema }).strict();
export type UpdateMemberRole = z.infer<typeof UpdateMemberRoleSchema>;

import { createRoute } from '@hono/zod-openapi';
import {
  MemberParamsSchema,
  OkSchema,
  TeamMemberListSchema,
  TeamMemberSchema,
  UpdateMemberBoardsSchema,
  UpdateMemberRoleSchema,
} from '@core/contracts';
import { createRouter, errorResponses } from '../../lib/http';
import { requireAdmin, requireMember, tokenRoute } from '../session/session.middleware';
import { changeMemberRole, listTeamMembers, removeMember, setMemberOnBoards } from './members.service';

export const membersRoutes = createRouter();

const json = <T>(schema: T) => ({ 'application/json': { schema } });
const memberErrors = {
  ...errorResponses,
  404: { description: 'No such active member in your company' },
  409: { description: 'The change would leave the company without an admin (code last_admin)' },
} as const;

membersRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/team/members',
    tags: ['Team'],
    summary: 'Active members of your company with role and join date (any member)',
    ...tokenRoute('members:read', [requireMember]),
    responses: { 200: { description: 'OK', content: json(TeamMemberListSchema) }, ...errorResponses },
  }),
  async (c) => c.json({ members: await listTeamMembers(c.get('deps'), c.get('actor')) }, 200),
);

membersRoutes.openapi(
  createRoute({
    method: 'patch',
    path: '/team/members/{userId}/role',
    tags: ['Team'],
    summary: 'Make Admin / Remove Admin (admin). The last admin cannot be demoted',
    middleware: [requireMember, requireAdmin] as const,
    request: { params: MemberParamsSchema, body: { content: json(UpdateMemberRoleSchema), required: true } },
    responses: { 200: { description: 'OK', content: json(TeamMemberSchema) }, ...memberErrors },
  }),
  async (c) => c.json(await changeMemberRole(c.get('deps'), c.get('actor'), c.req.valid('param').userId, c.req.valid('json').role), 200),
);

membersRoutes.openapi(
  createRoute({
    method: 'patch',
    path: '/team/members/{userId}/boards',
    tags: ['Team'],
    summary: 'Put a member on the leaderboards or leave them off, e.g. a manager who does not sell; their history stays (admin)',
    middleware: [requireMember, requireAdmin] as const,
    request: { params: MemberParamsSchema, body: { content: json(UpdateMemberBoardsSchema), required: true } },
    responses: { 200: { description: 'OK', content: json(TeamMemberSchema) }, ...errorResponses, 404: memberErrors[404] },
  }),
  async (c) =>
    c.json(await setMemberOnBoards(c.get('deps'), c.get('actor'), c.req.valid('param').userId, c.req.valid('json').onBoards), 200),
);

membersRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/team/members/{userId}',
    tags: ['Team'],
    summary: 'Remove a member from the company; their history stays (admin). The last admin cannot be removed',
    middleware: [requireMember, requireAdmin] as const,
    request: { params: MemberParamsSchema },
    responses: { 200: { description: 'Removed', content: json(OkSchema) }, ...memberErrors },
  }),
  async (c) => {
    await removeMember(c.get('deps'), c.get('actor'), c.req.valid('param').userId);
    return c.json({ ok: true as const }, 200);
  },
);

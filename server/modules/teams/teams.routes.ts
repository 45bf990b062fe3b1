import { createRoute, z } from '@hono/zod-openapi';
import {
  ApiErrorSchema,
  CreateTeamSchema,
  MemberParamsSchema,
  OkSchema,
  RenameTeamSchema,
  SetMemberTeamSchema,
  SetTeamLeadsSchema,
  TeamListSchema,
  TeamParamsSchema,
  TeamSchema,
} from '@core/contracts';
import { createRouter, errorResponses } from '../../lib/http';
import { requireAdmin, requireMember, tokenRoute } from '../session/session.middleware';
import { createTeam, deleteTeam, listTeams, renameTeam, setMemberTeam, setTeamLeads } from './teams.service';

/* Teams (decision 040): every member lists them; admins change them. */
export const teamsRoutes = createRouter();

const json = <T>(schema: T) => ({ 'application/json': { schema } });
const tags = ['Teams'];
const notFound = { 404: { description: 'No such team (or member) in your company', content: json(ApiErrorSchema) } };
const nameTaken = {
  409: { description: 'A team of that name exists (code team_exists; names compare case-insensitively)', content: json(ApiErrorSchema) },
};

teamsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/teams',
    tags,
    summary: "Your company's teams by name, with their active members and leads (any member)",
    ...tokenRoute('members:read', [requireMember]),
    responses: { 200: { description: 'OK', content: json(TeamListSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await listTeams(c.get('deps'), c.get('actor')), 200),
);

teamsRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/teams',
    tags,
    summary: 'Create a team (admin)',
    middleware: [requireMember, requireAdmin] as const,
    request: { body: { content: json(CreateTeamSchema), required: true } },
    responses: { 201: { description: 'Created', content: json(TeamSchema) }, ...errorResponses, ...nameTaken },
  }),
  async (c) => c.json(await createTeam(c.get('deps'), c.get('actor'), c.req.valid('json')), 201),
);

teamsRoutes.openapi(
  createRoute({
    method: 'patch',
    path: '/teams/{id}',
    tags,
    summary: 'Rename a team (admin)',
    middleware: [requireMember, requireAdmin] as const,
    request: { params: TeamParamsSchema, body: { content: json(RenameTeamSchema), required: true } },
    responses: { 200: { description: 'OK', content: json(TeamSchema) }, ...errorResponses, ...notFound, ...nameTaken },
  }),
  async (c) => c.json(await renameTeam(c.get('deps'), c.get('actor'), c.req.valid('param').id, c.req.valid('json')), 200),
);

teamsRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/teams/{id}',
    tags,
    summary: "Delete a team (admin): its members are left without a team; everyone's numbers stay",
    middleware: [requireMember, requireAdmin] as const,
    request: { params: TeamParamsSchema },
    responses: { 200: { description: 'Deleted', content: json(OkSchema) }, ...errorResponses, ...notFound },
  }),
  async (c) => {
    await deleteTeam(c.get('deps'), c.get('actor'), c.req.valid('param').id);
    return c.json({ ok: true as const }, 200);
  },
);

teamsRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/teams/{id}/leads',
    tags,
    summary: "Set the team's leads, replacing the previous ones (admin); each an active member, who need not be in the team",
    middleware: [requireMember, requireAdmin] as const,
    request: { params: TeamParamsSchema, body: { content: json(SetTeamLeadsSchema), required: true } },
    responses: { 200: { description: 'OK', content: json(TeamSchema) }, ...errorResponses, ...notFound },
  }),
  async (c) => c.json(await setTeamLeads(c.get('deps'), c.get('actor'), c.req.valid('param').id, c.req.valid('json')), 200),
);

teamsRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/team/members/{userId}/team',
    tags,
    summary: 'Put a member in a team, or in none with teamId null (admin); a member is in at most one team',
    middleware: [requireMember, requireAdmin] as const,
    request: { params: MemberParamsSchema, body: { content: json(SetMemberTeamSchema), required: true } },
    responses: {
      200: { description: 'OK', content: json(z.object({ teamId: z.string().nullable() })) },
      ...errorResponses,
      ...notFound,
    },
  }),
  async (c) => c.json(await setMemberTeam(c.get('deps'), c.get('actor'), c.req.valid('param').userId, c.req.valid('json')), 200),
);

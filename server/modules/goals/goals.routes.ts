import { createRoute } from '@hono/zod-openapi';
import { GoalsSchema, MemberParamsSchema, TeamGoalsSchema, UpdateGoalsSchema } from '@core/contracts';
import { createRouter, errorResponses } from '../../lib/http';
import { requireMember, tokenRoute } from '../session/session.middleware';
import { getMyGoals, listTeamGoals, saveMyGoals, setMemberGoals } from './goals.service';

export const goalsRoutes = createRouter();

const json = <T>(schema: T) => ({ 'application/json': { schema } });

goalsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/goals/me',
    tags: ['Goals'],
    summary: "The caller's daily goals (zeros before the first save)",
    ...tokenRoute('stats:read', [requireMember]),
    responses: { 200: { description: 'OK', content: json(GoalsSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await getMyGoals(c.get('deps'), c.get('actor')), 200),
);

goalsRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/goals/me',
    tags: ['Goals'],
    summary: "Save the caller's daily goals (whole numbers >= 0; one row per company and user)",
    middleware: [requireMember] as const,
    request: { body: { content: json(UpdateGoalsSchema), required: true } },
    responses: { 200: { description: 'Saved', content: json(GoalsSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await saveMyGoals(c.get('deps'), c.get('actor'), c.req.valid('json')), 200),
);

goalsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/goals/team',
    tags: ['Goals'],
    summary:
      "The daily goals of the people the caller manages, the caller left out (a team lead: their teams' members; an admin: everyone)",
    middleware: [requireMember] as const,
    responses: { 200: { description: 'OK', content: json(TeamGoalsSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await listTeamGoals(c.get('deps'), c.get('actor')), 200),
);

goalsRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/goals/members/{userId}',
    tags: ['Goals'],
    summary: "Set a member's daily goals for them (a team lead for their teams' members, an admin for anyone); audited",
    middleware: [requireMember] as const,
    request: { params: MemberParamsSchema, body: { content: json(UpdateGoalsSchema), required: true } },
    responses: {
      200: { description: 'Saved', content: json(GoalsSchema) },
      ...errorResponses,
      404: { description: 'No such member in your company' },
    },
  }),
  async (c) => c.json(await setMemberGoals(c.get('deps'), c.get('actor'), c.req.valid('param').userId, c.req.valid('json')), 200),
);

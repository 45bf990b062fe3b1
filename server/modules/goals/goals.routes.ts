import { createRoute } from '@hono/zod-openapi';
import { GoalsSchema, UpdateGoalsSchema } from '@core/contracts';
import { createRouter, errorResponses } from '../../lib/http';
import { requireMember, tokenRoute } from '../session/session.middleware';
import { getMyGoals, saveMyGoals } from './goals.service';

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

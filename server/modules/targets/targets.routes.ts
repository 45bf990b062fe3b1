import { createRoute } from '@hono/zod-openapi';
import {
  CreateTargetSchema,
  MyTargetsQuerySchema,
  MyTargetsSchema,
  TargetIdParamsSchema,
  TargetListQuerySchema,
  TargetListSchema,
  TargetSchema,
} from '@core/contracts';
import { createRouter, errorResponses } from '../../lib/http';
import { requireMember, tokenRoute } from '../session/session.middleware';
import { createTarget, endTarget, getMyTargets, listTargets } from './targets.service';

/*
 * Targets managers set for people. The routes ask only for a member: who may manage targets is
 * decided by the service (authorizeTargetManagement), in one place.
 */
export const targetsRoutes = createRouter();

const tags = ['Targets'];
const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });

targetsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/targets',
    tags,
    summary: "The company's targets for people, every row of their history, optionally one person's (admin)",
    middleware: [requireMember] as const,
    request: { query: TargetListQuerySchema },
    responses: {
      200: { description: 'OK', ...json(TargetListSchema) },
      ...errorResponses,
      404: { description: 'No such member in your company' },
    },
  }),
  async (c) => c.json(await listTargets(c.get('deps'), c.get('actor'), c.req.valid('query').userId), 200),
);

targetsRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/targets',
    tags,
    summary: 'Set a target for a person from a date (today or later); it takes over from an earlier one on that date (admin)',
    middleware: [requireMember] as const,
    request: { body: { ...json(CreateTargetSchema), required: true } },
    responses: {
      201: { description: 'Set', ...json(TargetSchema) },
      ...errorResponses,
      404: { description: 'No such member in your company' },
    },
  }),
  async (c) => c.json(await createTarget(c.get('deps'), c.get('actor'), c.req.valid('json')), 201),
);

targetsRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/targets/{id}/end',
    tags,
    summary: 'End a target from today; past periods keep it, and one that had not started is removed (admin)',
    middleware: [requireMember] as const,
    request: { params: TargetIdParamsSchema },
    responses: {
      200: { description: 'Ended', ...json(TargetSchema) },
      ...errorResponses,
      404: { description: 'No such target in your company' },
    },
  }),
  async (c) => c.json(await endTarget(c.get('deps'), c.get('actor'), c.req.valid('param').id), 200),
);

targetsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/targets/me',
    tags,
    summary: "The caller's targets with progress and pacing, for the day, week and month holding `on` (today by default)",
    ...tokenRoute('stats:read', [requireMember]),
    request: { query: MyTargetsQuerySchema },
    responses: { 200: { description: 'OK', ...json(MyTargetsSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await getMyTargets(c.get('deps'), c.get('actor'), c.req.valid('query').on), 200),
);

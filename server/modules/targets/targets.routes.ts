import { createRoute } from '@hono/zod-openapi';
import {
  CreateTargetSchema,
  MyTargetsQuerySchema,
  MyTargetsSchema,
  PeopleTargetsQuerySchema,
  PeopleTargetsSchema,
  TargetIdParamsSchema,
  TargetListQuerySchema,
  TargetListSchema,
  TargetSchema,
  TargetSubjectsSchema,
} from '@core/contracts';
import { createRouter, errorResponses } from '../../lib/http';
import { requireMember, tokenRoute } from '../session/session.middleware';
import { createTarget, endTarget, getMyTargets, getPeopleTargets, listTargets, listTargetSubjects } from './targets.service';

/*
 * Targets managers set for people and teams. The routes ask only for a member: who may manage
 * targets (admins; team leads for their teams and people, decision 044) is decided by the service
 * (authorizeTargetManagement), in one place.
 */
export const targetsRoutes = createRouter();

const tags = ['Targets'];
const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });

targetsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/targets',
    tags,
    summary:
      "The targets the caller manages, every row of their history: an admin's, the company's; a team lead's, their teams' and their people's; optionally one person's or team's",
    middleware: [requireMember] as const,
    request: { query: TargetListQuerySchema },
    responses: {
      200: { description: 'OK', ...json(TargetListSchema) },
      ...errorResponses,
      404: { description: 'No such member or team in your company' },
    },
  }),
  async (c) => c.json(await listTargets(c.get('deps'), c.get('actor'), c.req.valid('query')), 200),
);

targetsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/targets/subjects',
    tags,
    summary: 'Whom the caller may set targets for: every member and team (admin), or the teams they lead and their members (team lead)',
    middleware: [requireMember] as const,
    responses: { 200: { description: 'OK', ...json(TargetSubjectsSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await listTargetSubjects(c.get('deps'), c.get('actor')), 200),
);

targetsRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/targets',
    tags,
    summary:
      'Set a target for a person or a team from a date (today or later); it takes over from an earlier one on that date (admin; a team lead for their teams and their people, never themselves)',
    middleware: [requireMember] as const,
    request: { body: { ...json(CreateTargetSchema), required: true } },
    responses: {
      201: { description: 'Set', ...json(TargetSchema) },
      ...errorResponses,
      404: { description: 'No such member or team in your company' },
    },
  }),
  async (c) => c.json(await createTarget(c.get('deps'), c.get('actor'), c.req.valid('json')), 201),
);

targetsRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/targets/{id}/end',
    tags,
    summary:
      'End a target from today; past periods keep it, and one that had not started is removed (admin; a team lead for their teams and people)',
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
    summary:
      "The caller's targets and their team's, with progress (a team's: its members' totals) and pacing, for the day, week and month holding `on` (today by default)",
    ...tokenRoute('stats:read', [requireMember]),
    request: { query: MyTargetsQuerySchema },
    responses: { 200: { description: 'OK', ...json(MyTargetsSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await getMyTargets(c.get('deps'), c.get('actor'), c.req.valid('query').on), 200),
);

targetsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/targets/people',
    tags,
    summary:
      "Each person's target for one KPI (a built-in KPI: its metric's targets) and period, in force on `on` (today by default): the KPI board's \"% of target\". Any member",
    ...tokenRoute('stats:read', [requireMember]),
    request: { query: PeopleTargetsQuerySchema },
    responses: { 200: { description: 'OK', ...json(PeopleTargetsSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await getPeopleTargets(c.get('deps'), c.get('actor'), c.req.valid('query')), 200),
);

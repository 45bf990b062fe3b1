import { createRoute } from '@hono/zod-openapi';
import {
  ActivityIdParamsSchema,
  ActivityLogOptionsSchema,
  ActivitySchema,
  ApiErrorSchema,
  LogActivitySchema,
  MyActivitiesQuerySchema,
  MyActivitiesSchema,
  OkSchema,
  UpdateActivitySchema,
} from '@core/contracts';
import { createRouter, errorResponses } from '../../lib/http';
import { leavesAccountsAlone, requireMember } from '../session/session.middleware';
import { deleteActivity, getLogOptions, listMyActivities, logActivity, updateActivity } from './activities.service';

export const activitiesRoutes = createRouter();

const json = <T>(schema: T) => ({ 'application/json': { schema } });
const notFoundResponse = { 404: { description: 'Not one of your activities', content: json(ApiErrorSchema) } };
const notTodayResponse = { 409: { description: "Not one of today's activities", content: json(ApiErrorSchema) } };

activitiesRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/activities',
    tags: ['Activities'],
    summary: 'Log a call, sale, held meeting, e-mail or LinkedIn touch for today',
    description:
      'Points are computed from the company rules now and stored with the activity. A call that was not answered is stored as no_progress. E-mail and LinkedIn need their rule enabled (400 kpi_rule_disabled otherwise).',
    middleware: [requireMember, leavesAccountsAlone] as const,
    request: { body: { content: json(LogActivitySchema), required: true } },
    responses: { 201: { description: 'Logged', content: json(ActivitySchema) }, ...errorResponses },
  }),
  async (c) => c.json(await logActivity(c.get('deps'), c.get('actor'), c.req.valid('json')), 201),
);

activitiesRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/activities/mine',
    tags: ['Activities'],
    summary: "The caller's activities of the company-local today, newest first",
    middleware: [requireMember] as const,
    request: { query: MyActivitiesQuerySchema },
    responses: { 200: { description: 'OK', content: json(MyActivitiesSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await listMyActivities(c.get('deps'), c.get('actor')), 200),
);

activitiesRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/activities/log-options',
    tags: ['Activities'],
    summary: 'The current points of each call outcome and activity kind, and which kinds can be logged',
    middleware: [requireMember] as const,
    responses: { 200: { description: 'OK', content: json(ActivityLogOptionsSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await getLogOptions(c.get('deps'), c.get('actor')), 200),
);

activitiesRoutes.openapi(
  createRoute({
    method: 'patch',
    path: '/activities/{id}',
    tags: ['Activities'],
    summary: "Change one of the caller's activities of today; its points are recomputed with the current rules",
    middleware: [requireMember, leavesAccountsAlone] as const,
    request: { params: ActivityIdParamsSchema, body: { content: json(UpdateActivitySchema), required: true } },
    responses: {
      200: { description: 'Updated', content: json(ActivitySchema) },
      ...errorResponses,
      ...notFoundResponse,
      ...notTodayResponse,
    },
  }),
  async (c) => c.json(await updateActivity(c.get('deps'), c.get('actor'), c.req.valid('param').id, c.req.valid('json')), 200),
);

activitiesRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/activities/{id}',
    tags: ['Activities'],
    summary: "Delete (undo) one of the caller's activities of today",
    middleware: [requireMember, leavesAccountsAlone] as const,
    request: { params: ActivityIdParamsSchema },
    responses: {
      200: { description: 'Deleted', content: json(OkSchema) },
      ...errorResponses,
      ...notFoundResponse,
      ...notTodayResponse,
    },
  }),
  async (c) => {
    await deleteActivity(c.get('deps'), c.get('actor'), c.req.valid('param').id);
    return c.json({ ok: true as const }, 200);
  },
);

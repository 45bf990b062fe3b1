import { createRoute } from '@hono/zod-openapi';
import {
  ActivityFeedQuerySchema,
  ActivityFeedSchema,
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
import { confirmCallerInTransaction, leavesAccountsAlone, requireMember, tokenRoute } from '../session/session.middleware';
import {
  deleteActivity,
  getActivity,
  getLogOptions,
  listActivityChanges,
  listMyActivities,
  logActivity,
  updateActivity,
} from './activities.service';

export const activitiesRoutes = createRouter();

const json = <T>(schema: T) => ({ 'application/json': { schema } });
const notFoundResponse = { 404: { description: 'Not one of your activities', content: json(ApiErrorSchema) } };
/** A write whose caller's role or company changed under it (decision 096): nothing was saved, try again. */
const callerChangedResponse = {
  409: {
    description: 'caller_changed: your role or company changed while the request was under way; nothing was saved, send it again',
    content: json(ApiErrorSchema),
  },
};
const outsideWindowResponse = {
  403: {
    description: "A rep's change to a day before the company's late-logging window (outside_logging_window)",
    content: json(ApiErrorSchema),
  },
};

activitiesRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/activities',
    tags: ['Activities'],
    summary: 'Log a call, sale, held meeting, e-mail or LinkedIn touch for today, or for an earlier day of the late-logging window',
    description:
      "Points are computed from the company rules now and stored with the activity. A call that was not answered is stored as no_progress. E-mail and LinkedIn need their rule enabled (400 kpi_rule_disabled otherwise). `localDate` logs for an earlier company-local day (marked loggedLate, at `time` or now's time of day): reps within the company's late-logging window (403 outside_logging_window), admins any earlier day; never a later day (400 future_day).",
    ...tokenRoute('activities:write', [requireMember, leavesAccountsAlone, confirmCallerInTransaction]),
    request: { body: { content: json(LogActivitySchema), required: true } },
    responses: {
      201: { description: 'Logged', content: json(ActivitySchema) },
      ...errorResponses,
      ...outsideWindowResponse,
      ...callerChangedResponse,
      410: { description: 'activity_deleted: the activity this clientKey logged was deleted since; nothing is logged' },
    },
  }),
  async (c) => c.json(await logActivity(c.get('deps'), c.get('actor'), c.req.valid('json')), 201),
);

activitiesRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/activities',
    tags: ['Activities'],
    summary: "Activities changed or deleted after a cursor, oldest change first: a rep's own, or the company's for an admin (sync)",
    description: [
      'For a client that keeps a copy (a BI tool). The first sync pages from the start (no cursor; `updatedSince` to begin at an instant) until `hasMore` is false; later syncs pass the last `nextCursor` and get exactly what changed since: `activities` as they are now, `deleted` for those deleted.',
      'Pages are ordered by (change time, id); a change is served some seconds after it is made (10 by default), so no page steps past one still being saved.',
      'Filters: `member` (a user id; reps may name only themselves), `type` (repeatable), `from`/`to` (company-local days of the activity, inclusive), `updatedSince`. Keep the same filters for every page of one sync.',
    ].join('\n\n'),
    ...tokenRoute('activities:read', [requireMember]),
    request: { query: ActivityFeedQuerySchema },
    responses: { 200: { description: 'OK', content: json(ActivityFeedSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await listActivityChanges(c.get('deps'), c.get('actor'), c.req.valid('query')), 200),
);

activitiesRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/activities/mine',
    tags: ['Activities'],
    summary: "The caller's activities of the company-local today (or `date`, within the late-logging window for a rep), newest first",
    ...tokenRoute('activities:read', [requireMember]),
    request: { query: MyActivitiesQuerySchema },
    responses: { 200: { description: 'OK', content: json(MyActivitiesSchema) }, ...errorResponses, ...outsideWindowResponse },
  }),
  async (c) => c.json(await listMyActivities(c.get('deps'), c.get('actor'), c.req.valid('query').date), 200),
);

activitiesRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/activities/log-options',
    tags: ['Activities'],
    summary: 'The current points of each call outcome and activity kind, and which kinds can be logged',
    ...tokenRoute('activities:read', [requireMember]),
    responses: { 200: { description: 'OK', content: json(ActivityLogOptionsSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await getLogOptions(c.get('deps'), c.get('actor')), 200),
);

activitiesRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/activities/{id}',
    tags: ['Activities'],
    summary: "One activity: a rep's own, anyone's in the company for an admin (who corrects them)",
    ...tokenRoute('activities:read', [requireMember]),
    request: { params: ActivityIdParamsSchema },
    responses: { 200: { description: 'OK', content: json(ActivitySchema) }, ...errorResponses, ...notFoundResponse },
  }),
  async (c) => c.json(await getActivity(c.get('deps'), c.get('actor'), c.req.valid('param').id), 200),
);

activitiesRoutes.openapi(
  createRoute({
    method: 'patch',
    path: '/activities/{id}',
    tags: ['Activities'],
    summary:
      "Change an activity (a rep's own within the late-logging window, anyone's for an admin); `localDate` moves it to another day. Points are recomputed with the current rules",
    ...tokenRoute('activities:write', [requireMember, leavesAccountsAlone, confirmCallerInTransaction]),
    request: { params: ActivityIdParamsSchema, body: { content: json(UpdateActivitySchema), required: true } },
    responses: {
      200: { description: 'Updated', content: json(ActivitySchema) },
      ...errorResponses,
      ...notFoundResponse,
      ...outsideWindowResponse,
      ...callerChangedResponse,
    },
  }),
  async (c) => c.json(await updateActivity(c.get('deps'), c.get('actor'), c.req.valid('param').id, c.req.valid('json')), 200),
);

activitiesRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/activities/{id}',
    tags: ['Activities'],
    summary: "Delete (undo) an activity: a rep's own within the late-logging window, anyone's for an admin",
    ...tokenRoute('activities:write', [requireMember, leavesAccountsAlone, confirmCallerInTransaction]),
    request: { params: ActivityIdParamsSchema },
    responses: {
      200: { description: 'Deleted', content: json(OkSchema) },
      ...errorResponses,
      ...notFoundResponse,
      ...outsideWindowResponse,
      ...callerChangedResponse,
    },
  }),
  async (c) => {
    await deleteActivity(c.get('deps'), c.get('actor'), c.req.valid('param').id);
    return c.json({ ok: true as const }, 200);
  },
);

import { createRoute } from '@hono/zod-openapi';
import {
  ApiErrorSchema,
  ContestIdParamsSchema,
  ContestListSchema,
  ContestSchema,
  ContestStandingsSchema,
  CreateContestSchema,
  OkSchema,
  UpdateContestSchema,
} from '@core/contracts';
import { createRouter, errorResponses } from '../../lib/http';
import { requireMember, tokenRoute } from '../session/session.middleware';
import { createContest, deleteContest, getContestStandings, listContests, updateContest } from './contests.service';

/*
 * Contests (decision 049). Everyone in the company reads them and their standings; who may make,
 * change and delete one (admins; team leads among their own teams) is decided by the service, in
 * one place, as targets do.
 */
export const contestsRoutes = createRouter();

const tags = ['Contests'];
const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });

contestsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/contests',
    tags,
    summary: "The company's contests: the running and upcoming ones, and the latest 20 that are over, with their winners",
    ...tokenRoute('stats:read', [requireMember]),
    responses: { 200: { description: 'OK', ...json(ContestListSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await listContests(c.get('deps'), c.get('actor')), 200),
);

contestsRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/contests',
    tags,
    summary: 'Start a contest from today or later (admin: among anyone; a team lead: among the teams they lead or those teams’ people)',
    middleware: [requireMember] as const,
    request: { body: { ...json(CreateContestSchema), required: true } },
    responses: {
      201: { description: 'Created', ...json(ContestSchema) },
      ...errorResponses,
      404: { description: 'No such team or member in your company' },
    },
  }),
  async (c) => c.json(await createContest(c.get('deps'), c.get('actor'), c.req.valid('json')), 201),
);

contestsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/contests/{id}',
    tags,
    summary: 'One contest with its live standings, from the daily rollups (everyone in the company)',
    ...tokenRoute('stats:read', [requireMember]),
    request: { params: ContestIdParamsSchema },
    responses: {
      200: { description: 'OK', ...json(ContestStandingsSchema) },
      ...errorResponses,
      404: { description: 'No such contest in your company' },
    },
  }),
  async (c) => c.json(await getContestStandings(c.get('deps'), c.get('actor'), c.req.valid('param').id), 200),
);

contestsRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/contests/{id}',
    tags,
    summary: 'Change a contest that is not over; a running one keeps its first day (admin; a team lead for their own teams’ contests)',
    middleware: [requireMember] as const,
    request: { params: ContestIdParamsSchema, body: { ...json(UpdateContestSchema), required: true } },
    responses: {
      200: { description: 'Changed', ...json(ContestSchema) },
      ...errorResponses,
      404: { description: 'No such contest, team or member in your company' },
      409: { description: 'The contest is over (contest_finished)' },
    },
  }),
  async (c) => c.json(await updateContest(c.get('deps'), c.get('actor'), c.req.valid('param').id, c.req.valid('json')), 200),
);

contestsRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/contests/{id}',
    tags,
    summary: 'Delete a contest (admin; a team lead for their own teams’ contests); the feed keeps what was announced',
    middleware: [requireMember] as const,
    request: { params: ContestIdParamsSchema },
    responses: {
      200: { description: 'Deleted', ...json(OkSchema) },
      ...errorResponses,
      404: { description: 'No such contest in your company', ...json(ApiErrorSchema) },
    },
  }),
  async (c) => {
    await deleteContest(c.get('deps'), c.get('actor'), c.req.valid('param').id);
    return c.json({ ok: true as const }, 200);
  },
);

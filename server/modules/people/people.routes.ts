import { createRoute } from '@hono/zod-openapi';
import { PersonOverviewQuerySchema, PersonOverviewSchema, PersonParamsSchema } from '@core/contracts';
import { createRouter, errorResponses } from '../../lib/http';
import { requireMember } from '../session/session.middleware';
import { getPersonOverview } from './people.service';

/*
 * A page per rep (decision 046). Session only: the page carries activity notes and wrap-up texts
 * beside the numbers, more than any one token scope grants.
 */
export const peopleRoutes = createRouter();

const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });

peopleRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/people/{id}/overview',
    tags: ['People'],
    summary:
      "A person's day, week and month against targets, their last 12 weeks, the conversion funnel, recent activities and wrap-ups (the person, their team's lead, admins)",
    middleware: [requireMember] as const,
    request: { params: PersonParamsSchema, query: PersonOverviewQuerySchema },
    responses: {
      200: { description: 'OK', ...json(PersonOverviewSchema) },
      ...errorResponses,
      403: { description: "Neither the person, nor their team's lead, nor an admin" },
      404: { description: 'No such member in your company' },
    },
  }),
  async (c) => c.json(await getPersonOverview(c.get('deps'), c.get('actor'), c.req.valid('param').id, c.req.valid('query')), 200),
);

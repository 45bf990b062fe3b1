import { createRoute } from '@hono/zod-openapi';
import { MyTodayStatsSchema } from '@core/contracts';
import { createRouter, errorResponses } from '../../lib/http';
import { requireMember, tokenRoute } from '../session/session.middleware';
import { getMyTodayStats } from './my-stats.service';

export const myStatsRoutes = createRouter();

myStatsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/stats/me/today',
    tags: ['Goals'],
    summary: "The caller's stats of the company-local today, with their goals and progress",
    ...tokenRoute('stats:read', [requireMember]),
    responses: {
      200: { description: 'OK', content: { 'application/json': { schema: MyTodayStatsSchema } } },
      ...errorResponses,
    },
  }),
  async (c) => c.json(await getMyTodayStats(c.get('deps'), c.get('actor')), 200),
);

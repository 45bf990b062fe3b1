import { createRoute } from '@hono/zod-openapi';
import {
  ApiErrorSchema,
  CompanyKpisSchema,
  CompanyPageSchema,
  LeaderboardQuerySchema,
  LeaderboardSchema,
  MonthlyOverviewSchema,
  MonthlyQuerySchema,
  RecentActivitiesQuerySchema,
  RecentActivitiesSchema,
  ScoreboardPeriodQuerySchema,
  ScoreboardTeamQuerySchema,
  TeamComparisonSchema,
  TeamStatsSchema,
  WeeklyOverviewSchema,
  WeeklyQuerySchema,
} from '@core/contracts';
import { createRouter, errorResponses } from '../../lib/http';
import { requireMember, tokenRoute } from '../session/session.middleware';
import {
  findRecentActivities,
  getCompanyKpis,
  getCompanyPage,
  getLeaderboard,
  getMonthlyOverview,
  getTeamComparison,
  getTeamStats,
  getWeeklyOverview,
} from './scoreboard.service';

/*
 * The team's scoreboard, for every member of the company (every member sees the company
 * leaderboards, not only admins). All periods are the company's local days, decided on the server.
 */
export const scoreboardRoutes = createRouter();

const ok = <T>(schema: T) => ({
  200: { description: 'OK', content: { 'application/json': { schema } } },
  ...errorResponses,
  404: { description: 'No such team in your company (teamId)', content: { 'application/json': { schema: ApiErrorSchema } } },
});
const tags = ['Scoreboard'];

scoreboardRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/scoreboard/kpis',
    tags,
    summary: "Today's company KPIs (calls, meetings booked, sales, points, revenue) with yesterday's and the change",
    ...tokenRoute('stats:read', [requireMember]),
    request: { query: ScoreboardTeamQuerySchema },
    responses: ok(CompanyKpisSchema),
  }),
  async (c) => c.json(await getCompanyKpis(c.get('deps'), c.get('actor'), c.req.valid('query')), 200),
);

scoreboardRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/scoreboard/team-stats',
    tags,
    summary: 'Per-member stats for a local period (every active member, zeros included) and the team totals',
    ...tokenRoute('stats:read', [requireMember]),
    request: { query: ScoreboardPeriodQuerySchema },
    responses: ok(TeamStatsSchema),
  }),
  async (c) => c.json(await getTeamStats(c.get('deps'), c.get('actor'), c.req.valid('query')), 200),
);

scoreboardRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/scoreboard/leaderboard',
    tags,
    summary:
      'The leaderboard for a local period, sorted by points, calls, meetings or sales, ranked by that number, by % of goal or by most improved (rankBy; ties: the sort key, calls, meetings, name)',
    ...tokenRoute('stats:read', [requireMember]),
    request: { query: LeaderboardQuerySchema },
    responses: ok(LeaderboardSchema),
  }),
  async (c) => c.json(await getLeaderboard(c.get('deps'), c.get('actor'), c.req.valid('query')), 200),
);

scoreboardRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/scoreboard/recent-activities',
    tags,
    summary: "The company's latest activities, newest first (default 10, at most 50)",
    ...tokenRoute('stats:read', [requireMember]),
    request: { query: RecentActivitiesQuerySchema },
    responses: ok(RecentActivitiesSchema),
  }),
  async (c) => c.json(await findRecentActivities(c.get('deps'), c.get('actor'), c.req.valid('query')), 200),
);

scoreboardRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/scoreboard/weekly',
    tags,
    summary: 'This week from Monday: team totals and member cards ranked by points (or rankBy: % of goal, most improved)',
    ...tokenRoute('stats:read', [requireMember]),
    request: { query: WeeklyQuerySchema },
    responses: ok(WeeklyOverviewSchema),
  }),
  async (c) => c.json(await getWeeklyOverview(c.get('deps'), c.get('actor'), c.req.valid('query')), 200),
);

scoreboardRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/scoreboard/monthly',
    tags,
    summary: "A month's individual and company numbers, the leaderboard by points (or rankBy) and the daily trend",
    ...tokenRoute('stats:read', [requireMember]),
    request: { query: MonthlyQuerySchema },
    responses: ok(MonthlyOverviewSchema),
  }),
  async (c) => c.json(await getMonthlyOverview(c.get('deps'), c.get('actor'), c.req.valid('query')), 200),
);

scoreboardRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/scoreboard/company',
    tags,
    summary: 'The Company page: name, time zone, created date, member count and members',
    ...tokenRoute('stats:read', [requireMember]),
    request: { query: ScoreboardTeamQuerySchema },
    responses: ok(CompanyPageSchema),
  }),
  async (c) => c.json(await getCompanyPage(c.get('deps'), c.get('actor'), c.req.valid('query')), 200),
);

scoreboardRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/scoreboard/teams',
    tags,
    summary: "The company's teams side by side for a local period: totals and per-head averages, then the members in no team",
    ...tokenRoute('stats:read', [requireMember]),
    request: { query: ScoreboardPeriodQuerySchema },
    responses: ok(TeamComparisonSchema),
  }),
  async (c) => c.json(await getTeamComparison(c.get('deps'), c.get('actor'), c.req.valid('query')), 200),
);

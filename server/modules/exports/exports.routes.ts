import { createRoute } from '@hono/zod-openapi';
import {
  EXPORT_CONTENT_TYPES,
  GoalsExportQuerySchema,
  KpisExportQuerySchema,
  LeaderboardExportQuerySchema,
  MembersExportQuerySchema,
  PeriodExportQuerySchema,
} from '@core/contracts';
import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { createRouter, errorResponses } from '../../lib/http';
import { requireMember, tokenRoute } from '../session/session.middleware';
import {
  type ExportReader,
  exportActivities,
  exportGoals,
  exportKpis,
  exportLeaderboard,
  exportMembers,
  exportWrapups,
} from './exports.service';

/*
 * Exports: GET /exports/<kind>?format=csv|xlsx returns the file itself, streamed (decision 034).
 * Who may export what is the service's (exports.service.ts): reps their own, admins everyone's;
 * the leaderboard and the member list, which every member sees, for every member.
 */
export const exportsRoutes = createRouter();

const tags = ['Exports'];
const FILE_DESCRIPTION =
  'The file, streamed (Content-Disposition: attachment, with the company, kind and period in its name). CSV: UTF-8 with a byte order mark, CRLF line ends; XLSX: typed cells.';
const fileResponses = {
  200: {
    description: FILE_DESCRIPTION,
    content: {
      [EXPORT_CONTENT_TYPES.csv]: { schema: { type: 'string' as const } },
      [EXPORT_CONTENT_TYPES.xlsx]: { schema: { type: 'string' as const, format: 'binary' } },
    },
  },
  ...errorResponses,
  404: { description: 'No such member in your company' },
  429: { description: 'Too many exports running at once (per member and per server); try again when one has finished' },
} as const;

const readerOf = (c: Context<AppEnv>): ExportReader => ({ user: c.get('user')!, headers: c.req.raw.headers });

const PERIOD_HELP =
  'period=today|yesterday|week|month (the company-local period), or from and to (YYYY-MM-DD, both included, any length) alone or with period=custom.';
const MEMBER_HELP = 'member: a user id; reps may name only themselves (403 otherwise), admins anyone of the company.';

exportsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/exports/activities',
    tags,
    summary: "One row per activity of a period, oldest first: the caller's own, or (admins) everyone's or one member's",
    description: `Columns: local date and time, member, type, outcome, customer, product, value in the company currency, points, notes. ${PERIOD_HELP} ${MEMBER_HELP}`,
    ...tokenRoute('activities:read', [requireMember]),
    request: { query: PeriodExportQuerySchema },
    responses: fileResponses,
  }),
  async (c) => exportActivities(c.get('deps'), c.get('actor'), readerOf(c), c.req.valid('query')),
);

exportsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/exports/leaderboard',
    tags,
    summary: 'The leaderboard of a period: per-member totals, ranked as GET /scoreboard/leaderboard ranks them (any member)',
    description: `Columns: rank, member, points, calls, answered, unanswered, meetings booked, conversion, sales, revenue, activities. ${PERIOD_HELP} member: keep one member's row (with their rank).`,
    ...tokenRoute('stats:read', [requireMember]),
    request: { query: LeaderboardExportQuerySchema },
    responses: fileResponses,
  }),
  async (c) => exportLeaderboard(c.get('deps'), c.get('actor'), readerOf(c), c.req.valid('query')),
);

exportsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/exports/wrapups',
    tags,
    summary: "The daily wrap-ups of a period with their notes: the caller's own, or (admins) everyone's or one member's",
    description: `${PERIOD_HELP} ${MEMBER_HELP}`,
    ...tokenRoute('activities:read', [requireMember]),
    request: { query: PeriodExportQuerySchema },
    responses: fileResponses,
  }),
  async (c) => exportWrapups(c.get('deps'), c.get('actor'), readerOf(c), c.req.valid('query')),
);

exportsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/exports/goals',
    tags,
    summary: "Each active member's daily goals as they stand: the caller's own, or (admins) everyone's",
    description: MEMBER_HELP,
    ...tokenRoute('stats:read', [requireMember]),
    request: { query: GoalsExportQuerySchema },
    responses: fileResponses,
  }),
  async (c) => exportGoals(c.get('deps'), c.get('actor'), readerOf(c), c.req.valid('query')),
);

exportsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/exports/members',
    tags,
    summary: "The Team page's list: active members with e-mail, role and joining day (any member)",
    ...tokenRoute('members:read', [requireMember]),
    request: { query: MembersExportQuerySchema },
    responses: fileResponses,
  }),
  async (c) => exportMembers(c.get('deps'), c.get('actor'), readerOf(c), c.req.valid('query')),
);

exportsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/exports/kpis',
    tags,
    summary: "The KPI board of a period: every member's value of every KPI, and everyone's together (any member)",
    description: `Columns: member, then each KPI (built-in first, then the company's) named in the file's language, typed by its format. ${PERIOD_HELP} teamId: that team's members and total. member: keep one member's row.`,
    ...tokenRoute('stats:read', [requireMember]),
    request: { query: KpisExportQuerySchema },
    responses: fileResponses,
  }),
  async (c) => exportKpis(c.get('deps'), c.get('actor'), readerOf(c), c.req.valid('query')),
);

import { ACTIVITY_KINDS, type ApiTokenScope, SCOREBOARD_PERIODS, TargetPeriodSchema } from '@core/contracts';
import { LEADERBOARD_SORT_KEYS } from '@core/stats';
import { CALL_OUTCOMES } from '@core/kpi';
import { z } from 'zod';

/*
 * The tools an AI assistant may use through the MCP server (decision 118). Each is one request to the
 * documented REST API, made as the token's member: the same route, the same scope, the same rights
 * and the same refusals as a script calling it, so a tool can never see or do more than the API lets
 * that token. A tool's input is plain JSON; the route it calls checks it with its own contract.
 */

/** One request to the REST API under /api/v1. */
export type ApiCall = {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
};

export type McpTool<S extends z.ZodRawShape = z.ZodRawShape> = {
  name: string;
  title: string;
  description: string;
  /** The scope the route needs; a token without it is refused by the route, and the tool says so. */
  scope: ApiTokenScope;
  /** Reads only (MCP's readOnlyHint): an assistant may call it without asking. */
  readOnly: boolean;
  input: S;
  toCall: (args: z.infer<z.ZodObject<S>>) => ApiCall;
};

const defineTool = <S extends z.ZodRawShape>(tool: McpTool<S>): McpTool => tool as unknown as McpTool;

const day = z.string().describe('A day as YYYY-MM-DD, in the company time zone');
const period = z
  .enum(SCOREBOARD_PERIODS)
  .describe('today, yesterday, week (Monday to today), month (the 1st to today) or custom (from and to)');
const teamId = z.string().describe('Only this team (an id from read_kpis or the boards); the whole company when left out');

export const MCP_TOOLS: readonly McpTool[] = [
  defineTool({
    name: 'list_kpis',
    title: 'List KPIs',
    description:
      "The company's KPIs: the built-in ones (calls, meetings, sales, points, conversion…) and its own, with their ids, format and whether lower is better.",
    scope: 'stats:read',
    readOnly: true,
    input: {},
    toCall: () => ({ method: 'GET', path: '/kpis' }),
  }),
  defineTool({
    name: 'read_kpis',
    title: 'Read KPI values',
    description:
      "Each member's and the total figure of the company's KPIs over a span of days (both included), optionally for one team or some KPIs.",
    scope: 'stats:read',
    readOnly: true,
    input: {
      from: day,
      to: day,
      ids: z.array(z.string()).max(50).optional().describe('KPI ids or keys from list_kpis; all when left out'),
      teamId: teamId.optional(),
    },
    toCall: ({ from, to, ids, teamId: team }) => ({
      method: 'GET',
      path: '/kpis/values',
      query: { from, to, ids: ids?.join(','), teamId: team },
    }),
  }),
  defineTool({
    name: 'read_leaderboard',
    title: 'Read the leaderboard',
    description: 'The members ranked for a period, with their calls, meetings, sales, value and points.',
    scope: 'stats:read',
    readOnly: true,
    input: {
      period: period.optional(),
      from: day.optional(),
      to: day.optional(),
      sort: z.enum(LEADERBOARD_SORT_KEYS).optional().describe('What to rank by; points when left out'),
      limit: z.number().int().min(1).max(500).optional(),
      teamId: teamId.optional(),
    },
    toCall: (args) => ({ method: 'GET', path: '/scoreboard/leaderboard', query: args }),
  }),
  defineTool({
    name: 'read_week',
    title: "Read this week's board",
    description: 'This week day by day for each member (the Weekly View): what each logged and earned, Monday to Sunday.',
    scope: 'stats:read',
    readOnly: true,
    input: { teamId: teamId.optional() },
    toCall: (args) => ({ method: 'GET', path: '/scoreboard/weekly', query: args }),
  }),
  defineTool({
    name: 'read_my_day',
    title: 'Read my day',
    description: "The token's member's own figures today and their daily goals.",
    scope: 'stats:read',
    readOnly: true,
    input: {},
    toCall: () => ({ method: 'GET', path: '/stats/me/today' }),
  }),
  defineTool({
    name: 'read_my_targets',
    title: 'Read my targets and pace',
    description:
      "The targets the token's member has (their own and their team's) with progress and pace: ahead, on track or behind, and what is expected by now.",
    scope: 'stats:read',
    readOnly: true,
    input: { on: day.optional().describe('The day to ask about; today when left out') },
    toCall: (args) => ({ method: 'GET', path: '/targets/me', query: args }),
  }),
  defineTool({
    name: 'read_people_targets',
    title: "Read people's targets",
    description: "Each person's target for one KPI and period, with their figure so far.",
    scope: 'stats:read',
    readOnly: true,
    input: {
      kpi: z.string().describe('A KPI id or key from list_kpis'),
      period: TargetPeriodSchema,
      on: day.optional(),
    },
    toCall: (args) => ({ method: 'GET', path: '/targets/people', query: args }),
  }),
  defineTool({
    name: 'list_contests',
    title: 'List contests',
    description: "The company's contests: running, upcoming and finished, with what each is scored by.",
    scope: 'stats:read',
    readOnly: true,
    input: {},
    toCall: () => ({ method: 'GET', path: '/contests' }),
  }),
  defineTool({
    name: 'read_contest',
    title: 'Read contest standings',
    description: "One contest's standings: each participant's (or team's) score and place.",
    scope: 'stats:read',
    readOnly: true,
    input: { id: z.uuid().describe('A contest id from list_contests') },
    toCall: ({ id }) => ({ method: 'GET', path: `/contests/${encodeURIComponent(id)}` }),
  }),
  defineTool({
    name: 'list_boards',
    title: 'List boards',
    description: 'The boards the member can see (their own, their team’s and the company’s), with their widgets and the KPIs each shows.',
    scope: 'stats:read',
    readOnly: true,
    input: {},
    toCall: () => ({ method: 'GET', path: '/boards' }),
  }),
  defineTool({
    name: 'read_board',
    title: 'Read a board',
    description:
      "One board's widgets (a number, a leaderboard, a chart, a gauge…): each one's KPI, period and team. Read the figures with read_kpis.",
    scope: 'stats:read',
    readOnly: true,
    input: { id: z.uuid().describe('A board id from list_boards') },
    toCall: ({ id }) => ({ method: 'GET', path: `/boards/${encodeURIComponent(id)}` }),
  }),
  defineTool({
    name: 'read_log_options',
    title: 'Read what can be logged',
    description:
      "What the member can log now and what each is worth: the built-in kinds that are on, a call's outcomes, and the company's own activity types with their outcomes and fields (ids for log_activity).",
    scope: 'activities:read',
    readOnly: true,
    input: {},
    toCall: () => ({ method: 'GET', path: '/activities/log-options' }),
  }),
  defineTool({
    name: 'log_activity',
    title: 'Log an activity',
    description:
      "Logs one activity for the token's member (or, for an admin or team lead, for another member with userId): a call (answered, and if so its outcome), a sale (ticketSize in minor units: 2500000 is 25,000.00), a held meeting, an e-mail, a LinkedIn touch, or one of the company's own types (kind custom, typeId, outcome and fields from read_log_options). Today unless localDate names an earlier day. Earns points as logging in the app does.",
    scope: 'activities:write',
    readOnly: false,
    input: {
      kind: z.enum(ACTIVITY_KINDS),
      answered: z.boolean().optional().describe('A call: was it answered'),
      outcome: z
        .string()
        .optional()
        .describe(`An answered call: ${CALL_OUTCOMES.join(', ')}; an own type: its outcome id`),
      ticketSize: z.number().int().optional().describe('A sale: its value in minor units of the company currency'),
      productName: z.string().optional(),
      customerName: z.string().optional(),
      notes: z.string().optional(),
      localDate: day.optional(),
      time: z.string().optional().describe('HH:MM, for an earlier day'),
      typeId: z.string().optional().describe('An own type: its id'),
      fields: z
        .record(z.string(), z.union([z.number(), z.boolean(), z.string(), z.null()]))
        .optional()
        .describe("An own type: its fields' values by field id"),
      userId: z.string().optional().describe('Another member (admins and team leads)'),
      clientKey: z.string().optional().describe('A UUID: sending the same key again answers the activity logged the first time'),
    },
    toCall: (args) => ({ method: 'POST', path: '/activities', body: args }),
  }),
];

import { createRoute } from '@hono/zod-openapi';
import { CalendarQuerySchema, CalendarSchema, CreateDayOffSchema, DayOffParamsSchema, UpdateCalendarSchema } from '@core/contracts';
import { createRouter, errorResponses } from '../../lib/http';
import { requireAdmin, requireMember } from '../session/session.middleware';
import { addDayOff, getCalendar, removeDayOff, updateCalendar } from './calendar.service';

/* The company's working calendar: members read it (pacing counts by it), admins change it. */
export const calendarRoutes = createRouter();

const tags = ['Calendar'];
const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });

calendarRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/calendar',
    tags,
    summary: "The company's working calendar: its country, its own days off, and the public holidays ahead",
    middleware: [requireMember] as const,
    request: { query: CalendarQuerySchema },
    responses: { 200: { description: 'OK', ...json(CalendarSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await getCalendar(c.get('deps'), c.get('actor'), c.req.valid('query').language), 200),
);

calendarRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/calendar',
    tags,
    summary: 'Choose the country whose public holidays are days off (admin)',
    middleware: [requireMember, requireAdmin] as const,
    request: { query: CalendarQuerySchema, body: { ...json(UpdateCalendarSchema), required: true } },
    responses: { 200: { description: 'Saved', ...json(CalendarSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await updateCalendar(c.get('deps'), c.get('actor'), c.req.valid('json'), c.req.valid('query').language), 200),
);

calendarRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/calendar/days-off',
    tags,
    summary: 'Add a company day off, or rename the one on that date (admin)',
    middleware: [requireMember, requireAdmin] as const,
    request: { query: CalendarQuerySchema, body: { ...json(CreateDayOffSchema), required: true } },
    responses: { 200: { description: 'Saved', ...json(CalendarSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await addDayOff(c.get('deps'), c.get('actor'), c.req.valid('json'), c.req.valid('query').language), 200),
);

calendarRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/calendar/days-off/{date}',
    tags,
    summary: 'Remove a company day off (admin)',
    middleware: [requireMember, requireAdmin] as const,
    request: { query: CalendarQuerySchema, params: DayOffParamsSchema },
    responses: {
      200: { description: 'Removed', ...json(CalendarSchema) },
      ...errorResponses,
      404: { description: 'No such day off in your company' },
    },
  }),
  async (c) => c.json(await removeDayOff(c.get('deps'), c.get('actor'), c.req.valid('param').date, c.req.valid('query').language), 200),
);

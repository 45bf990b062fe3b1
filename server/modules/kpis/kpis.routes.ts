import { createRoute } from '@hono/zod-openapi';
import {
  ApiErrorSchema,
  KpiInputSchema,
  KpiListSchema,
  KpiSeriesQuerySchema,
  KpiSeriesSchema,
  KpiParamsSchema,
  KpiSchema,
  KpiValuesQuerySchema,
  KpiValuesSchema,
  OkSchema,
} from '@core/contracts';
import { createRouter, errorResponses } from '../../lib/http';
import { requireAdmin, requireMember, tokenRoute } from '../session/session.middleware';
import { createKpi, deleteKpi, getKpiSeries, getKpiValues, listKpis, updateKpi } from './kpis.service';

/* A company's KPIs (decision 101): every member lists them and reads their values; admins change them. */
export const kpisRoutes = createRouter();

const json = <T>(schema: T) => ({ 'application/json': { schema } });
const tags = ['KPIs'];
const notFound = { 404: { description: 'No such KPI in your company', content: json(ApiErrorSchema) } };
const nameTaken = {
  409: {
    description: 'Another KPI has one of the names in the same language (code kpi_exists), or the company has 50 KPIs (code conflict)',
    content: json(ApiErrorSchema),
  },
};

kpisRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/kpis',
    tags,
    summary: "The built-in KPIs, then your company's own in their order (any member)",
    ...tokenRoute('stats:read', [requireMember]),
    responses: { 200: { description: 'OK', content: json(KpiListSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await listKpis(c.get('deps'), c.get('actor')), 200),
);

kpisRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/kpis/values',
    tags,
    summary:
      "KPIs' values for each active member (of a team, when asked) and for them all together, over a period of the company's days; a ratio over zero is null (any member)",
    ...tokenRoute('stats:read', [requireMember]),
    request: { query: KpiValuesQuerySchema },
    responses: { 200: { description: 'OK', content: json(KpiValuesSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await getKpiValues(c.get('deps'), c.get('actor'), c.req.valid('query')), 200),
);

kpisRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/kpis/series',
    tags,
    summary: "One KPI day by day over a period of the company's days, for everyone or a team (a board's chart; any member)",
    ...tokenRoute('stats:read', [requireMember]),
    request: { query: KpiSeriesQuerySchema },
    responses: { 200: { description: 'OK', content: json(KpiSeriesSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await getKpiSeries(c.get('deps'), c.get('actor'), c.req.valid('query')), 200),
);

kpisRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/kpis',
    tags,
    summary: 'Create a KPI: a count, sum or average over types, or a ratio or difference of two KPIs (admin)',
    middleware: [requireMember, requireAdmin] as const,
    request: { body: { content: json(KpiInputSchema), required: true } },
    responses: { 201: { description: 'Created', content: json(KpiSchema) }, ...errorResponses, ...nameTaken },
  }),
  async (c) => c.json(await createKpi(c.get('deps'), c.get('actor'), c.req.valid('json')), 201),
);

kpisRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/kpis/{id}',
    tags,
    summary: "Replace a KPI's definition (admin); one that would make a circle of KPIs is refused",
    middleware: [requireMember, requireAdmin] as const,
    request: { params: KpiParamsSchema, body: { content: json(KpiInputSchema), required: true } },
    responses: { 200: { description: 'OK', content: json(KpiSchema) }, ...errorResponses, ...notFound, ...nameTaken },
  }),
  async (c) => c.json(await updateKpi(c.get('deps'), c.get('actor'), c.req.valid('param').id, c.req.valid('json')), 200),
);

kpisRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/kpis/{id}',
    tags,
    summary: 'Delete a KPI (admin); one another KPI is made from answers 409 kpi_in_use',
    middleware: [requireMember, requireAdmin] as const,
    request: { params: KpiParamsSchema },
    responses: {
      200: { description: 'Deleted', content: json(OkSchema) },
      ...errorResponses,
      ...notFound,
      409: { description: 'Another KPI is made from this one (code kpi_in_use)', content: json(ApiErrorSchema) },
    },
  }),
  async (c) => {
    await deleteKpi(c.get('deps'), c.get('actor'), c.req.valid('param').id);
    return c.json({ ok: true as const }, 200);
  },
);

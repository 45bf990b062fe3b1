import { createRoute } from '@hono/zod-openapi';
import {
  BuiltInKindKeyParamsSchema,
  KindPointsInputSchema,
  KpiRuleIdParamsSchema,
  KpiRuleListSchema,
  KpiRuleSchema,
  UpdateKpiRuleSchema,
} from '@core/contracts';
import { createRouter, errorResponses } from '../../lib/http';
import { requireAdmin, requireMember } from '../session/session.middleware';
import { changeKpiRule, listKpiRules, setKindPoints } from './kpi-rules.service';

export const kpiRulesRoutes = createRouter();

kpiRulesRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/kpi-rules',
    tags: ['KPI rules'],
    summary: "The company's KPI point rules, ordered by key (any member)",
    middleware: [requireMember] as const,
    responses: {
      200: { description: 'OK', content: { 'application/json': { schema: KpiRuleListSchema } } },
      ...errorResponses,
    },
  }),
  async (c) => c.json({ rules: await listKpiRules(c.get('deps'), c.get('actor')) }, 200),
);

kpiRulesRoutes.openapi(
  createRoute({
    method: 'patch',
    path: '/kpi-rules/{id}',
    tags: ['KPI rules'],
    summary:
      'Change a rule: points, enabled, multiplier (sale_ticket_size only), calls in a day (daily_call_bonus_20 only). Admin only; affects later activities and days judged again',
    middleware: [requireMember, requireAdmin] as const,
    request: {
      params: KpiRuleIdParamsSchema,
      body: { content: { 'application/json': { schema: UpdateKpiRuleSchema } }, required: true },
    },
    responses: {
      200: { description: 'OK', content: { 'application/json': { schema: KpiRuleSchema } } },
      ...errorResponses,
      404: { description: 'No such rule in your company' },
    },
  }),
  async (c) => c.json(await changeKpiRule(c.get('deps'), c.get('actor'), c.req.valid('param').id, c.req.valid('json')), 200),
);

kpiRulesRoutes.openapi(
  createRoute({
    method: 'patch',
    path: '/kpi-rules/kinds/{key}',
    tags: ['KPI rules'],
    summary:
      "Change what a built-in kind is worth in one save (admin): its points, a call's outcomes (moved forward, meeting booked, not answered), a sale's points per value; a part left out stays. Changes the kind's rules together; later activities are affected",
    middleware: [requireMember, requireAdmin] as const,
    request: {
      params: BuiltInKindKeyParamsSchema,
      body: { content: { 'application/json': { schema: KindPointsInputSchema } }, required: true },
    },
    responses: {
      200: { description: 'Every rule after', content: { 'application/json': { schema: KpiRuleListSchema } } },
      ...errorResponses,
    },
  }),
  async (c) => c.json({ rules: await setKindPoints(c.get('deps'), c.get('actor'), c.req.valid('param').key, c.req.valid('json')) }, 200),
);

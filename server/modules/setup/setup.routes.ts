import { createRoute } from '@hono/zod-openapi';
import { DismissSetupSchema, SetupStateSchema, SetupStepParamsSchema } from '@core/contracts';
import { createRouter, errorResponses } from '../../lib/http';
import { requireAdmin, requireMember } from '../session/session.middleware';
import { completeSetupStep, dismissSetup, getSetupState } from './setup.service';

export const setupRoutes = createRouter();

const json = <T>(schema: T) => ({ 'application/json': { schema } });

setupRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/setup',
    tags: ['Setup'],
    summary: "The company's first-run setup: which of its five steps are done, and whether the dashboard shows the checklist (admin)",
    middleware: [requireMember, requireAdmin] as const,
    responses: { 200: { description: 'OK', content: json(SetupStateSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await getSetupState(c.get('deps'), c.get('actor')), 200),
);

setupRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/setup/steps/{step}',
    tags: ['Setup'],
    summary: 'Record that a setup step was saved: company, timezone, currency, activities or invite (admin)',
    middleware: [requireMember, requireAdmin] as const,
    request: { params: SetupStepParamsSchema },
    responses: { 200: { description: 'OK', content: json(SetupStateSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await completeSetupStep(c.get('deps'), c.get('actor'), c.req.valid('param').step), 200),
);

setupRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/setup/dismiss',
    tags: ['Setup'],
    summary: "Hide the dashboard's setup checklist ({dismissed: false} shows it again) (admin)",
    middleware: [requireMember, requireAdmin] as const,
    request: { body: { content: json(DismissSetupSchema), required: true } },
    responses: { 200: { description: 'OK', content: json(SetupStateSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await dismissSetup(c.get('deps'), c.get('actor'), c.req.valid('json').dismissed), 200),
);

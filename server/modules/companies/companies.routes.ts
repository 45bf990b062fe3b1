import { createRoute } from '@hono/zod-openapi';
import { CreateCompanySchema, CreatedCompanySchema } from '@core/contracts';
import { createRouter, errorResponses } from '../../lib/http';
import { requireUser } from '../session/session.middleware';
import { createCompany } from './companies.service';

export const companiesRoutes = createRouter();

companiesRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/companies',
    tags: ['Companies'],
    summary: 'Multi-tenant mode: create a company and become its admin (signed in, no company yet)',
    middleware: [requireUser] as const,
    request: { body: { content: { 'application/json': { schema: CreateCompanySchema } }, required: true } },
    responses: {
      201: { description: 'Created', content: { 'application/json': { schema: CreatedCompanySchema } } },
      ...errorResponses,
      409: { description: 'Already a member of a company (already_member), or single-tenant mode (single_tenant)' },
    },
  }),
  async (c) => c.json(await createCompany(c.get('deps'), c.get('user')!, c.req.valid('json'), c.req.raw.headers), 201),
);

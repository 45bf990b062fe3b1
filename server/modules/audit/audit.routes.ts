import { createRoute } from '@hono/zod-openapi';
import { AuditLogPageSchema, AuditLogQuerySchema } from '@core/contracts';
import { createRouter, errorResponses } from '../../lib/http';
import { requireAdmin, requireMember } from '../session/session.middleware';
import { listAuditLog } from './audit.service';

/* The audit log of admin actions, read by the company's admins in the console (decision 021). */
export const auditRoutes = createRouter();

auditRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/admin/audit-log',
    tags: ['Administration'],
    summary: "Your company's audit log of admin actions, newest first; cursor pagination, optional filter by action (admin)",
    middleware: [requireMember, requireAdmin] as const,
    request: { query: AuditLogQuerySchema },
    responses: {
      200: { description: 'OK', content: { 'application/json': { schema: AuditLogPageSchema } } },
      ...errorResponses,
    },
  }),
  async (c) => c.json(await listAuditLog(c.get('deps'), c.get('actor'), c.req.valid('query')), 200),
);

import { createRoute } from '@hono/zod-openapi';
import { BillingSchema, PublicSignupPolicySchema, SignupPolicySettingsSchema, UpdateSignupPolicySchema } from '@core/contracts';
import { createRouter, errorResponses } from '../../lib/http';
import { requireAdmin, requireMember } from '../session/session.middleware';
import { getBilling } from './billing.service';
import { changeSignupPolicy, getPublicSignupPolicy, getSignupPolicy } from './signup-policy.service';

export const adminRoutes = createRouter();

const json = <T>(schema: T) => ({ 'application/json': { schema } });

adminRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/admin/signup-policy',
    tags: ['Administration'],
    summary: 'The sign-up policy and access code (admin)',
    middleware: [requireMember, requireAdmin] as const,
    responses: { 200: { description: 'OK', content: json(SignupPolicySettingsSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await getSignupPolicy(c.get('deps'), c.get('actor')), 200),
);

adminRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/admin/signup-policy',
    tags: ['Administration'],
    summary: 'Set the sign-up policy (open, access_code, invite_only) and the access code (admin)',
    middleware: [requireMember, requireAdmin] as const,
    request: { body: { content: json(UpdateSignupPolicySchema), required: true } },
    responses: { 200: { description: 'OK', content: json(SignupPolicySettingsSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await changeSignupPolicy(c.get('deps'), c.get('actor'), c.req.valid('json')), 200),
);

adminRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/signup-policy',
    security: [], // public: no session needed
    tags: ['Administration'],
    summary: 'Public: the sign-up policy, so the join form can ask for an access code (never the code itself)',
    responses: { 200: { description: 'OK', content: json(PublicSignupPolicySchema) } },
  }),
  async (c) => c.json(await getPublicSignupPolicy(c.get('deps')), 200),
);

adminRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/admin/billing',
    tags: ['Administration'],
    summary: 'The current plan and monthly price for the active member count (admin). No payment processing',
    middleware: [requireMember, requireAdmin] as const,
    responses: { 200: { description: 'OK', content: json(BillingSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await getBilling(c.get('deps'), c.get('actor')), 200),
);

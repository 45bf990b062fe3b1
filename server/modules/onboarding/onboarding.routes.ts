import { createRoute } from '@hono/zod-openapi';
import { AccessCodeCheckResultSchema, AccessCodeCheckSchema, MeSchema, ProvisionResultSchema, PublicConfigSchema } from '@core/contracts';
import { findClientIp } from '../../lib/client-ip';
import { createRouter, errorResponses } from '../../lib/http';
import { requireUser } from '../session/session.middleware';
import { checkAccessCode, getMe, provisionUser } from './onboarding.service';

export const onboardingRoutes = createRouter();

onboardingRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/me',
    security: [{}, { sessionCookie: [] }], // optional: a signed-out caller is answered too
    tags: ['Onboarding'],
    summary: 'The signed-in person, their membership, company and onboarding status; null when signed out',
    responses: { 200: { description: 'OK', content: { 'application/json': { schema: MeSchema.nullable() } } }, ...errorResponses },
  }),
  async (c) => {
    // Signed out is an answer here, not an error: the app asks on every start.
    const user = c.get('user');
    return c.json(user ? await getMe(c.get('deps'), user) : null, 200);
  },
);

onboardingRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/me/provision',
    tags: ['Onboarding'],
    summary: 'Provision the signed-in person into their company (idempotent)',
    middleware: [requireUser] as const,
    responses: {
      200: { description: 'OK', content: { 'application/json': { schema: ProvisionResultSchema } } },
      ...errorResponses,
    },
  }),
  async (c) => c.json(await provisionUser(c.get('deps'), c.get('user')!), 200),
);

onboardingRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/access-code/check',
    security: [], // public: no session needed
    tags: ['Onboarding'],
    summary: 'Check a sign-up access code',
    request: { body: { content: { 'application/json': { schema: AccessCodeCheckSchema } }, required: true } },
    responses: {
      200: { description: 'OK', content: { 'application/json': { schema: AccessCodeCheckResultSchema } } },
      ...errorResponses,
      429: { description: 'Too many attempts' },
    },
  }),
  async (c) => c.json({ valid: await checkAccessCode(c.get('deps'), c.req.valid('json').code, findClientIp(c)) }, 200),
);

onboardingRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/public-config',
    security: [], // public: no session needed
    tags: ['Onboarding'],
    summary: 'What the signed-out web app needs to know (brand, tenancy, mail transport)',
    responses: { 200: { description: 'OK', content: { 'application/json': { schema: PublicConfigSchema } } } },
  }),
  (c) => {
    const { config, mailer } = c.get('deps');
    return c.json(
      {
        brand: config.BRAND_NAME,
        tenancy: config.TENANCY,
        mailTransport: mailer.transport,
        devMailbox: !config.isProduction && mailer.transport === 'outbox',
      },
      200,
    );
  },
);

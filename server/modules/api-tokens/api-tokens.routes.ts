import { createRoute } from '@hono/zod-openapi';
import {
  ApiTokenIdParamsSchema,
  ApiTokenListSchema,
  CompanyApiTokenListSchema,
  CreateApiTokenSchema,
  CreatedApiTokenSchema,
  OkSchema,
} from '@core/contracts';
import { createRouter, errorResponses } from '../../lib/http';
import { requireAdmin, requireMember } from '../session/session.middleware';
import { createApiToken, listCompanyApiTokens, listOwnApiTokens, revokeCompanyApiToken, revokeOwnApiToken } from './api-tokens.service';

/*
 * Personal access tokens (decision 035). Managed with the signed-in session only: these routes
 * declare no token scope, so a token can neither make nor list nor revoke tokens.
 */
export const apiTokensRoutes = createRouter();

const tags = ['Personal access tokens'];
const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });
const notFoundResponse = { 404: { description: 'No such token (of yours, or in your company)' } } as const;

apiTokensRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/me/api-tokens',
    tags,
    summary: 'Make a personal access token. The answer holds the secret, shown this once',
    description:
      'The token acts as you in your company, with only the scopes chosen: send it as `Authorization: Bearer <secret>` to the operations that list its scope. At most 25 tokens per member (409 too_many_tokens).',
    middleware: [requireMember] as const,
    request: { body: { ...json(CreateApiTokenSchema), required: true } },
    responses: {
      201: { description: 'Created', ...json(CreatedApiTokenSchema) },
      ...errorResponses,
      409: { description: 'You already hold the most tokens a member may (code too_many_tokens)' },
    },
  }),
  async (c) => c.json(await createApiToken(c.get('deps'), c.get('actor'), c.req.valid('json')), 201),
);

apiTokensRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/me/api-tokens',
    tags,
    summary: 'Your personal access tokens, newest first (never their secrets)',
    middleware: [requireMember] as const,
    responses: { 200: { description: 'OK', ...json(ApiTokenListSchema) }, ...errorResponses },
  }),
  async (c) => c.json({ tokens: await listOwnApiTokens(c.get('deps'), c.get('actor')) }, 200),
);

apiTokensRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/me/api-tokens/{id}',
    tags,
    summary: 'Revoke one of your tokens: it stops working at once',
    middleware: [requireMember] as const,
    request: { params: ApiTokenIdParamsSchema },
    responses: { 200: { description: 'Revoked', ...json(OkSchema) }, ...errorResponses, ...notFoundResponse },
  }),
  async (c) => {
    await revokeOwnApiToken(c.get('deps'), c.get('actor'), c.req.valid('param').id);
    return c.json({ ok: true as const }, 200);
  },
);

apiTokensRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/admin/api-tokens',
    tags,
    summary: 'Every personal access token of the company, with whose it is (admin)',
    middleware: [requireMember, requireAdmin] as const,
    responses: { 200: { description: 'OK', ...json(CompanyApiTokenListSchema) }, ...errorResponses },
  }),
  async (c) => c.json({ tokens: await listCompanyApiTokens(c.get('deps'), c.get('actor')) }, 200),
);

apiTokensRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/admin/api-tokens/{id}',
    tags,
    summary: 'Revoke any token of the company (admin): it stops working at once',
    middleware: [requireMember, requireAdmin] as const,
    request: { params: ApiTokenIdParamsSchema },
    responses: { 200: { description: 'Revoked', ...json(OkSchema) }, ...errorResponses, ...notFoundResponse },
  }),
  async (c) => {
    await revokeCompanyApiToken(c.get('deps'), c.get('actor'), c.req.valid('param').id);
    return c.json({ ok: true as const }, 200);
  },
);

import { createRoute } from '@hono/zod-openapi';
import { CompanySettingsSchema, ProfileSettingsSchema, UpdateCompanySchema, UpdateProfileSchema } from '@core/contracts';
import { createRouter, errorResponses } from '../../lib/http';
import { requireAdmin, requireMember } from '../session/session.middleware';
import { changeCompanySettings, changeProfileSettings, getCompanySettings, getProfileSettings } from './settings.service';

export const settingsRoutes = createRouter();

const json = <T>(schema: T) => ({ 'application/json': { schema } });

settingsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/me/profile',
    tags: ['Settings'],
    summary: 'Personal settings: display name, avatar, e-mail (read-only), language',
    middleware: [requireMember] as const,
    responses: { 200: { description: 'OK', content: json(ProfileSettingsSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await getProfileSettings(c.get('deps'), c.get('actor')), 200),
);

settingsRoutes.openapi(
  createRoute({
    method: 'patch',
    path: '/me/profile',
    tags: ['Settings'],
    summary: 'Change your display name or language; empty text clears a field. The picture: PUT and DELETE /api/v1/me/avatar',
    middleware: [requireMember] as const,
    request: { body: { content: json(UpdateProfileSchema), required: true } },
    responses: { 200: { description: 'OK', content: json(ProfileSettingsSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await changeProfileSettings(c.get('deps'), c.get('actor'), c.req.valid('json')), 200),
);

settingsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/company',
    tags: ['Settings'],
    summary: 'Your company with counts of members, activities and customers (any member)',
    middleware: [requireMember] as const,
    responses: { 200: { description: 'OK', content: json(CompanySettingsSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await getCompanySettings(c.get('deps'), c.get('actor')), 200),
);

settingsRoutes.openapi(
  createRoute({
    method: 'patch',
    path: '/company',
    tags: ['Settings'],
    summary: 'Change the company name, time zone (IANA) or currency (admin)',
    middleware: [requireMember, requireAdmin] as const,
    request: { body: { content: json(UpdateCompanySchema), required: true } },
    responses: { 200: { description: 'OK', content: json(CompanySettingsSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await changeCompanySettings(c.get('deps'), c.get('actor'), c.req.valid('json')), 200),
);

import { createRoute } from '@hono/zod-openapi';
import {
  ApiErrorSchema,
  BadgeKindParamsSchema,
  BadgeMemberParamsSchema,
  BadgeSettingsSchema,
  CompanyBadgeInputSchema,
  CompanyBadgeListSchema,
  CompanyBadgeParamsSchema,
  CompanyBadgeSchema,
  MemberBadgesSchema,
  OkSchema,
  RecentBadgesSchema,
  UpdateBadgeSettingSchema,
} from '@core/contracts';
import { createRouter, errorResponses } from '../../lib/http';
import { requireAdmin, requireMember, tokenRoute } from '../session/session.middleware';
import { getBadgeSettings, listMemberBadges, listRecentBadges, updateBadgeSetting } from './badges.service';
import { createCompanyBadge, deleteCompanyBadge, listCompanyBadges, updateCompanyBadge } from './company-badges.service';

/* Badges (decision 050): a member's badges, the company's recent ones for the boards, and the admins' switches. */
export const badgesRoutes = createRouter();

const tags = ['Badges'];
const json = <T>(schema: T) => ({ 'application/json': { schema } });

badgesRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/badges/members/{userId}',
    tags,
    summary: "A member's badges, newest first (any member of the company; the boards show them to everyone)",
    ...tokenRoute('stats:read', [requireMember]),
    request: { params: BadgeMemberParamsSchema },
    responses: {
      200: { description: 'OK', content: json(MemberBadgesSchema) },
      ...errorResponses,
      404: { description: 'No such member in your company' },
    },
  }),
  async (c) => c.json(await listMemberBadges(c.get('deps'), c.get('actor'), c.req.valid('param').userId), 200),
);

badgesRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/badges/recent',
    tags,
    summary: "The badges the company's members earned in the last 30 days, each kind once per member with a count (the boards' rows)",
    ...tokenRoute('stats:read', [requireMember]),
    responses: { 200: { description: 'OK', content: json(RecentBadgesSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await listRecentBadges(c.get('deps'), c.get('actor')), 200),
);

badgesRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/badges/settings',
    tags,
    summary: 'Which badges the company awards',
    middleware: [requireMember] as const,
    responses: { 200: { description: 'OK', content: json(BadgeSettingsSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await getBadgeSettings(c.get('deps'), c.get('actor')), 200),
);

badgesRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/badges/settings/{kind}',
    tags,
    summary: 'Switch a badge on or off (admin; audited). A switched-off badge is not awarded from then on; those earned stay',
    middleware: [requireMember, requireAdmin] as const,
    request: { params: BadgeKindParamsSchema, body: { content: json(UpdateBadgeSettingSchema), required: true } },
    responses: { 200: { description: 'Saved', content: json(BadgeSettingsSchema) }, ...errorResponses },
  }),
  async (c) => {
    const { kind } = c.req.valid('param');
    return c.json(await updateBadgeSetting(c.get('deps'), c.get('actor'), kind, c.req.valid('json').enabled), 200);
  },
);

// ---- a company's own badges (decision 107) ----------------------------------------------------------

const companyBadgeNotFound = { 404: { description: 'No such badge in your company', content: json(ApiErrorSchema) } };
const companyBadgeConflict = {
  409: {
    description:
      'Another badge has one of the names in the same language (code badge_exists), or the company has 30 badges (code conflict)',
    content: json(ApiErrorSchema),
  },
};

badgesRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/badges/company',
    tags,
    summary: "The company's own badges: a KPI reaching a number within a day, week or month (any member; the boards draw them)",
    ...tokenRoute('stats:read', [requireMember]),
    responses: { 200: { description: 'OK', content: json(CompanyBadgeListSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await listCompanyBadges(c.get('deps'), c.get('actor')), 200),
);

badgesRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/badges/company',
    tags,
    summary:
      "Create one of the company's own badges: its names, icon and colour, a KPI that adds up, the number to reach and the period (admin; audited)",
    middleware: [requireMember, requireAdmin] as const,
    request: { body: { content: json(CompanyBadgeInputSchema), required: true } },
    responses: { 201: { description: 'Created', content: json(CompanyBadgeSchema) }, ...errorResponses, ...companyBadgeConflict },
  }),
  async (c) => c.json(await createCompanyBadge(c.get('deps'), c.get('actor'), c.req.valid('json')), 201),
);

badgesRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/badges/company/{id}',
    tags,
    summary: "Change one of the company's own badges, or switch it off (admin; audited). The badges earned stay as they were earned",
    middleware: [requireMember, requireAdmin] as const,
    request: { params: CompanyBadgeParamsSchema, body: { content: json(CompanyBadgeInputSchema), required: true } },
    responses: {
      200: { description: 'Saved', content: json(CompanyBadgeSchema) },
      ...errorResponses,
      ...companyBadgeNotFound,
      ...companyBadgeConflict,
    },
  }),
  async (c) => c.json(await updateCompanyBadge(c.get('deps'), c.get('actor'), c.req.valid('param').id, c.req.valid('json')), 200),
);

badgesRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/badges/company/{id}',
    tags,
    summary: "Delete one of the company's own badges that nobody has earned (admin; audited); an earned one is switched off instead",
    middleware: [requireMember, requireAdmin] as const,
    request: { params: CompanyBadgeParamsSchema },
    responses: {
      200: { description: 'Deleted', content: json(OkSchema) },
      ...errorResponses,
      ...companyBadgeNotFound,
      409: { description: 'Someone has earned it: switch it off instead (code badge_in_use)', content: json(ApiErrorSchema) },
    },
  }),
  async (c) => {
    await deleteCompanyBadge(c.get('deps'), c.get('actor'), c.req.valid('param').id);
    return c.json({ ok: true as const }, 200);
  },
);

import { createRoute } from '@hono/zod-openapi';
import {
  BadgeKindParamsSchema,
  BadgeMemberParamsSchema,
  BadgeSettingsSchema,
  MemberBadgesSchema,
  RecentBadgesSchema,
  UpdateBadgeSettingSchema,
} from '@core/contracts';
import { createRouter, errorResponses } from '../../lib/http';
import { requireAdmin, requireMember, tokenRoute } from '../session/session.middleware';
import { getBadgeSettings, listMemberBadges, listRecentBadges, updateBadgeSetting } from './badges.service';

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

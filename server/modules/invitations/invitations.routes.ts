import { createRoute } from '@hono/zod-openapi';
import {
  AcceptInvitationResultSchema,
  AcceptInvitationSchema,
  CreateInvitationSchema,
  InvitationCodeParamsSchema,
  InvitationIdParamsSchema,
  InvitationListSchema,
  InvitationPreviewSchema,
  InvitationSchema,
  MagicLinkSentSchema,
  OkSchema,
  RequestMagicLinkSchema,
  SendInvitationsSchema,
  SentInvitationsSchema,
} from '@core/contracts';
import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { chooseMailLanguage } from '../../mail/templates';
import { createRouter, errorResponses } from '../../lib/http';
import { requireAdmin, requireMember, requireUser } from '../session/session.middleware';
import {
  acceptInvitation,
  createInvitation,
  listInvitations,
  previewInvitation,
  type InvitationSender,
  removeInvitation,
  resendInvitation,
  sendInvitationMagicLink,
  sendInvitations,
} from './invitations.service';
import { findClientIp } from '../../lib/client-ip';

export const invitationsRoutes = createRouter();

const json = <T>(schema: T) => ({ 'application/json': { schema } });

invitationsRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/invitations',
    tags: ['Invitations'],
    summary: 'Create an invitation (admin): role user (default) or admin, expiry 1-30 days (default 7)',
    middleware: [requireMember, requireAdmin] as const,
    request: { body: { content: json(CreateInvitationSchema), required: true } },
    responses: { 201: { description: 'Created', content: json(InvitationSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await createInvitation(c.get('deps'), c.get('actor'), c.req.valid('json')), 201),
);

invitationsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/invitations',
    tags: ['Invitations'],
    summary: "The company's invitations, newest first, with status active / used / expired (admin)",
    middleware: [requireMember, requireAdmin] as const,
    responses: { 200: { description: 'OK', content: json(InvitationListSchema) }, ...errorResponses },
  }),
  async (c) => c.json({ invitations: await listInvitations(c.get('deps'), c.get('actor')) }, 200),
);

invitationsRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/invitations/{id}',
    tags: ['Invitations'],
    summary: 'Delete an invitation, whatever its status (admin)',
    middleware: [requireMember, requireAdmin] as const,
    request: { params: InvitationIdParamsSchema },
    responses: {
      200: { description: 'Deleted', content: json(OkSchema) },
      ...errorResponses,
      404: { description: 'No such invitation in your company' },
    },
  }),
  async (c) => {
    await removeInvitation(c.get('deps'), c.get('actor'), c.req.valid('param').id);
    return c.json({ ok: true as const }, 200);
  },
);

invitationsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/invitations/preview/{code}',
    security: [], // public: no session needed
    tags: ['Invitations'],
    summary: 'Public: the company and role an invitation code offers, or why it is not valid',
    request: { params: InvitationCodeParamsSchema },
    responses: { 200: { description: 'OK', content: json(InvitationPreviewSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await previewInvitation(c.get('deps'), c.req.valid('param').code, c.get('user')?.id ?? null), 200),
);

invitationsRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/invitations/accept',
    tags: ['Invitations'],
    summary: 'Accept an invitation (signed in): join its company with its role. Used once, atomically',
    middleware: [requireUser] as const,
    request: { body: { content: json(AcceptInvitationSchema), required: true } },
    responses: {
      200: { description: 'Joined (or already a member)', content: json(AcceptInvitationResultSchema) },
      ...errorResponses,
      404: { description: 'Unknown code (invitation_invalid)' },
      409: { description: 'Already a member of another company (member_of_another_company)' },
      410: { description: 'Used or expired (invitation_invalid)' },
    },
  }),
  async (c) => c.json(await acceptInvitation(c.get('deps'), c.get('user')!, c.req.valid('json').code), 200),
);

invitationsRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/invitations/magic-link',
    security: [], // public: no session needed
    tags: ['Invitations'],
    summary: 'Public: e-mail a magic link that signs the person in (creating the account) and returns to accept the invitation',
    request: { body: { content: json(RequestMagicLinkSchema), required: true } },
    responses: {
      200: { description: 'Sent', content: json(MagicLinkSentSchema) },
      ...errorResponses,
      410: { description: 'The invitation is not valid or has expired' },
      429: { description: 'Too many requests' },
    },
  }),
  async (c) => {
    await sendInvitationMagicLink(c.get('deps'), c.req.valid('json'), findClientIp(c), c.req.raw.headers);
    return c.json({ sent: true as const }, 200);
  },
);

/**
 * Who sends, and the language to fall back on: the company's own language wins (decision 079);
 * until it has one, the inviting admin's (saved, else the screen's) stands for it (decision 042).
 */
function senderOf(c: Context<AppEnv>): InvitationSender {
  const user = c.get('user');
  return { name: user?.name ?? '', language: chooseMailLanguage(user?.locale, c.req.raw.headers) };
}

invitationsRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/invitations/send',
    tags: ['Invitations'],
    summary: 'Invite people by e-mail (admin): one invitation and one mail per distinct address, at most 50 a request and 200 a day',
    middleware: [requireMember, requireAdmin] as const,
    request: { body: { content: json(SendInvitationsSchema), required: true } },
    responses: {
      201: { description: 'Sent', content: json(SentInvitationsSchema) },
      ...errorResponses,
      429: { description: "Over the company's daily number of invitation mails (invitation_limit)" },
    },
  }),
  async (c) => c.json(await sendInvitations(c.get('deps'), c.get('actor'), c.req.valid('json'), senderOf(c)), 201),
);

invitationsRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/invitations/{id}/resend',
    tags: ['Invitations'],
    summary: 'Mail an e-mailed invitation again, same link (admin); at most 3 times a day per invitation',
    middleware: [requireMember, requireAdmin] as const,
    request: { params: InvitationIdParamsSchema },
    responses: {
      200: { description: 'Sent again', content: json(InvitationSchema) },
      ...errorResponses,
      404: { description: 'No such invitation in your company' },
      409: { description: 'Used or expired (invitation_not_active)' },
      429: { description: 'Sent again too often (rate_limited)' },
    },
  }),
  async (c) => c.json(await resendInvitation(c.get('deps'), c.get('actor'), c.req.valid('param').id, senderOf(c)), 200),
);

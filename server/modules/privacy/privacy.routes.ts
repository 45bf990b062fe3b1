import { createRoute } from '@hono/zod-openapi';
import { AccountDeletionPlanSchema, DeleteAccountSchema, MemberParamsSchema, OkSchema, PersonalDataSchema } from '@core/contracts';
import type { Context } from 'hono';
import { deleteCookie } from 'hono/cookie';
import type { AppEnv } from '../../context';
import { createRouter, errorResponses } from '../../lib/http';
import { requireAdmin, requireMember, requireUser } from '../session/session.middleware';
import {
  deleteAccount,
  downloadMemberData,
  downloadPersonalData,
  eraseMemberData,
  getAccountDeletionPlan,
  type PersonalDataDownload,
} from './privacy.service';

export const privacyRoutes = createRouter();

const json = <T>(schema: T) => ({ 'application/json': { schema } });
const download = {
  description: 'A JSON file (Content-Disposition: attachment; filename=dealboard-data-YYYY-MM-DD.json), streamed',
  content: json(PersonalDataSchema),
};
const memberErrors = {
  ...errorResponses,
  404: { description: 'No such member in your company' },
} as const;

function sendDownload(c: Context<AppEnv>, file: PersonalDataDownload): Response {
  return c.body(file.body, 200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Disposition': `attachment; filename="${file.fileName}"`,
  });
}

privacyRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/me/data',
    tags: ['Privacy'],
    summary:
      'Download everything held about you (account, memberships, activities, wrap-ups, goals, sign-ins, mail, invitations, audit events, contact requests)',
    middleware: [requireUser] as const,
    responses: { 200: download, ...errorResponses },
  }),
  async (c) => sendDownload(c, await downloadPersonalData(c.get('deps'), c.get('user')!)),
);

privacyRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/me/account-deletion',
    tags: ['Privacy'],
    summary: 'What deleting your account would do: how to confirm, what happens to your company, and whether it is refused now',
    middleware: [requireUser] as const,
    responses: { 200: { description: 'OK', content: json(AccountDeletionPlanSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await getAccountDeletionPlan(c.get('deps'), c.get('user')!), 200),
);

privacyRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/me',
    tags: ['Privacy'],
    summary:
      'Delete your account: confirm with your password (or, without one, your e-mail). Your numbers stay in your company as a former member; your name, e-mail, notes, wrap-up text and sign-ins go',
    middleware: [requireUser] as const,
    request: { body: { content: json(DeleteAccountSchema), required: true } },
    responses: {
      200: { description: 'Deleted; you are signed out everywhere', content: json(OkSchema) },
      ...errorResponses,
      409: { description: 'You are the only admin of a company with other members (code last_admin)' },
      429: { description: 'Too many attempts' },
    },
  }),
  async (c) => {
    await deleteAccount(c.get('deps'), c.get('user')!, c.req.valid('json'));
    // The session row is gone already; the browser forgets the cookie too.
    for (const name of ['dealboard.session_token', '__Secure-dealboard.session_token']) {
      deleteCookie(c, name, { path: '/', secure: name.startsWith('__Secure-') });
    }
    return c.json({ ok: true as const }, 200);
  },
);

privacyRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/team/members/{userId}/data',
    tags: ['Privacy'],
    summary: "Download a member's personal data in your company (admin; recorded in the audit log). Removed and erased members too",
    middleware: [requireMember, requireAdmin] as const,
    request: { params: MemberParamsSchema },
    responses: { 200: download, ...memberErrors },
  }),
  async (c) => sendDownload(c, await downloadMemberData(c.get('deps'), c.get('actor'), c.req.valid('param').userId)),
);

privacyRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/team/members/{userId}/data',
    tags: ['Privacy'],
    summary:
      'Erase a member\'s personal data in your company and remove them (admin; recorded in the audit log). Their numbers stay under "Former member"; the last admin cannot be erased',
    middleware: [requireMember, requireAdmin] as const,
    request: { params: MemberParamsSchema },
    responses: {
      200: { description: 'Erased', content: json(OkSchema) },
      ...memberErrors,
      409: { description: 'The member is the company’s only admin (code last_admin)' },
    },
  }),
  async (c) => {
    await eraseMemberData(c.get('deps'), c.get('actor'), c.req.valid('param').userId);
    return c.json({ ok: true as const }, 200);
  },
);

import { createRoute } from '@hono/zod-openapi';
import { DigestPreviewSchema, DigestPreviewSentSchema } from '@core/contracts';
import { createRouter, errorResponses } from '../../lib/http';
import { requireAdmin, requireMember } from '../session/session.middleware';
import { previewDigest, sendDigestPreview } from './digest.service';

/*
 * The weekly digest before Monday (decision 088): an admin reads this week's, so far, as the mail
 * will show it, and may mail it to themself.
 */
export const digestPreviewRoutes = createRouter();

const json = <T>(schema: T) => ({ 'application/json': { schema } });

digestPreviewRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/digest/preview',
    tags: ['Weekly digest'],
    summary: "This week's digest for the admin asking, so far, as Monday's mail will show it, and when it goes out (admins)",
    middleware: [requireMember, requireAdmin] as const,
    responses: { 200: { description: 'OK', content: json(DigestPreviewSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await previewDigest(c.get('deps'), c.get('actor')), 200),
);

digestPreviewRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/digest/preview/send',
    tags: ['Weekly digest'],
    summary: "Mails the admin asking this week's digest, so far, marked as a preview (admins)",
    middleware: [requireMember, requireAdmin] as const,
    responses: { 200: { description: 'Sent', content: json(DigestPreviewSentSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await sendDigestPreview(c.get('deps'), c.get('actor')), 200),
);

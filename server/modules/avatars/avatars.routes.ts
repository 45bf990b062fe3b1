import { createRoute } from '@hono/zod-openapi';
import { AVATAR_CONTENT_TYPES, AVATAR_UPLOAD_MAX_BYTES, AvatarIdParamsSchema, AvatarSchema } from '@core/contracts';
import { bodyLimit } from 'hono/body-limit';
import { createRouter, errorResponses } from '../../lib/http';
import { requireMember } from '../session/session.middleware';
import { AVATAR_STORED_CONTENT_TYPE, getAvatarImage, removeAvatar, requireAvatarContentType, uploadAvatar } from './avatars.service';

/*
 * Profile pictures (decision 023): a member uploads their own, anyone holding a picture's id reads
 * it. No route takes a person: PUT and DELETE act on the caller's own picture only.
 */
export const avatarsRoutes = createRouter();

const tags = ['Settings'];
const json = <T>(schema: T) => ({ 'application/json': { schema } });
const binary = { type: 'string', format: 'binary' } as const;

/**
 * The upload's own limit, in addition to (and equal to) the exemption in the global /api/* body
 * limit: the route stays safe however it is mounted. Counts streamed bytes when there is no
 * Content-Length.
 */
const uploadLimit = bodyLimit({
  maxSize: AVATAR_UPLOAD_MAX_BYTES,
  onError: (c) =>
    c.json(
      { error: { code: 'payload_too_large', message: `The picture is too large: at most ${AVATAR_UPLOAD_MAX_BYTES / (1024 * 1024)} MB.` } },
      413,
    ),
});

avatarsRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/me/avatar',
    tags,
    summary: `Upload your profile picture: the raw image as the body (PNG, JPEG, WebP or GIF, at most ${AVATAR_UPLOAD_MAX_BYTES / (1024 * 1024)} MB; no SVG). Stored as a 256x256 WebP; replaces the previous one`,
    middleware: [requireMember, uploadLimit] as const,
    request: {
      body: {
        required: true,
        content: Object.fromEntries(AVATAR_CONTENT_TYPES.map((type) => [type, { schema: binary }])),
      },
    },
    responses: {
      200: { description: 'Stored; the profile now shows it', content: json(AvatarSchema) },
      ...errorResponses,
      400: { description: 'Not a readable PNG, JPEG, WebP or GIF, or more than 25 megapixels' },
      413: { description: 'Body larger than the upload limit' },
      415: { description: 'Content-Type is not image/png, image/jpeg, image/webp or image/gif' },
    },
  }),
  async (c) => {
    requireAvatarContentType(c.req.header('content-type'));
    const body = new Uint8Array(await c.req.arrayBuffer());
    return c.json(await uploadAvatar(c.get('deps'), c.get('actor'), body), 200);
  },
);

avatarsRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/me/avatar',
    tags,
    summary: 'Remove your profile picture (your initials show instead)',
    middleware: [requireMember] as const,
    responses: { 200: { description: 'Removed (also when there was none)', content: json(AvatarSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await removeAvatar(c.get('deps'), c.get('actor')), 200),
);

avatarsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/avatars/{id}',
    security: [], // public: no session needed
    tags,
    summary:
      'A profile picture (public: its random id is the key, so a signed-out wall screen shows it). Immutable: a new upload gets a new id',
    request: { params: AvatarIdParamsSchema },
    responses: {
      200: { description: 'The picture', content: { [AVATAR_STORED_CONTENT_TYPE]: { schema: binary } } },
      404: { description: 'No such picture (unknown or malformed id)' },
    },
  }),
  async (c) => {
    const image = await getAvatarImage(c.get('deps'), c.req.valid('param').id);
    return c.body(new Uint8Array(image.bytes), 200, {
      'Content-Type': image.contentType,
      'Content-Length': String(image.bytes.byteLength),
      'X-Content-Type-Options': 'nosniff',
      // Safe to keep for a year anywhere: the id changes with every upload and the picture is
      // public by design. server/app.ts keeps a route's own "public" Cache-Control.
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  },
);

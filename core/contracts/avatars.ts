import { z } from 'zod';
import { text } from './common';

/*
 * Profile pictures (decision 023): uploaded to us, re-encoded on the server and served from our own
 * origin. Remote avatar URLs are not accepted: an outside host would learn the address of everyone
 * who looks at a board (the wall screen included), could serve a huge file and could change the
 * picture at will.
 */

/**
 * The largest upload body, in bytes (2 MiB): a phone photo at a sensible quality fits, and the
 * server never holds more than this per request. The global request-body limit for /api/* exempts
 * the upload path with this same number.
 */
export const AVATAR_UPLOAD_MAX_BYTES = 2 * 1024 * 1024;

/** What an upload may be (the declared Content-Type and the decoded format must both be one of these). No SVG. */
export const AVATAR_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type AvatarContentType = (typeof AVATAR_CONTENT_TYPES)[number];

/** For a file picker's accept attribute. */
export const AVATAR_ACCEPT = AVATAR_CONTENT_TYPES.join(',');

/** Every stored picture is a square of this many pixels (enough for the TV's rows on a 4K screen). */
export const AVATAR_SIZE_PX = 256;

/** Our own path for a stored picture; the only kind of avatar URL a profile may hold. */
export const AVATAR_PATH_PREFIX = '/api/v1/avatars/';

export function buildAvatarPath(id: string): string {
  return `${AVATAR_PATH_PREFIX}${id}`;
}

const OWN_AVATAR_PATH_RE = /^\/api\/v1\/avatars\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** True for a path this server serves a picture at (what the migration keeps; everything else is cleared). */
export function isOwnAvatarPath(value: string): boolean {
  return OWN_AVATAR_PATH_RE.test(value);
}

export function isAvatarContentType(value: string): value is AvatarContentType {
  return (AVATAR_CONTENT_TYPES as readonly string[]).includes(value);
}

/**
 * The picture id in GET /avatars/{id}. Any storable text is accepted here so that a malformed id is
 * a 404 like an unknown one (the id is the capability: nothing tells a guesser which ids are well
 * formed); only text PostgreSQL cannot store (a NUL byte) is a 400, as everywhere (decision 024).
 */
export const AvatarIdParamsSchema = z.object({ id: text() });

/** The answer to PUT and DELETE /me/avatar: the caller's picture now (null: none, initials show). */
export const AvatarSchema = z.object({ avatarUrl: text().nullable() });
export type Avatar = z.infer<typeof AvatarSchema>;

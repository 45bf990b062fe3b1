import { randomUUID } from 'node:crypto';
import { type Avatar, buildAvatarPath, isAvatarContentType } from '@core/contracts';
import { type Actor, type AppDeps, memberScopeOf } from '../../context';
import { HttpError, notFound } from '../../lib/http';
import { convertToAvatarImage } from './avatar-image';
import { findAvatarImage, removeAvatarImage, replaceAvatarImage, type StoredAvatar } from './avatars.repository';

/** What every stored picture is (convertToAvatarImage writes WebP). */
export const AVATAR_STORED_CONTENT_TYPE = 'image/webp';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The media type of a Content-Type header, lower-cased, without parameters. */
function toMediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

export function requireAvatarContentType(contentType: string | undefined): void {
  if (!isAvatarContentType(toMediaType(contentType))) {
    throw new HttpError(415, 'unsupported_media_type', 'Send the picture as image/png, image/jpeg, image/webp or image/gif (no SVG).');
  }
}

/**
 * Always the caller's own picture: there is no id to name anyone else's. The upload is decoded
 * and re-encoded before the transaction (CPU work, kept out of it), then replaces the old picture.
 */
export async function uploadAvatar(deps: AppDeps, actor: Actor, body: Uint8Array): Promise<Avatar> {
  const bytes = await convertToAvatarImage(body);
  // A new id for every upload: the old URL stays cached as immutable, the new one is fetched fresh.
  const id = randomUUID();
  const stored = await replaceAvatarImage(deps.database.db, memberScopeOf(actor), {
    id,
    bytes,
    contentType: AVATAR_STORED_CONTENT_TYPE,
    now: deps.now(),
  });
  if (!stored) throw notFound('Error loading profile');
  return { avatarUrl: buildAvatarPath(id) };
}

export async function removeAvatar(deps: AppDeps, actor: Actor): Promise<Avatar> {
  await removeAvatarImage(deps.database.db, memberScopeOf(actor), deps.now());
  return { avatarUrl: null };
}

/** A malformed id is "not found" like an unknown one (and never reaches the uuid column). */
export async function getAvatarImage(deps: AppDeps, id: string): Promise<StoredAvatar> {
  const image = UUID_RE.test(id) ? await findAvatarImage(deps.database.db, id) : null;
  if (!image) throw notFound('No such picture.');
  return image;
}

import { and, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { avatarImages } from '../../db/schema';
import { type MemberScope, withTenant } from '../../db/tenant';
import { clearOwnAvatarUrl, setOwnAvatarUrl } from '../companies/memberships.service';

export type StoredAvatar = Pick<typeof avatarImages.$inferSelect, 'bytes' | 'contentType'>;

/**
 * Stores the member's new picture, points their profile at it and deletes the one it replaces, in
 * one transaction. The profile row is updated first: its row lock makes two uploads by the same
 * person queue up, so the second one's delete sees (and removes) the first one's picture and the
 * one-picture-per-member index never sees two rows. False when the caller has no active profile.
 */
export async function replaceAvatarImage(
  db: Database,
  scope: MemberScope,
  image: { id: string; bytes: Buffer; contentType: string; now: Date },
): Promise<boolean> {
  return withTenant(db, scope, async (tx) => {
    if (!(await setOwnAvatarUrl(tx, scope, { avatarId: image.id, now: image.now }))) return false;
    await deleteAvatarImagesOfMember(tx, scope);
    await tx.insert(avatarImages).values({
      id: image.id,
      companyId: scope.companyId,
      userId: scope.userId,
      bytes: image.bytes,
      contentType: image.contentType,
      createdAt: image.now,
    });
    return true;
  });
}

/** Clears the member's picture (the profile shows initials again) and deletes its bytes. */
export async function removeAvatarImage(db: Database, scope: MemberScope, now: Date): Promise<void> {
  await withTenant(db, scope, async (tx) => {
    await clearOwnAvatarUrl(tx, scope, now);
    await deleteAvatarImagesOfMember(tx, scope);
  });
}

/**
 * Deletes every stored picture of one member of one company, inside the caller's transaction
 * (withTenant in that company). For erasing a person's data as well as for replacing a picture;
 * the caller clears profiles.avatar_url itself when the profile stays.
 */
export async function deleteAvatarImagesOfMember(tx: Transaction, scope: MemberScope): Promise<void> {
  await tx.delete(avatarImages).where(and(eq(avatarImages.companyId, scope.companyId), eq(avatarImages.userId, scope.userId)));
}

/**
 * A picture by its id, for anyone holding the id (a signed-out wall screen too): the scope names
 * no company, only this one picture (the avatar_images_read policy, app.avatar_id). The caller
 * checks that the id is a well-formed uuid first.
 */
export async function findAvatarImage(db: Database, id: string): Promise<StoredAvatar | null> {
  return withTenant(db, { companyId: null, userId: null, avatarId: id }, async (tx) => {
    const [row] = await tx
      .select({ bytes: avatarImages.bytes, contentType: avatarImages.contentType })
      .from(avatarImages)
      .where(eq(avatarImages.id, id));
    return row ?? null;
  });
}

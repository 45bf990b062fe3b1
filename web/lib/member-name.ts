import type { TFunction } from 'i18next';

/**
 * The member's display name, else 'User' plus the first 8 characters of the id (spec, TV). A
 * person whose data was erased (decision 022) is a "Former member".
 */
export function formatMemberName(member: { displayName: string | null; userId: string; formerMember?: boolean }, t: TFunction): string {
  if (member.formerMember) return t('privacy:formerMember');
  const name = member.displayName?.trim();
  return name ? name : t('scoreboard:member.fallback', { id: member.userId.slice(0, 8) });
}

/** Up to two initials for an avatar circle. */
export function computeInitials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '?';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/** A stable hue per person, so the same rep keeps the same avatar colour on every screen. */
export function computeAvatarHue(id: string): number {
  let hash = 0;
  for (let i = 0; i < id.length; i++) hash = (hash * 31 + id.charCodeAt(i)) | 0;
  return Math.abs(hash) % 360;
}

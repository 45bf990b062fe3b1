import type { TFunction } from 'i18next';

/**
 * The member's display name, else 'User' plus the first 8 characters of the id (as the TV shows it). A
 * person whose data was erased (decision 022) is a "Former member".
 */
export function formatMemberName(member: { displayName: string | null; userId: string; formerMember?: boolean }, t: TFunction): string {
  if (member.formerMember) return t('privacy:formerMember');
  const name = member.displayName?.trim();
  return name ? name : t('scoreboard:member.fallback', { id: member.userId.slice(0, 8) });
}

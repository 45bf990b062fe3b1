import { canManageMember } from '@core/teams';
import type { TFunction } from 'i18next';
import { useCallback, useMemo } from 'react';
import { formatMemberName } from '@web/lib/member-name';
import { useManagerView } from '@web/lib/people';
import { useMembers } from '@web/lib/queries/get-members';

/**
 * Whether the viewer corrects someone's activities and logs on their behalf (decision 086): an
 * admin anyone's, a team lead their people's (not their own: those they change as a rep does).
 */
export function useCanCorrect(): (userId: string) => boolean {
  const view = useManagerView();
  return useCallback(
    (userId: string) => {
      if (!view) return false;
      if (view.manager.role === 'admin') return true;
      return userId !== view.manager.userId && canManageMember(view.manager, { userId, teamId: view.teamOf(userId) });
    },
    [view],
  );
}

/**
 * The active members the viewer may give an activity to, by name (decision 086): everyone for an
 * admin, a lead's people (not the lead). The server decides again.
 */
export function useCorrectableMembers(t: TFunction): { userId: string; name: string }[] {
  const members = useMembers().data?.members;
  const canCorrect = useCanCorrect();
  return useMemo(
    () =>
      (members ?? [])
        .filter((member) => canCorrect(member.userId))
        .map((member) => ({ userId: member.userId, name: formatMemberName(member, t) }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [members, canCorrect, t],
  );
}

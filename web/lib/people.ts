import { canManageMember, type Manager } from '@core/teams';
import { useCallback, useMemo } from 'react';
import { useMe } from '@web/lib/auth/get-me';
import { paths } from '@web/lib/paths';
import { useTeams } from '@web/lib/teams';

/*
 * Who may open whose page (decision 046), as the boards ask it to decide between a link and plain
 * text: core's canManageMember (the server's rule) over what the screens already load, the
 * caller's /me and the company's teams with their members and leads. The server decides again.
 */

/** The viewer as a manager (the teams they lead) and each member's team, from /me and the teams list; null until /me is in. */
export function useManagerView(): { manager: Manager; teamOf: (userId: string) => string | null } | null {
  const me = useMe().data;
  const teams = useTeams().data?.teams;
  return useMemo(() => {
    const profile = me?.profile;
    if (!me || !profile) return null;
    const ledTeamIds = (teams ?? []).filter((team) => team.leads.some((lead) => lead.userId === me.user.id)).map((team) => team.id);
    const teamOf = (userId: string) => (teams ?? []).find((team) => team.members.some((member) => member.userId === userId))?.id ?? null;
    return { manager: { userId: me.user.id, role: profile.role, ledTeamIds }, teamOf };
  }, [me, teams]);
}

/** The person's page for those who may open it (themselves, admins, a lead of their team), else null. */
export function usePersonPageHref(): (userId: string) => string | null {
  const view = useManagerView();
  return useCallback(
    (userId: string) => (view && canManageMember(view.manager, { userId, teamId: view.teamOf(userId) }) ? paths.app.person(userId) : null),
    [view],
  );
}

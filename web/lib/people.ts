import { canManageMember, type Manager } from '@core/teams';
import { useCallback, useMemo } from 'react';
import { useMe } from '@web/lib/auth/get-me';
import { paths } from '@web/lib/paths';
import { useMembers } from '@web/lib/queries/get-members';
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

/**
 * Whether the viewer may open this person's page, by the rule the server applies; null until it is
 * known. The page asks the server only when they may: a refusal the page already knows would cost a
 * 403 in the browser's console. Admins and the person themself may at once. Anyone else is refused
 * here only when the person is one of the company's members whom they do not manage; an address
 * that names no member is left to the server (its answer is "no such person", not "not yours"), and
 * so is anything the teams or members could not be loaded to decide.
 */
export function useMayOpenPersonPage(userId: string): boolean | null {
  const me = useMe().data;
  const view = useManagerView();
  const teams = useTeams();
  const members = useMembers();
  if (!me?.profile) return null;
  if (me.profile.role === 'admin' || me.user.id === userId) return true;
  if (!view || teams.isPending) return null;
  if (teams.isError || canManageMember(view.manager, { userId, teamId: view.teamOf(userId) })) return true;
  if (members.isPending) return null;
  return members.isError || !members.data.members.some((member) => member.userId === userId);
}

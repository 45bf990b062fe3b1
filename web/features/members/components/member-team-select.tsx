import type { Team, TeamMember } from '@core/contracts';
import { useTranslation } from 'react-i18next';
import { LazySelect } from '@web/components/ui/lazy-select';
import { toast } from '@web/components/ui/toaster';
import { useSetMemberTeam } from '@web/lib/queries/set-member-team';

const NONE = 'none';

/** A member's team in the members list (decision 040): admins change it here, others read it. */
export function MemberTeamSelect({
  member,
  name,
  teams,
  canChange,
}: {
  member: TeamMember;
  name: string;
  teams: Team[];
  canChange: boolean;
}) {
  const { t } = useTranslation('settings');
  const setTeam = useSetMemberTeam();
  const current = teams.find((team) => team.id === member.teamId);
  if (!canChange) {
    return <span className="text-sm text-muted-foreground">{current?.name ?? t('teams.noTeam')}</span>;
  }
  const onChange = async (value: string) => {
    try {
      await setTeam.mutateAsync({ userId: member.userId, teamId: value === NONE ? null : value });
    } catch (error) {
      toast.error(t('teams.saveFailed'), { description: error instanceof Error ? error.message : undefined });
    }
  };
  return (
    <LazySelect
      value={current?.id ?? NONE}
      onValueChange={(value) => void onChange(value)}
      options={[{ value: NONE, label: t('teams.noTeam') }, ...teams.map((team) => ({ value: team.id, label: team.name }))]}
      aria-label={t('teams.memberTeamLabel', { name })}
      className="w-full lg:w-36"
    />
  );
}

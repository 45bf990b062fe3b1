import { useTranslation } from 'react-i18next';
import { Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { useTeams } from '@web/lib/teams';

const NO_TEAM = 'none';

/**
 * The team the invited people join, for the e-mail and the link invitation alike: shown once the
 * company has teams (nothing before), "No team" first. `undefined` is no team.
 */
export function InviteTeamSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string | undefined;
  onChange: (teamId: string | undefined) => void;
}) {
  const { t } = useTranslation('settings');
  const teams = useTeams().data?.teams ?? [];
  if (teams.length === 0) return null;
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{t('inviteByEmail.team')}</Label>
      <Select value={value ?? NO_TEAM} onValueChange={(next) => onChange(next === NO_TEAM ? undefined : next)}>
        <SelectTrigger id={id} aria-describedby={`${id}-hint`}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={NO_TEAM}>{t('inviteByEmail.noTeam')}</SelectItem>
          {teams.map((team) => (
            <SelectItem key={team.id} value={team.id}>
              {team.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {t('inviteByEmail.teamHint')}
      </p>
    </div>
  );
}

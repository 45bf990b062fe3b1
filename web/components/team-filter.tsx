import { UsersIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LazySelect } from '@web/components/ui/lazy-select';
import { cn } from '@web/lib/cn';
import { useTeamFilter, useTeams } from '@web/lib/teams';

const ALL = 'all';

/**
 * A board's team filter (decision 040): "All teams" or one team, kept in the URL. Hidden while
 * the company has no teams, so a company that does not use them sees nothing new.
 */
export function TeamFilter({ className }: { className?: string }) {
  const { t } = useTranslation();
  const labelId = useId();
  const teams = useTeams();
  const { teamId, setTeamId } = useTeamFilter();
  const list = teams.data?.teams ?? [];
  if (list.length === 0) return null;
  const options = [{ value: ALL, label: t('teamFilter.all') }, ...list.map((team) => ({ value: team.id, label: team.name }))];
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <UsersIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      <span id={labelId} className="sr-only">
        {t('teamFilter.label')}
      </span>
      <LazySelect
        value={teamId ?? ALL}
        onValueChange={(value) => setTeamId(value === ALL ? undefined : value)}
        options={options}
        aria-labelledby={labelId}
        className="w-full min-w-40 sm:w-48"
      />
    </div>
  );
}

import type { Team, TeamMember, TeamPerson } from '@core/contracts';
import { CheckIcon, PencilIcon, PlusIcon, Trash2Icon, UsersIcon, XIcon } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { EmptyState } from '@web/components/empty-state';
import { LoadError } from '@web/components/load-error';
import { PersonAvatar } from '@web/components/person-avatar';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { LazySelect } from '@web/components/ui/lazy-select';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/toaster';
import { ApiRequestError } from '@web/lib/api';
import { useTeams } from '@web/lib/teams';
import { useCreateTeam } from '../api/create-team';
import { useDeleteTeam } from '../api/delete-team';
import { useMembers } from '@web/lib/queries/get-members';
import { useRenameTeam } from '../api/rename-team';
import { useSetMemberTeam } from '@web/lib/queries/set-member-team';
import { useSetTeamLeads } from '../api/set-team-leads';

/** The select's resting value: nothing picked yet. */
const PICK = '__pick__';

const nameOf = (person: { displayName: string | null; email?: string }, fallback: string) =>
  person.displayName?.trim() || person.email || fallback;

/** Administration → Teams (decision 040): create, rename and delete teams, choose their members and leads. */
export function TeamsSettings() {
  const { t } = useTranslation('settings');
  const teams = useTeams();
  const members = useMembers();
  const list = teams.data?.teams ?? [];

  return (
    <Card>
      <CardHeader className="gap-4">
        <div className="space-y-1.5">
          <CardTitle>{t('teams.title')}</CardTitle>
          <CardDescription>{t('teams.description')}</CardDescription>
        </div>
        <CreateTeamForm />
      </CardHeader>
      <CardContent className="px-0">
        {teams.isError && !teams.data ? (
          <div className="px-5">
            <LoadError title={t('teams.loadFailed')} error={teams.error} onRetry={teams.refetch} layout="stacked" />
          </div>
        ) : teams.isPending ? (
          <div className="flex flex-col gap-3 px-5" aria-label={t('teams.loading')}>
            {Array.from({ length: 2 }, (_, i) => (
              <Skeleton key={i} className="h-28 w-full" />
            ))}
          </div>
        ) : list.length === 0 ? (
          <div className="px-5">
            <EmptyState icon={UsersIcon} title={t('teams.emptyTitle')} description={t('teams.emptyText')} />
          </div>
        ) : (
          <ul className="divide-y border-t" aria-label={t('teams.title')}>
            {list.map((team) => (
              <TeamRow key={team.id} team={team} teams={list} members={members.data?.members ?? []} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function showError(title: string, error: unknown) {
  toast.error(title, { description: error instanceof Error ? error.message : undefined });
}

function CreateTeamForm() {
  const { t } = useTranslation('settings');
  const inputId = useId();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateTeam();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setProblem(t('teams.nameRequired'));
    try {
      await create.mutateAsync({ name: trimmed });
      toast.success(t('teams.created'), { description: trimmed });
      setName('');
      setProblem(null);
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'team_exists') setProblem(t('teams.nameTaken', { name: trimmed }));
      else showError(t('teams.createFailed'), error);
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-1.5" noValidate>
      <label htmlFor={inputId} className="text-sm font-medium">
        {t('teams.newLabel')}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={inputId}
          value={name}
          maxLength={60}
          onChange={(e) => setName(e.target.value)}
          placeholder={t('teams.newPlaceholder')}
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${inputId}-problem` : undefined}
          className="sm:max-w-xs"
        />
        <Button type="submit" disabled={create.isPending}>
          <PlusIcon /> {t('teams.create')}
        </Button>
      </div>
      {problem && (
        <p id={`${inputId}-problem`} className="text-sm text-destructive" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}

function TeamRow({ team, teams, members }: { team: Team; teams: Team[]; members: TeamMember[] }) {
  const { t } = useTranslation('settings');
  const [isRenaming, setRenaming] = useState(false);
  const [isDeleting, setDeleting] = useState(false);
  const remove = useDeleteTeam();
  const setMemberTeam = useSetMemberTeam();
  const setLeads = useSetTeamLeads();
  const headingId = useId();
  const unnamed = t('teams.unnamed');
  const teamNameOf = (teamId: string | null) => teams.find((other) => other.id === teamId)?.name;

  const memberIds = new Set(team.members.map((m) => m.userId));
  const leadIds = team.leads.map((m) => m.userId);
  const addable = members.filter((m) => !memberIds.has(m.userId));
  const leadable = members.filter((m) => !leadIds.includes(m.userId));

  const onAddMember = async (userId: string) => {
    try {
      await setMemberTeam.mutateAsync({ userId, teamId: team.id });
    } catch (error) {
      showError(t('teams.saveFailed'), error);
    }
  };
  const onRemoveMember = async (person: TeamPerson) => {
    try {
      await setMemberTeam.mutateAsync({ userId: person.userId, teamId: null });
    } catch (error) {
      showError(t('teams.saveFailed'), error);
    }
  };
  const onLeads = async (userIds: string[]) => {
    try {
      await setLeads.mutateAsync({ id: team.id, userIds });
    } catch (error) {
      showError(t('teams.saveFailed'), error);
    }
  };
  const onDelete = async () => {
    try {
      await remove.mutateAsync(team.id);
      toast.success(t('teams.deleted'), { description: team.name });
      setDeleting(false);
    } catch (error) {
      showError(t('teams.deleteFailed'), error);
    }
  };

  return (
    <li className="flex flex-col gap-4 px-5 py-4" aria-labelledby={headingId} data-testid="team-row">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {isRenaming ? (
          <RenameForm team={team} onDone={() => setRenaming(false)} />
        ) : (
          <div className="min-w-0">
            <h3 id={headingId} className="truncate text-base font-semibold">
              {team.name}
            </h3>
            <p className="text-sm text-muted-foreground">{t('teams.memberCount', { count: team.members.length })}</p>
          </div>
        )}
        {!isRenaming && (
          <div className="flex items-center gap-2">
            <Button size="sm" variant="outline" onClick={() => setRenaming(true)} aria-label={t('teams.renameLabel', { name: team.name })}>
              <PencilIcon /> {t('teams.rename')}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              className="text-destructive hover:bg-destructive-soft hover:text-destructive"
              onClick={() => setDeleting(true)}
              aria-label={t('teams.deleteLabel', { name: team.name })}
            >
              <Trash2Icon /> {t('teams.delete')}
            </Button>
          </div>
        )}
      </div>

      <div className="grid gap-4 md:grid-cols-2">
        <PeoplePicker
          title={t('teams.members')}
          empty={t('teams.noMembers')}
          people={team.members}
          fallback={unnamed}
          addLabel={t('teams.addMember', { name: team.name })}
          addPlaceholder={t('teams.addMemberPlaceholder')}
          removeLabel={(name) => t('teams.removeMember', { name, team: team.name })}
          candidates={addable.map((m) => {
            const current = teamNameOf(m.teamId);
            const name = nameOf(m, unnamed);
            return { value: m.userId, label: current ? t('teams.movesFrom', { name, team: current }) : name };
          })}
          isBusy={setMemberTeam.isPending}
          onAdd={(userId) => void onAddMember(userId)}
          onRemove={(person) => void onRemoveMember(person)}
        />
        <PeoplePicker
          title={t('teams.leads')}
          hint={t('teams.leadsHint')}
          empty={t('teams.noLeads')}
          people={team.leads}
          fallback={unnamed}
          addLabel={t('teams.addLead', { name: team.name })}
          addPlaceholder={t('teams.addLeadPlaceholder')}
          removeLabel={(name) => t('teams.removeLead', { name, team: team.name })}
          candidates={leadable.map((m) => ({ value: m.userId, label: nameOf(m, unnamed) }))}
          isBusy={setLeads.isPending}
          onAdd={(userId) => void onLeads([...leadIds, userId])}
          onRemove={(person) => void onLeads(leadIds.filter((id) => id !== person.userId))}
        />
      </div>

      {isDeleting && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setDeleting(false)}
          title={t('teams.confirmDelete.title', { name: team.name })}
          description={t('teams.confirmDelete.text', { count: team.members.length })}
          confirmLabel={t('teams.confirmDelete.confirm')}
          busyLabel={t('actions.saving')}
          isBusy={remove.isPending}
          isDestructive
          onConfirm={() => void onDelete()}
        />
      )}
    </li>
  );
}

function RenameForm({ team, onDone }: { team: Team; onDone: () => void }) {
  const { t } = useTranslation('settings');
  const inputId = useId();
  const [name, setName] = useState(team.name);
  const [problem, setProblem] = useState<string | null>(null);
  const rename = useRenameTeam();
  const inputRef = useRef<HTMLInputElement>(null);
  // The field the Rename button opened takes the keyboard at once.
  useEffect(() => inputRef.current?.select(), []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setProblem(t('teams.nameRequired'));
    try {
      await rename.mutateAsync({ id: team.id, name: trimmed });
      onDone();
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'team_exists') setProblem(t('teams.nameTaken', { name: trimmed }));
      else showError(t('teams.saveFailed'), error);
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} className="flex w-full flex-col gap-1.5" noValidate>
      <label htmlFor={inputId} className="sr-only">
        {t('teams.nameLabel')}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <Input
          id={inputId}
          value={name}
          maxLength={60}
          ref={inputRef}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => e.key === 'Escape' && onDone()}
          aria-invalid={problem !== null}
          className="max-w-xs"
        />
        <Button type="submit" size="sm" disabled={rename.isPending}>
          <CheckIcon /> {t('teams.save')}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          {t('teams.cancel')}
        </Button>
      </div>
      {problem && (
        <p className="text-sm text-destructive" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}

function PeoplePicker(props: {
  title: string;
  hint?: string;
  empty: string;
  people: TeamPerson[];
  fallback: string;
  addLabel: string;
  addPlaceholder: string;
  removeLabel: (name: string) => string;
  candidates: { value: string; label: string }[];
  isBusy: boolean;
  onAdd: (userId: string) => void;
  onRemove: (person: TeamPerson) => void;
}) {
  const { title, hint, empty, people, fallback, addLabel, addPlaceholder, removeLabel, candidates, isBusy, onAdd, onRemove } = props;
  return (
    <section className="flex flex-col gap-2 rounded-lg bg-muted/40 p-3" aria-label={title}>
      <div>
        <h4 className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{title}</h4>
        {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      </div>
      {people.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {people.map((person) => {
            const name = nameOf(person, fallback);
            return (
              <li key={person.userId}>
                <Badge variant="secondary" className="gap-1.5 py-1 pr-1 pl-1.5">
                  <PersonAvatar name={name} avatarUrl={person.avatarUrl} className="size-5" />
                  <span>{name}</span>
                  <button
                    type="button"
                    className="rounded-full p-0.5 hover:bg-background focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                    onClick={() => onRemove(person)}
                    disabled={isBusy}
                    aria-label={removeLabel(name)}
                  >
                    <XIcon className="size-3.5" aria-hidden />
                  </button>
                </Badge>
              </li>
            );
          })}
        </ul>
      )}
      {candidates.length > 0 && (
        <LazySelect
          value={PICK}
          onValueChange={(value) => value !== PICK && onAdd(value)}
          options={[{ value: PICK, label: addPlaceholder }, ...candidates]}
          aria-label={addLabel}
          className="w-full sm:max-w-xs"
        />
      )}
    </section>
  );
}

import { GOAL_MAX, type Goals, type TeamGoals } from '@core/contracts';
import { pickName } from '@core/activity-types';
import { PencilIcon, TargetIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@web/components/empty-state';
import { LoadError } from '@web/components/load-error';
import { PersonAvatar } from '@web/components/person-avatar';
import { SaveCancelButtons } from '@web/components/save-cancel-buttons';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { WholeNumberField } from '@web/components/whole-number-field';
import { Skeleton } from '@web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { toast } from '@web/components/ui/toaster';
import { useMe } from '@web/lib/auth/get-me';
import { useCompanyFormat } from '@web/lib/format';
import { useActivityTypes } from '@web/lib/queries/get-activity-types';
import { showErrorToast } from '@web/lib/show-error-toast';
import { useTeamGoals } from '../api/get-team-goals';
import { useSetMemberGoals } from '../api/set-member-goals';

type Person = TeamGoals['members'][number];
const GOAL_FIELDS = ['dailyCalls', 'dailyMeetings', 'dailySales'] as const;
type GoalField = (typeof GOAL_FIELDS)[number];

/**
 * The daily goals of the viewer's people (a lead's team, an admin's company), each changeable for
 * them (decision 044). The rep's own goals stay theirs: a rep can change them again on My Activity.
 */
export function TeamGoalsCard() {
  const { t, i18n } = useTranslation('targets');
  const goals = useTeamGoals();
  const format = useCompanyFormat();
  const { data: me } = useMe();
  const types = useActivityTypes().data?.types.filter((type) => type.archivedAt === null) ?? [];
  /** A person's goals on own types (decision 106), as a line under the name: "Dial 50 · Demo 5". */
  const typeLine = (person: Person) =>
    types
      .filter((type) => (person.goals.types[type.id] ?? 0) > 0)
      .map((type) => `${pickName(type.names, i18n.language, me?.company?.language)} ${format.number(person.goals.types[type.id]!)}`)
      .join(' · ');
  const [editing, setEditing] = useState<Person | null>(null);
  const nameOf = (person: Person) => person.displayName?.trim() || t('admin.unnamed');

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('goals.title')}</CardTitle>
        <CardDescription>{t('goals.description')}</CardDescription>
      </CardHeader>
      <CardContent className="px-0">
        {goals.isError ? (
          <div className="px-5">
            <LoadError title={t('goals.loadError')} error={goals.error} onRetry={() => void goals.refetch()} />
          </div>
        ) : goals.isPending ? (
          <div className="space-y-3 px-5" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : goals.data.members.length === 0 ? (
          <div className="px-5">
            <EmptyState icon={TargetIcon} title={t('goals.emptyTitle')} description={t('goals.emptyText')} />
          </div>
        ) : (
          <Table aria-label={t('goals.title')}>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead className="pl-5">{t('goals.person')}</TableHead>
                {GOAL_FIELDS.map((field) => (
                  // On a phone only calls get a column; meetings and sales go under the name.
                  <TableHead key={field} className={field === 'dailyCalls' ? 'text-right' : 'hidden text-right sm:table-cell'}>
                    {t(`goals.fields.${field}`)}
                  </TableHead>
                ))}
                <TableHead className="pr-5 text-right">
                  <span className="sr-only">{t('actions')}</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {goals.data.members.map((person) => (
                <TableRow key={person.userId} data-testid="team-goal-row">
                  <TableCell className="pl-5">
                    <span className="flex min-w-0 items-center gap-2.5">
                      <PersonAvatar name={nameOf(person)} avatarUrl={person.avatarUrl} colorKey={person.userId} className="size-7" />
                      <span className="min-w-0">
                        <span className="block font-medium break-words">{nameOf(person)}</span>
                        <span className="block text-xs text-muted-foreground sm:hidden">
                          {t('goals.phoneLine', {
                            meetings: format.number(person.goals.dailyMeetings),
                            sales: format.number(person.goals.dailySales),
                          })}
                        </span>
                        {typeLine(person) && (
                          <span className="block text-xs text-muted-foreground" data-testid="type-goals">
                            {typeLine(person)}
                          </span>
                        )}
                      </span>
                    </span>
                  </TableCell>
                  {GOAL_FIELDS.map((field) => (
                    <TableCell
                      key={field}
                      className={field === 'dailyCalls' ? 'text-right tabular' : 'hidden text-right tabular sm:table-cell'}
                    >
                      {person.goals[field] === 0 ? <span className="text-muted-foreground">–</span> : format.number(person.goals[field])}
                    </TableCell>
                  ))}
                  <TableCell className="pr-5 text-right">
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={t('goals.editFor', { name: nameOf(person) })}
                      onClick={() => setEditing(person)}
                    >
                      <PencilIcon aria-hidden />
                      <span className="hidden sm:inline">{t('goals.edit')}</span>
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      {editing && <EditGoalsDialog person={editing} name={nameOf(editing)} onClose={() => setEditing(null)} />}
    </Card>
  );
}

/** A goal as typed: whole, from 0 to GOAL_MAX; empty is 0. */
const parseGoal = (text: string) => Number(text.trim() || '0');
const isGoal = (value: number) => Number.isInteger(value) && value >= 0 && value <= GOAL_MAX;

function EditGoalsDialog({ person, name, onClose }: { person: Person; name: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('targets');
  const id = useId();
  const setGoals = useSetMemberGoals();
  const { data: me } = useMe();
  // The company's live own types (decision 106): a goal on each once they are known; until then none is sent.
  const types = useActivityTypes().data?.types.filter((type) => type.archivedAt === null);
  const [values, setValues] = useState<Record<string, string>>({
    dailyCalls: String(person.goals.dailyCalls),
    dailyMeetings: String(person.goals.dailyMeetings),
    dailySales: String(person.goals.dailySales),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const valueOf = (key: string, typeId?: string) => values[key] ?? String(typeId ? (person.goals.types[typeId] ?? 0) : 0);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = Object.fromEntries(GOAL_FIELDS.map((field) => [field, parseGoal(valueOf(field))])) as Pick<Goals, GoalField>;
    const typeGoals =
      types && types.length > 0 ? Object.fromEntries(types.map((type) => [type.id, parseGoal(valueOf(`type-${type.id}`, type.id))])) : null;
    const next = Object.fromEntries([
      ...GOAL_FIELDS.flatMap((field) => (isGoal(parsed[field]) ? [] : [[field, t('goals.errors.value', { max: GOAL_MAX })]])),
      ...Object.entries(typeGoals ?? {}).flatMap(([typeId, goal]) =>
        isGoal(goal) ? [] : [[`type-${typeId}`, t('goals.errors.value', { max: GOAL_MAX })]],
      ),
    ]);
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setGoals.mutate(
      { userId: person.userId, goals: { ...parsed, ...(typeGoals ? { types: typeGoals } : {}) } },
      {
        onSuccess: () => {
          toast.success(t('goals.saved', { name }));
          onClose();
        },
        onError: (error) => showErrorToast(t('goals.saveError'), t('tryAgainText'), error),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t('goals.dialogTitle', { name })}</DialogTitle>
          <DialogDescription>{t('goals.dialogText')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <div className="grid grid-cols-3 gap-3">
            {GOAL_FIELDS.map((field) => (
              <WholeNumberField
                key={field}
                id={`${id}-${field}`}
                label={t(`goals.fields.${field}`)}
                value={valueOf(field)}
                onChange={(value) => setValues((current) => ({ ...current, [field]: value }))}
                error={errors[field]}
              />
            ))}
          </div>
          {types && types.length > 0 && (
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium">{t('goals.ownTypes')}</legend>
              <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
                {types.map((type) => (
                  <WholeNumberField
                    key={type.id}
                    id={`${id}-type-${type.id}`}
                    label={pickName(type.names, i18n.language, me?.company?.language)}
                    value={valueOf(`type-${type.id}`, type.id)}
                    onChange={(value) => setValues((current) => ({ ...current, [`type-${type.id}`]: value }))}
                    error={errors[`type-${type.id}`]}
                  />
                ))}
              </div>
            </fieldset>
          )}
          <DialogFooter>
            <SaveCancelButtons isSaving={setGoals.isPending} onCancel={onClose} />
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

import { type ActivityType, GOAL_MAX, type MyTodayStats, type UpdateGoals, UpdateGoalsSchema } from '@core/contracts';
import { pickName } from '@core/activity-types';
import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldError as HookFieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { FieldError, Label } from '@web/components/ui/label';
import { toast } from '@web/components/ui/toaster';
import { useMe } from '@web/lib/auth/get-me';
import { showErrorToast } from '@web/lib/show-error-toast';
import { useUpdateGoals } from '../api/update-goals';
import { GOAL_FIELDS } from './goal-fields';

/** Goals are whole numbers from 0; what does not parse becomes 0. */
export function parseGoalInput(raw: unknown): number {
  const text = String(raw ?? '').trim();
  if (text === '') return 0;
  const value = Number(text);
  return Number.isFinite(value) ? value : 0;
}

/**
 * The daily goals' inline form, with Save and Cancel (DailyGoalsCard loads it on Edit): the three
 * built-in goals, and one on each of the company's live own types (decision 106) once they are
 * known; until then the goals on types are not sent, so they stay as they are.
 */
export function GoalsForm({
  stats,
  types,
  onClose,
}: {
  stats: MyTodayStats;
  types: readonly ActivityType[] | undefined;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('activity');
  const { data: me } = useMe();
  const updateGoals = useUpdateGoals();
  const live = types?.filter((type) => type.archivedAt === null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<UpdateGoals>({
    resolver: zodResolver(UpdateGoalsSchema),
    defaultValues: {
      dailyCalls: stats.goals.dailyCalls,
      dailyMeetings: stats.goals.dailyMeetings,
      dailySales: stats.goals.dailySales,
      ...(live && live.length > 0 ? { types: Object.fromEntries(live.map((type) => [type.id, stats.goals.types[type.id] ?? 0])) } : {}),
    },
  });

  const errorText = (error: HookFieldError | undefined) => {
    if (!error) return undefined;
    if (error.type === 'too_small') return t('goals.errors.min');
    if (error.type === 'too_big') return t('goals.errors.max', { max: GOAL_MAX });
    return t('goals.errors.whole');
  };

  const onSubmit = handleSubmit((values) =>
    updateGoals.mutate(values, {
      onSuccess: () => {
        toast.success(t('toast.goalsUpdated'), { description: t('toast.goalsUpdatedText') });
        onClose();
      },
      onError: (error) => showErrorToast(t('toast.error'), t('toast.couldNotSaveGoals'), error),
    }),
  );

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <div className="grid grid-cols-3 gap-3">
        {GOAL_FIELDS.map(({ key, label }, index) => {
          const id = `goal-${key}`;
          const message = errorText(errors[key]);
          return (
            <div key={key} className="space-y-1.5">
              <Label htmlFor={id}>{t(label)}</Label>
              <Input
                id={id}
                type="number"
                inputMode="numeric"
                min={0}
                max={GOAL_MAX}
                step={1}
                className="tabular h-10 text-base"
                aria-invalid={message ? true : undefined}
                aria-describedby={message ? `${id}-error` : undefined}
                // eslint-disable-next-line jsx-a11y/no-autofocus -- the user just pressed Edit to type here
                autoFocus={index === 0}
                {...register(key, { setValueAs: parseGoalInput })}
              />
              <FieldError id={`${id}-error`}>{message}</FieldError>
            </div>
          );
        })}
      </div>
      {live && live.length > 0 && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">{t('goals.ownTypes')}</legend>
          <p className="text-xs text-muted-foreground">{t('goals.ownTypesHint')}</p>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {live.map((type) => {
              const id = `goal-type-${type.id}`;
              const message = errorText(errors.types?.[type.id]);
              return (
                <div key={type.id} className="space-y-1.5">
                  {/* A long name is cut to the column; the whole of it on hover. */}
                  <Label htmlFor={id} className="block truncate" title={pickName(type.names, i18n.language, me?.company?.language)}>
                    {pickName(type.names, i18n.language, me?.company?.language)}
                  </Label>
                  <Input
                    id={id}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={GOAL_MAX}
                    step={1}
                    className="tabular h-10 text-base"
                    aria-invalid={message ? true : undefined}
                    aria-describedby={message ? `${id}-error` : undefined}
                    {...register(`types.${type.id}`, { setValueAs: parseGoalInput })}
                  />
                  <FieldError id={`${id}-error`}>{message}</FieldError>
                </div>
              );
            })}
          </div>
        </fieldset>
      )}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" size="sm" onClick={onClose} disabled={updateGoals.isPending}>
          {t('goals.cancel')}
        </Button>
        <Button type="submit" size="sm" disabled={updateGoals.isPending}>
          {updateGoals.isPending ? t('goals.saving') : t('goals.save')}
        </Button>
      </div>
    </form>
  );
}

import { GOAL_MAX, type MyTodayStats, type UpdateGoals, UpdateGoalsSchema } from '@core/contracts';
import { computeGoalProgress } from '@core/stats';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  BanknoteIcon,
  CalendarCheckIcon,
  CheckCircle2Icon,
  CircleIcon,
  type LucideIcon,
  PencilIcon,
  PhoneIcon,
  TargetIcon,
} from 'lucide-react';
import { useState } from 'react';
import { type FieldError as HookFieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { FieldError, Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/toaster';
import { showErrorToast } from '@web/lib/show-error-toast';
import { useUpdateGoals } from '../api/update-goals';

type GoalKey = keyof UpdateGoals;

const GOAL_FIELDS: { key: GoalKey; label: string; icon: LucideIcon; stat: (s: MyTodayStats) => number }[] = [
  { key: 'dailyCalls', label: 'goals.calls', icon: PhoneIcon, stat: (s) => s.calls },
  { key: 'dailyMeetings', label: 'goals.meetings', icon: CalendarCheckIcon, stat: (s) => s.meetingsBooked },
  { key: 'dailySales', label: 'goals.sales', icon: BanknoteIcon, stat: (s) => s.sales },
];

/** Goals are whole numbers from 0; what does not parse becomes 0. */
export function parseGoalInput(raw: unknown): number {
  const text = String(raw ?? '').trim();
  if (text === '') return 0;
  const value = Number(text);
  return Number.isFinite(value) ? value : 0;
}

/** Daily Goals, editable inline with Save and Cancel. */
export function DailyGoalsCard({ stats }: { stats: MyTodayStats }) {
  const { t } = useTranslation('activity');
  const [isEditing, setIsEditing] = useState(false);
  const { goals } = stats;
  const setGoals = GOAL_FIELDS.filter((f) => goals[f.key] > 0);
  const reached = setGoals.filter((f) => computeGoalProgress(f.stat(stats), goals[f.key]) >= 100).length;

  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-3 space-y-0">
        <div className="flex items-start gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary" aria-hidden>
            <TargetIcon className="size-4" />
          </span>
          <div className="space-y-1">
            <CardTitle>
              <span id="goals-heading">{t('goals.heading')}</span>
            </CardTitle>
            <CardDescription>
              {isEditing
                ? t('goals.inputHint')
                : setGoals.length
                  ? t('goals.reached', { reached, total: setGoals.length })
                  : t('goals.description')}
            </CardDescription>
          </div>
        </div>
        {!isEditing && (
          <Button variant="ghost" size="sm" onClick={() => setIsEditing(true)} aria-label={t('goals.edit')}>
            <PencilIcon aria-hidden />
            <span className="hidden sm:inline">{t('goals.edit')}</span>
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {isEditing ? (
          <GoalsForm stats={stats} onClose={() => setIsEditing(false)} />
        ) : setGoals.length === 0 ? (
          <div className="rounded-lg border border-dashed bg-muted/40 p-4 text-center">
            <p className="text-sm text-muted-foreground">{t('goals.noneSet')}</p>
            <Button size="sm" variant="outline" className="mt-3" onClick={() => setIsEditing(true)}>
              {t('goals.setGoals')}
            </Button>
          </div>
        ) : (
          <ul className="divide-y" aria-labelledby="goals-heading">
            {GOAL_FIELDS.map(({ key, label, icon: Icon, stat }) => {
              const goal = goals[key];
              const isReached = goal > 0 && computeGoalProgress(stat(stats), goal) >= 100;
              return (
                <li key={key} className="flex items-center gap-3 py-2.5 first:pt-0 last:pb-0">
                  <Icon className="size-4 text-muted-foreground" aria-hidden />
                  <span className="flex-1 text-sm">{t(label)}</span>
                  <span className="tabular text-sm">
                    <span className="text-base font-semibold">{goal}</span>{' '}
                    <span className="text-muted-foreground">{t('goals.perDay')}</span>
                  </span>
                  {isReached ? (
                    <CheckCircle2Icon className="size-4 text-success" aria-label={t('stats.goalReached')} />
                  ) : (
                    <CircleIcon className="size-4 text-border" aria-hidden />
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function GoalsForm({ stats, onClose }: { stats: MyTodayStats; onClose: () => void }) {
  const { t } = useTranslation('activity');
  const updateGoals = useUpdateGoals();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<UpdateGoals>({
    resolver: zodResolver(UpdateGoalsSchema),
    defaultValues: { dailyCalls: stats.goals.dailyCalls, dailyMeetings: stats.goals.dailyMeetings, dailySales: stats.goals.dailySales },
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

export function DailyGoalsCardSkeleton() {
  return (
    <Card className="space-y-4 p-5" aria-hidden>
      <Skeleton className="h-5 w-28" />
      <Skeleton className="h-4 w-40" />
      {Array.from({ length: 3 }, (_, i) => (
        <Skeleton key={i} className="h-6 w-full" />
      ))}
    </Card>
  );
}

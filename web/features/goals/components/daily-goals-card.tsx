import type { ActivityType, MyTodayStats } from '@core/contracts';
import { pickName } from '@core/activity-types';
import { computeGoalProgress } from '@core/stats';
import { CheckCircle2Icon, CircleIcon, PencilIcon, TargetIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { ActivityTypeBadge } from '@web/components/activity-type-icon';
import { useMe } from '@web/lib/auth/get-me';
import { useActivityTypes } from '@web/lib/queries/get-activity-types';
import { importOrReload } from '@web/lib/lazy-import';
import { GOAL_FIELDS } from './goal-fields';

// The form (react-hook-form, the schema, zod) loads when Edit is pressed, not with My Activity
// (decision 085); the service worker installs it with the screen, so it opens offline too.
const GoalsForm = lazy(() => importOrReload(() => import('./goals-form')).then((module) => ({ default: module.GoalsForm })));

/** A goal on one of the company's own types (decision 106): the type, today's count and the goal. */
type TypeGoalRow = { type: ActivityType; count: number; goal: number };

/** The goals on own types the card lists: those of live types (an archived one is logged no more), in the company's order. */
function listTypeGoals(stats: MyTodayStats, types: readonly ActivityType[] | undefined): TypeGoalRow[] {
  return (types ?? []).flatMap((type) => {
    if (type.archivedAt !== null) return [];
    const goal = stats.goals.types[type.id] ?? 0;
    return goal > 0 ? [{ type, goal, count: stats.typeCounts[type.id] ?? 0 }] : [];
  });
}

/** Daily Goals, editable inline with Save and Cancel. */
export function DailyGoalsCard({ stats }: { stats: MyTodayStats }) {
  const { t, i18n } = useTranslation('activity');
  const [isEditing, setIsEditing] = useState(false);
  const { goals } = stats;
  const { data: me } = useMe();
  const types = useActivityTypes().data?.types;
  const typeGoals = listTypeGoals(stats, types);
  const setGoals = GOAL_FIELDS.filter((f) => goals[f.key] > 0);
  const total = setGoals.length + typeGoals.length;
  const reached =
    setGoals.filter((f) => computeGoalProgress(f.stat(stats), goals[f.key]) >= 100).length +
    typeGoals.filter((row) => row.count >= row.goal).length;

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
              {isEditing ? t('goals.inputHint') : total ? t('goals.reached', { reached, total }) : t('goals.description')}
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
          <Suspense fallback={<Skeleton className="h-24 w-full" />}>
            <GoalsForm stats={stats} types={types} onClose={() => setIsEditing(false)} />
          </Suspense>
        ) : total === 0 ? (
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
            {typeGoals.map(({ type, count, goal }) => (
              <li key={type.id} className="flex items-center gap-3 py-2.5 first:pt-0 last:pb-0">
                <ActivityTypeBadge icon={type.icon} colour={type.colour} className="size-5 [&_svg]:size-3" />
                {/* A type's name is the company's own: a long one-word one breaks rather than push the goal off the row. */}
                <span className="min-w-0 flex-1 text-sm hyphens-auto break-words">
                  {pickName(type.names, i18n.language, me?.company?.language)}
                </span>
                <span className="tabular text-sm">
                  {/* Today's count toward it: a built-in goal's shows on the cards above; an own type has none. */}
                  <span className="text-muted-foreground">{t('goals.typeCount', { count })}</span>{' '}
                  <span className="text-base font-semibold">{goal}</span> <span className="text-muted-foreground">{t('goals.perDay')}</span>
                </span>
                {count >= goal ? (
                  <CheckCircle2Icon className="size-4 text-success" aria-label={t('stats.goalReached')} />
                ) : (
                  <CircleIcon className="size-4 text-border" aria-hidden />
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
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

import type { TargetProgress } from '@core/contracts';
import { FlagIcon, UsersIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@web/components/load-error';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Progress } from '@web/components/ui/progress';
import { Skeleton } from '@web/components/ui/skeleton';
import { useCompanyFormat } from '@web/lib/format';
import { useMyTargets } from '../api/get-my-targets';
import { formatExpectedValue, formatMetricValue, METRIC_ICONS, nameMeasure } from '../lib/metrics';
import { PacePill } from './pace-pill';

/**
 * The targets a manager set for the signed-in rep, beside their own daily goals: progress this
 * day, week or month, and whether they are ahead, on track or behind for the working days gone.
 * A target of the rep's team is marked as the team's and counts the whole team (decision 044).
 * Nothing is shown while no manager has set one. Live: a logged activity refetches it
 * (LIVE_REFRESHES in web/lib/realtime.ts).
 */
export function MyTargetsCard() {
  const { t } = useTranslation('targets');
  const targets = useMyTargets();
  if (targets.isPending) return <MyTargetsCardSkeleton />;
  if (targets.isError) {
    return <LoadError title={t('mine.loadError')} error={targets.error} onRetry={() => void targets.refetch()} />;
  }
  if (targets.data.targets.length === 0) return null;
  return (
    <Card data-testid="my-targets">
      <CardHeader className="flex-row items-start gap-3 space-y-0">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary" aria-hidden>
          <FlagIcon className="size-4" />
        </span>
        <div className="min-w-0 space-y-1">
          <CardTitle className="flex flex-wrap items-center gap-2">
            <span id="my-targets-heading">{t('mine.heading')}</span>
            <Badge variant="outline">{t('mine.setByManager')}</Badge>
          </CardTitle>
          <CardDescription>{t('mine.description')}</CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        <ul className="divide-y" aria-labelledby="my-targets-heading">
          {targets.data.targets.map((target) => (
            <TargetRow key={target.targetId} target={target} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function TargetRow({ target }: { target: TargetProgress }) {
  const { t, i18n } = useTranslation('targets');
  const format = useCompanyFormat();
  const Icon = METRIC_ICONS[target.metric];
  const percent = Math.min(100, Math.round((target.progress / target.value) * 100));
  const value = (n: number) => formatMetricValue(target, n, format);
  const name = nameMeasure(target, t, i18n.language);
  return (
    <li
      className="space-y-2 py-3 first:pt-0 last:pb-0"
      data-testid={`target-${target.subjectKind === 'team' ? 'team-' : ''}${target.metric === 'kpi' ? `kpi-${target.kpiId}` : target.metric}-${target.period}`}
    >
      <div className="flex items-center gap-3">
        <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium">
            {name}
            {target.subjectKind === 'team' && (
              <Badge variant="soft" className="gap-1" data-testid="team-target-badge">
                <UsersIcon className="size-3" aria-hidden />
                {t('mine.teamTarget', { team: target.teamName ?? t('mine.yourTeam') })}
              </Badge>
            )}
          </p>
          <p className="text-xs text-muted-foreground">{t(`periodNames.${target.period}`)}</p>
        </div>
        <PacePill pace={target.pace} />
      </div>
      <Progress value={percent} aria-label={name} />
      <div className="flex flex-wrap justify-between gap-x-3 text-xs text-muted-foreground">
        <span className="tabular">
          <span className="font-semibold text-foreground" data-testid="target-progress">
            {t('mine.progress', { progress: value(target.progress), target: value(target.value) })}
          </span>
        </span>
        {target.pace !== 'no-working-days' && (
          <span className="tabular">{t('mine.expected', { expected: formatExpectedValue(target, target.expected, format) })}</span>
        )}
      </div>
    </li>
  );
}

export function MyTargetsCardSkeleton() {
  return (
    <Card aria-busy="true">
      <CardHeader>
        <Skeleton className="h-5 w-40" />
      </CardHeader>
      <CardContent className="space-y-3">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </CardContent>
    </Card>
  );
}

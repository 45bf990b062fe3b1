import { pickName } from '@core/activity-types';
import type { Badge, Kpi } from '@core/contracts';
import { AwardIcon } from 'lucide-react';
import { useId } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { findBadgeLook, nameBadge } from '@web/components/badges/badge-looks';
import { CardHeading } from '@web/components/card-heading';
import { EmptyState } from '@web/components/empty-state';
import { LoadError } from '@web/components/load-error';
import { Card, CardDescription, CardHeader } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { cn } from '@web/lib/cn';
import { type CompanyFormat, useCompanyFormat } from '@web/lib/format';
import { formatKpiValue } from '@web/lib/format-kpi';
import { lowerInSentence } from '@web/lib/in-sentence';
import { useKpis } from '@web/lib/queries/get-kpis';
import { useMemberBadges } from '../api/get-member-badges';

/**
 * A rep's badges on their page (decision 050): newest first, each with its icon, name, what it was
 * for in numbers and the day it was earned. Live: a badge earned arrives as a feed event, which
 * refreshes the list.
 */
export function BadgesCard({ userId, isSelf }: { userId: string; isSelf: boolean }) {
  const { t } = useTranslation('scoreboard');
  const headingId = useId();
  const badges = useMemberBadges(userId);
  const list = badges.data?.badges ?? [];
  return (
    <Card className="min-w-0 overflow-hidden" data-testid="person-badges" aria-labelledby={headingId}>
      <CardHeader className="border-b pb-4">
        <CardHeading id={headingId} className="flex items-center gap-2">
          <AwardIcon className="size-4 text-muted-foreground" aria-hidden />
          {t('badges.card.title')}
          {list.length > 0 && (
            <span className="rounded-full bg-primary-soft px-2 py-0.5 text-xs font-semibold text-primary tabular">{list.length}</span>
          )}
        </CardHeading>
        <CardDescription>{t('badges.card.description')}</CardDescription>
      </CardHeader>
      {badges.isPending ? (
        <div className="grid gap-3 p-4 sm:grid-cols-2 sm:p-5">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-16 rounded-xl" />
          ))}
        </div>
      ) : badges.isError ? (
        <div className="p-4">
          <LoadError title={t('badges.card.loadError')} error={badges.error} onRetry={() => void badges.refetch()} />
        </div>
      ) : list.length === 0 ? (
        <EmptyState
          className="m-4 border-0 bg-transparent py-8"
          icon={AwardIcon}
          title={t('badges.card.empty')}
          description={isSelf ? t('badges.card.emptySelf') : t('badges.card.emptyText')}
        />
      ) : (
        <ol className="grid gap-3 p-4 sm:grid-cols-2 sm:p-5" aria-labelledby={headingId}>
          {list.map((badge) => (
            <BadgeTile key={badge.id} badge={badge} />
          ))}
        </ol>
      )}
    </Card>
  );
}

function BadgeTile({ badge }: { badge: Badge }) {
  const { t, i18n } = useTranslation('scoreboard');
  const format = useCompanyFormat();
  const { Icon, tone } = findBadgeLook(badge);
  // A company's own badge says what it was earned for by its KPI, read only for such a badge.
  const kpis = useKpis({ enabled: badge.kind === 'company' }).data?.kpis;
  const detail = badge.kind === 'company' ? describeCompanyBadge(badge, kpis, t, i18n.language, format) : describeBadge(badge, t, format);
  return (
    <li
      className="flex min-w-0 items-center gap-3 rounded-xl border bg-card p-3 shadow-xs"
      data-testid="badge-tile"
      data-badge={badge.kind}
    >
      <span className={cn('flex size-11 shrink-0 items-center justify-center rounded-full ring-2 ring-inset', tone)}>
        <Icon className="size-5" aria-hidden />
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="truncate text-sm font-semibold">{nameBadge(badge, t, i18n.language)}</span>
        <span className="text-xs text-muted-foreground">{detail || t(`badges.kinds.${badge.kind}.description`)}</span>
        <time dateTime={badge.earnedAt} className="text-xs text-muted-foreground tabular">
          {t('badges.card.earnedOn', { date: format.date(badge.earnedAt) })}
        </time>
      </span>
    </li>
  );
}

/** What it was earned for, in numbers (the kinds that have some). */
function describeBadge(badge: Badge, t: TFunction<'scoreboard'>, format: CompanyFormat): string {
  const data = badge.data;
  const number = (key: string) => (typeof data[key] === 'number' ? format.number(data[key]) : String(data[key] ?? ''));
  switch (badge.kind) {
    case 'hundred_calls_week':
      return t('badges.card.details.hundred_calls_week', { calls: number('calls'), week: String(data.week ?? '').split('-W')[1] ?? '' });
    case 'personal_best_day':
      return t('badges.card.details.personal_best_day', { points: number('points'), previousBest: number('previousBest') });
    case 'team_best_month':
      return t('badges.card.details.team_best_month', {
        points: number('points'),
        previousBest: number('previousBest'),
        month:
          typeof data.month === 'string'
            ? new Intl.DateTimeFormat(format.locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
                new Date(`${data.month}-15T12:00:00Z`),
              )
            : '',
      });
    case 'goal_streak':
      return t('badges.card.details.goal_streak', {
        days: number('days'),
        from: typeof data.from === 'string' ? format.shortDay(data.from) : '',
      });
    default:
      return '';
  }
}

/** What a company's own badge was earned for (decision 107): the figure its KPI reached, and when. */
function describeCompanyBadge(
  badge: Badge,
  kpis: readonly Kpi[] | undefined,
  t: TFunction<'scoreboard'>,
  language: string,
  format: CompanyFormat,
): string {
  const { kpiId, value, period, periodKey } = badge.data;
  const kpi = kpis?.find((candidate) => candidate.id === kpiId);
  if (!kpi || typeof value !== 'number' || typeof periodKey !== 'string') return '';
  const figure = formatKpiValue(value, kpi, { language, currency: format.currency });
  const name = lowerInSentence(pickName(kpi.names, language));
  switch (period) {
    case 'day':
      return t('badges.card.details.company.day', { value: figure, kpi: name, day: format.shortDay(periodKey) });
    case 'week':
      return t('badges.card.details.company.week', { value: figure, kpi: name, week: periodKey.split('-W')[1] ?? '' });
    case 'month':
      return t('badges.card.details.company.month', {
        value: figure,
        kpi: name,
        month: new Intl.DateTimeFormat(format.locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
          new Date(`${periodKey}-15T12:00:00Z`),
        ),
      });
    case 'ever':
      return t('badges.card.details.company.ever', { value: figure, kpi: name });
    default:
      return '';
  }
}

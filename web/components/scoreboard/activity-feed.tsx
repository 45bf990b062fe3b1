import type { RecentActivity } from '@core/contracts';
import { truncateText } from '@core/stats';
import { SparklesIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@web/components/ui/skeleton';
import { ActivityIcon } from '@web/components/activity-icon';
import { computeActivityKind } from '@web/lib/activity-kind';
import { cn } from '@web/lib/cn';
import type { CompanyFormat } from '@web/lib/format';
import { formatMemberName } from '@web/lib/member-name';

/** Feed notes are cut at 50 characters. */
export const FEED_NOTES_MAX = 50;

/**
 * The Live Activity feed: who did what with which customer, a sparkle on booked meetings, the
 * points and the time; notes cut at 50 characters. New entries fade in, old ones stay put.
 */
export function ActivityFeed({
  activities,
  today,
  format,
}: {
  activities: readonly RecentActivity[];
  today: string;
  format: CompanyFormat;
}) {
  const { t } = useTranslation('scoreboard');
  return (
    <ol className="divide-y" aria-label={t('feed.title')}>
      {activities.map((activity) => {
        const kind = computeActivityKind(activity);
        const name = formatMemberName(activity, t);
        return (
          <li key={activity.id} data-testid="feed-item" className="flex animate-fade-in gap-3 px-4 py-3 sm:px-5">
            <ActivityIcon type={activity.type} className="mt-0.5 size-8" />
            <div className="min-w-0 flex-1">
              <p className="text-sm leading-snug">
                <span className="font-semibold">{name}</span> {t(`feed.action.${kind}`)}
                {activity.customerName && (
                  <>
                    {' '}
                    {t('feed.with')} <span className="font-medium">{activity.customerName}</span>
                  </>
                )}
                {activity.meetingBooked && (
                  <SparklesIcon className="ml-1 inline size-4 -translate-y-px text-gold" role="img" aria-label={t('feed.meetingSparkle')} />
                )}
              </p>
              {activity.type === 'sale' && activity.ticketSize !== null && (
                <p className="mt-0.5 text-xs font-medium text-[oklch(0.45_0.12_158)]">
                  {format.money(activity.ticketSize)}
                  {activity.productName && <span className="font-normal text-muted-foreground"> · {activity.productName}</span>}
                </p>
              )}
              {activity.notes && (
                <p
                  className="mt-0.5 text-xs break-words text-muted-foreground"
                  title={activity.notes.length > FEED_NOTES_MAX ? activity.notes : undefined}
                >
                  “{truncateText(activity.notes, FEED_NOTES_MAX)}”
                </p>
              )}
            </div>
            <div className="flex shrink-0 flex-col items-end gap-1">
              <span
                className={cn(
                  'rounded-full px-2 py-0.5 text-xs font-semibold tabular',
                  activity.points > 0 ? 'bg-success-soft text-[oklch(0.45_0.12_158)]' : 'bg-muted text-muted-foreground',
                )}
              >
                {activity.points > 0
                  ? t('feed.points', { count: activity.points, value: format.number(activity.points) })
                  : t('feed.noPoints')}
              </span>
              <time
                className="text-xs text-muted-foreground tabular"
                dateTime={activity.createdAt}
                title={format.dateTime(activity.createdAt)}
              >
                {format.activityTime(activity.createdAt, today)}
              </time>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

export function ActivityFeedSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div className="flex flex-col divide-y" aria-hidden>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex gap-3 px-4 py-3 sm:px-5">
          <Skeleton className="size-8 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-3 w-1/2" />
          </div>
          <Skeleton className="h-5 w-10 rounded-full" />
        </div>
      ))}
    </div>
  );
}

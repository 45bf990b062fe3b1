import { truncateText } from '@core/stats';
import { AlertCircleIcon, UsersIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { useAuth } from '@web/lib/auth/auth-provider';
import { cn } from '@web/lib/cn';
import { useCompanyFormat } from '@web/lib/format';
import { useTeamFeed } from '../api/get-team-feed';
import { ReadActivityIcon } from '@web/components/activity-type-icon';
import { nameOwnType } from '@web/lib/activity-kind';
import { computeCallOutcome } from '@core/kpi';
import { cutCustomerName, FEED_NOTES_MAX } from '@web/lib/feed-text';

/**
 * "Team today": the newest activities of everyone in the company, updating live. A rep sees a
 * colleague's booked meeting the moment it is logged, which is half of what keeps the day moving.
 */
export function TeamFeedCard() {
  const { t, i18n } = useTranslation('activity');
  const { user } = useAuth();
  const format = useCompanyFormat();
  const query = useTeamFeed();
  const items = query.data?.activities ?? [];

  return (
    <Card>
      <CardHeader>
        <div className="flex items-start gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground" aria-hidden>
            <UsersIcon className="size-4" />
          </span>
          <div className="space-y-1">
            <CardTitle>
              <span id="team-feed-heading">{t('team.heading')}</span>
            </CardTitle>
            <CardDescription>{t('team.description')}</CardDescription>
          </div>
        </div>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <div className="space-y-3" aria-hidden>
            {Array.from({ length: 3 }, (_, i) => (
              <div key={i} className="flex items-center gap-3">
                <Skeleton className="size-8 rounded-full" />
                <Skeleton className="h-4 flex-1" />
              </div>
            ))}
          </div>
        ) : query.isError ? (
          <p className="flex items-center gap-2 text-sm text-destructive">
            <AlertCircleIcon className="size-4" aria-hidden /> {t('team.loadError')}
          </p>
        ) : items.length === 0 ? (
          <p className="rounded-lg border border-dashed bg-muted/40 p-4 text-center text-sm text-muted-foreground">{t('team.empty')}</p>
        ) : (
          <ol className="space-y-3" aria-labelledby="team-feed-heading">
            {items.map((item) => {
              const isMine = item.userId === user?.id;
              const who = isMine ? t('team.you') : item.formerMember ? t('privacy:formerMember') : (item.displayName ?? t('team.someone'));
              // One of the company's own types (decision 100): named as the company named it, with its outcome.
              const own = nameOwnType(item.ownType, i18n.language);
              // With its outcome (an answered call's too) and its amount (a sale's, an upsell's).
              const outcome = item.type === 'call_answered' ? t(`outcomes.${computeCallOutcome(item)!}`) : null;
              const what = [
                own ? own.name : t(`kinds.${item.type}`),
                own ? own.outcome : outcome,
                item.amount !== null ? format.money(item.amount) : null,
              ]
                .filter(Boolean)
                .join(' · ');
              const customer = item.customerName ? cutCustomerName(item.customerName) : null;
              const detail = [customer?.text, item.notes && truncateText(item.notes, FEED_NOTES_MAX)].filter(Boolean).join(' · ');
              return (
                <li key={item.id} className="flex items-start gap-3 text-sm" data-testid="team-feed-item">
                  <ReadActivityIcon activity={item} className="size-8" />
                  <div className="min-w-0 flex-1">
                    <p className="flex items-baseline justify-between gap-2">
                      <span className={cn('truncate font-medium', isMine && 'text-primary')}>{who}</span>
                      <time className="tabular shrink-0 text-xs text-muted-foreground" dateTime={item.createdAt}>
                        {format.time(item.createdAt)}
                      </time>
                    </p>
                    <p className="flex items-baseline justify-between gap-2">
                      <span className="min-w-0">{what}</span>
                      {item.points > 0 && (
                        <span className="tabular shrink-0 text-xs font-semibold text-success-strong">
                          {t('plusPts', { count: item.points })}
                        </span>
                      )}
                    </p>
                    {detail && (
                      <p className="truncate text-xs text-muted-foreground" title={customer?.title}>
                        {detail}
                      </p>
                    )}
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

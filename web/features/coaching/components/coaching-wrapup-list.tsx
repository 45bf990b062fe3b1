import { compareWrapupToLog } from '@core/coaching';
import type { CoachingWrapupItem } from '@core/contracts';
import { ChevronRightIcon, MessageSquareIcon, TriangleAlertIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PersonAvatar } from '@web/components/person-avatar';
import { Badge } from '@web/components/ui/badge';
import { cn } from '@web/lib/cn';
import { useCompanyFormat } from '@web/lib/format';
import { formatMemberName } from '@web/lib/member-name';
import { paths } from '@web/lib/paths';

/** The wrap-ups of a coach's people as the server orders them (unread first), each a link to its reading view. */
export function CoachingWrapupList({ items, showDate }: { items: readonly CoachingWrapupItem[]; showDate: boolean }) {
  const { t } = useTranslation('coaching');
  const format = useCompanyFormat();
  return (
    <ul className="divide-y rounded-xl border bg-card">
      {items.map((item) => {
        const name = formatMemberName(item.member, t);
        const differs = compareWrapupToLog(item.typed, item.logged).length > 0;
        return (
          <li key={item.id}>
            <Link
              to={paths.app.coachingWrapup(item.id)}
              className="flex items-center gap-3 px-4 py-3 transition-colors outline-none first:rounded-t-xl last:rounded-b-xl hover:bg-muted/50 focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span className={cn('size-2 shrink-0 rounded-full', item.unread ? 'bg-primary' : 'bg-transparent')} aria-hidden />
              <PersonAvatar
                name={name}
                avatarUrl={item.member.avatarUrl}
                colorKey={item.member.userId}
                className="size-9 shrink-0 text-xs"
              />
              <span className="min-w-0 flex-1">
                <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className={cn('truncate text-sm', item.unread ? 'font-semibold' : 'font-medium')}>{name}</span>
                  {showDate && <span className="text-xs text-muted-foreground">{format.shortDay(item.date)}</span>}
                  {item.unread && <Badge>{t('list.unread')}</Badge>}
                  {differs && (
                    <Badge variant="warning">
                      <TriangleAlertIcon aria-hidden /> {t('list.differs')}
                    </Badge>
                  )}
                </span>
                <span className="mt-0.5 block truncate text-xs text-muted-foreground">
                  {t('common:wrapupComparison.metrics.calls')} {format.number(item.typed.calls)} ·{' '}
                  {t('common:wrapupComparison.metrics.meetings')} {format.number(item.typed.meetings)} ·{' '}
                  {t('common:wrapupComparison.metrics.sales')} {format.number(item.typed.sales)}
                  {item.good ? ` · ${item.good}` : ''}
                </span>
              </span>
              {item.commentCount > 0 && (
                <span className="flex shrink-0 items-center gap-1 text-xs text-muted-foreground">
                  <MessageSquareIcon className="size-3.5" aria-hidden />
                  <span className="sr-only">{t('list.comments', { count: item.commentCount })}</span>
                  <span aria-hidden>{item.commentCount}</span>
                </span>
              )}
              <ChevronRightIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

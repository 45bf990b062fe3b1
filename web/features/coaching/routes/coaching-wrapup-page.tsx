import { ArrowLeftIcon, SearchXIcon } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState } from '@web/components/empty-state';
import { LoadError } from '@web/components/load-error';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { ApiRequestError } from '@web/lib/api';
import { paths } from '@web/lib/paths';
import { useCoachingWrapup } from '../api/get-coaching-wrapup';
import { useMarkWrapupRead } from '../api/mark-wrapup-read';
import { CoachingNotes } from '../components/coaching-notes';
import { WrapupReading } from '../components/wrapup-reading';

/**
 * One wrap-up (/app/coaching/wrapups/{id}, decision 045): the numbers beside the log and the
 * conversation, for its author or a coach of theirs; a coach also sees the rep's 1:1 notes. Opening
 * it marks it read, and so does an answer that arrives while it is open.
 */
export function Component() {
  const { t } = useTranslation('coaching');
  const { wrapupId = '' } = useParams();
  const wrapup = useCoachingWrapup(wrapupId);
  const { mutate: markRead } = useMarkWrapupRead();
  const unread = wrapup.data?.unread ?? false;

  useEffect(() => {
    if (unread) markRead(wrapupId);
  }, [unread, wrapupId, markRead]);

  const data = wrapup.data;
  const back = data?.isAuthor
    ? { to: paths.app.wrapup, label: t('reading.backToWrapup') }
    : { to: paths.app.coaching(data ? { date: data.date } : undefined), label: t('reading.back') };

  return (
    <div className="space-y-4">
      <Link to={back.to} className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeftIcon className="size-4" aria-hidden /> {back.label}
      </Link>
      {wrapup.error instanceof ApiRequestError && wrapup.error.status === 404 ? (
        <EmptyState icon={SearchXIcon} title={t('reading.notFoundTitle')} description={t('reading.notFoundText')} />
      ) : wrapup.isError ? (
        <LoadError title={t('reading.loadError')} error={wrapup.error} onRetry={() => void wrapup.refetch()} />
      ) : !data ? (
        <Card className="space-y-3 p-5" aria-hidden>
          <Skeleton className="h-10 w-56" />
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-24 w-full" />
        </Card>
      ) : data.isAuthor ? (
        <div className="max-w-3xl">
          <WrapupReading wrapup={data} />
        </div>
      ) : (
        <div className="grid gap-6 lg:grid-cols-5">
          <div className="min-w-0 lg:col-span-3">
            <WrapupReading wrapup={data} />
          </div>
          <div className="min-w-0 lg:col-span-2">
            <CoachingNotes memberId={data.member.userId} />
          </div>
        </div>
      )}
    </div>
  );
}

import { ExternalLinkIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '@web/components/load-error';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useCompanyFormat } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { useMyWrapupThreads } from '../api/get-my-wrapup-threads';
import { useMarkWrapupRead } from '../api/mark-wrapup-read';
import { CommentThread } from './comment-thread';

/**
 * The rep's side (decision 045): their lead's comments on their wrap-ups, on the wrap-up screen,
 * with a box to answer each. Nothing shows until a lead has written. Seeing a new comment here is
 * reading it: the thread is marked read once shown.
 */
export function MyWrapupThreads() {
  const { t } = useTranslation('coaching');
  const format = useCompanyFormat();
  const threads = useMyWrapupThreads();
  const markRead = useMarkWrapupRead();
  const unreadIds = threads.data?.threads.filter((thread) => thread.unread).map((thread) => thread.wrapupId) ?? [];
  const unreadKey = unreadIds.join(',');
  const { mutate } = markRead;
  // "New" stays on what was new when it arrived, for as long as the screen is open (it is marked read at once).
  const [newIds, setNewIds] = useState<readonly string[]>([]);
  const arrived = unreadIds.filter((id) => !newIds.includes(id));
  if (arrived.length > 0) setNewIds([...newIds, ...arrived]);

  useEffect(() => {
    for (const id of unreadKey === '' ? [] : unreadKey.split(',')) mutate(id);
  }, [unreadKey, mutate]);

  if (threads.isError) return <LoadError title={t('mine.loadError')} error={threads.error} onRetry={() => void threads.refetch()} />;
  if (!threads.data || threads.data.threads.length === 0) return null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('mine.heading')}</CardTitle>
        <CardDescription>{t('mine.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {threads.data.threads.map((thread) => (
          <article key={thread.wrapupId} aria-label={t('mine.wrapupOf', { date: format.longDay(thread.date) })} className="space-y-3">
            <header className="flex flex-wrap items-center gap-2">
              <h3 className="text-sm font-semibold">{t('mine.wrapupOf', { date: format.longDay(thread.date) })}</h3>
              {newIds.includes(thread.wrapupId) && <Badge>{t('mine.new')}</Badge>}
              <Link
                to={paths.app.coachingWrapup(thread.wrapupId)}
                className="ml-auto inline-flex items-center gap-1 text-xs text-primary underline-offset-4 hover:underline"
              >
                {t('mine.open')} <ExternalLinkIcon className="size-3" aria-hidden />
              </Link>
            </header>
            <CommentThread wrapupId={thread.wrapupId} comments={thread.comments} isAuthor authorName="" headingLevel="h3" />
          </article>
        ))}
      </CardContent>
    </Card>
  );
}

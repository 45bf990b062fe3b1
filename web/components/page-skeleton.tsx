import { useTranslation } from 'react-i18next';
import { Skeleton } from './ui/skeleton';

/**
 * A screen inside the app shell while its code loads (the first visit to it in this tab): the
 * page header and a few cards, so the shell never shows an empty main area.
 */
export function PageSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">{t('status.loading')}</span>
      <div className="mb-6 space-y-2">
        <Skeleton className="h-8 w-56" />
        <Skeleton className="h-4 w-80 max-w-full" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Skeleton className="h-28 rounded-xl" />
        <Skeleton className="h-28 rounded-xl" />
        <Skeleton className="h-28 rounded-xl" />
      </div>
      <Skeleton className="mt-6 h-64 rounded-xl" />
    </div>
  );
}

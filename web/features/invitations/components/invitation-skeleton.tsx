import { useTranslation } from 'react-i18next';
import { Skeleton } from '@web/components/ui/skeleton';

export function InvitationSkeleton() {
  const { t } = useTranslation('invitations');
  return (
    <div className="flex flex-col items-center gap-3" aria-busy="true">
      <span className="sr-only" role="status">
        {t('loading')}
      </span>
      <Skeleton className="size-14 rounded-full" />
      <Skeleton className="mt-2 h-7 w-56" />
      <Skeleton className="h-4 w-72 max-w-full" />
      <Skeleton className="mt-4 h-10 w-full" />
      <Skeleton className="h-10 w-full" />
    </div>
  );
}

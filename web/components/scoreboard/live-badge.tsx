import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@web/components/ui/badge';
import { cn } from '@web/lib/cn';

const subscribeOnline = (listener: () => void) => onlineManager.subscribe(listener);
const readOnline = () => onlineManager.isOnline();

/**
 * 'Live' with a pulsing dot while the data is loaded; 'Loading...' until then; nothing when it failed;
 * 'Offline' without a connection, when nothing is live (the banner above says what the screen kept).
 */
export function LiveBadge({ isLoading, isFailed = false, className }: { isLoading: boolean; isFailed?: boolean; className?: string }) {
  const { t } = useTranslation('scoreboard');
  const online = useSyncExternalStore(subscribeOnline, readOnline, () => true);
  if (!online) {
    return (
      <Badge variant="secondary" className={className}>
        {t('status.offline')}
      </Badge>
    );
  }
  if (isFailed) return null;
  if (isLoading) {
    return (
      <Badge variant="secondary" role="status" className={className}>
        {t('status.loading')}
      </Badge>
    );
  }
  return (
    <Badge variant="success" className={cn('gap-1.5', className)}>
      <span className="relative flex size-2" aria-hidden>
        <span className="absolute inline-flex size-full animate-ping rounded-full bg-success opacity-60" />
        <span className="relative inline-flex size-2 rounded-full bg-success" />
      </span>
      {t('status.live')}
    </Badge>
  );
}

import { CloudOffIcon, RefreshCwIcon } from 'lucide-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toaster';
import { cn } from '@web/lib/cn';
import { paths } from '@web/lib/paths';
import type { SyncResult } from '../lib/offline-queue';
import { useOfflineLog } from '../lib/use-offline-log';

/**
 * Above every app screen but quick log (which has its own list): one line saying that the app is
 * offline, and how many logs wait on this device (and how many the server refused), with the full
 * list on quick log. It sends what waits when the app opens and whenever the connection returns, on
 * whatever screen the rep is, so a log made offline never waits for quick log to be opened again.
 * Nothing while online with nothing waiting.
 */
export function PendingSyncNotice({ className }: { className?: string }) {
  const { t } = useTranslation('activity');
  const onSynced = useCallback(
    (result: SyncResult) => {
      if (result.sent.length > 0) toast.success(t('offline.sent', { count: result.sent.length }));
      for (const refused of result.refused) toast.error(t('offline.refusedTitle'), { description: refused.refusal?.message });
    },
    [t],
  );
  const { pending, isOnline, sync } = useOfflineLog(onSynced);
  if (pending.length === 0 && isOnline) return null;
  const waiting = pending.filter((entry) => entry.status === 'waiting').length;
  const refused = pending.length - waiting;
  return (
    <div
      role="status"
      className={cn(
        'flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-warning/50 bg-warning-soft px-3 py-2 text-sm',
        className,
      )}
    >
      <CloudOffIcon className="size-4 shrink-0" aria-hidden />
      <span className="font-medium">
        {!isOnline && <span className="font-normal">{t('offline.elsewhere')} </span>}
        {waiting > 0 && t('offline.waitingCount', { count: waiting })}
        {waiting > 0 && refused > 0 && ' · '}
        {refused > 0 && <span className="text-destructive">{t('offline.refusedCount', { count: refused })}</span>}
      </span>
      <span className="ml-auto flex items-center gap-2">
        {isOnline && waiting > 0 && (
          <Button size="sm" variant="ghost" onClick={() => void sync()}>
            <RefreshCwIcon /> {t('offline.sendNow')}
          </Button>
        )}
        <Button size="sm" variant="outline" asChild>
          <Link to={paths.app.quickLog}>{pending.length > 0 ? t('offline.showList') : t('offline.openQuickLog')}</Link>
        </Button>
      </span>
    </div>
  );
}

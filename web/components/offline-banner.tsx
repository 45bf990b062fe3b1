import { onlineManager, type QueryCache, useQueryClient } from '@tanstack/react-query';
import { CloudOffIcon } from 'lucide-react';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanyFormat } from '@web/lib/format';
import { queryKeys } from '@web/lib/query-keys';
import { cn } from '@web/lib/cn';

/**
 * What the screen shows without a connection (decision 082): the boards and lists this device kept,
 * from when (the oldest answer on the screen), and whether part of it was never seen here and so
 * needs a connection. Online: nothing.
 */
export type OfflineView = { offline: false } | { offline: true; keptAt: number | null; missing: boolean };

/** The screen's answers: the active queries, /me aside (it is the device's member, not the screen). */
export function describeOfflineView(cache: QueryCache, isOnline: boolean): OfflineView {
  if (isOnline) return { offline: false };
  let keptAt: number | null = null;
  let missing = false;
  for (const query of cache.findAll({ type: 'active' })) {
    if (query.queryKey[0] === queryKeys.me[0]) continue;
    if (query.state.data !== undefined && query.state.dataUpdatedAt > 0) {
      keptAt = keptAt === null ? query.state.dataUpdatedAt : Math.min(keptAt, query.state.dataUpdatedAt);
    } else if (query.state.fetchStatus === 'paused' || query.state.status === 'pending') {
      missing = true;
    }
  }
  return { offline: true, keptAt, missing };
}

export function useOfflineView(): OfflineView {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback(
    (listener: () => void) => {
      const fromCache = cache.subscribe(listener);
      const fromNetwork = onlineManager.subscribe(listener);
      return () => {
        fromCache();
        fromNetwork();
      };
    },
    [cache],
  );
  // A string snapshot: equal views compare equal, so the banner renders only when one changes. The
  // same read serves the server's frame (decision 092), rendered where nothing is offline.
  const read = () => JSON.stringify(describeOfflineView(cache, onlineManager.isOnline()));
  const snapshot = useSyncExternalStore(subscribe, read, read);
  return JSON.parse(snapshot) as OfflineView;
}

/** "Offline · showing what this device saw at 14:32", and, where part of the screen was never kept, that it needs a connection. */
export function OfflineBanner({ className }: { className?: string }) {
  const { t } = useTranslation();
  const format = useCompanyFormat();
  const view = useOfflineView();
  // Skeletons stop pulsing while offline (styles.css): what cannot load does not look like loading.
  useEffect(() => {
    document.documentElement.toggleAttribute('data-offline', view.offline);
    return () => document.documentElement.removeAttribute('data-offline');
  }, [view.offline]);
  if (!view.offline) return null;
  // "14:32" today, "2 Dec, 14:32" from an earlier day (kept up to a day).
  const at = view.keptAt === null ? '' : new Date(view.keptAt).toISOString();
  const time = at && format.activityTime(at, format.localDay(new Date().toISOString()));
  const text = view.keptAt === null ? t('offline.needsConnection') : t(view.missing ? 'offline.keptPartly' : 'offline.kept', { time });
  return (
    <div
      role="status"
      data-testid="offline-banner"
      className={cn('flex items-start gap-2 rounded-lg border bg-muted/60 px-3 py-2 text-sm text-muted-foreground', className)}
    >
      <CloudOffIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>
        <span className="font-semibold text-foreground">{t('offline.badge')}</span> {text}
      </p>
    </div>
  );
}

import { AlertTriangleIcon, CircleXIcon, RefreshCwIcon } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { ApiRequestError } from '@web/lib/api';

/** While the yellow state shows, the KPIs are asked for again this often. */
const STILL_LOADING_RETRY_MS = 5_000;

/**
 * The 'RPC' case: the server is not ready yet (starting, deploying, a migration running).
 * Here that is an unreachable server or a 502/503/504, plus any message that mentions RPC.
 */
export function isStillLoadingError(error: unknown): boolean {
  if (error instanceof Error && error.message.includes('RPC')) return true;
  return error instanceof ApiRequestError && [0, 502, 503, 504].includes(error.status);
}

/** The dashboard's error states: the yellow 'still loading' one, or 'Error loading dashboard data'. */
export function DashboardError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('scoreboard');
  const stillLoading = isStillLoadingError(error);

  useEffect(() => {
    if (!stillLoading) return;
    const timer = setTimeout(onRetry, STILL_LOADING_RETRY_MS);
    return () => clearTimeout(timer);
  }, [stillLoading, onRetry, error]);

  if (stillLoading) {
    return (
      <Alert variant="warning" data-testid="dashboard-still-loading">
        <AlertTriangleIcon />
        <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
          <span>{t('errors.stillLoading')}</span>
          <Button size="sm" variant="outline" onClick={() => window.location.reload()}>
            <RefreshCwIcon /> {t('errors.refresh')}
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  const detail = error instanceof ApiRequestError ? t('errors.kpis') : t('errors.unexpected');
  return (
    <Alert variant="destructive">
      <CircleXIcon />
      <AlertTitle>{t('errors.title')}</AlertTitle>
      <AlertDescription className="flex flex-col gap-3">
        <span>
          {detail}
          {error instanceof ApiRequestError && error.message && <span className="block text-xs opacity-80">{error.message}</span>}
        </span>
        <Button size="sm" variant="outline" className="w-fit" onClick={onRetry}>
          <RefreshCwIcon /> {t('errors.retry')}
        </Button>
      </AlertDescription>
    </Alert>
  );
}

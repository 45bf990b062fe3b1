import { CircleXIcon, RefreshCwIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';

/** A screen's data did not load: what failed, the server's reason, and a way to try again. */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('scoreboard');
  return (
    <Alert variant="destructive">
      <CircleXIcon />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription className="flex flex-col gap-3">
        {error instanceof Error && error.message && <span>{error.message}</span>}
        <Button size="sm" variant="outline" className="w-fit" onClick={onRetry}>
          <RefreshCwIcon /> {t('errors.retry')}
        </Button>
      </AlertDescription>
    </Alert>
  );
}

import { AlertCircleIcon, RotateCwIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';

/** A section that could not load: the spec's text, the server's reason, and a way to try again. */
export function LoadError({ title, error, onRetry }: { title: string; error: Error | null; onRetry: () => void }) {
  const { t } = useTranslation('settings');
  return (
    <Alert variant="destructive">
      <AlertCircleIcon />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
        <span>{error?.message}</span>
        <Button size="sm" variant="outline" onClick={onRetry} className="text-foreground">
          <RotateCwIcon /> {t('actions.retry')}
        </Button>
      </AlertDescription>
    </Alert>
  );
}

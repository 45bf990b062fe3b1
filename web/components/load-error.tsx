import { AlertCircleIcon, CircleXIcon, RefreshCwIcon, RotateCwIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';

/*
 * The two layouts are the looks the screens had before they shared this component (decision 032):
 * a screen's section puts the button under the reason, a settings or admin card beside it.
 */
const LAYOUTS = {
  stacked: { Icon: CircleXIcon, RetryIcon: RefreshCwIcon, description: 'flex flex-col gap-3', button: 'w-fit' },
  inline: {
    Icon: AlertCircleIcon,
    RetryIcon: RotateCwIcon,
    description: 'flex flex-wrap items-center justify-between gap-3',
    button: 'text-foreground',
  },
} as const;

/** Data did not load: what failed (in the product's words), the server's reason, and a way to try again. */
export function LoadError({
  title,
  error,
  onRetry,
  layout = 'inline',
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
  layout?: keyof typeof LAYOUTS;
}) {
  const { t } = useTranslation();
  const { Icon, RetryIcon, description, button } = LAYOUTS[layout];
  const reason = error instanceof Error ? error.message : '';
  return (
    <Alert variant="destructive">
      <Icon />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription className={description}>
        {(layout === 'inline' || reason) && <span>{reason}</span>}
        <Button size="sm" variant="outline" className={button} onClick={onRetry}>
          <RetryIcon /> {t('actions.retry')}
        </Button>
      </AlertDescription>
    </Alert>
  );
}

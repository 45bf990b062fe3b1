import { RadioIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';

/**
 * Shown where live updates stopped because a newer tab, device or screen of the same viewer took
 * the stream (decision 020). Calm on purpose: nothing is wrong, and one click takes them back.
 * `screen`: a display link's TV, which still refreshes every minute on its own.
 */
export function LiveUpdatesMovedNotice({ variant, onWatchHere }: { variant: 'tab' | 'screen'; onWatchHere: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      data-slot="live-updates-moved"
      className="fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-xl items-center gap-3 rounded-xl border bg-card px-4 py-3 text-sm text-card-foreground shadow-lg"
    >
      <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
        <RadioIcon className="size-4" aria-hidden />
      </span>
      <p className="flex-1">{variant === 'screen' ? t('liveUpdates.movedScreen') : t('liveUpdates.movedTab')}</p>
      <Button variant="outline" size="sm" onClick={onWatchHere}>
        {t('liveUpdates.watchHere')}
      </Button>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { Toaster as Sonner } from 'sonner';

/**
 * One toast visible at a time, at the bottom: at the top it covered the header's "+ Log" button and
 * the avatar for four seconds after each log, in the way of the next one (decision 057). A dismissed toast is removed at once (a 1,000,000 ms removal delay
 * would only describe an old toast store's bookkeeping, not something a user sees).
 * Colours come from the theme (dark text on a white card, a coloured edge and icon) so every
 * variant passes WCAG AA contrast; sonner's rich colours do not.
 * Loaded on the first toast (./toaster.tsx), not with the page. The close button and the region
 * are named in the reader's language (sonner's own names are English: "Close toast").
 */
export function SonnerToaster() {
  const { t } = useTranslation('common');
  return (
    <Sonner
      visibleToasts={1}
      containerAriaLabel={t('toasts.region')}
      position="bottom-right"
      closeButton
      toastOptions={{
        unstyled: false,
        closeButtonAriaLabel: t('toasts.close'),
        classNames: {
          toast: 'font-sans !bg-card !text-foreground !border !border-border !shadow-lg !rounded-xl',
          title: '!font-semibold',
          description: '!text-muted-foreground !text-sm',
          success: '!border-l-4 !border-l-success [&_[data-icon]]:!text-success',
          error: '!border-l-4 !border-l-destructive [&_[data-icon]]:!text-destructive',
          warning: '!border-l-4 !border-l-warning',
          info: '!border-l-4 !border-l-primary',
          actionButton: '!bg-primary !text-primary-foreground !font-medium',
          cancelButton: '!bg-muted !text-foreground',
        },
      }}
    />
  );
}

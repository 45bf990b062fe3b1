import { useTranslation } from 'react-i18next';
import { Spinner } from '@web/components/ui/spinner';

/** While a dialog's code arrives (a moment on a slow phone network; decision 085): a spinner where it will open. */
export function DialogLoading() {
  const { t } = useTranslation('common');
  return (
    <div role="status" className="fixed inset-0 z-50 grid place-items-center bg-black/10">
      <span className="flex items-center gap-2 rounded-lg bg-background px-4 py-3 text-sm shadow-lg">
        <Spinner />
        {t('status.loading')}
      </span>
    </div>
  );
}

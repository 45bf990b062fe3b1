import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';

/** The edit-mode pair of every settings editor: Cancel, and Save showing 'Saving...' while busy. */
export function SaveCancelButtons({ isSaving, onCancel, size }: { isSaving: boolean; onCancel: () => void; size?: 'sm' }) {
  const { t } = useTranslation('settings');
  return (
    <>
      <Button type="button" variant="outline" size={size} onClick={onCancel} disabled={isSaving}>
        {t('actions.cancel')}
      </Button>
      <Button type="submit" size={size} disabled={isSaving}>
        {isSaving && <Spinner />}
        {isSaving ? t('actions.saving') : t('actions.save')}
      </Button>
    </>
  );
}

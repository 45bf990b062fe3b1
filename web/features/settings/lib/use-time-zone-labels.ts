import { useTranslation } from 'react-i18next';
import type { TimeZonePickerLabels } from '@web/components/time-zone-picker';

export function useTimeZoneLabels(): TimeZonePickerLabels {
  const { t } = useTranslation('settings');
  return { search: t('timezone.search'), suggested: t('timezone.suggested'), all: t('timezone.all'), empty: t('timezone.empty') };
}

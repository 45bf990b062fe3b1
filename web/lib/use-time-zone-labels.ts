import { useTranslation } from 'react-i18next';
import type { TimeZonePickerLabels } from '@web/components/time-zone-picker';

/** The time zone picker's words (the settings namespace): Settings, Company and the new-company form. */
export function useTimeZoneLabels(): TimeZonePickerLabels {
  const { t } = useTranslation('settings');
  return { search: t('timezone.search'), suggested: t('timezone.suggested'), all: t('timezone.all'), empty: t('timezone.empty') };
}

import { ACTIVITY_NOTES_MAX } from '@core/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Textarea } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';

/** The log dialogs' notes: a few lines of what is worth remembering, at most ACTIVITY_NOTES_MAX characters. */
export function LogNotesField({ value, onChange, rows = 3 }: { value: string; onChange: (notes: string) => void; rows?: number }) {
  const { t } = useTranslation('activity');
  const id = useId();
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{t('notes.label')}</Label>
      <Textarea
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={t('notes.placeholder')}
        maxLength={ACTIVITY_NOTES_MAX}
        rows={rows}
      />
    </div>
  );
}

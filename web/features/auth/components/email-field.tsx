import { useTranslation } from 'react-i18next';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';

/**
 * The e-mail field of the sign-in and join forms: read from the form by its name (`email`), so it
 * works typed before the script has loaded.
 */
export function EmailField({ defaultValue }: { defaultValue?: string }) {
  const { t } = useTranslation('auth');
  return (
    <div className="space-y-2">
      <Label htmlFor="email">{t('fields.email')}</Label>
      <Input
        id="email"
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        placeholder={t('fields.emailPlaceholder')}
        defaultValue={defaultValue}
      />
    </div>
  );
}

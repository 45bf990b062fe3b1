import { DEFAULT_COMPANY_NAME } from '@core/contracts';
import { DEFAULT_CURRENCY, SUPPORTED_CURRENCIES } from '@core/money';
import { DEFAULT_TIME_ZONE, isValidTimeZone } from '@core/period';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TimeZonePicker } from '@web/components/time-zone-picker';
import { CardContent } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { FieldError, Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/components/ui/toaster';
import { useUpdateCompanySettings } from '@web/features/company/api/update-company-settings';
import { useSetMemberBoards } from '@web/features/members/api/set-member-boards';
import { normalizeLanguage } from '@web/i18n';
import { useAuth } from '@web/lib/auth/auth-provider';
import { describeCurrency } from '@web/lib/format';
import { useTimeZoneLabels } from '@web/lib/use-time-zone-labels';
import { StepButtons, type StepProps, useFinishStep } from './step-parts';

/* The setup's company steps: name, time zone, currency (decision 042). */

/** The browser's time zone for a company still on the default one (a Stockholm office is asked about Stockholm). */
export function suggestTimeZone(current: string): string {
  if (current !== DEFAULT_TIME_ZONE) return current;
  const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return browser && isValidTimeZone(browser) && browser !== 'UTC' ? browser : current;
}

export const CURRENCY_OF_LANGUAGE: Partial<Record<string, (typeof SUPPORTED_CURRENCIES)[number]>> = { sv: 'SEK', da: 'DKK' };

/** A Swedish or Danish screen's currency for a company still on the default (NOK). */
export function suggestCurrency(current: string, language: string): (typeof SUPPORTED_CURRENCIES)[number] {
  const own = current as (typeof SUPPORTED_CURRENCIES)[number];
  return current === DEFAULT_CURRENCY ? (CURRENCY_OF_LANGUAGE[normalizeLanguage(language)] ?? own) : own;
}

/** Name, time zone or currency: one field of the company, saved through PATCH /company. */
export function CompanyFieldStep({ step, company, onDone, onSkip }: StepProps) {
  const { t, i18n } = useTranslation('settings');
  const id = useId();
  const update = useUpdateCompanySettings();
  const finish = useFinishStep(step, onDone);
  const timeZoneLabels = useTimeZoneLabels();
  // A company still called by the default name starts with an empty field: the default is no answer.
  const [name, setName] = useState(company.name === DEFAULT_COMPANY_NAME ? '' : company.name);
  // A company still on the defaults (Oslo, NOK) is offered the admin's own: the browser's zone, and
  // the currency of a Swedish or Danish screen. Saving is the answer, as before.
  const [timezone, setTimezone] = useState(() => suggestTimeZone(company.timezone));
  const [currency, setCurrency] = useState(() => suggestCurrency(company.currency, i18n.language));
  // Asked with the company's name (decision 081): the admin who sets up often leads without selling.
  const { me, recheck } = useAuth();
  const setBoards = useSetMemberBoards();
  const [sells, setSells] = useState(me?.profile?.onBoards ?? true);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (step === 'company' && name.trim().length === 0) {
      setError(t('setup.nameRequired'));
      return;
    }
    setSaving(true);
    try {
      const patch = step === 'company' ? { name: name.trim() } : step === 'timezone' ? { timezone } : { currency };
      await update.mutateAsync(patch);
      if (step === 'company' && me?.profile && sells !== me.profile.onBoards) {
        await setBoards.mutateAsync({ userId: me.user.id, onBoards: sells });
        await recheck();
      }
      await finish();
    } catch (caught) {
      toast.error(t('setup.saveError'), { description: caught instanceof Error ? caught.message : undefined });
    } finally {
      setSaving(false);
    }
  }

  let field: ReactNode;
  if (step === 'company') {
    field = (
      <div className="space-y-2">
        <Label htmlFor={`${id}-name`}>{t('company.name')}</Label>
        <Input
          id={`${id}-name`}
          value={name}
          onChange={(e) => (setName(e.target.value), setError(null))}
          maxLength={100}
          autoComplete="organization"
          placeholder={t('setup.namePlaceholder')}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
        />
        {error ? (
          <FieldError id={`${id}-error`}>{error}</FieldError>
        ) : (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {t('setup.nameHint')}
          </p>
        )}
        {me?.profile && (
          <div className="mt-5 flex items-start gap-3 rounded-lg border p-3">
            <Switch
              id={`${id}-sells`}
              checked={sells}
              onCheckedChange={setSells}
              aria-describedby={`${id}-sells-hint`}
              className="mt-0.5"
            />
            <div className="space-y-1">
              <Label htmlFor={`${id}-sells`}>{t('setup.sells.label')}</Label>
              <p id={`${id}-sells-hint`} className="text-xs text-muted-foreground">
                {t('setup.sells.hint')}
              </p>
            </div>
          </div>
        )}
      </div>
    );
  } else if (step === 'timezone') {
    field = (
      <div className="space-y-2">
        <Label htmlFor={`${id}-tz`}>{t('company.timezone')}</Label>
        <TimeZonePicker id={`${id}-tz`} value={timezone} onChange={setTimezone} labels={timeZoneLabels} aria-describedby={`${id}-hint`} />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {t('company.timezoneHint')}
        </p>
      </div>
    );
  } else {
    field = (
      <div className="space-y-2">
        <Label htmlFor={`${id}-currency`}>{t('company.currency')}</Label>
        <Select value={currency} onValueChange={(value) => setCurrency(value as typeof currency)}>
          <SelectTrigger id={`${id}-currency`} aria-describedby={`${id}-hint`} className="sm:w-80">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {SUPPORTED_CURRENCIES.map((code) => (
              <SelectItem key={code} value={code}>
                {describeCurrency(code, i18n.language)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {t('company.currencyHint')}
        </p>
      </div>
    );
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <CardContent>{field}</CardContent>
      <StepButtons onSkip={onSkip} isSaving={isSaving} />
    </form>
  );
}

import { type CompanySettings as Company, LATE_LOGGING_DAYS_MAX, UpdateCompanySchema } from '@core/contracts';
import { SUPPORTED_CURRENCIES } from '@core/money';
import { zodResolver } from '@hookform/resolvers/zod';
import { ActivityIcon, Building2Icon, type LucideIcon, PencilIcon, UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DetailRow } from '@web/components/detail-row';
import { LANGUAGE_NAMES, LanguageSelect } from '@web/components/language-select';
import { LoadError } from '@web/components/load-error';
import { SaveCancelButtons } from '@web/components/save-cancel-buttons';
import { SettingsCardSkeleton } from '@web/components/settings-card-skeleton';
import { TimeZonePicker } from '@web/components/time-zone-picker';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { FieldError, Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/toaster';
import { showFieldRefusals } from '@web/lib/api';
import { useAuth } from '@web/lib/auth/auth-provider';
import { describeCurrency, formatCount, formatDate } from '@web/lib/format';
import { formatTimeZoneOffset } from '@web/lib/time-zones';
import { useErrorToast } from '@web/lib/use-error-toast';
import { useTimeZoneLabels } from '@web/lib/use-time-zone-labels';
import { useCompanySettings } from '../api/get-company-settings';
import { useUpdateCompanySettings } from '../api/update-company-settings';

/** Company tab: counts, then name, time zone and currency (admins edit, users read). */
export function CompanySettings() {
  const { t, i18n } = useTranslation('settings');
  const { isAdmin } = useAuth();
  const company = useCompanySettings();
  const [isEditing, setEditing] = useState(false);
  useErrorToast(company.error, t('toasts.companyLoadError'));

  if (company.isError)
    return <LoadError title={t('toasts.companyLoadError')} error={company.error} onRetry={() => void company.refetch()} />;

  const data = company.data;
  const lang = i18n.language;
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-3 gap-3 sm:gap-4">
        <StatCard icon={UsersIcon} label={t('company.members')} value={data ? formatCount(data.counts.members, lang) : null} />
        <StatCard icon={ActivityIcon} label={t('company.activities')} value={data ? formatCount(data.counts.activities, lang) : null} />
        <StatCard icon={Building2Icon} label={t('company.customers')} value={data ? formatCount(data.counts.customers, lang) : null} />
      </div>
      {!data ? (
        <SettingsCardSkeleton />
      ) : isEditing && isAdmin ? (
        <CompanyForm company={data} onDone={() => setEditing(false)} />
      ) : (
        <Card>
          <CardHeader className="flex-row items-start justify-between gap-4">
            <div className="space-y-1.5">
              <CardTitle>{t('company.title')}</CardTitle>
              <CardDescription>{isAdmin ? t('company.description') : t('company.readOnly')}</CardDescription>
            </div>
            {isAdmin && (
              <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
                <PencilIcon /> {t('actions.edit')}
              </Button>
            )}
          </CardHeader>
          <CardContent>
            <dl className="divide-y">
              <DetailRow label={t('company.name')}>{data.name}</DetailRow>
              <DetailRow label={t('company.timezone')} hint={t('company.timezoneHint')}>
                {data.timezone.replaceAll('_', ' ')} <span className="text-muted-foreground">({formatTimeZoneOffset(data.timezone)})</span>
              </DetailRow>
              <DetailRow label={t('company.currency')} hint={t('company.currencyHint')}>
                {describeCurrency(data.currency, lang)}
              </DetailRow>
              <DetailRow label={t('company.language')} hint={t('company.languageHint')}>
                {data.language ? LANGUAGE_NAMES[data.language] : t('company.languageUnset')}
              </DetailRow>
              <DetailRow label={t('company.lateLogging')} hint={t('company.lateLoggingHint')}>
                {data.lateLoggingDays === 0
                  ? t('company.lateLoggingTodayOnly')
                  : t('company.lateLoggingDays', { count: data.lateLoggingDays })}
              </DetailRow>
              <DetailRow label={t('company.created')}>{formatDate(data.createdAt, lang)}</DetailRow>
            </dl>
          </CardContent>
        </Card>
      )}
    </div>
  );
}

function StatCard({ icon: Icon, label, value }: { icon: LucideIcon; label: string; value: string | null }) {
  return (
    <Card className="p-3 sm:p-4">
      <div className="flex items-center gap-2 text-muted-foreground">
        <Icon className="hidden size-4 shrink-0 sm:block" aria-hidden />
        <span className="truncate text-xs font-medium sm:text-sm">{label}</span>
      </div>
      {value === null ? (
        <Skeleton className="mt-2 h-7 w-12" />
      ) : (
        <p className="mt-1 text-2xl font-semibold tracking-tight tabular">{value}</p>
      )}
    </Card>
  );
}

function CompanyForm({ company, onDone }: { company: Company; onDone: () => void }) {
  const { t, i18n } = useTranslation('settings');
  const update = useUpdateCompanySettings();
  const timeZoneLabels = useTimeZoneLabels();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(UpdateCompanySchema),
    defaultValues: {
      name: company.name,
      timezone: company.timezone,
      currency: company.currency as (typeof SUPPORTED_CURRENCIES)[number],
      lateLoggingDays: company.lateLoggingDays,
      language: company.language,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      toast.success(t('toasts.companyUpdated'));
      onDone();
    } catch (error) {
      showFieldRefusals(error, ['name', 'timezone', 'currency', 'lateLoggingDays', 'language'], setError);
      toast.error(t('toasts.companyUpdateError'), { description: error instanceof Error ? error.message : undefined });
    }
  });

  return (
    <Card>
      <form onSubmit={onSubmit} noValidate>
        <CardHeader>
          <CardTitle>{t('company.editTitle')}</CardTitle>
          <CardDescription>{t('company.description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          <div className="space-y-2 sm:col-span-2">
            <Label htmlFor="companyName">{t('company.name')}</Label>
            <Input
              id="companyName"
              maxLength={100}
              autoComplete="organization"
              aria-invalid={Boolean(errors.name)}
              aria-describedby={errors.name ? 'companyName-error' : undefined}
              {...register('name')}
            />
            <FieldError id="companyName-error">{errors.name?.message}</FieldError>
          </div>
          <div className="space-y-2">
            <Label htmlFor="companyTimezone">{t('company.timezone')}</Label>
            <Controller
              control={control}
              name="timezone"
              render={({ field }) => (
                <TimeZonePicker
                  id="companyTimezone"
                  value={field.value ?? company.timezone}
                  onChange={field.onChange}
                  labels={timeZoneLabels}
                  aria-invalid={Boolean(errors.timezone)}
                  aria-describedby={errors.timezone ? 'companyTimezone-error' : 'companyTimezone-hint'}
                />
              )}
            />
            {errors.timezone ? (
              <FieldError id="companyTimezone-error">{errors.timezone.message}</FieldError>
            ) : (
              <p id="companyTimezone-hint" className="text-xs text-muted-foreground">
                {t('company.timezoneHint')}
              </p>
            )}
          </div>
          <div className="space-y-2">
            <Label htmlFor="companyCurrency">{t('company.currency')}</Label>
            <Controller
              control={control}
              name="currency"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger id="companyCurrency" aria-describedby="companyCurrency-hint">
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
              )}
            />
            <p id="companyCurrency-hint" className="text-xs text-muted-foreground">
              {t('company.currencyHint')}
            </p>
          </div>
          <div className="space-y-2 sm:col-span-2">
            <Label htmlFor="companyLanguage">{t('company.language')}</Label>
            <Controller
              control={control}
              name="language"
              render={({ field }) => (
                <LanguageSelect
                  id="companyLanguage"
                  value={field.value}
                  onChange={field.onChange}
                  unsetLabel={t('company.languageUnset')}
                  aria-describedby="companyLanguage-hint"
                />
              )}
            />
            <p id="companyLanguage-hint" className="text-xs text-muted-foreground">
              {t('company.languageHint')}
            </p>
          </div>
          <div className="space-y-2 sm:col-span-2">
            <Label htmlFor="companyLateLogging">{t('company.lateLogging')}</Label>
            <div className="flex items-center gap-3">
              <Input
                id="companyLateLogging"
                type="number"
                inputMode="numeric"
                min={0}
                max={LATE_LOGGING_DAYS_MAX}
                step={1}
                className="w-24"
                aria-invalid={Boolean(errors.lateLoggingDays)}
                aria-describedby={errors.lateLoggingDays ? 'companyLateLogging-error' : 'companyLateLogging-hint'}
                {...register('lateLoggingDays', { valueAsNumber: true })}
              />
              <span className="text-sm text-muted-foreground">{t('company.lateLoggingUnit')}</span>
            </div>
            {errors.lateLoggingDays ? (
              <FieldError id="companyLateLogging-error">{errors.lateLoggingDays.message}</FieldError>
            ) : (
              <p id="companyLateLogging-hint" className="text-xs text-muted-foreground">
                {t('company.lateLoggingFormHint', { max: LATE_LOGGING_DAYS_MAX })}
              </p>
            )}
          </div>
        </CardContent>
        <CardFooter className="justify-end gap-2 border-t pt-5">
          <SaveCancelButtons isSaving={update.isPending} onCancel={onDone} />
        </CardFooter>
      </form>
    </Card>
  );
}

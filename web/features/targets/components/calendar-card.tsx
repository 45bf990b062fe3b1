import { toLanguage } from '@core/contracts';
import { CALENDAR_COUNTRIES, type CalendarCountry } from '@core/pacing/countries';
import { isLocalDate } from '@core/period';
import { CalendarOffIcon, XIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { FieldError, Label } from '@web/components/ui/label';
import { LazySelect } from '@web/components/ui/lazy-select';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/toaster';
import { useCompanyFormat } from '@web/lib/format';
import { showErrorToast } from '@web/lib/show-error-toast';
import { useAddDayOff, useCalendar, useRemoveDayOff, useUpdateCalendar } from '../api/calendar';

/** How many coming public holidays the card lists. */
const HOLIDAYS_SHOWN = 6;

/** The company's working calendar: whose public holidays are days off, and its own days off. */
export function CalendarCard() {
  const { t, i18n } = useTranslation('targets');
  const language = toLanguage(i18n.language) ?? 'en';
  const format = useCompanyFormat();
  const calendar = useCalendar(language);
  const updateCalendar = useUpdateCalendar(language);
  const removeDayOff = useRemoveDayOff(language);
  const id = useId();
  const countryName = (country: CalendarCountry) => t(`calendar.countries.${country}`);
  const onError = (error: unknown) => showErrorToast(t('calendar.saveError'), t('tryAgainText'), error);

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('calendar.title')}</CardTitle>
        <CardDescription>{t('calendar.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {calendar.isError ? (
          <LoadError title={t('calendar.loadError')} error={calendar.error} onRetry={() => void calendar.refetch()} />
        ) : calendar.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : (
          <div className="grid gap-6 md:grid-cols-2">
            <div className="space-y-5">
              <div className="max-w-xs space-y-1.5">
                <Label id={`${id}-country`}>{t('calendar.country')}</Label>
                <LazySelect
                  value={calendar.data.country}
                  onValueChange={(country) =>
                    updateCalendar.mutate(
                      { country },
                      { onSuccess: () => toast.success(t('calendar.countrySaved', { country: countryName(country) })), onError },
                    )
                  }
                  options={CALENDAR_COUNTRIES.map((country) => ({ value: country, label: countryName(country) }))}
                  aria-labelledby={`${id}-country`}
                  className="w-full"
                />
              </div>
              <div className="space-y-2">
                <h3 className="text-sm font-semibold">{t('calendar.holidays')}</h3>
                <ul className="space-y-1 text-sm">
                  {calendar.data.holidays.slice(0, HOLIDAYS_SHOWN).map((holiday) => (
                    <li key={holiday.date} className="flex justify-between gap-3">
                      <span>{holiday.name}</span>
                      <span className="whitespace-nowrap text-muted-foreground tabular">{format.shortDay(holiday.date)}</span>
                    </li>
                  ))}
                </ul>
              </div>
            </div>
            <div className="space-y-3">
              <h3 className="text-sm font-semibold">{t('calendar.daysOff')}</h3>
              {calendar.data.daysOff.length === 0 ? (
                <p className="flex items-center gap-2 text-sm text-muted-foreground">
                  <CalendarOffIcon className="size-4" aria-hidden />
                  {t('calendar.noDaysOff')}
                </p>
              ) : (
                <ul className="divide-y rounded-lg border">
                  {calendar.data.daysOff.map((day) => (
                    <li key={day.date} className="flex items-center gap-3 px-3 py-2 text-sm">
                      <span className="flex-1 break-words">{day.label}</span>
                      <span className="whitespace-nowrap text-muted-foreground tabular">{format.shortDay(day.date)}</span>
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-7"
                        aria-label={t('calendar.remove', { label: day.label })}
                        disabled={removeDayOff.isPending}
                        onClick={() => removeDayOff.mutate(day.date, { onSuccess: () => toast.success(t('calendar.removed')), onError })}
                      >
                        <XIcon aria-hidden />
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
              <DayOffForm />
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function DayOffForm() {
  const { t, i18n } = useTranslation('targets');
  const addDayOff = useAddDayOff(toLanguage(i18n.language) ?? 'en');
  const id = useId();
  const [date, setDate] = useState('');
  const [label, setLabel] = useState('');
  const [errors, setErrors] = useState<{ date?: string; label?: string }>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = { date: date ? undefined : t('calendar.errors.date'), label: label.trim() ? undefined : t('calendar.errors.label') };
    setErrors(next);
    if (next.date || next.label || !isLocalDate(date)) return;
    addDayOff.mutate(
      { date, label: label.trim() },
      {
        onSuccess: () => {
          toast.success(t('calendar.added'));
          setDate('');
          setLabel('');
        },
        onError: (error) => showErrorToast(t('calendar.saveError'), t('tryAgainText'), error),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-[auto_1fr_auto] sm:items-end">
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-date`}>{t('calendar.date')}</Label>
        <Input
          id={`${id}-date`}
          type="date"
          value={date}
          onChange={(e) => setDate(e.target.value)}
          aria-invalid={errors.date ? true : undefined}
          aria-describedby={errors.date ? `${id}-date-error` : undefined}
        />
        <FieldError id={`${id}-date-error`}>{errors.date}</FieldError>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-label`}>{t('calendar.label')}</Label>
        <Input
          id={`${id}-label`}
          value={label}
          maxLength={80}
          placeholder={t('calendar.labelPlaceholder')}
          onChange={(e) => setLabel(e.target.value)}
          aria-invalid={errors.label ? true : undefined}
          aria-describedby={errors.label ? `${id}-label-error` : undefined}
        />
        <FieldError id={`${id}-label-error`}>{errors.label}</FieldError>
      </div>
      <Button type="submit" variant="outline" disabled={addDayOff.isPending}>
        {t('calendar.add')}
      </Button>
    </form>
  );
}

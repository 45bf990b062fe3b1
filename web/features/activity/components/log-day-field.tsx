import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TimeInput } from '@web/components/time-input';
import { Label } from '@web/components/ui/label';
import { LazySelect } from '@web/components/ui/lazy-select';
import { useCompanyFormat } from '@web/lib/format';
import { useLoggingDays } from '../api/get-logging-days';
import { cn } from '@web/lib/cn';

/** The day (and, for an earlier day, the time) an activity is logged for; '' is today. */
export type LogDay = { date: string; time: string };
export const TODAY: LogDay = { date: '', time: '' };

/** What the request carries: nothing for today, the day and an optional time for an earlier one. */
export function toLogDayRequest(value: LogDay): { localDate?: string; time?: string } {
  if (value.date === '') return {};
  return value.time === '' ? { localDate: value.date } : { localDate: value.date, time: value.time };
}

/**
 * When it happened (late logging, decision 041): Today by default, or an earlier day of the
 * company's window, in the company's zone; with an earlier day, an optional time of day. Not shown
 * when the company allows only today.
 */
export function LogDayField({ value, onChange, disabled }: { value: LogDay; onChange: (value: LogDay) => void; disabled?: boolean }) {
  const { t } = useTranslation('activity');
  const format = useCompanyFormat();
  const { today, days } = useLoggingDays();
  const labelId = useId();
  const timeId = useId();
  if (today === undefined || days.length <= 1) return null;

  const options = days.map((day, back) => ({
    value: back === 0 ? '' : day,
    label: back === 0 ? t('day.today') : back === 1 ? t('day.yesterday', { date: format.shortDay(day) }) : format.shortDay(day),
  }));
  return (
    // Two columns only with the time beside the day: an empty second column kept its gap, and the
    // day's field was narrower than the dialog's others.
    <div className={cn('grid gap-3', value.date !== '' && 'sm:grid-cols-[1fr_auto]')}>
      <div className="space-y-2">
        <Label id={labelId}>{t('day.label')}</Label>
        <LazySelect
          value={value.date}
          onValueChange={(date) => onChange({ date, time: date === '' ? '' : value.time })}
          options={options}
          aria-labelledby={labelId}
          className="w-full"
        />
      </div>
      {value.date !== '' && (
        <div className="space-y-2">
          <Label htmlFor={timeId}>{t('day.time')}</Label>
          <TimeInput
            id={timeId}
            value={value.time}
            onValueChange={(time) => onChange({ ...value, time })}
            disabled={disabled}
            className="sm:w-32"
          />
        </div>
      )}
      {value.date !== '' && <p className="text-xs text-muted-foreground sm:col-span-2">{t('day.lateHint')}</p>}
    </div>
  );
}

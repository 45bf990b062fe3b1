import { compareWrapupToLog } from '@core/coaching';
import { type SaveWrapup, SaveWrapupSchema, WRAPUP_NUMBER_MAX, WRAPUP_TEXT_MAX, type WrapupToday } from '@core/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { BanknoteIcon, CalendarCheckIcon, type LucideIcon, PhoneIcon, RefreshCwIcon, SparklesIcon } from 'lucide-react';
import { useMemo } from 'react';
import { type FieldError as HookFieldError, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input, Textarea } from '@web/components/ui/input';
import { FieldError, Label } from '@web/components/ui/label';
import { toast } from '@web/components/ui/toaster';
import { WrapupComparison } from '@web/components/wrapup-comparison';
import { findErrorReason } from '@web/lib/api';
import { useCompanyFormat } from '@web/lib/format';
import { useSaveWrapup } from '../api/save-wrapup';

type NumberKey = 'calls' | 'meetings' | 'sales' | 'points';

const NUMBER_FIELDS: { key: NumberKey; icon: LucideIcon }[] = [
  { key: 'calls', icon: PhoneIcon },
  { key: 'meetings', icon: CalendarCheckIcon },
  { key: 'sales', icon: BanknoteIcon },
  { key: 'points', icon: SparklesIcon },
];

/** What the form shows: the saved wrap-up, or else the day's numbers from the activities. */
export function computeFormValues(today: WrapupToday): SaveWrapup {
  const source = today.saved ?? today.prefill;
  return {
    calls: source.calls,
    meetings: source.meetings,
    sales: source.sales,
    points: source.points,
    good: today.saved?.good ?? '',
    improve: today.saved?.improve ?? '',
  };
}

/**
 * Today's wrap-up form. After a save it keeps showing what was saved (docs/decisions: resetting to
 * zeros would show a rep a blank form for a day they just reported). While nothing is
 * saved, untouched numbers follow the activities live; numbers the rep typed stay as typed.
 */
export function WrapupForm({ today }: { today: WrapupToday }) {
  const { t } = useTranslation('wrapup');
  const format = useCompanyFormat();
  const saveWrapup = useSaveWrapup();
  const values = useMemo(() => computeFormValues(today), [today]);
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    control,
    formState: { errors },
  } = useForm<SaveWrapup>({
    resolver: zodResolver(SaveWrapupSchema),
    values,
    resetOptions: { keepDirtyValues: true },
  });
  const isSaved = today.saved !== null;
  // What the rep typed against what the log says today (the server's rollup, refreshed live): shown
  // before saving so the report never silently disagrees with the log; saving stays allowed.
  const [calls, meetings, sales, points] = useWatch({ control, name: ['calls', 'meetings', 'sales', 'points'] });
  const differences = compareWrapupToLog({ calls, meetings, sales, points }, today.prefill);

  const errorText = (error: HookFieldError | undefined, max: number) => {
    if (!error) return undefined;
    if (error.type === 'too_small') return t('form.errors.min');
    if (error.type === 'too_big')
      return max === WRAPUP_TEXT_MAX ? t('form.errors.tooLong', { max }) : t('form.errors.max', { max: format.number(max) });
    return t('form.errors.whole');
  };

  const onSubmit = handleSubmit((input) =>
    saveWrapup.mutate(input, {
      onSuccess: ({ wrapup, created }) => {
        reset({
          calls: wrapup.calls,
          meetings: wrapup.meetings,
          sales: wrapup.sales,
          points: wrapup.points,
          good: wrapup.good ?? '',
          improve: wrapup.improve ?? '',
        });
        toast.success(created ? t('toast.saved') : t('toast.updated'), { description: t('toast.savedText') });
      },
      onError: (error) => {
        const reason = findErrorReason(error);
        toast.error(t('toast.error'), { description: reason ? `${t('toast.couldNotSave')}. ${reason}` : t('toast.couldNotSave') });
      },
    }),
  );

  const fillFromActivities = () => {
    for (const { key } of NUMBER_FIELDS) setValue(key, today.prefill[key], { shouldDirty: true, shouldValidate: true });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <span id="wrapup-form-heading">{t('form.heading')}</span>
        </CardTitle>
        <CardDescription>
          {isSaved && today.saved ? t('form.savedAt', { time: format.time(today.saved.updatedAt) }) : t('form.prefilled')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="space-y-5" noValidate aria-labelledby="wrapup-form-heading">
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {NUMBER_FIELDS.map(({ key, icon: Icon }) => {
              const id = `wrapup-${key}`;
              const message = errorText(errors[key], WRAPUP_NUMBER_MAX);
              return (
                <div key={key} className="space-y-1.5 rounded-lg border bg-muted/30 p-3">
                  <Label htmlFor={id} className="text-muted-foreground">
                    <Icon className="size-3.5" aria-hidden />
                    {t(`form.${key}`)}
                  </Label>
                  <Input
                    id={id}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={WRAPUP_NUMBER_MAX}
                    step={1}
                    className="tabular h-10 bg-card text-lg font-semibold"
                    aria-invalid={message ? true : undefined}
                    aria-describedby={message ? `${id}-error` : undefined}
                    {...register(key, { valueAsNumber: true })}
                  />
                  <FieldError id={`${id}-error`}>{message}</FieldError>
                </div>
              );
            })}
          </div>
          <div className="flex justify-end">
            <Button type="button" variant="link" size="sm" className="h-auto px-0" onClick={fillFromActivities}>
              <RefreshCwIcon aria-hidden /> {t('form.useActivities')}
            </Button>
          </div>

          <div className="grid gap-4 md:grid-cols-2">
            {(['good', 'improve'] as const).map((key) => {
              const id = `wrapup-${key}`;
              const message = errorText(errors[key], WRAPUP_TEXT_MAX);
              return (
                <div key={key} className="space-y-2">
                  <Label htmlFor={id}>{t(`form.${key}`)}</Label>
                  <Textarea
                    id={id}
                    rows={4}
                    maxLength={WRAPUP_TEXT_MAX}
                    placeholder={t(`form.${key}Placeholder`)}
                    aria-invalid={message ? true : undefined}
                    aria-describedby={message ? `${id}-error` : undefined}
                    {...register(key)}
                  />
                  <FieldError id={`${id}-error`}>{message}</FieldError>
                </div>
              );
            })}
          </div>

          <WrapupComparison differences={differences} perspective="author" />

          <div className="flex justify-end">
            <Button type="submit" size="lg" disabled={saveWrapup.isPending} className="w-full sm:w-auto">
              {saveWrapup.isPending ? t('form.saving') : isSaved ? t('form.update') : t('form.save')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

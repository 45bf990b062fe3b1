import { type ActivityType, ActivityTypeInputSchema } from '@core/contracts';
import { pickName } from '@core/activity-types';
import { LANGUAGES } from '@core/language';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_TYPE_ICON_COMPONENTS, ACTIVITY_TYPE_TONES } from '@web/components/activity-type-icon';
import { LookColourPicker, LookIconPicker } from '@web/components/look-pickers';
import { LabelledSwitch } from '@web/components/labelled-switch';
import { WholeNumberField } from '@web/components/whole-number-field';
import { SegmentedChoice } from '@web/components/segmented-choice';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { FieldError, Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toaster';
import { LANGUAGE_NAMES } from '@web/i18n';
import { ApiRequestError, findErrorReason } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { collectIssueErrors } from '@web/lib/issue-errors';
import { useSaveActivityType } from '../api/save-activity-type';
import { type EditorForm, type Language, newForm, toForm, toInput } from '../lib/editor-form';
import { FieldsEditor, OutcomesEditor } from './activity-type-entries';

/**
 * Creating or changing one of the company's own activity types (decision 100): its names in each
 * language (one language at a time, the screen's first), icon and colour, points, outcomes, fields
 * and a daily bonus. The shared contract checks the form before it is sent, in the screen's
 * language; the server's refusals (a name another type has) show where they belong.
 */
export function ActivityTypeEditor({
  open,
  onOpenChange,
  type,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The type to change; null for a new one. */
  type: ActivityType | null;
}) {
  const { t, i18n } = useTranslation('settings');
  const id = useId();
  const save = useSaveActivityType(type?.id ?? null);
  const [language, setLanguage] = useState<Language>(() => (LANGUAGES.find((l) => l === i18n.language) ?? 'en') as Language);
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** Every change clears the refusals shown: they were about what was there when it was saved (saving checks again). */
  const [form, setFormState] = useState<EditorForm>(() => (type ? toForm(type) : newForm()));
  const setForm: typeof setFormState = (change) => {
    setErrors({});
    setFormState(change);
  };
  const set = <K extends keyof EditorForm>(key: K, value: EditorForm[K]) => setForm((current) => ({ ...current, [key]: value }));
  const field = (name: string) => `${id}-${name}`;
  const errorOf = (name: string) => errors[name];

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = toInput(form);
    const checked = ActivityTypeInputSchema.safeParse(input);
    if (!checked.success) {
      setErrors(collectIssueErrors(checked.error.issues));
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync(input);
      toast.success(type ? t('activityTypes.saved') : t('activityTypes.created'), { description: pickName(saved.names, i18n.language) });
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'type_exists') setErrors({ names: error.message });
      else if (error instanceof ApiRequestError && error.details) setErrors(error.details);
      toast.error(t('activityTypes.saveFailed'), { description: findErrorReason(error) });
    }
  }

  const Icon = ACTIVITY_TYPE_ICON_COMPONENTS[form.icon];
  const shownName = pickName(form.names, language, i18n.language);

  return (
    <Dialog open={open} onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent className="max-h-[92dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{type ? t('activityTypes.editTitle') : t('activityTypes.createTitle')}</DialogTitle>
          <DialogDescription>{t('activityTypes.editorDescription')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void submit(e)} className="space-y-6" noValidate>
          <SegmentedChoice
            legend={t('activityTypes.namesIn')}
            name={field('language')}
            value={language}
            onChange={setLanguage}
            help={t('activityTypes.namesHint')}
            options={LANGUAGES.map((choice) => ({
              value: choice,
              label: (
                <>
                  {LANGUAGE_NAMES[choice]}
                  {/* A dot marks a language that has a name already (the inputs say which when opened). */}
                  {form.names[choice].trim() !== '' && (
                    <span className="ms-1.5 inline-block size-1.5 rounded-full bg-current align-middle" aria-hidden />
                  )}
                </>
              ),
            }))}
          />

          <div className="flex items-end gap-3">
            <span
              className={cn('mb-0.5 flex size-9 shrink-0 items-center justify-center rounded-full', ACTIVITY_TYPE_TONES[form.colour])}
              aria-hidden
            >
              <Icon className="size-4" />
            </span>
            <div className="min-w-0 flex-1 space-y-1.5">
              <Label htmlFor={field('name')}>{t('activityTypes.name', { language: LANGUAGE_NAMES[language] })}</Label>
              <Input
                id={field('name')}
                value={form.names[language]}
                onChange={(e) => set('names', { ...form.names, [language]: e.target.value })}
                maxLength={40}
                placeholder={shownName || t('activityTypes.namePlaceholder')}
                aria-invalid={!!(errorOf('names') ?? errorOf(`names.${language}`))}
                aria-describedby={field('name-error')}
              />
              <FieldError id={field('name-error')}>{errorOf('names') ?? errorOf(`names.${language}`)}</FieldError>
            </div>
          </div>

          <LookIconPicker name={field('icon')} legend={t('activityTypes.icon')} value={form.icon} onChange={(icon) => set('icon', icon)} />

          <div className="grid gap-4 sm:grid-cols-2">
            <LookColourPicker
              name={field('colour')}
              legend={t('activityTypes.colour')}
              value={form.colour}
              onChange={(colour) => set('colour', colour)}
            />
            <div className="space-y-1.5">
              <Label htmlFor={field('points')}>{t('activityTypes.points')}</Label>
              <Input
                id={field('points')}
                inputMode="numeric"
                value={form.points}
                onChange={(e) => set('points', e.target.value)}
                className="w-28"
                aria-invalid={!!errorOf('points')}
                aria-describedby={`${field('points-hint')} ${field('points-error')}`}
              />
              <p id={field('points-hint')} className="text-xs text-muted-foreground">
                {t('activityTypes.pointsHint')}
              </p>
              <FieldError id={field('points-error')}>{errorOf('points')}</FieldError>
            </div>
          </div>

          <OutcomesEditor form={form} setForm={setForm} language={language} errors={errors} />
          <FieldsEditor form={form} setForm={setForm} language={language} errors={errors} inUse={type?.inUse ?? false} />

          <fieldset className="space-y-3 rounded-lg border p-3">
            <legend className="px-1 text-sm font-medium">{t('activityTypes.bonus')}</legend>
            <LabelledSwitch label={t('activityTypes.bonusOn')} checked={form.bonusOn} onChange={(on) => set('bonusOn', on)} />
            {form.bonusOn && (
              <div className="grid gap-3 sm:grid-cols-2">
                <WholeNumberField
                  id={field('bonus-threshold')}
                  label={t('activityTypes.bonusThreshold')}
                  value={form.bonusThreshold}
                  onChange={(value) => set('bonusThreshold', value)}
                  error={errorOf('bonus.threshold')}
                  inputClassName="w-28"
                />
                <WholeNumberField
                  id={field('bonus-points')}
                  label={t('activityTypes.bonusPoints')}
                  value={form.bonusPoints}
                  onChange={(value) => set('bonusPoints', value)}
                  error={errorOf('bonus.points')}
                  inputClassName="w-28"
                />
                <p className="text-xs text-muted-foreground sm:col-span-2">
                  {t('activityTypes.bonusHint', { threshold: form.bonusThreshold || '…', points: form.bonusPoints || '…' })}
                </p>
              </div>
            )}
          </fieldset>

          <CelebrationChoice form={form} setForm={setForm} language={language} />

          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={save.isPending}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <Spinner />}
              {type ? t('activityTypes.save') : t('activityTypes.create')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * What of this type the walls and the app celebrate (decision 105): every one, or only those with
 * the outcomes ticked (an outcome is named in the editor's language, else in another it has).
 */
function CelebrationChoice({
  form,
  setForm,
  language,
}: {
  form: EditorForm;
  setForm: (change: (current: EditorForm) => EditorForm) => void;
  language: Language;
}) {
  const { t } = useTranslation('settings');
  const named = form.outcomes.filter((row) => Object.values(row.names).some((name) => name.trim() !== ''));
  const setOutcome = (key: string, celebrate: boolean) =>
    setForm((current) => ({ ...current, outcomes: current.outcomes.map((row) => (row.key === key ? { ...row, celebrate } : row)) }));
  return (
    <fieldset className="space-y-3 rounded-lg border p-3">
      <legend className="px-1 text-sm font-medium">{t('activityTypes.celebrate')}</legend>
      <LabelledSwitch
        label={t('activityTypes.celebrateEvery')}
        checked={form.celebrate}
        onChange={(on) => setForm((current) => ({ ...current, celebrate: on }))}
      />
      {!form.celebrate && named.length > 0 && (
        <fieldset className="space-y-2">
          <legend className="text-xs text-muted-foreground">{t('activityTypes.celebrateOutcomes')}</legend>
          <ul className="flex flex-wrap gap-x-4 gap-y-2">
            {named.map((row) => (
              <li key={row.key}>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={row.celebrate}
                    onChange={(e) => setOutcome(row.key, e.target.checked)}
                  />
                  {row.names[language].trim() || pickName(row.names, language)}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <p className="text-xs text-muted-foreground">{t('activityTypes.celebrateHint')}</p>
    </fieldset>
  );
}

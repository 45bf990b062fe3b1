import { ACTIVITY_FIELD_KINDS, ACTIVITY_FIELD_OPTIONS_MAX, ACTIVITY_TYPE_FIELDS_MAX, ACTIVITY_TYPE_OUTCOMES_MAX } from '@core/contracts';
import { PlusIcon, XIcon } from 'lucide-react';
import { type Dispatch, type SetStateAction, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { FieldError } from '@web/components/ui/label';
import { LazySelect } from '@web/components/ui/lazy-select';
import {
  type EditorForm,
  type FieldRow,
  type Language,
  type Names,
  newField,
  newOption,
  newOutcome,
  type OptionRow,
} from '../lib/editor-form';

/*
 * The type editor's lists (activity-type-editor.tsx): outcomes with their points, and fields with
 * their kind, whether they are required, a choice's options and a money field's points per unit.
 * Names are edited in the editor's chosen language; a row's other languages are kept as they are.
 */

type Props = {
  form: EditorForm;
  /** The type has activities: a field already saved keeps its kind (its values were written for it). */
  inUse?: boolean;
  setForm: Dispatch<SetStateAction<EditorForm>>;
  language: Language;
  errors: Record<string, string>;
};

const withName = (names: Names, language: Language, value: string): Names => ({ ...names, [language]: value });
/** What a row is called in another language, shown as the empty input's hint. */
const hintOf = (names: Names, language: Language) => Object.entries(names).find(([l, v]) => l !== language && v.trim() !== '')?.[1];

export function OutcomesEditor({ form, setForm, language, errors }: Props) {
  const { t } = useTranslation('settings');
  const id = useId();
  const update = (key: string, change: Partial<EditorForm['outcomes'][number]>) =>
    setForm((current) => ({ ...current, outcomes: current.outcomes.map((row) => (row.key === key ? { ...row, ...change } : row)) }));
  const remove = (key: string) => setForm((current) => ({ ...current, outcomes: current.outcomes.filter((row) => row.key !== key) }));
  const add = () => setForm((current) => ({ ...current, outcomes: [...current.outcomes, newOutcome()] }));

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{t('activityTypes.outcomes')}</legend>
      <p className="text-xs text-muted-foreground">{t('activityTypes.outcomesHint')}</p>
      {form.outcomes.length > 0 && (
        <ul className="space-y-2" aria-label={t('activityTypes.outcomes')}>
          {form.outcomes.map((row, i) => {
            const nameError = errors[`outcomes.${i}.names`] ?? errors[`outcomes.${i}.names.${language}`];
            const pointsError = errors[`outcomes.${i}.points`];
            return (
              <li key={row.key} className="space-y-1">
                <div className="flex items-center gap-2">
                  <Input
                    value={row.names[language]}
                    onChange={(e) => update(row.key, { names: withName(row.names, language, e.target.value) })}
                    maxLength={40}
                    placeholder={hintOf(row.names, language) ?? t('activityTypes.outcomePlaceholder')}
                    aria-label={t('activityTypes.outcomeName', { n: i + 1 })}
                    aria-invalid={!!nameError}
                    aria-describedby={`${id}-${row.key}-error`}
                    className="min-w-0 flex-1"
                  />
                  <Input
                    value={row.points}
                    onChange={(e) => update(row.key, { points: e.target.value })}
                    inputMode="numeric"
                    aria-label={t('activityTypes.outcomePoints', { n: i + 1 })}
                    aria-invalid={!!pointsError}
                    aria-describedby={`${id}-${row.key}-error`}
                    className="w-20"
                  />
                  <span className="text-xs text-muted-foreground" aria-hidden>
                    {t('activityTypes.pointsShort')}
                  </span>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    onClick={() => remove(row.key)}
                    aria-label={t('activityTypes.removeOutcome', { n: i + 1 })}
                  >
                    <XIcon />
                  </Button>
                </div>
                <FieldError id={`${id}-${row.key}-error`}>{nameError ?? pointsError}</FieldError>
              </li>
            );
          })}
        </ul>
      )}
      <FieldError id={`${id}-outcomes-error`}>{errors.outcomes}</FieldError>
      {form.outcomes.length < ACTIVITY_TYPE_OUTCOMES_MAX && (
        <Button type="button" variant="outline" size="sm" onClick={add}>
          <PlusIcon /> {t('activityTypes.addOutcome')}
        </Button>
      )}
    </fieldset>
  );
}

export function FieldsEditor({ form, setForm, language, errors, inUse = false }: Props) {
  const { t } = useTranslation('settings');
  const update = (key: string, change: Partial<FieldRow>) =>
    setForm((current) => ({ ...current, fields: current.fields.map((row) => (row.key === key ? { ...row, ...change } : row)) }));
  const remove = (key: string) => setForm((current) => ({ ...current, fields: current.fields.filter((row) => row.key !== key) }));
  const add = () => setForm((current) => ({ ...current, fields: [...current.fields, newField()] }));

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{t('activityTypes.fields')}</legend>
      <p className="text-xs text-muted-foreground">{t('activityTypes.fieldsHint')}</p>
      {form.fields.length > 0 && (
        <ul className="space-y-3" aria-label={t('activityTypes.fields')}>
          {form.fields.map((row, i) => (
            <FieldRowEditor
              key={row.key}
              row={row}
              index={i}
              language={language}
              errors={errors}
              update={update}
              remove={remove}
              kindLocked={inUse && row.id !== undefined}
            />
          ))}
        </ul>
      )}
      <FieldError id="activity-type-fields-error">{errors.fields}</FieldError>
      {form.fields.length < ACTIVITY_TYPE_FIELDS_MAX && (
        <Button type="button" variant="outline" size="sm" onClick={add}>
          <PlusIcon /> {t('activityTypes.addField')}
        </Button>
      )}
    </fieldset>
  );
}

function FieldRowEditor({
  row,
  index,
  language,
  errors,
  update,
  remove,
  kindLocked,
}: {
  kindLocked: boolean;
  row: FieldRow;
  index: number;
  language: Language;
  errors: Record<string, string>;
  update: (key: string, change: Partial<FieldRow>) => void;
  remove: (key: string) => void;
}) {
  const { t } = useTranslation('settings');
  const id = useId();
  const n = index + 1;
  const at = (name: string) => errors[`fields.${index}.${name}`];
  const nameError = at('names') ?? at(`names.${language}`);
  const optionsError = at('options') ?? Object.entries(errors).find(([key]) => key.startsWith(`fields.${index}.options.`))?.[1];
  const setOptions = (options: OptionRow[]) => update(row.key, { options });

  return (
    <li className="space-y-2 rounded-lg border p-3">
      <div className="flex flex-wrap items-center gap-2">
        <Input
          value={row.names[language]}
          onChange={(e) => update(row.key, { names: withName(row.names, language, e.target.value) })}
          maxLength={40}
          placeholder={hintOf(row.names, language) ?? t('activityTypes.fieldPlaceholder')}
          aria-label={t('activityTypes.fieldName', { n })}
          aria-invalid={!!nameError}
          aria-describedby={`${id}-error`}
          className="min-w-40 flex-1"
        />
        {kindLocked ? (
          <span className="rounded-md border bg-muted px-3 py-1.5 text-sm" title={t('activityTypes.kindLocked')}>
            {t(`activityTypes.kinds.${row.kind}`)}
            <span className="sr-only">, {t('activityTypes.kindLocked')}</span>
          </span>
        ) : (
          <LazySelect
            value={row.kind}
            onValueChange={(kind) =>
              update(row.key, { kind, options: kind === 'choice' && row.options.length === 0 ? [newOption(), newOption()] : row.options })
            }
            options={ACTIVITY_FIELD_KINDS.map((kind) => ({ value: kind, label: t(`activityTypes.kinds.${kind}`) }))}
            aria-label={t('activityTypes.fieldKind', { n })}
            className="w-36"
          />
        )}
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={row.required}
            onChange={(e) => update(row.key, { required: e.target.checked })}
          />
          {t('activityTypes.required')}
        </label>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          onClick={() => remove(row.key)}
          aria-label={t('activityTypes.removeField', { n })}
        >
          <XIcon />
        </Button>
      </div>
      {row.kind === 'choice' && (
        <div className="space-y-1.5 ps-3">
          <p className="text-xs font-medium text-muted-foreground">{t('activityTypes.options')}</p>
          {row.options.map((option, j) => (
            <div key={option.key} className="flex items-center gap-2">
              <Input
                value={option.names[language]}
                onChange={(e) =>
                  setOptions(
                    row.options.map((o) => (o.key === option.key ? { ...o, names: withName(o.names, language, e.target.value) } : o)),
                  )
                }
                maxLength={40}
                placeholder={hintOf(option.names, language) ?? t('activityTypes.optionPlaceholder', { n: j + 1 })}
                aria-label={t('activityTypes.optionName', { field: n, n: j + 1 })}
                className="h-8 min-w-0 flex-1"
              />
              <Button
                type="button"
                variant="ghost"
                size="icon"
                onClick={() => setOptions(row.options.filter((o) => o.key !== option.key))}
                aria-label={t('activityTypes.removeOption', { field: n, n: j + 1 })}
              >
                <XIcon />
              </Button>
            </div>
          ))}
          {row.options.length < ACTIVITY_FIELD_OPTIONS_MAX && (
            <Button type="button" variant="ghost" size="sm" onClick={() => setOptions([...row.options, newOption()])}>
              <PlusIcon /> {t('activityTypes.addOption')}
            </Button>
          )}
        </div>
      )}
      {row.kind === 'money' && (
        <div className="flex items-center gap-2 ps-3">
          <label htmlFor={`${id}-per-unit`} className="text-sm">
            {t('activityTypes.pointsPerUnit')}
          </label>
          <Input
            id={`${id}-per-unit`}
            value={row.pointsPerUnit}
            onChange={(e) => update(row.key, { pointsPerUnit: e.target.value })}
            inputMode="decimal"
            placeholder="0"
            aria-invalid={!!at('pointsPerUnit')}
            aria-describedby={`${id}-error`}
            className="h-8 w-24"
          />
        </div>
      )}
      <FieldError id={`${id}-error`}>{nameError ?? optionsError ?? at('pointsPerUnit')}</FieldError>
    </li>
  );
}

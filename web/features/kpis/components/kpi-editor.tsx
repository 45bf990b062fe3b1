import { type Kpi, KPI_DECIMALS_MAX, KPI_FORMATS, type KpiFormat, type KpiFormula, KpiInputSchema } from '@core/contracts';
import { pickName } from '@core/activity-types';
import { checkKpiDefinition } from '@core/kpi-formulas';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_LOOKS } from '@web/components/activity-icon';
import { ActivityTypeBadge } from '@web/components/activity-type-icon';
import { LabelledSwitch } from '@web/components/labelled-switch';
import { NamesFieldset } from '@web/components/names-fieldset';
import { SegmentedChoice } from '@web/components/segmented-choice';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { FieldError, Label } from '@web/components/ui/label';
import { LazySelect } from '@web/components/ui/lazy-select';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toaster';
import { ApiRequestError, findErrorReason } from '@web/lib/api';
import { useMe } from '@web/lib/auth/get-me';
import { cn } from '@web/lib/cn';
import { collectIssueErrors } from '@web/lib/issue-errors';
import { useActivityTypes } from '@web/lib/queries/get-activity-types';
import { useEnabledKinds } from '@web/lib/queries/get-kpi-rules';
import { useSaveKpi } from '../api/save-kpi';
import {
  KPI_KINDS,
  type KpiForm,
  listCommonFields,
  listOutcomeChoices,
  nameSharedField,
  listTypeShapes,
  newForm,
  readsCallPoints,
  toForm,
  toInput,
} from '../lib/kpi-form';

/** A group of checkboxes drawn as chips, read as one labelled group. */
function ChipGroup({
  legend,
  help,
  error,
  errorId,
  children,
}: {
  legend: string;
  help?: string;
  error?: string;
  errorId: string;
  children: ReactNode;
}) {
  return (
    <fieldset className="space-y-1.5" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium">{legend}</legend>
      {help && <p className="text-xs text-muted-foreground">{help}</p>}
      <div className="flex flex-wrap gap-2 pt-1">{children}</div>
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  );
}

function Chip({ checked, onChange, children }: { checked: boolean; onChange: (checked: boolean) => void; children: ReactNode }) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-center gap-2 rounded-full border py-1 ps-2 pe-3 text-sm transition-colors hover:bg-accent/50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
        checked && 'border-primary/40 bg-primary-soft/60',
      )}
    >
      <input type="checkbox" className="size-4 accent-primary" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {children}
    </label>
  );
}

/** The look of each built-in kind's chip: the app's icon and tone for it. */
const BUILT_IN_LOOK = { call: 'call_answered', meeting: 'meeting', sale: 'sale', email: 'email', linkedin: 'linkedin' } as const;

const toggle = (list: readonly string[], value: string, on: boolean) => (on ? [...list, value] : list.filter((item) => item !== value));

/**
 * Creating or changing one of the company's KPIs (decision 101): its names, what it computes (a
 * count, sum or average over types, narrowed by outcomes or a value, or a ratio or difference of
 * two KPIs) and how it reads. The contract and core's check run before it is sent, in the
 * screen's language; the server's refusals show where they belong.
 */
export function KpiEditor({
  open,
  onOpenChange,
  kpi,
  kpis,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The KPI to change; null for a new one. */
  kpi: Kpi | null;
  /** Every KPI (built-in and the company's): what a ratio or difference may be made of. */
  kpis: readonly Kpi[];
}) {
  const { t, i18n } = useTranslation('settings');
  const { data: me } = useMe();
  const id = useId();
  const activityTypes = useActivityTypes().data;
  const ownTypes = activityTypes?.types ?? [];
  const renamedKinds = activityTypes?.renamedKinds;
  const save = useSaveKpi(kpi?.id ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [form, setFormState] = useState<KpiForm>(() => (kpi ? toForm(kpi) : newForm()));
  const set = (change: Partial<KpiForm>) => {
    setErrors({});
    setFormState((current) => ({ ...current, ...change }));
  };
  const field = (name: string) => `${id}-${name}`;
  const language = i18n.language;
  const nameOf = (names: Record<string, string>) => pickName(names, language, me?.company?.language);

  const enabledKinds = useEnabledKinds();
  const types = listTypeShapes(ownTypes, form.typeIds, enabledKinds, renamedKinds);
  const outcomes = listOutcomeChoices(types, form.typeIds, language);
  const numberFields = listCommonFields(types, form.typeIds, ['number', 'money']);
  const fieldLabel = (fieldId: string) => nameSharedField(types, form.typeIds, fieldId, nameOf) ?? fieldId;
  const valueFields = listCommonFields(types, form.typeIds, ['choice', 'yes_no']);
  const whereField = valueFields.find((f) => f.id === form.whereFieldId);
  const aggregate = form.kind !== 'ratio' && form.kind !== 'difference';
  const extreme = form.kind === 'min' || form.kind === 'max';
  // The built-in kinds chosen are at most a sale (whose value the rollup keeps extremes of, decision 109).
  const extremesKept = form.typeIds.every((typeId) => {
    const type = types.find((shape) => shape.id === typeId);
    return !type?.builtIn || type.id === 'sale';
  });
  // Points are kept per type, the built-in kinds' too (decision 110); the smallest and largest for
  // the own types' number and amount fields and a sale's value.
  const ofChoices = extreme
    ? extremesKept
      ? numberFields.map((f) => ({ value: f.id, label: fieldLabel(f.id) }))
      : []
    : [{ value: 'points', label: t('kpis.ofPoints') }, ...numberFields.map((f) => ({ value: f.id, label: fieldLabel(f.id) }))];
  const kpiChoices = kpis.filter((other) => other.id !== kpi?.id).map((other) => ({ value: other.id, label: nameOf(other.names) }));

  /** Changing the types keeps only what the new types still have. */
  const setTypes = (typeIds: string[]) => {
    const shapes = listTypeShapes(ownTypes, typeIds, enabledKinds, renamedKinds);
    const stillOutcomes = new Set(listOutcomeChoices(shapes, typeIds, language).map((o) => o.value));
    const stillNumbers = new Set(listCommonFields(shapes, typeIds, ['number', 'money']).map((f) => f.id));
    const stillValues = new Set(listCommonFields(shapes, typeIds, ['choice', 'yes_no']).map((f) => f.id));
    set({
      typeIds,
      outcomeIds: form.outcomeIds.filter((o) => stillOutcomes.has(o)),
      of: form.of === 'points' || stillNumbers.has(form.of) ? form.of : '',
      ...(stillValues.has(form.whereFieldId) ? {} : { whereFieldId: '', whereValues: [] }),
    });
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = toInput(form);
    const checked = KpiInputSchema.safeParse(input);
    if (!checked.success) {
      setErrors(collectIssueErrors(checked.error.issues));
      return;
    }
    const formulas = new Map<string, KpiFormula>(kpis.map((other) => [other.id, other.formula]));
    const refused = checkKpiDefinition(checked.data.formula, { types, formulas, selfId: kpi?.id ?? null });
    if (Object.keys(refused).length > 0) {
      // Core's sentences are the contract's messages: each field's error shows in the screen's language.
      setErrors(refused);
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync(input);
      toast.success(kpi ? t('kpis.saved') : t('kpis.created'), { description: nameOf(saved.names) });
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'kpi_exists') setErrors({ names: error.message });
      else if (error instanceof ApiRequestError && error.details) setErrors(error.details);
      toast.error(t('kpis.saveFailed'), { description: findErrorReason(error) });
    }
  }

  const errorOf = (name: string) => errors[name];
  const namesError = errorOf('names') ?? Object.entries(errors).find(([key]) => key.startsWith('names.'))?.[1];

  return (
    <Dialog open={open} onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent className="max-h-[92dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{kpi ? t('kpis.editTitle') : t('kpis.createTitle')}</DialogTitle>
          <DialogDescription>{t('kpis.editorDescription')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void submit(e)} className="space-y-6" noValidate>
          <NamesFieldset
            id={id}
            legend={t('kpis.names')}
            hint={t('kpis.namesHint')}
            names={form.names}
            onChange={(names) => set({ names })}
            error={namesError}
          />

          <SegmentedChoice
            legend={t('kpis.computes')}
            name={field('kind')}
            value={form.kind}
            onChange={(kind) =>
              set({
                kind,
                format: kind === 'ratio' && form.format === 'number' && !kpi ? 'percent' : form.format,
                // An average is rarely whole (0.87 points a call): a new one shows a decimal, and leaving
                // it gives the decimal back.
                decimals:
                  kpi || form.kind === kind
                    ? form.decimals
                    : kind === 'average' && form.decimals === 0
                      ? 1
                      : form.kind === 'average' && form.decimals === 1
                        ? 0
                        : form.decimals,
                // Points have no smallest or largest kept: a minimum or maximum reads a field.
                ...((kind === 'min' || kind === 'max') && form.of === 'points' ? { of: '' } : {}),
              })
            }
            help={t(`kpis.kindHelp.${form.kind}`)}
            options={KPI_KINDS.map((kind) => ({ value: kind, label: t(`kpis.kinds.${kind}`) }))}
          />

          {aggregate ? (
            <div className="space-y-5">
              <ChipGroup
                legend={t('kpis.types')}
                // What an empty choice means, then what a ticked one does: the line stays, so the chips do not move under the pointer.
                help={t(form.typeIds.length === 0 ? 'kpis.typesHint' : 'kpis.typesHintChosen')}
                error={errorOf('formula.typeIds')}
                errorId={field('types-error')}
              >
                {types.map((type) => {
                  const own = ownTypes.find((o) => o.id === type.id);
                  const look = type.builtIn ? ACTIVITY_LOOKS[BUILT_IN_LOOK[type.id as keyof typeof BUILT_IN_LOOK]] : null;
                  return (
                    <Chip
                      key={type.id}
                      checked={form.typeIds.includes(type.id)}
                      onChange={(on) => setTypes(toggle(form.typeIds, type.id, on))}
                    >
                      {own && <ActivityTypeBadge icon={own.icon} colour={own.colour} className="size-5 [&_svg]:size-3" />}
                      {look && (
                        <span className={cn('flex size-5 items-center justify-center rounded-full', look.tone)} aria-hidden>
                          <look.icon className="size-3" />
                        </span>
                      )}
                      {nameOf(type.names)}
                    </Chip>
                  );
                })}
              </ChipGroup>

              {outcomes.length > 0 && readsCallPoints(form) ? (
                <p className="text-sm text-muted-foreground" data-testid="call-points-outcomes">
                  {t('kpis.callPointsAllOutcomes')}
                </p>
              ) : outcomes.length > 0 ? (
                <ChipGroup
                  legend={t('kpis.outcomes')}
                  help={t('kpis.outcomesHint')}
                  error={errorOf('formula.outcomeIds')}
                  errorId={field('outcomes-error')}
                >
                  {outcomes.map((outcome) => (
                    <Chip
                      key={`${outcome.value}-${outcome.label}`}
                      checked={form.outcomeIds.includes(outcome.value)}
                      onChange={(on) => set({ outcomeIds: toggle(form.outcomeIds, outcome.value, on) })}
                    >
                      {outcome.label}
                    </Chip>
                  ))}
                </ChipGroup>
              ) : null}

              {form.kind !== 'count' && (
                <div className="space-y-1.5">
                  <Label id={field('of-label')}>{t('kpis.of')}</Label>
                  {ofChoices.length > 0 ? (
                    <LazySelect
                      value={form.of || ''}
                      onValueChange={(of) => {
                        // An amount field reads as money, a number field as a number (the format stays changeable).
                        const kind = numberFields.find((f) => f.id === of)?.kind;
                        const format =
                          kind === 'money' && form.format === 'number'
                            ? 'money'
                            : kind === 'number' && form.format === 'money'
                              ? 'number'
                              : form.format;
                        set({ of, format });
                      }}
                      options={[...(form.of ? [] : [{ value: '', label: t('kpis.ofPlaceholder') }]), ...ofChoices]}
                      aria-labelledby={field('of-label')}
                      className="w-full sm:w-72"
                    />
                  ) : (
                    <p className="text-sm text-muted-foreground">{t(extreme ? 'kpis.ofNoneExtreme' : 'kpis.ofNone')}</p>
                  )}
                  <FieldError id={field('of-error')}>{errorOf('formula.of')}</FieldError>
                </div>
              )}

              {form.kind === 'count' && valueFields.length > 0 && (
                <div className="space-y-3">
                  <div className="space-y-1.5">
                    <Label id={field('where-label')}>{t('kpis.where')}</Label>
                    <LazySelect
                      value={form.whereFieldId}
                      onValueChange={(whereFieldId) => set({ whereFieldId, whereValues: [] })}
                      options={[
                        { value: '', label: t('kpis.whereNone') },
                        ...valueFields.map((f) => ({ value: f.id, label: fieldLabel(f.id) })),
                      ]}
                      aria-labelledby={field('where-label')}
                      className="w-full sm:w-72"
                    />
                  </div>
                  {whereField && (
                    <ChipGroup legend={t('kpis.whereValues')} error={errorOf('formula.where')} errorId={field('where-error')}>
                      {(whereField.kind === 'yes_no'
                        ? [
                            { value: 'yes', label: t('kpis.yes') },
                            { value: 'no', label: t('kpis.no') },
                          ]
                        : whereField.options.map((option) => ({ value: option.id, label: nameOf(option.names) }))
                      ).map((choice) => (
                        <Chip
                          key={choice.value}
                          checked={form.whereValues.includes(choice.value)}
                          onChange={(on) => set({ whereValues: toggle(form.whereValues, choice.value, on) })}
                        >
                          {choice.label}
                        </Chip>
                      ))}
                    </ChipGroup>
                  )}
                </div>
              )}
            </div>
          ) : (
            <div className="grid gap-4 sm:grid-cols-2">
              {(['left', 'right'] as const).map((side) => (
                <div key={side} className="space-y-1.5">
                  <Label id={field(`${side}-label`)}>
                    {side === 'left' ? t('kpis.left') : form.kind === 'ratio' ? t('kpis.right') : t('kpis.minus')}
                  </Label>
                  <LazySelect
                    value={form[side]}
                    onValueChange={(value) => set({ [side]: value })}
                    options={kpiChoices}
                    aria-labelledby={field(`${side}-label`)}
                    className="w-full"
                  />
                  <FieldError id={field(`${side}-error`)}>{errorOf(`formula.${side}`)}</FieldError>
                </div>
              ))}
            </div>
          )}

          <div className="grid gap-4 sm:grid-cols-3 sm:items-end">
            <div className="space-y-1.5">
              <Label id={field('format-label')}>{t('kpis.format')}</Label>
              <LazySelect
                value={form.format}
                onValueChange={(format: KpiFormat) => set({ format })}
                options={KPI_FORMATS.map((format) => ({ value: format, label: t(`kpis.formats.${format}`) }))}
                aria-labelledby={field('format-label')}
                className="w-full"
              />
            </div>
            <div className="space-y-1.5">
              <Label id={field('decimals-label')}>{t('kpis.decimals')}</Label>
              <LazySelect
                value={String(form.decimals)}
                onValueChange={(decimals) => set({ decimals: Number(decimals) })}
                options={Array.from({ length: KPI_DECIMALS_MAX + 1 }, (_, n) => ({ value: String(n), label: String(n) }))}
                aria-labelledby={field('decimals-label')}
                className="w-full"
              />
            </div>
            <div className="pb-1.5">
              <LabelledSwitch
                label={t('kpis.lowerIsBetter')}
                checked={form.lowerIsBetter}
                onChange={(lowerIsBetter) => set({ lowerIsBetter })}
              />
            </div>
          </div>

          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={save.isPending}>
              {t('kpis.cancel')}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <Spinner />}
              {kpi ? t('kpis.save') : t('kpis.create')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

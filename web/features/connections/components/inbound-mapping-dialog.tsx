import { pickName } from '@core/activity-types';
import { type InboundMapping, InboundMappingSchema, type InboundPayload, type InboundSource } from '@core/contracts';
import { readInboundPayload } from '@core/inbound';
import { PlusIcon, XIcon } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { FieldError, Label } from '@web/components/ui/label';
import { LazySelect } from '@web/components/ui/lazy-select';
import { toast } from '@web/components/ui/toaster';
import { useCompanyFormat } from '@web/lib/format';
import { useActivityTypes } from '@web/lib/queries/get-activity-types';
import { useInboundPayloads, useUpdateInboundSource } from '../api/inbound-sources';
import { useRefusalWords } from './inbound-payload-log';

/*
 * A source's mapping (decision 120), set against what it really sent: each value's path in the
 * payload, and beside the form the last payloads with what this mapping reads from the one chosen,
 * read by core's readInboundPayload, as the server will read it.
 */

type Rule = { key: number; word: string; to: string };
type FieldRule = { key: number; id: string; path: string };
type Form = {
  externalId: string;
  memberPath: string;
  memberBy: 'email' | 'id';
  kindMode: 'fixed' | 'path';
  kindFixed: string;
  kindPath: string;
  kindRules: Rule[];
  outcomePath: string;
  outcomeRules: Rule[];
  valuePath: string;
  valueUnit: 'major' | 'minor';
  fields: FieldRule[];
  customer: string;
  notes: string;
  time: string;
  deletedPath: string;
  deletedValues: string;
};

let nextKey = 1;
const rule = (word = '', to = ''): Rule => ({ key: nextKey++, word, to });

function toForm(mapping: InboundMapping | null): Form {
  const kind = mapping?.kind;
  const outcome = mapping?.outcome;
  return {
    externalId: mapping?.externalId.path ?? 'id',
    memberPath: mapping?.member.path ?? '',
    memberBy: mapping?.member.by ?? 'email',
    kindMode: kind && 'path' in kind ? 'path' : 'fixed',
    kindFixed: kind && 'value' in kind ? kind.value : 'call',
    kindPath: kind && 'path' in kind ? kind.path : '',
    kindRules: kind && 'path' in kind ? Object.entries(kind.values).map(([word, to]) => rule(word, to)) : [rule('', 'call')],
    outcomePath: outcome && 'path' in outcome ? outcome.path : '',
    outcomeRules: outcome && 'path' in outcome ? Object.entries(outcome.values).map(([word, to]) => rule(word, to)) : [],
    valuePath: mapping?.value?.path ?? '',
    valueUnit: mapping?.value?.unit ?? 'major',
    fields: Object.entries(mapping?.fields ?? {}).map(([id, read]) => ({ key: nextKey++, id, path: read.path })),
    customer: mapping?.customer?.path ?? '',
    notes: mapping?.notes?.path ?? '',
    time: mapping?.time?.path ?? '',
    deletedPath: mapping?.deleted?.path ?? '',
    deletedValues: mapping?.deleted?.values.join(', ') ?? '',
  };
}

/** The form as the contract's mapping (left to the contract to refuse), empty optional parts left out. */
function toMappingInput(form: Form): unknown {
  const path = (value: string) => (value.trim() === '' ? null : { path: value.trim() });
  const table = (rules: Rule[]) => Object.fromEntries(rules.filter((r) => r.word.trim() !== '').map((r) => [r.word.trim(), r.to.trim()]));
  const deletedValues = form.deletedValues
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  return {
    externalId: { path: form.externalId.trim() },
    member: { path: form.memberPath.trim(), by: form.memberBy },
    kind: form.kindMode === 'fixed' ? { value: form.kindFixed } : { path: form.kindPath.trim(), values: table(form.kindRules) },
    outcome: form.outcomePath.trim() === '' ? null : { path: form.outcomePath.trim(), values: table(form.outcomeRules) },
    value: form.valuePath.trim() === '' ? null : { path: form.valuePath.trim(), unit: form.valueUnit },
    fields: form.fields.some((f) => f.id.trim() !== '')
      ? Object.fromEntries(form.fields.filter((f) => f.id.trim() !== '').map((f) => [f.id.trim(), { path: f.path.trim() }]))
      : null,
    customer: path(form.customer),
    notes: path(form.notes),
    time: path(form.time),
    deleted: form.deletedPath.trim() === '' ? null : { path: form.deletedPath.trim(), values: deletedValues },
  };
}

/** The contract's refusals by the form's field (the first message of each). */
function errorsOf(result: ReturnType<typeof InboundMappingSchema.safeParse>): Record<string, string> {
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const [top, second] = issue.path.map(String);
    const key =
      top === 'member'
        ? 'memberPath'
        : top === 'kind'
          ? second === 'values'
            ? 'kindRules'
            : 'kindPath'
          : top === 'outcome'
            ? 'outcomePath'
            : top === 'value'
              ? 'valuePath'
              : top === 'deleted'
                ? 'deletedPath'
                : (top ?? 'form');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** What each path often is in a sender's payload (an example, not a default). */
const PLACEHOLDERS: Partial<Record<keyof Form, string>> = {
  externalId: 'id',
  memberPath: 'owner.email',
  kindPath: 'type',
  outcomePath: 'disposition',
  valuePath: 'amount',
  customer: 'company.name',
  notes: 'notes',
  time: 'timestamp',
  deletedPath: 'event',
  deletedValues: 'deal.deleted',
};

export function InboundMappingDialog({ source, onClose }: { source: InboundSource; onClose: () => void }) {
  const { t, i18n } = useTranslation('connections');
  const update = useUpdateInboundSource();
  const types = useActivityTypes();
  const [form, setForm] = useState<Form>(() => toForm(source.mapping));
  const [shownErrors, setShownErrors] = useState<Record<string, string>>({});
  const id = useId();
  const set = (changes: Partial<Form>) => setForm((current) => ({ ...current, ...changes }));
  const parsed = useMemo(() => InboundMappingSchema.safeParse(toMappingInput(form)), [form]);

  const liveTypes = (types.data?.types ?? []).filter((type) => type.archivedAt === null);
  const kindOptions = [
    ...(['call', 'sale', 'meeting', 'email', 'linkedin'] as const).map((kind) => ({
      value: kind,
      label: t(`inbound.mapping.kinds.${kind}`),
    })),
    ...liveTypes.map((type) => ({ value: type.id, label: pickName(type.names, i18n.language) })),
  ];
  const fieldIds = [...new Set(liveTypes.flatMap((type) => type.fields.map((field) => field.id)))];
  const outcomeIds = [
    'not_answered',
    'no_progress',
    'moved_forward',
    'meeting_booked',
    ...liveTypes.flatMap((type) => type.outcomes.map((o) => o.id)),
  ];

  async function onSave(event: React.FormEvent) {
    event.preventDefault();
    if (!parsed.success) {
      setShownErrors(errorsOf(parsed));
      toast.error(t('inbound.mapping.invalid'));
      return;
    }
    try {
      await update.mutateAsync({ id: source.id, changes: { mapping: parsed.data } });
      toast.success(t('inbound.mapping.saved', { name: source.name }));
      onClose();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t('inbound.mapping.failed'));
    }
  }

  const pathInput = (key: keyof Form & string, label: string, help?: string) => (
    <div className="space-y-1">
      <Label htmlFor={`${id}-${key}`}>{label}</Label>
      <Input
        id={`${id}-${key}`}
        value={form[key] as string}
        onChange={(event) => set({ [key]: event.target.value } as Partial<Form>)}
        className="font-mono text-sm"
        placeholder={PLACEHOLDERS[key]}
        aria-invalid={Boolean(shownErrors[key])}
        aria-describedby={
          [help ? `${id}-${key}-help` : '', shownErrors[key] ? `${id}-${key}-error` : ''].filter(Boolean).join(' ') || undefined
        }
      />
      {help && (
        <p id={`${id}-${key}-help`} className="text-xs text-muted-foreground">
          {help}
        </p>
      )}
      <FieldError id={`${id}-${key}-error`}>{shownErrors[key]}</FieldError>
    </div>
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[94dvh] max-w-5xl overflow-y-auto">
        <form onSubmit={(event) => void onSave(event)} noValidate>
          <DialogHeader>
            <DialogTitle>{t('inbound.mapping.title', { name: source.name })}</DialogTitle>
            <DialogDescription>{t('inbound.mapping.description')}</DialogDescription>
          </DialogHeader>
          <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
            <div className="space-y-4">
              {pathInput('externalId', t('inbound.mapping.externalId'), t('inbound.mapping.externalIdHelp'))}
              <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem]">
                {pathInput('memberPath', t('inbound.mapping.member'))}
                <div className="space-y-1">
                  <Label id={`${id}-member-by`}>{t('inbound.mapping.memberBy')}</Label>
                  <LazySelect
                    value={form.memberBy}
                    onValueChange={(memberBy) => set({ memberBy })}
                    options={[
                      { value: 'email' as const, label: t('inbound.mapping.byEmail') },
                      { value: 'id' as const, label: t('inbound.mapping.byId') },
                    ]}
                    aria-labelledby={`${id}-member-by`}
                    className="w-full"
                  />
                </div>
              </div>
              <fieldset className="space-y-2 rounded-lg border p-3">
                <legend className="px-1 text-sm font-medium">{t('inbound.mapping.kind')}</legend>
                <div className="flex flex-wrap gap-4 text-sm" role="radiogroup" aria-label={t('inbound.mapping.kind')}>
                  {(['fixed', 'path'] as const).map((mode) => (
                    <label key={mode} className="flex items-center gap-2">
                      <input
                        type="radio"
                        name={`${id}-kind-mode`}
                        checked={form.kindMode === mode}
                        onChange={() => set({ kindMode: mode })}
                      />
                      {mode === 'fixed' ? t('inbound.mapping.kindFixed') : t('inbound.mapping.kindPath')}
                    </label>
                  ))}
                </div>
                {form.kindMode === 'fixed' ? (
                  <div className="space-y-1">
                    <Label id={`${id}-kind-fixed`}>{t('inbound.mapping.kindValue')}</Label>
                    <LazySelect
                      value={form.kindFixed}
                      onValueChange={(kindFixed) => set({ kindFixed })}
                      options={kindOptions}
                      aria-labelledby={`${id}-kind-fixed`}
                      className="w-full"
                    />
                  </div>
                ) : (
                  <>
                    {pathInput('kindPath', t('inbound.mapping.path'))}
                    <RuleTable
                      label={t('inbound.mapping.kindRules')}
                      rules={form.kindRules}
                      onChange={(kindRules) => set({ kindRules })}
                      target={{ kind: 'select', options: kindOptions, label: t('inbound.mapping.logsAs') }}
                      error={shownErrors.kindRules}
                    />
                  </>
                )}
              </fieldset>
              <fieldset className="space-y-2 rounded-lg border p-3">
                <legend className="px-1 text-sm font-medium">{t('inbound.mapping.outcome')}</legend>
                {pathInput('outcomePath', t('inbound.mapping.path'), t('inbound.mapping.outcomeHelp'))}
                {form.outcomePath.trim() !== '' && (
                  <RuleTable
                    label={t('inbound.mapping.outcome')}
                    rules={form.outcomeRules}
                    onChange={(outcomeRules) => set({ outcomeRules })}
                    target={{ kind: 'text', suggestions: outcomeIds, label: t('inbound.mapping.outcomeAs') }}
                  />
                )}
              </fieldset>
              <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_14rem]">
                {pathInput('valuePath', t('inbound.mapping.value'))}
                <div className="space-y-1">
                  <Label id={`${id}-unit`}>{t('inbound.mapping.unit')}</Label>
                  <LazySelect
                    value={form.valueUnit}
                    onValueChange={(valueUnit) => set({ valueUnit })}
                    options={[
                      { value: 'major' as const, label: t('inbound.mapping.major') },
                      { value: 'minor' as const, label: t('inbound.mapping.minor') },
                    ]}
                    aria-labelledby={`${id}-unit`}
                    className="w-full"
                  />
                </div>
              </div>
              {liveTypes.length > 0 && (
                <FieldTable fields={form.fields} onChange={(fields) => set({ fields })} suggestions={fieldIds} error={shownErrors.fields} />
              )}
              {pathInput('customer', t('inbound.mapping.customer'))}
              {pathInput('notes', t('inbound.mapping.notes'))}
              {pathInput('time', t('inbound.mapping.time'), t('inbound.mapping.timeHelp'))}
              <div className="grid gap-3 sm:grid-cols-2">
                {pathInput('deletedPath', t('inbound.mapping.deleted'))}
                {pathInput('deletedValues', t('inbound.mapping.deletedValues'), t('inbound.mapping.deletedValuesHelp'))}
              </div>
            </div>
            <Preview source={source} mapping={parsed.success ? parsed.data : null} />
          </div>
          <DialogFooter className="mt-6">
            <Button type="button" variant="outline" onClick={onClose}>
              {t('inbound.mapping.cancel')}
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {t('inbound.mapping.save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function RuleTable({
  label,
  rules,
  onChange,
  target,
  error,
}: {
  label: string;
  rules: Rule[];
  onChange: (rules: Rule[]) => void;
  target:
    { kind: 'select'; options: { value: string; label: string }[]; label: string } | { kind: 'text'; suggestions: string[]; label: string };
  error?: string;
}) {
  const { t } = useTranslation('connections');
  const id = useId();
  const change = (key: number, changes: Partial<Rule>) => onChange(rules.map((r) => (r.key === key ? { ...r, ...changes } : r)));
  return (
    <div className="space-y-2" role="group" aria-label={label}>
      {rules.map((r, index) => (
        <div key={r.key} className="flex flex-wrap items-center gap-2">
          <Input
            value={r.word}
            onChange={(event) => change(r.key, { word: event.target.value })}
            aria-label={`${t('inbound.mapping.word')} ${index + 1}`}
            placeholder={t('inbound.mapping.word')}
            className="min-w-0 flex-1 font-mono text-sm"
          />
          <span aria-hidden className="text-muted-foreground">
            →
          </span>
          {target.kind === 'select' ? (
            <LazySelect
              value={r.to}
              onValueChange={(to) => change(r.key, { to })}
              options={target.options}
              aria-label={`${target.label} ${index + 1}`}
              className="w-44"
            />
          ) : (
            <>
              <Input
                value={r.to}
                onChange={(event) => change(r.key, { to: event.target.value })}
                aria-label={`${target.label} ${index + 1}`}
                list={`${id}-suggestions`}
                className="w-44 font-mono text-sm"
              />
              <datalist id={`${id}-suggestions`}>
                {target.suggestions.map((value) => (
                  <option key={value} value={value} />
                ))}
              </datalist>
            </>
          )}
          <Button
            type="button"
            variant="ghost"
            size="icon"
            onClick={() => onChange(rules.filter((other) => other.key !== r.key))}
            aria-label={t('inbound.mapping.removeRule', { word: r.word || index + 1 })}
          >
            <XIcon />
          </Button>
        </div>
      ))}
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => onChange([...rules, rule('', target.kind === 'select' ? (target.options[0]?.value ?? '') : '')])}
      >
        <PlusIcon /> {t('inbound.mapping.addRule')}
      </Button>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

function FieldTable({
  fields,
  onChange,
  suggestions,
  error,
}: {
  fields: FieldRule[];
  onChange: (fields: FieldRule[]) => void;
  suggestions: string[];
  error?: string;
}) {
  const { t } = useTranslation('connections');
  const id = useId();
  const change = (key: number, changes: Partial<FieldRule>) => onChange(fields.map((f) => (f.key === key ? { ...f, ...changes } : f)));
  return (
    <fieldset className="space-y-2 rounded-lg border p-3">
      <legend className="px-1 text-sm font-medium">{t('inbound.mapping.fields')}</legend>
      <datalist id={`${id}-fields`}>
        {suggestions.map((value) => (
          <option key={value} value={value} />
        ))}
      </datalist>
      {fields.map((f, index) => (
        <div key={f.key} className="flex flex-wrap items-center gap-2">
          <Input
            value={f.id}
            onChange={(event) => change(f.key, { id: event.target.value })}
            aria-label={`${t('inbound.mapping.fieldId')} ${index + 1}`}
            placeholder={t('inbound.mapping.fieldId')}
            list={`${id}-fields`}
            className="w-40 font-mono text-sm"
          />
          <span aria-hidden className="text-muted-foreground">
            ←
          </span>
          <Input
            value={f.path}
            onChange={(event) => change(f.key, { path: event.target.value })}
            aria-label={`${t('inbound.mapping.fieldPath')} ${index + 1}`}
            placeholder="data.seats"
            className="min-w-0 flex-1 font-mono text-sm"
          />
          <Button
            type="button"
            variant="ghost"
            size="icon"
            onClick={() => onChange(fields.filter((other) => other.key !== f.key))}
            aria-label={t('inbound.mapping.removeField', { id: f.id || index + 1 })}
          >
            <XIcon />
          </Button>
        </div>
      ))}
      <Button type="button" variant="outline" size="sm" onClick={() => onChange([...fields, { key: nextKey++, id: '', path: '' }])}>
        <PlusIcon /> {t('inbound.mapping.addField')}
      </Button>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </fieldset>
  );
}

/** The source's last payloads, and what the mapping on screen reads from the one chosen. */
function Preview({ source, mapping }: { source: InboundSource; mapping: InboundMapping | null }) {
  const { t, i18n } = useTranslation('connections');
  const f = useCompanyFormat();
  const payloads = useInboundPayloads(source.id);
  const types = useActivityTypes();
  const refusalOf = useRefusalWords();
  const withBody = (payloads.data?.payloads ?? []).filter((p): p is InboundPayload & { body: NonNullable<unknown> } => p.body !== null);
  const [chosen, setChosen] = useState<string | null>(null);
  const id = useId();
  const payload = withBody.find((p) => p.id === chosen) ?? withBody[0];
  const pickLabel = t('inbound.mapping.previewPick');
  const kindName = (kind: string) =>
    ['call', 'sale', 'meeting', 'email', 'linkedin'].includes(kind)
      ? t(`inbound.mapping.kinds.${kind as 'call'}`)
      : (types.data?.types.find((type) => type.id === kind)?.names ?? null)
        ? pickName(types.data!.types.find((type) => type.id === kind)!.names, i18n.language)
        : kind;

  let reading: React.ReactNode = null;
  if (payload && !mapping) reading = <p className="text-sm text-muted-foreground">{t('inbound.mapping.previewIncomplete')}</p>;
  else if (payload && mapping) {
    const read = readInboundPayload(payload.body, mapping);
    if (!read.ok) reading = <p className="text-sm text-destructive">{refusalOf({ refusal: read.refusal, reason: read.reason })}</p>;
    else if (read.record.kind === 'deletion')
      reading = <p className="text-sm">{t('inbound.mapping.previewDeletion', { id: read.record.externalId })}</p>;
    else {
      const record = read.record;
      reading = (
        <ul className="space-y-1 text-sm">
          <li className="font-medium">
            {kindName(record.logs)} · {t('inbound.mapping.previewRecord', { id: record.externalId, member: record.member.value })}
          </li>
          {record.outcome && <li>{t('inbound.mapping.previewOutcome', { outcome: record.outcome })}</li>}
          {record.value !== null && <li>{t('inbound.mapping.previewValue', { value: f.money(record.value) })}</li>}
          {Object.keys(record.fields).length > 0 && (
            <li>
              {t('inbound.mapping.previewFields', {
                fields: Object.entries(record.fields)
                  .map(([k, v]) => `${k}: ${String(v)}`)
                  .join(', '),
              })}
            </li>
          )}
          {record.customerName && <li>{t('inbound.mapping.previewCustomer', { name: record.customerName })}</li>}
          {record.occurredAt && <li>{t('inbound.mapping.previewTime', { time: f.dateTime(record.occurredAt.toISOString()) })}</li>}
        </ul>
      );
    }
  }

  return (
    <section className="space-y-3 rounded-lg border bg-muted/30 p-3" aria-label={t('inbound.mapping.preview')}>
      <h3 className="text-sm font-medium">{t('inbound.mapping.preview')}</h3>
      {withBody.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('inbound.mapping.previewNone')}</p>
      ) : (
        <>
          <div className="space-y-1">
            <Label id={`${id}-pick`}>{t('inbound.mapping.previewPick')}</Label>
            <LazySelect
              value={payload!.id}
              onValueChange={setChosen}
              options={withBody.map((p) => ({
                value: p.id,
                label: `${f.dateTime(p.receivedAt)} · ${t(`inbound.log.results.${p.result}`)}`,
              }))}
              aria-labelledby={`${id}-pick`}
              className="w-full"
            />
          </div>
          {/* A region that scrolls is reached by the keyboard too (axe: scrollable-region-focusable). */}
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
          <div className="max-h-72 overflow-auto rounded-md border bg-background" tabIndex={0} role="region" aria-label={pickLabel}>
            <pre className="p-3 font-mono text-xs">{JSON.stringify(payload!.body, null, 2)}</pre>
          </div>
          <div className="space-y-1" aria-live="polite">
            <h4 className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{t('inbound.mapping.previewReads')}</h4>
            {reading}
          </div>
        </>
      )}
    </section>
  );
}

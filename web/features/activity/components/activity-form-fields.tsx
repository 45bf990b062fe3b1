import type { BuiltInActivityType, StoredActivityType } from '@core/contracts';
import { ACTIVITY_NOTES_MAX, PRODUCT_NAME_MAX } from '@core/contracts/constants';
import type { CallOutcome } from '@core/kpi';
import { computeMajorUnits, type MinorUnits } from '@core/money';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input, Textarea } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { OptionsSelect } from '@web/components/ui/options-select';
import { getIntlLocale } from '@web/i18n';
import { useCompanyFormat } from '@web/lib/format';
import type { LogRules } from '../lib/use-log-rules';
import { CustomerCombobox } from './customer-combobox';
import { OutcomeChoice } from './outcome-choice';

/*
 * What the two activity dialogs share (edit-activity-dialog.tsx, log-for-member-dialog.tsx): the kinds
 * offered, the draft the form holds, and the fields of an activity's details.
 */

/** Every kind an activity can be, in the order the log buttons show them. */
const TYPES: readonly BuiltInActivityType[] = ['call_answered', 'call_unanswered', 'meeting', 'sale', 'email', 'linkedin'];

/** The kinds the company logs now (and the activity's own, whatever the rules say today). */
export function listOfferedTypes(rules: LogRules | undefined, current?: StoredActivityType): BuiltInActivityType[] {
  const enabled = (type: BuiltInActivityType) => {
    if (type === 'meeting') return rules?.enabledKinds.meeting ?? true;
    if (type === 'email') return rules?.enabledKinds.email ?? false;
    if (type === 'linkedin') return rules?.enabledKinds.linkedin ?? false;
    return true;
  };
  return TYPES.filter((type) => type === current || enabled(type));
}

/**
 * The value as typed back into the field, as the reader writes numbers ("24.500,50" in Danish,
 * "24 500,50" in Norwegian and Swedish, "24,500.50" in English): parseMoneyInput reads each back.
 */
export function toInputValue(amount: number | null, language: string): string {
  if (amount === null) return '';
  const fraction = amount % 100 === 0 ? 0 : 2;
  return new Intl.NumberFormat(getIntlLocale(language), { minimumFractionDigits: fraction, maximumFractionDigits: fraction }).format(
    computeMajorUnits(amount as MinorUnits),
  );
}

/** The fields of an activity as the form holds them. */
export type Draft = {
  type: StoredActivityType;
  customerName: string;
  notes: string;
  outcome: CallOutcome | null;
  value: string;
  productName: string;
  localDate: string;
};

export function useDraft(initial: Draft) {
  const [draft, setDraft] = useState(initial);
  const set =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) =>
      setDraft((current) => ({ ...current, [key]: value }));
  return { draft, set };
}

/** Whether the draft can be sent: an answered call has its outcome, a sale its value. */
export function isComplete(draft: Draft): boolean {
  if (draft.type === 'sale' && draft.value.trim() === '') return false;
  return !(draft.type === 'call_answered' && draft.outcome === null);
}

/** Customer, the answered call's outcome, the sale's value and product, and notes: what the kind has. */
export function ActivityDetailFields({
  draft,
  set,
  rules,
  disabled,
}: {
  draft: Draft;
  set: ReturnType<typeof useDraft>['set'];
  rules: LogRules | undefined;
  disabled: boolean;
}) {
  const { t } = useTranslation('activity');
  const format = useCompanyFormat();
  const ids = { value: useId(), product: useId(), notes: useId() };
  return (
    <>
      <CustomerCombobox value={draft.customerName} onChange={set('customerName')} />

      {draft.type === 'call_answered' && (
        <OutcomeChoice value={draft.outcome} onChange={set('outcome')} points={rules?.outcomePoints} disabled={disabled} />
      )}

      {draft.type === 'sale' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-2">
            <Label htmlFor={ids.value}>{t('logSale.valueIn', { currency: format.currency })}</Label>
            <Input
              id={ids.value}
              inputMode="decimal"
              autoComplete="off"
              aria-required
              className="tabular h-10"
              value={draft.value}
              onChange={(e) => set('value')(e.target.value)}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor={ids.product}>{t('logSale.product')}</Label>
            <Input
              id={ids.product}
              className="h-10"
              maxLength={PRODUCT_NAME_MAX}
              value={draft.productName}
              onChange={(e) => set('productName')(e.target.value)}
            />
          </div>
        </div>
      )}

      <div className="space-y-2">
        <Label htmlFor={ids.notes}>{t('notes.label')}</Label>
        <Textarea
          id={ids.notes}
          value={draft.notes}
          onChange={(e) => set('notes')(e.target.value)}
          placeholder={t('notes.placeholder')}
          maxLength={ACTIVITY_NOTES_MAX}
          rows={3}
        />
      </div>
    </>
  );
}

export function SelectField({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
}) {
  const labelId = useId();
  return (
    <Field label={<span id={labelId}>{label}</span>}>
      <OptionsSelect value={value} onValueChange={onChange} options={options} className="h-10 w-full" aria-labelledby={labelId} />
    </Field>
  );
}

export function DayField({ value, max, onChange }: { value: string; max: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('activity');
  const id = useId();
  return (
    <Field label={<Label htmlFor={id}>{t('day.label')}</Label>}>
      <Input
        id={id}
        type="date"
        className="tabular h-10"
        max={max}
        required
        value={value}
        // A cleared field keeps the day it had: an activity always has one.
        onChange={(e) => e.target.value && onChange(e.target.value)}
      />
    </Field>
  );
}

export function Field({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="space-y-2">
      <div className="text-sm leading-none font-medium">{label}</div>
      {children}
    </div>
  );
}

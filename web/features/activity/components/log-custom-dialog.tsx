import { pickName } from '@core/activity-types';
import { type ActivityField, type ActivityType, checkActivityValues } from '@core/contracts';
import { parseMoneyInput, parseNumberInput } from '@core/money';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivityTypeBadge } from '@web/components/activity-type-icon';
import { SegmentedChoice } from '@web/components/segmented-choice';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toaster';
import { FieldError, Label } from '@web/components/ui/label';
import { ApiRequestError } from '@web/lib/api';
import { useMe } from '@web/lib/auth/get-me';
import { cn } from '@web/lib/cn';
import { useCompanyFormat } from '@web/lib/format';
import { lowerInSentence } from '@web/lib/in-sentence';
import { useActivityTypes } from '@web/lib/queries/get-activity-types';
import { useLogActivity } from '../api/log-activity';
import { useLogForMember } from '../api/log-for-member';
import { useActivityToasts } from '../lib/toasts';
import { DayField } from './activity-form-fields';
import { CustomerCombobox, guardEscapeForCombobox } from './customer-combobox';
import { LogDialogFooter } from './log-dialog-footer';
import { LogNotesField } from './log-notes-field';
import { type LogDay, LogDayField, TODAY, toLogDayRequest } from './log-day-field';

/**
 * Logging one of the company's own types (decision 100): its outcome, its fields as the type
 * defines them, the customer, notes and the day. The same check the server makes runs before
 * sending (core's checkActivityValues), so a missing required field is named at once, offline too.
 */
export function LogCustomDialog({ typeId, onOpenChange }: { typeId: string | null; onOpenChange: (open: boolean) => void }) {
  const types = useActivityTypes();
  const type = types.data?.types.find((candidate) => candidate.id === typeId && candidate.archivedAt === null) ?? null;
  return (
    <Dialog open={typeId !== null && type !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92dvh] overflow-y-auto sm:max-w-lg" onEscapeKeyDown={guardEscapeForCombobox}>
        {type && <LogCustomForm key={type.id} type={type} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

/** A field's value as typed: text for inputs, a boolean for yes or no. */
type Typed = Record<string, string | boolean>;

/**
 * The form of one own type. `forMember`: a manager logs it on a member's behalf (decision 086),
 * sent at once (not kept on the device), under the log-for dialog's heading and its type choice.
 */
export function LogCustomForm({
  type,
  onDone,
  forMember,
}: {
  type: ActivityType;
  onDone: () => void;
  forMember?: { userId: string; name: string; typeChoice: ReactNode; today: string; day: string };
}) {
  const { t, i18n } = useTranslation('activity');
  const { data: me } = useMe();
  const [outcome, setOutcome] = useState<string | null>(null);
  const [typed, setTyped] = useState<Typed>({});
  const [customerName, setCustomerName] = useState('');
  const [notes, setNotes] = useState('');
  const [day, setDay] = useState<LogDay>(TODAY);
  // A manager logs on any day up to today (decision 086), whatever the company's late-logging window.
  const [memberDay, setMemberDay] = useState(forMember?.day ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ownLog = useLogActivity();
  const memberLog = useLogForMember();
  const pending = forMember ? memberLog.isPending : ownLog.isPending;
  const { showLogged, showKept, showError } = useActivityToasts();
  const nameOf = (names: Record<string, string>) => pickName(names, i18n.language, me?.company?.language);
  const outcomes = type.outcomes.filter((o) => !o.archived);
  const fields = type.fields.filter((f) => !f.archived);

  /** The values as the API takes them: numbers parsed, money in minor units, empty ones left out. */
  function toValues(): { values: Record<string, unknown>; unreadable: Record<string, string> } {
    const values: Record<string, unknown> = {};
    const unreadable: Record<string, string> = {};
    for (const field of fields) {
      const value = typed[field.id];
      if (value === undefined || value === '') continue;
      if (field.kind === 'money') {
        const minor = parseMoneyInput(String(value));
        if (minor === null) unreadable[`fields.${field.id}`] = t('custom.amountUnreadable');
        else values[field.id] = minor;
      } else if (field.kind === 'number') {
        const number = parseNumberInput(String(value));
        if (number === null) unreadable[`fields.${field.id}`] = t('custom.numberUnreadable');
        else values[field.id] = number;
      } else {
        values[field.id] = value;
      }
    }
    return { values, unreadable };
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const { values, unreadable } = toValues();
    const checked = checkActivityValues(type, { outcome, fields: values });
    const problems = { ...checked.errors, ...unreadable };
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const body = {
      kind: 'custom' as const,
      typeId: type.id,
      outcome: checked.outcomeId,
      fields: checked.values,
      customerName: customerName.trim() || null,
      notes: notes.trim() || null,
      ...toLogDayRequest(day),
    };
    const onError = (key: string) => (error: Error) => {
      if (error instanceof ApiRequestError && error.details) setErrors(error.details);
      showError(key, error);
    };
    if (forMember) {
      const { localDate: _own, time: _time, ...rest } = body;
      memberLog.mutate(
        { ...rest, userId: forMember.userId, ...(memberDay === forMember.today ? {} : { localDate: memberDay }) },
        {
          onSuccess: () => {
            onDone();
            toast.success(t('logFor.logged', { name: forMember.name }), { description: t('logFor.loggedText') });
          },
          onError: onError('logFor.couldNotLog'),
        },
      );
      return;
    }
    ownLog.mutate(body, {
      onSuccess: (result) => {
        onDone();
        if (result.state === 'sent') showLogged(result.activity);
        else showKept();
      },
      onError: onError('custom.couldNotLog'),
    });
  };

  // The type's name inside the title and button, as the other sentences write a name: "Log site visit", "Registrér fornyelse".
  const name = lowerInSentence(nameOf(type.names));
  return (
    <form onSubmit={onSubmit} className="grid gap-5" noValidate>
      <DialogHeader>
        <div className="flex items-center gap-3">
          <ActivityTypeBadge icon={type.icon} colour={type.colour} />
          <DialogTitle>{forMember ? t('logFor.title', { name: forMember.name }) : t('custom.title', { name })}</DialogTitle>
        </div>
        <DialogDescription>
          {forMember
            ? t('logFor.description', { name: forMember.name })
            : // Only a type with outcomes has an outcome's points on top.
              t(outcomes.length > 0 ? 'custom.description' : 'custom.descriptionPlain', { count: type.points })}
        </DialogDescription>
      </DialogHeader>
      {forMember?.typeChoice}

      {outcomes.length > 0 && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">{t('custom.outcome')}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {outcomes.map((choice) => (
              <label
                key={choice.id}
                className={cn(
                  'flex cursor-pointer items-center justify-between gap-2 rounded-lg border px-3 py-2.5 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring/40',
                  outcome === choice.id ? 'border-primary bg-primary-soft font-medium text-primary' : 'hover:bg-accent',
                )}
              >
                <input
                  type="radio"
                  className="sr-only"
                  name={`${type.id}-outcome`}
                  checked={outcome === choice.id}
                  onChange={() => {
                    setOutcome(choice.id);
                    setErrors(({ outcome: _, ...rest }) => rest);
                  }}
                />
                <span>{nameOf(choice.names)}</span>
                {choice.points > 0 && (
                  <span className="tabular text-xs text-muted-foreground">{t('plusPts', { count: choice.points })}</span>
                )}
              </label>
            ))}
          </div>
          <FieldError id={`${type.id}-outcome-error`}>{errors.outcome}</FieldError>
        </fieldset>
      )}

      {fields.map((field) => (
        <FieldInput
          key={field.id}
          field={field}
          label={nameOf(field.names)}
          optionName={nameOf}
          value={typed[field.id]}
          error={errors[`fields.${field.id}`]}
          onChange={(value) => {
            setTyped((current) => ({ ...current, [field.id]: value }));
            setErrors(({ [`fields.${field.id}`]: _, ...rest }) => rest);
          }}
        />
      ))}

      <CustomerCombobox value={customerName} onChange={setCustomerName} />
      <LogNotesField value={notes} onChange={setNotes} rows={2} />
      {forMember ? (
        <DayField value={memberDay} max={forMember.today} onChange={setMemberDay} />
      ) : (
        <LogDayField value={day} onChange={setDay} disabled={pending} />
      )}

      <LogDialogFooter
        pending={pending}
        canSubmit
        submit={forMember ? t('logFor.submit') : t('custom.submit', { name })}
        saving={forMember ? t('logFor.saving') : t('logOther.saving')}
        leave={{ kind: 'cancel', label: t('logOther.cancel'), onClick: onDone }}
      />
    </form>
  );
}

/** One field as its kind asks: a number, an amount in the company currency, one of its options, yes or no, a line of text or a date. */
function FieldInput({
  field,
  label,
  optionName,
  value,
  error,
  onChange,
}: {
  field: ActivityField;
  label: string;
  optionName: (names: Record<string, string>) => string;
  value: string | boolean | undefined;
  error: string | undefined;
  onChange: (value: string | boolean) => void;
}) {
  const { t } = useTranslation('activity');
  const format = useCompanyFormat();
  const id = useId();
  // An amount names its currency by its code, as a sale's value does, and an optional one says so
  // in the same brackets: "Order value (NOK, optional)".
  const shown =
    field.kind === 'money'
      ? `${label} ${field.required ? `(${format.currency})` : t('custom.optionalAmount', { currency: format.currency })}`
      : `${label}${field.required ? '' : ` ${t('custom.optional')}`}`;
  const described = error ? `${id}-error` : undefined;

  if (field.kind === 'choice' || field.kind === 'yes_no') {
    const choices =
      field.kind === 'choice'
        ? field.options.filter((o) => !o.archived).map((o) => ({ value: o.id as string | boolean, label: optionName(o.names) }))
        : [
            { value: true, label: t('custom.yes') },
            { value: false, label: t('custom.no') },
          ];
    return (
      <SegmentedChoice
        legend={shown}
        name={id}
        value={typeof value === 'boolean' || typeof value === 'string' ? value : undefined}
        options={choices}
        onChange={onChange}
        error={error && <FieldError id={`${id}-error`}>{error}</FieldError>}
        errorId={`${id}-error`}
      />
    );
  }

  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{shown}</Label>
      <Input
        id={id}
        type={field.kind === 'date' ? 'date' : 'text'}
        inputMode={field.kind === 'number' ? 'decimal' : field.kind === 'money' ? 'decimal' : undefined}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(event.target.value)}
        maxLength={field.kind === 'text' ? 200 : 40}
        aria-invalid={!!error}
        aria-describedby={described}
        className={field.kind === 'text' ? undefined : 'max-w-48'}
      />
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

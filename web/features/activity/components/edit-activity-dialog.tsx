import type { Activity, LogActivity, StoredActivityType, UpdateActivity } from '@core/contracts';
import { ACTIVITY_NOTES_MAX, PRODUCT_NAME_MAX } from '@core/contracts/constants';
import type { CallOutcome } from '@core/kpi';
import { computeMajorUnits, type MinorUnits, parseMoneyInput } from '@core/money';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Input, Textarea } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { OptionsSelect } from '@web/components/ui/options-select';
import { toast } from '@web/components/ui/toaster';
import { useCompanyFormat } from '@web/lib/format';
import { useUpdateActivity } from '../api/update-activity';
import { useLogForMember } from '../api/log-for-member';
import { ActivityIcon, activityLabelKey } from '@web/components/activity-icon';
import { useActivityToasts } from '../lib/toasts';
import type { LogRules } from '../lib/use-log-rules';
import { CustomerCombobox, guardEscapeForCombobox } from './customer-combobox';
import { LogDialogFooter } from './log-dialog-footer';
import { OutcomeChoice } from './outcome-choice';

/**
 * What a manager may pick beyond what a rep edits (decision 086): whose activity it is (the
 * members they manage, the owner among them), and any day up to today.
 */
export type CorrectionScope = {
  members: readonly { userId: string; name: string }[];
  /** The company-local today: the latest day an activity can be on. */
  today: string;
};

/** Every kind an activity can be, in the order the log buttons show them. */
const TYPES: readonly StoredActivityType[] = ['call_answered', 'call_unanswered', 'meeting', 'sale', 'email', 'linkedin'];

/** The kinds the company logs now (and the activity's own, whatever the rules say today). */
function listOfferedTypes(rules: LogRules | undefined, current?: StoredActivityType): StoredActivityType[] {
  const enabled = (type: StoredActivityType) => {
    if (type === 'meeting') return rules?.enabledKinds.meeting ?? true;
    if (type === 'email') return rules?.enabledKinds.email ?? false;
    if (type === 'linkedin') return rules?.enabledKinds.linkedin ?? false;
    return true;
  };
  return TYPES.filter((type) => type === current || enabled(type));
}

/**
 * Edits an activity: a rep their own (customer, outcome, sale value, notes); with `scope`, a
 * manager also whose it is, what it was and its day, in the same dialog (decision 086).
 */
export function EditActivityDialog({
  activity,
  onOpenChange,
  rules,
  scope,
}: {
  activity: Activity | null;
  onOpenChange: (open: boolean) => void;
  rules: LogRules | undefined;
  scope?: CorrectionScope;
}) {
  return (
    <Dialog open={activity !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl" onEscapeKeyDown={guardEscapeForCombobox}>
        {activity && (
          <EditActivityForm key={activity.id} activity={activity} onDone={() => onOpenChange(false)} rules={rules} scope={scope} />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The value as typed back into the field: plain digits with a dot, which parseMoneyInput reads. */
function toInputValue(amount: number | null): string {
  return amount === null ? '' : String(computeMajorUnits(amount as MinorUnits));
}

/** The fields of an activity as the form holds them. */
type Draft = {
  type: StoredActivityType;
  customerName: string;
  notes: string;
  outcome: CallOutcome | null;
  value: string;
  productName: string;
  localDate: string;
};

function useDraft(initial: Draft) {
  const [draft, setDraft] = useState(initial);
  const set =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) =>
      setDraft((current) => ({ ...current, [key]: value }));
  return { draft, set };
}

/** Whether the draft can be sent: an answered call has its outcome, a sale its value. */
function isComplete(draft: Draft): boolean {
  if (draft.type === 'sale' && draft.value.trim() === '') return false;
  return !(draft.type === 'call_answered' && draft.outcome === null);
}

function EditActivityForm({
  activity,
  onDone,
  rules,
  scope,
}: {
  activity: Activity;
  onDone: () => void;
  rules: LogRules | undefined;
  scope?: CorrectionScope;
}) {
  const { t } = useTranslation('activity');
  const { draft, set } = useDraft({
    type: activity.type,
    customerName: activity.customerName ?? '',
    notes: activity.notes ?? '',
    outcome: activity.outcome,
    value: toInputValue(activity.ticketSize),
    productName: activity.productName ?? '',
    localDate: activity.localDate,
  });
  const [userId, setUserId] = useState(activity.userId);
  const updateActivity = useUpdateActivity();
  const { showSuccess, showError } = useActivityToasts();
  const label = t(activityLabelKey(activity));
  const canSubmit = !updateActivity.isPending && isComplete(draft);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    const retyped = draft.type !== activity.type;
    const changes: UpdateActivity = {};
    if (userId !== activity.userId) changes.userId = userId;
    if (retyped) changes.type = draft.type;
    if (draft.localDate !== activity.localDate) changes.localDate = draft.localDate;
    if (draft.customerName.trim() !== (activity.customerName ?? '')) changes.customerName = draft.customerName.trim() || null;
    if (draft.notes.trim() !== (activity.notes ?? '')) changes.notes = draft.notes.trim() || null;
    if (draft.type === 'call_answered' && draft.outcome && (retyped || draft.outcome !== activity.outcome)) changes.outcome = draft.outcome;
    if (draft.type === 'sale') {
      const ticketSize = parseMoneyInput(draft.value);
      if (ticketSize === null) {
        toast.error(t('toast.invalidValue'), { description: t('toast.invalidSaleValue') });
        return;
      }
      if (retyped || ticketSize !== activity.ticketSize) changes.ticketSize = ticketSize;
      if (draft.productName.trim() !== (activity.productName ?? '')) changes.productName = draft.productName.trim() || null;
    }
    if (Object.keys(changes).length === 0) return onDone();
    // The promise, not mutate()'s callbacks, which are dropped if the dialog unmounts first: an
    // activity moved to another member leaves this person's list (and the row holding the dialog)
    // when the change's live event is read, which can come before the answer.
    updateActivity.mutateAsync({ id: activity.id, changes }).then(
      () => {
        onDone();
        showSuccess('toast.updated', 'toast.updatedText');
      },
      (error: unknown) => showError('toast.couldNotUpdate', error),
    );
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-5">
      <DialogHeader>
        <div className="flex items-center gap-3">
          <ActivityIcon type={draft.type} />
          <DialogTitle>{t('edit.title', { activity: label })}</DialogTitle>
        </div>
        <DialogDescription>{t(scope ? 'edit.correctDescription' : 'edit.description')}</DialogDescription>
      </DialogHeader>

      {scope && (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t('edit.member')}
            value={userId}
            onChange={setUserId}
            options={scope.members.map((member) => ({ value: member.userId, label: member.name }))}
          />
          <DayField value={draft.localDate} max={scope.today} onChange={set('localDate')} />
          <SelectField
            label={t('edit.type')}
            value={draft.type}
            onChange={(type) => set('type')(type as StoredActivityType)}
            options={listOfferedTypes(rules, activity.type).map((type) => ({ value: type, label: t(`kinds.${type}`) }))}
          />
        </div>
      )}

      <ActivityDetailFields draft={draft} set={set} rules={rules} disabled={updateActivity.isPending} />

      <LogDialogFooter
        pending={updateActivity.isPending}
        canSubmit={canSubmit}
        submit={t('edit.save')}
        saving={t('edit.saving')}
        leave={{ kind: 'cancel', label: t('edit.cancel'), onClick: onDone }}
      />
    </form>
  );
}

/**
 * A manager logs an activity on a member's behalf (decision 086): any kind the company logs, on
 * any day up to today; it counts for the member, and the audit log says who logged it.
 */
export function LogForMemberDialog({
  member,
  today,
  rules,
  open,
  onOpenChange,
}: {
  member: { userId: string; name: string };
  today: string;
  rules: LogRules | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl" onEscapeKeyDown={guardEscapeForCombobox}>
        {open && <LogForMemberForm member={member} today={today} rules={rules} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function LogForMemberForm({
  member,
  today,
  rules,
  onDone,
}: {
  member: { userId: string; name: string };
  today: string;
  rules: LogRules | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation('activity');
  const { draft, set } = useDraft({
    type: 'call_answered',
    customerName: '',
    notes: '',
    outcome: null,
    value: '',
    productName: '',
    localDate: today,
  });
  const logFor = useLogForMember();
  const { showError } = useActivityToasts();
  const canSubmit = !logFor.isPending && isComplete(draft);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    const common = {
      userId: member.userId,
      customerName: draft.customerName.trim() || undefined,
      notes: draft.notes.trim() || undefined,
      localDate: draft.localDate === today ? undefined : draft.localDate,
    };
    let body: LogActivity;
    if (draft.type === 'call_answered' || draft.type === 'call_unanswered') {
      const answered = draft.type === 'call_answered';
      body = { kind: 'call', answered, outcome: answered ? (draft.outcome ?? undefined) : undefined, ...common };
    } else if (draft.type === 'sale') {
      const ticketSize = parseMoneyInput(draft.value);
      if (ticketSize === null) {
        toast.error(t('toast.invalidValue'), { description: t('toast.invalidSaleValue') });
        return;
      }
      body = { kind: 'sale', ticketSize, productName: draft.productName.trim() || undefined, ...common };
    } else {
      body = { kind: draft.type, ...common };
    }
    logFor.mutate(body, {
      onSuccess: () => {
        onDone();
        toast.success(t('logFor.logged', { name: member.name }), { description: t('logFor.loggedText') });
      },
      onError: (error) => showError('logFor.couldNotLog', error),
    });
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-5">
      <DialogHeader>
        <div className="flex items-center gap-3">
          <ActivityIcon type={draft.type} />
          <DialogTitle>{t('logFor.title', { name: member.name })}</DialogTitle>
        </div>
        <DialogDescription>{t('logFor.description', { name: member.name })}</DialogDescription>
      </DialogHeader>

      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('edit.type')}
          value={draft.type}
          onChange={(type) => set('type')(type as StoredActivityType)}
          options={listOfferedTypes(rules).map((type) => ({ value: type, label: t(`kinds.${type}`) }))}
        />
        <DayField value={draft.localDate} max={today} onChange={set('localDate')} />
      </div>

      <ActivityDetailFields draft={draft} set={set} rules={rules} disabled={logFor.isPending} />

      <LogDialogFooter
        pending={logFor.isPending}
        canSubmit={canSubmit}
        submit={t('logFor.submit')}
        saving={t('logFor.saving')}
        leave={{ kind: 'cancel', label: t('edit.cancel'), onClick: onDone }}
      />
    </form>
  );
}

/** Customer, the answered call's outcome, the sale's value and product, and notes: what the kind has. */
function ActivityDetailFields({
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

function SelectField({
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

function DayField({ value, max, onChange }: { value: string; max: string; onChange: (value: string) => void }) {
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

function Field({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="space-y-2">
      <div className="text-sm leading-none font-medium">{label}</div>
      {children}
    </div>
  );
}

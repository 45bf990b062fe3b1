import type { Activity, StoredActivityType, UpdateActivity } from '@core/contracts';
import { parseMoneyInput } from '@core/money';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/toaster';
import { useUpdateActivity } from '../api/update-activity';
import { ActivityIcon } from '@web/components/activity-icon';
import { useKindNames } from '@web/lib/kind-names';
import { useActivityToasts } from '../lib/toasts';
import type { LogRules } from '../lib/use-log-rules';
import { guardEscapeForCombobox } from './customer-combobox';
import { LogDialogFooter } from './log-dialog-footer';
import { ActivityDetailFields, DayField, isComplete, listOfferedTypes, SelectField, toInputValue, useDraft } from './activity-form-fields';

/**
 * What a manager may pick beyond what a rep edits (decision 086): whose activity it is (the
 * members they manage, the owner among them), and any day up to today.
 */
export type CorrectionScope = {
  members: readonly { userId: string; name: string }[];
  /** The company-local today: the latest day an activity can be on. */
  today: string;
};

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
  const { t, i18n } = useTranslation('activity');
  const { draft, set } = useDraft({
    type: activity.type,
    customerName: activity.customerName ?? '',
    notes: activity.notes ?? '',
    outcome: activity.outcome,
    value: toInputValue(activity.ticketSize, i18n.language),
    productName: activity.productName ?? '',
    localDate: activity.localDate,
  });
  const [userId, setUserId] = useState(activity.userId);
  const updateActivity = useUpdateActivity();
  const { showSuccess, showError } = useActivityToasts();
  const kindNames = useKindNames();
  const label = kindNames.label(activity.type);
  const canSubmit = !updateActivity.isPending && isComplete(draft);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    const retyped = draft.type !== activity.type;
    const changes: UpdateActivity = {};
    if (userId !== activity.userId) changes.userId = userId;
    // One of the company's own types stays what it is (decision 100): the dialog offers it no other kind.
    if (retyped && draft.type !== 'custom') changes.type = draft.type;
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
          {activity.type !== 'custom' && (
            <SelectField
              label={t('edit.type')}
              value={draft.type}
              onChange={(type) => set('type')(type as StoredActivityType)}
              options={listOfferedTypes(rules, activity.type).map((type) => ({ value: type, label: kindNames.label(type) }))}
            />
          )}
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

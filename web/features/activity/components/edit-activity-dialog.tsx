import type { Activity, UpdateActivity } from '@core/contracts';
import { ACTIVITY_NOTES_MAX, PRODUCT_NAME_MAX } from '@core/contracts/constants';
import type { CallOutcome } from '@core/kpi';
import { computeMajorUnits, type MinorUnits, parseMoneyInput } from '@core/money';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Input, Textarea } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { toast } from '@web/components/ui/toaster';
import { useCompanyFormat } from '@web/lib/format';
import { useUpdateActivity } from '../api/update-activity';
import { ActivityIcon, activityLabelKey } from '@web/components/activity-icon';
import { useActivityToasts } from '../lib/toasts';
import type { LogRules } from '../lib/use-log-rules';
import { CustomerCombobox, guardEscapeForCombobox } from './customer-combobox';
import { OutcomeChoice } from './outcome-choice';

/** Edits one of today's own activities: what the server lets change for its kind. */
export function EditActivityDialog({
  activity,
  onOpenChange,
  rules,
}: {
  activity: Activity | null;
  onOpenChange: (open: boolean) => void;
  rules: LogRules | undefined;
}) {
  return (
    <Dialog open={activity !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl" onEscapeKeyDown={guardEscapeForCombobox}>
        {activity && <EditActivityForm key={activity.id} activity={activity} onDone={() => onOpenChange(false)} rules={rules} />}
      </DialogContent>
    </Dialog>
  );
}

/** The value as typed back into the field: plain digits with a dot, which parseMoneyInput reads. */
function toInputValue(amount: number | null): string {
  return amount === null ? '' : String(computeMajorUnits(amount as MinorUnits));
}

function EditActivityForm({ activity, onDone, rules }: { activity: Activity; onDone: () => void; rules: LogRules | undefined }) {
  const { t } = useTranslation('activity');
  const format = useCompanyFormat();
  const ids = { value: useId(), product: useId(), notes: useId() };
  const isSale = activity.type === 'sale';
  const isAnswered = activity.type === 'call_answered';
  const [customerName, setCustomerName] = useState(activity.customerName ?? '');
  const [notes, setNotes] = useState(activity.notes ?? '');
  const [outcome, setOutcome] = useState<CallOutcome | null>(activity.outcome);
  const [value, setValue] = useState(toInputValue(activity.ticketSize));
  const [productName, setProductName] = useState(activity.productName ?? '');
  const updateActivity = useUpdateActivity();
  const { showSuccess, showError } = useActivityToasts();
  const label = t(activityLabelKey(activity));

  const canSubmit = !updateActivity.isPending && !(isSale && value.trim() === '') && !(isAnswered && outcome === null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    const changes: UpdateActivity = {};
    if (customerName.trim() !== (activity.customerName ?? '')) changes.customerName = customerName.trim() || null;
    if (notes.trim() !== (activity.notes ?? '')) changes.notes = notes.trim() || null;
    if (isAnswered && outcome && outcome !== activity.outcome) changes.outcome = outcome;
    if (isSale) {
      const ticketSize = parseMoneyInput(value);
      if (ticketSize === null) {
        toast.error(t('toast.invalidValue'), { description: t('toast.invalidSaleValue') });
        return;
      }
      if (ticketSize !== activity.ticketSize) changes.ticketSize = ticketSize;
      if (productName.trim() !== (activity.productName ?? '')) changes.productName = productName.trim() || null;
    }
    if (Object.keys(changes).length === 0) return onDone();
    updateActivity.mutate(
      { id: activity.id, changes },
      {
        onSuccess: () => {
          onDone();
          showSuccess('toast.updated', 'toast.updatedText');
        },
        onError: (error) => showError('toast.couldNotUpdate', error),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-5">
      <DialogHeader>
        <div className="flex items-center gap-3">
          <ActivityIcon type={activity.type} />
          <DialogTitle>{t('edit.title', { activity: label })}</DialogTitle>
        </div>
        <DialogDescription>{t('edit.description')}</DialogDescription>
      </DialogHeader>

      <CustomerCombobox value={customerName} onChange={setCustomerName} />

      {isAnswered && (
        <OutcomeChoice value={outcome} onChange={setOutcome} points={rules?.outcomePoints} disabled={updateActivity.isPending} />
      )}

      {isSale && (
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-2">
            <Label htmlFor={ids.value}>{t('logSale.valueIn', { currency: format.currency })}</Label>
            <Input
              id={ids.value}
              inputMode="decimal"
              autoComplete="off"
              aria-required
              className="tabular h-10"
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor={ids.product}>{t('logSale.product')}</Label>
            <Input
              id={ids.product}
              className="h-10"
              maxLength={PRODUCT_NAME_MAX}
              value={productName}
              onChange={(e) => setProductName(e.target.value)}
            />
          </div>
        </div>
      )}

      <div className="space-y-2">
        <Label htmlFor={ids.notes}>{t('notes.label')}</Label>
        <Textarea
          id={ids.notes}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          placeholder={t('notes.placeholder')}
          maxLength={ACTIVITY_NOTES_MAX}
          rows={3}
        />
      </div>

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={updateActivity.isPending}>
          {t('edit.cancel')}
        </Button>
        <Button type="submit" disabled={!canSubmit} className="sm:min-w-32">
          {updateActivity.isPending ? t('edit.saving') : t('edit.save')}
        </Button>
      </DialogFooter>
    </form>
  );
}

import type { LogActivity, StoredActivityType } from '@core/contracts';
import { parseMoneyInput } from '@core/money';
import { pickName } from '@core/activity-types';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKindNames } from '@web/lib/kind-names';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/toaster';
import { useMe } from '@web/lib/auth/get-me';
import { useActivityTypes } from '@web/lib/queries/get-activity-types';
import { useLogForMember } from '../api/log-for-member';
import { ActivityIcon } from '@web/components/activity-icon';
import { useActivityToasts } from '../lib/toasts';
import type { LogRules } from '../lib/use-log-rules';
import { guardEscapeForCombobox } from './customer-combobox';
import { LogCustomForm } from './log-custom-dialog';
import { LogDialogFooter } from './log-dialog-footer';
import { ActivityDetailFields, DayField, isComplete, listOfferedTypes, SelectField, useDraft } from './activity-form-fields';

/**
 * A manager logs an activity on a member's behalf (decision 086): any kind the company logs, its
 * own types included (decision 100), on any day up to today; it counts for the member, and the
 * audit log says who logged it.
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
  const { t, i18n } = useTranslation('activity');
  const kindNames = useKindNames();
  const { data: me } = useMe();
  // The company's own live types too (decision 100), in the company's order, as `type:<id>`: one of
  // them logs through its own form.
  const ownTypes = (useActivityTypes().data?.types ?? []).filter((type) => type.archivedAt === null);
  const [ownTypeId, setOwnTypeId] = useState<string | null>(null);
  const ownType = ownTypes.find((type) => type.id === ownTypeId) ?? null;
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
    } else if (draft.type !== 'custom') {
      body = { kind: draft.type, ...common };
    } else {
      // An own type logs through its own form (above); the draft never holds 'custom'.
      return;
    }
    logFor.mutate(body, {
      onSuccess: () => {
        onDone();
        toast.success(t('logFor.logged', { name: member.name }), { description: t('logFor.loggedText') });
      },
      onError: (error) => showError('logFor.couldNotLog', error),
    });
  };

  const typeChoice = (
    <SelectField
      label={t('edit.type')}
      value={ownType ? `type:${ownType.id}` : draft.type}
      onChange={(choice) => {
        if (choice.startsWith('type:')) return setOwnTypeId(choice.slice('type:'.length));
        setOwnTypeId(null);
        set('type')(choice as StoredActivityType);
      }}
      options={[
        ...listOfferedTypes(rules).map((type) => ({ value: type, label: kindNames.label(type) })),
        ...ownTypes.map((type) => ({ value: `type:${type.id}`, label: pickName(type.names, i18n.language, me?.company?.language) })),
      ]}
    />
  );
  if (ownType)
    return (
      <LogCustomForm key={ownType.id} type={ownType} onDone={onDone} forMember={{ ...member, typeChoice, today, day: draft.localDate }} />
    );

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
        {typeChoice}
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

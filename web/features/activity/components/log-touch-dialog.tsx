import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { useKindNames } from '@web/lib/kind-names';
import { useLogActivity } from '../api/log-activity';
import { ActivityIcon } from '@web/components/activity-icon';
import { useActivityToasts } from '../lib/toasts';
import { CustomerCombobox, guardEscapeForCombobox } from './customer-combobox';
import { LogDialogFooter } from './log-dialog-footer';
import { LogNotesField } from './log-notes-field';
import { type LogDay, LogDayField, TODAY, toLogDayRequest } from './log-day-field';

export type TouchKind = 'meeting' | 'email' | 'linkedin';

const ERROR_KEYS: Record<TouchKind, string> = {
  meeting: 'toast.couldNotLogMeeting',
  email: 'toast.couldNotLogEmail',
  linkedin: 'toast.couldNotLogLinkedin',
};

/** Kinds beyond calls and sales, because reps need them: a held meeting, an e-mail or a LinkedIn touch. */
export function LogTouchDialog({ kind, onOpenChange }: { kind: TouchKind | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={kind !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg" onEscapeKeyDown={guardEscapeForCombobox}>
        {kind && <LogTouchForm kind={kind} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function LogTouchForm({ kind, onDone }: { kind: TouchKind; onDone: () => void }) {
  const { t } = useTranslation('activity');
  // A kind the company renamed (decision 116) is logged by its name.
  const { logTitle } = useKindNames();
  const [customerName, setCustomerName] = useState('');
  const [notes, setNotes] = useState('');
  const [day, setDay] = useState<LogDay>(TODAY);
  const logActivity = useLogActivity();
  const { showLogged, showKept, showError } = useActivityToasts();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (logActivity.isPending) return;
    logActivity.mutate(
      { kind, customerName: customerName.trim() || null, notes: notes.trim() || null, ...toLogDayRequest(day) },
      {
        onSuccess: (outcome) => {
          onDone();
          if (outcome.state === 'sent') showLogged(outcome.activity);
          else showKept();
        },
        onError: (error) => showError(ERROR_KEYS[kind], error),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-5">
      <DialogHeader>
        <div className="flex items-center gap-3">
          <ActivityIcon type={kind} />
          <DialogTitle>{logTitle(kind, t(`logOther.${kind}Title`))}</DialogTitle>
        </div>
        <DialogDescription>{t(`logOther.${kind}Description`)}</DialogDescription>
      </DialogHeader>
      <CustomerCombobox value={customerName} onChange={setCustomerName} />
      <LogNotesField value={notes} onChange={setNotes} />
      <LogDayField value={day} onChange={setDay} disabled={logActivity.isPending} />

      <LogDialogFooter
        pending={logActivity.isPending}
        canSubmit
        submit={t('logOther.submit')}
        saving={t('logOther.saving')}
        leave={{ kind: 'cancel', label: t('logOther.cancel'), onClick: onDone }}
      />
    </form>
  );
}

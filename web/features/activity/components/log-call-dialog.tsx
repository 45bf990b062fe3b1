import type { CallOutcome } from '@core/kpi';
import { useQuery } from '@tanstack/react-query';
import { PhoneIncomingIcon, PhoneMissedIcon } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@web/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { useKindNames } from '@web/lib/kind-names';
import { FieldError } from '@web/components/ui/label';
import { cn } from '@web/lib/cn';
import { getKpiRulesQueryOptions } from '@web/lib/queries/get-kpi-rules';
import { useLogActivity } from '../api/log-activity';
import { useActivityToasts } from '../lib/toasts';
import type { LogRules } from '../lib/use-log-rules';
import { CustomerCombobox, guardEscapeForCombobox } from './customer-combobox';
import { LogDialogFooter } from './log-dialog-footer';
import { LogNotesField } from './log-notes-field';
import { type LogDay, LogDayField, TODAY, toLogDayRequest } from './log-day-field';
import { OutcomeChoice } from './outcome-choice';

/**
 * Log Call: step 1 Answered / Not answered; step 2 customer, the outcome of an
 * answered call, notes, Back and Log Call. The form lives inside the dialog content, which mounts
 * on every open, so the dialog starts clean each time.
 */
export function LogCallDialog({
  open,
  onOpenChange,
  rules,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  rules: LogRules | undefined;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl" onEscapeKeyDown={guardEscapeForCombobox}>
        <LogCallForm onDone={() => onOpenChange(false)} rules={rules} />
      </DialogContent>
    </Dialog>
  );
}

function LogCallForm({ onDone, rules }: { onDone: () => void; rules: LogRules | undefined }) {
  const { t } = useTranslation('activity');
  // A kind the company renamed (decision 116) is logged by its name.
  const { logTitle } = useKindNames();
  const [answered, setAnswered] = useState<boolean | null>(null);
  const [outcome, setOutcome] = useState<CallOutcome | null>(null);
  const [customerName, setCustomerName] = useState('');
  const [notes, setNotes] = useState('');
  const [day, setDay] = useState<LogDay>(TODAY);
  const logActivity = useLogActivity();
  const { showLogged, showKept, showError } = useActivityToasts();
  // The outcome points must be the rules in force now: ask again each time the dialog opens.
  useQuery({ ...getKpiRulesQueryOptions(), refetchOnMount: 'always' });

  const isDetails = answered !== null;
  // Log stays in the Tab order without an outcome: pressing it says what is missing and goes there.
  const canSubmit = isDetails && !logActivity.isPending;
  const [outcomeMissing, setOutcomeMissing] = useState(false);
  const outcomeRef = useRef<HTMLFieldSetElement>(null);
  const hintId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    if (answered && outcome === null) {
      setOutcomeMissing(true);
      outcomeRef.current?.querySelector('input')?.focus();
      return;
    }
    logActivity.mutate(
      {
        kind: 'call',
        answered,
        // A call that was not answered is always no_progress (the server stores it so too).
        outcome: answered ? (outcome ?? undefined) : 'no_progress',
        customerName: customerName.trim() || null,
        notes: notes.trim() || null,
        ...toLogDayRequest(day),
      },
      {
        onSuccess: (outcome) => {
          onDone();
          if (outcome.state === 'sent') showLogged(outcome.activity);
          else showKept();
        },
        onError: (error) => showError('toast.couldNotLogCall', error),
      },
    );
  };

  if (!isDetails) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>{logTitle('call', t('logCall.title'))}</DialogTitle>
          <DialogDescription>{t('logCall.stepOne')}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-3 sm:grid-cols-2">
          <AnswerButton
            icon={<PhoneIncomingIcon />}
            label={t('logCall.answered')}
            hint={t('logCall.answeredHint')}
            tone="bg-success-soft text-success"
            onClick={() => setAnswered(true)}
          />
          <AnswerButton
            icon={<PhoneMissedIcon />}
            label={t('logCall.notAnswered')}
            hint={t('logCall.notAnsweredHint')}
            tone="bg-muted text-muted-foreground"
            onClick={() => {
              setAnswered(false);
              setOutcome('no_progress');
            }}
          />
        </div>
      </>
    );
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-5">
      <DialogHeader>
        <div className="flex flex-wrap items-center gap-2">
          <DialogTitle>{logTitle('call', t('logCall.title'))}</DialogTitle>
          <Badge variant={answered ? 'success' : 'secondary'}>
            {answered ? <PhoneIncomingIcon aria-hidden /> : <PhoneMissedIcon aria-hidden />}
            {answered ? t('logCall.answeredCall') : t('logCall.unansweredCall')}
          </Badge>
        </div>
        <DialogDescription>{t('logCall.stepTwo')}</DialogDescription>
      </DialogHeader>

      <CustomerCombobox value={customerName} onChange={setCustomerName} focusOnMount />

      {answered && (
        <div className="space-y-2">
          <OutcomeChoice
            ref={outcomeRef}
            value={outcome}
            onChange={setOutcome}
            points={rules?.outcomePoints}
            disabled={logActivity.isPending}
            describedBy={outcome === null ? hintId : undefined}
          />
          {outcome === null &&
            (outcomeMissing ? (
              <FieldError id={hintId}>{t('logCall.chooseOutcome')}</FieldError>
            ) : (
              <p id={hintId} className="text-xs text-muted-foreground">
                {t('logCall.chooseOutcome')}
              </p>
            ))}
        </div>
      )}

      <LogNotesField value={notes} onChange={setNotes} />

      <LogDayField value={day} onChange={setDay} disabled={logActivity.isPending} />

      <LogDialogFooter
        pending={logActivity.isPending}
        canSubmit={canSubmit}
        submit={logTitle('call', t('logCall.submit'))}
        saving={t('logCall.saving')}
        leave={{
          kind: 'back',
          label: t('logCall.back'),
          onClick: () => {
            setAnswered(null);
            setOutcome(null);
            setOutcomeMissing(false);
          },
        }}
      />
    </form>
  );
}

function AnswerButton({
  icon,
  label,
  hint,
  tone,
  onClick,
}: {
  icon: React.ReactNode;
  label: string;
  hint: string;
  tone: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="group flex items-center gap-4 rounded-xl border bg-card p-4 text-left transition-all outline-none hover:-translate-y-0.5 hover:border-primary/50 hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 sm:flex-col sm:items-start sm:p-5"
    >
      <span className={cn('flex size-11 items-center justify-center rounded-full [&_svg]:size-5', tone)} aria-hidden>
        {icon}
      </span>
      <span>
        <span className="block text-base font-semibold">{label}</span> <span className="block text-sm text-muted-foreground">{hint}</span>
      </span>
    </button>
  );
}

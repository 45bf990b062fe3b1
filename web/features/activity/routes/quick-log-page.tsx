import { pickName } from '@core/activity-types';
import type { ActivityType } from '@core/contracts';
import { CALL_OUTCOMES, type CallOutcome } from '@core/kpi';
import { QUICK_LOG_ACTION_ATTRIBUTE } from '@core/start-snapshot';
import { parseMoneyInput } from '@core/money';
import { computeLocalDate } from '@core/period';
import { CloudOffIcon, DownloadIcon, PhoneIcon, PhoneMissedIcon, RefreshCwIcon, XIcon } from 'lucide-react';
import { type FormEvent, type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_LOOKS, type ActivityLook } from '@web/components/activity-icon';
import { ACTIVITY_TYPE_ICON_COMPONENTS, ACTIVITY_TYPE_TONES } from '@web/components/activity-type-icon';
import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toaster';
import { cn } from '@web/lib/cn';
import { useCompanyFormat } from '@web/lib/format';
import { useMe } from '@web/lib/auth/get-me';
import { useKindNames } from '@web/lib/kind-names';
import { useInstallPrompt } from '@web/lib/install-prompt';
import { useLoggableTypes } from '@web/lib/queries/get-activity-types';
import { keepStartSnapshot, takeEarlyTaps } from '@web/lib/start-snapshot';
import type { PendingActivity, SyncResult } from '../lib/offline-queue';
import { useActivityToasts } from '../lib/toasts';
import { type QuickLog, useOfflineLog } from '../lib/use-offline-log';
import { useLogRules } from '../lib/use-log-rules';
import type { LogKind } from '../lib/use-log-dialog-param';
import { LogDialogs } from '../components/log-dialogs';

const ANSWERED_LOOK: ActivityLook = { icon: PhoneIcon, tone: 'bg-primary-foreground/15' };
const UNANSWERED_LOOK: ActivityLook = { icon: PhoneMissedIcon, tone: 'bg-muted text-muted-foreground' };

type Step = { kind: 'buttons' } | { kind: 'outcome' } | { kind: 'sale' } | { kind: 'own-outcome'; type: ActivityType };

/** What each big button does: a log at once, or the step that asks for the rest. */
const ACTIONS = {
  answered: { kind: 'outcome' },
  'not-answered': { kind: 'call', answered: false },
  meeting: { kind: 'meeting' },
  sale: { kind: 'sale' },
  email: { kind: 'email' },
  linkedin: { kind: 'linkedin' },
} as const satisfies Record<string, QuickLog | Step>;
/** A built-in kind's button, or one of the company's own types (decision 100) by its id. */
type Action = keyof typeof ACTIONS | `type:${string}`;

/**
 * How long the screen settles (the shell's own answers) once the member and the rules are in, before
 * it is kept as the next start's first frame; kept again when the page is hidden (the phone locked,
 * another app), so the next start has it as it was last seen.
 */
const SNAPSHOT_DELAY_MS = 500;

/**
 * The phone's start screen (decision 054): the big buttons, one tap for most logs and two for an
 * answered call (its outcome) or a sale (its value). Works without a connection: logs wait on
 * the device and go when it returns.
 */
export function Component() {
  const { t } = useTranslation('activity');
  const nameOf = useNameOf();
  // A built-in kind the company renamed (decision 116) is offered and listed by its name.
  const { renamed, label } = useKindNames();
  const { rules } = useLogRules();
  const { showLogged } = useActivityToasts();
  const [step, setStep] = useState<Step>({ kind: 'buttons' });
  const [hasLogged, setHasLogged] = useState(false);

  const onSynced = useCallback(
    (result: SyncResult, live: boolean) => {
      if (live && result.sent.length === 1) showLogged(result.sent[0]!.activity);
      else if (result.sent.length > 0) toast.success(t('offline.sent', { count: result.sent.length }));
      for (const refused of result.refused) toast.error(t('offline.refusedTitle'), { description: refused.refusal?.message });
    },
    [showLogged, t],
  );
  const { pending, isOnline, log, discard, sync } = useOfflineLog(onSynced);
  // The company's own types, the ones this member used most lately first (decision 100).
  const loggable = useLoggableTypes();
  const ownTypes = loggable ?? [];
  const [dialog, setDialog] = useState<LogKind | null>(null);

  const submit = async (quick: QuickLog) => {
    setStep({ kind: 'buttons' });
    setHasLogged(true);
    await log(quick);
    if (!navigator.onLine) toast.success(t('offline.keptOnDevice'), { description: t('offline.keptText') });
  };
  const act = (action: Action) => {
    if (action.startsWith('type:')) return actOwn(action.slice('type:'.length));
    const next = ACTIONS[action as keyof typeof ACTIONS];
    if (next.kind === 'outcome' || next.kind === 'sale') setStep(next);
    else void submit(next);
  };
  /**
   * An own type: logged at once when it asks for nothing, its outcome asked first when it has
   * outcomes; a type with a required field opens its log dialog (which queues offline too).
   */
  const actOwn = (typeId: string) => {
    const type = ownTypes.find((candidate) => candidate.id === typeId);
    if (!type) return;
    if (type.fields.some((field) => field.required && !field.archived)) return setDialog(`type:${type.id}`);
    if (type.outcomes.some((outcome) => !outcome.archived)) return setStep({ kind: 'own-outcome', type });
    void submit({ kind: 'custom', typeId: type.id });
  };

  // The page may have shown this device's copy of the screen until now (decision 090): taps on it
  // were kept; once this screen is up (in the same commit, before any other event) they are taken
  // over, and acted on as soon as the member is known.
  const { data: me } = useMe();
  const userId = me?.user.id;
  const earlyTaps = useRef<string[]>([]);
  useLayoutEffect(() => {
    earlyTaps.current.push(...takeEarlyTaps());
  }, []);
  // An own type's tap waits for the types (the copy showed their buttons from the last visit).
  const typesKnown = loggable !== undefined;
  useEffect(() => {
    if (!userId || earlyTaps.current.length === 0) return;
    const taps = earlyTaps.current.splice(0);
    for (const action of taps) {
      if (action.startsWith('type:') && !typesKnown) earlyTaps.current.push(action);
      else if (action in ACTIONS || action.startsWith('type:')) act(action as Action);
    }
    // Once per member, and once more when the types are in: `act` is this render's, which is all a tap needs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, typesKnown]);
  // The screen as it shows now, settled, becomes the next start's first frame.
  const { i18n } = useTranslation();
  useEffect(() => {
    if (!userId || !rules || step.kind !== 'buttons') return;
    const keep = () => keepStartSnapshot(userId);
    const timer = window.setTimeout(keep, SNAPSHOT_DELAY_MS);
    window.addEventListener('pagehide', keep);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('pagehide', keep);
    };
  }, [userId, rules, step.kind, i18n.language]);

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-4">
      <PageHeader title={t('quickLogPage.title')} description={t('quickLogPage.description')} />
      {!isOnline && (
        <p
          role="status"
          data-no-snapshot
          className="flex items-center gap-2 rounded-lg border border-warning/50 bg-warning-soft px-3 py-2 text-sm"
        >
          <CloudOffIcon className="size-4 shrink-0" aria-hidden />
          {t('offline.banner')}
        </p>
      )}
      {step.kind === 'buttons' && (
        <div className="grid grid-cols-2 gap-3">
          <BigButton
            primary
            action="answered"
            look={ANSWERED_LOOK}
            label={renamed('call') ? label('call_answered') : t('quickLogPage.answered')}
            onClick={act}
          />
          <BigButton
            action="not-answered"
            look={UNANSWERED_LOOK}
            label={renamed('call') ? label('call_unanswered') : t('quickLogPage.notAnswered')}
            onClick={act}
          />
          {(rules?.enabledKinds.meeting ?? true) && (
            <BigButton action="meeting" look={ACTIVITY_LOOKS.meeting} label={renamed('meeting') ?? t('quickLog.meeting')} onClick={act} />
          )}
          <BigButton action="sale" look={ACTIVITY_LOOKS.sale} label={renamed('sale') ?? t('quickLogPage.sale')} onClick={act} />
          {rules?.enabledKinds.email && (
            <BigButton action="email" look={ACTIVITY_LOOKS.email} label={renamed('email') ?? t('quickLog.email')} onClick={act} />
          )}
          {rules?.enabledKinds.linkedin && (
            <BigButton
              action="linkedin"
              look={ACTIVITY_LOOKS.linkedin}
              label={renamed('linkedin') ?? t('quickLog.linkedin')}
              onClick={act}
            />
          )}
          {ownTypes.map((type) => (
            <BigButton
              key={type.id}
              action={`type:${type.id}`}
              look={{ icon: ACTIVITY_TYPE_ICON_COMPONENTS[type.icon], tone: ACTIVITY_TYPE_TONES[type.colour] }}
              label={nameOf(type.names)}
              onClick={act}
            />
          ))}
        </div>
      )}
      {step.kind === 'own-outcome' && (
        <StepCard
          title={t('quickLogPage.ownOutcomeTitle', { type: nameOf(step.type.names) })}
          onCancel={() => setStep({ kind: 'buttons' })}
        >
          <div className="grid gap-3">
            {step.type.outcomes
              .filter((outcome) => !outcome.archived)
              .map((outcome) => (
                <Button
                  key={outcome.id}
                  size="lg"
                  variant="outline"
                  className="h-16 justify-start text-base"
                  onClick={() => void submit({ kind: 'custom', typeId: step.type.id, outcome: outcome.id })}
                >
                  {nameOf(outcome.names)}
                  <span className="ml-auto text-sm text-muted-foreground">
                    {t('plusPts', { count: step.type.points + outcome.points })}
                  </span>
                </Button>
              ))}
          </div>
        </StepCard>
      )}
      {step.kind === 'outcome' && (
        <StepCard title={t('quickLogPage.outcomeTitle')} onCancel={() => setStep({ kind: 'buttons' })}>
          <div className="grid gap-3">
            {CALL_OUTCOMES.map((outcome: CallOutcome) => (
              <Button
                key={outcome}
                size="lg"
                variant="outline"
                className="h-16 justify-start text-base"
                onClick={() => void submit({ kind: 'call', answered: true, outcome })}
              >
                {t(`outcomes.${outcome}`)}
                {rules && (
                  <span className="ml-auto text-sm text-muted-foreground">{t('plusPts', { count: rules.outcomePoints[outcome] })}</span>
                )}
              </Button>
            ))}
          </div>
        </StepCard>
      )}
      {step.kind === 'sale' && (
        <SaleStep onCancel={() => setStep({ kind: 'buttons' })} onSubmit={(ticketSize) => void submit({ kind: 'sale', ticketSize })} />
      )}
      <InstallOffer show={hasLogged} />
      <PendingList
        pending={pending}
        isOnline={isOnline}
        ownTypes={ownTypes}
        onRetry={() => void sync()}
        onDiscard={(key) => void discard(key)}
      />
      <LogDialogs kind={dialog} rules={rules} onClose={() => setDialog(null)} />
    </div>
  );
}

function BigButton({
  action,
  look: { icon: Icon, tone },
  label,
  onClick,
  primary,
}: {
  action: Action;
  look: ActivityLook;
  label: string;
  onClick: (action: Action) => void;
  primary?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={() => onClick(action)}
      // Named for the page's boot script too: a tap on the start screen's copy is kept by this name.
      {...{ [QUICK_LOG_ACTION_ATTRIBUTE]: action }}
      className={cn(
        // aria-busy: a tap on the copy, kept until the app has started.
        'flex min-h-28 aria-busy:opacity-60 flex-col items-start justify-between gap-3 rounded-2xl border p-4 text-left text-base font-semibold transition-all outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 active:translate-y-px',
        primary ? 'border-transparent bg-primary text-primary-foreground shadow-sm' : 'bg-card shadow-xs hover:border-primary/40',
      )}
    >
      <span className={cn('flex size-11 items-center justify-center rounded-xl [&_svg]:size-6', tone)} aria-hidden>
        <Icon />
      </span>
      {label}
    </button>
  );
}

function StepCard({ title, onCancel, children }: { title: string; onCancel: () => void; children: ReactNode }) {
  const { t } = useTranslation('activity');
  return (
    <Card className="gap-4 p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{title}</h2>
        <Button variant="ghost" size="icon" aria-label={t('quickLogPage.back')} onClick={onCancel}>
          <XIcon />
        </Button>
      </div>
      {children}
    </Card>
  );
}

function SaleStep({ onCancel, onSubmit }: { onCancel: () => void; onSubmit: (ticketSize: number) => void }) {
  const { t } = useTranslation('activity');
  const { currency } = useCompanyFormat();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault();
    const minor = parseMoneyInput(value);
    if (minor === null || minor <= 0) return setError(t('quickLogPage.saleValueError'));
    onSubmit(minor);
  };
  return (
    <StepCard title={t('quickLogPage.saleTitle')} onCancel={onCancel}>
      <form className="grid gap-3" onSubmit={onFormSubmit} noValidate>
        <label className="grid gap-1.5 text-sm font-medium">
          {t('quickLogPage.saleValue', { currency })}
          <Input
            inputMode="decimal"
            ref={(input) => input?.focus()}
            className="h-14 text-2xl"
            value={value}
            aria-invalid={error !== null}
            onChange={(event) => {
              setValue(event.target.value);
              setError(null);
            }}
          />
        </label>
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        <Button type="submit" size="lg" className="h-14 text-base">
          {t('quickLogPage.logSale')}
        </Button>
      </form>
    </StepCard>
  );
}

function InstallOffer({ show }: { show: boolean }) {
  const { t } = useTranslation('activity');
  const { canInstall, install, dismiss } = useInstallPrompt();
  const isPhone = typeof window !== 'undefined' && window.matchMedia?.('(max-width: 767px)').matches;
  if (!show || !canInstall || !isPhone) return null;
  return (
    <Card className="gap-3 p-4" data-no-snapshot>
      <div className="flex items-start gap-3">
        <DownloadIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
        <p className="text-sm">{t('install.text')}</p>
      </div>
      <div className="flex justify-end gap-2">
        <Button size="sm" variant="ghost" onClick={dismiss}>
          {t('install.notNow')}
        </Button>
        <Button size="sm" onClick={() => void install()}>
          {t('install.install')}
        </Button>
      </div>
    </Card>
  );
}

function PendingList({
  pending,
  isOnline,
  ownTypes,
  onRetry,
  onDiscard,
}: {
  pending: PendingActivity[];
  isOnline: boolean;
  ownTypes: readonly ActivityType[];
  onRetry: () => void;
  onDiscard: (clientKey: string) => void;
}) {
  const { t } = useTranslation('activity');
  const nameOf = useNameOf();
  const kindNames = useKindNames();
  const { money, time, shortDay, timeZone } = useCompanyFormat();
  if (pending.length === 0) return null;
  // A log for an earlier day (from a My Activity dialog) shows that day and time, not when it was made.
  const when = (entry: PendingActivity) => {
    const { localDate, time: chosenTime } = entry.body;
    if (!localDate || localDate === computeLocalDate(new Date(entry.tappedAt), timeZone)) return time(entry.tappedAt);
    return chosenTime ? `${shortDay(localDate)} ${chosenTime}` : shortDay(localDate);
  };
  const waiting = pending.filter((entry) => entry.status === 'waiting').length;
  return (
    <Card className="gap-3 p-4" aria-labelledby="pending-heading" data-no-snapshot>
      <div className="flex items-center justify-between gap-2">
        <h2 id="pending-heading" className="text-base font-semibold">
          {t('offline.waiting', { count: waiting })}
        </h2>
        {isOnline && waiting > 0 && (
          <Button size="sm" variant="outline" onClick={onRetry}>
            <RefreshCwIcon /> {t('offline.sendNow')}
          </Button>
        )}
      </div>
      <ul className="divide-y">
        {pending.map((entry) => {
          const body = entry.body;
          const kind =
            body.kind === 'call' ? (body.answered ? 'call_answered' : 'call_unanswered') : body.kind === 'sale' ? 'sale' : body.kind;
          return (
            <li key={entry.clientKey} className="flex items-start gap-3 py-2 text-sm">
              <div className="min-w-0 flex-1">
                <p className="font-medium">
                  {(body.kind === 'custom' && describeOwn(body, ownTypes, nameOf)) || kindNames.label(kind)}
                  {body.kind === 'sale' && ` · ${money(body.ticketSize)}`}
                  {body.kind === 'call' && body.answered && body.outcome && ` · ${t(`outcomes.${body.outcome}`)}`}
                  {body.customerName && ` · ${body.customerName}`}
                </p>
                <p className="text-muted-foreground">
                  {when(entry)} ·{' '}
                  {entry.status === 'waiting' ? (
                    t('offline.waitingOne')
                  ) : (
                    <span className="text-destructive">{entry.refusal?.message}</span>
                  )}
                </p>
              </div>
              {entry.status === 'refused' && (
                <Button size="sm" variant="outline" onClick={() => onDiscard(entry.clientKey)}>
                  {t('offline.discard')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

/** A name in the reader's language, else the company's (an own type's, an outcome's). */
function useNameOf() {
  const { i18n } = useTranslation();
  const { data: me } = useMe();
  return (names: Record<string, string>) => pickName(names, i18n.language, me?.company?.language);
}

/** A waiting log of an own type: its name, and its outcome's. */
function describeOwn(
  body: { typeId: string; outcome?: string | null },
  types: readonly ActivityType[],
  nameOf: (names: Record<string, string>) => string,
): string | null {
  const type = types.find((candidate) => candidate.id === body.typeId);
  if (!type) return null;
  const outcome = type.outcomes.find((candidate) => candidate.id === body.outcome);
  return outcome ? `${nameOf(type.names)} · ${nameOf(outcome.names)}` : nameOf(type.names);
}

import {
  KPI_BASE_POINTS_MAX,
  KPI_BASE_POINTS_MIN,
  type KpiRuleView,
  SETUP_STEPS,
  type CompanySettings,
  DEFAULT_COMPANY_NAME,
  type SetupStep,
} from '@core/contracts';
import type { KpiKey } from '@core/kpi';
import { DEFAULT_CURRENCY, SUPPORTED_CURRENCIES } from '@core/money';
import { DEFAULT_TIME_ZONE, isValidTimeZone } from '@core/period';
import { ArrowRightIcon, CheckIcon, PartyPopperIcon } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '@web/components/load-error';
import { PageHeader } from '@web/components/page-header';
import { TimeZonePicker } from '@web/components/time-zone-picker';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { FieldError, Label } from '@web/components/ui/label';
import { Progress } from '@web/components/ui/progress';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/components/ui/toaster';
import { useCompanySettings } from '@web/features/company/api/get-company-settings';
import { useUpdateCompanySettings } from '@web/features/company/api/update-company-settings';
import { useSetMemberBoards } from '@web/features/members/api/set-member-boards';
import { InviteByEmailForm } from '@web/features/invitations/components/invite-by-email-form';
import { useUpdateKpiRule } from '@web/features/kpi-rules/api/update-kpi-rule';
import { normalizeLanguage } from '@web/i18n';
import { useAuth } from '@web/lib/auth/auth-provider';
import { cn } from '@web/lib/cn';
import { describeCurrency } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { useKpiRules } from '@web/lib/queries/get-kpi-rules';
import { useCompleteSetupStep, useSetupState } from '@web/lib/queries/get-setup';
import { useTimeZoneLabels } from '@web/lib/use-time-zone-labels';

/*
 * /app/setup: the first-run setup of a company (decision 042), admins only (the route is behind
 * AdminGuard). Five steps in a stepper; each saves through the setting's own endpoint, then records
 * the step as saved; each can be skipped and done later here or in Settings. ?step= opens one.
 */

const isStep = (value: string | null): value is SetupStep => (SETUP_STEPS as readonly string[]).includes(value ?? '');

export function Component() {
  const { t } = useTranslation('settings');
  const [params, setParams] = useSearchParams();
  const setup = useSetupState();
  const company = useCompanySettings();
  const requested = params.get('step');
  const firstOpen = setup.data?.steps.find((s) => !s.done)?.step;
  const [finished, setFinished] = useState(false);
  const step: SetupStep = isStep(requested) ? requested : (firstOpen ?? 'company');
  const index = SETUP_STEPS.indexOf(step);

  const goTo = (next: SetupStep) => setParams({ step: next }, { replace: false });
  const advance = () => {
    const next = SETUP_STEPS[index + 1];
    if (next) goTo(next);
    else setFinished(true);
  };

  const header = <PageHeader title={t('setup.title')} description={t('setup.description')} />;
  if (setup.isError || company.isError) {
    return (
      <>
        {header}
        <LoadError
          title={t('setup.loadError')}
          error={setup.error ?? company.error}
          onRetry={() => void Promise.all([setup.refetch(), company.refetch()])}
        />
      </>
    );
  }
  if (!setup.data || !company.data) {
    return (
      <>
        {header}
        <div className="max-w-3xl space-y-4" aria-busy="true">
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-72 w-full" />
        </div>
      </>
    );
  }

  const state = setup.data;
  return (
    <>
      {header}
      <div className="grid max-w-3xl gap-6">
        <Stepper current={finished ? null : step} steps={state.steps} onSelect={(s) => (setFinished(false), goTo(s))} />
        {finished ? (
          <FinishedCard doneCount={state.doneCount} total={state.total} />
        ) : (
          <StepCard key={step} step={step} index={index} company={company.data} onDone={advance} onSkip={advance} />
        )}
      </div>
    </>
  );
}

function Stepper({
  current,
  steps,
  onSelect,
}: {
  current: SetupStep | null;
  steps: { step: SetupStep; done: boolean }[];
  onSelect: (step: SetupStep) => void;
}) {
  const { t } = useTranslation('settings');
  const done = steps.filter((s) => s.done).length;
  return (
    <nav aria-label={t('setup.stepsLabel')} className="space-y-3">
      <div className="flex items-center justify-between text-sm">
        <span className="font-medium">{t('setup.progress', { done, total: steps.length })}</span>
        {current && (
          <span className="text-muted-foreground sm:hidden">
            {t('setup.stepOf', { n: SETUP_STEPS.indexOf(current) + 1, total: steps.length })}
          </span>
        )}
      </div>
      <Progress value={(done / steps.length) * 100} className="sm:hidden" aria-hidden />
      <ol className="hidden gap-2 sm:grid sm:grid-cols-5">
        {steps.map(({ step, done: isDone }, i) => {
          const isCurrent = step === current;
          return (
            <li key={step}>
              <button
                type="button"
                onClick={() => onSelect(step)}
                aria-current={isCurrent ? 'step' : undefined}
                className={cn(
                  'flex w-full flex-col items-start gap-2 rounded-lg border-t-4 px-1 pt-3 text-left text-sm transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                  isCurrent ? 'border-primary' : isDone ? 'border-success/60' : 'border-muted',
                )}
              >
                <span
                  className={cn(
                    'flex size-6 items-center justify-center rounded-full text-xs font-semibold',
                    isDone ? 'bg-success text-white' : isCurrent ? 'bg-primary text-primary-foreground' : 'bg-muted text-muted-foreground',
                  )}
                  aria-hidden
                >
                  {isDone ? <CheckIcon className="size-3.5" /> : i + 1}
                </span>
                <span className={cn('leading-tight', isCurrent ? 'font-semibold' : 'text-muted-foreground')}>
                  {t(`setup.steps.${step}.short`)}
                  {isDone && <span className="sr-only"> {t('setup.doneLabel')}</span>}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function FinishedCard({ doneCount, total }: { doneCount: number; total: number }) {
  const { t } = useTranslation('settings');
  return (
    <Card className="text-center">
      <CardContent className="flex flex-col items-center gap-3 py-10">
        <div className="flex size-12 items-center justify-center rounded-full bg-success-soft text-success">
          <PartyPopperIcon className="size-6" aria-hidden />
        </div>
        <h2 className="text-xl font-semibold">{doneCount === total ? t('setup.finishedTitle') : t('setup.almostTitle')}</h2>
        <p className="max-w-md text-sm text-muted-foreground">
          {doneCount === total ? t('setup.finishedText') : t('setup.almostText', { count: total - doneCount })}
        </p>
        <Button asChild className="mt-2">
          <Link to={paths.app.dashboard}>
            {t('setup.toDashboard')} <ArrowRightIcon />
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

type StepProps = { step: SetupStep; index: number; company: CompanySettings; onDone: () => void; onSkip: () => void };

/** One step: its title and text, its form, and Skip / Save and continue. */
function StepCard(props: StepProps) {
  const { t } = useTranslation('settings');
  const { step, index } = props;
  return (
    <Card>
      <CardHeader>
        <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
          {t('setup.stepOf', { n: index + 1, total: SETUP_STEPS.length })}
        </p>
        <CardTitle className="text-lg">{t(`setup.steps.${step}.title`)}</CardTitle>
        <CardDescription>{t(`setup.steps.${step}.text`)}</CardDescription>
      </CardHeader>
      {step === 'activities' ? (
        <ActivitiesStep {...props} />
      ) : step === 'invite' ? (
        <InviteStep {...props} />
      ) : (
        <CompanyFieldStep {...props} />
      )}
    </Card>
  );
}

function useFinishStep(step: SetupStep, onDone: () => void) {
  const complete = useCompleteSetupStep();
  return async () => {
    await complete.mutateAsync(step);
    onDone();
  };
}

function StepButtons({ onSkip, isSaving, saveLabel }: { onSkip: () => void; isSaving: boolean; saveLabel?: string }) {
  const { t } = useTranslation('settings');
  return (
    <CardFooter className="flex-col-reverse gap-2 border-t pt-5 sm:flex-row sm:justify-end">
      <Button type="button" variant="ghost" onClick={onSkip} disabled={isSaving} className="w-full sm:w-auto">
        {t('setup.skip')}
      </Button>
      <Button type="submit" disabled={isSaving} className="w-full sm:w-auto">
        {isSaving && <Spinner />}
        {saveLabel ?? t('setup.saveAndContinue')}
      </Button>
    </CardFooter>
  );
}

/** The browser's time zone for a company still on the default one (a Stockholm office is asked about Stockholm). */
function suggestTimeZone(current: string): string {
  if (current !== DEFAULT_TIME_ZONE) return current;
  const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return browser && isValidTimeZone(browser) && browser !== 'UTC' ? browser : current;
}

const CURRENCY_OF_LANGUAGE: Partial<Record<string, (typeof SUPPORTED_CURRENCIES)[number]>> = { sv: 'SEK', da: 'DKK' };

/** A Swedish or Danish screen's currency for a company still on the default (NOK). */
function suggestCurrency(current: string, language: string): (typeof SUPPORTED_CURRENCIES)[number] {
  const own = current as (typeof SUPPORTED_CURRENCIES)[number];
  return current === DEFAULT_CURRENCY ? (CURRENCY_OF_LANGUAGE[normalizeLanguage(language)] ?? own) : own;
}

/** Name, time zone or currency: one field of the company, saved through PATCH /company. */
function CompanyFieldStep({ step, company, onDone, onSkip }: StepProps) {
  const { t, i18n } = useTranslation('settings');
  const id = useId();
  const update = useUpdateCompanySettings();
  const finish = useFinishStep(step, onDone);
  const timeZoneLabels = useTimeZoneLabels();
  // A company still called by the default name starts with an empty field: the default is no answer.
  const [name, setName] = useState(company.name === DEFAULT_COMPANY_NAME ? '' : company.name);
  // A company still on the defaults (Oslo, NOK) is offered the admin's own: the browser's zone, and
  // the currency of a Swedish or Danish screen. Saving is the answer, as before.
  const [timezone, setTimezone] = useState(() => suggestTimeZone(company.timezone));
  const [currency, setCurrency] = useState(() => suggestCurrency(company.currency, i18n.language));
  // Asked with the company's name (decision 081): the admin who sets up often leads without selling.
  const { me, recheck } = useAuth();
  const setBoards = useSetMemberBoards();
  const [sells, setSells] = useState(me?.profile?.onBoards ?? true);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (step === 'company' && name.trim().length === 0) {
      setError(t('setup.nameRequired'));
      return;
    }
    setSaving(true);
    try {
      const patch = step === 'company' ? { name: name.trim() } : step === 'timezone' ? { timezone } : { currency };
      await update.mutateAsync(patch);
      if (step === 'company' && me?.profile && sells !== me.profile.onBoards) {
        await setBoards.mutateAsync({ userId: me.user.id, onBoards: sells });
        await recheck();
      }
      await finish();
      toast.success(t('setup.saved'));
    } catch (caught) {
      toast.error(t('setup.saveError'), { description: caught instanceof Error ? caught.message : undefined });
    } finally {
      setSaving(false);
    }
  }

  let field: ReactNode;
  if (step === 'company') {
    field = (
      <div className="space-y-2">
        <Label htmlFor={`${id}-name`}>{t('company.name')}</Label>
        <Input
          id={`${id}-name`}
          value={name}
          onChange={(e) => (setName(e.target.value), setError(null))}
          maxLength={100}
          autoComplete="organization"
          placeholder={t('setup.namePlaceholder')}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
        />
        {error ? (
          <FieldError id={`${id}-error`}>{error}</FieldError>
        ) : (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {t('setup.nameHint')}
          </p>
        )}
        {me?.profile && (
          <div className="mt-5 flex items-start gap-3 rounded-lg border p-3">
            <Switch
              id={`${id}-sells`}
              checked={sells}
              onCheckedChange={setSells}
              aria-describedby={`${id}-sells-hint`}
              className="mt-0.5"
            />
            <div className="space-y-1">
              <Label htmlFor={`${id}-sells`}>{t('setup.sells.label')}</Label>
              <p id={`${id}-sells-hint`} className="text-xs text-muted-foreground">
                {t('setup.sells.hint')}
              </p>
            </div>
          </div>
        )}
      </div>
    );
  } else if (step === 'timezone') {
    field = (
      <div className="space-y-2">
        <Label htmlFor={`${id}-tz`}>{t('company.timezone')}</Label>
        <TimeZonePicker id={`${id}-tz`} value={timezone} onChange={setTimezone} labels={timeZoneLabels} aria-describedby={`${id}-hint`} />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {t('company.timezoneHint')}
        </p>
      </div>
    );
  } else {
    field = (
      <div className="space-y-2">
        <Label htmlFor={`${id}-currency`}>{t('company.currency')}</Label>
        <Select value={currency} onValueChange={(value) => setCurrency(value as typeof currency)}>
          <SelectTrigger id={`${id}-currency`} aria-describedby={`${id}-hint`} className="sm:w-80">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {SUPPORTED_CURRENCIES.map((code) => (
              <SelectItem key={code} value={code}>
                {describeCurrency(code, i18n.language)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {t('company.currencyHint')}
        </p>
      </div>
    );
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <CardContent>{field}</CardContent>
      <StepButtons onSkip={onSkip} isSaving={isSaving} />
    </form>
  );
}

/** The kinds of activity a team logs, and the rules (with their points) each kind turns on. */
const ACTIVITY_KINDS: { kind: string; rules: KpiKey[] }[] = [
  { kind: 'calls', rules: ['call_answered', 'call_unanswered', 'moved_forward'] },
  { kind: 'meetings', rules: ['meeting_booked', 'meeting_completed'] },
  { kind: 'sales', rules: ['sale'] },
  { kind: 'email', rules: ['email'] },
  { kind: 'linkedin', rules: ['linkedin'] },
];

type Draft = Record<string, { enabled: boolean; basePoints: string }>;

function ActivitiesStep(props: StepProps) {
  const { t } = useTranslation('settings');
  const rules = useKpiRules();
  if (rules.isError) {
    return (
      <CardContent>
        <LoadError title={t('toasts.kpiLoadError')} error={rules.error} onRetry={() => void rules.refetch()} />
      </CardContent>
    );
  }
  if (!rules.data) {
    return (
      <CardContent className="space-y-3" aria-busy="true">
        {ACTIVITY_KINDS.map((k) => (
          <Skeleton key={k.kind} className="h-16 w-full" />
        ))}
      </CardContent>
    );
  }
  return <ActivitiesForm {...props} rules={rules.data.rules} />;
}

function ActivitiesForm({ step, onDone, onSkip, rules }: StepProps & { rules: KpiRuleView[] }) {
  const { t } = useTranslation('settings');
  const id = useId();
  const update = useUpdateKpiRule();
  const finish = useFinishStep(step, onDone);
  const [draft, setDraft] = useState<Draft>(() =>
    Object.fromEntries(rules.map((r) => [r.kpiKey, { enabled: r.enabled, basePoints: String(r.basePoints) }])),
  );
  const [isSaving, setSaving] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const focusNext = useRef<KpiKey | null>(null);
  const byKey = new Map<string, KpiRuleView>(rules.map((r) => [r.kpiKey, r]));

  const invalid = (value: string) => !/^\d+$/.test(value) || Number(value) < KPI_BASE_POINTS_MIN || Number(value) > KPI_BASE_POINTS_MAX;
  // Only a rule that is on must have its points: one turned on and off again keeps what it had.
  const firstInvalid = rules.find((r) => draft[r.kpiKey]?.enabled && invalid(draft[r.kpiKey]!.basePoints))?.kpiKey ?? null;

  const focusPoints = (key: KpiKey) => document.getElementById(`${id}-points-${key}`)?.focus();
  // The points field a kind just turned on asks for (below): it is there once the switch has drawn it.
  useEffect(() => {
    const key = focusNext.current;
    focusNext.current = null;
    if (key) focusPoints(key);
  });

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (firstInvalid) {
      setShowErrors(true);
      focusPoints(firstInvalid as KpiKey);
      return;
    }
    setSaving(true);
    try {
      for (const rule of rules) {
        const wanted = draft[rule.kpiKey];
        if (!wanted) continue;
        const basePoints = wanted.enabled ? Number(wanted.basePoints) : rule.basePoints;
        if (wanted.enabled === rule.enabled && basePoints === rule.basePoints) continue;
        await update.mutateAsync({ id: rule.id, enabled: wanted.enabled, basePoints });
      }
      await finish();
      toast.success(t('setup.saved'));
    } catch (caught) {
      toast.error(t('setup.saveError'), { description: caught instanceof Error ? caught.message : undefined });
    } finally {
      setSaving(false);
    }
  }

  /**
   * A kind turned on here whose rules are worth 0 points (e-mail and LinkedIn start so) asks for
   * its points: the field is emptied and focused, and the step will not save it empty. A kind
   * that was on keeps its points, and turning one off gives its rules back the points they had.
   */
  const setKind = (keys: KpiKey[], enabled: boolean) => {
    const asked = enabled ? keys.filter((k) => !byKey.get(k)?.enabled && draft[k]?.basePoints === '0') : [];
    setDraft((current) => ({
      ...current,
      ...Object.fromEntries(
        keys.map((k) => [
          k,
          { enabled, basePoints: asked.includes(k) ? '' : enabled ? current[k]!.basePoints : String(byKey.get(k)?.basePoints ?? 0) },
        ]),
      ),
    }));
    focusNext.current = asked[0] ?? null;
  };
  const setPoints = (key: KpiKey, basePoints: string) =>
    setDraft((current) => current && { ...current, [key]: { ...current[key]!, basePoints } });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <CardContent>
        <ul className="divide-y rounded-lg border">
          {ACTIVITY_KINDS.map(({ kind, rules: keys }) => {
            const present = keys.filter((k) => byKey.has(k) && draft[k]);
            if (present.length === 0) return null;
            const on = present.some((k) => draft[k]!.enabled);
            const switchId = `${id}-kind-${kind}`;
            return (
              <li key={kind} className="p-4" data-kind={kind}>
                <div className="flex items-start justify-between gap-4">
                  <div className="min-w-0">
                    <Label htmlFor={switchId} className="text-base font-medium">
                      {t(`setup.kinds.${kind}.label`)}
                    </Label>
                    <p className="text-sm text-muted-foreground">{t(`setup.kinds.${kind}.text`)}</p>
                  </div>
                  <Switch id={switchId} checked={on} onCheckedChange={(checked) => setKind(present, checked)} />
                </div>
                {on && (
                  <div className="mt-3 grid gap-3 sm:grid-cols-3">
                    {present.map((key) => {
                      const value = draft[key]!.basePoints;
                      const ruleName = t(`kpi.rules.${key}.label`);
                      const error = showErrors && invalid(value) ? `${id}-points-${key}-error` : undefined;
                      return (
                        <div key={key} className="space-y-1">
                          <Label htmlFor={`${id}-points-${key}`} className="text-xs text-muted-foreground">
                            {t('setup.pointsFor', { rule: ruleName })}
                          </Label>
                          <Input
                            id={`${id}-points-${key}`}
                            type="number"
                            inputMode="numeric"
                            min={KPI_BASE_POINTS_MIN}
                            max={KPI_BASE_POINTS_MAX}
                            step={1}
                            value={value}
                            onChange={(e) => setPoints(key, e.target.value)}
                            placeholder={t('setup.pointsPlaceholder')}
                            aria-invalid={invalid(value)}
                            aria-describedby={error}
                            className="w-28"
                          />
                          {error && (
                            <p id={error} className="text-xs text-destructive">
                              {value === ''
                                ? t('setup.pointsNeeded', { rule: ruleName })
                                : t('kpi.pointsError', { min: KPI_BASE_POINTS_MIN, max: KPI_BASE_POINTS_MAX })}
                            </p>
                          )}
                        </div>
                      );
                    })}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
        <p className="mt-3 text-xs text-muted-foreground">{t('setup.activitiesHint')}</p>
      </CardContent>
      <StepButtons onSkip={onSkip} isSaving={isSaving} />
    </form>
  );
}

function InviteStep({ step, onDone, onSkip }: StepProps) {
  const { t } = useTranslation('settings');
  const finish = useFinishStep(step, onDone);
  return (
    <CardContent>
      <InviteByEmailForm
        onSent={() => void finish()}
        footer={
          <Button type="button" variant="ghost" onClick={onSkip} className="w-full sm:w-auto">
            {t('setup.skip')}
          </Button>
        }
      />
    </CardContent>
  );
}

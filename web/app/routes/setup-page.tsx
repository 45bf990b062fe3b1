import { SETUP_STEPS, type SetupStep } from '@core/contracts';
import { CheckIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError } from '@web/components/load-error';
import { PageHeader } from '@web/components/page-header';
import { Skeleton } from '@web/components/ui/skeleton';
import { useCompanySettings } from '@web/features/company/api/get-company-settings';
import { useSetupState } from '@web/lib/queries/get-setup';
import { FinishedCard, Stepper } from './setup/setup-stepper';
import { StepCard } from './setup/setup-steps';

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
  // The step saved last (its number), said in a line above the next step rather than a toast over it.
  const [saved, setSaved] = useState<number | null>(null);
  // Whether a step was saved or skipped here: the next one then takes the focus (StepCard).
  const [moved, setMoved] = useState(false);
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
        <Stepper current={finished ? null : step} steps={state.steps} onSelect={(s) => (setFinished(false), setSaved(null), goTo(s))} />
        <p role="status" className="-my-3 flex items-center gap-1.5 text-sm font-medium text-success-strong">
          {saved !== null && (
            <>
              <CheckIcon className="size-4" aria-hidden />
              {t('setup.savedStep', { n: saved })}
            </>
          )}
        </p>
        {finished ? (
          <FinishedCard doneCount={state.doneCount} total={state.total} />
        ) : (
          <StepCard
            key={step}
            step={step}
            index={index}
            company={company.data}
            arrived={moved}
            onDone={() => (setSaved(index + 1), setMoved(true), advance())}
            onSkip={() => (setSaved(null), setMoved(true), advance())}
          />
        )}
      </div>
    </>
  );
}

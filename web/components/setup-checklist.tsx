import type { SetupStep } from '@core/contracts';
import { CheckCircle2Icon, CircleIcon, RocketIcon, XIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Progress } from '@web/components/ui/progress';
import { toast } from '@web/components/ui/toaster';
import { useAuth } from '@web/lib/auth/auth-provider';
import { paths } from '@web/lib/paths';
import { useDismissSetup, useSetupState } from '@web/lib/queries/get-setup';

/**
 * The dashboard's "what is left of the setup" card (decision 042): admins only, until every step is
 * done or an admin dismisses it. Each open step links to its place in the setup. Renders nothing
 * while loading or on an error: the dashboard is about today's numbers, and this is a reminder.
 */
export function SetupChecklist() {
  const { t } = useTranslation('scoreboard');
  const { isAdmin } = useAuth();
  const setup = useSetupState({ enabled: isAdmin });
  const dismiss = useDismissSetup();
  const state = setup.data;
  if (!isAdmin || !state?.showChecklist) return null;

  const firstOpen = state.steps.find((s) => !s.done)?.step;
  async function onDismiss() {
    try {
      await dismiss.mutateAsync(true);
      toast.success(t('setupChecklist.dismissed'));
    } catch (error) {
      toast.error(t('setupChecklist.dismissError'), { description: error instanceof Error ? error.message : undefined });
    }
  }

  return (
    <Card className="mb-6 overflow-hidden" aria-labelledby="setup-checklist-title" data-testid="setup-checklist">
      <div className="flex flex-col gap-4 p-5 sm:flex-row sm:items-start">
        <div className="hidden size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary sm:flex">
          <RocketIcon className="size-5" aria-hidden />
        </div>
        <div className="min-w-0 flex-1 space-y-3">
          <div className="flex items-start justify-between gap-3">
            <div>
              <h2 id="setup-checklist-title" className="font-semibold">
                {t('setupChecklist.title')}
              </h2>
              <p className="text-sm text-muted-foreground">{t('setupChecklist.progress', { done: state.doneCount, total: state.total })}</p>
            </div>
            <Button
              variant="ghost"
              size="icon"
              className="-mt-1 -mr-2 size-8 shrink-0 text-muted-foreground"
              onClick={() => void onDismiss()}
              disabled={dismiss.isPending}
              aria-label={t('setupChecklist.dismiss')}
              title={t('setupChecklist.dismiss')}
            >
              <XIcon />
            </Button>
          </div>
          <Progress
            value={(state.doneCount / state.total) * 100}
            aria-label={t('setupChecklist.progress', { done: state.doneCount, total: state.total })}
          />
          <ul className="grid gap-1.5 sm:grid-cols-2 lg:grid-cols-5">
            {state.steps.map(({ step, done }) => (
              <li key={step}>
                <StepLink step={step} done={done} />
              </li>
            ))}
          </ul>
          {firstOpen && (
            <Button asChild size="sm">
              <Link to={paths.app.setup(firstOpen)}>{t('setupChecklist.continue')}</Link>
            </Button>
          )}
        </div>
      </div>
    </Card>
  );
}

function StepLink({ step, done }: { step: SetupStep; done: boolean }) {
  const { t } = useTranslation('scoreboard');
  const label = t(`setupChecklist.steps.${step}`);
  if (done) {
    return (
      <span className="flex items-center gap-2 text-sm text-muted-foreground">
        <CheckCircle2Icon className="size-4 shrink-0 text-success" aria-hidden />
        <span className="line-through decoration-muted-foreground/40">{label}</span>
        <span className="sr-only">{t('setupChecklist.doneLabel')}</span>
      </span>
    );
  }
  return (
    <Link
      to={paths.app.setup(step)}
      className="flex items-center gap-2 rounded-sm text-sm font-medium text-foreground hover:text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <CircleIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      {label}
    </Link>
  );
}

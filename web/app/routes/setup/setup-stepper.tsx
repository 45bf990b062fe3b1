import { SETUP_STEPS, type SetupStep } from '@core/contracts';
import { ArrowRightIcon, CheckIcon, PartyPopperIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { Progress } from '@web/components/ui/progress';
import { cn } from '@web/lib/cn';
import { paths } from '@web/lib/paths';

/* The setup's steps as a list, and the card when every step is done (decision 042). */

export function Stepper({
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

export function FinishedCard({ doneCount, total }: { doneCount: number; total: number }) {
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

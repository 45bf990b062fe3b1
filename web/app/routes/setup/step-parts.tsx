import { type CompanySettings, type SetupStep } from '@core/contracts';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { CardFooter } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { useCompleteSetupStep } from '@web/lib/queries/get-setup';

/* What every setup step shares: its props, finishing it, and its Save and Skip buttons (decision 042). */

export type StepProps = {
  step: SetupStep;
  index: number;
  company: CompanySettings;
  onDone: () => void;
  onSkip: () => void;
  /** Reached by saving or skipping the step before: its title takes the focus the pressed button had. */
  arrived?: boolean;
};

export function useFinishStep(step: SetupStep, onDone: () => void) {
  const complete = useCompleteSetupStep();
  return async () => {
    await complete.mutateAsync(step);
    onDone();
  };
}

export function StepButtons({ onSkip, isSaving, saveLabel }: { onSkip: () => void; isSaving: boolean; saveLabel?: string }) {
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

import { SETUP_STEPS } from '@core/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { type StepProps } from './step-parts';
import { CompanyFieldStep } from './company-step';
import { ActivitiesStep } from './activities-step';
import { InviteStep } from './invite-step';

/* The setup's steps: the company's details, what it logs and scores, the first invitations (decision 042). */

/** One step: its title and text, its form, and Skip / Save and continue. */
export function StepCard(props: StepProps) {
  const { t } = useTranslation('settings');
  const { step, index, arrived } = props;
  const title = useRef<HTMLHeadingElement>(null);
  // The button that moved on is gone with the step it was in: a keyboard or screen-reader user goes on from this step's title.
  useEffect(() => {
    if (arrived) title.current?.focus();
  }, [arrived]);
  return (
    <Card>
      <CardHeader>
        <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
          {t('setup.stepOf', { n: index + 1, total: SETUP_STEPS.length })}
        </p>
        <CardTitle ref={title} tabIndex={-1} className="text-lg focus-visible:outline-none">
          {t(`setup.steps.${step}.title`)}
        </CardTitle>
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

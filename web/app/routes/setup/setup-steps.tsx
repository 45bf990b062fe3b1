import { SETUP_STEPS } from '@core/contracts';
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

import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { CardContent } from '@web/components/ui/card';
import { InviteByEmailForm } from '@web/features/invitations/components/invite-by-email-form';
import { JoinPolicyChoice } from './join-policy-choice';
import { type StepProps, useFinishStep } from './step-parts';

/* The setup's step for the first invitations (decision 042). */

export function InviteStep({ step, onDone, onSkip }: StepProps) {
  const { t } = useTranslation('settings');
  const finish = useFinishStep(step, onDone);
  return (
    <CardContent>
      <JoinPolicyChoice />
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

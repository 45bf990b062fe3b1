import { MailCheckIcon, MailWarningIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toaster';
import { useSendConfirmationMail } from '../api/send-confirmation-mail';
import { describeAuthError } from '../lib/describe-auth-error';
import { DevMailboxHint } from './dev-mailbox-hint';

/**
 * Sign-in refused because the e-mail address is not confirmed: says so, and offers to send the
 * confirmation mail again (better-auth answers alike for any address, so this reveals nothing).
 */
export function UnverifiedEmailNotice({ email, callbackURL }: { email: string; callbackURL: string }) {
  const { t } = useTranslation('auth');
  const send = useSendConfirmationMail();

  function onResend() {
    send.mutate(
      { email, callbackURL },
      { onSuccess: () => toast.success(t('unverified.sentTitle'), { description: t('unverified.sent', { email }) }) },
    );
  }

  if (send.isSuccess) {
    return (
      <Alert variant="success" className="mb-5">
        <MailCheckIcon />
        <AlertTitle>{t('unverified.sentTitle')}</AlertTitle>
        <AlertDescription>
          <p>{t('unverified.sent', { email })}</p>
          <DevMailboxHint className="mt-2" />
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <Alert variant="warning" className="mb-5">
      <MailWarningIcon />
      <AlertTitle>{t('errors.emailNotVerified')}</AlertTitle>
      <AlertDescription>
        <p>{t('unverified.text', { email })}</p>
        {send.isError && <p className="mt-2 font-medium text-destructive">{describeAuthError(send.error, t)}</p>}
        <Button type="button" variant="outline" size="sm" className="mt-3" disabled={send.isPending} onClick={onResend}>
          {send.isPending && <Spinner />}
          {send.isPending ? t('unverified.resending') : t('unverified.resend')}
        </Button>
      </AlertDescription>
    </Alert>
  );
}

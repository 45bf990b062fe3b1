import { RequestPasswordResetSchema } from '@core/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertCircleIcon, ArrowLeftIcon, KeyRoundIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { FieldError, Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { forgetTypedEmail, readTypedEmail } from '@web/lib/auth/typed-email';
import { paths } from '@web/lib/paths';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { AuthLayout } from '../components/auth-layout';
import { MailSent } from '../components/mail-sent';
import { describeAuthError } from '../lib/describe-auth-error';

/**
 * /auth/forgot-password: asks for the reset mail. The answer is the same neutral confirmation for
 * any address, so nobody learns here whether an address has an account.
 */
export function Component() {
  const { t } = useTranslation('auth');
  // The address typed on the sign-in page, if any (read once; taken out of storage after).
  const [typedEmail] = useState(readTypedEmail);
  useEffect(forgetTypedEmail, []);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm({ resolver: zodResolver(RequestPasswordResetSchema), defaultValues: { email: typedEmail } });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await request.mutateAsync(email);
      setSentTo(email);
    } catch {
      // Shown in the alert below (request.error).
    }
  });

  if (sentTo) {
    return (
      <AuthLayout>
        <MailSent
          title={t('forgot.sentTitle')}
          actions={
            <>
              <Button asChild variant="outline">
                <Link reloadDocument to={paths.auth()}>
                  {t('forgot.backToSignIn')}
                </Link>
              </Button>
              <Button
                variant="link"
                onClick={() => {
                  setSentTo(null);
                  request.reset();
                  setTimeout(() => setFocus('email'), 0);
                }}
              >
                {t('forgot.otherAddress')}
              </Button>
            </>
          }
        >
          {t('forgot.sentText', { email: sentTo })}
        </MailSent>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <div className="mb-8">
        <div className="mb-5 flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
          <KeyRoundIcon className="size-6" aria-hidden />
        </div>
        <h1 className="text-2xl font-semibold tracking-tight">{t('forgot.heading')}</h1>
        <p className="mt-1.5 text-sm text-muted-foreground">{t('forgot.subtitle')}</p>
      </div>
      {request.isError && (
        <Alert variant="destructive" className="mb-5">
          <AlertCircleIcon />
          <AlertDescription>{describeAuthError(request.error, t)}</AlertDescription>
        </Alert>
      )}
      <form className="space-y-4" onSubmit={onSubmit} noValidate>
        <div className="space-y-2">
          <Label htmlFor="resetEmail">{t('fields.email')}</Label>
          <Input
            id="resetEmail"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            placeholder={t('fields.emailPlaceholder')}
            aria-invalid={Boolean(errors.email)}
            aria-describedby={errors.email ? 'resetEmail-error' : undefined}
            {...register('email')}
          />
          <FieldError id="resetEmail-error">{errors.email && t('errors.invalidEmail')}</FieldError>
        </div>
        <Button type="submit" className="w-full" size="lg" disabled={request.isPending}>
          {request.isPending && <Spinner />}
          {request.isPending ? t('forgot.busy') : t('forgot.submit')}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link
          reloadDocument
          to={paths.auth()}
          className="inline-flex items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline"
        >
          <ArrowLeftIcon className="size-4" aria-hidden />
          {t('forgot.backToSignIn')}
        </Link>
      </p>
    </AuthLayout>
  );
}

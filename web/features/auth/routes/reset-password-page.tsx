import { PASSWORD_MIN_LENGTH, ResetPasswordFormSchema } from '@core/contracts';
import { collectPasswordUserInputs, findPasswordRefusalReason } from '@core/passwords';
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertCircleIcon, ArrowLeftIcon, LockKeyholeIcon, TimerOffIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PasswordField } from '@web/components/password-field';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { useAuth } from '@web/lib/auth/auth-provider';
import { getBrandName } from '@web/lib/brand';
import { paths } from '@web/lib/paths';
import { assessNewPassword, describePasswordFieldError, usePasswordAssessment } from '@web/lib/passwords';
import { useResetPassword } from '../api/reset-password';
import { AuthLayout } from '../components/auth-layout';
import { AuthRequestError, describeAuthError } from '../lib/describe-auth-error';

/** better-auth's codes for a reset link that is unknown, used or past its hour. */
const DEAD_LINK_CODES = new Set(['INVALID_TOKEN', 'TOKEN_EXPIRED']);

/** The page knows no name or address (only the link's token): the server adds those to its check. */
const USER_INPUTS = collectPasswordUserInputs({ brand: getBrandName() });

/**
 * /auth/reset-password: where the reset mail's link lands. better-auth has checked the token and
 * added ?token=..., or ?error=INVALID_TOKEN when it is unknown, used or expired.
 */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [isDead, setIsDead] = useState(false);
  return (
    <AuthLayout>
      {!token || params.has('error') || isDead ? <ExpiredLink /> : <NewPasswordForm token={token} onDeadLink={() => setIsDead(true)} />}
    </AuthLayout>
  );
}

function NewPasswordForm({ token, onDeadLink }: { token: string; onDeadLink: () => void }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { recheck } = useAuth();
  const reset = useResetPassword();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ResetPasswordFormSchema), defaultValues: { newPassword: '', confirmPassword: '' } });
  const typedPassword = useWatch({ control, name: 'newPassword' });
  const assessment = usePasswordAssessment(typedPassword, USER_INPUTS);

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    const refusal = await assessNewPassword(newPassword, USER_INPUTS);
    if (refusal && !refusal.ok) {
      setError('newPassword', { message: refusal.reason }, { shouldFocus: true });
      return;
    }
    try {
      await reset.mutateAsync({ token, newPassword });
    } catch (error) {
      if (error instanceof AuthRequestError && error.code && DEAD_LINK_CODES.has(error.code)) onDeadLink();
      // The server's refusal of the password itself (it knows the account's name and address).
      const reason = error instanceof AuthRequestError ? findPasswordRefusalReason(error.code) : null;
      if (reason) setError('newPassword', { message: reason }, { shouldFocus: true });
      return;
    }
    // The reset signed the account out everywhere, this browser included. The sign-in page says
    // the password is changed (a full page load: a toast here would not survive it).
    await recheck();
    await navigate(paths.auth({ password_changed: '1' }), { replace: true });
  });

  const fieldError = (message: string | undefined) =>
    describePasswordFieldError(message, t, (key) => t(`reset.errors.${key}`, { defaultValue: key }));
  const newPasswordError = fieldError(errors.newPassword?.message);
  const confirmError = fieldError(errors.confirmPassword?.message);

  return (
    <>
      <div className="mb-8">
        <div className="mb-5 flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
          <LockKeyholeIcon className="size-6" aria-hidden />
        </div>
        <h1 className="text-2xl font-semibold tracking-tight">{t('reset.heading')}</h1>
        <p className="mt-1.5 text-sm text-muted-foreground">{t('reset.subtitle')}</p>
      </div>
      {reset.isError && !(reset.error instanceof AuthRequestError && findPasswordRefusalReason(reset.error.code)) && (
        <Alert variant="destructive" className="mb-5">
          <AlertCircleIcon />
          <AlertDescription>{describeAuthError(reset.error, t)}</AlertDescription>
        </Alert>
      )}
      <form className="space-y-4" onSubmit={onSubmit} noValidate>
        <PasswordField
          id="newPassword"
          label={t('fields.newPassword')}
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          error={newPasswordError}
          strength={assessment}
          {...register('newPassword')}
        />
        <PasswordField
          id="confirmPassword"
          label={t('fields.confirmPassword')}
          autoComplete="new-password"
          required
          error={confirmError}
          {...register('confirmPassword')}
        />
        <Button type="submit" className="w-full" size="lg" disabled={reset.isPending}>
          {reset.isPending && <Spinner />}
          {reset.isPending ? t('reset.busy') : t('reset.submit')}
        </Button>
      </form>
      <BackToSignIn />
    </>
  );
}

function ExpiredLink() {
  const { t } = useTranslation('auth');
  return (
    <div className="text-center">
      <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-full bg-warning-soft text-warning-strong">
        <TimerOffIcon className="size-7" aria-hidden />
      </div>
      <h1 className="text-2xl font-semibold tracking-tight">{t('reset.expiredHeading')}</h1>
      <p className="mt-2 text-muted-foreground">{t('reset.expiredText')}</p>
      <Button asChild size="lg" className="mt-6 w-full">
        <Link to={paths.authForgotPassword}>{t('reset.requestNew')}</Link>
      </Button>
      <BackToSignIn />
    </div>
  );
}

function BackToSignIn() {
  const { t } = useTranslation('auth');
  return (
    <p className="mt-6 text-center text-sm">
      <Link
        reloadDocument
        to={paths.auth()}
        className="inline-flex items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline"
      >
        <ArrowLeftIcon className="size-4" aria-hidden />
        {t('reset.backToSignIn')}
      </Link>
    </p>
  );
}

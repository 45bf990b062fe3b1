import { ACCOUNT_LOCKED_CODE, ChangePasswordFormSchema } from '@core/contracts';
import { collectPasswordUserInputs, findPasswordRefusalReason } from '@core/passwords';
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertCircleIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '@web/components/password-field';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/components/ui/toaster';
import { useAuth } from '@web/lib/auth/auth-provider';
import { AuthRequestError } from '@web/lib/auth/auth-request-error';
import { getBrandName } from '@web/lib/brand';
import { assessNewPassword, describeAccountLocked, describePasswordFieldError, usePasswordAssessment } from '@web/lib/passwords';
import { useChangePassword } from '../api/change-password';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '', revokeOtherSessions: true };

/**
 * Personal settings: change the password (current, new, confirm), optionally signing out every
 * other device. The new one must pass the same strength check as on joining (decision 018); the
 * server has the last word and its refusals are worded here in the reader's language.
 */
export function ChangePasswordCard() {
  const { t } = useTranslation('settings');
  const { me } = useAuth();
  const change = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ChangePasswordFormSchema), defaultValues: EMPTY });
  const typedPassword = useWatch({ control, name: 'newPassword' });
  const userInputs = useMemo(
    () =>
      collectPasswordUserInputs({
        email: me?.user.email,
        names: [me?.user.name, me?.profile?.displayName],
        companyName: me?.company?.name,
        brand: getBrandName(),
      }),
    [me],
  );
  const assessment = usePasswordAssessment(typedPassword, userInputs);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const refusal = await assessNewPassword(values.newPassword, userInputs);
    if (refusal && !refusal.ok) {
      setError('newPassword', { message: refusal.reason }, { shouldFocus: true });
      return;
    }
    try {
      await change.mutateAsync({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
        revokeOtherSessions: values.revokeOtherSessions,
      });
    } catch (error) {
      onRefused(error);
      return;
    }
    toast.success(t('password.changed'), { description: values.revokeOtherSessions ? t('password.changedSignedOut') : undefined });
    reset(EMPTY);
  });

  function onRefused(error: unknown) {
    const code = error instanceof AuthRequestError ? error.code : undefined;
    const reason = findPasswordRefusalReason(code);
    if (reason) {
      setError('newPassword', { message: reason }, { shouldFocus: true });
      return;
    }
    if (code === 'INVALID_PASSWORD') {
      setError('currentPassword', { message: 'wrongCurrent' }, { shouldFocus: true });
      return;
    }
    const message =
      code === ACCOUNT_LOCKED_CODE
        ? describeAccountLocked(error instanceof AuthRequestError ? error.retryAfterSeconds : undefined, t)
        : code === 'CREDENTIAL_ACCOUNT_NOT_FOUND'
          ? t('password.errors.noPassword')
          : error instanceof AuthRequestError && error.status === 429
            ? t('password.errors.rateLimited')
            : t('password.errors.failed');
    setFormError(message);
    toast.error(message);
  }

  const fieldError = (message: string | undefined) => describePasswordFieldError(message, t, (key) => t(`password.errors.${key}`));
  const currentError = fieldError(errors.currentPassword?.message);
  const newError = fieldError(errors.newPassword?.message);
  const confirmError = fieldError(errors.confirmPassword?.message);

  return (
    <Card>
      <form onSubmit={onSubmit} noValidate>
        <CardHeader>
          <CardTitle>{t('password.title')}</CardTitle>
          <CardDescription>{t('password.description')}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-5">
          {formError && (
            <Alert variant="destructive">
              <AlertCircleIcon />
              <AlertDescription>{formError}</AlertDescription>
            </Alert>
          )}
          {/* For password managers: which account the new password belongs to. */}
          <input type="text" name="username" autoComplete="username" value={me?.user.email ?? ''} readOnly hidden />
          <div className="grid gap-5 sm:grid-cols-2">
            <PasswordField
              id="currentPassword"
              label={t('password.current')}
              autoComplete="current-password"
              error={currentError}
              className="sm:col-span-2 sm:max-w-[calc(50%-0.625rem)]"
              {...register('currentPassword')}
            />
            <PasswordField
              id="newPassword"
              label={t('password.new')}
              autoComplete="new-password"
              error={newError}
              strength={assessment}
              {...register('newPassword')}
            />
            <PasswordField
              id="confirmPassword"
              label={t('password.confirm')}
              autoComplete="new-password"
              error={confirmError}
              {...register('confirmPassword')}
            />
          </div>
          <div className="flex items-start gap-3 rounded-lg border bg-muted/40 p-4">
            <Controller
              control={control}
              name="revokeOtherSessions"
              render={({ field }) => (
                <Switch
                  id="revokeOtherSessions"
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  aria-describedby="revokeOtherSessions-hint"
                  className="mt-0.5"
                />
              )}
            />
            <div className="space-y-1">
              <Label htmlFor="revokeOtherSessions">{t('password.signOutOthers')}</Label>
              <p id="revokeOtherSessions-hint" className="text-sm text-muted-foreground">
                {t('password.signOutOthersHint')}
              </p>
            </div>
          </div>
        </CardContent>
        <CardFooter className="justify-end border-t pt-5">
          <Button type="submit" disabled={change.isPending}>
            {change.isPending && <Spinner />}
            {change.isPending ? t('password.busy') : t('password.submit')}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

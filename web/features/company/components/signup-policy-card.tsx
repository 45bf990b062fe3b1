import { ACCESS_CODE_MAX, SIGNUP_POLICIES, type SignupPolicySettings, UpdateSignupPolicySchema } from '@core/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { InfoIcon, KeyRoundIcon, MailCheckIcon, UserPlusIcon } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@web/components/load-error';
import { SettingsCardSkeleton } from '@web/components/settings-card-skeleton';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { FieldError, Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toaster';
import { showFieldRefusals } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { useErrorToast } from '@web/lib/use-error-toast';
import { useSignupPolicy } from '../api/get-signup-policy';
import { useUpdateSignupPolicy } from '../api/update-signup-policy';

const ICONS = { open: UserPlusIcon, access_code: KeyRoundIcon, invite_only: MailCheckIcon } as const;

/** Admin: who may create an account (open, access code, invitation only) and the access code itself. */
export function SignupPolicyCard() {
  const { t } = useTranslation('settings');
  const policy = useSignupPolicy();
  useErrorToast(policy.error, t('toasts.signupLoadError'));
  if (policy.isPending) return <SettingsCardSkeleton rows={3} />;
  if (policy.isError) return <LoadError title={t('toasts.signupLoadError')} error={policy.error} onRetry={() => void policy.refetch()} />;
  return <SignupPolicyForm key={`${policy.data.policy}:${policy.data.accessCode ?? ''}`} settings={policy.data} />;
}

function SignupPolicyForm({ settings }: { settings: SignupPolicySettings }) {
  const { t } = useTranslation('settings');
  const update = useUpdateSignupPolicy();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isDirty },
    reset,
  } = useForm({
    resolver: zodResolver(UpdateSignupPolicySchema),
    defaultValues: { policy: settings.policy, accessCode: settings.accessCode ?? '' },
  });
  const chosen = useWatch({ control, name: 'policy' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      reset({ policy: saved.policy, accessCode: saved.accessCode ?? '' });
      toast.success(t('toasts.signupSaved'), { description: t(`signup.policies.${saved.policy}.title`) });
    } catch (error) {
      showFieldRefusals(error, ['accessCode'], setError);
      toast.error(t('toasts.signupSaveError'), { description: error instanceof Error ? error.message : undefined });
    }
  });

  return (
    <Card>
      <form onSubmit={onSubmit} noValidate>
        <CardHeader>
          <CardTitle>{t('signup.title')}</CardTitle>
          <CardDescription>{t('signup.description')}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-5">
          {!settings.enforced && (
            <Alert>
              <InfoIcon />
              <AlertDescription>{t('signup.notEnforced')}</AlertDescription>
            </Alert>
          )}
          <fieldset className="grid gap-3 md:grid-cols-3">
            <legend className="sr-only">{t('signup.legend')}</legend>
            {SIGNUP_POLICIES.map((value) => {
              const Icon = ICONS[value];
              return (
                <label
                  key={value}
                  className={cn(
                    'relative flex cursor-pointer gap-3 rounded-lg border bg-card p-4 transition-colors hover:bg-accent/50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                    chosen === value && 'border-primary bg-primary-soft/60 hover:bg-primary-soft/60',
                  )}
                >
                  <input type="radio" value={value} className="sr-only" {...register('policy')} />
                  <Icon className={cn('mt-0.5 size-5 shrink-0', chosen === value ? 'text-primary' : 'text-muted-foreground')} aria-hidden />
                  <span>
                    <span className="block text-sm font-medium">{t(`signup.policies.${value}.title`)}</span>
                    <span className="mt-1 block text-xs text-muted-foreground">{t(`signup.policies.${value}.text`)}</span>
                  </span>
                </label>
              );
            })}
          </fieldset>
          <div className="max-w-sm space-y-2">
            <Label htmlFor="accessCode">{t('signup.accessCode')}</Label>
            <Input
              id="accessCode"
              autoComplete="off"
              spellCheck={false}
              maxLength={ACCESS_CODE_MAX}
              placeholder={t('signup.accessCodePlaceholder')}
              aria-invalid={Boolean(errors.accessCode)}
              aria-describedby={errors.accessCode ? 'accessCode-error' : 'accessCode-hint'}
              className="font-mono"
              {...register('accessCode')}
            />
            {errors.accessCode ? (
              <FieldError id="accessCode-error">{errors.accessCode.message}</FieldError>
            ) : (
              <p id="accessCode-hint" className="text-xs text-muted-foreground">
                {chosen === 'access_code' ? t('signup.accessCodeRequired') : t('signup.accessCodeHint')}
              </p>
            )}
          </div>
        </CardContent>
        <CardFooter className="justify-end gap-2 border-t pt-5">
          <Button type="button" variant="outline" disabled={!isDirty || update.isPending} onClick={() => reset()}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" disabled={!isDirty || update.isPending}>
            {update.isPending && <Spinner />}
            {update.isPending ? t('actions.saving') : t('signup.save')}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

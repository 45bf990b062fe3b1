import { CreateCompanySchema } from '@core/contracts';
import { DEFAULT_TIME_ZONE } from '@core/period/time-zones';
import { zodResolver } from '@hookform/resolvers/zod';
import { Building2Icon, LinkIcon, LogOutIcon, MailIcon, RefreshCwIcon, RocketIcon } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { Wordmark } from '@web/components/logo';
import { TimeZonePicker } from '@web/components/time-zone-picker';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { FieldError, Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toaster';
import { useAuth } from '@web/lib/auth/auth-provider';
import { paths } from '@web/lib/paths';
import { findBrowserTimeZone } from '@web/lib/time-zones';
import { useTimeZoneLabels } from '@web/lib/use-time-zone-labels';
import { useCreateCompany } from '../api/create-company';
import { cn } from '@web/lib/cn';

/**
 * For a signed-in person without a company (multi-tenant mode, or removed by an admin). A
 * promise that "an admin is notified and assigns you" would have no counterpart here: people join by invitation or
 * start a company, so the steps say that (decision 017).
 */
export function Component() {
  const { t } = useTranslation('auth');
  const { me, signOut, recheck } = useAuth();
  if (me?.onboarding.hasCompany) return <Navigate to={paths.app.dashboard} replace />;
  const removed = me?.onboarding.removed ?? false;
  const steps = [
    { icon: MailIcon, text: t('awaiting.step1') },
    { icon: LinkIcon, text: t('awaiting.step2', { email: me?.user.email ?? '' }) },
    { icon: Building2Icon, text: t('awaiting.step3') },
    { icon: RefreshCwIcon, text: t('awaiting.step4') },
  ];
  const founding = me?.tenancy === 'multi';
  const intro = (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">{removed ? t('awaiting.removedTitle') : t('awaiting.title')}</h1>
      <p className="mt-2 text-muted-foreground">
        {removed ? t('awaiting.removed') : founding ? t('awaiting.text') : t('awaiting.textSingle')}
      </p>
    </>
  );
  const nextSteps = (
    <>
      <h2 className={cn('text-sm font-semibold', !founding && 'mt-8')}>{founding ? t('awaiting.joinInstead') : t('awaiting.nextSteps')}</h2>
      <ol className="mt-3 space-y-3">
        {steps.map((step, index) => (
          <li key={step.text} className="flex items-start gap-3 text-sm">
            <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
              <step.icon className="size-3.5" aria-hidden />
            </span>
            <span className="pt-1">
              <span className="sr-only">{index + 1}. </span>
              {step.text}
            </span>
          </li>
        ))}
      </ol>
      <div className="mt-8 flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void recheck()}>
          <RefreshCwIcon /> {t('awaiting.refresh')}
        </Button>
        <Button variant="ghost" onClick={() => void signOut()}>
          <LogOutIcon /> {t('awaiting.signOut')}
        </Button>
      </div>
    </>
  );
  return (
    <div className="flex min-h-dvh flex-col items-center bg-background px-6 py-8">
      <Wordmark className="self-start" />
      <main className="flex w-full max-w-lg flex-1 flex-col justify-center gap-6 py-10">
        {founding ? (
          // Where people can start a company, most who land here without an invitation came to
          // start one: its form comes first, on the first screen; how to join by invitation after it.
          <>
            <div className="px-2">{intro}</div>
            <CreateCompanyCard />
            <Card>
              <CardContent className="p-8">{nextSteps}</CardContent>
            </Card>
          </>
        ) : (
          <Card>
            <CardContent className="p-8">
              {intro}
              {nextSteps}
            </CardContent>
          </Card>
        )}
      </main>
    </div>
  );
}

/**
 * Multi-tenant mode: a person without a company can start one and become its admin
 * (time zone: the browser's when known, else Europe/Oslo).
 */
function CreateCompanyCard() {
  const { t } = useTranslation('settings');
  const timeZoneLabels = useTimeZoneLabels();
  const navigate = useNavigate();
  const create = useCreateCompany();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(CreateCompanySchema),
    defaultValues: { name: '', timezone: findBrowserTimeZone(DEFAULT_TIME_ZONE) },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const company = await create.mutateAsync(values);
      toast.success(t('createCompany.created', { company: company.name }), { description: t('createCompany.createdText') });
      void navigate(paths.app.dashboard, { replace: true });
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : '';
      toast.error(message ? t('createCompany.failedWith', { message }) : t('createCompany.failed'));
    }
  });

  return (
    <Card>
      <CardContent className="p-8">
        <div className="mb-4 flex size-11 items-center justify-center rounded-full bg-primary-soft text-primary">
          <RocketIcon className="size-5" aria-hidden />
        </div>
        <h2 className="text-xl font-semibold tracking-tight">{t('createCompany.title')}</h2>
        <p className="mt-1.5 text-sm text-muted-foreground">{t('createCompany.text')}</p>
        <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4">
          <div className="space-y-2">
            <Label htmlFor="newCompanyName">{t('createCompany.name')}</Label>
            <Input
              id="newCompanyName"
              autoComplete="organization"
              maxLength={100}
              placeholder={t('createCompany.namePlaceholder')}
              aria-invalid={Boolean(errors.name)}
              aria-describedby={errors.name ? 'newCompanyName-error' : undefined}
              {...register('name')}
            />
            <FieldError id="newCompanyName-error">{errors.name && t('createCompany.nameError')}</FieldError>
          </div>
          <div className="space-y-2">
            <Label htmlFor="newCompanyTimezone">{t('company.timezone')}</Label>
            <Controller
              control={control}
              name="timezone"
              render={({ field }) => (
                <TimeZonePicker
                  id="newCompanyTimezone"
                  value={field.value ?? DEFAULT_TIME_ZONE}
                  onChange={field.onChange}
                  aria-describedby="newCompanyTimezone-hint"
                  labels={timeZoneLabels}
                />
              )}
            />
            <p id="newCompanyTimezone-hint" className="text-xs text-muted-foreground">
              {t('company.timezoneHint')}
            </p>
          </div>
          <Button type="submit" className="w-full" disabled={create.isPending}>
            {create.isPending && <Spinner />}
            {create.isPending ? t('createCompany.creating') : t('createCompany.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

import { BellRingIcon, Building2Icon, LogOutIcon, MailIcon, RefreshCwIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { Wordmark } from '@web/components/logo';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { useAuth } from '@web/lib/auth/auth-provider';
import { paths } from '@web/lib/paths';

/** For a signed-in person without a company (multi-tenant mode, or removed by an admin). */
export function Component() {
  const { t } = useTranslation('auth');
  const { me, signOut, recheck } = useAuth();
  if (me?.onboarding.hasCompany) return <Navigate to={paths.app.dashboard} replace />;
  const steps = [
    { icon: BellRingIcon, text: t('awaiting.step1') },
    { icon: Building2Icon, text: t('awaiting.step2') },
    { icon: MailIcon, text: t('awaiting.step3') },
    { icon: RefreshCwIcon, text: t('awaiting.step4') },
  ];
  return (
    <div className="flex min-h-dvh flex-col items-center bg-background px-6 py-8">
      <Wordmark className="self-start" />
      <main className="flex w-full max-w-lg flex-1 flex-col justify-center py-10">
        <Card>
          <CardContent className="p-8">
            <h1 className="text-2xl font-semibold tracking-tight">{t('awaiting.title')}</h1>
            <p className="mt-2 text-muted-foreground">{me?.onboarding.removed ? t('awaiting.removed') : t('awaiting.text')}</p>
            <h2 className="mt-8 text-sm font-semibold">{t('awaiting.nextSteps')}</h2>
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
          </CardContent>
        </Card>
      </main>
    </div>
  );
}

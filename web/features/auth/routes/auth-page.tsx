import { AlertCircleIcon, MailCheckIcon } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { authClient } from '@web/lib/auth/auth-client';
import { useAuth } from '@web/lib/auth/auth-provider';
import { paths } from '@web/lib/paths';
import { usePublicConfig } from '@web/lib/public-config';
import { checkAccessCode } from '../api/check-access-code';
import { AuthLayout } from '../components/auth-layout';
import { PENDING_INVITE_KEY } from '../pending-invite';

type Mode = 'signIn' | 'join';

/** Spec 8: the message for the URL's error parameters, or null. */
function describeUrlError(params: URLSearchParams, t: (key: string) => string): string | null {
  const error = params.get('error');
  if (!error) return null;
  if (error === 'callback_error') return t('errors.callback');
  return params.get('error_description') || t('errors.generic');
}

/** /auth and /auth/register: sign in, or join (create an account). */
export function Component() {
  const { t } = useTranslation('auth');
  const { recheck } = useAuth();
  const location = useLocation();
  const [params] = useSearchParams();
  const isRegisterRoute = location.pathname === '/auth/register';
  const [mode, setMode] = useState<Mode>(isRegisterRoute || params.get('mode') === 'join' ? 'join' : 'signIn');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const publicConfig = usePublicConfig();
  const urlError = useMemo(() => describeUrlError(params, t), [params, t]);
  const plan = params.get('plan');
  const invite = params.get('invite') ?? sessionStorage.getItem(PENDING_INVITE_KEY);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    if (!email || !password) return; // spec 5: nothing is submitted
    setError(null);
    setBusy(true);
    try {
      if (mode === 'signIn') {
        const { error: signInError } = await authClient.signIn.email({ email, password });
        if (signInError) throw new Error(signInError.message || t('errors.unexpected'));
        await recheck();
        return;
      }
      const name = String(form.get('name') ?? '').trim();
      const accessCode = String(form.get('accessCode') ?? '').trim();
      if (!name) return;
      if (accessCode) {
        let valid: boolean;
        try {
          valid = (await checkAccessCode(accessCode)).valid;
        } catch {
          throw new Error(t('errors.accessCodeFailed'));
        }
        if (!valid) throw new Error(t('errors.accessCodeInvalid'));
      }
      const callbackURL = invite ? `${paths.authCallback}?invite_code=${encodeURIComponent(invite)}` : paths.authCallback;
      const headers: Record<string, string> = {};
      if (accessCode) headers['x-access-code'] = accessCode;
      if (invite) headers['x-invite-code'] = invite;
      const { error: signUpError } = await authClient.signUp.email({ email, password, name, callbackURL, fetchOptions: { headers } });
      if (signUpError) throw new Error(signUpError.message || t('errors.unexpected'));
      toast.success(t('checkEmail.title'), { description: t('checkEmail.description') });
      setSentTo(email);
    } catch (caught) {
      const message = caught instanceof Error && caught.message ? caught.message : t('errors.unexpected');
      setError(message);
      toast.error(message);
    } finally {
      setBusy(false);
    }
  }

  if (sentTo) {
    return (
      <AuthLayout>
        <div className="text-center">
          <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-full bg-success-soft text-success">
            <MailCheckIcon className="size-7" aria-hidden />
          </div>
          <h1 className="text-2xl font-semibold tracking-tight">{t('checkEmail.title')}</h1>
          <p className="mt-2 text-muted-foreground">{t('checkEmail.sentTo', { email: sentTo })}</p>
          {publicConfig.data?.devMailbox && (
            <Alert className="mt-6 text-left">
              <AlertDescription>
                {t('checkEmail.devMailbox')}{' '}
                <a className="font-medium text-primary underline" href={paths.devMailbox} target="_blank" rel="noopener">
                  {t('checkEmail.openMailbox')}
                </a>
              </AlertDescription>
            </Alert>
          )}
          <Button variant="outline" className="mt-6" onClick={() => { setSentTo(null); setMode('signIn'); }}>
            {t('checkEmail.backToSignIn')}
          </Button>
        </div>
      </AuthLayout>
    );
  }

  const isJoin = mode === 'join';
  return (
    <AuthLayout>
      <div className="mb-8">
        {plan && isJoin && (
          <Badge variant="soft" className="mb-3 capitalize">
            {t('planChosen', { plan })}
          </Badge>
        )}
        <h1 className="text-2xl font-semibold tracking-tight">{isJoin ? t('join.heading') : t('signIn.heading')}</h1>
        <p className="mt-1.5 text-sm text-muted-foreground">{isJoin ? t('join.subtitle') : t('signIn.subtitle')}</p>
      </div>
      {(error ?? urlError) && (
        <Alert variant="destructive" className="mb-5">
          <AlertCircleIcon />
          <AlertDescription>{error ?? urlError}</AlertDescription>
        </Alert>
      )}
      <form className="space-y-4" onSubmit={onSubmit} noValidate={false}>
        {isJoin && (
          <div className="space-y-2">
            <Label htmlFor="name">{t('fields.fullName')}</Label>
            <Input id="name" name="name" autoComplete="name" required maxLength={100} placeholder={t('fields.fullNamePlaceholder')} />
          </div>
        )}
        <div className="space-y-2">
          <Label htmlFor="email">{t('fields.email')}</Label>
          <Input id="email" name="email" type="email" autoComplete="email" required maxLength={254} placeholder="navn@firma.no" />
        </div>
        <div className="space-y-2">
          <Label htmlFor="password">{t('fields.password')}</Label>
          <Input
            id="password"
            name="password"
            type="password"
            autoComplete={isJoin ? 'new-password' : 'current-password'}
            required
            minLength={isJoin ? 6 : undefined}
            maxLength={128}
          />
        </div>
        {isJoin && (
          <div className="space-y-2">
            <Label htmlFor="accessCode">
              {t('fields.accessCode')} <span className="font-normal text-muted-foreground">({t('fields.optional')})</span>
            </Label>
            <Input id="accessCode" name="accessCode" autoComplete="off" maxLength={200} />
          </div>
        )}
        <Button type="submit" className="w-full" size="lg" disabled={busy}>
          {busy ? (isJoin ? t('join.busy') : t('signIn.busy')) : isJoin ? t('join.submit') : t('signIn.submit')}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        <button
          type="button"
          className="font-medium text-primary underline-offset-4 hover:underline"
          onClick={() => {
            setMode(isJoin ? 'signIn' : 'join');
            setError(null);
          }}
        >
          {isJoin ? t('join.toggle') : t('signIn.toggle')}
        </button>
      </p>
      <p className="mt-10 text-center text-xs text-muted-foreground">
        <Link to={paths.landing} className="hover:underline">
          {t('backToSite')}
        </Link>
      </p>
    </AuthLayout>
  );
}

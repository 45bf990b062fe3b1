// The constants' own module, not '@core/contracts': that would bring zod and every contract here.
import { DISPLAY_NAME_MAX } from '@core/contracts/constants';
import { collectPasswordUserInputs, findPasswordRefusalReason, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@core/passwords';
import { AlertCircleIcon } from 'lucide-react';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { FieldError, Label } from '@web/components/ui/label';
import { PasswordStrength } from '@web/components/password-strength';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toaster';
import { loadAuthClient, preloadAuthClient } from '@web/lib/auth/auth-client';
import { useAuth } from '@web/lib/auth/auth-provider';
import { readPendingInvite } from '@web/lib/auth/pending-invite';
import { getBrandName } from '@web/lib/brand';
import { paths } from '@web/lib/paths';
import { assessNewPassword, describePasswordRefusal, preloadPasswordEstimator, usePasswordAssessment } from '@web/lib/passwords';
import { checkAccessCode } from '../api/check-access-code';
import { usePublicSignupPolicy } from '../api/get-signup-policy';
import { AuthLayout } from '../components/auth-layout';
import { InviteOnlyNotice } from '../components/invite-only-notice';
import { MailSent } from '../components/mail-sent';
import { UnverifiedEmailNotice } from '../components/unverified-email-notice';
import { AuthRequestError, describeAuthError } from '../lib/describe-auth-error';

type Mode = 'signIn' | 'join';

/** What /auth/forgot-password is handed: the address already typed here. */
export type ForgotPasswordState = { email?: string };

/** A refusal this form words itself (the spec's access-code messages). */
class FormRefusal extends Error {}

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
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const isRegisterRoute = location.pathname === '/auth/register';
  const [mode, setMode] = useState<Mode>(isRegisterRoute || params.get('mode') === 'join' ? 'join' : 'signIn');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  // What the join form holds so far: the strength hint counts the person's own words (name, e-mail).
  const [typed, setTyped] = useState({ name: '', email: '', password: '' });
  // Why the new password was refused (here or by the server), shown on the field instead of the hint.
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const userInputs = useMemo(
    () => collectPasswordUserInputs({ email: typed.email, names: [typed.name], brand: getBrandName() }),
    [typed.email, typed.name],
  );
  const signupPolicy = usePublicSignupPolicy();
  const urlError = useMemo(() => describeUrlError(params, t), [params, t]);
  const plan = params.get('plan');
  const invite = params.get('invite') ?? readPendingInvite();
  // The confirmation link lands on /auth/callback, which goes on to the invitation when there is one.
  const callbackURL = invite ? `${paths.authCallback}?invite_code=${encodeURIComponent(invite)}` : paths.authCallback;
  // A valid invitation lets a person in under any policy (the server checks it); until the policy
  // has loaded, or if it cannot be read, the form is the spec's (code optional) and the server decides.
  const policy = signupPolicy.data?.policy ?? 'open';
  const isInviteOnly = policy === 'invite_only' && !invite;
  const isAccessCodeRequired = policy === 'access_code' && !invite;
  const passwordAssessment = usePasswordAssessment(mode === 'join' ? typed.password : '', userInputs);

  function switchMode(next: Mode) {
    setMode(next);
    setError(null);
    setUnverifiedEmail(null);
    setPasswordError(null);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    if (!email || !password) return; // spec 5: nothing is submitted
    setError(null);
    setUnverifiedEmail(null);
    setBusy(true);
    try {
      if (mode === 'signIn') {
        // No callbackURL: better-auth's client would follow it on success, and RedirectIfSignedIn
        // knows where this person was going (the invitation, or the page they had opened).
        const authClient = await loadAuthClient();
        const { error: signInError } = await authClient.signIn.email({ email, password });
        if (signInError?.code === 'EMAIL_NOT_VERIFIED') {
          setUnverifiedEmail(email);
          toast.error(t('errors.emailNotVerified'));
          return;
        }
        if (signInError) throw new AuthRequestError(signInError);
        await recheck();
        return;
      }
      const name = String(form.get('name') ?? '').trim();
      const accessCode = String(form.get('accessCode') ?? '').trim();
      if (!name) return;
      // The server makes the same check; asking first saves a round trip and says it in the
      // reader's language right under the field as well.
      const assessment = await assessNewPassword(password, collectPasswordUserInputs({ email, names: [name], brand: getBrandName() }));
      if (assessment && !assessment.ok) {
        setPasswordError(describePasswordRefusal(assessment.reason, t));
        passwordInput.current?.focus();
        return;
      }
      if (isAccessCodeRequired && !accessCode) throw new FormRefusal(t('errors.accessCodeRequired'));
      if (accessCode) {
        let valid: boolean;
        try {
          valid = (await checkAccessCode(accessCode)).valid;
        } catch {
          throw new FormRefusal(t('errors.accessCodeFailed'));
        }
        if (!valid) throw new FormRefusal(t('errors.accessCodeInvalid'));
      }
      const headers: Record<string, string> = {};
      if (accessCode) headers['x-access-code'] = accessCode;
      if (invite) headers['x-invite-code'] = invite;
      const authClient = await loadAuthClient();
      const { error: signUpError } = await authClient.signUp.email({ email, password, name, callbackURL, fetchOptions: { headers } });
      if (signUpError) throw new AuthRequestError(signUpError);
      toast.success(t('checkEmail.title'), { description: t('checkEmail.description') });
      setSentTo(email);
    } catch (caught) {
      const message = caught instanceof FormRefusal ? caught.message : describeAuthError(caught, t);
      // The server's refusal of the password itself (it knows the invitation's company): on the field.
      if (caught instanceof AuthRequestError && findPasswordRefusalReason(caught.code)) {
        setPasswordError(message);
        passwordInput.current?.focus();
        return;
      }
      setError(message);
      toast.error(message);
    } finally {
      setBusy(false);
    }
  }

  if (sentTo) {
    return (
      <AuthLayout>
        <MailSent
          title={t('checkEmail.title')}
          actions={
            <Button variant="outline" onClick={() => { setSentTo(null); switchMode('signIn'); }}>
              {t('checkEmail.backToSignIn')}
            </Button>
          }
        >
          {t('checkEmail.sentTo', { email: sentTo })}
        </MailSent>
      </AuthLayout>
    );
  }

  const isJoin = mode === 'join';
  const shownError = error ?? urlError;
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
      {unverifiedEmail && !isJoin ? (
        <UnverifiedEmailNotice key={unverifiedEmail} email={unverifiedEmail} callbackURL={callbackURL} />
      ) : (
        shownError && (
          <Alert variant="destructive" className="mb-5">
            <AlertCircleIcon />
            <AlertDescription>{shownError}</AlertDescription>
          </Alert>
        )
      )}
      {isJoin && signupPolicy.isPending ? (
        <JoinFormSkeleton />
      ) : isJoin && isInviteOnly ? (
        <InviteOnlyNotice />
      ) : (
        <form
          className="space-y-4"
          onSubmit={onSubmit}
          // The sign-in client loads while the person types, so the button does not wait for it.
          onFocus={preloadAuthClient}
          onInput={(event) => {
            const form = new FormData(event.currentTarget);
            setPasswordError(null);
            setTyped({ name: String(form.get('name') ?? ''), email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') });
          }}
        >
          {isJoin && (
            <div className="space-y-2">
              <Label htmlFor="name">{t('fields.fullName')}</Label>
              <Input id="name" name="name" autoComplete="name" required maxLength={DISPLAY_NAME_MAX} placeholder={t('fields.fullNamePlaceholder')} />
            </div>
          )}
          <div className="space-y-2">
            <Label htmlFor="email">{t('fields.email')}</Label>
            <Input ref={emailInput} id="email" name="email" type="email" autoComplete="email" required maxLength={254} placeholder="navn@firma.no" />
          </div>
          <div className="space-y-2">
            <div className="flex items-center justify-between gap-2">
              <Label htmlFor="password">{t('fields.password')}</Label>
              {!isJoin && (
                <Link
                  to={paths.authForgotPassword}
                  className="text-sm font-medium text-primary underline-offset-4 hover:underline"
                  onClick={(event) => {
                    event.preventDefault();
                    const state: ForgotPasswordState = { email: emailInput.current?.value.trim() || undefined };
                    void navigate(paths.authForgotPassword, { state });
                  }}
                >
                  {t('signIn.forgotPassword')}
                </Link>
              )}
            </div>
            <Input
              ref={passwordInput}
              id="password"
              name="password"
              type="password"
              autoComplete={isJoin ? 'new-password' : 'current-password'}
              required
              minLength={isJoin ? PASSWORD_MIN_LENGTH : undefined}
              maxLength={PASSWORD_MAX_LENGTH}
              onFocus={isJoin ? preloadPasswordEstimator : undefined}
              aria-describedby={isJoin ? (passwordError ? 'password-error' : 'password-strength') : undefined}
              aria-invalid={isJoin && passwordError ? true : undefined}
            />
            {isJoin &&
              (passwordError ? (
                <FieldError id="password-error">{passwordError}</FieldError>
              ) : (
                <PasswordStrength id="password-strength" assessment={passwordAssessment} />
              ))}
          </div>
          {isJoin && (
            <div className="space-y-2">
              <Label htmlFor="accessCode">
                {t('fields.accessCode')}{' '}
                {!isAccessCodeRequired && <span className="font-normal text-muted-foreground">({t('fields.optional')})</span>}
              </Label>
              <Input
                id="accessCode"
                name="accessCode"
                autoComplete="off"
                maxLength={200}
                required={isAccessCodeRequired}
                aria-describedby={isAccessCodeRequired ? 'accessCode-hint' : undefined}
              />
              {isAccessCodeRequired && (
                <p id="accessCode-hint" className="text-sm text-muted-foreground">
                  {t('fields.accessCodeHint')}
                </p>
              )}
            </div>
          )}
          <Button type="submit" className="w-full" size="lg" disabled={busy}>
            {busy && <Spinner />}
            {busy ? (isJoin ? t('join.busy') : t('signIn.busy')) : isJoin ? t('join.submit') : t('signIn.submit')}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm text-muted-foreground">
        <button
          type="button"
          className="font-medium text-primary underline-offset-4 hover:underline"
          onClick={() => switchMode(isJoin ? 'signIn' : 'join')}
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

/** While the sign-up policy loads: the join form's shape, so no field appears and then vanishes. */
function JoinFormSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-busy="true" className="space-y-4">
      <span className="sr-only">{t('status.loading')}</span>
      {[0, 1, 2, 3].map((row) => (
        <div key={row} className="space-y-2">
          <Skeleton className="h-3.5 w-24" />
          <Skeleton className="h-9 w-full" />
        </div>
      ))}
      <Skeleton className="h-11 w-full" />
    </div>
  );
}

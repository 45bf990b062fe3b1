// The constants' own module, not '@core/contracts': that would bring zod and every contract here.
import { DISPLAY_NAME_MAX } from '@core/contracts/constants';
import { collectPasswordUserInputs, findPasswordRefusalReason, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@core/passwords';
import { AlertCircleIcon } from 'lucide-react';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
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
import { readPendingInvite } from '@web/lib/auth/pending-invite';
import { getBrandName } from '@web/lib/brand';
import { paths } from '@web/lib/paths';
import { useInvitationPreview } from '@web/lib/queries/get-invitation-preview';
import { assessNewPassword, describePasswordRefusal, preloadPasswordEstimator, usePasswordAssessment } from '@web/lib/passwords';
import { checkAccessCode } from '../api/check-access-code';
import { usePublicSignupPolicy } from '../api/get-signup-policy';
import { AuthLayout } from '../components/auth-layout';
import { EmailField } from '../components/email-field';
import { InviteOnlyNotice } from '../components/invite-only-notice';
import { MailSent } from '../components/mail-sent';
import { AuthRequestError, describeAuthError } from '../lib/describe-auth-error';

/** A refusal this form words itself (the access-code messages). */
class FormRefusal extends Error {}

/**
 * /auth/register: join (create an account). Signing in is the pre-rendered /auth page
 * (web/features/auth/components/sign-in-page.tsx, decision 029); the links between the two are
 * full page loads.
 */
export function Component() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
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
  const plan = params.get('plan');
  const invite = params.get('invite') ?? readPendingInvite();
  // Come from an invitation: the form names the company it leads to.
  const invitation = useInvitationPreview(invite ?? '', { enabled: Boolean(invite) });
  const invitedTo = invite && invitation.data?.valid ? invitation.data.companyName : null;
  const invitedEmail = (invite && invitation.data?.valid ? invitation.data.email : null) ?? '';
  // The confirmation link lands on /auth/callback, which goes on to the invitation when there is one.
  const callbackURL = invite ? `${paths.authCallback}?invite_code=${encodeURIComponent(invite)}` : paths.authCallback;
  // A valid invitation lets a person in under any policy (the server checks it); until the policy
  // has loaded, or if it cannot be read, the form is the open one (code optional) and the server decides.
  const policy = signupPolicy.data?.policy ?? 'open';
  const isInviteOnly = policy === 'invite_only' && !invite;
  const isAccessCodeRequired = policy === 'access_code' && !invite;
  const passwordAssessment = usePasswordAssessment(typed.password, userInputs);
  // Signing in instead keeps the invitation (the sign-in page goes on to it).
  const signInHref = paths.auth(invite ? { invite } : undefined);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    if (!email || !password) return; // nothing is submitted
    setError(null);
    setBusy(true);
    // The page is being left for the invitation: the button stays busy until it is gone.
    let leaving = false;
    try {
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
      const { data, error: signUpError } = await authClient.signUp.email({ email, password, name, callbackURL, fetchOptions: { headers } });
      if (signUpError) throw new AuthRequestError(signUpError);
      // The address the invitation was mailed to needs no confirmation: the server signed the
      // person in (decision 076), and the callback goes on to the invitation. A full load, so
      // the app starts with the new session.
      if (data?.token) {
        leaving = true;
        window.location.assign(callbackURL);
        return;
      }
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
      if (!leaving) setBusy(false);
    }
  }

  if (sentTo) {
    return (
      <AuthLayout>
        <MailSent
          title={t('checkEmail.title')}
          actions={
            <Button asChild variant="outline">
              <a href={signInHref}>{t('checkEmail.backToSignIn')}</a>
            </Button>
          }
        >
          {t('checkEmail.sentTo', { email: sentTo })}
        </MailSent>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <div className="mb-8">
        {plan && (
          <Badge variant="soft" className="mb-3 capitalize">
            {t('planChosen', { plan })}
          </Badge>
        )}
        <h1 className="text-2xl font-semibold tracking-tight">
          {invitedTo ? t('join.headingInvite', { company: invitedTo }) : t('join.heading')}
        </h1>
        <p className="mt-1.5 text-sm text-muted-foreground">{invitedTo ? t('join.subtitleInvite') : t('join.subtitle')}</p>
      </div>
      {error && (
        <Alert variant="destructive" className="mb-5">
          <AlertCircleIcon />
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
      {signupPolicy.isPending ? (
        <JoinFormSkeleton />
      ) : isInviteOnly ? (
        <InviteOnlyNotice />
      ) : (
        <form
          className="space-y-4"
          onSubmit={onSubmit}
          // The auth client loads while the person types, so the button does not wait for it.
          onFocus={preloadAuthClient}
          onInput={(event) => {
            const form = new FormData(event.currentTarget);
            setPasswordError(null);
            setTyped({
              name: String(form.get('name') ?? ''),
              email: String(form.get('email') ?? ''),
              password: String(form.get('password') ?? ''),
            });
          }}
        >
          <div className="space-y-2">
            <Label htmlFor="name">{t('fields.fullName')}</Label>
            <Input
              id="name"
              name="name"
              autoComplete="name"
              required
              maxLength={DISPLAY_NAME_MAX}
              placeholder={t('fields.fullNamePlaceholder')}
            />
          </div>
          {/* An invitation mailed to an address fills it in; keyed so the answer arriving after the first draw does too. */}
          <EmailField key={invitedEmail} defaultValue={invitedEmail} />
          <div className="space-y-2">
            <Label htmlFor="password">{t('fields.password')}</Label>
            <Input
              ref={passwordInput}
              id="password"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              minLength={PASSWORD_MIN_LENGTH}
              maxLength={PASSWORD_MAX_LENGTH}
              onFocus={preloadPasswordEstimator}
              aria-describedby={passwordError ? 'password-error' : 'password-strength'}
              aria-invalid={passwordError ? true : undefined}
            />
            {passwordError ? (
              <FieldError id="password-error">{passwordError}</FieldError>
            ) : (
              <PasswordStrength id="password-strength" assessment={passwordAssessment} />
            )}
          </div>
          {/* An invitation is the way in: no access code to ask for. */}
          {!invite && (
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
            {busy ? t('join.busy') : t('join.submit')}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm text-muted-foreground">
        {/* The sign-in page is pre-rendered: a full page load, not a route of the app. */}
        <a href={signInHref} className="font-medium text-primary underline-offset-4 hover:underline">
          {t('join.toggle')}
        </a>
      </p>
      <p className="mt-10 text-center text-xs text-muted-foreground">
        <a href={paths.landing} className="hover:underline">
          {t('backToSite')}
        </a>
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

import { PASSWORD_MAX_LENGTH } from '@core/passwords';
import { AlertCircleIcon, CheckCircle2Icon, MailCheckIcon, MailWarningIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { paths } from '@web/lib/paths';
import { AuthLayout } from './auth-layout';
import { EmailField } from './email-field';

/*
 * /auth, the sign-in page, as pre-rendered HTML (decision 029): rendered at build time in each
 * language like the public site, and brought to life by the `sign-in` island
 * (web/site/islands/sign-in.ts), which finds its parts by their data- attributes. Everything the
 * island may show is here already, hidden; the words it needs at run time travel as JSON.
 */

/** The words the island puts on screen itself (refusals, the busy label), in the page's language. */
export type SignInMessages = {
  submit: string;
  busy: string;
  resend: string;
  resending: string;
  errors: Record<'invalidCredentials' | 'rateLimited' | 'unexpected' | 'callback' | 'generic', string> & {
    /** With `{address}` where the server's address goes. */
    forbiddenOrigin: string;
  };
  /** i18next's plural forms of the lock-out message, with `{count}` where the number goes. */
  locked: Record<'seconds_one' | 'seconds_other' | 'minutes_one' | 'minutes_other', string>;
};

/** Placeholders the island fills in (`replace` interpolates without choosing a plural form). */
const KEEP_COUNT = { replace: { count: '{count}' } };
const KEEP_EMAIL = { replace: { email: '{email}' } };
const KEEP_ADDRESS = { replace: { address: '{address}' } };

/** JSON inside <script type="application/json">: `<` escaped so no text can close the element. */
function toScriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

export function SignInPage() {
  const { t } = useTranslation('auth');
  const messages: SignInMessages = {
    submit: t('signIn.submit'),
    busy: t('signIn.busy'),
    resend: t('unverified.resend'),
    resending: t('unverified.resending'),
    errors: {
      invalidCredentials: t('errors.invalidCredentials'),
      rateLimited: t('errors.rateLimited'),
      unexpected: t('errors.unexpected'),
      callback: t('errors.callback'),
      generic: t('errors.generic'),
      forbiddenOrigin: t('errors.forbiddenOrigin', KEEP_ADDRESS),
    },
    locked: {
      seconds_one: t('password.locked.seconds_one', { ns: 'common', ...KEEP_COUNT }),
      seconds_other: t('password.locked.seconds_other', { ns: 'common', ...KEEP_COUNT }),
      minutes_one: t('password.locked.minutes_one', { ns: 'common', ...KEEP_COUNT }),
      minutes_other: t('password.locked.minutes_other', { ns: 'common', ...KEEP_COUNT }),
    },
  };
  return (
    <AuthLayout>
      <div className="mb-8">
        <h1 className="text-2xl font-semibold tracking-tight">{t('signIn.heading')}</h1>
        <p className="mt-1.5 text-sm text-muted-foreground">{t('signIn.subtitle')}</p>
      </div>

      <Alert variant="success" className="mb-5" role="status" data-signed-out hidden>
        <CheckCircle2Icon />
        <AlertDescription>{t('signOut.success')}</AlertDescription>
      </Alert>

      <Alert variant="success" className="mb-5" role="status" data-password-changed hidden>
        <CheckCircle2Icon />
        <AlertTitle>{t('reset.doneTitle')}</AlertTitle>
        <AlertDescription>{t('reset.doneText')}</AlertDescription>
      </Alert>

      <Alert variant="success" className="mb-5" role="status" data-already-confirmed hidden>
        <CheckCircle2Icon />
        <AlertTitle>{t('signIn.alreadyConfirmedTitle')}</AlertTitle>
        <AlertDescription>{t('signIn.alreadyConfirmedText')}</AlertDescription>
      </Alert>

      <Alert variant="destructive" className="mb-5" data-sign-in-error hidden>
        <AlertCircleIcon />
        <AlertDescription data-error-text />
      </Alert>

      <Alert variant="warning" className="mb-5" data-unverified hidden>
        <MailWarningIcon />
        <AlertTitle>{t('errors.emailNotVerified')}</AlertTitle>
        <AlertDescription>
          <p data-template={t('unverified.text', KEEP_EMAIL)} />
          <p className="mt-2 font-medium text-destructive" data-resend-error hidden />
          <Button type="button" variant="outline" size="sm" className="mt-3" data-resend>
            <Spinner className="hidden" />
            <span data-label>{t('unverified.resend')}</span>
          </Button>
        </AlertDescription>
      </Alert>

      <Alert variant="success" className="mb-5" data-unverified-sent hidden>
        <MailCheckIcon />
        <AlertTitle>{t('unverified.sentTitle')}</AlertTitle>
        <AlertDescription>
          <p data-template={t('unverified.sent', KEEP_EMAIL)} />
          <p className="mt-2" data-dev-mailbox hidden>
            {t('checkEmail.devMailbox')}{' '}
            <a className="font-medium text-primary underline" href={paths.devMailbox} target="_blank" rel="noopener">
              {t('checkEmail.openMailbox')}
            </a>
          </p>
        </AlertDescription>
      </Alert>

      {/* method="post": typed before the script has loaded, the password never goes into an address. */}
      <form className="space-y-4" method="post" data-sign-in-form>
        <EmailField />
        <div className="space-y-2">
          <div className="flex items-center justify-between gap-2">
            <Label htmlFor="password">{t('fields.password')}</Label>
            <a
              href={paths.authForgotPassword}
              className="text-sm font-medium text-primary underline-offset-4 hover:underline"
              data-forgot-link
            >
              {t('signIn.forgotPassword')}
            </a>
          </div>
          <Input id="password" name="password" type="password" autoComplete="current-password" required maxLength={PASSWORD_MAX_LENGTH} />
        </div>
        <Button type="submit" className="w-full" size="lg" data-submit>
          <Spinner className="hidden" />
          <span data-label>{t('signIn.submit')}</span>
        </Button>
      </form>

      <p className="mt-6 text-center text-sm text-muted-foreground">
        <a href={paths.authRegister()} className="font-medium text-primary underline-offset-4 hover:underline" data-join-link>
          {t('signIn.toggle')}
        </a>
      </p>
      <p className="mt-10 text-center text-xs text-muted-foreground">
        <a href={paths.landing} className="hover:underline">
          {t('backToSite')}
        </a>
      </p>
      <script type="application/json" data-sign-in-messages dangerouslySetInnerHTML={{ __html: toScriptJson(messages) }} />
    </AuthLayout>
  );
}

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { BrandSkeleton } from '@web/components/brand-skeleton';
import { useAuth } from '@web/lib/auth/auth-provider';
import { paths } from '@web/lib/paths';

/**
 * /auth/callback: where e-mail confirmation and magic links land. better-auth has already set the
 * session cookie (or added ?error=...); we route on from there: to the invitation, the dashboard, or the sign-in page with the error.
 */
export function Component() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { user, isLoading, error } = useAuth();

  useEffect(() => {
    if (isLoading) return;
    const invite = params.get('invite_code') ?? params.get('invite');
    const urlError = params.get('error');
    if (user) {
      void navigate(invite ? paths.invite(invite, { accept: true }) : paths.app.dashboard, { replace: true });
    } else if (error) {
      void navigate(paths.auth({ error: 'callback_error', error_description: t('errors.callbackFailed') }), { replace: true });
    } else if (urlError) {
      void navigate(
        paths.auth({ error: urlError, error_description: params.get('error_description') ?? describeBetterAuthError(urlError, t) }),
        { replace: true },
      );
    } else {
      void navigate(paths.auth(invite ? { invite } : undefined), { replace: true });
    }
  }, [user, isLoading, error, params, navigate, t]);

  return <BrandSkeleton label={t('callback.signingIn')} />;
}

/** better-auth's redirect error codes, said in words. */
function describeBetterAuthError(code: string, t: (key: string) => string): string {
  if (/token/i.test(code)) return t('errors.linkExpired');
  return t('errors.generic');
}

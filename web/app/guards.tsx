import { AlertTriangleIcon, CloudOffIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { BrandSkeleton } from '@web/components/brand-skeleton';
import { LogoMark } from '@web/components/logo';
import { Button } from '@web/components/ui/button';
import { useAuth } from '@web/lib/auth/auth-provider';
import { readRedirectBack } from '@web/lib/auth/redirect-back';
import { paths } from '@web/lib/paths';

/**
 * Protected routes: the branded skeleton while auth loads, /auth when signed out. /auth is told
 * where the person was going (a bookmark, an expired session: `?next=`), or, right after signing
 * out, to say so (`?signed_out=1`: the sign-in page is a full page load, so no toast survives it).
 */
export function RequireAuth() {
  const { user, isLoading, hasSignedOut, isUnreachable, recheck } = useAuth();
  const location = useLocation();
  if (isLoading) return <BrandSkeleton />;
  // Offline with nobody kept on this device: say so (the sign-in page needs the network too).
  if (!user && isUnreachable) return <OfflineNotice onRetry={() => void recheck()} />;
  if (!user) {
    const target = hasSignedOut
      ? paths.auth({ signed_out: '1' })
      : paths.auth({ next: location.pathname + location.search + location.hash });
    return <Navigate to={target} replace />;
  }
  return <Outlet />;
}

/** A person the app cannot know without the server, opened offline; the me query asks again when the connection returns. */
function OfflineNotice({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  const isOffline = typeof navigator !== 'undefined' && !navigator.onLine;
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-background px-6 text-center">
      <LogoMark className="size-12" />
      <div role="alert" className="max-w-sm space-y-2">
        <h1 className="flex items-center justify-center gap-2 text-xl font-semibold">
          <CloudOffIcon className="size-5 shrink-0" aria-hidden />
          {isOffline ? t('offline.title') : t('offline.unreachableTitle')}
        </h1>
        <p className="text-sm text-muted-foreground">{t('offline.text')}</p>
      </div>
      <Button variant="outline" onClick={onRetry}>
        {t('actions.retry')}
      </Button>
    </main>
  );
}

/** The onboarding gate: after this long it lets the person through with a warning. */
export const ONBOARDING_TIMEOUT_MS = 10_000;

/**
 * Waits for the sign-in provisioning of a person who has no company yet: it may make them a member.
 * A person with a company goes on at once (decision 085): provisioning still runs behind the screen,
 * and what it can change for a member (made admin, or removed meanwhile) arrives with the /me it
 * re-reads. One without a company after it (multi-tenant mode, or removed by an admin) goes to
 * /awaiting-assignment. If the check hangs for 10 seconds, the app opens anyway in a degraded state
 * with a warning.
 */
export function OnboardingGate() {
  const { t } = useTranslation();
  const { me, isProvisioning } = useAuth();
  const [degraded, setDegraded] = useState(false);
  const checking = !me || (isProvisioning && !me.onboarding.hasCompany);

  useEffect(() => {
    if (!checking) return;
    const timer = setTimeout(() => setDegraded(true), ONBOARDING_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [checking]);

  if (checking && !degraded) return <BrandSkeleton label={t('onboarding.checking')} />;
  if (!checking && me && !me.onboarding.hasCompany) return <Navigate to={paths.awaitingAssignment} replace />;
  return (
    <>
      {degraded && checking && (
        <div role="alert" className="flex items-center gap-2 bg-warning-soft px-4 py-2 text-sm text-warning-strong">
          <AlertTriangleIcon className="size-4 shrink-0" aria-hidden />
          {t('onboarding.degraded')}
        </div>
      )}
      <Outlet />
    </>
  );
}

/** Admin-only screens. Non-admins go to /app/dashboard, where the access-denied alert shows. */
export function AdminGuard() {
  const { isAdmin, isLoading, me } = useAuth();
  if (isLoading || !me) return <BrandSkeleton />;
  if (!isAdmin) return <Navigate to={paths.app.dashboardAlias} replace state={{ accessDenied: true }} />;
  return <Outlet />;
}

/**
 * Public auth screens: a signed-in person is sent on: to the invitation they came with, else back
 * to the page a guard sent them away from (same-origin app paths only), else the dashboard.
 */
export function RedirectIfSignedIn() {
  const { user, isLoading } = useAuth();
  const location = useLocation();
  if (isLoading) return <BrandSkeleton />;
  if (user) {
    const invite = new URLSearchParams(location.search).get('invite');
    const target = invite ? paths.invite(invite) : (readRedirectBack(location.search) ?? paths.app.dashboard);
    return <Navigate to={target} replace />;
  }
  return <Outlet />;
}

import type { Me } from '@core/contracts';
import { IsRestoringProvider, useIsRestoring, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/components/ui/toaster';
import { ApiRequestError } from '../api';
import { queryKeys } from '../query-keys';
import { confirmCacheOwner, describeCacheOwner, forgetPersistedQueries } from '../query-persistence';
import { loadAuthClient } from './auth-client';
import { forgetMemberOnDevice, isUnreachable } from './device-member';
import { useMe } from './get-me';
import { useApplySavedLanguage } from './language-preference';
import { isAcceptingInvitation, usePendingInvite } from './pending-invite';
import { provisionMe } from './provision';

export type AuthState = {
  me: Me | null;
  user: Me['user'] | null;
  isLoading: boolean;
  /** Nobody known and the server cannot be reached (offline, and no member kept on this device). */
  isUnreachable: boolean;
  isAdmin: boolean;
  /** True until the sign-in provisioning of the current person has finished. */
  isProvisioning: boolean;
  /** Signed out with Log out (not by an expired session) and not signed in since: /auth starts afresh. */
  hasSignedOut: boolean;
  error: Error | null;
  /** Re-reads the membership and onboarding status (after accepting an invitation, a role change...). */
  recheck: () => Promise<void>;
  signOut: () => Promise<void>;
};

const AuthContext = createContext<AuthState | null>(null);

/** A console warning (no user-visible action) when auth loading passes 15 seconds. */
const AUTH_LOADING_WARNING_MS = 15_000;

/**
 * Who is signed in is asked at once, not once the kept boards are read back from IndexedDB
 * (decision 085): TanStack Query holds every query while it restores, and reading the store took
 * 300-650 ms on a throttled phone (bench:web) before the first screen could even be chosen. /me is
 * never kept with the boards (lib/query-persistence.ts), so nothing restored can overwrite it; the
 * screens under it still wait for the restore.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const isRestoring = useIsRestoring();
  return (
    <IsRestoringProvider value={false}>
      <SignedInPerson>
        <IsRestoringProvider value={isRestoring}>{children}</IsRestoringProvider>
      </SignedInPerson>
    </IsRestoringProvider>
  );
}

function SignedInPerson({ children }: { children: ReactNode }) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const meQuery = useMe();
  const me = meQuery.data ?? null;
  const provisionedFor = useRef<string | null>(null);
  useApplySavedLanguage(me);
  const [provisionedUserId, setProvisionedUserId] = useState<string | null>(null);
  const [hasSignedOut, setHasSignedOut] = useState(false);
  if (me && hasSignedOut) setHasSignedOut(false);

  const recheck = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.me });
  }, [queryClient]);

  // The kept boards belong to whoever /me says is signed in (decision 082): when what was restored
  // at start is another member's, it is read again for this one (reset: the screen's queries keep
  // their observers and refetch), and nobody signed in keeps nothing.
  const answeredOwner = meQuery.data === undefined ? undefined : describeCacheOwner(meQuery.data);
  useEffect(() => {
    if (answeredOwner === undefined) return;
    const { restoredForAnother } = confirmCacheOwner(answeredOwner);
    if (restoredForAnother) void queryClient.resetQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.me[0] });
    if (restoredForAnother || answeredOwner === null) void forgetPersistedQueries();
  }, [answeredOwner, queryClient]);

  useEffect(() => {
    if (!meQuery.isLoading) return;
    const timer = setTimeout(() => console.warn('[auth] still loading after 15 seconds'), AUTH_LOADING_WARNING_MS);
    return () => clearTimeout(timer);
  }, [meQuery.isLoading]);

  // User set-up: whenever a signed-in person is seen, provision them (deferred a tick),
  // then show the welcome toast once (when the membership was just created) and re-check.
  // While an invitation is being accepted it waits (see isAcceptingInvitation); clearing the
  // pending invite (accepted, cancelled, invalid) lets it run.
  const pendingInvite = usePendingInvite();
  useEffect(() => {
    if (!me || provisionedFor.current === me.user.id) return;
    const timer = setTimeout(async () => {
      if (provisionedFor.current === me.user.id || isAcceptingInvitation()) return;
      provisionedFor.current = me.user.id;
      try {
        const result = await provisionMe();
        if (!result.success) {
          if (result.error === 'removed') return void (await recheck());
          toast.error(t('provision.setupErrorTitle'), { description: result.error || t('provision.setupErrorDescription') });
          return;
        }
        if (result.created) {
          toast.success(t('provision.welcomeTitle'), {
            description: result.promoted ? t('provision.welcomeAdmin') : t('provision.welcomeUser'),
          });
        }
        if (result.created || result.promoted) await recheck();
      } catch (error) {
        // Offline (the app opened with the member kept on this device): they were set up on an
        // earlier visit; nothing to say, and it is tried again when the person is next seen.
        if (isUnreachable(error) && !navigator.onLine) {
          provisionedFor.current = null;
          return;
        }
        // The server answering with an error is a 'Setup Error'; only an exception of our own
        // (the network down, an unreadable answer) gets the generic text.
        if (error instanceof ApiRequestError && error.status > 0) {
          toast.error(t('provision.setupErrorTitle'), { description: t('provision.setupErrorDescription') });
        } else {
          toast.error(t('provision.unexpected'));
        }
      } finally {
        setProvisionedUserId(me.user.id);
      }
    }, 0);
    return () => clearTimeout(timer);
  }, [me, pendingInvite, recheck, t]);

  const signOut = useCallback(async () => {
    let error: unknown;
    try {
      ({ error } = await (await loadAuthClient()).signOut());
    } catch (caught) {
      error = caught; // the client could not load (offline, or a deploy): still signed in
    }
    if (error) {
      toast.error(t('signOut.failed'));
      return;
    }
    provisionedFor.current = null;
    setProvisionedUserId(null);
    setHasSignedOut(true);
    forgetMemberOnDevice();
    confirmCacheOwner(null);
    void forgetPersistedQueries();
    queryClient.setQueryData(queryKeys.me, null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.me[0] });
    // RequireAuth now sends the person to the sign-in page with ?signed_out=1, which says so (a
    // full page load: a toast here would not survive it).
  }, [queryClient, t]);

  const value = useMemo<AuthState>(
    () => ({
      me,
      user: me?.user ?? null,
      isLoading: meQuery.isLoading,
      // Paused (offline, asked again when the connection returns) or failed for want of a network.
      isUnreachable: meQuery.data === undefined && (meQuery.isPaused || isUnreachable(meQuery.error)),
      isAdmin: me?.onboarding.role === 'admin',
      isProvisioning: Boolean(me) && provisionedUserId !== me?.user.id,
      hasSignedOut,
      error: meQuery.error,
      recheck,
      signOut,
    }),
    [me, meQuery.isLoading, meQuery.isPaused, meQuery.data, meQuery.error, recheck, signOut, provisionedUserId, hasSignedOut],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}

import { importOrReload } from '../lazy-import';
import type { AuthClient } from './better-auth-client';

/*
 * better-auth's client (with better-fetch and nanostores, about 12 KB gzipped) is needed only when
 * someone signs in, signs up, signs out or changes a password, so it is not part of any page's
 * first load (decision 026): it is fetched on first use, or earlier with preloadAuthClient (the
 * sign-in form calls it when a field gets focus, so the click itself does not wait).
 */
let loading: Promise<AuthClient> | null = null;

export function loadAuthClient(): Promise<AuthClient> {
  loading ??= importOrReload(() => import('./better-auth-client')).then(
    (module) => module.authClient,
    (error: unknown) => {
      loading = null; // a failed download is tried again on the next use
      throw error;
    },
  );
  return loading;
}

export function preloadAuthClient(): void {
  loadAuthClient().catch(() => {
    // The submit asks again and shows the error then.
  });
}

import { paths } from '@web/lib/paths';

/** Where a signed-out person may be sent back to after signing in: the app's own signed-in screens. */
const IN_APP_ROOTS = ['/app', paths.tv, paths.admin.root];

/** The router state a guard leaves on /auth: the page the person was going to. */
export type RedirectBackState = { from: string };

/**
 * The page to return to after sign-in, from the /auth location's state, or null. Only a path of
 * this app's own signed-in screens on this origin is accepted (never an open redirect: a
 * protocol-relative `//evil.example`, `/\evil.example`, an absolute URL, or `/app/../auth`).
 */
export function readRedirectBack(state: unknown, origin: string = window.location.origin): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  return toInAppPath(state.from, origin);
}

export function toInAppPath(value: unknown, origin: string = window.location.origin): string | null {
  if (typeof value !== 'string' || !value.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  // The URL parser resolves `//host`, backslashes, tabs and dot segments the way a browser will.
  if (url.origin !== origin) return null;
  const isInApp = IN_APP_ROOTS.some((root) => url.pathname === root || url.pathname.startsWith(`${root}/`));
  return isInApp ? `${url.pathname}${url.search}${url.hash}` : null;
}

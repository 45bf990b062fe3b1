import { paths } from '@web/lib/paths';

/**
 * The sign-in page is pre-rendered, outside the app (decision 029). A person who asks for it (a
 * button, a link) gets it with one full page load. A client-side route change would show the app's
 * hand-over skeleton first and load the page a second time, and the address would change before the
 * page does. Redirects by the guards still go through the router: its /auth route hands over.
 */
export function goToSignIn(params?: Parameters<typeof paths.auth>[0]): void {
  window.location.assign(paths.auth(params));
}

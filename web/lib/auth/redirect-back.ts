import { NEXT_PARAM, toInAppPath } from '@core/navigation/in-app-path';

export { toInAppPath };

/**
 * The page to return to after sign-in, from a location's query (`?next=`, which the guards add
 * when they send a signed-out person to /auth), or null when there is none or it is not one of
 * this app's own signed-in screens (core/navigation/in-app-path.ts: never an open redirect).
 */
export function readRedirectBack(search: string, origin: string = window.location.origin): string | null {
  return toInAppPath(new URLSearchParams(search).get(NEXT_PARAM), origin);
}

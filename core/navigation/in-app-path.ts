/*
 * Where a person may be sent after signing in: a page of the app's own signed-in screens on this
 * origin. Shared by the sign-in page (the browser), the server (which sends a signed-in visitor of
 * /auth straight on) and the app's guards, so all three accept exactly the same addresses.
 */

/** The signed-in screens' roots: /app/..., the TV and the admin console. */
export const IN_APP_ROOTS = ['/app', '/tv', '/admin'] as const;

/** The query parameter /auth reads: the page a guard sent the person away from. */
export const NEXT_PARAM = 'next';

type ParsedUrl = { origin: string; pathname: string; search: string; hash: string };
// The WHATWG URL parser of the platform (Node and every browser have it; core's lib does not
// declare it). It resolves `//host`, backslashes, tabs and dot segments the way a browser will.
const { URL: UrlParser } = globalThis as unknown as { URL: new (input: string, base: string) => ParsedUrl };

/**
 * `value` as a path of this app's signed-in screens, or null. Never an open redirect: a
 * protocol-relative `//evil.example`, `/\evil.example`, an absolute URL, `javascript:` or
 * `/app/../auth` are all refused.
 */
export function toInAppPath(value: unknown, origin: string): string | null {
  if (typeof value !== 'string' || !value.startsWith('/')) return null;
  let url: ParsedUrl;
  try {
    url = new UrlParser(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const isInApp = IN_APP_ROOTS.some((root) => url.pathname === root || url.pathname.startsWith(`${root}/`));
  return isInApp ? `${url.pathname}${url.search}${url.hash}` : null;
}

import type { Me, ProvisionResult } from '@core/contracts';
import type { BrowserContext } from 'playwright-core';

/*
 * People for the journeys, made and signed in through the API as fixtures (the journeys that are
 * about joining or signing in do those steps in the browser).
 */

export type Account = { name: string; email: string; password: string };

let counter = 0;
/** A new person with a unique address and a long random password (weak ones are refused at sign-up). */
export function makeAccount(name: string): Account {
  counter += 1;
  const slug = name.toLowerCase().replace(/[^a-z]+/g, '.');
  return { name, email: `${slug}.${Date.now().toString(36)}${counter}@example.com`, password: `Pw-${crypto.randomUUID()}` };
}

/** The newest link in the dev mailbox for `email` (confirmation or magic link). */
export async function findMailLink(baseUrl: string, email: string, pattern = /verify-email|magic-link/): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const response = await fetch(`${baseUrl}/api/dev/mail?to=${encodeURIComponent(email)}`);
    const { mail } = (await response.json()) as { mail: { links: string[] }[] };
    const link = mail.flatMap((m) => m.links).find((l) => pattern.test(l));
    if (link) return link;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail with a link for ${email}`);
}

/** How many links matching `pattern` the dev mailbox holds for `email` now (no waiting). */
export async function countMailLinks(baseUrl: string, email: string, pattern: RegExp): Promise<number> {
  const response = await fetch(`${baseUrl}/api/dev/mail?to=${encodeURIComponent(email)}`);
  const { mail } = (await response.json()) as { mail: { links: string[] }[] };
  return mail.flatMap((m) => m.links).filter((l) => pattern.test(l)).length;
}

/** Signs the person up through the API; the address is not confirmed yet (a confirmation mail is sent). */
export async function signUp(baseUrl: string, account: Account): Promise<void> {
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ name: account.name, email: account.email, password: account.password, callbackURL: '/auth/callback' }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
}

/**
 * Creates a person through the API, as a fixture: sign up, follow the confirmation link from the
 * dev mailbox. Does not sign the browser in.
 */
export async function createVerifiedAccount(baseUrl: string, account: Account): Promise<void> {
  await signUp(baseUrl, account);
  const link = await findMailLink(baseUrl, account.email, /verify-email/);
  const verified = await fetch(link, { redirect: 'manual' });
  if (verified.status >= 400) throw new Error(`verification failed: ${verified.status}`);
}

/** One sign-in attempt through the API, answered as it is (for journeys that expect a refusal). */
export function requestSignIn(baseUrl: string, credentials: { email: string; password: string }): Promise<Response> {
  return fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email: credentials.email, password: credentials.password }),
  });
}

/** Signs in through the API; the session's Set-Cookie headers. */
async function signInForCookies(baseUrl: string, account: Account): Promise<string[]> {
  const response = await requestSignIn(baseUrl, account);
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers.getSetCookie();
}

/** Signs in through the API and returns the session as a Cookie header, for calls from Node. */
export async function signInCookie(baseUrl: string, account: Account): Promise<string> {
  return (await signInForCookies(baseUrl, account)).map((raw) => raw.split(';')[0]).join('; ');
}

/** Signs the browser context in through the API (cookie), then provisions like the app does. */
export async function signInContext(context: BrowserContext, baseUrl: string, account: Account): Promise<void> {
  const cookies = (await signInForCookies(baseUrl, account)).map((raw) => {
    const [pair] = raw.split(';');
    const index = pair!.indexOf('=');
    return { name: pair!.slice(0, index), value: pair!.slice(index + 1), url: baseUrl, httpOnly: true, sameSite: 'Lax' as const };
  });
  await context.addCookies(cookies);
}

/** callApi for a journey's set-up steps: the answer's body, or a thrown error that says what was refused. */
export async function callApiOk<T = Record<string, unknown>>(
  baseUrl: string,
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await callApi<T>(baseUrl, cookie, method, path, body);
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** A JSON call to /api/v1 as the holder of `cookie` (null: signed out); the body is null when it is not JSON. */
export async function callApi<T = Record<string, unknown>>(
  baseUrl: string,
  cookie: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { origin: baseUrl };
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as T };
}

export type Joined = { id: string; cookie: string; provision: ProvisionResult; me: Me };

/**
 * The company each multi-tenant server's journey has made, by server: its first person (the admin)
 * made it, and invites the others. Per journey file: forgotten before each file (forgetJourneyCompanies).
 */
const companiesByServer = new Map<string, Promise<{ adminCookie: string }>>();
const tenancyByServer = new Map<string, Promise<'single' | 'multi'>>();

/**
 * Forgets the companies made so far: each journey file makes its own, also when it runs after
 * another file in the same worker (the journeys share their worker's modules, vitest.e2e.config.ts).
 */
export function forgetJourneyCompanies(): void {
  companiesByServer.clear();
  tenancyByServer.clear();
}

function tenancyOf(baseUrl: string): Promise<'single' | 'multi'> {
  let tenancy = tenancyByServer.get(baseUrl);
  if (!tenancy) {
    tenancy = fetch(`${baseUrl}/api/health`)
      .then((response) => response.json() as Promise<{ tenancy: 'single' | 'multi' }>)
      .then((health) => health.tenancy);
    tenancyByServer.set(baseUrl, tenancy);
  }
  return tenancy;
}

/**
 * A person joins the company as the app has them do: sign up and confirm, sign in (through the
 * API), then join. On a single-tenant server (a journey's own) provisioning puts them in its one
 * company, the first as its admin. On the journeys' shared multi-tenant server (shared-server.ts,
 * useSharedServer) the file's first person creates the file's company, named as the single-tenant
 * one is, and becomes its admin; everyone after joins it through an invitation the admin makes and
 * they accept, as a new customer's team does. Returns their user id, their session as a Cookie
 * header, what joining answered and their /me.
 */
export async function joinCompany(baseUrl: string, account: Account): Promise<Joined> {
  await createVerifiedAccount(baseUrl, account);
  const cookie = await signInCookie(baseUrl, account);
  const provision =
    (await tenancyOf(baseUrl)) === 'multi' ? await joinFileCompany(baseUrl, cookie) : await provisionSingleTenant(baseUrl, account, cookie);
  const me = await callApi<Me>(baseUrl, cookie, 'GET', '/me');
  return { id: me.body.user.id, cookie, provision, me: me.body };
}

async function provisionSingleTenant(baseUrl: string, account: Account, cookie: string): Promise<ProvisionResult> {
  const provision = await callApi<ProvisionResult>(baseUrl, cookie, 'POST', '/me/provision');
  if (provision.status !== 200)
    throw new Error(`provisioning ${account.email} failed: ${provision.status} ${JSON.stringify(provision.body)}`);
  return provision.body;
}

/** The single-tenant server's company name (DEFAULT_COMPANY_NAME), so both kinds of server show the same. */
const JOURNEY_COMPANY_NAME = 'Min bedrift';

async function joinFileCompany(baseUrl: string, cookie: string): Promise<ProvisionResult> {
  const existing = companiesByServer.get(baseUrl);
  if (!existing) {
    const made = callApiOk(baseUrl, cookie, 'POST', '/companies', { name: JOURNEY_COMPANY_NAME }).then(() => ({ adminCookie: cookie }));
    companiesByServer.set(baseUrl, made);
    await made;
    return { success: true, created: true, promoted: true, error: null };
  }
  const { adminCookie } = await existing;
  const invitation = await callApiOk<{ code: string }>(baseUrl, adminCookie, 'POST', '/invitations', { role: 'user' });
  await callApiOk(baseUrl, cookie, 'POST', '/invitations/accept', { code: invitation.code });
  return { success: true, created: true, promoted: false, error: null };
}

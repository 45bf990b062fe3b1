import type { BrowserContext } from 'playwright-core';

export type Account = { name: string; email: string; password: string };

let counter = 0;
export function makeAccount(name: string): Account {
  counter += 1;
  const slug = name.toLowerCase().replace(/[^a-z]+/g, '.');
  return { name, email: `${slug}.${Date.now().toString(36)}${counter}@example.com`, password: 'sales-rocks-42' };
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

/**
 * Creates a person through the API, as a fixture: sign up, follow the confirmation link from the
 * dev mailbox. Does not sign the browser in.
 */
export async function createVerifiedAccount(baseUrl: string, account: Account): Promise<void> {
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ name: account.name, email: account.email, password: account.password, callbackURL: '/auth/callback' }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const link = await findMailLink(baseUrl, account.email, /verify-email/);
  const verified = await fetch(link, { redirect: 'manual' });
  if (verified.status >= 400) throw new Error(`verification failed: ${verified.status}`);
}

/** Signs the browser context in through the API (cookie), then provisions like the app does. */
export async function signInContext(context: BrowserContext, baseUrl: string, account: Account): Promise<void> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const cookies = response.headers.getSetCookie().map((raw) => {
    const [pair] = raw.split(';');
    const index = pair!.indexOf('=');
    return { name: pair!.slice(0, index), value: pair!.slice(index + 1), url: baseUrl, httpOnly: true, sameSite: 'Lax' as const };
  });
  await context.addCookies(cookies);
}

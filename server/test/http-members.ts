/**
 * Members made the way a person makes one, over HTTP against a running server (see
 * server-process.ts): sign up, follow the confirmation link from the dev mailbox, sign in, and
 * join a company (the single shared one, or a new one in multi-tenant mode).
 */
export type HttpMember = { name: string; email: string; password: string; cookie: string; userId: string; companyId: string };

type MemberOptions = {
  /** Multi-tenant mode: create this company and become its admin instead of provisioning. */
  companyName?: string;
};

export async function callApi(
  baseUrl: string,
  path: string,
  init: { method?: string; json?: unknown; cookie?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { origin: baseUrl };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${baseUrl}${path}`, {
    method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
}

async function expectOk(response: Response, what: string): Promise<Response> {
  if (!response.ok) throw new Error(`${what} failed: ${response.status} ${await response.text()}`);
  return response;
}

async function findConfirmationLink(baseUrl: string, email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const response = await expectOk(await callApi(baseUrl, `/api/dev/mail?to=${encodeURIComponent(email)}`), 'reading the dev mailbox');
    const { mail } = (await response.json()) as { mail: { links: string[] }[] };
    const link = mail.flatMap((m) => m.links).find((l) => l.includes('verify-email'));
    if (link) return link;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no confirmation mail for ${email}`);
}

export async function signInOverHttp(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await expectOk(await callApi(baseUrl, '/api/auth/sign-in/email', { json: { email, password } }), `signing in ${email}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

export async function createMemberOverHttp(baseUrl: string, name: string, options: MemberOptions = {}): Promise<HttpMember> {
  const email = `${name.toLowerCase().replace(/[^a-z]+/g, '.')}.${crypto.randomUUID().slice(0, 8)}@example.com`;
  // Long and random: the sign-up refuses short and guessable passwords.
  const password = `Dealboard-${crypto.randomUUID()}`;
  await expectOk(
    await callApi(baseUrl, '/api/auth/sign-up/email', { json: { name, email, password, callbackURL: '/auth/callback' } }),
    `signing up ${email}`,
  );
  const link = await findConfirmationLink(baseUrl, email);
  const confirmed = await fetch(link, { redirect: 'manual' });
  if (confirmed.status >= 400) throw new Error(`confirming ${email} failed: ${confirmed.status}`);
  const cookie = await signInOverHttp(baseUrl, email, password);
  if (options.companyName) {
    await expectOk(await callApi(baseUrl, '/api/v1/companies', { cookie, json: { name: options.companyName } }), 'creating a company');
  } else {
    await expectOk(await callApi(baseUrl, '/api/v1/me/provision', { cookie, method: 'POST' }), 'provisioning');
  }
  const me = (await (await expectOk(await callApi(baseUrl, '/api/v1/me', { cookie }), 'reading /me')).json()) as {
    user: { id: string };
    company: { id: string } | null;
  };
  if (!me.company) throw new Error(`${email} has no company after joining`);
  return { name, email, password, cookie, userId: me.user.id, companyId: me.company.id };
}

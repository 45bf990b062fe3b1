import { createApp } from '../app';
import { closeDeps, createDeps } from '../bootstrap';
import type { AppDeps } from '../context';
import type { DbHandle } from '../db/client';
import { type CompanyId, toCompanyId, toUserId, type UserId } from '../db/tenant';
import { markEmailVerified, seedCompany, seedMembership } from '../seed/factories';
import { loadConfig } from '../env';
import { createTestDatabase } from './test-database';

export const TEST_ORIGIN = 'http://localhost:3000';

export type TestUser = { id: UserId; email: string; name: string; password: string; cookie: string };

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

type RequestOptions = Omit<RequestInit, 'body'> & {
  as?: TestUser | null;
  json?: unknown;
  /** A raw body (sent as is, with the content-type given in headers). */
  body?: RequestInit['body'];
  /** The TCP peer's address, as the Node server would see it (default: none, which counts as this machine). */
  socket?: string;
  /** Send no Origin header (a non-browser client). */
  noOrigin?: boolean;
  /**
   * After a request that may change something (not GET or HEAD), hand what it appended to the event
   * log to the followers after commit before answering (default), as a running server's log worker
   * does within milliseconds of the commit (decision 095). False to see the request alone (what it
   * costs, what is in the log before any follower ran).
   */
  settle?: boolean;
};

/**
 * The whole app in-process on a fresh database (PGlite, or PostgreSQL when TEST_DATABASE_URL is
 * set). Requests go through app.request(), exactly the HTTP stack a browser meets.
 */
export async function createTestApp(options: { env?: Record<string, string>; now?: () => Date; database?: DbHandle } = {}) {
  const database = options.database ?? (await createTestDatabase());
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: TEST_ORIGIN,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    AUTH_RATE_LIMIT: '1000',
    ...options.env,
  });
  let clock = options.now ?? (() => new Date());
  const deps: AppDeps = await createDeps(config, { database, now: () => clock(), logMail: false });
  const app = createApp(deps);

  async function request(path: string, init: RequestOptions = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (!init.noOrigin && !headers.has('origin')) headers.set('origin', new URL(config.publicUrl).origin);
    if (init.as) headers.set('cookie', init.as.cookie);
    let body: RequestInit['body'] = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    const { as: _as, json: _json, socket, noOrigin: _noOrigin, body: _body, settle = true, ...rest } = init;
    // @hono/node-server's getConnInfo reads env.incoming.socket: the same place a real socket is.
    const env = socket
      ? { incoming: { socket: { remoteAddress: socket, remotePort: 40000, remoteFamily: socket.includes(':') ? 'IPv6' : 'IPv4' } } }
      : undefined;
    const response = await app.request(path, { ...rest, headers, body }, env);
    const method = (rest.method ?? 'GET').toUpperCase();
    if (settle && method !== 'GET' && method !== 'HEAD') await deps.events.runDue();
    return response;
  }

  /** Signs up through better-auth, marks the e-mail verified and signs in; returns the session cookie. */
  async function createUser(input: { email?: string; name?: string; password?: string } = {}): Promise<TestUser> {
    const email = input.email ?? `user-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const name = input.name ?? email.split('@')[0]!;
    const password = input.password ?? 'correct-horse-battery';
    const signUp = await request('/api/auth/sign-up/email', { method: 'POST', json: { email, password, name } });
    if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
    const { user } = (await signUp.json()) as { user: { id: string } };
    const id = toUserId(user.id);
    await markEmailVerified(deps.database.db, id);
    const cookie = await signIn(email, password);
    await deps.realtime.sync();
    return { id, email, name, password, cookie };
  }

  async function signIn(email: string, password: string): Promise<string> {
    const response = await request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });
    if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
    return response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  }

  /** A person who is a member of `companyId` (default: a new company) with the role given. */
  async function createMember(input: { companyId?: string; role?: 'admin' | 'user'; name?: string; email?: string } = {}) {
    const companyId: CompanyId = input.companyId === undefined ? (await seedCompany(deps.database.db)).id : toCompanyId(input.companyId);
    const user = await createUser({ name: input.name, email: input.email });
    await seedMembership(deps.database.db, { companyId, userId: user.id, role: input.role ?? 'user' });
    // The seeding's NOTIFYs reach the actor cache now, not in the middle of the test's next request.
    await deps.realtime.sync();
    return { ...user, companyId };
  }

  return {
    app,
    deps,
    db: deps.database.db,
    request,
    createUser,
    createMember,
    signIn,
    setNow: (now: () => Date) => {
      clock = now;
    },
    close: () => closeDeps(deps),
  };
}

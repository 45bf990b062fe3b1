import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_ATTEMPTS_PER_RATE_LIMIT } from './auth';
import { createTestApp, type TestApp } from '../test/test-app';

/*
 * Per client address, in every mode, counted in the database: sign-ups, magic links and reset
 * mails AUTH_RATE_LIMIT a minute; sign-in attempts six times that (each account has its own,
 * tighter limit on failures: sign-in-limit.test.ts).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT: '3' } });
});
afterAll(() => t.close());

const signIn = (email: string, password: string, headers: Record<string, string> = {}) =>
  t.request('/api/auth/sign-in/email', { method: 'POST', headers, json: { email, password } });

describe('auth rate limit', () => {
  it('refuses sign-in attempts past the per-address limit with 429, even with the right password', async () => {
    // In-process requests have no socket, so every one counts as 127.0.0.1. Each attempt is on
    // another address so that no account's own limit speaks first.
    const limit = 3 * SIGN_IN_ATTEMPTS_PER_RATE_LIMIT;
    const statuses: number[] = [];
    for (let i = 0; i < limit; i++) statuses.push((await signIn(`nobody-${i}@example.com`, 'wrong-password')).status);
    expect(statuses).toEqual(Array.from({ length: limit }, () => 401));
    const refused = await signIn('nobody@example.com', 'wrong-password');
    expect(refused.status).toBe(429);
  });

  it('a client-supplied address header cannot dodge the limit (TRUST_PROXY is off)', async () => {
    const response = await signIn('nobody@example.com', 'whatever1', {
      'x-dealboard-client-ip': '192.0.2.99',
      'x-forwarded-for': '192.0.2.99',
    });
    expect(response.status).toBe(429);
  });

  it('limits sign-ups to AUTH_RATE_LIMIT a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await t.request('/api/auth/sign-up/email', {
        method: 'POST',
        json: { email: `flood${i}@example.com`, password: 'correct-horse-battery', name: 'Flood' },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses[3]).toBe(429);
  });
});

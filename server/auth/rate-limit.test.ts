import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

/** Sign-in and sign-up are rate limited in every mode, counted in the database per client address. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT: '3' } });
});
afterAll(() => t.close());

const signIn = (email: string, password: string, headers: Record<string, string> = {}) =>
  t.request('/api/auth/sign-in/email', { method: 'POST', headers, json: { email, password } });

describe('auth rate limit', () => {
  it('refuses sign-in attempts past the limit with 429, even with the right password', async () => {
    // In-process requests have no socket, so every one counts as 127.0.0.1.
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await signIn('nobody@example.com', 'wrong-password')).status);
    expect(statuses).toEqual([401, 401, 401]);
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

  it('limits sign-ups the same way', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await t.request('/api/auth/sign-up/email', {
        method: 'POST',
        json: { email: `flood${i}@example.com`, password: 'secret123', name: 'Flood' },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses[3]).toBe(429);
  });
});

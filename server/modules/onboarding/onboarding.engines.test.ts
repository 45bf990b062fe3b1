import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Me, ProvisionResult } from '@core/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function provision(cookieUser: Awaited<ReturnType<TestApp['createUser']>>) {
  const response = await t.request('/api/v1/me/provision', { method: 'POST', as: cookieUser });
  expect(response.status).toBe(200);
  return (await response.json()) as ProvisionResult;
}

async function me(cookieUser: Awaited<ReturnType<TestApp['createUser']>>) {
  const response = await t.request('/api/v1/me', { as: cookieUser });
  expect(response.status).toBe(200);
  return (await response.json()) as Me;
}

describe('single-tenant provisioning', () => {
  it('refuses anonymous callers', async () => {
    const anonymous = await t.request('/api/v1/me');
    expect(anonymous.status).toBe(200);
    expect(await anonymous.json()).toBeNull();
    expect((await t.request('/api/v1/me/provision', { method: 'POST' })).status).toBe(401);
  });

  it('a signed-in person without a membership has no company yet', async () => {
    const person = await t.createUser({ name: 'Nora Nobody' });
    const status = await me(person);
    expect(status.onboarding).toMatchObject({ hasProfile: false, hasCompany: false, role: null });
  });

  it('the first people to sign in at once produce exactly one admin in "Min bedrift", Europe/Oslo', async () => {
    const people = await Promise.all([1, 2, 3, 4].map((i) => t.createUser({ name: `Rep ${i}` })));
    const results = await Promise.all(people.map(provision));
    expect(results.every((r) => r.success && r.created)).toBe(true);
    expect(results.filter((r) => r.promoted)).toHaveLength(1);

    const views = await Promise.all(people.map(me));
    const companyIds = new Set(views.map((v) => v.company?.id));
    expect(companyIds.size).toBe(1);
    expect(views[0]!.company).toMatchObject({ name: 'Min bedrift', timezone: 'Europe/Oslo' });
    expect(views.filter((v) => v.onboarding.role === 'admin')).toHaveLength(1);
    expect(views.every((v) => v.onboarding.hasCompany && v.onboarding.profileComplete)).toBe(true);
    expect(views[1]!.profile?.displayName).toMatch(/^Rep \d$/);
  });

  it('provisioning again is idempotent and shows no second welcome', async () => {
    const person = await t.createUser();
    expect(await provision(person)).toMatchObject({ success: true, created: true, promoted: false });
    expect(await provision(person)).toMatchObject({ success: true, created: false, promoted: false });
  });
});

describe('access code', () => {
  it('is invalid while none is set, and rejects blank input with a 400', async () => {
    const check = await t.request('/api/v1/access-code/check', { method: 'POST', json: { code: 'anything' } });
    expect(await check.json()).toEqual({ valid: false });
    const blank = await t.request('/api/v1/access-code/check', { method: 'POST', json: { code: '  ' } });
    expect(blank.status).toBe(400);
    expect(((await blank.json()) as { error: { code: string } }).error.code).toBe('invalid_input');
  });

  it('limits access-code guesses per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await t.request('/api/v1/access-code/check', { method: 'POST', json: { code: `guess-${i}` } })).status);
    }
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(10);
    expect(statuses.at(-1)).toBe(429);
  });

  it('refuses a sign-up that presents a wrong access code, and creates no account', async () => {
    const response = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'x-access-code': 'wrong' },
      json: { email: 'intruder@example.com', password: 'correct-horse-battery', name: 'Intruder' },
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toBe('Invalid access code');
    const retry = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: 'intruder@example.com', password: 'correct-horse-battery' },
    });
    expect(retry.status).toBe(401);
  });
});

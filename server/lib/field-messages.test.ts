import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '@core/contracts';
import nb from '@core/contracts/messages/nb.json';
import sv from '@core/contracts/messages/sv.json';
import { createTestApp, type TestApp } from '../test/test-app';

/*
 * A refusal speaks the request's language (decision 083): the screen's (x-dealboard-language),
 * else Accept-Language, else English; the contracts' own messages and zod's own alike.
 */

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['createMember']>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createMember({ role: 'admin', name: 'Ada Admin' });
});
afterAll(() => t.close());

async function refuse(json: unknown, headers: Record<string, string> = {}): Promise<ApiError['error']> {
  const response = await t.request('/api/v1/teams', { method: 'POST', as: admin, json, headers });
  expect(response.status).toBe(400);
  return ((await response.json()) as ApiError).error;
}

describe('refusals in the request’s language', () => {
  it('English by default, with plain words for what zod says itself', async () => {
    expect((await refuse({ name: '' })).details).toEqual({ name: 'Please enter a team name' });
    expect((await refuse({ name: 'Oslo', colour: 'red' })).details).toEqual({ _: 'Unknown field: colour' });
  });

  it("the screen's language: a contract's message from its table, zod's own worded in it", async () => {
    const error = await refuse({ name: '' }, { 'x-dealboard-language': 'nb' });
    expect(error.details).toEqual({ name: nb['Please enter a team name'] });
    expect(error.message).toBe(`name: ${nb['Please enter a team name']}`);
    expect((await refuse({ name: 'Oslo', colour: 'red' }, { 'x-dealboard-language': 'da' })).details).toEqual({ _: 'Ukendt felt: colour' });
  });

  it("a service's own field detail too (the code and message stay as written)", async () => {
    const logged = await t.request('/api/v1/activities', { method: 'POST', as: admin, json: { kind: 'call', answered: false } });
    const { id } = (await logged.json()) as { id: string };
    const change = { outcome: 'moved_forward' };
    const english = await t.request(`/api/v1/activities/${id}`, { method: 'PATCH', as: admin, json: change });
    expect(english.status).toBe(400);
    expect(((await english.json()) as ApiError).error.details).toEqual({ outcome: 'Only an answered call has an outcome' });
    const danish = await t.request(`/api/v1/activities/${id}`, {
      method: 'PATCH',
      as: admin,
      json: change,
      headers: { 'x-dealboard-language': 'da' },
    });
    expect(((await danish.json()) as ApiError).error.details).toEqual({ outcome: 'Kun et besvaret opkald har et udfald' });
  });

  it('Accept-Language when the caller does not say (an API client in Stockholm)', async () => {
    const error = await refuse({ name: 'x'.repeat(200) }, { 'accept-language': 'sv-SE,sv;q=0.9,en;q=0.5' });
    expect(error.details!.name).toBe(sv['The team name can be at most 60 characters']);
  });
});

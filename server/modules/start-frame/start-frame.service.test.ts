import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KpiRuleList } from '@core/contracts';
import type { AppEnv } from '../../context';
import { createTestApp, type TestApp } from '../../test/test-app';
import { loadSession } from '../session/session.middleware';
import { describeStartFrameMember } from './start-frame.service';

/*
 * Who quick log's first frame is for (decision 092), read as the page's request reads it: the
 * session's cookie, the member's role and team leadership, the company's buttons, their language.
 */

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
let admin: Member;
let rep: Member;
let lead: Member;
let page: Hono<AppEnv>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createMember({ role: 'admin', email: 'kari@nordlys.example' });
  rep = await t.createMember({ companyId: admin.companyId, role: 'user', email: 'ola@nordlys.example' });
  lead = await t.createMember({ companyId: admin.companyId, role: 'user' });
  page = new Hono<AppEnv>();
  page.use('*', async (c, next) => {
    c.set('deps', t.deps);
    await next();
  });
  page.get('/app/quick-log', loadSession, async (c) => c.json(await describeStartFrameMember(c)));
});
afterAll(() => t.close());

async function describeFor(member: Member | null) {
  const response = await page.request('/app/quick-log', { headers: member ? { cookie: member.cookie } : {} });
  return response.json();
}

describe("quick log's first frame, for the member who asks", () => {
  it("names an admin and a rep apart, with the company's buttons (meetings on, e-mail and LinkedIn off at first)", async () => {
    expect(await describeFor(admin)).toEqual({
      userId: admin.id,
      email: 'kari@nordlys.example',
      savedLanguage: null,
      isAdmin: true,
      isCoach: false,
      enabledKinds: { meeting: true, email: false, linkedin: false },
    });
    expect(await describeFor(rep)).toMatchObject({ userId: rep.id, isAdmin: false, isCoach: false });
  });

  it('follows the rules an admin turns on, a team lead, and the language saved in Settings', async () => {
    const rules = ((await (await t.request('/api/v1/kpi-rules', { as: admin })).json()) as KpiRuleList).rules;
    const email = rules.find((rule) => rule.kpiKey === 'email')!;
    expect((await t.request(`/api/v1/kpi-rules/${email.id}`, { method: 'PATCH', as: admin, json: { enabled: true } })).status).toBe(200);
    const team = (await (await t.request('/api/v1/teams', { method: 'POST', as: admin, json: { name: 'Oslo' } })).json()) as { id: string };
    expect((await t.request(`/api/v1/teams/${team.id}/leads`, { method: 'PUT', as: admin, json: { userIds: [lead.id] } })).status).toBe(
      200,
    );
    expect((await t.request('/api/v1/me/profile', { method: 'PATCH', as: rep, json: { language: 'nb' } })).status).toBe(200);

    expect(await describeFor(rep)).toMatchObject({
      savedLanguage: 'nb',
      isCoach: false,
      enabledKinds: { meeting: true, email: true, linkedin: false },
    });
    expect(await describeFor(lead)).toMatchObject({ isAdmin: false, isCoach: true });
  });

  it('is for nobody signed out, or signed in without a company', async () => {
    expect(await describeFor(null)).toBeNull();
    const newcomer = await t.createUser();
    const response = await page.request('/app/quick-log', { headers: { cookie: newcomer.cookie } });
    expect(await response.json()).toBeNull();
  });
});

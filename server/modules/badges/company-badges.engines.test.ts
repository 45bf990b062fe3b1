import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AuditLogPage,
  Badge,
  BadgeSettings,
  CompanyBadge,
  CompanyBadgeInput,
  CompanyBadgeList,
  FeedEvent,
  Kpi,
  MemberBadges,
  RecentBadges,
} from '@core/contracts';
import { toCompanyId, toUserId } from '../../db/tenant';
import { createTestApp, type TestApp } from '../../test/test-app';
import { listFeedEvents } from '../feed/feed.service';

/*
 * A company's own badges (decision 107): an admin defines one on a KPI that adds up; a member earns
 * it once per day, week or month when the KPI reaches its number, after the write has committed
 * (the event log's follower); the feed, the rep's page and the boards name it in its own words.
 */

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
let admin: Member;
let rep: Member;
let other: Member;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createMember({ role: 'admin', name: 'Ada Admin' });
  rep = await t.createMember({ companyId: admin.companyId, name: 'Rita Rep' });
  other = await t.createMember({ role: 'admin', name: 'Otto Other' });
});
afterAll(() => t.close());

const noon = (day: string) => new Date(`${day}T11:00:00Z`);
const at = (day: string) => t.setNow(() => noon(day));

const badgeInput = (input: Partial<CompanyBadgeInput> = {}): CompanyBadgeInput => ({
  names: { en: 'Demo machine', nb: 'Demomaskin' },
  icon: 'presentation',
  colour: 'green',
  kpiId: 'meetings_booked',
  threshold: 3,
  period: 'day',
  ...input,
});

async function create(input: CompanyBadgeInput, as: Member = admin): Promise<Response> {
  return t.request('/api/v1/badges/company', { method: 'POST', as, json: input });
}
async function created(input: CompanyBadgeInput): Promise<CompanyBadge> {
  const response = await create(input);
  expect(response.status).toBe(201);
  return (await response.json()) as CompanyBadge;
}

async function log(member: Member, body: Record<string, unknown>): Promise<string> {
  const response = await t.request('/api/v1/activities', { method: 'POST', as: member, json: body });
  if (response.status !== 201) throw new Error(`log failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}
const bookMeeting = (member: Member) => log(member, { kind: 'call', answered: true, outcome: 'meeting_booked' });
const sale = (member: Member, ticketSize: number) => log(member, { kind: 'sale', ticketSize });

/** The event log's followers after commit, as the server's worker runs them. */
const follow = () => t.deps.events.runDue();

async function companyBadgesOf(member: Member): Promise<Badge[]> {
  const response = await t.request(`/api/v1/badges/members/${member.id}`, { as: admin });
  expect(response.status).toBe(200);
  return ((await response.json()) as MemberBadges).badges.filter((badge) => badge.kind === 'company');
}

const feedOf = (member: Member): Promise<FeedEvent[]> =>
  listFeedEvents(t.db, { companyId: toCompanyId(member.companyId), userId: toUserId(member.id) }, { limit: 100 });

describe("a company's own badges", () => {
  it('are made and changed by an admin, read by every member, and each change is audited', async () => {
    expect((await create(badgeInput(), rep)).status).toBe(403);
    const badge = await created(badgeInput({ names: { en: 'Closer', nb: 'Avslutter' }, kpiId: 'sales', threshold: 2 }));
    expect(badge).toMatchObject({ names: { en: 'Closer', nb: 'Avslutter' }, kpiId: 'sales', threshold: 2, period: 'day', enabled: true });

    const list = (await (await t.request('/api/v1/badges/company', { as: rep })).json()) as CompanyBadgeList;
    expect(list.badges.map((b) => b.id)).toContain(badge.id);
    // Another company sees none of them, and cannot change them.
    expect(((await (await t.request('/api/v1/badges/company', { as: other })).json()) as CompanyBadgeList).badges).toEqual([]);
    const foreign = await t.request(`/api/v1/badges/company/${badge.id}`, { method: 'PUT', as: other, json: badgeInput() });
    expect(foreign.status).toBe(404);

    const renamed = await t.request(`/api/v1/badges/company/${badge.id}`, {
      method: 'PUT',
      as: admin,
      json: badgeInput({ names: { en: 'Deal closer' }, kpiId: 'sales', threshold: 2, enabled: false }),
    });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ names: { en: 'Deal closer' }, enabled: false });

    const audit = (await (await t.request('/api/v1/admin/audit-log?limit=10', { as: admin })).json()) as AuditLogPage;
    expect(audit.entries.map((entry) => [entry.action, entry.details])).toEqual(
      expect.arrayContaining([
        ['company_badge.created', { name: 'Closer', names: { en: 'Closer', nb: 'Avslutter' } }],
        ['company_badge.changed', { name: 'Deal closer', names: { en: 'Deal closer' } }],
      ]),
    );
    // Nobody earned it: it can go.
    expect((await t.request(`/api/v1/badges/company/${badge.id}`, { method: 'DELETE', as: rep })).status).toBe(403);
    expect((await t.request(`/api/v1/badges/company/${badge.id}`, { method: 'DELETE', as: admin })).status).toBe(200);
  });

  it('refuses, in words, a KPI that does not add up, one where lower is better, an unknown one and a name taken', async () => {
    const refusal = async (input: CompanyBadgeInput) => {
      const response = await create(input);
      return { status: response.status, body: (await response.json()) as { error: { code: string; details?: Record<string, string> } } };
    };
    expect((await refusal(badgeInput({ kpiId: 'conversion' }))).body.error.details).toEqual({
      kpiId: 'A badge needs a KPI that adds up: a count or a sum',
    });
    expect((await refusal(badgeInput({ kpiId: 'no-such-kpi' }))).body.error.details).toEqual({ kpiId: 'That KPI no longer exists' });
    const slow = await t.request('/api/v1/kpis', {
      method: 'POST',
      as: admin,
      json: {
        names: { en: 'Lost calls' },
        formula: { kind: 'aggregate', aggregate: 'count', typeIds: ['call'], outcomeIds: ['no_progress'] },
        format: 'number',
        decimals: 0,
        lowerIsBetter: true,
      },
    });
    const lowerIsBetter = (await slow.json()) as Kpi;
    expect((await refusal(badgeInput({ kpiId: lowerIsBetter.id }))).body.error.details).toEqual({
      kpiId: 'A badge is earned by reaching a number: choose a KPI where higher is better',
    });
    expect((await refusal(badgeInput({ threshold: 0 }))).status).toBe(400);
    await created(badgeInput({ names: { en: 'Early bird' }, enabled: false }));
    const twin = await refusal(badgeInput({ names: { en: 'early bird' } }));
    expect(twin).toMatchObject({ status: 409, body: { error: { code: 'badge_exists' } } });
  });

  it("is earned once a day by the member whose KPI reaches its number, after the write commits, and named in the feed, the member's page and the boards", async () => {
    at('2026-12-01');
    const badge = await created(badgeInput({ names: { en: 'Demo machine', nb: 'Demomaskin' }, threshold: 3 }));
    await bookMeeting(rep);
    await bookMeeting(rep);
    await follow();
    expect(await companyBadgesOf(rep)).toEqual([]);
    await bookMeeting(rep);
    await follow();
    const [earned] = await companyBadgesOf(rep);
    expect(earned).toMatchObject({
      kind: 'company',
      occasion: `${badge.id}:2026-12-01`,
      localDate: '2026-12-01',
      data: { companyBadgeId: badge.id, kpiId: 'meetings_booked', value: 3, threshold: 3, period: 'day', periodKey: '2026-12-01' },
      look: { names: { en: 'Demo machine', nb: 'Demomaskin' }, icon: 'presentation', colour: 'green' },
    });
    // A fourth the same day earns nothing more; the next day starts again.
    await bookMeeting(rep);
    await follow();
    expect(await companyBadgesOf(rep)).toHaveLength(1);
    at('2026-12-02');
    for (let i = 0; i < 3; i++) await bookMeeting(rep);
    await follow();
    expect((await companyBadgesOf(rep)).map((b) => b.occasion).sort()).toEqual([`${badge.id}:2026-12-01`, `${badge.id}:2026-12-02`]);

    const announced = (await feedOf(rep)).filter((event) => event.kind === 'badge.earned' && event.data.badge === 'company');
    expect(announced).toHaveLength(2);
    expect(announced[0]!.data).toMatchObject({
      companyBadgeId: badge.id,
      names: { en: 'Demo machine', nb: 'Demomaskin' },
      icon: 'presentation',
    });

    const recent = (await (await t.request('/api/v1/badges/recent', { as: rep })).json()) as RecentBadges;
    expect(recent.members.find((m) => m.userId === rep.id)?.badges).toEqual([
      expect.objectContaining({ kind: 'company', companyBadgeId: badge.id, count: 2, look: expect.objectContaining({ colour: 'green' }) }),
    ]);
    // Someone has it now: switched off rather than deleted, so what was earned stays.
    const gone = await t.request(`/api/v1/badges/company/${badge.id}`, { method: 'DELETE', as: admin });
    expect(gone.status).toBe(409);
    expect(((await gone.json()) as { error: { code: string } }).error.code).toBe('badge_in_use');
    await t.request(`/api/v1/badges/company/${badge.id}`, { method: 'PUT', as: admin, json: badgeInput({ threshold: 3, enabled: false }) });
    at('2026-12-03');
    for (let i = 0; i < 3; i++) await bookMeeting(rep);
    await follow();
    expect(await companyBadgesOf(rep)).toHaveLength(2);
  });

  it('a sum over a week: sales value reaching 50 000 kr in an ISO week, late logs and moves included, once a week', async () => {
    const seller = await t.createMember({ companyId: admin.companyId, name: 'Siri Sales' });
    const badge = await created(
      badgeInput({
        names: { en: 'Big week' },
        icon: 'trophy',
        colour: 'amber',
        kpiId: 'sales_value',
        threshold: 5_000_000,
        period: 'week',
      }),
    );
    // Wednesday 9 December 2026 (ISO week 50): 30 000 kr.
    at('2026-12-09');
    await sale(seller, 3_000_000);
    await follow();
    expect(await companyBadgesOf(seller)).toEqual([]);
    // Friday: 15 000 kr more, then a sale of Monday's logged late: 10 000 kr. The week holds 55 000.
    at('2026-12-11');
    await sale(seller, 1_500_000);
    await log(seller, { kind: 'sale', ticketSize: 1_000_000, localDate: '2026-12-07' });
    await follow();
    const [earned] = await companyBadgesOf(seller);
    expect(earned).toMatchObject({ occasion: `${badge.id}:2026-W50`, data: { periodKey: '2026-W50', value: 5_500_000, period: 'week' } });
    // Another sale that week: nothing more.
    await sale(seller, 100_000);
    await follow();
    expect(await companyBadgesOf(seller)).toHaveLength(1);
  });

  it('a milestone: the second sale ever, earned once for good, across days and months', async () => {
    const rookie = await t.createMember({ companyId: admin.companyId, name: 'Rune Rookie' });
    const badge = await created(badgeInput({ names: { en: 'Closer for real' }, kpiId: 'sales', threshold: 2, period: 'ever' }));
    at('2026-11-27');
    await sale(rookie, 100_000);
    await follow();
    expect(await companyBadgesOf(rookie)).toEqual([]);
    at('2026-12-02');
    await sale(rookie, 100_000);
    await follow();
    const [earned] = await companyBadgesOf(rookie);
    expect(earned).toMatchObject({
      occasion: `${badge.id}:ever`,
      localDate: '2026-12-02',
      data: { value: 2, period: 'ever', periodKey: 'ever' },
    });
    at('2027-01-04');
    await sale(rookie, 100_000);
    await follow();
    expect(await companyBadgesOf(rookie)).toHaveLength(1);
  });

  it('a change that leaves out whether it is awarded keeps it as it was; a KPI changed to go down stops awarding it', async () => {
    const closer = await t.createMember({ companyId: admin.companyId, name: 'Cleo Closer' });
    const kpi = (await (
      await t.request('/api/v1/kpis', {
        method: 'POST',
        as: admin,
        json: { names: { en: 'Deals' }, formula: { kind: 'aggregate', aggregate: 'count', typeIds: ['sale'] }, format: 'number' },
      })
    ).json()) as Kpi;
    const badge = await created(badgeInput({ names: { en: 'Dealer' }, kpiId: kpi.id, threshold: 1, enabled: false }));
    const { enabled: _left, ...withoutSwitch } = badgeInput({ names: { en: 'Dealer' }, kpiId: kpi.id, threshold: 1 });
    const changed = await t.request(`/api/v1/badges/company/${badge.id}`, { method: 'PUT', as: admin, json: withoutSwitch });
    expect(((await changed.json()) as CompanyBadge).enabled).toBe(false);
    await t.request(`/api/v1/badges/company/${badge.id}`, { method: 'PUT', as: admin, json: { ...withoutSwitch, enabled: true } });
    // The KPI now counts downwards: the badge is not awarded until an admin chooses another.
    const flipped = await t.request(`/api/v1/kpis/${kpi.id}`, {
      method: 'PUT',
      as: admin,
      json: {
        names: { en: 'Deals' },
        formula: { kind: 'aggregate', aggregate: 'count', typeIds: ['sale'] },
        format: 'number',
        lowerIsBetter: true,
      },
    });
    expect(flipped.status).toBe(200);
    at('2026-12-14');
    await sale(closer, 100_000);
    await follow();
    expect(await companyBadgesOf(closer)).toEqual([]);
  });

  it('leaves the built-in badges and their switches as they were: the company badge is not among them', async () => {
    const settings = (await (await t.request('/api/v1/badges/settings', { as: admin })).json()) as BadgeSettings;
    expect(settings.badges.map((b) => b.kind)).not.toContain('company');
    expect((await t.request('/api/v1/badges/settings/company', { method: 'PUT', as: admin, json: { enabled: false } })).status).toBe(400);
  });
});

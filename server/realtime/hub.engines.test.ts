import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../test/event-stream';
import { createTestApp, type TestApp } from '../test/test-app';
import type { LiveChange } from '@core/contracts';

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
let rep: Member;
beforeAll(async () => {
  t = await createTestApp();
  rep = await t.createMember({ name: 'Rita Rep' });
});
afterAll(() => t.close());

const count = (text: string, pattern: RegExp) => (text.match(pattern) ?? []).length;

describe('resynchronising open streams', () => {
  it("sends every open stream a second 'ready' (the browser then refetches everything)", async () => {
    const stream = openEventStream(await t.request('/api/v1/events', { as: rep }));
    expect(count(await stream.until(/event: ready/), /event: ready/g)).toBe(1);
    t.deps.realtime.resync();
    const text = await stream.until(/event: ready[\s\S]*event: ready/);
    await stream.close();
    expect(count(text, /event: ready/g)).toBe(2);
  });
});

describe('what reaches the company stream', () => {
  it("a rep's goals and an admin's rule change notify the company, each once, after commit", async () => {
    const admin = await t.createMember({ role: 'admin', companyId: rep.companyId, name: 'Ada Admin' });
    const received: LiveChange[] = [];
    const unsubscribe = t.deps.realtime.subscribe(rep.companyId, (change) => {
      if (change.table === 'goals' || change.table === 'kpi_rules') received.push(change);
    });
    try {
      const goals = await t.request('/api/v1/goals/me', {
        method: 'PUT',
        as: rep,
        json: { dailyCalls: 30, dailyMeetings: 3, dailySales: 1 },
      });
      expect(goals.status).toBe(200);
      const rules = (await (await t.request('/api/v1/kpi-rules', { as: admin })).json()) as { rules: { id: string; kpiKey: string }[] };
      const meeting = rules.rules.find((r) => r.kpiKey === 'meeting_booked')!;
      const changed = await t.request(`/api/v1/kpi-rules/${meeting.id}`, { method: 'PATCH', as: admin, json: { basePoints: 7 } });
      expect(changed.status).toBe(200);
      const deadline = Date.now() + 3_000;
      while (received.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(received).toEqual([
        { table: 'goals', op: 'INSERT', id: rep.id, userId: rep.id },
        { table: 'kpi_rules', op: 'UPDATE', id: meeting.id, userId: null },
      ]);
    } finally {
      unsubscribe();
    }
  });
});

describe('teams, team leads and targets (migration 0027)', () => {
  it("reach the company's members live, a member moving team too; another company's member hears none of it", async () => {
    const admin = await t.createMember({ role: 'admin', companyId: rep.companyId, name: 'Ada Admin' });
    const stranger = await t.createMember({ name: 'Sven Stranger' });
    const ours = openEventStream(await t.request('/api/v1/events', { as: rep }), { label: 'our company' });
    const theirs = openEventStream(await t.request('/api/v1/events', { as: stranger }), { label: 'another company' });
    await ours.until(/event: ready/);
    await theirs.until(/event: ready/);

    const created = await t.request('/api/v1/teams', { method: 'POST', as: admin, json: { name: 'Oslo' } });
    expect(created.status).toBe(201);
    const team = (await created.json()) as { id: string };
    const lead = await t.request(`/api/v1/teams/${team.id}/leads`, { method: 'PUT', as: admin, json: { userIds: [admin.id] } });
    expect(lead.status).toBe(200);
    const moved = await t.request(`/api/v1/team/members/${rep.id}/team`, { method: 'PUT', as: admin, json: { teamId: team.id } });
    expect(moved.status).toBe(200);
    const target = await t.request('/api/v1/targets', {
      method: 'POST',
      as: admin,
      // A later day than today in any zone: a target starts today or later.
      json: {
        userId: rep.id,
        metric: 'calls',
        period: 'week',
        value: 50,
        effectiveFrom: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
      },
    });
    expect(target.status, await target.clone().text()).toBe(201);
    const { id: targetId } = (await target.json()) as { id: string };
    expect((await t.request(`/api/v1/teams/${team.id}`, { method: 'DELETE', as: admin })).status).toBe(200);

    // The deletion's cascades (its leads, its member's team) are announced after the team itself.
    const text = await ours.until(
      /^(?=[\s\S]*"table":"teams","op":"DELETE")(?=[\s\S]*"table":"team_leads","op":"DELETE")(?=(?:[\s\S]*"table":"profiles","op":"UPDATE"){2})/,
    );
    await ours.close();
    const changes = text
      .split('\n')
      .filter((line) => line.startsWith('data: ') && line !== 'data: {}')
      .map((line) => JSON.parse(line.slice(6)) as LiveChange)
      .filter((change) => ['teams', 'team_leads', 'targets', 'profiles'].includes(change.table));
    expect(changes.slice(0, 4)).toEqual([
      { table: 'teams', op: 'INSERT', id: team.id, userId: null },
      { table: 'team_leads', op: 'INSERT', id: admin.id, userId: admin.id },
      { table: 'profiles', op: 'UPDATE', id: expect.any(String), userId: rep.id },
      { table: 'targets', op: 'INSERT', id: targetId, userId: rep.id },
    ]);
    expect(changes.slice(4)).toHaveLength(3);
    expect(changes.slice(4)).toEqual(
      expect.arrayContaining([
        { table: 'teams', op: 'DELETE', id: team.id, userId: null },
        { table: 'team_leads', op: 'DELETE', id: admin.id, userId: admin.id },
        { table: 'profiles', op: 'UPDATE', id: expect.any(String), userId: rep.id },
      ]),
    );

    const elsewhere = await theirs.until(/"table":"(teams|team_leads|targets|profiles)"/, 500);
    await theirs.close();
    expect(elsewhere).not.toMatch(/"table":"(teams|team_leads|targets|profiles)"/);
  });
});

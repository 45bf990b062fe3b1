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

/**
 * Idle workers sleep until something is due (decision 098): the contests' scheduler until the
 * earliest coming local midnight of any company, the weekly digest until the earliest coming
 * Monday 07:00, and what would bring either sooner is announced by the database and heard on
 * every instance (migration 0050): a contest added or given new dates, a company's new time zone.
 * The loops run on real timers here, their clock a running one that starts where the test says.
 */
import { addDays, computeLocalDate } from '@core/period';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from './test/test-app';
import { createContestScheduler } from './modules/contests/contests.scheduler';
import { createDigestScheduler } from './modules/digest/digest.scheduler';

let t: TestApp;
let admin: TestUser & { companyId: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createMember({ role: 'admin' });
});
afterAll(async () => t?.close());
afterEach(() => vi.restoreAllMocks());

/** A clock that runs from `start` (an instant) as real time passes. */
function runningClock(start: string): () => Date {
  const origin = Date.now();
  const at = new Date(start).getTime();
  return () => new Date(at + (Date.now() - origin));
}

/** How many times `run` reads the companies' clocks (findCompanyClocks: each look at every company starts there). */
async function countLooks(run: () => Promise<void>): Promise<number> {
  const looks: string[] = [];
  const stop = t.deps.database.observeStatements((text) => {
    if (/^select "id", "timezone" from "companies"/i.test(text.trim())) looks.push(text);
  });
  try {
    await run();
  } finally {
    stop();
  }
  return looks.length;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How many looks a worker takes in its first 3.3 s running (its start, and a due time 2.5 s on if it has one). */
async function countLooksRunning(worker: { start(): void; stop(): Promise<void> }): Promise<number> {
  return countLooks(async () => {
    worker.start();
    await pause(3300);
    await worker.stop();
  });
}

describe('the contests and the digest sleep until something is due', () => {
  it('the contests look at start, then not at the quarter hour: at the next local midnight', async () => {
    // 10:14:58.5 in Oslo, a Wednesday: a quarter hour 2.5 s away, midnight 14 hours away.
    const scheduler = createContestScheduler({ db: t.db, now: runningClock('2026-11-25T09:14:58.500Z') });
    const looks = await countLooksRunning(scheduler);
    expect(looks).toBe(1);

    // 23:59:58.5: a second past midnight, every company is looked at again.
    const atMidnight = createContestScheduler({ db: t.db, now: runningClock('2026-11-25T22:59:58.500Z') });
    const midnightLooks = await countLooksRunning(atMidnight);
    expect(midnightLooks).toBe(2);
  });

  it('the digest looks at start, then not until the coming Monday 07:00', async () => {
    const options = { db: t.db, mailer: t.deps.mailer, brand: 'Dealboard', publicUrl: 'http://localhost:3000', secret: 'test' };
    const scheduler = createDigestScheduler({ ...options, now: runningClock('2026-11-25T09:14:58.500Z') });
    const looks = await countLooksRunning(scheduler);
    expect(looks).toBe(1);
    // Monday 06:59:58.5 in Oslo: at 07:00 it looks again (and the week's digest is due).
    const monday = createDigestScheduler({ ...options, now: runningClock('2026-11-30T05:59:58.500Z') });
    const mondayLooks = await countLooksRunning(monday);
    expect(mondayLooks).toBe(2);
  });

  it('a new contest, and new dates for one, are announced: every instance looks at every company again', async () => {
    const reschedule = vi.spyOn(t.deps.contests, 'reschedule');
    const today = computeLocalDate(new Date(), 'Europe/Oslo');
    const contest = {
      name: 'Desember',
      startsOn: addDays(today, 2),
      endsOn: addDays(today, 30),
      mode: 'individual',
      participants: 'everyone',
      weights: [{ metric: 'points', weight: 1 }],
    };
    const created = await t.request('/api/v1/contests', { method: 'POST', as: admin, json: contest });
    expect(created.status, await created.clone().text()).toBe(201);
    await vi.waitFor(() => expect(reschedule).toHaveBeenCalled());
    reschedule.mockClear();
    const { id } = (await created.json()) as { id: string };
    const moved = await t.request(`/api/v1/contests/${id}`, { method: 'PUT', as: admin, json: { ...contest, endsOn: addDays(today, 20) } });
    expect(moved.status, await moved.clone().text()).toBe(200);
    await vi.waitFor(() => expect(reschedule).toHaveBeenCalled());
  });

  it('a new company is announced: the digest and the contests read their times again (its Monday morning may come first)', async () => {
    const digests = vi.spyOn(t.deps.digests, 'reschedule');
    const contests = vi.spyOn(t.deps.contests, 'reschedule');
    await t.createMember({ role: 'admin' });
    await vi.waitFor(() => {
      expect(digests).toHaveBeenCalled();
      expect(contests).toHaveBeenCalled();
    });
  });

  it("a company's new time zone makes the digest and the contests read their times again", async () => {
    const digests = vi.spyOn(t.deps.digests, 'reschedule');
    const contests = vi.spyOn(t.deps.contests, 'reschedule');
    const changed = await t.request('/api/v1/company', { method: 'PATCH', as: admin, json: { timezone: 'America/New_York' } });
    expect(changed.status, await changed.clone().text()).toBe(200);
    await vi.waitFor(() => {
      expect(digests).toHaveBeenCalled();
      expect(contests).toHaveBeenCalled();
    });
  });
});

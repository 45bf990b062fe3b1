import type { DisplayLeaderboard, Leaderboard, MonthlyOverview, WeeklyOverview } from '@core/contracts';
import type { ActivityInput } from '@core/kpi';
import type { MinorUnits } from '@core/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedActivity } from '../../seed/activities';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * Fair rankings (decision 053) on a seeded company, read through the API on a real database:
 * a part-timer with a small goal leads by % of goal, a new rep with a big improvement leads most
 * improved, equal measures go to the higher points, and the default order is the one it always was.
 *
 * Wednesday 25 November 2026, 13:00 in Oslo. Default rules: a booked meeting 5, moved forward 1, a sale 10.
 * - Ada (admin): daily goals 40 calls, 4 meetings, 1 sale (35 points a day with the 20-call bonus);
 *   30 points today and on each of the two days before (0 % on her own average).
 * - Per (part-timer): daily goals 10 calls, 1 meeting (5 points); 10 points today and on the two days before.
 * - Nina (new): no goals; 5 points on her one earlier day, 15 today (+200 %).
 * - Olav: no goals, no history; 40 points today, the most.
 * - Kari: a manager's day target of 10 points, no daily goals, no history; 12 points today.
 */

const TZ = 'Europe/Oslo';
type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
let ada: Member;
let per: Member;
let nina: Member;
let olav: Member;
let kari: Member;
let token: string;

const booked: ActivityInput = { type: 'call_answered', outcome: 'meeting_booked' };
const moved: ActivityInput = { type: 'call_answered', outcome: 'moved_forward' };
const sale: ActivityInput = { type: 'sale', ticketSize: 100_000 as MinorUnits };

async function log(member: Member, day: string, inputs: ActivityInput[]): Promise<void> {
  let minute = 0;
  for (const input of inputs) {
    minute += 1;
    const at = new Date(`${day}T09:${String(minute).padStart(2, '0')}:00Z`);
    await seedActivity(t.db, { companyId: member.companyId, userId: member.id, at, timezone: TZ, ...input });
  }
}

const times = <T>(n: number, value: T): T[] => Array.from({ length: n }, () => value);

async function setGoals(member: Member, goals: { dailyCalls: number; dailyMeetings: number; dailySales: number }) {
  const response = await t.request('/api/v1/goals/me', { method: 'PUT', as: member, json: goals });
  expect(response.status).toBe(200);
}

async function read<T>(path: string, as: Member | null = ada): Promise<T> {
  const response = await t.request(path, { as });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as T;
}

const order = (rows: readonly { userId: string }[]) =>
  rows.map((row) => ({ [ada.id]: 'Ada', [per.id]: 'Per', [nina.id]: 'Nina', [olav.id]: 'Olav', [kari.id]: 'Kari' })[row.userId]);

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date('2026-11-25T12:00:00Z') });
  ada = await t.createMember({ role: 'admin', name: 'Ada' });
  per = await t.createMember({ companyId: ada.companyId, name: 'Per' });
  nina = await t.createMember({ companyId: ada.companyId, name: 'Nina' });
  olav = await t.createMember({ companyId: ada.companyId, name: 'Olav' });
  kari = await t.createMember({ companyId: ada.companyId, name: 'Kari' });
  await setGoals(ada, { dailyCalls: 40, dailyMeetings: 4, dailySales: 1 });
  await setGoals(per, { dailyCalls: 10, dailyMeetings: 1, dailySales: 0 });
  const target = await t.request('/api/v1/targets', {
    method: 'POST',
    as: ada,
    json: { userId: kari.id, metric: 'points', period: 'day', value: 10, effectiveFrom: '2026-11-25' },
  });
  expect(target.status).toBe(201);
  for (const day of ['2026-11-23', '2026-11-24', '2026-11-25']) {
    await log(ada, day, [...times(4, booked), sale]);
    await log(per, day, times(2, booked));
  }
  await log(nina, '2026-11-24', [booked]);
  await log(nina, '2026-11-25', times(3, booked));
  await log(olav, '2026-11-25', times(8, booked));
  await log(kari, '2026-11-25', [...times(2, booked), ...times(2, moved)]);
  const link = await t.request('/api/v1/display-links', { method: 'POST', as: ada, json: { name: 'Floor' } });
  expect(link.status).toBe(201);
  token = ((await link.json()) as { token: string }).token;
});

afterAll(() => t.close());

describe('the leaderboard by points (the default)', () => {
  it('is the order it always was, with no measures in the rows, whether rankBy is left out or given', async () => {
    const plain = await read<Leaderboard>('/api/v1/scoreboard/leaderboard');
    const explicit = await read<Leaderboard>('/api/v1/scoreboard/leaderboard?rankBy=points');
    expect(order(plain.rows)).toEqual(['Olav', 'Ada', 'Nina', 'Kari', 'Per']);
    expect(plain.rows.map((row) => row.points)).toEqual([40, 30, 15, 12, 10]);
    expect(plain.rankBy).toBe('points');
    expect(explicit).toEqual(plain);
    for (const row of plain.rows) {
      expect(row).not.toHaveProperty('goalShare');
      expect(row).not.toHaveProperty('improvement');
    }
  });
});

describe('% of goal', () => {
  it('puts the part-timer with a small goal first; no goal comes after every goal, by points', async () => {
    const board = await read<Leaderboard>('/api/v1/scoreboard/leaderboard?rankBy=goal_share');
    expect(board.rankBy).toBe('goal_share');
    expect(order(board.rows)).toEqual(['Per', 'Kari', 'Ada', 'Olav', 'Nina']);
    expect(board.rows.map((row) => row.rank)).toEqual([1, 2, 3, 4, 5]);
    const by = (id: string) => board.rows.find((row) => row.userId === id)!.goalShare;
    expect(by(per.id)).toEqual({ goal: 5, source: 'daily_goal', share: 20_000 });
    expect(by(kari.id)).toEqual({ goal: 10, source: 'target', share: 12_000 });
    expect(by(ada.id)).toEqual({ goal: 35, source: 'daily_goal', share: 8_571 });
    expect(by(olav.id)).toEqual({ goal: null, source: null, share: null });
  });

  it("measures the board's metric: by calls, the daily calls goal", async () => {
    const board = await read<Leaderboard>('/api/v1/scoreboard/leaderboard?rankBy=goal_share&sort=calls');
    expect(order(board.rows).slice(0, 2)).toEqual(['Per', 'Ada']);
    expect(board.rows[0]!.goalShare).toEqual({ goal: 10, source: 'daily_goal', share: 2_000 });
    expect(board.rows[1]!.goalShare).toEqual({ goal: 40, source: 'daily_goal', share: 1_000 });
  });

  it("a week's goal is the daily goal times the week's working days", async () => {
    const week = await read<WeeklyOverview>('/api/v1/scoreboard/weekly?rankBy=goal_share');
    expect(week.rankBy).toBe('goal_share');
    expect(week.members.find((row) => row.userId === per.id)!.goalShare).toEqual({ goal: 25, source: 'daily_goal', share: 12_000 });
    expect(order(week.members)[0]).toBe('Per');
  });
});

describe('most improved', () => {
  it('puts the new rep with a big improvement first; equal changes go to the higher points; no history comes last', async () => {
    const board = await read<Leaderboard>('/api/v1/scoreboard/leaderboard?rankBy=improved');
    expect(board.rankBy).toBe('improved');
    // Ada and Per are both exactly on their own average: Ada has more points.
    expect(order(board.rows)).toEqual(['Nina', 'Ada', 'Per', 'Olav', 'Kari']);
    const by = (id: string) => board.rows.find((row) => row.userId === id)!.improvement;
    expect(by(nina.id)).toEqual({ baseline: 5, periods: 1, change: 20_000 });
    expect(by(ada.id)).toEqual({ baseline: 30, periods: 2, change: 0 });
    expect(by(olav.id)).toEqual({ baseline: null, periods: 0, change: null });
  });

  it("the month's board averages the months before; with no earlier month nobody has a baseline", async () => {
    const month = await read<MonthlyOverview>('/api/v1/scoreboard/monthly?rankBy=improved');
    expect(month.company.rankBy).toBe('improved');
    expect(month.company.leaderboard.every((row) => row.improvement?.baseline === null)).toBe(true);
    expect(order(month.company.leaderboard)[0]).toBe('Ada');
  });
});

describe("a display link's board", () => {
  it('takes rankBy too, and keeps points by default', async () => {
    const plain = await read<DisplayLeaderboard>(`/api/v1/display/${token}/leaderboard`, null);
    expect(plain.rankBy).toBe('points');
    expect(order(plain.rows)).toEqual(['Olav', 'Ada', 'Nina', 'Kari', 'Per']);
    const fair = await read<DisplayLeaderboard>(`/api/v1/display/${token}/leaderboard?rankBy=goal_share`, null);
    expect(order(fair.rows)).toEqual(['Per', 'Kari', 'Ada', 'Olav', 'Nina']);
    const improved = await read<DisplayLeaderboard>(`/api/v1/display/${token}/leaderboard?rankBy=improved`, null);
    expect(order(improved.rows)[0]).toBe('Nina');
  });
});

describe('bad values', () => {
  it.each([
    '/api/v1/scoreboard/leaderboard?rankBy=best',
    '/api/v1/scoreboard/weekly?rankBy=GOAL_SHARE',
    '/api/v1/scoreboard/monthly?rankBy=',
    '/api/v1/display/TOKEN/leaderboard?rankBy=most_improved',
  ])('%s is a 400 naming rankBy', async (path) => {
    const response = await t.request(path.replace('TOKEN', token), { as: path.includes('/display/') ? null : ada });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; details?: Record<string, string> } };
    expect(body.error.details).toHaveProperty('rankBy');
  });
});

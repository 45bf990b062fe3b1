import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildSlackMessage, buildTeamsMessage, SlackMessageSchema, TeamsMessageSchema } from '@core/chat';
import type { KpiValues, Leaderboard, TeamStats } from '@core/contracts';
import type { ActivityInput } from '@core/kpi';
import type { MinorUnits } from '@core/money';
import { toLocalDate } from '@core/period';
import { seedActivity } from '../../seed/activities';
import { toCompanyId, withTenant } from '../../db/tenant';
import { createTestApp, type TestApp } from '../../test/test-app';
import { summarizeDayForChat } from './chat.service';

/*
 * The daily summary's data, on a real database: a company logs a known mix on Sunday 25 October
 * 2026 (Oslo's 25-hour day, with activities in the repeated hour and on both neighbouring days),
 * a removed member and another company log too. The summary must name the right top three, the
 * right idle members, and totals equal to what the scoreboard answers for that day.
 */

const TZ = 'Europe/Oslo';
const DAY = toLocalDate('2026-10-25');
type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
let kari: Member;
let ola: Member;
let per: Member;
let aase: Member;
let unnamed: Member;
let zed: Member;
let fred: Member;
let bert: Member;

const SALE = (value: number): ActivityInput => ({ type: 'sale', ticketSize: value as MinorUnits });
const BOOKED: ActivityInput = { type: 'call_answered', outcome: 'meeting_booked' };
const MOVED: ActivityInput = { type: 'call_answered', outcome: 'moved_forward' };

async function log(member: Member, iso: string, input: ActivityInput) {
  await seedActivity(t.db, { companyId: member.companyId, userId: member.id, at: new Date(iso), timezone: TZ, ...input });
}

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date('2026-10-26T10:00:00Z') });
  kari = await t.createMember({ role: 'admin', name: 'Kari' });
  const companyId = kari.companyId;
  ola = await t.createMember({ companyId, name: 'Ola' });
  per = await t.createMember({ companyId, name: 'Per' });
  aase = await t.createMember({ companyId, name: 'Åse' });
  unnamed = await t.createMember({ companyId, name: 'Nameless' });
  zed = await t.createMember({ companyId, name: 'Zed' });
  await t.createMember({ companyId, name: 'Ærlig' }); // never logs
  fred = await t.createMember({ companyId, name: 'Fred' });
  bert = await t.createMember({ role: 'admin', name: 'Bert of another company' });
  await withTenant(t.db, { companyId, userId: kari.id }, (tx) =>
    tx.execute(sql`UPDATE profiles SET display_name = NULL WHERE company_id = ${companyId} AND user_id = ${unnamed.id}`),
  );

  // Sunday 25 October, local time.
  await log(kari, '2026-10-25T08:00:00Z', BOOKED); // 5 points
  await log(kari, '2026-10-25T09:00:00Z', SALE(1_250_000)); // 10 points
  await log(ola, '2026-10-25T00:30:00Z', BOOKED); // 02:30 CEST
  await log(ola, '2026-10-25T01:30:00Z', MOVED); // 02:30 CET, the repeated hour
  for (const minute of ['00', '10', '20']) await log(per, `2026-10-25T10:${minute}:00Z`, MOVED);
  await log(aase, '2026-10-25T12:00:00Z', { type: 'email' }); // no points, but she logged something
  await log(fred, '2026-10-25T13:00:00Z', SALE(500_000));
  await log(bert, '2026-10-25T13:00:00Z', SALE(9_900_000));
  await log(bert, '2026-10-25T13:05:00Z', BOOKED);
  // Zed logs on the evening before (23:30 CEST on the 24th) and just after midnight (00:30 CET on the 26th).
  await log(zed, '2026-10-24T21:30:00Z', BOOKED);
  await log(zed, '2026-10-25T23:30:00Z', SALE(10_000));

  // Fred leaves: his sale still counts in the day's totals, but he is neither on the board nor idle.
  await withTenant(t.db, { companyId, userId: kari.id }, (tx) =>
    tx.execute(sql`UPDATE profiles SET removed_at = now() WHERE company_id = ${companyId} AND user_id = ${fred.id}`),
  );
});
afterAll(() => t.close());

async function get<T>(path: string, as: Member): Promise<T> {
  const response = await t.request(path, { as });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

describe('summarizeDayForChat', () => {
  it('names the top three by points, the team totals and who logged nothing that day', async () => {
    const summary = await summarizeDayForChat(t.db, kari.companyId, DAY);
    expect(summary).toEqual({
      currency: 'NOK',
      message: {
        kind: 'daily_summary',
        date: '2026-10-25',
        top: [
          { name: 'Kari', points: 15 },
          { name: 'Ola', points: 6 },
          { name: 'Per', points: 3 },
        ],
        // Fred's sale counts; Bert's company's do not; Zed's are on other days.
        totals: { calls: 6, meetings: 2, sales: 2, revenue: 1_750_000, points: 34 },
        // As a Norwegian reads a list (Æ after Z), the member without a name last.
        idle: ['Zed', 'Ærlig', null],
      },
    });
  });

  it("gives the totals the scoreboard gives for that day, and its ranking's top three", async () => {
    const summary = await summarizeDayForChat(t.db, kari.companyId, DAY);
    const range = `period=custom&from=${DAY}&to=${DAY}`;
    const stats = await get<TeamStats>(`/api/v1/scoreboard/team-stats?${range}`, kari);
    const { calls, meetings, sales, revenue, points } = stats.totals;
    expect(summary.message.totals).toEqual({ calls, meetings, sales, revenue, points });
    const board = await get<Leaderboard>(`/api/v1/scoreboard/leaderboard?${range}&sort=points`, kari);
    expect(summary.message.top).toEqual(board.rows.slice(0, 3).map((row) => ({ name: row.displayName, points: row.points })));
    const idle = stats.members.filter((m) => m.activities === 0).map((m) => m.displayName);
    expect([...summary.message.idle].sort()).toEqual([...idle].sort());
  });

  it("reads one company's day only, and an empty day as empty", async () => {
    const other = await summarizeDayForChat(t.db, bert.companyId, DAY);
    expect(other.message.top).toEqual([{ name: 'Bert of another company', points: 15 }]);
    expect(other.message.totals).toEqual({ calls: 1, meetings: 1, sales: 1, revenue: 9_900_000, points: 15 });
    expect(other.message.idle).toEqual([]);

    const quiet = await summarizeDayForChat(t.db, kari.companyId, toLocalDate('2026-10-23'));
    expect(quiet.message.top).toEqual([]);
    expect(quiet.message.totals).toEqual({ calls: 0, meetings: 0, sales: 0, revenue: 0, points: 0 });
    // Norwegian order: Æ, Ø, Å after Z.
    expect(quiet.message.idle).toEqual(['Kari', 'Ola', 'Per', 'Zed', 'Ærlig', 'Åse', null]);
  });

  it("tells the company's own KPIs of the day as the KPI board's total reads them; a company without any has none", async () => {
    const created = await t.request('/api/v1/kpis', {
      method: 'POST',
      as: bert,
      json: {
        names: { en: 'Value per sale' },
        formula: { kind: 'ratio', left: 'sales_value', right: 'sales' },
        format: 'money',
        decimals: 0,
      },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const board = await get<KpiValues>(`/api/v1/kpis/values?from=${DAY}&to=${DAY}&ids=${id}&totalOnly=true`, bert);
    const summary = await summarizeDayForChat(t.db, bert.companyId, DAY);
    expect(summary.message.kpis).toEqual([{ names: { en: 'Value per sale' }, format: 'money', decimals: 0, value: board.kpis[0]!.total }]);
    expect(board.kpis[0]!.total).toBe(9_900_000);
    expect((await summarizeDayForChat(t.db, kari.companyId, DAY)).message.kpis).toBeUndefined();
  });

  it('refuses a company that does not exist', async () => {
    await expect(summarizeDayForChat(t.db, toCompanyId(crypto.randomUUID()), DAY)).rejects.toMatchObject({ status: 404 });
  });

  it('is what the builders take: a valid Slack and Teams message in both languages', async () => {
    const { message, currency } = await summarizeDayForChat(t.db, kari.companyId, DAY);
    for (const language of ['en', 'nb'] as const) {
      expect(SlackMessageSchema.safeParse(buildSlackMessage(message, { language, currency })).success).toBe(true);
      expect(TeamsMessageSchema.safeParse(buildTeamsMessage(message, { language, currency })).success).toBe(true);
    }
    expect(JSON.stringify(buildSlackMessage(message, { language: 'nb', currency }))).toContain('17\u00a0500\u00a0kr');
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import type { Kpi, KpiList, KpiValues, Leaderboard, MyActivities, RecentActivities } from '@core/contracts';
import type { ActivityInput } from '@core/kpi';
import type { MinorUnits } from '@core/money';
import { computeWallClock, type LocalDate } from '@core/period';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { seedActivity, seedActivitySeries } from '../../seed/activities';
import { seedWrapup } from '../../seed/wrapups';
import { createTestApp, type TestUser } from '../../test/test-app';
import { EXPORT_BATCH_ROWS } from './exports.repository';
import { EXPORTS_PER_MEMBER } from './exports.transport';

/*
 * Exports over HTTP, on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): the files'
 * contents against what the screens' own endpoints answer for the same period, both languages and
 * both separators, the formula guard, XLSX read back with exceljs, who may export what, another
 * company's data never in a file, bad input, and the rows flowing in batches with the client's
 * pace (and stopping when it leaves).
 */

const TZ = 'Europe/Oslo';
/** Tuesday 24 November 2026, 14:00 in Oslo. */
const NOW = new Date('2026-11-24T13:00:00Z');

const t = await createTestApp({ now: () => NOW });
afterAll(() => t.close());

type Member = TestUser & { companyId: string };

async function ok(response: Response, what: string): Promise<Response> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response;
}

// ---- company A -------------------------------------------------------------------------------------

const alice: Member = await t.createMember({ role: 'admin', name: 'Alice Admin' });
const companyA = alice.companyId;
const bob: Member = await t.createMember({ companyId: companyA, name: 'Bob Ødegård' });
const carol: Member = await t.createMember({ companyId: companyA, name: 'Carol Rep' });
await ok(await t.request('/api/v1/company', { method: 'PATCH', as: alice, json: { name: 'Ærlig Salg AS' } }), 'company name');

const BOB_NOTE = '=HYPERLINK("http://evil.example","click")';
const CAROL_NOTE = '+47 99 99 99 99';
const CAROL_WRAPUP = 'Carol private note about the day';

async function log(
  member: Member,
  iso: string,
  input: ActivityInput,
  extra: { customerName?: string; notes?: string; productName?: string } = {},
) {
  return seedActivity(t.db, { companyId: member.companyId, userId: member.id, at: new Date(iso), timezone: TZ, ...input, ...extra });
}

await log(
  bob,
  '2026-11-24T09:00:00Z',
  { type: 'sale', ticketSize: 1_250_050 as MinorUnits },
  { customerName: 'Fjord Shipping AS', productName: 'Årsavtale', notes: BOB_NOTE },
);
await log(bob, '2026-11-24T09:30:00Z', { type: 'call_answered', outcome: 'meeting_booked' }, { notes: 'Booked; "demo" on Friday' });
await log(bob, '2026-11-23T08:00:00Z', { type: 'call_unanswered' });
await log(
  carol,
  '2026-11-24T10:00:00Z',
  { type: 'call_answered', outcome: 'moved_forward' },
  { customerName: 'Nordlys AS', notes: CAROL_NOTE },
);
await log(carol, '2026-11-17T12:00:00Z', { type: 'meeting' });
await log(alice, '2026-11-02T08:15:00Z', { type: 'email' });
// 00:30 on 1 November in Oslo: November's, not October's.
await log(carol, '2026-10-31T23:30:00Z', { type: 'call_answered', outcome: 'no_progress' });
// 02:30 on the night the clocks go back, the second time round.
await log(bob, '2026-10-25T01:30:00Z', { type: 'call_unanswered' }, { notes: 'Late call' });

await seedWrapup(t.db, {
  companyId: companyA,
  userId: bob.id,
  date: '2026-11-23',
  calls: 1,
  meetings: 0,
  sales: 0,
  points: 0,
  good: 'Bob went well',
  improve: 'Bob to improve',
});
await seedWrapup(t.db, {
  companyId: companyA,
  userId: carol.id,
  date: '2026-11-23',
  calls: 2,
  meetings: 1,
  sales: 0,
  points: 6,
  good: CAROL_WRAPUP,
  improve: null,
});
await ok(
  await t.request('/api/v1/goals/me', { method: 'PUT', as: bob, json: { dailyCalls: 40, dailyMeetings: 3, dailySales: 1 } }),
  'goals',
);

// ---- company B: its data must never appear in A's files, nor A's in B's ------------------------------

const bert: Member = await t.createMember({ role: 'admin', name: 'Bert Beta' });
const B_NOTE = 'Beta secret note';
await log(
  bert,
  '2026-11-24T09:00:00Z',
  { type: 'sale', ticketSize: 99_900 as MinorUnits },
  { customerName: 'Beta Customer AS', notes: B_NOTE },
);
await seedWrapup(t.db, {
  companyId: bert.companyId,
  userId: bert.id,
  date: '2026-11-23',
  calls: 9,
  meetings: 9,
  sales: 9,
  points: 9,
  good: 'Beta wrap-up',
});

// ---- reading files ---------------------------------------------------------------------------------

type Download = { status: number; headers: Headers; bytes: Buffer; json: unknown };

async function download(path: string, as: TestUser, headers: Record<string, string> = {}): Promise<Download> {
  const response = await t.request(path, { as, headers });
  const bytes = Buffer.from(await response.arrayBuffer());
  let json: unknown = null;
  if (response.headers.get('content-type')?.includes('json')) json = JSON.parse(bytes.toString('utf8'));
  return { status: response.status, headers: response.headers, bytes, json };
}

async function csvOf(path: string, as: TestUser, headers: Record<string, string> = {}): Promise<string[][]> {
  const file = await download(path, as, headers);
  if (file.status !== 200) throw new Error(`${path}: ${file.status} ${file.bytes.toString('utf8')}`);
  return parse(file.bytes, { bom: true, delimiter: path.includes('separator=semicolon') ? ';' : ',' }) as string[][];
}

async function xlsxOf(path: string, as: TestUser): Promise<ExcelJS.Worksheet> {
  const file = await download(path, as);
  if (file.status !== 200) throw new Error(`${path}: ${file.status} ${file.bytes.toString('utf8')}`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.bytes as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

/** The data rows of a sheet as plain values (row 1 is the header). */
function sheetRows(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow((row, number) => {
    if (number > 1) rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

async function json<T>(path: string, as: TestUser): Promise<T> {
  return (await (await ok(await t.request(path, { as }), path)).json()) as T;
}

const wallClock = (iso: string) => computeWallClock(new Date(iso), TZ).toISOString().slice(0, 19).replace('T', ' ');
const money = (minor: number | null) => (minor === null ? '' : (minor / 100).toFixed(2));
const guarded = (text: string | null) => (text === null ? '' : /^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

const EN_TYPES: Record<string, string> = {
  call_answered: 'Answered call',
  call_unanswered: 'Unanswered call',
  meeting: 'Meeting held',
  sale: 'Sale',
  email: 'E-mail',
  linkedin: 'LinkedIn touch',
};
// An unanswered call has no outcome: its type says what happened.
const EN_OUTCOMES = (a: { type: string; meetingBooked: boolean; movedForward: boolean }) =>
  a.type !== 'call_answered' ? '' : a.meetingBooked ? 'Meeting booked' : a.movedForward ? 'Moved forward' : 'No progress';

describe('activities', () => {
  it("equal the company's activities as the feed lists them: local time, member, type, outcome, customer, value, points, notes", async () => {
    const feed = await json<RecentActivities>('/api/v1/scoreboard/recent-activities?limit=50&period=month', alice);
    const rows = await csvOf('/api/v1/exports/activities?period=month', alice);
    expect(rows[0]).toEqual([
      'Date and time',
      'Member',
      'Type',
      'Outcome',
      'Customer',
      'Product',
      'Value (NOK)',
      'Points',
      'Notes',
      'Logged late',
    ]);
    const expected = [...feed.activities]
      .reverse() // the feed is newest first; the file oldest first
      .map((a) => [
        wallClock(a.createdAt),
        a.displayName ?? '',
        EN_TYPES[a.type]!,
        EN_OUTCOMES(a),
        a.customerName ?? '',
        a.productName ?? '',
        money(a.ticketSize),
        String(a.points),
        guarded(a.notes),
        '', // none of the seeded activities was logged late
      ]);
    expect(rows.slice(1)).toEqual(expected);
    expect(expected).toHaveLength(7); // November's seven, from 00:30 on the 1st (Oslo) on
    expect(rows[1]![0]).toBe('2026-11-01 00:30:00');
  });

  it("a rep's own file for today equals their activities list (GET /activities/mine)", async () => {
    const mine = await json<MyActivities>('/api/v1/activities/mine', bob);
    const rows = await csvOf('/api/v1/exports/activities', bob);
    expect(rows.slice(1)).toEqual(
      [...mine.activities]
        .reverse()
        .map((a) => [
          wallClock(a.createdAt),
          'Bob Ødegård',
          EN_TYPES[a.type]!,
          EN_OUTCOMES(a),
          a.customerName ?? '',
          a.productName ?? '',
          money(a.ticketSize),
          String(a.pointsEarned),
          guarded(a.notes),
          a.loggedLate ? 'Yes' : '',
        ]),
    );
    expect(rows).toHaveLength(3);
  });

  it("mark the activities logged for an earlier day, in the reader's language", async () => {
    const admin: Member = await t.createMember({ role: 'admin', name: 'Late Admin' });
    const rep: Member = await t.createMember({ companyId: admin.companyId, name: 'Late Rep' });
    const logged = await t.request('/api/v1/activities', {
      method: 'POST',
      as: rep,
      json: { kind: 'call', answered: true, outcome: 'no_progress', localDate: '2026-11-20', time: '09:15' },
    });
    expect(logged.status).toBe(201);
    await ok(await t.request('/api/v1/activities', { method: 'POST', as: rep, json: { kind: 'call', answered: false } }), 'a call today');
    const english = await csvOf('/api/v1/exports/activities?period=month', admin);
    expect(english.slice(1).map((row) => [row[2], row[9]])).toEqual([
      ['Answered call', 'Yes'],
      ['Unanswered call', ''],
    ]);
    const norwegian = await csvOf('/api/v1/exports/activities?period=month&language=nb', admin);
    expect(norwegian[0]![9]).toBe('Ført i etterkant');
    expect(norwegian[1]![9]).toBe('Ja');
  });

  it('show times in the company zone across a daylight-saving change, and a custom range of days by their local day', async () => {
    const rows = await csvOf('/api/v1/exports/activities?from=2026-10-25&to=2026-10-31', alice);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[8]])).toEqual([['2026-10-25 02:30:00', 'Bob Ødegård', 'Late call']]);
  });

  it('summed per member, equal the leaderboard of the same period (rows against rollups)', async () => {
    const board = await json<Leaderboard>('/api/v1/scoreboard/leaderboard?period=month', alice);
    const rows = (await csvOf('/api/v1/exports/activities?period=month', alice)).slice(1);
    const sums = new Map<string, { points: number; revenue: number; activities: number }>();
    for (const row of rows) {
      const sum = sums.get(row[1]!) ?? { points: 0, revenue: 0, activities: 0 };
      sum.points += Number(row[7]);
      sum.revenue += Math.round(Number(row[6] || 0) * 100);
      sum.activities += 1;
      sums.set(row[1]!, sum);
    }
    for (const member of board.rows) {
      expect(sums.get(member.displayName!) ?? { points: 0, revenue: 0, activities: 0 }, member.displayName!).toEqual({
        points: member.points,
        revenue: member.revenue,
        activities: member.activities,
      });
    }
  });
});

describe('the leaderboard', () => {
  const PERIODS = [
    'period=today',
    'period=yesterday',
    'period=week',
    'period=month',
    'period=month&sort=calls',
    'period=custom&from=2026-10-01&to=2026-11-30',
    'from=2026-10-25&to=2026-11-24&sort=sales',
  ];

  it.each(PERIODS)('%s: the file has the totals and ranks of GET /scoreboard/leaderboard, in CSV and XLSX', async (query) => {
    // The scoreboard names a custom range with period=custom; an export also takes from and to alone.
    const screenQuery = query.startsWith('from=') ? `period=custom&${query}` : query;
    const board = await json<Leaderboard>(`/api/v1/scoreboard/leaderboard?${screenQuery}`, bob);
    const expected = board.rows.map((r) => [
      r.rank,
      r.displayName,
      r.points,
      r.calls,
      r.answered,
      r.unanswered,
      r.meetings,
      r.conversion,
      r.sales,
      r.revenue,
      r.activities,
    ]);
    // A rep exports the whole board: every member sees it on the scoreboard.
    const csv = await csvOf(`/api/v1/exports/leaderboard?${query}`, bob);
    expect(csv[0]).toEqual([
      'Rank',
      'Member',
      'Points',
      'Calls',
      'Answered',
      'Unanswered',
      'Meetings booked',
      'Conversion (%)',
      'Sales',
      'Revenue (NOK)',
      'Activities',
    ]);
    expect(csv.slice(1)).toEqual(expected.map((r) => r.map((v, i) => (i === 9 ? money(v as number) : String(v)))));
    const sheet = await xlsxOf(`/api/v1/exports/leaderboard?${query}&format=xlsx`, bob);
    expect(sheetRows(sheet)).toEqual(expected.map((r) => r.map((v, i) => (i === 9 || i === 7 ? (v as number) / 100 : v))));
    expect(board.rows.length).toBe(3);
  });

  it("keeps one member's row, with their company rank", async () => {
    const board = await json<Leaderboard>('/api/v1/scoreboard/leaderboard?period=month', carol);
    const rows = await csvOf(`/api/v1/exports/leaderboard?period=month&member=${carol.id}`, carol);
    const own = board.rows.find((r) => r.userId === carol.id)!;
    expect(rows.slice(1)).toEqual([[String(own.rank), 'Carol Rep', String(own.points), ...rows[1]!.slice(3)]]);
  });

  it("is the board as the screen filters and ranks it: one team (another company's is not found), ranked by most improved", async () => {
    const team = (await (
      await ok(await t.request('/api/v1/teams', { method: 'POST', as: alice, json: { name: 'Export Oslo' } }), 'team')
    ).json()) as { id: string };
    const teamId = team.id;
    await ok(await t.request(`/api/v1/team/members/${bob.id}/team`, { method: 'PUT', as: alice, json: { teamId } }), 'assign');
    try {
      const rows = await csvOf(`/api/v1/exports/leaderboard?period=month&teamId=${teamId}`, carol);
      expect(rows.slice(1).map((r) => r[1])).toEqual(['Bob Ødegård']);

      const improved = await json<Leaderboard>('/api/v1/scoreboard/leaderboard?period=month&rankBy=improved', bob);
      const file = await csvOf('/api/v1/exports/leaderboard?period=month&rankBy=improved', bob);
      expect(file.slice(1).map((r) => [r[0], r[1]])).toEqual(improved.rows.map((r) => [String(r.rank), r.displayName]));

      const stranger = await t.createMember({ role: 'admin', name: 'Stina Stranger' });
      const theirs = (await (await t.request('/api/v1/teams', { method: 'POST', as: stranger, json: { name: 'Theirs' } })).json()) as {
        id: string;
      };
      expect((await download(`/api/v1/exports/leaderboard?period=month&teamId=${theirs.id}`, bob)).status).toBe(404);
    } finally {
      await t.request(`/api/v1/team/members/${bob.id}/team`, { method: 'PUT', as: alice, json: { teamId: null } });
      await t.request(`/api/v1/teams/${teamId}`, { method: 'DELETE', as: alice });
    }
  });
});

describe('the KPI board', () => {
  it("has every member's value of every KPI and everyone's together, as GET /kpis/values answers them, typed in XLSX", async () => {
    await ok(
      await t.request('/api/v1/kpis', {
        method: 'POST',
        as: alice,
        json: {
          names: { en: 'Sales per call' },
          formula: { kind: 'ratio', left: 'sales', right: 'calls' },
          format: 'percent',
          decimals: 1,
        },
      }),
      'kpi',
    );
    // An average of amounts has fractions of an øre: the file has whole minor units, as the board shows.
    await ok(
      await t.request('/api/v1/kpis', {
        method: 'POST',
        as: alice,
        json: {
          names: { en: 'Value per call' },
          formula: { kind: 'ratio', left: 'sales_value', right: 'calls' },
          format: 'money',
          decimals: 2,
        },
      }),
      'kpi',
    );
    const range = 'from=2026-11-01&to=2026-11-30';
    const { kpis } = await json<KpiList>('/api/v1/kpis', bob);
    const values = await json<KpiValues>(`/api/v1/kpis/values?${range}`, bob);
    const nameOf = (userId: string) => values.members.find((m) => m.userId === userId)!.displayName!;
    const people = values.members.map((m) => m.userId).sort((a, b) => nameOf(a).localeCompare(nameOf(b), 'en'));
    const valueOf = (kpiId: string, userId: string | null) => {
      const kpi = values.kpis.find((k) => k.id === kpiId)!;
      return userId === null ? kpi.total : (kpi.members.find((m) => m.userId === userId)?.value ?? null);
    };
    // What a cell holds: money in whole minor units, a percent as whole percents to the KPI's decimals, a number to its decimals.
    const rounded = (kpi: Kpi, value: number | null) => {
      if (value === null) return null;
      if (kpi.format === 'money') return Math.round(value);
      const scale = 10 ** kpi.decimals;
      return Math.round((kpi.format === 'percent' ? value * 100 : value) * scale) / scale;
    };
    const rowsOf = (cell: (kpi: Kpi, value: number | null) => unknown) =>
      [...people, null].map((userId) => [
        userId === null ? 'Everyone' : nameOf(userId),
        ...kpis.map((kpi) => cell(kpi, valueOf(kpi.id, userId))),
      ]);

    // A rep exports the whole board: every member sees it.
    const csv = await csvOf(`/api/v1/exports/kpis?${range}`, bob);
    const unit = (kpi: Kpi) => (kpi.format === 'money' ? ' (NOK)' : kpi.format === 'percent' ? ' (%)' : '');
    expect(csv[0]).toEqual(['Member', ...kpis.map((kpi) => `${kpi.names.en}${unit(kpi)}`)]);
    expect(csv[0]).toContain('Sales per call (%)');
    expect(csv.slice(1)).toEqual(
      rowsOf((kpi, value) => (value === null ? '' : kpi.format === 'money' ? money(rounded(kpi, value)) : String(rounded(kpi, value)))),
    );
    // Somebody's value per call (or everyone's) is a fraction of an øre: written as an amount with two decimals, never "123.45.5".
    const perCall = csv[0]!.indexOf('Value per call (NOK)');
    const perCallId = kpis.find((k) => k.names.en === 'Value per call')!.id;
    const fractional = [...people, null].filter((userId) => (valueOf(perCallId, userId) ?? 0) % 1 !== 0);
    expect(fractional.length).toBeGreaterThan(0);
    for (const userId of fractional) {
      const row = csv.find((r) => r[0] === (userId === null ? 'Everyone' : nameOf(userId)))!;
      expect(row[perCall]).toMatch(/^\d+\.\d{2}$/);
    }
    const sheet = await xlsxOf(`/api/v1/exports/kpis?${range}&format=xlsx`, bob);
    const width = kpis.length + 1;
    expect(sheetRows(sheet).map((row) => Array.from({ length: width }, (_, i) => row[i] ?? null))).toEqual(
      rowsOf((kpi, value) =>
        // Money in minor units and whole percents are divided by 100 into the cell.
        value === null ? null : kpi.format === 'money' || kpi.format === 'percent' ? rounded(kpi, value)! / 100 : rounded(kpi, value),
      ),
    );
    // The money column in the currency's format, the ratio as a percent.
    const column = (name: string) => (sheet.getRow(1).values as unknown[]).slice(1).findIndex((h) => String(h).startsWith(name)) + 1;
    expect(sheet.getRow(2).getCell(column('Sales value')).numFmt).toContain('NOK');
    // With the KPI's one decimal, as the board shows it (33.3 %, not 33 %).
    expect(sheet.getRow(2).getCell(column('Sales per call')).numFmt).toBe('0.0%');
    // In Swedish the sheet is "KPI-er": Excel refuses a colon in a sheet's name ("KPI:er").
    expect((await xlsxOf(`/api/v1/exports/kpis?${range}&format=xlsx&language=sv`, bob)).name).toBe('KPI-er');

    // One member's row; a team's members and total; a period too long for the board is refused, not streamed.
    const own = await csvOf(`/api/v1/exports/kpis?${range}&member=${carol.id}`, carol);
    expect(own.slice(1).map((row) => row[0])).toEqual(['Carol Rep']);
    expect((await download('/api/v1/exports/kpis?from=2024-01-01&to=2026-11-30', bob)).status).toBe(400);
  });
});

describe('languages and separators', () => {
  it('writes headers and type names in Norwegian, with ; and decimal commas for Norwegian Excel, after a byte order mark', async () => {
    const file = await download('/api/v1/exports/activities?period=today&language=nb&separator=semicolon', alice);
    expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(file.bytes.toString('utf8').split('\r\n')[0]).toBe(
      '\uFEFFDato og tid;Medlem;Type;Utfall;Kunde;Produkt;Verdi (NOK);Poeng;Notater;Ført i etterkant',
    );
    const rows = parse(file.bytes, { bom: true, delimiter: ';' }) as string[][];
    expect(rows.slice(1).map((r) => [r[2], r[3], r[6]])).toEqual([
      ['Salg', '', '12500,50'],
      ['Besvart samtale', 'Møte booket', ''],
      ['Besvart samtale', 'Kom videre', ''],
    ]);
  });

  it("takes the reader's saved language, then the screen's, then the browser's; ?language= over all", async () => {
    const firstHeader = async (as: Member, query = '', headers: Record<string, string> = {}) =>
      (await csvOf(`/api/v1/exports/members?${query}`, as, headers))[0]![0];
    expect(await firstHeader(carol)).toBe('Name');
    expect(await firstHeader(carol, '', { 'accept-language': 'nb-NO,nb;q=0.9,en;q=0.5' })).toBe('Navn');
    expect(await firstHeader(carol, '', { 'x-dealboard-language': 'nb', 'accept-language': 'en' })).toBe('Navn');
    await ok(await t.request('/api/v1/me/profile', { method: 'PATCH', as: carol, json: { language: 'nb' } }), 'language');
    expect(await firstHeader(carol, '', { 'x-dealboard-language': 'en' })).toBe('Navn');
    expect(await firstHeader(carol, 'language=en')).toBe('Name');
    await ok(await t.request('/api/v1/me/profile', { method: 'PATCH', as: carol, json: { language: null } }), 'language');
  });

  it('guards text a spreadsheet would run as a formula in CSV, and keeps it as plain text in XLSX', async () => {
    const csv = await csvOf('/api/v1/exports/activities?period=today', alice);
    expect(csv.slice(1).map((r) => r[8])).toEqual([`'${BOB_NOTE}`, 'Booked; "demo" on Friday', `'${CAROL_NOTE}`]);
    const sheet = await xlsxOf('/api/v1/exports/activities?period=today&format=xlsx', alice);
    const notes = [2, 3, 4].map((row) => sheet.getRow(row).getCell(9));
    expect(notes.map((cell) => cell.value)).toEqual([BOB_NOTE, 'Booked; "demo" on Friday', CAROL_NOTE]);
    expect(notes.map((cell) => cell.type)).toEqual(notes.map(() => ExcelJS.ValueType.String));
  });
});

describe('XLSX', () => {
  it('reads back with typed cells: the time a date, the value a number in the currency format, points a number', async () => {
    const sheet = await xlsxOf('/api/v1/exports/activities?period=today&format=xlsx', alice);
    expect(sheet.name).toBe('Activities');
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const sale = sheet.getRow(2);
    expect(sale.getCell(1).value).toBeInstanceOf(Date);
    expect(sale.getCell(1).value).toEqual(new Date('2026-11-24T10:00:00Z')); // 10:00 in Oslo, as read off the wall
    expect(sale.getCell(1).numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(sale.getCell(7).value).toBe(12500.5);
    expect(sale.getCell(7).numFmt).toBe('"NOK "#,##0.00');
    expect(sale.getCell(8).value).toBe(10);
    expect(sale.getCell(8).type).toBe(ExcelJS.ValueType.Number);
  });

  it('wrap-ups: the day a date, the notes as written; goals and members', async () => {
    const wrapups = await xlsxOf('/api/v1/exports/wrapups?from=2026-11-23&to=2026-11-23&format=xlsx&language=nb', alice);
    expect(wrapups.name).toBe('Dagsoppsummeringer');
    expect(sheetRows(wrapups)).toEqual([
      [new Date('2026-11-23T00:00:00Z'), 'Bob Ødegård', 1, 0, 0, 0, 'Bob went well', 'Bob to improve'],
      [new Date('2026-11-23T00:00:00Z'), 'Carol Rep', 2, 1, 0, 6, CAROL_WRAPUP, null].slice(0, 7),
    ]);
    const goals = sheetRows(await xlsxOf('/api/v1/exports/goals?format=xlsx', alice));
    expect(goals.map((r) => r.slice(0, 4))).toEqual([
      ['Alice Admin', 0, 0, 0],
      ['Bob Ødegård', 40, 3, 1],
      ['Carol Rep', 0, 0, 0],
    ]);
    expect(goals[1]![4]).toEqual(computeWallClock(NOW, TZ));
    const members = sheetRows(await xlsxOf('/api/v1/exports/members?format=xlsx', bob));
    expect(members.map((r) => r.slice(0, 3))).toEqual([
      ['Alice Admin', alice.email, 'Admin'],
      ['Bob Ødegård', bob.email, 'User'],
      ['Carol Rep', carol.email, 'User'],
    ]);
    expect(members[0]![3]).toBeInstanceOf(Date);
  });
});

describe('the response', () => {
  it('names the file after the company, kind and period, in ASCII and in UTF-8', async () => {
    const csv = await download('/api/v1/exports/activities?from=2026-11-01&to=2026-11-30', alice);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(
      `attachment; filename="AErlig-Salg-AS-activities-2026-11-01_2026-11-30.csv"; filename*=UTF-8''%C3%86rlig%20Salg%20AS%20-%20activities%20-%202026-11-01_2026-11-30.csv`,
    );
    expect(csv.headers.get('cache-control')).toBe('no-store');
    const xlsx = await download('/api/v1/exports/goals?format=xlsx&language=nb', alice);
    expect(xlsx.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.headers.get('content-disposition')).toBe(
      `attachment; filename="AErlig-Salg-AS-mal-2026-11-24.xlsx"; filename*=UTF-8''%C3%86rlig%20Salg%20AS%20-%20m%C3%A5l%20-%202026-11-24.xlsx`,
    );
  });
});

describe('who may export what', () => {
  const names = async (path: string, as: Member, column = 1) => [...new Set((await csvOf(path, as)).slice(1).map((r) => r[column]))];

  it('a rep exports their own activities, wrap-ups and goals, and is refused a colleague', async () => {
    expect(await names('/api/v1/exports/activities?period=month', bob)).toEqual(['Bob Ødegård']);
    expect(await names(`/api/v1/exports/activities?period=month&member=${bob.id}`, bob)).toEqual(['Bob Ødegård']);
    expect(await names('/api/v1/exports/wrapups?from=2026-11-01&to=2026-11-30', bob)).toEqual(['Bob Ødegård']);
    expect(await names('/api/v1/exports/goals', bob, 0)).toEqual(['Bob Ødegård']);
    for (const kind of ['activities', 'wrapups', 'goals']) {
      const refused = await download(`/api/v1/exports/${kind}?member=${carol.id}`, bob);
      expect(refused.status, kind).toBe(403);
      expect(refused.json).toMatchObject({ error: { code: 'forbidden', message: expect.any(String) } });
    }
    const own = (await download('/api/v1/exports/wrapups?from=2026-11-01&to=2026-11-30', bob)).bytes.toString('utf8');
    expect(own).not.toContain(CAROL_WRAPUP);
  });

  it('every member exports the whole leaderboard and member list (what the scoreboard and Team page show them)', async () => {
    expect(await names('/api/v1/exports/leaderboard?period=month', bob)).toEqual(['Bob Ødegård', 'Carol Rep', 'Alice Admin']);
    expect(await names('/api/v1/exports/members', carol, 0)).toEqual(['Alice Admin', 'Bob Ødegård', 'Carol Rep']);
  });

  it("an admin exports everyone's, or one member's; a member the company does not have is a 404", async () => {
    expect((await names('/api/v1/exports/activities?period=month', alice)).sort()).toEqual(['Alice Admin', 'Bob Ødegård', 'Carol Rep']);
    expect(await names(`/api/v1/exports/activities?period=month&member=${carol.id}`, alice)).toEqual(['Carol Rep']);
    expect(await names(`/api/v1/exports/wrapups?from=2026-11-23&to=2026-11-23&member=${carol.id}`, alice)).toEqual(['Carol Rep']);
    for (const member of ['no-such-member', bert.id]) {
      for (const kind of ['activities', 'wrapups', 'goals', 'leaderboard']) {
        const missing = await download(`/api/v1/exports/${kind}?member=${member}`, alice);
        expect(missing.status, `${kind} ${member}`).toBe(404);
        expect(missing.json).toMatchObject({ error: { code: 'not_found' } });
      }
    }
  });

  it("notes in the audit log each file of other people's data an admin takes, and nothing for a member's own", async () => {
    const exportEntries = async () => {
      const response = await t.request('/api/v1/admin/audit-log?action=export.downloaded&limit=100', { as: alice });
      expect(response.status).toBe(200);
      return ((await response.json()) as { entries: { actor: { id: string }; target: { type: string; id: string }; details: unknown }[] })
        .entries;
    };
    const before = (await exportEntries()).length;
    await names('/api/v1/exports/activities?period=month', bob);
    await names('/api/v1/exports/leaderboard?period=month', alice);
    await names(`/api/v1/exports/goals?member=${alice.id}`, alice, 0);
    expect(await exportEntries()).toHaveLength(before);

    expect((await download('/api/v1/exports/activities?from=2026-11-01&to=2026-11-30&format=xlsx', alice)).status).toBe(200);
    await names(`/api/v1/exports/wrapups?from=2026-11-23&to=2026-11-23&member=${carol.id}`, alice);
    // The clock stands still in this file: the two new entries are found by what they say, not by order.
    const entries = await exportEntries();
    expect(entries).toHaveLength(before + 2);
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          actor: expect.objectContaining({ id: alice.id }),
          target: expect.objectContaining({ type: 'company', id: companyA }),
          details: { kind: 'activities', format: 'xlsx', from: '2026-11-01', to: '2026-11-30' },
        }),
        expect.objectContaining({
          target: expect.objectContaining({ type: 'member', id: carol.id }),
          details: { kind: 'wrapups', format: 'csv', from: '2026-11-23', to: '2026-11-23' },
        }),
      ]),
    );
    // A refused or missing member leaves no entry behind.
    await download(`/api/v1/exports/activities?member=${bert.id}`, alice);
    expect(await exportEntries()).toHaveLength(before + 2);
  });

  it('take a personal access token with the scope (a spreadsheet that refreshes itself), as its member and never more', async () => {
    const made = await t.request('/api/v1/me/api-tokens', {
      method: 'POST',
      as: bob,
      json: { name: 'Sheet', scopes: ['activities:read', 'stats:read'], expiresInDays: 30 },
    });
    const { secret } = (await made.json()) as { secret: string };
    const withToken = async (path: string) => {
      const response = await t.request(path, { noOrigin: true, headers: { authorization: `Bearer ${secret}` } });
      return { status: response.status, text: Buffer.from(await response.arrayBuffer()).toString('utf8') };
    };
    const own = await withToken('/api/v1/exports/activities?period=month');
    expect(own.status).toBe(200);
    const rows = parse(own.text, { bom: true }) as string[][];
    expect([...new Set(rows.slice(1).map((row) => row[1]))]).toEqual(['Bob Ødegård']);
    expect((await withToken('/api/v1/exports/leaderboard?period=month&format=xlsx')).status).toBe(200);
    expect((await withToken(`/api/v1/exports/wrapups?member=${carol.id}`)).status).toBe(403);
    // members:read was not given.
    expect((await withToken('/api/v1/exports/members')).status).toBe(403);
  });

  it("never puts another company's data in a file, whoever asks and whatever they name", async () => {
    const kinds = [
      'activities?from=2026-01-01&to=2026-12-31',
      'wrapups?from=2026-01-01&to=2026-12-31',
      'leaderboard?period=month',
      'goals',
      'members',
    ];
    const aSecrets = ['Alice Admin', 'Bob Ødegård', 'Carol Rep', BOB_NOTE, CAROL_NOTE, CAROL_WRAPUP, 'Fjord Shipping AS', 'Ærlig Salg'];
    const bSecrets = ['Bert Beta', B_NOTE, 'Beta Customer AS', 'Beta wrap-up'];
    for (const kind of kinds) {
      for (const format of ['csv', 'xlsx']) {
        const ofB = await download(`/api/v1/exports/${kind}&format=${format}`.replace(/^([^?]*)&/, '$1?'), bert);
        const ofA = await download(`/api/v1/exports/${kind}&format=${format}`.replace(/^([^?]*)&/, '$1?'), alice);
        expect([ofA.status, ofB.status], kind).toEqual([200, 200]);
        const text = async (file: Download) =>
          format === 'csv' ? file.bytes.toString('utf8') : JSON.stringify(await allCells(file.bytes));
        const [aText, bText] = [await text(ofA), await text(ofB)];
        expect(
          aSecrets.filter((secret) => bText.includes(secret)),
          `${kind} ${format} of B`,
        ).toEqual([]);
        expect(
          bSecrets.filter((secret) => aText.includes(secret)),
          `${kind} ${format} of A`,
        ).toEqual([]);
      }
    }
    // Naming A's people from B finds nobody.
    expect((await download(`/api/v1/exports/activities?member=${bob.id}&period=month`, bert)).status).toBe(404);
  });
});

async function countSheetRows(bytes: Buffer): Promise<number> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook.worksheets.reduce((sum, sheet) => sum + sheet.actualRowCount - 1, 0);
}

async function allCells(bytes: Buffer): Promise<unknown[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook.worksheets.flatMap((sheet) => sheetRows(sheet).flat());
}

describe('bad input', () => {
  it.each([
    ['activities?format=pdf', 'format'],
    ['activities?separator=tab', 'separator'],
    ['activities?language=de', 'language'],
    ['activities?period=fortnight', 'period'],
    ['activities?period=custom&from=2026-11-01', 'to'],
    ['activities?from=2026-11-30&to=2026-11-01', 'to'],
    ['activities?period=week&from=2026-11-01&to=2026-11-02', 'period'],
    ['activities?from=2026-02-30&to=2026-03-01', 'from'],
    ['activities?from=0000-01-01&to=2026-03-01', 'from'],
    ['activities?member=', 'member'],
    ['wrapups?to=2026-11-01', 'from'],
    ['leaderboard?sort=revenue', 'sort'],
    ['goals?format=xls', 'format'],
    ['members?format=', 'format'],
  ])('%s is a 400 naming %s', async (query, field) => {
    const answer = await download(`/api/v1/exports/${query}`, alice);
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({
      error: { code: 'invalid_input', message: expect.any(String), details: { [field]: expect.any(String) } },
    });
  });

  it('signed out is a 401 in the error shape', async () => {
    const answer = await t.request('/api/v1/exports/activities');
    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({ error: { code: 'unauthorized' } });
  });
});

// ---- streaming ----------------------------------------------------------------------------------------

describe('streaming', async () => {
  const admin: Member = await t.createMember({ role: 'admin', name: 'Stream Admin' });
  const rep: Member = await t.createMember({ companyId: admin.companyId, name: 'Stream Rep' });
  const inserted = await seedActivitySeries(t.db, {
    companyId: admin.companyId,
    userId: rep.id,
    timezone: TZ,
    from: '2026-06-01' as LocalDate,
    days: 120,
    maxPerDay: 120,
    salt: 7,
  });
  const PATH = '/api/v1/exports/activities?from=2026-06-01&to=2026-09-28';
  const BATCHES = Math.floor(inserted / EXPORT_BATCH_ROWS) + 1; // the last FETCH comes back short
  const isPglite = t.deps.database.engine === 'pglite';

  /** Counts the cursor's FETCHes (and sees ROLLBACK) while `fn` runs. */
  async function observing<T>(fn: (seen: { fetches: () => number; rolledBack: () => boolean }) => Promise<T>): Promise<T> {
    let fetches = 0;
    let rolledBack = false;
    const stop = t.deps.database.observeStatements((text) => {
      if (/^FETCH FORWARD/i.test(text)) fetches++;
      if (/^rollback/i.test(text.trim())) rolledBack = true;
    });
    try {
      return await fn({ fetches: () => fetches, rolledBack: () => rolledBack });
    } finally {
      stop();
    }
  }

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it(`sends thousands of rows in several batches, and the response in chunks`, async () => {
    expect(inserted).toBeGreaterThan(8 * EXPORT_BATCH_ROWS);
    for (const format of ['csv', 'xlsx'] as const) {
      await observing(async (seen) => {
        const response = await t.request(`${PATH}&format=${format}`, { as: admin });
        expect(response.status).toBe(200);
        const reader = response.body!.getReader();
        const chunks: Uint8Array[] = [];
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          chunks.push(value);
        }
        expect(seen.fetches(), format).toBe(BATCHES);
        expect(chunks.length, format).toBeGreaterThan(1);
        const bytes = Buffer.concat(chunks);
        const rows = format === 'csv' ? (parse(bytes, { bom: true }) as unknown[]).length - 1 : await countSheetRows(bytes);
        expect(rows, format).toBe(inserted);
      });
    }
  });

  it(
    isPglite
      ? 'embedded engine: copies the rows out of its snapshot at once, and serves others while the client downloads the file'
      : 'PostgreSQL: reads the next batch only when the client has taken the last one',
    async () => {
      await observing(async (seen) => {
        const response = await t.request(PATH, { as: admin });
        const reader = response.body!.getReader();
        await reader.read();
        await pause(300);
        if (isPglite) {
          expect(seen.fetches()).toBe(BATCHES);
          expect((await t.request('/api/v1/me', { as: rep })).status).toBe(200);
        } else {
          // A batch or two fill the buffers between the cursor and the client (about 80 KB); no more is read.
          expect(seen.fetches()).toBeLessThanOrEqual(3);
        }
        let rest = 0;
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          rest += value.length;
        }
        expect(rest).toBeGreaterThan(0);
        expect(seen.fetches()).toBe(BATCHES);
      });
    },
  );

  it('a client that goes away stops the export: no more batches, the transaction rolled back, its slot free', async () => {
    await observing(async (seen) => {
      const response = await t.request(PATH, { as: admin });
      const reader = response.body!.getReader();
      await reader.read();
      await reader.cancel();
      await pause(200);
      const fetchesAfterCancel = seen.fetches();
      await pause(300);
      expect(seen.fetches()).toBe(fetchesAfterCancel);
      if (!isPglite) {
        expect(fetchesAfterCancel).toBeLessThan(BATCHES);
        expect(seen.rolledBack()).toBe(true);
      }
    });
    // Slots are given back: more exports than a member may run at once, one after another.
    for (let i = 0; i <= EXPORTS_PER_MEMBER; i++) expect((await download(`${PATH}&format=xlsx`, admin)).status).toBe(200);
  });

  it('refuses a member a third export while two are running (429), and takes it once one is done', async () => {
    const running = [await t.request(PATH, { as: rep }), await t.request(PATH, { as: rep })];
    expect(running.map((r) => r.status)).toEqual([200, 200]);
    const third = await download(PATH, rep);
    expect(third.status).toBe(429);
    expect(third.json).toMatchObject({ error: { code: 'too_many_exports' } });
    // Another member is not held up by this one's exports.
    expect((await download(PATH, admin)).status).toBe(200);
    await running[0]!.body!.cancel();
    await pause(50);
    expect((await download(PATH, rep)).status).toBe(200);
    await running[1]!.arrayBuffer();
  });
});

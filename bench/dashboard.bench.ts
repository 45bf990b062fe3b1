/*
 * npm run bench:dashboard: how fast the scoreboard endpoints answer over years of history, next
 * to the same totals computed naively from the activities table. Not a timed test: it prints a
 * Markdown table for docs/performance.md and fails only when the two computations disagree.
 *
 *   npm run bench:dashboard                                   # PGlite in memory, a smaller history
 *   BENCH_DATABASE_URL=postgres://user@host:port/db npm run bench:dashboard   # ~10 million rows
 *
 * With BENCH_DATABASE_URL a fresh database is created on that server and dropped afterwards
 * (BENCH_KEEP_DATABASE=1 keeps it and prints its name; BENCH_REUSE_DATABASE=<name> then times it
 * again without seeding, for EXPLAIN or a quieter moment on a shared machine).
 *
 * Knobs: BENCH_MEMBERS (100), BENCH_DAYS (730), BENCH_MAX_PER_DAY (PGlite 20, PostgreSQL 205:
 * activities on a busy weekday per member; a day averages about 2/3 of it), BENCH_ITERATIONS
 * (timed requests per endpoint, 200), BENCH_NAIVE_ITERATIONS (30), BENCH_ROLLUP (rebuild | trigger).
 *
 * Seeding: one INSERT ... SELECT generate_series per member, inside withTenant as that member
 * (row-level security applies as in the product). Rollups: with BENCH_ROLLUP=rebuild (default) the
 * rollup and notify triggers are disabled during the load and daily_user_stats is rebuilt with one
 * INSERT ... SELECT ... GROUP BY (seed/activities.ts, rebuildDailyStats); with BENCH_ROLLUP=trigger
 * the activities_rollup trigger maintains it row by row, as in production (slower to load).
 */
import type { CompanyKpis, ContestStandings, KpiValues, Leaderboard, Me, MonthlyOverview } from '@core/contracts';
import { addDays, computeLocalDate, computePeriod, type LocalDate } from '@core/period';
import { sql } from 'drizzle-orm';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { seedActivitySeries, seedOwnTypeSeries, withoutActivityTriggers } from '../server/seed/activities';
import { ensureCustomBoard, ensureDemoType, type Send, widgetRequests } from './support/custom-board';
import { type CompanyId, toCompanyId, toUserId, type UserId, withTenant } from '../server/db/tenant';
import { getCompanyKpis, getLeaderboard, getMonthlyOverview } from '../server/modules/scoreboard/scoreboard.service';
import { getContestStandings } from '../server/modules/contests/contests.service';
import { createApp } from '../server/app';
import { closeDeps, createDeps } from '../server/bootstrap';
import type { AppDeps } from '../server/context';
import { type Database, openDatabase } from '../server/db/client';
import { loadConfig } from '../server/env';
import { createTestApp, TEST_ORIGIN } from '../server/test/test-app';

const url = process.env.BENCH_DATABASE_URL;
const engine = url ? 'PostgreSQL' : 'PGlite';
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100);
const DAYS = Number(process.env.BENCH_DAYS ?? 730);
const MAX_PER_DAY = Number(process.env.BENCH_MAX_PER_DAY ?? (url ? 205 : 20));
/** Activities of the company's own type (the custom board's) on a busy weekday per member. */
const OWN_PER_DAY = Number(process.env.BENCH_OWN_PER_DAY ?? (url ? 12 : 3));
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const NAIVE_ITERATIONS = Number(process.env.BENCH_NAIVE_ITERATIONS ?? 30);
const ROLLUP = process.env.BENCH_ROLLUP === 'trigger' ? 'trigger' : 'rebuild';
const TZ = 'Europe/Oslo';
/** A Friday afternoon in Oslo; the history ends today. */
const NOW = new Date('2026-11-20T14:00:00Z');

if (url) process.env.TEST_DATABASE_URL = url; // createTestApp opens a fresh database on that server

type Sums = { calls: number; meetings: number; sales: number; points: number; revenue: number };

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

type Timer = { name: string; run: () => Promise<unknown>; samples: number[] };

/**
 * Times several calls round-robin (one of each, then again), so background noise such as a
 * checkpoint or autovacuum spreads over all of them instead of landing on whichever ran first.
 */
async function timeRoundRobin(timers: Timer[], iterations: number): Promise<void> {
  for (const timer of timers) for (let i = 0; i < 5; i++) await timer.run(); // warm-up
  for (let i = 0; i < iterations; i++) {
    for (const timer of timers) {
      if (timer.samples.length >= iterations) continue;
      const start = performance.now();
      await timer.run();
      timer.samples.push(performance.now() - start);
    }
  }
}

const p50 = (t: Timer) => percentile(t.samples, 0.5);
const p95 = (t: Timer) => percentile(t.samples, 0.95);

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

function assertEqual(what: string, actual: unknown, expected: unknown): void {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) {
    console.error(`MISMATCH in ${what}:\n  endpoint: ${a}\n  naive:    ${e}`);
    process.exitCode = 1;
  }
}

type BenchEnv = {
  db: Database;
  deps: AppDeps;
  companyId: CompanyId;
  userId: UserId;
  get: <T>(path: string) => Promise<T>;
  send: Send;
  close: () => Promise<void>;
};

const FIRST_EMAIL = 'bench-member-000@example.com';
const PASSWORD = 'correct-horse-battery';

/** A fresh database with the members and their history (the normal run). */
async function openFresh(): Promise<BenchEnv> {
  const started = performance.now();
  const t = await createTestApp({ now: () => NOW, env: { AUTH_RATE_LIMIT: '10000' } });
  const db = t.db;
  const first = await t.createMember({ role: 'admin', name: 'Member 000', email: FIRST_EMAIL });
  const members = [first];
  for (let i = 1; i < MEMBERS; i++) {
    members.push(await t.createMember({ companyId: first.companyId, name: `Member ${String(i).padStart(3, '0')}` }));
  }
  const companyId = first.companyId;
  const today = computeLocalDate(NOW, TZ);
  const from = addDays(today, -(DAYS - 1));
  console.log(`members signed up in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const send: Send = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const response = await t.request(path, { method, as: first, ...(body === undefined ? {} : { json: body }) });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const demo = await ensureDemoType(send);

  const seedStart = performance.now();
  const load = async () => {
    let inserted = 0;
    const concurrency = url ? 4 : 1;
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < members.length) {
          const index = next++;
          const m = members[index]!;
          const n = await seedActivitySeries(db, {
            companyId,
            userId: m.id,
            timezone: TZ,
            from,
            days: DAYS,
            maxPerDay: MAX_PER_DAY,
            salt: index,
          });
          inserted += n;
          // The company's own type beside the built-in kinds (its rollup kept by its trigger, row by row).
          inserted += await seedOwnTypeSeries(db, {
            companyId,
            userId: m.id,
            timezone: TZ,
            from,
            days: DAYS,
            perDay: OWN_PER_DAY,
            salt: index,
            ...demo,
          });
        }
      }),
    );
    return inserted;
  };
  const inserted = ROLLUP === 'rebuild' ? await withoutActivityTriggers(db, companyId, load) : await load();
  await db.execute(sql`VACUUM ANALYZE activities`);
  await db.execute(sql`VACUUM ANALYZE daily_user_stats`);
  // The own types' rollups as the product's writes leave them. The seeding writes a member's whole
  // history in one statement, so each rollup row's every version stays until it ends and a month's rows
  // lie across thousands of pages (18,000 rows in 4,091 pages at 90 days; the month rollup's 800 in
  // 3,929). A logged call is a transaction of its own, whose row versions the pages prune as they go,
  // and a day's rows are written on that day: the tables are dense and in day order, as CLUSTER on
  // their keys lays them out (960 and 43 pages).
  for (const table of ['activity_type_day_stats', 'activity_type_month_stats']) {
    const [key] = rowsOf<{ name: string }>(
      await db.execute(sql`SELECT conname AS name FROM pg_constraint WHERE conrelid = ${table}::regclass AND contype = 'p'`),
    );
    await db.execute(sql`CLUSTER ${sql.identifier(table)} USING ${sql.identifier(key!.name)}`);
    await db.execute(sql`ANALYZE ${sql.identifier(table)}`);
  }
  // Flush the load's dirty pages now, so a background checkpoint does not land in the timings
  // (PostgreSQL: needs superuser or the pg_checkpoint role; skipped otherwise).
  await db.execute(sql`CHECKPOINT`).catch(() => console.log('(CHECKPOINT not allowed; timings may include one)'));
  console.log(
    `inserted ${inserted.toLocaleString('en')} activities in ${((performance.now() - seedStart) / 1000).toFixed(1)} s (rollups: ${ROLLUP})`,
  );
  return {
    db,
    deps: t.deps,
    companyId,
    userId: first.id,
    get: async <T>(path: string): Promise<T> => {
      const response = await t.request(path, { as: first });
      if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
    send,
    close: async () => {
      if (process.env.BENCH_KEEP_DATABASE && url) {
        const [row] = rowsOf<{ name: string }>(await db.execute(sql`SELECT current_database() AS name`));
        console.log(`kept database ${row!.name}: BENCH_REUSE_DATABASE=${row!.name} times it again without seeding`);
        await t.deps.realtime.stop();
        process.exit(process.exitCode ?? 0); // the harness's close() would drop the database
      }
      await t.close();
    },
  };
}

/** A database kept by an earlier run (BENCH_KEEP_DATABASE): no seeding, sign in as its first member. */
async function openReused(name: string): Promise<BenchEnv> {
  const dbUrl = new URL(url!);
  dbUrl.pathname = `/${name}`;
  const database = await openDatabase({ engine: 'postgres', url: dbUrl.toString(), poolSize: 5 });
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: TEST_ORIGIN,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    AUTH_RATE_LIMIT: '10000',
  });
  const deps = await createDeps(config, { database, now: () => NOW, logMail: false });
  const app = createApp(deps);
  const signIn = await app.request('/api/auth/sign-in/email', {
    method: 'POST',
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ email: FIRST_EMAIL, password: PASSWORD }),
  });
  if (!signIn.ok) throw new Error(`sign-in to the kept database failed: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const get = async <T>(path: string): Promise<T> => {
    const response = await app.request(path, { headers: { origin: TEST_ORIGIN, cookie } });
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const send: Send = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const headers: Record<string, string> = { origin: TEST_ORIGIN, cookie, 'content-type': 'application/json' };
    const response = await app.request(path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const me = await get<Me>('/api/v1/me');
  return {
    db: database.db,
    deps,
    companyId: toCompanyId(me.company!.id),
    userId: toUserId(me.user.id),
    get,
    send,
    close: () => closeDeps(deps),
  };
}

async function main() {
  const started = performance.now();
  console.log(`# ${engine}: ${MEMBERS} members x ${DAYS} days, up to ${MAX_PER_DAY} activities per member-day`);
  const reuse = process.env.BENCH_REUSE_DATABASE;
  if (reuse && !url) throw new Error('BENCH_REUSE_DATABASE needs BENCH_DATABASE_URL');
  const env = reuse ? await openReused(reuse) : await openFresh();
  const { db, companyId, get, send } = env;
  const t = { deps: env.deps };
  const first = { id: env.userId };
  const today = computeLocalDate(NOW, TZ);
  try {
    const [counts] = rowsOf<{ activities: number; rollups: number }>(
      await withTenant(db, { companyId, userId: first.id }, (tx) =>
        tx.execute(sql`SELECT (SELECT count(*) FROM activities)::int AS activities,
                              (SELECT count(*) FROM daily_user_stats)::int AS rollups`),
      ),
    );
    console.log(`${counts!.activities.toLocaleString('en')} activities, ${counts!.rollups.toLocaleString('en')} rollup rows`);

    const scope = { companyId, userId: first.id };

    // The naive computations: aggregates over activities by created_at range (its index), per local day in SQL.
    const naiveDays = async (start: Date, end: Date) =>
      withTenant(db, scope, async (tx) =>
        rowsOf<Record<string, unknown>>(
          await tx.execute(sql`
            SELECT (created_at AT TIME ZONE ${TZ})::date::text AS day,
              count(*) FILTER (WHERE type IN ('call_answered', 'call_unanswered'))::int AS calls,
              count(*) FILTER (WHERE meeting_booked)::int AS meetings,
              count(*) FILTER (WHERE type = 'sale')::int AS sales,
              coalesce(sum(points_earned), 0)::float8 AS points,
              coalesce(sum(ticket_size) FILTER (WHERE type = 'sale'), 0)::float8 AS revenue
            FROM activities
            WHERE company_id = ${companyId} AND created_at >= ${start.toISOString()} AND created_at < ${end.toISOString()}
            GROUP BY 1 ORDER BY 1`),
        ),
      );
    const naiveUsers = async (start: Date, end: Date) =>
      withTenant(db, scope, async (tx) =>
        rowsOf<Record<string, unknown>>(
          await tx.execute(sql`
            SELECT a.user_id,
              count(*) FILTER (WHERE a.type IN ('call_answered', 'call_unanswered'))::int AS calls,
              count(*) FILTER (WHERE a.meeting_booked)::int AS meetings,
              count(*) FILTER (WHERE a.type = 'sale')::int AS sales,
              coalesce(sum(a.points_earned), 0)::float8 AS points,
              coalesce(sum(a.ticket_size) FILTER (WHERE a.type = 'sale'), 0)::float8 AS revenue,
              count(DISTINCT (a.created_at AT TIME ZONE ${TZ})::date)::int AS days
            FROM activities a JOIN profiles p ON p.company_id = a.company_id AND p.user_id = a.user_id AND p.removed_at IS NULL
            WHERE a.company_id = ${companyId} AND a.created_at >= ${start.toISOString()} AND a.created_at < ${end.toISOString()}
            GROUP BY a.user_id`),
        ),
      );
    const sums = (row: Record<string, unknown> | undefined): Sums => ({
      calls: Number(row?.calls ?? 0),
      meetings: Number(row?.meetings ?? 0),
      sales: Number(row?.sales ?? 0),
      points: Number(row?.points ?? 0),
      revenue: Number(row?.revenue ?? 0),
    });
    const byUser = (rows: Record<string, unknown>[]) =>
      Object.fromEntries(
        rows
          .map(
            (r) =>
              [
                String(r.user_id),
                { calls: Number(r.calls), meetings: Number(r.meetings), sales: Number(r.sales), points: Number(r.points) },
              ] as const,
          )
          .sort(([a], [b]) => (a < b ? -1 : 1)),
      );
    const boardByUser = (board: Leaderboard) =>
      Object.fromEntries(
        board.rows
          .filter((r) => r.activities > 0)
          .map((r) => [r.userId, { calls: r.calls, meetings: r.meetings, sales: r.sales, points: r.points }] as const)
          .sort(([a], [b]) => (a < b ? -1 : 1)),
      );

    type Row = {
      name: string;
      path: string;
      /** The same service call the endpoint makes, without HTTP, session and membership lookups. */
      service: () => Promise<unknown>;
      naive: () => Promise<unknown>;
      check: () => Promise<void>;
    };
    const viewer = { companyId, userId: first.id, timezone: TZ };
    const todayPeriod = computePeriod('today', NOW, TZ);
    const yesterdayStart = computePeriod('yesterday', NOW, TZ).start;
    const week = computePeriod('week', NOW, TZ);
    const month = computePeriod('month', NOW, TZ);
    const board = (period: 'today' | 'week' | 'month', window: { start: Date; end: Date }): Row => ({
      name: `Leaderboard (${period})`,
      path: `/api/v1/scoreboard/leaderboard?period=${period}&sort=points`,
      service: () => getLeaderboard(t.deps, viewer, { period, sort: 'points', activeOnly: false }),
      naive: () => naiveUsers(window.start, window.end),
      check: async () =>
        assertEqual(
          `leaderboard ${period}`,
          boardByUser(await get<Leaderboard>(`/api/v1/scoreboard/leaderboard?period=${period}&sort=points`)),
          byUser(await naiveUsers(window.start, window.end)),
        ),
    });
    // The contest standings view (decision 049): a month's contest among everyone, 1 × calls + 5 × meetings booked,
    // scored from the rollups; checked against the same sums over the activities.
    const contestId = await withTenant(db, scope, async (tx) => {
      const [made] = rowsOf<{ id: string }>(
        await tx.execute(sql`INSERT INTO contests (company_id, series_id, name, starts_on, ends_on, participants, mode, weights)
          VALUES (${companyId}, gen_random_uuid(), 'Bench month', ${computeLocalDate(month.start, TZ)}, ${addDays(computeLocalDate(month.end, TZ), -1)},
                  'everyone', 'individual', '[{"metric":"calls","weight":1},{"metric":"meetings_booked","weight":5}]')
          RETURNING id`),
      );
      return made!.id;
    });
    const contestRow: Row = {
      name: 'Contest standings (100 members, a month)',
      path: `/api/v1/contests/${contestId}`,
      service: () => getContestStandings(t.deps, { ...viewer, role: 'admin' }, contestId),
      naive: () => naiveUsers(month.start, month.end),
      check: async () => {
        const standings = await get<ContestStandings>(`/api/v1/contests/${contestId}`);
        const naive = await naiveUsers(month.start, month.end);
        assertEqual(
          'contest standings',
          Object.fromEntries(
            standings.standings
              .filter((s) => s.score > 0)
              .map((s) => [s.subjectId, s.score] as const)
              .sort(([a], [b]) => (a < b ? -1 : 1)),
          ),
          Object.fromEntries(
            naive
              .map((r) => [String(r.user_id), Number(r.calls) + 5 * Number(r.meetings)] as const)
              .filter(([, score]) => score > 0)
              .sort(([a], [b]) => (a < b ? -1 : 1)),
          ),
        );
      },
    };
    const rows: Row[] = [
      {
        name: 'Dashboard KPIs (today vs yesterday)',
        path: '/api/v1/scoreboard/kpis',
        service: () => getCompanyKpis(t.deps, viewer),
        naive: () => naiveDays(yesterdayStart, todayPeriod.end),
        check: async () => {
          const kpis = await get<CompanyKpis>('/api/v1/scoreboard/kpis');
          const naive = await naiveDays(yesterdayStart, todayPeriod.end);
          const on = (day: LocalDate) => sums(naive.find((r) => r.day === day));
          const pick = (k: 'today' | 'yesterday') => ({
            calls: kpis.calls[k],
            meetings: kpis.meetings[k],
            sales: kpis.sales[k],
            points: kpis.points[k],
            revenue: kpis.revenue[k],
          });
          assertEqual('kpis today', pick('today'), on(today));
          assertEqual('kpis yesterday', pick('yesterday'), on(addDays(today, -1)));
        },
      },
      board('today', todayPeriod),
      board('week', week),
      board('month', month),
      {
        name: 'Monthly overview (individual + company + trend)',
        path: '/api/v1/scoreboard/monthly',
        service: () => getMonthlyOverview(t.deps, viewer, {}),
        naive: async () => Promise.all([naiveUsers(month.start, month.end), naiveDays(month.start, month.end)]),
        check: async () => {
          const monthly = await get<MonthlyOverview>('/api/v1/scoreboard/monthly');
          const [users, days] = await Promise.all([naiveUsers(month.start, month.end), naiveDays(month.start, month.end)]);
          const mine = users.find((r) => r.user_id === first.id);
          assertEqual(
            'monthly individual',
            { ...sums({ ...monthly.individual }), workingDays: monthly.individual.workingDays },
            { ...sums(mine), workingDays: Math.max(1, Number(mine?.days ?? 0)) },
          );
          const company = days.reduce<Sums>(
            (acc, d) => {
              const s = sums(d);
              return {
                calls: acc.calls + s.calls,
                meetings: acc.meetings + s.meetings,
                sales: acc.sales + s.sales,
                points: acc.points + s.points,
                revenue: acc.revenue + s.revenue,
              };
            },
            { calls: 0, meetings: 0, sales: 0, points: 0, revenue: 0 },
          );
          assertEqual('monthly company', sums({ ...monthly.company.totals }), company);
          assertEqual(
            'monthly trend',
            monthly.trend.filter((d) => d.calls > 0 || d.points > 0),
            days.map((d) => ({ date: d.day, points: Number(d.points), calls: Number(d.calls) })),
          );
        },
      },
      contestRow,
    ];

    for (const row of rows) await row.check();

    // The custom board (decisions 101 and 102): its KPIs against the same figures read from the activities.
    const demo = await ensureDemoType(send);
    const custom = await ensureCustomBoard(send, demo.typeId);
    const monthDays = { from: computeLocalDate(month.start, TZ), to: today };
    const kpiValues = await get<KpiValues>(`/api/v1/kpis/values?from=${monthDays.from}&to=${monthDays.to}`);
    const figure = (key: string) => kpiValues.kpis.find((k) => k.id === custom.kpis[key]!.id)!;
    const [naiveDemo] = rowsOf<{ held: number; value: number; seats: number | null; inbound: number }>(
      await withTenant(db, scope, (tx) =>
        tx.execute(sql`
          SELECT count(*) FILTER (WHERE outcome_id = 'held')::int AS held,
            coalesce(sum((field_values ->> 'deal_value')::numeric), 0)::float8 AS value,
            avg((field_values ->> 'seats')::numeric)::float8 AS seats,
            count(*) FILTER (WHERE field_values ->> 'source' = 'inbound')::int AS inbound
          FROM activities
          WHERE company_id = ${companyId} AND type_id = ${demo.typeId} AND local_date BETWEEN ${monthDays.from} AND ${monthDays.to}`),
      ),
    );
    assertEqual(
      'custom KPIs (month)',
      {
        held: figure('held').total,
        value: figure('value').total,
        seats: Number(figure('seats').total?.toFixed(6)),
        inbound: figure('inbound').total,
      },
      { held: naiveDemo!.held, value: naiveDemo!.value, seats: Number(naiveDemo!.seats?.toFixed(6)), inbound: naiveDemo!.inbound },
    );
    const widgets = widgetRequests(custom.board, today).map((w) => ({
      name: w.name,
      requests: w.paths.length,
      run: () => Promise.all(w.paths.map((path) => get(path))),
      samples: [] as number[],
    }));
    const loadBefore = loadavg()[0]!;
    const http = rows.map((row) => ({ name: row.name, run: () => get(row.path), samples: [] as number[] }));
    const feed: Timer = { name: 'feed', run: () => get('/api/v1/scoreboard/recent-activities?limit=10'), samples: [] };
    const weekly: Timer = { name: 'weekly', run: () => get('/api/v1/scoreboard/weekly'), samples: [] };
    const service = rows.map((row) => ({ name: row.name, run: row.service, samples: [] as number[] }));
    const naive = rows.map((row) => ({ name: row.name, run: row.naive, samples: [] as number[] }));
    await timeRoundRobin([...http, feed, weekly], ITERATIONS);
    await timeRoundRobin(service, ITERATIONS);
    await timeRoundRobin(naive, NAIVE_ITERATIONS);
    await timeRoundRobin(widgets, ITERATIONS);

    const loadAfter = loadavg()[0]!;
    const f = (x: number) => x.toFixed(1);
    const results = rows.map(
      (row, i) =>
        `| ${row.name} | \`GET ${row.path.replace('/api/v1', '')}\` | ${f(p50(http[i]!))} | ${f(p95(http[i]!))} ` +
        `| ${f(p50(service[i]!))} | ${f(p95(service[i]!))} | ${f(p50(naive[i]!))} | ${f(p95(naive[i]!))} ` +
        `| ${f(p50(naive[i]!) / p50(service[i]!))}x | ${f(p50(naive[i]!) / p50(http[i]!))}x |`,
    );
    // The feed reads activities newest first with a LIMIT on (company_id, created_at): no aggregate.
    const extra = [
      `| Live feed (latest 10) | \`GET /scoreboard/recent-activities?limit=10\` | ${f(p50(feed))} | ${f(p95(feed))} | | | | | | |`,
      `| Weekly View | \`GET /scoreboard/weekly\` | ${f(p50(weekly))} | ${f(p95(weekly))} | | | | | | |`,
    ];
    console.log('\n## Markdown\n');
    console.log(
      `${engine}, ${MEMBERS} members, ${DAYS} days: ${counts!.activities.toLocaleString('en')} activities, ` +
        `${counts!.rollups.toLocaleString('en')} daily_user_stats rows (rollups: ${ROLLUP}); ` +
        `${ITERATIONS} timed requests per endpoint, ${NAIVE_ITERATIONS} naive runs; times in ms. ` +
        `${cpus().length} CPUs, 1-minute load average ${loadBefore.toFixed(1)} before and ${loadAfter.toFixed(1)} after the timings.\n`,
    );
    console.log(
      '| View | Endpoint | HTTP p50 | HTTP p95 | rollup read p50 | rollup read p95 | naive p50 | naive p95 | naive ÷ rollup read | naive ÷ HTTP |',
    );
    console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const line of [...results, ...extra]) console.log(line);
    const [typeRollup] = rowsOf<{ n: number }>(
      await withTenant(db, scope, (tx) => tx.execute(sql`SELECT count(*)::int AS n FROM activity_type_day_stats`)),
    );
    console.log(
      `\nThe custom board "${custom.board.name}": 8 widgets over the company's own type (a count, a sum, an average and a ` +
        `filtered count of its fields; ratios of them and of a built-in figure), ${typeRollup!.n.toLocaleString('en')} ` +
        `activity_type_day_stats rows. A widget's time is its requests sent together, as the app sends them; times in ms.\n`,
    );
    console.log('| Widget | Requests | HTTP p50 | HTTP p95 |');
    console.log('|---|---:|---:|---:|');
    for (const w of widgets) console.log(`| ${w.name} | ${w.requests} | ${f(p50(w))} | ${f(p95(w))} |`);
    console.log(`\ntotals agree: ${process.exitCode ? 'NO' : 'yes'}; total run ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await env.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

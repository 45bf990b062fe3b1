import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import type { Transaction } from './client';
import { withTenant } from './tenant';

/*
 * Row-level security, table by table: a member of company A, acting through withTenant, can
 * neither read nor write any row of company B, whatever WHERE clause the code forgets.
 */

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
let a: Member;
let b: Member;
let aColleague: Member;

const TENANT_TABLES = [
  'companies',
  'profiles',
  'activities',
  'daily_user_stats',
  'goals',
  'customer_companies',
  'invitations',
  'kpi_rules',
  'wrapups',
  'app_settings',
  'display_links',
  'audit_log',
  'avatar_images',
  'api_tokens',
  'deleted_activities',
  'imports',
  'import_slices',
  'webhook_endpoints',
  'webhook_deliveries',
  'teams',
  'team_leads',
  'company_calendars',
  'company_days_off',
  'targets',
  'digest_weeks',
  'wrapup_reads',
  'wrapup_comments',
  'coaching_notes',
  'feed_events',
  'badges',
  'badge_settings',
  'contests',
  'tv_playlists',
  'celebration_settings',
  'feed_reactions',
  'push_subscriptions',
  'push_preferences',
  'push_outbox',
  'domain_event_log',
  'activity_types',
  'activity_type_day_stats',
  'activity_type_month_stats',
  'inbound_sources',
  'inbound_payloads',
  'inbound_links',
  'kpis',
  'boards',
  'board_homes',
  'company_badges',
] as const;

/** One row in every tenant table for the member's company, written as that member (an admin; the 1:1 note is about the colleague). */
async function seedEveryTable(member: Member, colleague: Member): Promise<void> {
  await withTenant(t.db, { companyId: member.companyId, userId: member.id }, async (tx) => {
    const customer = await tx.execute<{ id: string }>(
      sql`INSERT INTO customer_companies (company_id, name) VALUES (${member.companyId}, ${`Customer of ${member.id}`}) RETURNING id`,
    );
    const customerId = (customer as unknown as { rows: { id: string }[] }).rows[0]!.id;
    await tx.execute(sql`INSERT INTO activities (company_id, user_id, customer_id, type, meeting_booked, points_earned, local_date)
      VALUES (${member.companyId}, ${member.id}, ${customerId}, 'call_answered', true, 5, '2026-11-20')`);
    await tx.execute(sql`INSERT INTO goals (company_id, user_id, daily_calls) VALUES (${member.companyId}, ${member.id}, 20)`);
    await tx.execute(
      sql`INSERT INTO domain_event_log (company_id, occurred_at, event) VALUES (${member.companyId}, now(), '{"type":"customers.merged"}')`,
    );
    await tx.execute(sql`INSERT INTO invitations (company_id, code, created_by, expires_at)
      VALUES (${member.companyId}, ${`code-${member.id}`}, ${member.id}, now() + interval '7 days')`);
    await tx.execute(
      sql`INSERT INTO wrapups (company_id, user_id, date, calls) VALUES (${member.companyId}, ${member.id}, '2026-11-20', 3)`,
    );
    await tx.execute(
      sql`INSERT INTO display_links (company_id, name, token_hash) VALUES (${member.companyId}, 'Office TV', ${`hash-${member.id}`})`,
    );
    await tx.execute(
      sql`INSERT INTO audit_log (company_id, actor_user_id, action) VALUES (${member.companyId}, ${member.id}, 'member.role_changed')`,
    );
    await tx.execute(
      sql`INSERT INTO avatar_images (company_id, user_id, bytes, content_type) VALUES (${member.companyId}, ${member.id}, '\\x00', 'image/webp')`,
    );
    await tx.execute(
      sql`INSERT INTO api_tokens (company_id, user_id, name, token_hash, hint, scopes)
          VALUES (${member.companyId}, ${member.id}, 'BI', ${`token-hash-${member.id}`}, 'dbp_...x', '{stats:read}')`,
    );
    await tx.execute(
      sql`INSERT INTO imports (id, company_id, created_by, kind, file_name, columns, row_count, expires_at)
          VALUES (${importIdOf(member)}, ${member.companyId}, ${member.id}, 'activities', 'calls.csv', '[]', 1, now() + interval '1 hour')`,
    );
    await tx.execute(
      sql`INSERT INTO import_slices (import_id, company_id, slice, row_count, cells)
          VALUES (${importIdOf(member)}, ${member.companyId}, 0, 1, '[["ola@firma.no","Samtale"]]')`,
    );
    // A tombstone, the way the app makes one: by deleting an activity.
    await tx.execute(
      sql`INSERT INTO activities (company_id, user_id, type, local_date) VALUES (${member.companyId}, ${member.id}, 'email', '2026-11-19')`,
    );
    await tx.execute(sql`DELETE FROM activities WHERE company_id = ${member.companyId} AND user_id = ${member.id} AND type = 'email'`);
    const endpoint = await tx.execute<{ id: string }>(
      sql`INSERT INTO webhook_endpoints (company_id, url, events, secret) VALUES (${member.companyId}, 'https://example.com/hook', '{activity.created}', 'whsec_x') RETURNING id`,
    );
    const endpointId = (endpoint as unknown as { rows: { id: string }[] }).rows[0]!.id;
    await tx.execute(
      sql`INSERT INTO webhook_deliveries (company_id, endpoint_id, event_type, body) VALUES (${member.companyId}, ${endpointId}, 'activity.created', '{}')`,
    );
    const team = await tx.execute<{ id: string }>(
      sql`INSERT INTO teams (company_id, name) VALUES (${member.companyId}, 'Oslo') RETURNING id`,
    );
    const teamId = (team as unknown as { rows: { id: string }[] }).rows[0]!.id;
    await tx.execute(sql`INSERT INTO team_leads (company_id, team_id, user_id) VALUES (${member.companyId}, ${teamId}, ${member.id})`);
    await tx.execute(sql`UPDATE profiles SET team_id = ${teamId} WHERE company_id = ${member.companyId} AND user_id = ${member.id}`);
    await tx.execute(sql`INSERT INTO company_calendars (company_id, country) VALUES (${member.companyId}, 'SE')`);
    await tx.execute(
      sql`INSERT INTO company_days_off (company_id, day, label) VALUES (${member.companyId}, '2026-12-24', 'Christmas Eve')`,
    );
    await tx.execute(
      sql`INSERT INTO targets (company_id, user_id, metric, period, value, effective_from) VALUES (${member.companyId}, ${member.id}, 'calls', 'week', 50, '2026-11-23')`,
    );
    await tx.execute(sql`INSERT INTO digest_weeks (company_id, week_start, lease_until) VALUES (${member.companyId}, '2026-11-16', now())`);
    await tx.execute(sql`INSERT INTO wrapup_reads (company_id, wrapup_id, user_id, read_at)
      SELECT company_id, id, user_id, now() FROM wrapups WHERE company_id = ${member.companyId} AND user_id = ${member.id}`);
    await tx.execute(sql`INSERT INTO wrapup_comments (company_id, wrapup_id, user_id, author_id, body)
      SELECT company_id, id, user_id, user_id, 'My answer' FROM wrapups WHERE company_id = ${member.companyId} AND user_id = ${member.id}`);
    await tx.execute(sql`INSERT INTO coaching_notes (company_id, user_id, author_id, kind, body)
      VALUES (${member.companyId}, ${colleague.id}, ${member.id}, 'follow_up', 'Role-play pricing')`);
    await tx.execute(sql`INSERT INTO feed_events (company_id, kind, user_id, data)
      VALUES (${member.companyId}, 'badge.earned', ${member.id}, '{"badge":"first_sale"}')`);
    await tx.execute(sql`INSERT INTO badges (company_id, user_id, kind, local_date, data)
      VALUES (${member.companyId}, ${member.id}, 'first_sale', '2026-11-20', '{"sales":1}')`);
    await tx.execute(sql`INSERT INTO badge_settings (company_id, disabled_kinds) VALUES (${member.companyId}, '{tenth_sale}')`);
    await tx.execute(sql`INSERT INTO contests (company_id, id, series_id, name, starts_on, ends_on, participants, mode, weights)
      VALUES (${member.companyId}, gen_random_uuid(), gen_random_uuid(), 'Call sprint', '2026-01-05', '2026-01-09', 'everyone', 'individual',
              '[{"metric":"calls","weight":1}]')`);
    await tx.execute(sql`INSERT INTO tv_playlists (company_id, name, screens) VALUES (${member.companyId}, 'Sales floor', '[]')`);
    await tx.execute(sql`INSERT INTO celebration_settings (company_id, sale_minimum) VALUES (${member.companyId}, 100000)`);
    await tx.execute(sql`INSERT INTO feed_reactions (company_id, activity_id, user_id, emoji)
      SELECT company_id, id, user_id, '👏' FROM activities WHERE company_id = ${member.companyId} AND user_id = ${member.id} LIMIT 1`);
    await tx.execute(sql`INSERT INTO push_subscriptions (company_id, user_id, endpoint, p256dh, auth)
      VALUES (${member.companyId}, ${member.id}, ${`https://push.example.com/${member.id}`}, 'key', 'auth')`);
    await tx.execute(
      sql`INSERT INTO push_preferences (company_id, user_id, quiet_from, quiet_to) VALUES (${member.companyId}, ${member.id}, '22:00', '07:00')`,
    );
    await tx.execute(sql`INSERT INTO push_outbox (company_id, user_id, kind, data)
      VALUES (${member.companyId}, ${member.id}, 'badge_earned', '{"badge":"first_sale"}')`);
    const typeId = crypto.randomUUID();
    await tx.execute(sql`INSERT INTO activity_types (company_id, id, names, icon, colour)
      VALUES (${member.companyId}, ${typeId}, '{"en":"Demo"}', 'presentation', 'green')`);
    await tx.execute(sql`INSERT INTO activity_type_day_stats (company_id, day, user_id, type_id, activities, points)
      VALUES (${member.companyId}, '2026-11-20', ${member.id}, ${typeId}, 1, 5)`);
    const sourceId = crypto.randomUUID();
    await tx.execute(sql`INSERT INTO inbound_sources (company_id, id, name, signature, secret)
      VALUES (${member.companyId}, ${sourceId}, 'Zapier', 'standard_webhooks', 'whsec_c2VjcmV0')`);
    await tx.execute(sql`INSERT INTO inbound_payloads (company_id, source_id, result, body)
      VALUES (${member.companyId}, ${sourceId}, 'kept', '{"id": 1}')`);
    await tx.execute(sql`INSERT INTO inbound_links (company_id, source_id, external_id, activity_id)
      SELECT ${member.companyId}, ${sourceId}, 'x-1', id FROM activities WHERE company_id = ${member.companyId} LIMIT 1`);
    const boardId = crypto.randomUUID();
    await tx.execute(
      sql`INSERT INTO boards (company_id, id, name, sharing, owner_id) VALUES (${member.companyId}, ${boardId}, 'Wall', 'company', ${member.id})`,
    );
    await tx.execute(sql`INSERT INTO board_homes (company_id, user_id, board_id) VALUES (${member.companyId}, ${member.id}, ${boardId})`);
    await tx.execute(sql`INSERT INTO kpis (company_id, names, formula, format)
      VALUES (${member.companyId}, '{"en":"Demos"}', ${JSON.stringify({ kind: 'aggregate', aggregate: 'count', typeIds: [typeId] })}::jsonb, 'number')`);
    await tx.execute(sql`INSERT INTO company_badges (company_id, names, icon, colour, kpi_id, threshold, period)
      VALUES (${member.companyId}, '{"en":"Demo machine"}', 'trophy', 'amber', 'calls', 3, 'day')`);
  });
}

/** Each member's import, by a fixed id per member (the tests below name the other company's). */
const importIds = new Map<string, string>();
const importIdOf = (member: Member) => {
  if (!importIds.has(member.id)) importIds.set(member.id, crypto.randomUUID());
  return importIds.get(member.id)!;
};

async function countRows(tx: Transaction, table: string, companyColumn: string, companyId: string): Promise<number> {
  const result = await tx.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table} WHERE ${companyColumn} = '${companyId}'`));
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

/** drizzle wraps the driver's error; the database's own message is on `cause`. */
async function expectRlsViolation(work: Promise<unknown>): Promise<void> {
  const error = await work.then(
    () => null,
    (e: unknown) => e as Error & { cause?: Error },
  );
  expect(error, 'the write should have been refused').not.toBeNull();
  expect(String(error!.cause?.message ?? error!.message)).toMatch(/row-level security/i);
}

const companyColumn = (table: string) => (table === 'companies' ? 'id' : 'company_id');

beforeAll(async () => {
  t = await createTestApp();
  a = await t.createMember({ role: 'admin', name: 'Alice of A' });
  b = await t.createMember({ role: 'admin', name: 'Bob of B' });
  aColleague = await t.createMember({ companyId: a.companyId, name: 'Ann of A' });
  await seedEveryTable(a, aColleague);
  await seedEveryTable(b, await t.createMember({ companyId: b.companyId, name: 'Ben of B' }));
});
afterAll(() => t.close());

describe('company B is invisible to company A', () => {
  it.each(TENANT_TABLES)('%s: A sees its own rows and none of B', async (table) => {
    await withTenant(t.db, { companyId: a.companyId, userId: a.id }, async (tx) => {
      expect(await countRows(tx, table, companyColumn(table), a.companyId)).toBeGreaterThan(0);
      expect(await countRows(tx, table, companyColumn(table), b.companyId)).toBe(0);
    });
  });

  /**
   * Tables the app may only append to: no UPDATE or DELETE, not even of its own rows (tombstones may
   * be pruned past their horizon, see the next test, but never changed).
   */
  const APPEND_ONLY = new Set<string>(['audit_log', 'deleted_activities', 'domain_event_log']);

  it('deleted_activities: the app removes only its own company tombstones older than 90 days', async () => {
    const tombstone = (company: string, user: string, age: string) =>
      sql`INSERT INTO deleted_activities (company_id, id, user_id, type, local_date, deleted_at)
          VALUES (${company}, gen_random_uuid(), ${user}, 'sale', '2026-01-01', now() - ${age}::interval) RETURNING id`;
    const idOf = (result: unknown) => (result as { rows: { id: string }[] }).rows[0]!.id;
    const aOld = idOf(
      await withTenant(t.db, { companyId: a.companyId, userId: a.id }, (tx) => tx.execute(tombstone(a.companyId, a.id, '91 days'))),
    );
    const aNew = idOf(
      await withTenant(t.db, { companyId: a.companyId, userId: a.id }, (tx) => tx.execute(tombstone(a.companyId, a.id, '89 days'))),
    );
    const bOld = idOf(
      await withTenant(t.db, { companyId: b.companyId, userId: b.id }, (tx) => tx.execute(tombstone(b.companyId, b.id, '91 days'))),
    );
    await withTenant(t.db, { companyId: a.companyId, userId: a.id }, (tx) => tx.execute(sql`DELETE FROM deleted_activities`));
    const left = async (member: typeof a) =>
      withTenant(t.db, { companyId: member.companyId, userId: member.id }, async (tx) =>
        ((await tx.execute(sql`SELECT id FROM deleted_activities`)) as unknown as { rows: { id: string }[] }).rows.map((r) => r.id),
      );
    expect(await left(a)).not.toContain(aOld);
    expect(await left(a)).toContain(aNew);
    expect(await left(b)).toContain(bOld);
  });

  it.each([...APPEND_ONLY])('%s: is never changed, even for its own company', async (table) => {
    // Tombstones age out and the event log forgets an erased person's events (decision 095): both
    // may delete their own company's rows (tested below), never change them.
    const statements =
      table === 'deleted_activities' || table === 'domain_event_log'
        ? [`UPDATE ${table} SET company_id = company_id`]
        : [`UPDATE ${table} SET company_id = company_id`, `DELETE FROM ${table}`];
    for (const statement of statements) {
      const error = await withTenant(t.db, { companyId: a.companyId, userId: a.id }, (tx) => tx.execute(sql.raw(statement))).then(
        () => null,
        (e: unknown) => e as Error & { cause?: Error },
      );
      expect(String(error?.cause?.message ?? error?.message)).toMatch(/permission denied/i);
    }
  });

  it("domain_event_log: A's deletes never reach B's events", async () => {
    await withTenant(t.db, { companyId: a.companyId, userId: a.id }, async (tx) => {
      const deleted = await tx.execute(sql`DELETE FROM domain_event_log WHERE company_id = ${b.companyId}`);
      expect((deleted as unknown as { rowCount?: number }).rowCount ?? (deleted as { affectedRows?: number }).affectedRows ?? 0).toBe(0);
    });
    await withTenant(t.db, { companyId: b.companyId, userId: b.id }, async (tx) => {
      expect(await countRows(tx, 'domain_event_log', 'company_id', b.companyId)).toBeGreaterThan(0);
    });
  });

  it.each(TENANT_TABLES.filter((table) => !APPEND_ONLY.has(table)))('%s: A can neither update nor delete B rows', async (table) => {
    await withTenant(t.db, { companyId: a.companyId, userId: a.id }, async (tx) => {
      const col = companyColumn(table);
      const updated = await tx.execute(sql.raw(`UPDATE ${table} SET ${col} = ${col} WHERE ${col} = '${b.companyId}'`));
      expect(
        (updated as unknown as { rowCount?: number; affectedRows?: number }).rowCount ??
          (updated as { affectedRows?: number }).affectedRows ??
          0,
      ).toBe(0);
      const deleted = await tx.execute(sql.raw(`DELETE FROM ${table} WHERE ${col} = '${b.companyId}'`));
      expect((deleted as unknown as { rowCount?: number }).rowCount ?? (deleted as { affectedRows?: number }).affectedRows ?? 0).toBe(0);
    });
    // B still has its rows.
    await withTenant(t.db, { companyId: b.companyId, userId: b.id }, async (tx) => {
      expect(await countRows(tx, table, companyColumn(table), b.companyId)).toBeGreaterThan(0);
    });
  });

  it.each([
    [
      'activities',
      (c: string, u: string) =>
        sql`INSERT INTO activities (company_id, user_id, type, local_date) VALUES (${c}, ${u}, 'call_unanswered', '2026-11-20')`,
    ],
    ['goals', (c: string, u: string) => sql`INSERT INTO goals (company_id, user_id) VALUES (${c}, ${u})`],
    ['customer_companies', (c: string) => sql`INSERT INTO customer_companies (company_id, name) VALUES (${c}, 'Planted')`],
    ['invitations', (c: string) => sql`INSERT INTO invitations (company_id, code, expires_at) VALUES (${c}, 'planted', now())`],
    ['kpi_rules', (c: string) => sql`INSERT INTO kpi_rules (company_id, kpi_key) VALUES (${c}, 'planted')`],
    ['wrapups', (c: string, u: string) => sql`INSERT INTO wrapups (company_id, user_id, date) VALUES (${c}, ${u}, '2026-01-01')`],
    ['profiles', (c: string, u: string) => sql`INSERT INTO profiles (company_id, user_id) VALUES (${c}, ${u})`],
    [
      'daily_user_stats',
      (c: string, u: string) => sql`INSERT INTO daily_user_stats (company_id, day, user_id) VALUES (${c}, '2026-01-01', ${u})`,
    ],
    ['app_settings', (c: string) => sql`INSERT INTO app_settings (company_id) VALUES (${c}) ON CONFLICT DO NOTHING`],
    ['display_links', (c: string) => sql`INSERT INTO display_links (company_id, name, token_hash) VALUES (${c}, 'Planted', 'planted')`],
    [
      'avatar_images',
      (c: string, u: string) =>
        sql`INSERT INTO avatar_images (company_id, user_id, bytes, content_type) VALUES (${c}, ${u}, '\\x00', 'image/webp')`,
    ],
    [
      'api_tokens',
      (c: string, u: string) =>
        sql`INSERT INTO api_tokens (company_id, user_id, name, token_hash, hint, scopes) VALUES (${c}, ${u}, 'Planted', 'planted', 'x', '{}')`,
    ],
    [
      'deleted_activities',
      (c: string, u: string) =>
        sql`INSERT INTO deleted_activities (company_id, id, user_id, type, local_date) VALUES (${c}, gen_random_uuid(), ${u}, 'sale', '2026-01-01')`,
    ],
    [
      'imports',
      (c: string, u: string) =>
        sql`INSERT INTO imports (company_id, created_by, kind, file_name, columns, row_count, expires_at) VALUES (${c}, ${u}, 'customers', 'x.csv', '[]', 1, now())`,
    ],
    [
      'import_slices',
      (c: string) =>
        sql`INSERT INTO import_slices (import_id, company_id, slice, row_count, cells) SELECT id, ${c}, 0, 1, '[["x"]]' FROM imports LIMIT 1`,
    ],
    [
      'webhook_endpoints',
      (c: string) => sql`INSERT INTO webhook_endpoints (company_id, url, events, secret) VALUES (${c}, 'https://x.test', '{}', 'whsec_x')`,
    ],
    [
      'webhook_deliveries',
      (c: string) =>
        sql`INSERT INTO webhook_deliveries (company_id, endpoint_id, event_type, body) SELECT ${c}, id, 'x', '{}' FROM webhook_endpoints LIMIT 1`,
    ],
    ['teams', (c: string) => sql`INSERT INTO teams (company_id, name) VALUES (${c}, 'Planted')`],
    [
      'team_leads',
      (c: string, u: string) => sql`INSERT INTO team_leads (company_id, team_id, user_id) SELECT ${c}, id, ${u} FROM teams LIMIT 1`,
    ],
    ['company_calendars', (c: string) => sql`INSERT INTO company_calendars (company_id, country) VALUES (${c}, 'DK')`],
    ['company_days_off', (c: string) => sql`INSERT INTO company_days_off (company_id, day, label) VALUES (${c}, '2026-07-01', 'Planted')`],
    [
      'targets',
      (c: string, u: string) =>
        sql`INSERT INTO targets (company_id, user_id, metric, period, value, effective_from) VALUES (${c}, ${u}, 'points', 'day', 1, '2026-01-01')`,
    ],
    ['digest_weeks', (c: string) => sql`INSERT INTO digest_weeks (company_id, week_start, lease_until) VALUES (${c}, '2026-01-05', now())`],
    [
      'wrapup_reads',
      (c: string, u: string) =>
        sql`INSERT INTO wrapup_reads (company_id, wrapup_id, user_id, read_at) SELECT ${c}, id, ${u}, now() FROM wrapups LIMIT 1`,
    ],
    [
      'wrapup_comments',
      (c: string, u: string) =>
        sql`INSERT INTO wrapup_comments (company_id, wrapup_id, user_id, author_id, body) SELECT ${c}, id, user_id, ${u}, 'Planted' FROM wrapups LIMIT 1`,
    ],
    [
      'coaching_notes',
      (c: string, u: string) =>
        sql`INSERT INTO coaching_notes (company_id, user_id, author_id, kind, body) SELECT ${c}, user_id, ${u}, 'note', 'Planted' FROM profiles WHERE user_id <> ${u} LIMIT 1`,
    ],
    ['feed_events', (c: string, u: string) => sql`INSERT INTO feed_events (company_id, kind, user_id) VALUES (${c}, 'goal.reached', ${u})`],
    [
      'badges',
      (c: string, u: string) =>
        sql`INSERT INTO badges (company_id, user_id, kind, local_date) VALUES (${c}, ${u}, 'first_sale', '2026-01-05')`,
    ],
    ['badge_settings', (c: string) => sql`INSERT INTO badge_settings (company_id) VALUES (${c})`],
    [
      'contests',
      (c: string) =>
        sql`INSERT INTO contests (company_id, series_id, name, starts_on, ends_on, participants, mode, weights)
            VALUES (${c}, gen_random_uuid(), 'Planted', '2026-01-05', '2026-01-09', 'everyone', 'individual', '[]')`,
    ],
    ['tv_playlists', (c: string) => sql`INSERT INTO tv_playlists (company_id, name, screens) VALUES (${c}, 'Planted', '[]')`],
    ['celebration_settings', (c: string) => sql`INSERT INTO celebration_settings (company_id) VALUES (${c})`],
    [
      'feed_reactions',
      (c: string, u: string) =>
        sql`INSERT INTO feed_reactions (company_id, feed_event_id, user_id, emoji) SELECT ${c}, id, ${u}, '🔥' FROM feed_events LIMIT 1`,
    ],
    [
      'push_subscriptions',
      (c: string, u: string) =>
        sql`INSERT INTO push_subscriptions (company_id, user_id, endpoint, p256dh, auth) VALUES (${c}, ${u}, 'https://push.example.com/planted', 'k', 'a')`,
    ],
    ['push_preferences', (c: string, u: string) => sql`INSERT INTO push_preferences (company_id, user_id) VALUES (${c}, ${u})`],
    [
      'push_outbox',
      (c: string, u: string) => sql`INSERT INTO push_outbox (company_id, user_id, kind) VALUES (${c}, ${u}, 'wrapup_reminder')`,
    ],
    [
      'activity_types',
      (c: string) => sql`INSERT INTO activity_types (company_id, names, icon, colour) VALUES (${c}, '{"en":"Planted"}', 'star', 'blue')`,
    ],
    [
      'activity_type_day_stats',
      (c: string, u: string) =>
        sql`INSERT INTO activity_type_day_stats (company_id, day, user_id, type_id) VALUES (${c}, '2026-01-01', ${u}, gen_random_uuid())`,
    ],
    [
      'inbound_sources',
      (c: string) => sql`INSERT INTO inbound_sources (company_id, name, signature, secret) VALUES (${c}, 'Planted', 'hmac_sha256', 'k')`,
    ],
    [
      'inbound_payloads',
      (c: string) => sql`INSERT INTO inbound_payloads (company_id, source_id, result) VALUES (${c}, gen_random_uuid(), 'kept')`,
    ],
    [
      'inbound_links',
      (c: string) =>
        sql`INSERT INTO inbound_links (company_id, source_id, external_id, activity_id) VALUES (${c}, gen_random_uuid(), 'x', gen_random_uuid())`,
    ],
    [
      'activity_type_month_stats',
      (c: string, u: string) =>
        sql`INSERT INTO activity_type_month_stats (company_id, month, user_id, type_id) VALUES (${c}, '2026-01-01', ${u}, gen_random_uuid())`,
    ],
    [
      'boards',
      (c: string, u: string) => sql`INSERT INTO boards (company_id, name, sharing, owner_id) VALUES (${c}, 'Planted', 'company', ${u})`,
    ],
    [
      'board_homes',
      (c: string, u: string) => sql`INSERT INTO board_homes (company_id, user_id, board_id) VALUES (${c}, ${u}, gen_random_uuid())`,
    ],
    [
      'kpis',
      (c: string) =>
        sql`INSERT INTO kpis (company_id, names, formula, format) VALUES (${c}, '{"en":"Planted"}', '{"kind":"aggregate"}', 'number')`,
    ],
    [
      'company_badges',
      (c: string) => sql`INSERT INTO company_badges (company_id, names, icon, colour, kpi_id, threshold, period)
        VALUES (${c}, '{"en":"Planted"}', 'trophy', 'amber', 'calls', 3, 'day')`,
    ],
  ] as const)('%s: A cannot insert a row into B', async (_table, insert) => {
    await expectRlsViolation(withTenant(t.db, { companyId: a.companyId, userId: a.id }, (tx) => tx.execute(insert(b.companyId, a.id))));
  });

  it("an import writes other members' activities only under its own company's import (decision 039)", async () => {
    const colleague = await t.createMember({ companyId: a.companyId });
    const insertAs = (importId: string) =>
      withTenant(t.db, { companyId: a.companyId, userId: a.id }, async (tx) => {
        await tx.execute(sql`SELECT set_config('app.bulk_import', ${importId}, true)`);
        await tx.execute(sql`INSERT INTO activities (company_id, user_id, type, local_date, import_id)
          VALUES (${a.companyId}, ${colleague.id}, 'call_unanswered', '2026-11-20', ${importId})`);
      });
    // B's import named in A's transaction counts for nothing: A cannot see it.
    await expectRlsViolation(insertAs(importIdOf(b)));
    // A's own import lets A's admin write the colleague's imported row.
    await insertAs(importIdOf(a));
  });

  it('a member reacts only as themself, and takes back only their own reactions (decision 051)', async () => {
    const colleague = await t.createMember({ companyId: a.companyId });
    const asColleague = <T>(run: (tx: Parameters<Parameters<typeof withTenant>[2]>[0]) => Promise<T>) =>
      withTenant(t.db, { companyId: a.companyId, userId: colleague.id }, run);
    await expectRlsViolation(
      asColleague((tx) =>
        tx.execute(sql`INSERT INTO feed_reactions (company_id, feed_event_id, user_id, emoji)
          SELECT company_id, id, ${a.id}, '😂' FROM feed_events WHERE company_id = ${a.companyId} LIMIT 1`),
      ),
    );
    // A's own reaction stays whatever the colleague deletes.
    await asColleague((tx) => tx.execute(sql`DELETE FROM feed_reactions`));
    const left = await withTenant(t.db, { companyId: a.companyId, userId: a.id }, (tx) =>
      tx.execute(sql`SELECT count(*)::int AS n FROM feed_reactions WHERE user_id = ${a.id}`),
    );
    expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThan(0);
  });

  it('a member cannot write activities, goals or wrap-ups as another member of the same company', async () => {
    const colleague = await t.createMember({ companyId: a.companyId });
    // A rep (the admin `a` may set a colleague's goals: decision 044, proven below).
    const rep = await t.createMember({ companyId: a.companyId });
    for (const statement of [
      sql`INSERT INTO activities (company_id, user_id, type, local_date) VALUES (${a.companyId}, ${colleague.id}, 'call_unanswered', '2026-11-20')`,
      sql`INSERT INTO goals (company_id, user_id) VALUES (${a.companyId}, ${colleague.id})`,
      sql`INSERT INTO wrapups (company_id, user_id, date) VALUES (${a.companyId}, ${colleague.id}, '2026-11-21')`,
    ]) {
      await expectRlsViolation(withTenant(t.db, { companyId: a.companyId, userId: rep.id }, (tx) => tx.execute(statement)));
    }
    await withTenant(t.db, { companyId: a.companyId, userId: a.id }, (tx) =>
      tx.execute(sql`INSERT INTO goals (company_id, user_id) VALUES (${a.companyId}, ${colleague.id})`),
    );
  });

  it("a member's team is one of the company's own, and app_leads_member() sees only the lead's people (decision 040)", async () => {
    const colleague = await t.createMember({ companyId: a.companyId });
    const stranger = await t.createMember({ companyId: a.companyId });
    const teamOf = (member: Member) =>
      withTenant(t.db, { companyId: member.companyId, userId: member.id }, async (tx) => {
        const result = await tx.execute(sql`SELECT id FROM teams WHERE name = 'Oslo'`);
        return (result as unknown as { rows: { id: string }[] }).rows[0]!.id;
      });
    const teamOfA = await teamOf(a);
    const teamOfB = await teamOf(b);
    await withTenant(t.db, { companyId: a.companyId, userId: a.id }, (tx) =>
      tx.execute(sql`UPDATE profiles SET team_id = ${teamOfA} WHERE company_id = ${a.companyId} AND user_id = ${colleague.id}`),
    );
    // B's team id, even when known, cannot be given to a member of A: the key carries the company.
    const refused = await withTenant(t.db, { companyId: a.companyId, userId: a.id }, (tx) =>
      tx.execute(sql`UPDATE profiles SET team_id = ${teamOfB} WHERE company_id = ${a.companyId} AND user_id = ${stranger.id}`),
    ).then(
      () => null,
      (e: unknown) => e as Error & { cause?: Error },
    );
    expect(String(refused?.cause?.message ?? refused?.message)).toMatch(/foreign key/i);
    // Nor to a display link of A (a wall per team, decision 040 amended).
    const wall = await withTenant(t.db, { companyId: a.companyId, userId: a.id }, (tx) =>
      tx.execute(
        sql`INSERT INTO display_links (company_id, name, token_hash, team_id) VALUES (${a.companyId}, 'Oslo wall', ${`wall-${a.id}`}, ${teamOfB})`,
      ),
    ).then(
      () => null,
      (e: unknown) => e as Error & { cause?: Error },
    );
    expect(String(wall?.cause?.message ?? wall?.message)).toMatch(/foreign key/i);
    // Nor can a link of A rotate through B's playlist (decision 052): that key carries the company too.
    const playlistOfB = await withTenant(t.db, { companyId: b.companyId, userId: b.id }, async (tx) => {
      const result = await tx.execute(sql`SELECT id FROM tv_playlists LIMIT 1`);
      return (result as unknown as { rows: { id: string }[] }).rows[0]!.id;
    });
    const rotating = await withTenant(t.db, { companyId: a.companyId, userId: a.id }, (tx) =>
      tx.execute(
        sql`INSERT INTO display_links (company_id, name, token_hash, playlist_id) VALUES (${a.companyId}, 'Foreign playlist', ${`pl-${a.id}`}, ${playlistOfB})`,
      ),
    ).then(
      () => null,
      (e: unknown) => e as Error & { cause?: Error },
    );
    expect(String(rotating?.cause?.message ?? rotating?.message)).toMatch(/foreign key/i);
    const leads = (as: Member, of: string) =>
      withTenant(t.db, { companyId: as.companyId, userId: as.id }, async (tx) => {
        const result = await tx.execute(sql`SELECT app_leads_member(${of}) AS leads`);
        return (result as unknown as { rows: { leads: boolean }[] }).rows[0]!.leads;
      });
    expect(await leads(a, colleague.id)).toBe(true);
    expect(await leads(a, stranger.id)).toBe(false);
    // B leads its own Oslo team, never A's members.
    expect(await leads(b, colleague.id)).toBe(false);
    expect(await leads(colleague, a.id)).toBe(false);
  });

  it('1:1 notes are hidden from the rep they are about, and the erasure flag opens nothing to app_user (decision 045)', async () => {
    const count = (member: Member, erasing: string) =>
      withTenant(t.db, { companyId: member.companyId, userId: member.id }, async (tx) => {
        await tx.execute(sql`SELECT set_config('app.erasing_user', ${erasing}, true)`);
        const deleted = await tx.execute(sql`DELETE FROM coaching_notes`);
        const result = await tx.execute(sql`SELECT count(*)::int AS n FROM coaching_notes`);
        await tx.execute(sql`SELECT set_config('app.erasing_user', '', true)`);
        return {
          deleted: (deleted as unknown as { rowCount?: number }).rowCount ?? 0,
          n: (result as unknown as { rows: { n: number }[] }).rows[0]!.n,
        };
      }).catch((error: unknown) => ({ error }));
    // The rep, even naming themself as the person being erased, sees and deletes nothing.
    expect(await count(aColleague, aColleague.id)).toEqual({ deleted: 0, n: 0 });
    // The admin who wrote it sees it (the DELETE above ran in a transaction of its own: count again without deleting).
    const seen = await withTenant(t.db, { companyId: a.companyId, userId: a.id }, (tx) =>
      tx.execute(sql`SELECT count(*)::int AS n FROM coaching_notes`),
    );
    expect((seen as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });

  it('every table that holds company data is listed here, with row-level security enabled and forced', async () => {
    // A new tenant table cannot slip past these tests: the catalog names every table with a
    // company_id (companies is keyed by its id), and each must be in TENANT_TABLES and forced.
    const result = await t.db.execute(sql`
      SELECT c.relname AS name, c.relrowsecurity AS enabled, c.relforcerowsecurity AS forced
      FROM pg_class c
      WHERE c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace
        AND (c.relname = 'companies' OR EXISTS (
          SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'company_id' AND NOT a.attisdropped))
      ORDER BY c.relname`);
    const tables = (result as unknown as { rows: { name: string; enabled: boolean; forced: boolean }[] }).rows;
    expect(tables.map((row) => row.name)).toEqual([...TENANT_TABLES].sort());
    expect(tables.filter((row) => !row.enabled || !row.forced)).toEqual([]);
  });

  it('without a company scope nothing is visible', async () => {
    await withTenant(t.db, { companyId: null, userId: null }, async (tx) => {
      for (const table of TENANT_TABLES) {
        const result = await tx.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
        expect((result as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
      }
    });
  });

  it('the people table shows only members of the current company', async () => {
    await withTenant(t.db, { companyId: a.companyId, userId: a.id }, async (tx) => {
      const result = await tx.execute(sql`SELECT id FROM "user"`);
      const ids = (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
      expect(ids).toContain(a.id);
      expect(ids).not.toContain(b.id);
    });
  });

  it('a member cannot store a picture as another member of the same company', async () => {
    const colleague = await t.createMember({ companyId: a.companyId });
    await expectRlsViolation(
      withTenant(t.db, { companyId: a.companyId, userId: a.id }, (tx) =>
        tx.execute(
          sql`INSERT INTO avatar_images (company_id, user_id, bytes, content_type) VALUES (${a.companyId}, ${colleague.id}, '\\x00', 'image/webp')`,
        ),
      ),
    );
  });

  it('a picture of B is readable without a company only by presenting its id, and only that one', async () => {
    const ids = await withTenant(t.db, { companyId: b.companyId, userId: b.id }, async (tx) => {
      const result = await tx.execute(sql`SELECT id FROM avatar_images`);
      return (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
    });
    expect(ids).toHaveLength(1);
    await withTenant(t.db, { companyId: null, userId: null, avatarId: ids[0]! }, async (tx) => {
      const result = await tx.execute(sql`SELECT company_id FROM avatar_images`);
      expect((result as unknown as { rows: { company_id: string }[] }).rows).toEqual([{ company_id: b.companyId }]);
      // Holding an id grants reading, nothing else.
      const deleted = await tx.execute(sql`DELETE FROM avatar_images`);
      expect(
        (deleted as unknown as { rowCount?: number; affectedRows?: number }).rowCount ??
          (deleted as { affectedRows?: number }).affectedRows ??
          0,
      ).toBe(0);
    });
  });

  it('a personal access token of B is readable without a company only by presenting its hash, and only that one', async () => {
    await withTenant(t.db, { companyId: null, userId: null }, async (tx) => {
      await tx.execute(sql`SELECT set_config('app.api_token_hash', ${`token-hash-${b.id}`}, true)`);
      const result = await tx.execute(sql`SELECT company_id FROM api_tokens`);
      expect((result as unknown as { rows: { company_id: string }[] }).rows).toEqual([{ company_id: b.companyId }]);
      // Holding a hash grants reading, nothing else.
      const deleted = await tx.execute(sql`DELETE FROM api_tokens`);
      expect(
        (deleted as unknown as { rowCount?: number; affectedRows?: number }).rowCount ??
          (deleted as { affectedRows?: number }).affectedRows ??
          0,
      ).toBe(0);
    });
  });

  it('a member cannot make a personal access token for another member of the same company', async () => {
    const colleague = await t.createMember({ companyId: a.companyId });
    await expectRlsViolation(
      withTenant(t.db, { companyId: a.companyId, userId: a.id }, (tx) =>
        tx.execute(
          sql`INSERT INTO api_tokens (company_id, user_id, name, token_hash, hint, scopes) VALUES (${a.companyId}, ${colleague.id}, 'x', 'stolen', 'x', '{}')`,
        ),
      ),
    );
  });

  it("the delivery worker's flag opens no other company's webhooks to app_user", async () => {
    await withTenant(t.db, { companyId: a.companyId, userId: a.id }, async (tx) => {
      await tx.execute(sql`SELECT set_config('app.webhook_worker', 'on', true)`);
      for (const table of ['webhook_endpoints', 'webhook_deliveries']) {
        expect(await countRows(tx, table, 'company_id', b.companyId), table).toBe(0);
      }
    });
  });

  it("the digest scheduler's flag opens no other company to app_user (decision 047)", async () => {
    await withTenant(t.db, { companyId: a.companyId, userId: a.id }, async (tx) => {
      await tx.execute(sql`SELECT set_config('app.digest_worker', 'on', true)`);
      expect(await countRows(tx, 'companies', 'id', b.companyId)).toBe(0);
      expect(await countRows(tx, 'digest_weeks', 'company_id', b.companyId)).toBe(0);
    });
  });

  it('an invitation of B is readable only by presenting its code', async () => {
    await withTenant(t.db, { companyId: null, userId: a.id, invitationCode: `code-${b.id}` }, async (tx) => {
      const result = await tx.execute(sql`SELECT company_id FROM invitations`);
      const rows = (result as unknown as { rows: { company_id: string }[] }).rows;
      expect(rows).toEqual([{ company_id: b.companyId }]);
    });
  });
});

describe('company B is invisible to company A through the API', () => {
  it('/me shows each member only their own company', async () => {
    const meA = (await (await t.request('/api/v1/me', { as: a })).json()) as { company: { id: string } };
    const meB = (await (await t.request('/api/v1/me', { as: b })).json()) as { company: { id: string } };
    expect(meA.company.id).toBe(a.companyId);
    expect(meB.company.id).toBe(b.companyId);
  });
});

import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { toCompanyId, withInstance } from '../db/tenant';

/*
 * Digests of the database's rows, to prove a request wrote nothing (the authorization matrix) or
 * nothing of another company (the HTTP isolation test). Tables are found in the catalog, so a new
 * table is covered without anyone remembering to add it.
 */

/** Counters that every request may touch (better-auth's and the app's rate limits) are not data. */
const IGNORED_TABLES = new Set(['rate_limit', 'app_rate_limits']);

type DigestRow = { name: string; n: number; digest: string };

export type Snapshotter = Awaited<ReturnType<typeof createSnapshotter>>;

export async function createSnapshotter(db: Database) {
  const tables = await withInstance(db, { companyId: null, userId: null }, async (tx) => {
    const result = await tx.execute(sql`
      SELECT c.relname AS name,
             EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'company_id' AND NOT a.attisdropped) AS tenant,
             EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'user_id' AND NOT a.attisdropped) AS personal
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind = 'r'
       ORDER BY c.relname`);
    return (result as unknown as { rows: { name: string; tenant: boolean; personal: boolean }[] }).rows;
  });
  const kept = tables.filter((r) => !IGNORED_TABLES.has(r.name));
  /** Tables whose rows belong to one company (row-level security reads them in its scope). */
  const tenantTables = kept.filter((r) => r.tenant || r.name === 'companies').map((r) => r.name);
  const globalTables = kept.filter((r) => !r.tenant && r.name !== 'companies').map((r) => r.name);
  /** Global tables with rows of one person (better-auth's sessions and accounts, ...). */
  const personalTables = kept.filter((r) => !r.tenant && r.personal).map((r) => r.name);

  /** One query: each table's row count and a digest of its rows (`where` may narrow each table). */
  const digestOf = (names: string[], where: string | ((name: string) => string) = '') =>
    sql.raw(
      names
        .map(
          (name) =>
            `SELECT '${name}' AS name, count(*)::int AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM "${name}" t ${typeof where === 'string' ? where : where(name)}`,
        )
        .join(' UNION ALL '),
    );
  const rowsOf = (result: unknown) => (result as { rows: DigestRow[] }).rows;

  /**
   * Tenant tables in one company's scope (their policies are forced, even for the owning role on
   * PostgreSQL; PGlite's owner is a superuser and sees every company's rows). `only` keeps the
   * company's own rows alone, on both engines.
   */
  async function snapshotCompany(companyId: string, out: Record<string, string> = {}, only = false): Promise<Record<string, string>> {
    const literal = `'${companyId.replaceAll("'", "''")}'`;
    const where = (name: string) => (only ? `WHERE t.${name === 'companies' ? 'id' : 'company_id'} = ${literal}` : '');
    const rows = await withInstance(db, { companyId: toCompanyId(companyId), userId: null }, async (tx) =>
      rowsOf(await tx.execute(digestOf(tenantTables, where))),
    );
    for (const row of rows) out[`${companyId}:${row.name}`] = `${row.n}:${row.digest}`;
    return out;
  }

  return {
    tenantTables,
    globalTables,

    /** Every table: tenant tables inside each company's scope, the rest as the owner. */
    async snapshot(companyIds: string[]): Promise<Record<string, string>> {
      const out: Record<string, string> = {};
      for (const companyId of companyIds) await snapshotCompany(companyId, out);
      for (const row of rowsOf(await db.execute(digestOf(globalTables)))) out[row.name] = `${row.n}:${row.digest}`;
      return out;
    },

    /**
     * Everything of one company: its tenant tables, its people's rows in the global tables (the
     * better-auth user, their sessions and accounts), and other global rows it owns, by id (the
     * operator company's contact requests).
     */
    async snapshotOf(companyId: string, userIds: string[], globalRows: Record<string, string[]> = {}): Promise<Record<string, string>> {
      const out = await snapshotCompany(companyId, {}, true);
      const list = (ids: string[]) => ids.map((id) => `'${id.replaceAll("'", "''")}'`).join(', ') || 'NULL';
      const people = list(userIds);
      for (const row of rowsOf(await db.execute(digestOf(['user'], `WHERE t.id IN (${people})`))))
        out[`people:${row.name}`] = `${row.n}:${row.digest}`;
      for (const row of rowsOf(await db.execute(digestOf(personalTables, `WHERE t.user_id IN (${people})`))))
        out[`people:${row.name}`] = `${row.n}:${row.digest}`;
      for (const [table, ids] of Object.entries(globalRows)) {
        for (const row of rowsOf(await db.execute(digestOf([table], `WHERE t.id IN (${list(ids)})`))))
          out[`rows:${row.name}`] = `${row.n}:${row.digest}`;
      }
      return out;
    },
  };
}

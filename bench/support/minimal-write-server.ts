/*
 * The write path's floor, for bench/write.bench.ts: a bare node:http server that logs a call with
 * only what the database needs for it, on the same database as the app:
 *
 *   BEGIN; SET LOCAL ROLE app_user; SELECT set_config('app.company_id', ...), set_config('app.user_id', ...);
 *   INSERT INTO activities (...) RETURNING id; COMMIT
 *
 * Five statements, the rollup and notify triggers firing as they do for the app. No session, no
 * membership, no rules, no validation beyond JSON.parse: the member is named by two request headers
 * (x-company-id, x-user-id). Never part of the product; it exists to be compared with.
 *
 *   BENCH_ENGINE=postgres DATABASE_URL=postgres://...   (a pg.Pool of the app's size, 10)
 *   BENCH_ENGINE=pglite   DATA_DIR=/path/to/data        (the app's folder, while the app is stopped)
 *   PORT, HOST (127.0.0.1), BENCH_TIMEZONE (the company's zone, for local_date)
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { computeLocalDate } from '@core/period';
import { pgliteOptions } from '../../server/db/client';

const engine = process.env.BENCH_ENGINE === 'pglite' ? 'pglite' : 'postgres';
const timezone = process.env.BENCH_TIMEZONE ?? 'Europe/Oslo';
const port = Number(process.env.PORT ?? 0);
const host = process.env.HOST ?? '127.0.0.1';

const SET_SCOPE = "SELECT set_config('app.company_id', $1, true), set_config('app.user_id', $2, true)";
const INSERT = `INSERT INTO activities (company_id, user_id, type, customer_name, local_date)
  VALUES ($1, $2, 'call_answered', $3, $4) RETURNING id`;

type Write = (companyId: string, userId: string, customerName: string | null) => Promise<string>;

async function openWrite(): Promise<{ write: Write; close: () => Promise<void> }> {
  if (engine === 'postgres') {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    return {
      write: async (companyId, userId, customerName) => {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          await client.query('SET LOCAL ROLE app_user');
          await client.query(SET_SCOPE, [companyId, userId]);
          const { rows } = await client.query<{ id: string }>(INSERT, [
            companyId,
            userId,
            customerName,
            computeLocalDate(new Date(), timezone),
          ]);
          await client.query('COMMIT');
          return rows[0]!.id;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const dataDir = process.env.DATA_DIR;
  if (!dataDir) throw new Error('DATA_DIR is not set');
  const client = new PGlite(dataDir, pgliteOptions());
  await client.waitReady;
  return {
    // PGlite's transaction() sends BEGIN and COMMIT (or ROLLBACK) itself.
    write: (companyId, userId, customerName) =>
      client.transaction(async (tx) => {
        await tx.exec('SET LOCAL ROLE app_user');
        await tx.query(SET_SCOPE, [companyId, userId]);
        const { rows } = await tx.query<{ id: string }>(INSERT, [companyId, userId, customerName, computeLocalDate(new Date(), timezone)]);
        return rows[0]!.id;
      }),
    close: () => client.close(),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

function answer(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function main() {
  const { write, close } = await openWrite();
  const server = createServer((req, res) => {
    if (req.url === '/api/health') return answer(res, 200, { ok: true });
    if (req.method !== 'POST' || req.url !== '/write') return answer(res, 404, { error: 'not found' });
    void (async () => {
      try {
        const input = JSON.parse(await readBody(req)) as { customerName?: string };
        const id = await write(String(req.headers['x-company-id']), String(req.headers['x-user-id']), input.customerName ?? null);
        answer(res, 201, { id });
      } catch (error) {
        answer(res, 500, { error: (error as Error).message });
      }
    })();
  });
  server.keepAliveTimeout = 65_000;
  server.listen(port, host);
  const stop = () => {
    server.close();
    server.closeAllConnections();
    void close().finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});

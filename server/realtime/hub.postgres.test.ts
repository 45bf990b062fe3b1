import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTEN_APPLICATION_NAME } from '../db/client';
import { seedActivity } from '../seed/activities';
import { createTestApp, type TestApp } from '../test/test-app';
import type { LiveChange } from '@core/contracts';

/*
 * PostgreSQL only (vitest.config.ts collects *.postgres.test.ts only when TEST_DATABASE_URL is
 * set): the server's LISTEN connection can be lost; PGlite's lives in this process and cannot.
 */

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
let rep: Member;
beforeAll(async () => {
  t = await createTestApp();
  rep = await t.createMember({ name: 'Rita Rep' });
});
afterAll(() => t.close());

// The LISTEN connection is a PostgreSQL server's (PGlite lives in this process and cannot lose it).
describe('a lost LISTEN connection on a PostgreSQL server', () => {
  it('is re-opened by itself; streams resynchronise and later changes arrive again', async () => {
    const resyncs: number[] = [];
    const stopResync = t.deps.realtime.onResync(() => resyncs.push(Date.now()));
    const received: LiveChange[] = [];
    const unsubscribe = t.deps.realtime.subscribe(rep.companyId, (change) => received.push(change));
    try {
      // Cut the listener off, as a database restart or a network failure would.
      const killed = await t.db.execute(
        sql`SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity
             WHERE datname = current_database() AND application_name = ${LISTEN_APPLICATION_NAME}`,
      );
      expect((killed as unknown as { rows: { ok: boolean }[] }).rows).toEqual([{ ok: true }]);
      const deadline = Date.now() + 10_000;
      while (resyncs.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(resyncs).toHaveLength(1);

      const later = await seedActivity(t.db, {
        companyId: rep.companyId,
        userId: rep.id,
        at: new Date(),
        timezone: 'Europe/Oslo',
        type: 'email',
      });
      const until = Date.now() + 5_000;
      while (!received.some((c) => c.id === later.id) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(received.map((c) => c.id)).toContain(later.id);
    } finally {
      unsubscribe();
      stopResync();
    }
  });
});

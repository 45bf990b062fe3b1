import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../db/client';
import { markEmailVerified, seedCompany, seedMembership } from '../seed/factories';
import { type EventStream, openEventStream } from '../test/event-stream';
import { findFreePort, type ServerProcess, spawnServerProcess, startServerProcess } from '../test/server-process';
import { createTestDatabase, testEngine } from '../test/test-database';
import { copyPgliteFolder } from '../test/base-database';
import { toUserId, withTenant } from '../db/tenant';

/*
 * Several instances of the real server (child processes, as `npm start` runs them). On PostgreSQL
 * they share one database, and live events travel between them through LISTEN/NOTIFY: a call
 * logged through one reaches streams opened on the other, and a member removed through either
 * loses the streams held on both. The embedded engine has no server to share: there, the rule is
 * that a second instance refuses to start on a data folder in use (server/lib/data-dir-lock.ts).
 * Each engine's run proves its own rule; nothing is skipped.
 */

if (testEngine === 'postgres') {
  describe('two instances on one PostgreSQL database', () => {
    let database: DbHandle;
    let a: ServerProcess;
    let b: ServerProcess;
    /** The address a load balancer would give both (cookies and the Origin check name it). */
    let publicUrl: string;
    const streams: EventStream[] = [];
    const covered = { changesReceived: 0, streamsRevoked: 0, instances: 2 };

    type Person = { id: string; cookie: string };

    async function call(instance: ServerProcess, path: string, init: { method?: string; as?: Person; json?: unknown } = {}) {
      const headers: Record<string, string> = { origin: publicUrl };
      if (init.as) headers.cookie = init.as.cookie;
      if (init.json !== undefined) headers['content-type'] = 'application/json';
      return fetch(`${instance.baseUrl}${path}`, {
        method: init.method ?? 'GET',
        headers,
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
      });
    }

    /** Signs up through one instance and signs in through the other: sessions live in the shared database. */
    async function createPerson(name: string, companyId: string, role: 'admin' | 'user'): Promise<Person> {
      const email = `${name.toLowerCase().replaceAll(' ', '.')}-${crypto.randomUUID().slice(0, 8)}@example.com`;
      const password = `${crypto.randomUUID()}-Fjord-${crypto.randomUUID()}`;
      const signUp = await call(a, '/api/auth/sign-up/email', { method: 'POST', json: { email, password, name } });
      expect(signUp.status, await signUp.clone().text()).toBe(200);
      const { user } = (await signUp.json()) as { user: { id: string } };
      await markEmailVerified(database.db, toUserId(user.id));
      await seedMembership(database.db, { companyId, userId: user.id, role });
      const signIn = await call(b, '/api/auth/sign-in/email', { method: 'POST', json: { email, password } });
      expect(signIn.status, await signIn.clone().text()).toBe(200);
      const cookie = signIn.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      return { id: user.id, cookie };
    }

    async function openEvents(instance: ServerProcess, as: Person, label: string): Promise<EventStream> {
      const stream = openEventStream(await call(instance, '/api/v1/events', { as }), { label, waitMs: 10_000 });
      streams.push(stream);
      expect(await stream.until(/event: ready/)).toContain('event: ready');
      return stream;
    }

    async function logCall(instance: ServerProcess, as: Person): Promise<string> {
      const response = await call(instance, '/api/v1/activities', { method: 'POST', as, json: { kind: 'call', answered: false } });
      expect(response.status, await response.clone().text()).toBe(201);
      return ((await response.json()) as { id: string }).id;
    }

    async function expectChange(stream: EventStream, activityId: string) {
      const text = await stream.until(new RegExp(`event: change\\ndata: \\{"table":"activities","op":"INSERT","id":"${activityId}"`));
      expect(text, `${stream.label} heard ${activityId}`).toContain(`"id":"${activityId}"`);
      covered.changesReceived++;
    }

    beforeAll(async () => {
      // Empty: both instances below migrate it at once, as after a deploy.
      database = await createTestDatabase({ empty: true });
      const name = ((await database.db.execute(sql`SELECT current_database() AS name`)) as unknown as { rows: { name: string }[] }).rows[0]!
        .name;
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      // Both start at once, as after a deploy: the migrations' advisory lock lets one migrate.
      const port = await findFreePort();
      publicUrl = `http://127.0.0.1:${port}`;
      [a, b] = await Promise.all([
        startServerProcess({ databaseUrl: url.toString() }, { PUBLIC_URL: publicUrl }, 'instance A'),
        startServerProcess({ databaseUrl: url.toString() }, { PUBLIC_URL: publicUrl }, 'instance B'),
      ]);
    }, 120_000);

    afterAll(async () => {
      await Promise.all(streams.map((s) => s.close()));
      await Promise.all([a?.kill('SIGTERM'), b?.kill('SIGTERM')]);
      await database?.close();
      console.info(
        `[two instances] ${covered.instances} server processes on one PostgreSQL database: ` +
          `${covered.changesReceived} changes received across instances, ${covered.streamsRevoked} streams of a removed member closed`,
      );
    });

    it('a call logged through one instance reaches streams opened on the other, both ways', async () => {
      const company = await seedCompany(database.db, { name: 'Two ServerProcesss AS' });
      const rep = await createPerson('Rita Rep', company.id, 'user');
      const watcher = await createPerson('Walter Watcher', company.id, 'user');
      const onA = await openEvents(a, watcher, 'watcher on A');
      const onB = await openEvents(b, watcher, 'watcher on B');

      const viaA = await logCall(a, rep);
      await expectChange(onB, viaA);
      await expectChange(onA, viaA);
      const viaB = await logCall(b, rep);
      await expectChange(onA, viaB);
      await expectChange(onB, viaB);
    });

    it("a member removed through either instance loses their streams on both ('revoked'), and may not reopen one", async () => {
      const company = await seedCompany(database.db, { name: 'Removals AS' });
      const admin = await createPerson('Ada Admin', company.id, 'admin');
      const rep = await createPerson('Rolf Rep', company.id, 'user');
      for (const [remover, label] of [
        [b, 'removed through B'],
        [a, 'removed through A'],
      ] as const) {
        const leaver = await createPerson(`Lea Leaver ${label.slice(-1)}`, company.id, 'user');
        const leaverOnA = await openEvents(a, leaver, `leaver on A (${label})`);
        const leaverOnB = await openEvents(b, leaver, `leaver on B (${label})`);
        const stayerOnA = await openEvents(a, rep, `colleague on A (${label})`);

        const removal = await call(remover, `/api/v1/team/members/${leaver.id}`, { method: 'DELETE', as: admin });
        expect(removal.status, await removal.clone().text()).toBe(200);
        for (const stream of [leaverOnA, leaverOnB]) {
          expect(await stream.until(/event: revoked/), stream.label).toContain('event: revoked');
          await stream.until(/$^/, 2000); // the server ends it after the event
          expect(stream.state.done, `${stream.label} ended`).toBe(true);
          covered.streamsRevoked++;
        }
        // The company goes on, without the former member; the colleague still hears it.
        await expectChange(stayerOnA, await logCall(b, rep));
        expect(leaverOnA.state.text.slice(leaverOnA.state.text.indexOf('event: revoked'))).not.toContain('event: change');
        for (const instance of [a, b]) expect((await call(instance, '/api/v1/events', { as: leaver })).status).toBe(403);
      }
    });

    it('each instance remembers who a session is, and forgets at once: sign-out, removal and a lost role are refused on the very next request, on both', async () => {
      const company = await seedCompany(database.db, { name: 'Forgetful Caches AS' });
      const admin = await createPerson('Ada Admin', company.id, 'admin');
      const leaving = await createPerson('Sigve Signout', company.id, 'user');
      const removed = await createPerson('Rune Removed', company.id, 'user');
      const demoted = await createPerson('Dina Demoted', company.id, 'admin');
      // Both instances know all three (the actor cache): their next requests need no lookup.
      for (const instance of [a, b]) {
        for (const person of [leaving, removed]) expect((await call(instance, '/api/v1/scoreboard/kpis', { as: person })).status).toBe(200);
        expect((await call(instance, '/api/v1/admin/audit-log', { as: demoted })).status).toBe(200);
      }

      // Signed out through A: refused at once on B, and on A.
      expect((await call(a, '/api/auth/sign-out', { method: 'POST', as: leaving, json: {} })).status).toBe(200);
      expect((await call(b, '/api/v1/scoreboard/kpis', { as: leaving })).status).toBe(401);
      expect((await call(a, '/api/v1/scoreboard/kpis', { as: leaving })).status).toBe(401);

      // Removed through B: refused at once on A, and on B.
      expect((await call(b, `/api/v1/team/members/${removed.id}`, { method: 'DELETE', as: admin })).status).toBe(200);
      expect((await call(a, '/api/v1/scoreboard/kpis', { as: removed })).status).toBe(403);
      expect((await call(b, '/api/v1/scoreboard/kpis', { as: removed })).status).toBe(403);

      // No longer an admin (through A): the admin pages refuse at once on B, and on A.
      const demotion = await call(a, `/api/v1/team/members/${demoted.id}/role`, { method: 'PATCH', as: admin, json: { role: 'user' } });
      expect(demotion.status, await demotion.clone().text()).toBe(200);
      expect((await call(b, '/api/v1/admin/audit-log', { as: demoted })).status).toBe(403);
      expect((await call(a, '/api/v1/admin/audit-log', { as: demoted })).status).toBe(403);
      // ... and still a member, so the boards still open.
      expect((await call(b, '/api/v1/scoreboard/kpis', { as: demoted })).status).toBe(200);
    });

    it('a logged call, whose caller is confirmed by its own first statement (no catch-up before it), is refused just as surely right after a sign-out or removal on the other instance', async () => {
      const company = await seedCompany(database.db, { name: 'Quick Loggers AS' });
      const admin = await createPerson('Lea Lead', company.id, 'admin');
      const leaving = await createPerson('Siv Signout', company.id, 'user');
      const removed = await createPerson('Rolf Removed', company.id, 'user');
      const staying = await createPerson('Stig Stays', company.id, 'user');
      // Both instances remember all three from a logged call each.
      for (const instance of [a, b]) for (const person of [leaving, removed, staying]) await logCall(instance, person);

      const log = (instance: ServerProcess, as: Person) =>
        call(instance, '/api/v1/activities', { method: 'POST', as, json: { kind: 'call', answered: false } });
      // Each refusal is the next request, sent the moment the change was answered on the other instance.
      expect((await call(a, '/api/auth/sign-out', { method: 'POST', as: leaving, json: {} })).status).toBe(200);
      expect((await log(b, leaving)).status).toBe(401);
      expect((await log(a, leaving)).status).toBe(401);

      expect((await call(b, `/api/v1/team/members/${removed.id}`, { method: 'DELETE', as: admin })).status).toBe(200);
      expect((await log(a, removed)).status).toBe(403);
      expect((await log(b, removed)).status).toBe(403);

      // Nothing was logged for them after the change; a colleague logs on as before, on both.
      await logCall(a, staying);
      await logCall(b, staying);
      const counts = (await withTenant(database.db, { companyId: company.id, userId: null }, (tx) =>
        tx.execute(sql`SELECT user_id, count(*)::int AS n FROM activities GROUP BY user_id`),
      )) as unknown as { rows: { user_id: string; n: number }[] };
      const byPerson = Object.fromEntries(counts.rows.map((row) => [row.user_id, row.n]));
      expect(byPerson).toEqual({ [leaving.id]: 2, [removed.id]: 2, [staying.id]: 4 });
    });
  });
} else {
  describe('two instances on one embedded (PGlite) data folder', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'dealboard-two-instances-'));
    const started: ServerProcess[] = [];
    afterAll(async () => {
      await Promise.all(started.map((s) => s.kill('SIGTERM')));
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('the second refuses to start, naming the first, and the first keeps serving; once it stops, the folder opens again', async () => {
      // A migrated copy: the lock is what this is about, not a first start (which migrates for 10 s).
      await copyPgliteFolder(dataDir);
      const first = await startServerProcess({ dataDir }, {}, 'first');
      started.push(first);
      const lockPath = join(dataDir, 'dealboard.lock');
      // The lock's first line is the holder's pid (then its boot id and start time, decision 019).
      expect(readFileSync(lockPath, 'utf8').split('\n')[0]).toBe(String(first.pid));

      const second = await spawnServerProcess({ DATA_DIR: dataDir });
      started.push(second);
      const code = await Promise.race([second.exited, new Promise<'still running'>((r) => setTimeout(() => r('still running'), 30_000))]);
      expect(code, second.output()).toBe(1);
      expect(second.output()).toContain(`is already in use by another Dealboard server (pid ${first.pid})`);
      expect((await fetch(`${second.baseUrl}/api/health`).catch(() => null))?.ok ?? false).toBe(false);
      expect((await fetch(`${first.baseUrl}/api/health`)).status).toBe(200);
      // The lock's first line is the holder's pid (then its boot id and start time, decision 019).
      expect(readFileSync(lockPath, 'utf8').split('\n')[0]).toBe(String(first.pid));

      // The refusal was the lock's, not a broken folder: after the first stops, a new one starts there.
      await first.kill('SIGTERM');
      expect(existsSync(lockPath)).toBe(false);
      const third = await startServerProcess({ dataDir }, {}, 'third');
      started.push(third);
      expect((await fetch(`${third.baseUrl}/api/health`)).status).toBe(200);
      console.info(
        `[two instances] PGlite: a second server on the data folder of pid ${first.pid} exited with code ${code} ` +
          '(folder in use); after that server stopped, a new one started on the same folder',
      );
    }, 120_000);
  });
}

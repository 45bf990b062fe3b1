/*
 * Decision 096: a logged call trusts the signed-in cache without a round trip before it, and its
 * first statement confirms the caller by the identity version (migration 0048). These tests make
 * the one case that matters happen on purpose: a change to who someone is that this instance has
 * not heard (its announcement switched off for the change, as if still on its way from another
 * instance), with the version moved on in the database. The very next logged call must act on
 * what the database says, never on what the cache remembers.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/tenant';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let admin: TestUser & { companyId: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createMember({ role: 'admin' });
});
afterAll(async () => t?.close());

/**
 * Runs `change` with the announcements of `table` switched off (its NOTIFY and identity-version
 * triggers), then moves the identity version on by hand: the database has changed, this instance
 * has heard nothing of it.
 */
async function changeUnheard(table: 'session' | 'profiles', change: string): Promise<void> {
  const quoted = `"${table}"`;
  // A profile is changed as the app changes it (profiles are under forced row-level security);
  // sessions belong to the auth library, which writes them as the connecting role.
  const asApp = table === 'profiles' ? `SET LOCAL ROLE app_user; SELECT set_config('app.company_id', '${admin.companyId}', true);` : '';
  await t.deps.database.exec(`
    BEGIN;
    ALTER TABLE ${quoted} DISABLE TRIGGER USER;
    ${asApp}
    ${change};
    RESET ROLE;
    ALTER TABLE ${quoted} ENABLE TRIGGER USER;
    UPDATE identity_version SET version = version + 1;
    COMMIT;`);
}

const logCall = (as: TestUser, extra: Record<string, unknown> = {}) =>
  t.request('/api/v1/activities', { method: 'POST', as, json: { kind: 'call', answered: false, ...extra } });

async function countCalls(userId: string): Promise<number> {
  const result = await withTenant(t.db, { companyId: admin.companyId as never, userId: null }, (tx) =>
    tx.execute(sql`SELECT count(*)::int AS n FROM activities WHERE user_id = ${userId}`),
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

describe('the caller of a logged call, confirmed in its first statement', () => {
  it('a change this instance has not heard about someone else: the call is logged, after the caller is read afresh', async () => {
    const rep = await t.createMember({ companyId: admin.companyId });
    expect((await logCall(rep)).status).toBe(201); // remembered from here on
    const other = await t.createMember({ companyId: admin.companyId });
    await changeUnheard('profiles', `UPDATE profiles SET display_name = 'Renamed' WHERE user_id = '${other.id}'`);
    const signedIn: string[] = [];
    const stop = t.deps.database.observeStatements((text, _params, phase) => {
      if (phase === 'signed-in') signedIn.push(text);
    });
    try {
      expect((await logCall(rep)).status).toBe(201);
    } finally {
      stop();
    }
    // The cache could not vouch for anyone any more: the caller was read from the database.
    expect(signedIn.length).toBeGreaterThan(0);
    expect(await countCalls(rep.id)).toBe(2);
    // And remembered again: the next call is confirmed by its own statement, as before.
    expect((await logCall(rep)).status).toBe(201);
  });

  it('a sign-out this instance has not heard: the next logged call is refused (401) and nothing is logged', async () => {
    const rep = await t.createMember({ companyId: admin.companyId });
    expect((await logCall(rep)).status).toBe(201);
    await changeUnheard('session', `DELETE FROM "session" WHERE user_id = '${rep.id}'`);
    expect((await logCall(rep)).status).toBe(401);
    expect(await countCalls(rep.id)).toBe(1);
  });

  it('a removal this instance has not heard: refused (403) and nothing is logged', async () => {
    const rep = await t.createMember({ companyId: admin.companyId });
    expect((await logCall(rep)).status).toBe(201);
    await changeUnheard('profiles', `UPDATE profiles SET removed_at = now() WHERE user_id = '${rep.id}'`);
    expect((await logCall(rep)).status).toBe(403);
    expect(await countCalls(rep.id)).toBe(1);
  });

  it('a demotion this instance has not heard, under a call logged for someone else: refused (409 caller_changed), then 403', async () => {
    const lead = await t.createMember({ companyId: admin.companyId, role: 'admin' });
    const rep = await t.createMember({ companyId: admin.companyId });
    expect((await logCall(lead, { userId: rep.id })).status).toBe(201);
    await changeUnheard('profiles', `UPDATE profiles SET role = 'user' WHERE user_id = '${lead.id}'`);
    const refused = await logCall(lead, { userId: rep.id });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('caller_changed');
    expect(await countCalls(rep.id)).toBe(1);
    // Their next request is judged on who they are now: no longer anyone's manager.
    expect((await logCall(lead, { userId: rep.id })).status).toBe(403);
    expect((await logCall(lead)).status).toBe(201);
  });
});

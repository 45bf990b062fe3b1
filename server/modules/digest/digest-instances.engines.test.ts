import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DbHandle } from '../../db/client';
import { createMailer, findRecentMail } from '../../mail/mailer';
import { seedActivity } from '../../seed/activities';
import type { TestApp } from '../../test/test-app';
import { testEngine } from '../../test/test-database';
import { openTwoInstances, type TwoInstances } from '../../test/two-instances';
import { toCompanyId, withTenant } from '../../db/tenant';
import { findDigestWeeks } from './digest.repository';
import type { DigestScheduler } from '../../context';
import { createDigestScheduler } from './digest.scheduler';

/*
 * Several instances on one database: two digest schedulers, each on its own connection pool (on
 * PostgreSQL; PGlite has one engine, so there both share it), tick at the same moment on Monday
 * morning. Every person gets their digest exactly once, and a run another instance left half done
 * is finished without sending anyone's twice.
 */

let t: TestApp;
let second: DbHandle;
let instances: TwoInstances | undefined;
const members: { email: string }[] = [];
const companyIds: string[] = [];

beforeAll(async () => {
  instances = await openTwoInstances();
  ({ t, second } = instances);
  // Three companies of three active reps each, every rep with a call in the week of 16 November.
  for (let c = 0; c < 3; c++) {
    const admin = await t.createMember({ role: 'admin' });
    companyIds.push(admin.companyId);
    members.push(admin);
    for (let r = 0; r < 3; r++) {
      const rep = await t.createMember({ companyId: admin.companyId });
      members.push(rep);
      await seedActivity(t.db, {
        companyId: rep.companyId,
        userId: rep.id,
        at: new Date(`2026-11-1${7 + r}T09:00:00Z`),
        timezone: 'Europe/Oslo',
        type: 'call_unanswered',
      });
    }
  }
});
afterAll(async () => {
  await instances?.close();
});

function createScheduler(handle: DbHandle, now: () => Date): DigestScheduler {
  const mailer = createMailer(handle.db, { from: 'test@example.com', perRecipientPerHour: 1000, now });
  return createDigestScheduler({
    db: handle.db,
    now,
    mailer,
    brand: 'Dealboard',
    publicUrl: 'http://localhost:3000',
    secret: t.deps.signingSecret,
  });
}

async function countDigests(): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const mail of await findRecentMail(t.db, 1000)) {
    if (mail.dedupeKey?.startsWith('digest:')) counts.set(mail.to, (counts.get(mail.to) ?? 0) + 1);
  }
  return counts;
}

it(`two instances ticking at once send each person's digest exactly once (${testEngine})`, async () => {
  const monday = () => new Date('2026-11-23T06:00:30Z');
  const a = createScheduler(t.deps.database, monday);
  const b = createScheduler(second, monday);
  // Several rounds of simultaneous ticks, as two servers polling every minute would.
  const sent: number[] = [];
  for (let round = 0; round < 3; round++) sent.push(...(await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()])));
  expect(sent.reduce((sum, n) => sum + n, 0)).toBe(members.length);
  const counts = await countDigests();
  expect([...counts.values()].every((n) => n === 1)).toBe(true);
  expect(new Set(counts.keys())).toEqual(new Set(members.map((m) => m.email)));
});

it('an instance that stopped mid-run leaves a claim another takes over when its lease ends, and nobody gets a second mail', async () => {
  // As if the instance that sent them died before marking the week sent: the claim is still "sending", its lease over.
  for (const companyId of companyIds) {
    await withTenant(t.db, { companyId: toCompanyId(companyId), userId: null }, (tx) =>
      tx.execute(sql`UPDATE digest_weeks SET status = 'sending', lease_until = '2026-11-23T06:01:00Z'`),
    );
  }
  const early = () => new Date('2026-11-23T06:05:00Z'); // within the lease: nobody takes it over
  expect(await Promise.all([createScheduler(t.deps.database, early).runDue(), createScheduler(second, early).runDue()])).toEqual([0, 0]);

  const later = () => new Date('2026-11-23T06:30:00Z');
  const a = createScheduler(t.deps.database, later);
  const b = createScheduler(second, later);
  expect(await Promise.all([a.runDue(), b.runDue()])).toEqual([0, 0]);
  // The takeover finished every company's week; every person still has one digest.
  for (const companyId of companyIds) {
    expect(await findDigestWeeks(t.db, toCompanyId(companyId))).toMatchObject([{ weekStart: '2026-11-16', status: 'sent', recipients: 0 }]);
  }
  expect([...(await countDigests()).values()].every((n) => n === 1)).toBe(true);
});

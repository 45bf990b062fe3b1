import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type PrivatePostgres, startPrivatePostgres } from '../server/test/private-postgres';
import { callApiOk, countMailLinks, joinCompany, makeAccount } from './support/accounts';
import { type RunningServer, startServer } from './support/server';

/*
 * The Monday digest from the running scheduler (decisions 047 and 088): two real server instances
 * on one PostgreSQL, their clocks started a little before 07:00 on a Monday in Oslo (DEV_CLOCK_START,
 * development and tests only). A manager and a rep log last week's work; when 07:00 comes, the
 * instances' own schedulers send each of them last week's digest, exactly once between them.
 */

// Monday 7 December 2026, 06:59:30 in Oslo (UTC+1): the schedulers' first look finds no company;
// the new company is announced and they look again (nothing due), then at 07:00 (decision 098).
const CLOCK = '2026-12-07T05:59:30Z';
const LAST_FRIDAY = '2026-12-04';
/** Every digest carries its own one-click unsubscribe link: one per digest mail. */
const DIGEST_LINK = /\/unsubscribe\/digest\?token=/;

const manager = makeAccount('Marit Manager');
const rep = makeAccount('Rolf Rep');

let postgres: PrivatePostgres;
let first: RunningServer;
let second: RunningServer;
/** When the second instance started: its clock, and so its schedulers' look at 07:00, started then. */
let secondStartedAt = 0;

beforeAll(async () => {
  postgres = await startPrivatePostgres();
  const env = { WEB_DIST_DIR: inject('webDist'), DATABASE_URL: postgres.url, DEV_CLOCK_START: CLOCK };
  // One after the other: the first applies the migrations, the second finds them applied.
  first = await startServer(env, { fresh: true });
  secondStartedAt = Date.now();
  second = await startServer(env, { fresh: true });
});

afterAll(async () => {
  await second?.stop();
  await first?.stop();
  await postgres?.stop();
});

describe('the Monday digest from the running schedulers of two instances', () => {
  it('sends each member last week’s digest at 07:00 on Monday, exactly once between the two', { timeout: 150_000 }, async () => {
    // The team's last week, logged through either instance (one database).
    const joinedManager = await joinCompany(first.baseUrl, manager);
    const joinedRep = await joinCompany(second.baseUrl, rep);
    for (let i = 0; i < 3; i++) {
      await callApiOk(second.baseUrl, joinedRep.cookie, 'POST', '/activities', { kind: 'call', answered: false, localDate: LAST_FRIDAY });
    }
    await callApiOk(first.baseUrl, joinedManager.cookie, 'POST', '/activities', { kind: 'meeting', localDate: LAST_FRIDAY });
    // Nothing yet: it is not 07:00.
    expect(await countMailLinks(first.baseUrl, rep.email, DIGEST_LINK)).toBe(0);

    // 07:00 comes within the minute; each instance's scheduler looks then.
    await expect
      .poll(async () => (await countMailLinks(first.baseUrl, rep.email, DIGEST_LINK)) > 0, { timeout: 120_000, interval: 2_000 })
      .toBe(true);
    await expect.poll(() => countMailLinks(second.baseUrl, manager.email, DIGEST_LINK), { timeout: 30_000, interval: 1_000 }).toBe(1);
    // The second instance started seconds after the first, so its own look at its 07:00 comes that
    // much later (its start and 30 s). Once that has passed, with a margin for a loaded machine, it
    // has found the week claimed: still one each.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, secondStartedAt + 45_000 - Date.now())));
    expect(await countMailLinks(first.baseUrl, rep.email, DIGEST_LINK)).toBe(1);
    expect(await countMailLinks(second.baseUrl, manager.email, DIGEST_LINK)).toBe(1);
  });
});

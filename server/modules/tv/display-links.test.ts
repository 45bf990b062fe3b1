import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedDisplayLink, DisplayLeaderboard, DisplayLink, DisplayLinkList, Leaderboard } from '@core/contracts';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { seedActivity } from '../../seed/activities';
import { toCompanyId, withTenant } from '../../db/tenant';
import { streamCompanyEvents } from '../../realtime/events.routes';
import { openEventStream } from '../../test/event-stream';
import { createTestApp, type TestApp } from '../../test/test-app';

type Member = Awaited<ReturnType<TestApp['createMember']>>;

const TZ = 'Europe/Oslo';
let t: TestApp;
let now = new Date('2026-11-20T10:00:00Z');
let admin: Member;
let user: Member;
let otherAdmin: Member;
const reps: Member[] = [];

beforeAll(async () => {
  t = await createTestApp({ now: () => now });
  admin = await t.createMember({ role: 'admin', name: 'Ada Admin' });
  user = await t.createMember({ companyId: admin.companyId, name: 'Ulf User' });
  otherAdmin = await t.createMember({ role: 'admin', name: 'Olga Other' });
  // Twelve reps with activity today (the TV shows ten), and one from another company.
  for (let i = 0; i < 12; i++) {
    const rep = await t.createMember({ companyId: admin.companyId, name: `Rep ${String(i).padStart(2, '0')}` });
    reps.push(rep);
    for (let k = 0; k <= i % 5; k++) {
      await seedActivity(t.db, {
        companyId: rep.companyId,
        userId: rep.id,
        at: new Date(Date.parse('2026-11-20T07:00:00Z') + (i * 10 + k) * 60_000),
        timezone: TZ,
        type: 'call_answered',
        outcome: k % 2 === 0 ? 'meeting_booked' : 'moved_forward',
      });
    }
  }
  // Yesterday's sale does not count on today's board.
  await seedActivity(t.db, {
    companyId: admin.companyId,
    userId: user.id,
    at: new Date('2026-11-19T12:00:00Z'),
    timezone: TZ,
    type: 'sale',
    ticketSize: 500_000 as never,
  });
  await seedActivity(t.db, {
    companyId: otherAdmin.companyId,
    userId: otherAdmin.id,
    at: new Date('2026-11-20T08:00:00Z'),
    timezone: TZ,
    type: 'sale',
    ticketSize: 100_000 as never,
  });
});
afterAll(() => t.close());

async function createLink(as: Member, name = 'Office TV', teamId?: string): Promise<CreatedDisplayLink> {
  const response = await t.request('/api/v1/display-links', { method: 'POST', as, json: { name, ...(teamId ? { teamId } : {}) } });
  expect(response.status).toBe(201);
  return (await response.json()) as CreatedDisplayLink;
}

async function storedLink(companyId: string, id: string) {
  return withTenant(t.db, { companyId: toCompanyId(companyId), userId: null }, async (tx) => {
    const result = await tx.execute(sql`SELECT * FROM display_links WHERE id = ${id}`);
    return (result as unknown as { rows: Record<string, unknown>[] }).rows[0]!;
  });
}

describe('making and listing links', () => {
  it('gives the admin a 32-byte base64url token once, and stores only its SHA-256', async () => {
    const created = await createLink(admin);
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(created.token, 'base64url')).toHaveLength(32);
    expect(created.link).toMatchObject({ name: 'Office TV', active: true, revokedAt: null, lastUsedAt: null, createdBy: admin.id });
    const row = await storedLink(admin.companyId, created.link.id);
    expect(row.token_hash).toBe(createHash('sha256').update(created.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.token);
    const second = await createLink(admin, 'Kitchen screen');
    expect(second.token).not.toBe(created.token);
  });

  it('lists links newest first without any token', async () => {
    now = new Date('2026-11-20T10:00:01Z');
    const created = await createLink(admin, 'Listed');
    now = new Date('2026-11-20T10:00:00Z');
    const response = await t.request('/api/v1/display-links', { as: admin });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain(created.token);
    const list = JSON.parse(text) as DisplayLinkList;
    expect(list.links[0]!.name).toBe('Listed');
    expect(list.links.every((l) => !('token' in l) && !('tokenHash' in l))).toBe(true);
  });

  it('refuses a blank name and a bad id with a 400', async () => {
    const blank = await t.request('/api/v1/display-links', { method: 'POST', as: admin, json: { name: '   ' } });
    expect(blank.status).toBe(400);
    const badId = await t.request('/api/v1/display-links/not-a-uuid', { method: 'DELETE', as: admin });
    expect(badId.status).toBe(400);
  });

  it('is for admins only: a user gets 403, nobody signed in 401, and nothing is written', async () => {
    const created = await createLink(admin, 'Protected');
    const attempts = [
      ['/api/v1/display-links', { method: 'POST', json: { name: 'Sneaky' } }],
      ['/api/v1/display-links', {}],
      [`/api/v1/display-links/${created.link.id}`, { method: 'DELETE' }],
    ] as const;
    for (const [path, init] of attempts) {
      expect((await t.request(path, { ...init, as: user })).status).toBe(403);
      expect((await t.request(path, { ...init })).status).toBe(401);
    }
    const list = (await (await t.request('/api/v1/display-links', { as: admin })).json()) as DisplayLinkList;
    expect(list.links.some((l) => l.name === 'Sneaky')).toBe(false);
    expect(list.links.find((l) => l.id === created.link.id)?.active).toBe(true);
  });
});

describe('a wall screen with a token', () => {
  it("shows today's top 10 by points without signing in, the same rows a member sees", async () => {
    const { token } = await createLink(admin, 'Wall');
    const response = await t.request(`/api/v1/display/${token}/leaderboard`);
    expect(response.status).toBe(200);
    const board = (await response.json()) as DisplayLeaderboard;
    expect(board.company).toEqual({ name: 'Acme Sales AS', timezone: TZ, currency: 'NOK' });
    expect(board.linkName).toBe('Wall');
    expect(board.period).toMatchObject({ kind: 'today', from: '2026-11-20', to: '2026-11-20' });
    expect(board.rows).toHaveLength(10);
    expect(board.rows.every((r) => r.activities > 0 && !r.isCurrentUser)).toBe(true);
    expect(board.rows.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const member = (await (
      await t.request('/api/v1/scoreboard/leaderboard?period=today&activeOnly=true&limit=10', { as: user })
    ).json()) as Leaderboard;
    expect(board.rows).toEqual(member.rows.map((r) => ({ ...r, isCurrentUser: false })));
    // The other company's sale never shows.
    expect(board.rows.some((r) => r.userId === otherAdmin.id)).toBe(false);
  });

  it("carries the company's currency, so the wall's money screens show amounts in it", async () => {
    const { token } = await createLink(admin, 'Money wall');
    expect((await t.request('/api/v1/company', { method: 'PATCH', as: admin, json: { currency: 'EUR' } })).status).toBe(200);
    try {
      const board = (await (await t.request(`/api/v1/display/${token}/leaderboard`)).json()) as DisplayLeaderboard;
      expect(board.company.currency).toBe('EUR');
    } finally {
      await t.request('/api/v1/company', { method: 'PATCH', as: admin, json: { currency: 'NOK' } });
    }
  });
  it("speaks the link's language, else the company's, else leaves it to the wall's browser (decision 079)", async () => {
    const { token } = await createLink(admin, 'Lobby');
    const languageOf = async (linkToken: string) =>
      ((await (await t.request(`/api/v1/display/${linkToken}/leaderboard`)).json()) as DisplayLeaderboard).language;
    expect(await languageOf(token)).toBeNull();
    const companySays = await t.request('/api/v1/company', { method: 'PATCH', as: admin, json: { language: 'nb' } });
    expect(companySays.status).toBe(200);
    expect(await companySays.json()).toMatchObject({ language: 'nb' });
    try {
      expect(await languageOf(token)).toBe('nb');
      // A link made for the English-speaking visitors' lobby keeps English whatever the company says.
      const english = await t.request('/api/v1/display-links', { method: 'POST', as: admin, json: { name: 'Visitors', language: 'en' } });
      expect(english.status).toBe(201);
      const created = (await english.json()) as CreatedDisplayLink;
      expect(created.link.language).toBe('en');
      expect(await languageOf(created.token)).toBe('en');
      // The change is in the audit log, and a language we have no catalog for is refused.
      const refused = await t.request('/api/v1/company', { method: 'PATCH', as: admin, json: { language: 'fi' } });
      expect(refused.status).toBe(400);
      // Swedish and Danish are languages of their own (decision 080), for a company and a link.
      const danish = await t.request('/api/v1/display-links', { method: 'POST', as: admin, json: { name: 'Copenhagen', language: 'da' } });
      expect(danish.status).toBe(201);
      expect(await languageOf(((await danish.json()) as CreatedDisplayLink).token)).toBe('da');
      const bad = await t.request('/api/v1/display-links', { method: 'POST', as: admin, json: { name: 'Bad', language: 'xx' } });
      expect(bad.status).toBe(400);
      // A user may not change it.
      expect((await t.request('/api/v1/company', { method: 'PATCH', as: user, json: { language: 'en' } })).status).toBe(403);
      const me = (await (await t.request('/api/v1/me', { as: user })).json()) as { company: { language: string | null } };
      expect(me.company.language).toBe('nb');
    } finally {
      await t.request('/api/v1/company', { method: 'PATCH', as: admin, json: { language: null } });
    }
    expect(await languageOf(token)).toBeNull();
  });

  it('stamps last_used_at at most once a minute', async () => {
    const created = await createLink(admin, 'Stamped');
    const path = `/api/v1/display/${created.token}/leaderboard`;
    now = new Date('2026-11-20T10:00:00Z');
    await t.request(path);
    const first = (await storedLink(admin.companyId, created.link.id)).last_used_at as Date;
    expect(new Date(first).toISOString()).toBe('2026-11-20T10:00:00.000Z');
    now = new Date('2026-11-20T10:00:59Z');
    await t.request(path);
    expect(new Date((await storedLink(admin.companyId, created.link.id)).last_used_at as Date).toISOString()).toBe(
      '2026-11-20T10:00:00.000Z',
    );
    now = new Date('2026-11-20T10:01:01Z');
    await t.request(path);
    expect(new Date((await storedLink(admin.companyId, created.link.id)).last_used_at as Date).toISOString()).toBe(
      '2026-11-20T10:01:01.000Z',
    );
    now = new Date('2026-11-20T10:00:00Z');
  });

  it('answers 404 with a clear message for an unknown or malformed token', async () => {
    for (const token of ['A'.repeat(43), 'nope', encodeURIComponent('../../me')]) {
      const response = await t.request(`/api/v1/display/${token}/leaderboard`);
      expect(response.status).toBe(404);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('not_found');
      expect(body.error.message).toMatch(/does not exist or has been revoked/);
    }
    expect((await t.request(`/api/v1/display/${'A'.repeat(43)}/events`)).status).toBe(404);
  });

  it('streams the company’s changes over SSE in the members’ format, and only that company’s', async () => {
    const { token } = await createLink(admin, 'Live');
    const response = await t.request(`/api/v1/display/${token}/events`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const stream = openEventStream(response);
    expect(await stream.until(/event: ready/)).toContain('event: ready');
    await seedActivity(t.db, {
      companyId: otherAdmin.companyId,
      userId: otherAdmin.id,
      at: now,
      timezone: TZ,
      type: 'call_unanswered',
    });
    const mine = await seedActivity(t.db, {
      companyId: admin.companyId,
      userId: reps[0]!.id,
      at: now,
      timezone: TZ,
      type: 'call_unanswered',
    });
    const text = await stream.until(new RegExp(mine.id));
    await stream.close();
    const changes = text
      .split('\n')
      .filter((line) => line.startsWith('data: ') && line !== 'data: {}')
      .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>);
    expect(text).toContain('event: change');
    expect(changes).toEqual([
      { table: 'activities', op: 'INSERT', id: mine.id, userId: reps[0]!.id, activity: { type: 'call_unanswered', meetingBooked: false } },
    ]);
  });
});

/** A team of the member's company, with these people in it. */
async function createTeam(as: Member, name: string, members: Member[]): Promise<string> {
  const response = await t.request('/api/v1/teams', { method: 'POST', as, json: { name } });
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: string };
  for (const member of members) {
    const moved = await t.request(`/api/v1/team/members/${member.id}/team`, { method: 'PUT', as, json: { teamId: id } });
    expect(moved.status).toBe(200);
  }
  return id;
}

async function readBoard(token: string): Promise<DisplayLeaderboard> {
  const response = await t.request(`/api/v1/display/${token}/leaderboard`);
  expect(response.status).toBe(200);
  return (await response.json()) as DisplayLeaderboard;
}

describe("a team's wall (decision 040)", () => {
  it("shows the team's people only: the same rows as the signed-in board with ?teamId=, and names the team", async () => {
    const oslo = await createTeam(admin, 'Oslo', [reps[1]!, reps[4]!, reps[7]!, user]);
    const created = await createLink(admin, 'Oslo wall', oslo);
    expect(created.link.team).toEqual({ id: oslo, name: 'Oslo' });
    const list = (await (await t.request('/api/v1/display-links', { as: admin })).json()) as DisplayLinkList;
    expect(list.links.find((l) => l.id === created.link.id)?.team).toEqual({ id: oslo, name: 'Oslo' });
    expect(list.links.find((l) => l.name === 'Wall')?.team).toBeNull();

    const board = await readBoard(created.token);
    expect(board.company.name).toBe('Acme Sales AS');
    expect(board.team).toEqual({ id: oslo, name: 'Oslo' });
    const member = (await (
      await t.request(`/api/v1/scoreboard/leaderboard?period=today&activeOnly=true&limit=10&teamId=${oslo}`, { as: admin })
    ).json()) as Leaderboard;
    expect(board.rows).toEqual(member.rows.map((r) => ({ ...r, isCurrentUser: false })));
    // The team's reps with activity today, not Ulf (his sale was yesterday) nor anyone outside Oslo.
    expect(board.rows.map((r) => r.userId).sort()).toEqual([reps[1]!.id, reps[4]!.id, reps[7]!.id].sort());

    // A company-wide link is unchanged: ten rows from everyone, no team.
    const company = await readBoard((await createLink(admin, 'Everyone')).token);
    expect(company.team).toBeNull();
    expect(company.rows).toHaveLength(10);
  });

  it("refuses another company's team (404) and a malformed id (400); nothing is made", async () => {
    const theirs = await createTeam(otherAdmin, 'Their team', []);
    const foreign = await t.request('/api/v1/display-links', { method: 'POST', as: admin, json: { name: 'Stolen', teamId: theirs } });
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as { error: { code: string } }).error.code).toBe('not_found');
    const malformed = await t.request('/api/v1/display-links', { method: 'POST', as: admin, json: { name: 'Bad', teamId: 'oslo' } });
    expect(malformed.status).toBe(400);
    const list = (await (await t.request('/api/v1/display-links', { as: admin })).json()) as DisplayLinkList;
    expect(list.links.some((l) => l.name === 'Stolen' || l.name === 'Bad')).toBe(false);
  });

  it("streams only the team's people's changes, and who joins the team", async () => {
    const bergen = await createTeam(admin, 'Bergen', [reps[2]!]);
    const { token } = await createLink(admin, 'Bergen wall', bergen);
    const stream = openEventStream(await t.request(`/api/v1/display/${token}/events`));
    await stream.until(/event: ready/);
    const outsider = await seedActivity(t.db, { companyId: admin.companyId, userId: reps[3]!.id, at: now, timezone: TZ, type: 'email' });
    const insider = await seedActivity(t.db, { companyId: admin.companyId, userId: reps[2]!.id, at: now, timezone: TZ, type: 'email' });
    const text = await stream.until(new RegExp(insider.id));
    expect(text).toContain(insider.id);
    expect(text).not.toContain(outsider.id);
    // Someone joins the team: the membership change goes out, and their activities from then on.
    expect(
      (await t.request(`/api/v1/team/members/${reps[3]!.id}/team`, { method: 'PUT', as: admin, json: { teamId: bergen } })).status,
    ).toBe(200);
    await stream.until(new RegExp(`"table":"profiles","op":"UPDATE","id":"[^"]+","userId":"${reps[3]!.id}"`));
    const joined = await seedActivity(t.db, { companyId: admin.companyId, userId: reps[3]!.id, at: now, timezone: TZ, type: 'email' });
    expect(await stream.until(new RegExp(joined.id))).toContain(joined.id);
    await stream.close();
  });

  it('turns company-wide when its team is deleted: the wall shows everyone, the list says so', async () => {
    const inbound = await createTeam(admin, 'Inbound', [reps[5]!]);
    const created = await createLink(admin, 'Inbound wall', inbound);
    expect((await readBoard(created.token)).rows.map((r) => r.userId)).toEqual([reps[5]!.id]);
    expect((await t.request(`/api/v1/teams/${inbound}`, { method: 'DELETE', as: admin })).status).toBe(200);
    const board = await readBoard(created.token);
    expect(board.team).toBeNull();
    expect(board.rows).toHaveLength(10);
    const list = (await (await t.request('/api/v1/display-links', { as: admin })).json()) as DisplayLinkList;
    expect(list.links.find((l) => l.id === created.link.id)).toMatchObject({ team: null, active: true });
    expect((await storedLink(admin.companyId, created.link.id)).team_id).toBeNull();
  });
});

describe('the shared stream', () => {
  it('still serves signed-in members on /api/v1/events in the same format', async () => {
    const response = await t.request('/api/v1/events', { as: user });
    expect(response.status).toBe(200);
    const stream = openEventStream(response);
    await stream.until(/event: ready/);
    await seedActivity(t.db, { companyId: otherAdmin.companyId, userId: otherAdmin.id, at: now, timezone: TZ, type: 'email' });
    const mine = await seedActivity(t.db, { companyId: user.companyId, userId: user.id, at: now, timezone: TZ, type: 'email' });
    const text = await stream.until(new RegExp(mine.id));
    await stream.close();
    const changes = text
      .split('\n')
      .filter((line) => line.startsWith('data: ') && line !== 'data: {}')
      .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>);
    expect(changes).toEqual([
      { table: 'activities', op: 'INSERT', id: mine.id, userId: user.id, activity: { type: 'email', meetingBooked: false } },
    ]);
    expect((await t.request('/api/v1/events')).status).toBe(401);
  });

  it('hears a colleague join and rename, so member lists and names follow live', async () => {
    const response = await t.request('/api/v1/events', { as: user });
    const stream = openEventStream(response);
    await stream.until(/event: ready/);
    const newcomer = await t.createMember({ companyId: admin.companyId, name: 'Nina Newcomer' });
    const text = await stream.until(new RegExp(`"table":"profiles","op":"INSERT","id":"[^"]+","userId":"${newcomer.id}"`));
    await stream.close();
    expect(text).toContain(`"userId":"${newcomer.id}"`);
  });

  it('ends at once for a member who is removed: a revoked event, and not another change', async () => {
    const leaver = await t.createMember({ companyId: admin.companyId, name: 'Lea Leaver' });
    const stream = openEventStream(await t.request('/api/v1/events', { as: leaver }));
    await stream.until(/event: ready/);
    const removal = await t.request(`/api/v1/team/members/${leaver.id}`, { method: 'DELETE', as: admin });
    expect(removal.status).toBe(200);
    const text = await stream.until(/event: revoked/, 3000);
    expect(text).toContain('event: revoked');
    // The stream is over: the company's next activity does not reach the former member.
    const later = await seedActivity(t.db, { companyId: admin.companyId, userId: admin.id, at: now, timezone: TZ, type: 'email' });
    const after = await stream.until(new RegExp(later.id), 1000);
    await stream.close();
    expect(after).not.toContain(later.id);
    expect(after.slice(after.indexOf('event: revoked'))).not.toContain('event: change');
    expect((await t.request('/api/v1/events', { as: leaver })).status).toBe(403);
  });
});

describe('a member who signs out', () => {
  it("hears nothing more: the open stream ends with 'revoked', and the cookie opens no new one", async () => {
    const leaver = await t.createMember({ companyId: admin.companyId, name: 'Sam Signout' });
    const stream = openEventStream(await t.request('/api/v1/events', { as: leaver }));
    await stream.until(/event: ready/);
    const signOut = await t.request('/api/auth/sign-out', { method: 'POST', as: leaver, json: {} });
    expect(signOut.status, await signOut.clone().text()).toBe(200);
    const text = await stream.until(/event: revoked/, 3000);
    expect(text).toContain('event: revoked');
    const later = await seedActivity(t.db, { companyId: admin.companyId, userId: admin.id, at: now, timezone: TZ, type: 'email' });
    const after = await stream.until(new RegExp(later.id), 1000);
    await stream.close();
    expect(after).not.toContain(later.id);
    expect((await t.request('/api/v1/events', { as: leaver })).status).toBe(401);
  });
});

describe('revoking', () => {
  it('stops the token at once; the list keeps the link as revoked', async () => {
    const created = await createLink(admin, 'Soon gone');
    expect((await t.request(`/api/v1/display/${created.token}/leaderboard`)).status).toBe(200);
    now = new Date('2026-11-20T11:00:00Z');
    const response = await t.request(`/api/v1/display-links/${created.link.id}`, { method: 'DELETE', as: admin });
    expect(response.status).toBe(200);
    const revoked = (await response.json()) as DisplayLink;
    expect(revoked).toMatchObject({ active: false, revokedAt: '2026-11-20T11:00:00.000Z' });
    for (const path of ['leaderboard', 'events']) {
      const after = await t.request(`/api/v1/display/${created.token}/${path}`);
      expect(after.status).toBe(404);
      expect(((await after.json()) as { error: { message: string } }).error.message).toMatch(/revoked/);
    }
    // Revoking again keeps the first time.
    now = new Date('2026-11-20T12:00:00Z');
    const twice = await t.request(`/api/v1/display-links/${created.link.id}`, { method: 'DELETE', as: admin });
    expect(((await twice.json()) as DisplayLink).revokedAt).toBe('2026-11-20T11:00:00.000Z');
    const list = (await (await t.request('/api/v1/display-links', { as: admin })).json()) as DisplayLinkList;
    expect(list.links.find((l) => l.id === created.link.id)).toMatchObject({ active: false });
    now = new Date('2026-11-20T10:00:00Z');
  });

  it("another company's admin cannot see or revoke the link: 404, and it keeps working", async () => {
    const created = await createLink(admin, 'Ours');
    const response = await t.request(`/api/v1/display-links/${created.link.id}`, { method: 'DELETE', as: otherAdmin });
    expect(response.status).toBe(404);
    const theirs = (await (await t.request('/api/v1/display-links', { as: otherAdmin })).json()) as DisplayLinkList;
    expect(theirs.links.some((l) => l.id === created.link.id)).toBe(false);
    expect((await storedLink(admin.companyId, created.link.id)).revoked_at).toBeNull();
    expect((await t.request(`/api/v1/display/${created.token}/leaderboard`)).status).toBe(200);
  });

  it("a revoked link's open wall-screen stream ends with a 'revoked' event at once, not at the heartbeat", async () => {
    const created = await createLink(admin, 'Sales floor');
    const stream = openEventStream(await t.request(`/api/v1/display/${created.token}/events`));
    expect(await stream.until(/event: ready/)).toContain('event: ready');
    expect((await t.request(`/api/v1/display-links/${created.link.id}`, { method: 'DELETE', as: admin })).status).toBe(200);
    // The production heartbeat is 25 s; the event must come from the revocation's NOTIFY.
    expect(await stream.until(/event: revoked/, 3000)).toContain('event: revoked');
    await stream.until(/$^/, 1000);
    expect(stream.state.done).toBe(true);
  });

  it("a revoked link's open stream ends with a 'revoked' event at the next heartbeat", async () => {
    let allowed = true;
    const app = new Hono<AppEnv>();
    app.use('*', async (c, next) => {
      c.set('deps', t.deps);
      await next();
    });
    app.get('/stream', (c) => streamCompanyEvents(c, { companyId: admin.companyId, heartbeatMs: 30, isStillAllowed: async () => allowed }));
    const stream = openEventStream(await app.request('/stream'));
    expect(await stream.until(/: ping/)).toContain('event: ready');
    allowed = false;
    const text = await stream.until(/event: revoked/, 2000);
    expect(text).toContain('event: revoked');
    await stream.until(/$^/, 1000); // the server ends the stream after the event
    expect(stream.state.done).toBe(true);
  });
});

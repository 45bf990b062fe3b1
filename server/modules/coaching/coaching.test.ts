import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, CoachingNotes, CoachingWrapup, CoachingWrapupList, LiveChange, MyWrapupThreads, Team } from '@core/contracts';
import { toCompanyId, toUserId, withTenant } from '../../db/tenant';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * Coaching on wrap-ups (decision 045): a lead reads their own team's wrap-ups (unread first, the
 * log beside the typed numbers), talks with the rep on each, and keeps private 1:1 notes the rep
 * never sees; erasing a person takes their coaching rows with them.
 */

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
let admin: Member;
let lead: Member; // leads Oslo, in no team
let ola: Member; // Oslo
let oda: Member; // Oslo
let bea: Member; // Bergen
let bergenLead: Member; // leads Bergen
let outsider: Member; // another company's admin

const DAY1 = '2026-11-23';
const DAY2 = '2026-11-24';
const at = (iso: string) => t.setNow(() => new Date(iso));

const errorOf = async (response: Response) => ((await response.json()) as ApiError).error;
async function ok<T>(response: Response): Promise<T> {
  if (response.status >= 300) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
const get = (as: Member, path: string) => t.request(path, { as });
const post = (as: Member, path: string, json?: unknown) => t.request(path, { method: 'POST', as, json: json ?? {} });
const list = (as: Member, query = '') => get(as, `/api/v1/coaching/wrapups${query}`).then((r) => ok<CoachingWrapupList>(r));

async function saveWrapup(member: Member, calls: number): Promise<string> {
  const response = await t.request('/api/v1/wrapups/today', {
    method: 'PUT',
    as: member,
    json: { calls, meetings: 0, sales: 0, points: 0, good: `Good day for ${member.name}`, improve: null },
  });
  return (await ok<{ wrapup: { id: string } }>(response)).wrapup.id;
}
async function logCall(member: Member) {
  expect((await post(member, '/api/v1/activities', { kind: 'call', answered: false })).status).toBe(201);
}

const wrapups: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  at(`${DAY1}T08:00:00Z`);
  admin = await t.createMember({ role: 'admin', name: 'Ada Admin' });
  const companyId = admin.companyId;
  lead = await t.createMember({ companyId, name: 'Lea Lead' });
  ola = await t.createMember({ companyId, name: 'Ola Oslo' });
  oda = await t.createMember({ companyId, name: 'Oda Oslo' });
  bea = await t.createMember({ companyId, name: 'Bea Bergen' });
  bergenLead = await t.createMember({ companyId, name: 'Bo Bergenlead' });
  outsider = await t.createMember({ role: 'admin', name: 'Otto Outsider' });
  const oslo = await ok<Team>(await post(admin, '/api/v1/teams', { name: 'Oslo' }));
  const bergen = await ok<Team>(await post(admin, '/api/v1/teams', { name: 'Bergen' }));
  for (const [member, team] of [
    [ola, oslo],
    [oda, oslo],
    [bea, bergen],
  ] as const) {
    await ok(await t.request(`/api/v1/team/members/${member.id}/team`, { method: 'PUT', as: admin, json: { teamId: team.id } }));
  }
  await ok(await t.request(`/api/v1/teams/${oslo.id}/leads`, { method: 'PUT', as: admin, json: { userIds: [lead.id] } }));
  await ok(await t.request(`/api/v1/teams/${bergen.id}/leads`, { method: 'PUT', as: admin, json: { userIds: [bergenLead.id] } }));

  // Day 1: Ola logs 9 calls and types 12; Oda and Bea report what they logged (none).
  at(`${DAY1}T14:00:00Z`);
  for (let i = 0; i < 9; i++) await logCall(ola);
  wrapups.ola1 = await saveWrapup(ola, 12);
  wrapups.oda1 = await saveWrapup(oda, 0);
  wrapups.bea1 = await saveWrapup(bea, 0);
  // Day 2: Ola again.
  at(`${DAY2}T14:00:00Z`);
  wrapups.ola2 = await saveWrapup(ola, 3);
});
afterAll(() => t.close());

describe('reading wrap-ups', () => {
  it("a lead lists their own team's wrap-ups only, the typed numbers beside the log's", async () => {
    at(`${DAY2}T15:00:00Z`);
    const result = await list(lead);
    expect(result.items.map((item) => [item.member.displayName, item.date])).toEqual([
      ['Ola Oslo', DAY2],
      ['Oda Oslo', DAY1],
      ['Ola Oslo', DAY1],
    ]);
    const olaDay1 = result.items.find((item) => item.id === wrapups.ola1)!;
    expect(olaDay1).toMatchObject({
      typed: { calls: 12 },
      logged: { calls: 9, meetings: 0, sales: 0, points: 0 },
      unread: true,
      commentCount: 0,
    });
    expect(result.unreadCount).toBe(3);
    expect(result.people.map((person) => person.displayName)).toEqual(['Oda Oslo', 'Ola Oslo']);
  });

  it('an admin reads everyone but themself; a rep and a lead of no one are refused', async () => {
    const all = await list(admin);
    expect(new Set(all.items.map((item) => item.member.displayName))).toEqual(new Set(['Ola Oslo', 'Oda Oslo', 'Bea Bergen']));
    expect(all.people.map((person) => person.displayName)).not.toContain('Ada Admin');
    const refused = await get(ola, '/api/v1/coaching/wrapups');
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe('forbidden');
    // Another company's admin reads their own company: none of these.
    expect((await list(outsider)).items).toEqual([]);
  });

  it("filters to a day or to one person; another team's person is a 404", async () => {
    expect((await list(lead, `?date=${DAY1}`)).items.map((item) => item.id).sort()).toEqual([wrapups.ola1, wrapups.oda1].sort());
    expect((await list(lead, `?memberId=${ola.id}`)).items.map((item) => item.date)).toEqual([DAY2, DAY1]);
    expect((await get(lead, `/api/v1/coaching/wrapups?memberId=${bea.id}`)).status).toBe(404);
    expect((await get(lead, `/api/v1/coaching/wrapups?date=2026-13-01`)).status).toBe(400);
    expect((await list(bergenLead)).items.map((item) => item.id)).toEqual([wrapups.bea1]);
  });

  it("another team's wrap-up is a 404 to a lead, to read, mark or comment", async () => {
    expect((await get(lead, `/api/v1/coaching/wrapups/${wrapups.bea1}`)).status).toBe(404);
    expect((await post(lead, `/api/v1/coaching/wrapups/${wrapups.bea1}/read`)).status).toBe(404);
    expect((await post(lead, `/api/v1/coaching/wrapups/${wrapups.bea1}/comments`, { body: 'Hi' })).status).toBe(404);
    expect((await get(outsider, `/api/v1/coaching/wrapups/${wrapups.ola1}`)).status).toBe(404);
    expect((await get(oda, `/api/v1/coaching/wrapups/${wrapups.ola1}`)).status).toBe(404);
  });

  it('opening one marks it read for that viewer alone: it goes after the unread ones', async () => {
    at(`${DAY2}T15:10:00Z`);
    expect((await post(lead, `/api/v1/coaching/wrapups/${wrapups.ola2}/read`)).status).toBe(200);
    const result = await list(lead);
    expect(result.items.map((item) => [item.id, item.unread])).toEqual([
      [wrapups.oda1, true],
      [wrapups.ola1, true],
      [wrapups.ola2, false],
    ]);
    expect(result.unreadCount).toBe(2);
    expect((await list(admin)).items.find((item) => item.id === wrapups.ola2)?.unread).toBe(true);
  });

  it("the navigation's count is the screen's, per viewer; a rep is refused it", async () => {
    const unread = (as: Member) => get(as, '/api/v1/coaching/unread').then((r) => ok<{ unreadCount: number }>(r));
    expect(await unread(lead)).toEqual({ unreadCount: 2 });
    expect(await unread(admin)).toEqual({ unreadCount: (await list(admin)).unreadCount });
    expect(await unread(bergenLead)).toEqual({ unreadCount: 1 });
    const refused = await get(ola, '/api/v1/coaching/unread');
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe('forbidden');
  });

  it('a wrap-up saved again is unread again', async () => {
    at(`${DAY2}T16:00:00Z`);
    await saveWrapup(ola, 4);
    expect((await list(lead)).items.find((item) => item.id === wrapups.ola2)).toMatchObject({ unread: true, typed: { calls: 4 } });
  });
});

describe('the conversation on a wrap-up', () => {
  it('the lead comments, the rep sees it and answers; the lead sees the answer as unread; nobody else sees it', async () => {
    const received: LiveChange[] = [];
    const unsubscribe = t.deps.realtime.subscribe(ola.companyId, (change) => {
      if (change.table === 'wrapup_comments') received.push(change);
    });
    try {
      at(`${DAY2}T17:00:00Z`);
      const commented = await ok<CoachingWrapup>(
        await post(lead, `/api/v1/coaching/wrapups/${wrapups.ola1}/comments`, {
          body: '  You typed 12 calls; the log has 9. Log as you go?  ',
        }),
      );
      expect(commented.comments).toEqual([
        expect.objectContaining({
          body: 'You typed 12 calls; the log has 9. Log as you go?',
          mine: true,
          author: expect.objectContaining({ displayName: 'Lea Lead' }),
        }),
      ]);
      expect(commented.unread).toBe(false); // writing is reading
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(received).toEqual([{ table: 'wrapup_comments', op: 'INSERT', id: commented.comments[0]!.id, userId: ola.id }]);
    } finally {
      unsubscribe();
    }

    const threads = await ok<MyWrapupThreads>(await get(ola, '/api/v1/coaching/my-threads'));
    expect(threads.threads).toEqual([
      {
        wrapupId: wrapups.ola1,
        date: DAY1,
        unread: true,
        comments: [expect.objectContaining({ mine: false, body: expect.stringContaining('12 calls') })],
      },
    ]);
    const asRep = await ok<CoachingWrapup>(await get(ola, `/api/v1/coaching/wrapups/${wrapups.ola1}`));
    expect(asRep).toMatchObject({ isAuthor: true, typed: { calls: 12 }, logged: { calls: 9 } });

    at(`${DAY2}T17:05:00Z`);
    await ok(await post(ola, `/api/v1/coaching/wrapups/${wrapups.ola1}/comments`, { body: 'Will do, three were from my mobile.' }));
    expect((await ok<MyWrapupThreads>(await get(ola, '/api/v1/coaching/my-threads'))).threads[0]?.unread).toBe(false);

    const leadView = await ok<CoachingWrapup>(await get(lead, `/api/v1/coaching/wrapups/${wrapups.ola1}`));
    expect(leadView.comments.map((c) => [c.author.displayName, c.mine])).toEqual([
      ['Lea Lead', true],
      ['Ola Oslo', false],
    ]);
    expect(leadView.unread).toBe(true);
    expect((await list(lead)).items.find((item) => item.id === wrapups.ola1)?.commentCount).toBe(2);

    // The admin reads it too; a colleague, another team's lead and another company do not.
    expect((await ok<CoachingWrapup>(await get(admin, `/api/v1/coaching/wrapups/${wrapups.ola1}`))).comments).toHaveLength(2);
    expect((await get(oda, `/api/v1/coaching/wrapups/${wrapups.ola1}`)).status).toBe(404);
    expect((await post(oda, `/api/v1/coaching/wrapups/${wrapups.ola1}/comments`, { body: 'Me too' })).status).toBe(404);
    expect((await get(bergenLead, `/api/v1/coaching/wrapups/${wrapups.ola1}`)).status).toBe(404);
    expect((await ok<MyWrapupThreads>(await get(oda, '/api/v1/coaching/my-threads'))).threads).toEqual([]);
    // Row-level security agrees: acting as the colleague, the thread is not there at all.
    const seen = await withTenant(t.db, { companyId: toCompanyId(oda.companyId), userId: toUserId(oda.id) }, (tx) =>
      tx.execute(sql`SELECT count(*)::int AS n FROM wrapup_comments`),
    );
    expect((seen as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('refuses an empty or too long comment with a 400', async () => {
    const empty = await post(lead, `/api/v1/coaching/wrapups/${wrapups.ola2}/comments`, { body: '   ' });
    expect(empty.status).toBe(400);
    expect((await errorOf(empty)).details?.body).toBeTruthy();
    expect((await post(lead, `/api/v1/coaching/wrapups/${wrapups.ola2}/comments`, { body: 'x'.repeat(2001) })).status).toBe(400);
  });
});

describe('private 1:1 notes', () => {
  const notesPath = (member: Member) => `/api/v1/coaching/members/${member.id}/notes`;

  it('a lead keeps notes and a follow-up agenda about their rep, and checks items off', async () => {
    at(`${DAY2}T18:00:00Z`);
    await ok(await post(lead, notesPath(ola), { kind: 'note', body: 'Strong openers; loses the thread at pricing.' }));
    at(`${DAY2}T18:01:00Z`);
    await ok(await post(lead, notesPath(ola), { kind: 'follow_up', body: 'Role-play pricing on Friday' }));
    at(`${DAY2}T18:02:00Z`);
    const added = await ok<CoachingNotes>(await post(lead, notesPath(ola), { kind: 'follow_up', body: 'Log calls as you go' }));
    expect(added.notes.map((n) => n.body)).toEqual(['Strong openers; loses the thread at pricing.']);
    expect(added.followUps.map((n) => [n.body, n.doneAt])).toEqual([
      ['Role-play pricing on Friday', null],
      ['Log calls as you go', null],
    ]);

    at(`${DAY2}T18:05:00Z`);
    const first = added.followUps[0]!;
    const checked = await ok<CoachingNotes>(
      await t.request(`/api/v1/coaching/notes/${first.id}`, { method: 'PATCH', as: lead, json: { done: true } }),
    );
    expect(checked.followUps.map((n) => [n.body, n.doneAt])).toEqual([
      ['Log calls as you go', null],
      ['Role-play pricing on Friday', `${DAY2}T18:05:00.000Z`],
    ]);
    const note = added.notes[0]!;
    const notFollowUp = await t.request(`/api/v1/coaching/notes/${note.id}`, { method: 'PATCH', as: lead, json: { done: true } });
    expect(notFollowUp.status).toBe(409);

    // The admin sees the same page.
    expect((await ok<CoachingNotes>(await get(admin, notesPath(ola)))).followUps).toHaveLength(2);
  });

  it("the rep never sees them, nor does a colleague or another team's lead", async () => {
    expect((await get(ola, notesPath(ola))).status).toBe(403);
    expect((await get(oda, notesPath(ola))).status).toBe(403);
    expect((await get(bergenLead, notesPath(ola))).status).toBe(404);
    expect((await get(outsider, notesPath(ola))).status).toBe(404);
    expect((await get(lead, notesPath(bea))).status).toBe(404);
    expect((await get(lead, notesPath(lead))).status).toBe(404);
    const { followUps } = await ok<CoachingNotes>(await get(lead, notesPath(ola)));
    const id = followUps[0]!.id;
    expect((await t.request(`/api/v1/coaching/notes/${id}`, { method: 'PATCH', as: bergenLead, json: { done: true } })).status).toBe(404);
    expect((await t.request(`/api/v1/coaching/notes/${id}`, { method: 'DELETE', as: ola })).status).toBe(403);
    // Row-level security agrees: acting as the rep, there are no notes about them.
    const seen = await withTenant(t.db, { companyId: toCompanyId(ola.companyId), userId: toUserId(ola.id) }, (tx) =>
      tx.execute(sql`SELECT count(*)::int AS n FROM coaching_notes`),
    );
    expect((seen as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('a note is deleted by a lead of the rep', async () => {
    const before = await ok<CoachingNotes>(await get(lead, notesPath(ola)));
    const after = await ok<CoachingNotes>(
      await t.request(`/api/v1/coaching/notes/${before.followUps[0]!.id}`, { method: 'DELETE', as: lead }),
    );
    expect(after.followUps).toHaveLength(before.followUps.length - 1);
  });
});

describe('erasure', () => {
  async function countAsAdmin(table: 'coaching_notes' | 'wrapup_comments', column: 'user_id' | 'author_id', userId: string) {
    const result = await withTenant(t.db, { companyId: toCompanyId(admin.companyId), userId: toUserId(admin.id) }, (tx) =>
      tx.execute(sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE ${sql.raw(column)} = ${userId}`),
    );
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  }

  it('a rep deleting their own account takes the notes about them and their conversations with them', async () => {
    at(`${DAY2}T19:00:00Z`);
    const rita = await t.createMember({ companyId: admin.companyId, name: 'Rita Rep' });
    const ritaWrapup = await saveWrapup(rita, 5);
    await ok(await post(admin, `/api/v1/coaching/members/${rita.id}/notes`, { kind: 'note', body: 'About Rita' }));
    await ok(await post(admin, `/api/v1/coaching/wrapups/${ritaWrapup}/comments`, { body: 'Nice one' }));
    at(`${DAY2}T19:01:00Z`);
    await ok(await post(rita, `/api/v1/coaching/wrapups/${ritaWrapup}/comments`, { body: 'Thanks' }));
    expect(await countAsAdmin('coaching_notes', 'user_id', rita.id)).toBe(1);
    expect(await countAsAdmin('wrapup_comments', 'user_id', rita.id)).toBe(2);

    // Her data download carries the conversation on her wrap-up, not the private note about her.
    const download = await get(rita, '/api/v1/me/data');
    expect(download.status).toBe(200);
    const text = await download.text();
    expect(text).not.toContain('About Rita');
    expect((JSON.parse(text) as { wrapupComments: unknown[] }).wrapupComments).toEqual([
      expect.objectContaining({ wrapupDate: DAY2, byThePerson: false, body: 'Nice one' }),
      expect.objectContaining({ wrapupDate: DAY2, byThePerson: true, body: 'Thanks' }),
    ]);

    expect((await t.request('/api/v1/me', { method: 'DELETE', as: rita, json: { password: rita.password } })).status).toBe(200);
    expect(await countAsAdmin('coaching_notes', 'user_id', rita.id)).toBe(0);
    expect(await countAsAdmin('wrapup_comments', 'user_id', rita.id)).toBe(0);
  });

  it('an admin erasing a lead takes the notes and comments the lead wrote', async () => {
    expect(await countAsAdmin('coaching_notes', 'author_id', lead.id)).toBeGreaterThan(0);
    expect(await countAsAdmin('wrapup_comments', 'author_id', lead.id)).toBeGreaterThan(0);
    expect((await t.request(`/api/v1/team/members/${lead.id}/data`, { method: 'DELETE', as: admin })).status).toBe(200);
    expect(await countAsAdmin('coaching_notes', 'author_id', lead.id)).toBe(0);
    expect(await countAsAdmin('wrapup_comments', 'author_id', lead.id)).toBe(0);
    // Ola's answer on the same wrap-up stays: it is Ola's.
    expect(await countAsAdmin('wrapup_comments', 'author_id', ola.id)).toBe(1);
  });
});

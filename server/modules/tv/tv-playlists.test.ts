import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AuditLogPage,
  CreatedDisplayLink,
  DisplayLink,
  DisplayPlaylist,
  DisplayScreenData,
  TvPlaylist,
  TvPlaylistList,
} from '@core/contracts';
import { TV_SCREEN_MESSAGES } from '@core/contracts';
import { seedActivity } from '../../seed/activities';
import { toLocalDate } from '@core/period';
import { toCompanyId } from '../../db/tenant';
import { advanceContest } from '../contests/contest-progress.service';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * TV playlists (decision 052): admins build them, point display links at them, and a wall reads
 * each screen signed out with the link's token, scoped to the link's company and team.
 */

type Member = Awaited<ReturnType<TestApp['createMember']>>;

const TZ = 'Europe/Oslo';
let t: TestApp;
const now = new Date('2026-11-20T10:00:00Z');
let admin: Member;
let rep: Member;
let osloRep: Member;
let bergenRep: Member;
let otherAdmin: Member;
let oslo: string;
let bergen: string;

async function call<T>(path: string, init: Parameters<TestApp['request']>[1] = {}): Promise<{ status: number; body: T }> {
  const response = await t.request(path, init);
  return { status: response.status, body: (await response.json()) as T };
}

async function createTeam(name: string, members: Member[]): Promise<string> {
  const { status, body } = await call<{ id: string }>('/api/v1/teams', { method: 'POST', as: admin, json: { name } });
  expect(status).toBe(201);
  for (const member of members) {
    expect(
      (await t.request(`/api/v1/team/members/${member.id}/team`, { method: 'PUT', as: admin, json: { teamId: body.id } })).status,
    ).toBe(200);
  }
  return body.id;
}

async function createPlaylist(json: unknown, as: Member = admin): Promise<TvPlaylist> {
  const { status, body } = await call<TvPlaylist>('/api/v1/tv-playlists', { method: 'POST', as, json });
  expect(status, JSON.stringify(body)).toBe(201);
  return body;
}

async function createLink(name: string, teamId?: string): Promise<CreatedDisplayLink> {
  const { status, body } = await call<CreatedDisplayLink>('/api/v1/display-links', {
    method: 'POST',
    as: admin,
    json: { name, ...(teamId ? { teamId } : {}) },
  });
  expect(status).toBe(201);
  return body;
}

async function pointLink(linkId: string, playlistId: string | null, as: Member = admin) {
  return call<DisplayLink>(`/api/v1/display-links/${linkId}/playlist`, { method: 'PUT', as, json: { playlistId } });
}

const EVERY_KIND = (teamId: string) => [
  { kind: 'leaderboard', durationSeconds: 20, rankBy: 'goal_share' },
  { kind: 'team', teamId, durationSeconds: 15 },
  { kind: 'week', durationSeconds: 30 },
  { kind: 'month', durationSeconds: 30, rankBy: 'improved' },
  { kind: 'kpi', metric: 'calls', durationSeconds: 10 },
  { kind: 'message', title: 'Friday', text: 'Pizza at four', durationSeconds: 12 },
  { kind: 'feed', durationSeconds: 20 },
];

beforeAll(async () => {
  t = await createTestApp({ now: () => now });
  admin = await t.createMember({ role: 'admin', name: 'Ada Admin' });
  rep = await t.createMember({ companyId: admin.companyId, name: 'Rita Rep' });
  osloRep = await t.createMember({ companyId: admin.companyId, name: 'Ola Oslo' });
  bergenRep = await t.createMember({ companyId: admin.companyId, name: 'Berit Bergen' });
  otherAdmin = await t.createMember({ role: 'admin', name: 'Olga Other' });
  oslo = await createTeam('Oslo', [osloRep]);
  bergen = await createTeam('Bergen', [bergenRep]);
  const log = (member: Member, type: 'call_answered' | 'call_unanswered' | 'sale', at = now) =>
    seedActivity(t.db, {
      companyId: member.companyId,
      userId: member.id,
      at,
      timezone: TZ,
      ...(type === 'sale'
        ? { type, ticketSize: 100_000 as never }
        : type === 'call_answered'
          ? { type, outcome: 'no_progress' }
          : { type }),
    } as Parameters<typeof seedActivity>[1]);
  await log(rep, 'call_answered');
  await log(osloRep, 'call_answered');
  await log(osloRep, 'call_unanswered');
  await log(bergenRep, 'call_unanswered');
  await log(bergenRep, 'call_unanswered', new Date('2026-11-19T09:00:00Z')); // yesterday: the KPI's comparison
  await log(otherAdmin, 'sale');
});

afterAll(() => t.close());

describe('building playlists (admins)', () => {
  it('saves every kind of screen in order, gives each an id, and lists them', async () => {
    const playlist = await createPlaylist({ name: 'Sales floor', screens: EVERY_KIND(oslo) });
    expect(playlist.name).toBe('Sales floor');
    expect(playlist.screens.map((s) => s.kind)).toEqual(['leaderboard', 'team', 'week', 'month', 'kpi', 'message', 'feed']);
    expect(new Set(playlist.screens.map((s) => s.id)).size).toBe(7);
    expect(playlist.screens[0]).toMatchObject({ kind: 'leaderboard', rankBy: 'goal_share', durationSeconds: 20 });
    const list = await call<TvPlaylistList>('/api/v1/tv-playlists', { as: admin });
    expect(list.body.playlists.find((p) => p.id === playlist.id)).toEqual(playlist);
  });

  it('keeps the ids of screens sent back on an edit, and records the change in the audit log', async () => {
    const playlist = await createPlaylist({ name: 'Kitchen', screens: EVERY_KIND(oslo).slice(0, 2) });
    const [first, second] = playlist.screens;
    const edited = await call<TvPlaylist>(`/api/v1/tv-playlists/${playlist.id}`, {
      method: 'PUT',
      as: admin,
      json: { name: 'Kitchen wall', screens: [second, { kind: 'kpi', metric: 'sales', durationSeconds: 8 }, first] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.screens.map((s) => s.id).slice(0, 1)).toEqual([second!.id]);
    expect(edited.body.screens[2]!.id).toBe(first!.id);
    expect(edited.body.screens[1]!.id).not.toBe(first!.id);
    const audit = await call<AuditLogPage>('/api/v1/admin/audit-log', { as: admin });
    expect(audit.body.entries.find((e) => e.action === 'tv_playlist.changed' && e.target?.id === playlist.id)).toMatchObject({
      action: 'tv_playlist.changed',
      target: { type: 'tv_playlist', id: playlist.id, label: 'Kitchen wall' },
      details: { name: 'Kitchen wall', screens: 3, renamedFrom: 'Kitchen' },
    });
    expect(audit.body.entries.some((e) => e.action === 'tv_playlist.created' && e.target?.id === playlist.id)).toBe(true);
  });

  it('refuses durations out of bounds, an empty playlist, an unknown kind and a blank message with a 400', async () => {
    for (const screens of [
      [{ kind: 'leaderboard', durationSeconds: 4 }],
      [{ kind: 'leaderboard', durationSeconds: 601 }],
      [],
      [{ kind: 'weather', durationSeconds: 20 }],
      [{ kind: 'message', text: '   ', durationSeconds: 20 }],
      [{ kind: 'kpi', metric: 'coffee', durationSeconds: 20 }],
      Array.from({ length: 21 }, () => ({ kind: 'week', durationSeconds: 20 })),
    ]) {
      const response = await call<{ error: { code: string } }>('/api/v1/tv-playlists', {
        method: 'POST',
        as: admin,
        json: { name: 'Bad', screens },
      });
      expect(response.status, JSON.stringify(screens)).toBe(400);
    }
    expect((await call<TvPlaylistList>('/api/v1/tv-playlists', { as: admin })).body.playlists.some((p) => p.name === 'Bad')).toBe(false);
  });

  it("refuses another company's team on a screen (404), and is for admins only", async () => {
    const theirs = await call<{ id: string }>('/api/v1/teams', { method: 'POST', as: otherAdmin, json: { name: 'Theirs' } });
    const foreign = await call<{ error: { code: string } }>('/api/v1/tv-playlists', {
      method: 'POST',
      as: admin,
      json: { name: 'Stolen', screens: [{ kind: 'team', teamId: theirs.body.id, durationSeconds: 20 }] },
    });
    expect(foreign.status).toBe(404);
    const mine = await createPlaylist({ name: 'Mine', screens: [{ kind: 'week', durationSeconds: 20 }] });
    expect((await t.request('/api/v1/tv-playlists', { as: rep })).status).toBe(403);
    expect((await t.request('/api/v1/tv-playlists')).status).toBe(401);
    expect((await t.request(`/api/v1/tv-playlists/${mine.id}`, { method: 'DELETE', as: rep })).status).toBe(403);
    // Another company's admin cannot see, change or delete it.
    expect((await call<TvPlaylistList>('/api/v1/tv-playlists', { as: otherAdmin })).body.playlists).toEqual([]);
    const put = await t.request(`/api/v1/tv-playlists/${mine.id}`, {
      method: 'PUT',
      as: otherAdmin,
      json: { name: 'Taken', screens: [{ kind: 'week', durationSeconds: 20 }] },
    });
    expect(put.status).toBe(404);
    expect((await t.request(`/api/v1/tv-playlists/${mine.id}`, { method: 'DELETE', as: otherAdmin })).status).toBe(404);
    expect((await call<TvPlaylistList>('/api/v1/tv-playlists', { as: admin })).body.playlists.find((p) => p.id === mine.id)?.name).toBe(
      'Mine',
    );
  });
});

describe('pointing a display link at a playlist', () => {
  it("shows on the link, is audited with both names, and refuses another company's playlist", async () => {
    const playlist = await createPlaylist({ name: 'Lobby loop', screens: [{ kind: 'week', durationSeconds: 20 }] });
    const link = await createLink('Lobby');
    const pointed = await pointLink(link.link.id, playlist.id);
    expect(pointed.status).toBe(200);
    expect(pointed.body.playlist).toEqual({ id: playlist.id, name: 'Lobby loop' });
    const audit = await call<AuditLogPage>('/api/v1/admin/audit-log', { as: admin });
    expect(audit.body.entries.find((e) => e.action === 'display_link.playlist_changed' && e.target?.id === link.link.id)).toMatchObject({
      action: 'display_link.playlist_changed',
      target: { type: 'display_link', id: link.link.id, label: 'Lobby' },
      details: { name: 'Lobby', from: null, to: 'Lobby loop' },
    });
    const theirs = await createPlaylist({ name: 'Theirs', screens: [{ kind: 'week', durationSeconds: 20 }] }, otherAdmin);
    expect((await pointLink(link.link.id, theirs.id)).status).toBe(404);
    expect((await pointLink(link.link.id, theirs.id, otherAdmin)).status).toBe(404);
    expect((await pointLink(link.link.id, null, rep)).status).toBe(403);
    expect((await pointLink(link.link.id, 'not-a-uuid')).status).toBe(400);
    // Deleting the playlist sends the link back to today's leaderboard.
    expect((await t.request(`/api/v1/tv-playlists/${playlist.id}`, { method: 'DELETE', as: admin })).status).toBe(200);
    const links = await call<{ links: DisplayLink[] }>('/api/v1/display-links', { as: admin });
    expect(links.body.links.find((l) => l.id === link.link.id)?.playlist).toBeNull();
    expect((await call<DisplayPlaylist>(`/api/v1/display/${link.token}/playlist`)).body).toEqual({ playlist: null });
  });
});

describe("a wall's signed-out reads", () => {
  it('reads every screen kind with the numbers a signed-in board shows', async () => {
    const playlist = await createPlaylist({ name: 'Everything', screens: EVERY_KIND(oslo) });
    const link = await createLink('Everything wall');
    await pointLink(link.link.id, playlist.id);
    const read = await call<DisplayPlaylist>(`/api/v1/display/${link.token}/playlist`);
    expect(read.status).toBe(200);
    expect(read.body.playlist?.screens).toEqual(playlist.screens);
    const screen = async (index: number) => {
      const response = await call<DisplayScreenData>(`/api/v1/display/${link.token}/screens/${playlist.screens[index]!.id}`);
      expect(response.status).toBe(200);
      return response.body;
    };
    const today = await screen(0);
    expect(today).toMatchObject({ kind: 'leaderboard', team: null, rankBy: 'goal_share' });
    const names = (data: DisplayScreenData) => ('rows' in data ? data.rows.map((r) => r.displayName) : []);
    expect(names(today).sort()).toEqual(['Berit Bergen', 'Ola Oslo', 'Rita Rep']);
    // Ranked as the screen chose (decision 053): each row carries its share of goal.
    expect('rows' in today && today.rows.every((r) => r.goalShare !== undefined)).toBe(true);
    const team = await screen(1);
    expect(team).toMatchObject({ kind: 'team', team: { id: oslo, name: 'Oslo' } });
    expect(names(team)).toEqual(['Ola Oslo']);
    const week = await screen(2);
    expect(week).toMatchObject({ kind: 'week', totals: { calls: 5 } });
    const month = await screen(3);
    expect(month.kind).toBe('month');
    if (month.kind === 'month') {
      expect(month.trend.find((d) => d.date === '2026-11-20')?.calls).toBe(4);
      expect(month.rows.length).toBeLessThanOrEqual(5);
    }
    expect(await screen(4)).toMatchObject({ kind: 'kpi', metric: 'calls', today: 4, yesterday: 1, team: null });
    expect(await screen(5)).toEqual({ kind: 'message', title: 'Friday', text: 'Pizza at four' });
    // The floor's news (decision 087): the newest items, as the wall's celebrations read them.
    const feed = await screen(6);
    if (feed.kind !== 'feed') throw new Error(`a ${feed.kind} screen`);
    expect(feed.items.length).toBeGreaterThan(0);
    expect(feed.items.length).toBeLessThanOrEqual(8);
    expect(new Set(feed.items.map((item) => item.displayName))).toEqual(new Set(['Berit Bergen', 'Ola Oslo', 'Rita Rep']));
    // Nothing of another company: their sale is on no screen.
    expect(JSON.stringify(today)).not.toContain(otherAdmin.id);
    expect(JSON.stringify(feed)).not.toContain(otherAdmin.id);
  });

  it("on a team's link, every screen shows that team only, and another team's screen is left out", async () => {
    const playlist = await createPlaylist({
      name: 'Mixed',
      screens: [
        { kind: 'leaderboard', durationSeconds: 20 },
        { kind: 'team', teamId: oslo, durationSeconds: 20 },
        { kind: 'team', teamId: bergen, durationSeconds: 20 },
        { kind: 'kpi', metric: 'calls', durationSeconds: 20 },
      ],
    });
    const link = await createLink('Bergen wall', bergen);
    await pointLink(link.link.id, playlist.id);
    const read = await call<DisplayPlaylist>(`/api/v1/display/${link.token}/playlist`);
    expect(read.body.playlist?.screens.map((s) => s.id)).toEqual([
      playlist.screens[0]!.id,
      playlist.screens[2]!.id,
      playlist.screens[3]!.id,
    ]);
    const board = await call<DisplayScreenData>(`/api/v1/display/${link.token}/screens/${playlist.screens[0]!.id}`);
    expect(board.body).toMatchObject({ kind: 'leaderboard', team: { id: bergen, name: 'Bergen' } });
    expect('rows' in board.body && board.body.rows.map((r) => r.userId)).toEqual([bergenRep.id]);
    const kpi = await call<DisplayScreenData>(`/api/v1/display/${link.token}/screens/${playlist.screens[3]!.id}`);
    expect(kpi.body).toMatchObject({ kind: 'kpi', today: 1, yesterday: 1, team: { id: bergen } });
    // Oslo's screen is refused on Bergen's wall, even asked for by id.
    const refused = await t.request(`/api/v1/display/${link.token}/screens/${playlist.screens[1]!.id}`);
    expect(refused.status).toBe(404);
    expect(await refused.text()).not.toContain(osloRep.id);
  });

  it('answers 404 for a revoked link, an unknown screen, and a screen of a playlist the link does not show', async () => {
    const playlist = await createPlaylist({ name: 'Short', screens: [{ kind: 'week', durationSeconds: 20 }] });
    const other = await createPlaylist({ name: 'Other', screens: [{ kind: 'week', durationSeconds: 20 }] });
    const link = await createLink('Revocable');
    await pointLink(link.link.id, playlist.id);
    const screenId = playlist.screens[0]!.id;
    expect((await t.request(`/api/v1/display/${link.token}/screens/${screenId}`)).status).toBe(200);
    expect((await t.request(`/api/v1/display/${link.token}/screens/${other.screens[0]!.id}`)).status).toBe(404);
    expect((await t.request(`/api/v1/display/${link.token}/screens/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await t.request(`/api/v1/display/${link.token}/screens/nope`)).status).toBe(400);
    expect((await t.request(`/api/v1/display-links/${link.link.id}`, { method: 'DELETE', as: admin })).status).toBe(200);
    for (const path of [`/api/v1/display/${link.token}/playlist`, `/api/v1/display/${link.token}/screens/${screenId}`]) {
      const response = await call<{ error: { message: string } }>(path);
      expect(response.status).toBe(404);
      expect(response.body.error.message).toMatch(/revoked/);
    }
    // A revoked link cannot be pointed anywhere.
    expect((await pointLink(link.link.id, other.id)).status).toBe(404);
  });
});

describe('a contest on the wall (decision 049)', () => {
  const contestBody = (name: string) => ({
    name,
    startsOn: '2026-11-20',
    endsOn: '2026-11-26',
    participants: 'everyone',
    mode: 'individual',
    weights: [{ metric: 'calls', weight: 1 }],
    prizes: 'Pizza',
  });

  it("shows the contest's standings on a screen, its team's people only on a team's link", async () => {
    const made = await call<{ id: string }>('/api/v1/contests', { method: 'POST', as: admin, json: contestBody('Call blitz') });
    expect(made.status).toBe(201);
    const playlist = await createPlaylist({
      name: 'Contest wall',
      screens: [{ kind: 'contest', contestId: made.body.id, durationSeconds: 30 }],
    });
    expect(playlist.screens).toEqual([expect.objectContaining({ kind: 'contest', contestId: made.body.id })]);

    const link = await createLink('Contest TV');
    await pointLink(link.link.id, playlist.id);
    const read = async (token: string) => {
      const { status, body } = await call<DisplayScreenData>(`/api/v1/display/${token}/screens/${playlist.screens[0]!.id}`);
      expect(status, JSON.stringify(body)).toBe(200);
      if (body.kind !== 'contest' || body.standings === null) throw new Error(`a ${body.kind} screen with nothing on it`);
      return body.standings;
    };
    const standings = await read(link.token);
    expect(standings.contest.name).toBe('Call blitz');
    // The seeded calls of today: Ola two, Rita one, Berit one.
    expect(standings.standings.filter((s) => s.score > 0).map((s) => [s.name, s.score])).toEqual([
      ['Ola Oslo', 2],
      ['Berit Bergen', 1],
      ['Rita Rep', 1],
    ]);
    // The same numbers as the contest's own read through the link.
    expect((await call(`/api/v1/display/${link.token}/contests/${made.body.id}`)).body).toEqual(standings);

    const osloLink = await createLink('Oslo contest TV', oslo);
    await pointLink(osloLink.link.id, playlist.id);
    expect((await read(osloLink.token)).standings.map((s) => s.name)).toEqual(['Ola Oslo']);
  });

  it("refuses another company's contest on a screen (404), and an id that is not one (400)", async () => {
    const theirs = await call<{ id: string }>('/api/v1/contests', { method: 'POST', as: otherAdmin, json: contestBody('Theirs') });
    expect(theirs.status).toBe(201);
    const refused = await call<{ error: { message: string } }>('/api/v1/tv-playlists', {
      method: 'POST',
      as: admin,
      json: { name: 'Borrowed', screens: [{ kind: 'contest', contestId: theirs.body.id, durationSeconds: 30 }] },
    });
    expect(refused.status).toBe(404);
    expect(refused.body.error.message).toMatch(/contest/);
    const bad = await t.request('/api/v1/tv-playlists', {
      method: 'POST',
      as: admin,
      json: { name: 'Bad', screens: [{ kind: 'contest', contestId: 'nope', durationSeconds: 30 }] },
    });
    expect(bad.status).toBe(400);
  });
});

describe('a contest screen that moves with the contest (decision 087)', () => {
  it("follows a weekly contest to each new round by itself, and a 'running' screen shows whatever runs for the wall", async () => {
    const weekly = await call<{ id: string }>('/api/v1/contests', {
      method: 'POST',
      as: admin,
      json: {
        name: 'Friday blitz',
        startsOn: '2026-11-20',
        endsOn: '2026-11-20',
        participants: 'everyone',
        mode: 'individual',
        weights: [{ metric: 'calls', weight: 1 }],
        prizes: 'Cake',
        recurrence: 'weekly',
      },
    });
    expect(weekly.status).toBe(201);
    const bergensOwn = await call<{ id: string }>('/api/v1/contests', {
      method: 'POST',
      as: admin,
      json: {
        name: 'Bergen sprint',
        startsOn: '2026-12-07',
        endsOn: '2026-12-08',
        participants: 'teams',
        teamIds: [bergen],
        mode: 'individual',
        weights: [{ metric: 'calls', weight: 1 }],
        prizes: '',
      },
    });
    expect(bergensOwn.status).toBe(201);
    const playlist = await createPlaylist({
      name: 'Blitz wall',
      screens: [
        { kind: 'contest', contestId: weekly.body.id, durationSeconds: 30 },
        { kind: 'contest', follow: 'running', durationSeconds: 30 },
      ],
    });
    expect(playlist.screens[1]).toMatchObject({ kind: 'contest', follow: 'running' });
    expect(playlist.screens[1]).not.toHaveProperty('contestId');
    const link = await createLink('Blitz TV');
    const osloLink = await createLink('Oslo blitz TV', oslo);
    await pointLink(link.link.id, playlist.id);
    await pointLink(osloLink.link.id, playlist.id);
    const read = async (token: string, index: number) => {
      const { status, body } = await call<DisplayScreenData>(`/api/v1/display/${token}/screens/${playlist.screens[index]!.id}`);
      expect(status, JSON.stringify(body)).toBe(200);
      if (body.kind !== 'contest') throw new Error(`a ${body.kind} screen`);
      return (
        body.standings && {
          id: body.standings.contest.id,
          startsOn: body.standings.contest.startsOn,
          finished: body.standings.contest.finished,
        }
      );
    };
    try {
      expect(await read(link.token, 0)).toEqual({ id: weekly.body.id, startsOn: '2026-11-20', finished: false });
      // The round ends; the scheduler finishes it and makes next Friday's.
      t.setNow(() => new Date('2026-11-21T10:00:00Z'));
      await advanceContest(t.db, toCompanyId(admin.companyId), weekly.body.id, toLocalDate('2026-11-21'), new Date('2026-11-21T10:00:00Z'));
      // Between rounds the wall keeps the finished one (its winner); on the day, the next round.
      expect(await read(link.token, 0)).toEqual({ id: weekly.body.id, startsOn: '2026-11-20', finished: true });
      t.setNow(() => new Date('2026-11-27T10:00:00Z'));
      const next = await read(link.token, 0);
      expect(next).toMatchObject({ startsOn: '2026-11-27', finished: false });
      expect(next!.id).not.toBe(weekly.body.id);
      // Whatever runs: the new round, for the company's wall and Oslo's (everyone takes part).
      expect(await read(link.token, 1)).toEqual(next);
      expect(await read(osloLink.token, 1)).toEqual(next);
      // A Bergen-only contest runs on the company's wall, not on Oslo's; nothing running says so.
      t.setNow(() => new Date('2026-12-07T10:00:00Z'));
      expect(await read(link.token, 1)).toMatchObject({ id: bergensOwn.body.id });
      expect(await read(osloLink.token, 1)).toBeNull();
    } finally {
      t.setNow(() => now);
    }
  });

  it('refuses a screen that names no contest unless it follows what is running', async () => {
    const refused = await call<{ error: { details?: Record<string, string> } }>('/api/v1/tv-playlists', {
      method: 'POST',
      as: admin,
      json: { name: 'Empty', screens: [{ kind: 'contest', durationSeconds: 30 }] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual({ 'screens.0.contestId': 'Choose a contest' });
  });
});

describe('a board on the wall (decision 102)', () => {
  async function createBoard(json: Record<string, unknown>, as: Member = admin): Promise<{ id: string }> {
    const { status, body } = await call<{ id: string }>('/api/v1/boards', { method: 'POST', as, json });
    expect(status, JSON.stringify(body)).toBe(201);
    return body;
  }
  const WIDGETS = [
    { id: 'calls-today', kind: 'number', kpiId: 'calls', period: 'today' },
    { id: 'calls-board', kind: 'leaderboard', kpiId: 'calls', period: 'today' },
    { id: 'calls-chart', kind: 'chart', kpiId: 'calls', period: 'week' },
    { id: 'calls-gauge', kind: 'gauge', kpiId: 'calls', period: 'today', goal: 10 },
    { id: 'calls-teams', kind: 'teams', kpiId: 'calls', period: 'today' },
    { id: 'news', kind: 'feed', period: 'today' },
  ];
  type BoardScreen = Extract<DisplayScreenData, { kind: 'board' }>;
  const readingOf = (screen: BoardScreen, widgetId: string) => screen.readings.find((r) => r.widgetId === widgetId)!;
  async function signedIn(query: string) {
    const { status, body } = await call<unknown>(`/api/v1/kpis/values?${query}`, { as: admin });
    expect(status).toBe(200);
    return body;
  }

  it('shows every widget with the numbers the signed-in board reads, signed out', async () => {
    const board = await createBoard({ name: 'Floor', sharing: 'company', widgets: WIDGETS });
    const playlist = await createPlaylist({ name: 'Boards', screens: [{ kind: 'board', boardId: board.id, durationSeconds: 30 }] });
    const link = await createLink('Board wall');
    await pointLink(link.link.id, playlist.id);
    const { status, body } = await call<BoardScreen>(`/api/v1/display/${link.token}/screens/${playlist.screens[0]!.id}`);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ kind: 'board', team: null, today: '2026-11-20', board: { id: board.id, name: 'Floor' } });
    expect(body.board.widgets.map((w) => w.id)).toEqual(WIDGETS.map((w) => w.id));
    // Only the KPIs its widgets name travel with it.
    expect(body.kpis.map((kpi) => kpi.id)).toEqual(['calls']);
    // Today's number and yesterday's, as the app's number widget asks for them.
    expect(readingOf(body, 'calls-today').values).toEqual(await signedIn('from=2026-11-20&to=2026-11-20&ids=calls&totalOnly=true'));
    expect(readingOf(body, 'calls-today').before).toEqual(await signedIn('from=2026-11-19&to=2026-11-19&ids=calls&totalOnly=true'));
    expect(readingOf(body, 'calls-today').values?.kpis[0]?.total).toBe(4);
    expect(readingOf(body, 'calls-board').values).toEqual(await signedIn('from=2026-11-20&to=2026-11-20&ids=calls'));
    expect(readingOf(body, 'calls-gauge').values?.kpis[0]?.total).toBe(4);
    // Each team's figure, as the app's team comparison asks for it: no one's own.
    expect(readingOf(body, 'calls-teams').values).toEqual(
      await signedIn('from=2026-11-20&to=2026-11-20&ids=calls&totalOnly=true&byTeam=true'),
    );
    // The week from Monday to today, day by day.
    expect(readingOf(body, 'calls-chart').series?.days.map((d) => [d.day, d.value])).toEqual([
      ['2026-11-16', 0],
      ['2026-11-17', 0],
      ['2026-11-18', 0],
      ['2026-11-19', 1],
      ['2026-11-20', 4],
    ]);
    const activities = readingOf(body, 'news').feed?.filter((item) => item.type === 'activity');
    expect(new Set(activities?.map((item) => item.displayName))).toEqual(new Set(['Berit Bergen', 'Ola Oslo', 'Rita Rep']));
    expect(JSON.stringify(body)).not.toContain(otherAdmin.id);
  });

  it("on a team's link, every widget shows that team's people; a board of another team is not shown", async () => {
    const company = await createBoard({
      name: 'Everyone',
      sharing: 'company',
      widgets: WIDGETS.filter((w) => ['calls-today', 'calls-board', 'calls-teams', 'news'].includes(w.id)),
    });
    const osloBoard = await createBoard({ name: 'Oslo only', sharing: 'team', teamId: oslo, widgets: WIDGETS.slice(0, 1) });
    const playlist = await createPlaylist({
      name: 'Team boards',
      screens: [
        { kind: 'board', boardId: company.id, durationSeconds: 30 },
        { kind: 'board', boardId: osloBoard.id, durationSeconds: 30 },
      ],
    });
    const bergenWall = await createLink('Bergen board wall', bergen);
    await pointLink(bergenWall.link.id, playlist.id);
    const { body } = await call<BoardScreen>(`/api/v1/display/${bergenWall.token}/screens/${playlist.screens[0]!.id}`);
    expect(body.team).toEqual({ id: bergen, name: 'Bergen' });
    expect(readingOf(body, 'calls-board').values?.members.map((m) => m.userId)).toEqual([bergenRep.id]);
    expect(readingOf(body, 'calls-today').values?.kpis[0]?.total).toBe(1);
    // The teams side by side: each team's figure, and no other team's people anywhere on the wall.
    expect(
      readingOf(body, 'calls-teams')
        .values?.teams?.map((team) => team.name)
        .sort(),
    ).toEqual(['Bergen', 'Oslo']);
    expect(readingOf(body, 'calls-teams').values?.members).toEqual([]);
    for (const other of [osloRep, rep, admin]) expect(JSON.stringify(body)).not.toContain(other.id);
    const refused = await t.request(`/api/v1/display/${bergenWall.token}/screens/${playlist.screens[1]!.id}`);
    expect(refused.status).toBe(404);
    // On the company's wall, a team's board shows its team's people where a widget names none.
    const companyWall = await createLink('Company board wall');
    await pointLink(companyWall.link.id, playlist.id);
    const oslos = await call<BoardScreen>(`/api/v1/display/${companyWall.token}/screens/${playlist.screens[1]!.id}`);
    expect(oslos.status).toBe(200);
    expect(readingOf(oslos.body, 'calls-today').values?.kpis[0]?.total).toBe(2);
  });

  it("refuses a private board and another company's (400), and leaves a board out once it is private or deleted", async () => {
    const mine = await createBoard({ name: 'My view', sharing: 'private', widgets: [] });
    const theirs = await createBoard({ name: 'Theirs', sharing: 'company', widgets: [] }, otherAdmin);
    for (const boardId of [mine.id, theirs.id]) {
      const { status, body } = await call<{ error: { details: Record<string, string> } }>('/api/v1/tv-playlists', {
        method: 'POST',
        as: admin,
        json: {
          name: 'Nope',
          screens: [
            { kind: 'week', durationSeconds: 20 },
            { kind: 'board', boardId, durationSeconds: 20 },
          ],
        },
      });
      expect(status).toBe(400);
      expect(body.error.details['screens.1.boardId']).toBe(TV_SCREEN_MESSAGES.boardNotShown);
    }
    const shared = await createBoard({ name: 'Shared for now', sharing: 'company', widgets: WIDGETS.slice(0, 1) });
    const playlist = await createPlaylist({ name: 'Fleeting', screens: [{ kind: 'board', boardId: shared.id, durationSeconds: 20 }] });
    const link = await createLink('Fleeting wall');
    await pointLink(link.link.id, playlist.id);
    const path = `/api/v1/display/${link.token}/screens/${playlist.screens[0]!.id}`;
    expect((await t.request(path)).status).toBe(200);
    const made = await t.request(`/api/v1/boards/${shared.id}`, {
      method: 'PUT',
      as: admin,
      json: { name: 'Shared for now', sharing: 'private', widgets: WIDGETS.slice(0, 1) },
    });
    expect(made.status).toBe(200);
    expect((await t.request(path)).status).toBe(404);
    expect((await t.request(`/api/v1/boards/${shared.id}`, { method: 'DELETE', as: admin })).status).toBe(200);
    expect((await t.request(path)).status).toBe(404);
  });
});

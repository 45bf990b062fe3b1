import '@web/i18n';
import { render, screen, within } from '@testing-library/react';
import type { ContestStandings, DisplayFeedItem, DisplayScreenData, TvScreen } from '@core/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@web/i18n';
import { describeTvScreen, TvScreenView } from './tv-screens';

/* The TV's contest screen (decisions 049, 052): a contest's standings on the wall. */

const contest: ContestStandings['contest'] = {
  id: '6f1c2d8e-7a4b-4c1d-9e2f-0a1b2c3d4e5f',
  name: 'Call blitz',
  startsOn: '2026-11-23',
  endsOn: '2099-11-29',
  participants: 'teams',
  teamIds: [],
  userIds: [],
  mode: 'team',
  weights: [{ metric: 'calls', weight: 1 }],
  kpiId: null,
  kpi: null,
  target: 50,
  prizes: 'Pizza Friday',
  recurrence: 'none',
  template: null,
  seriesId: '6f1c2d8e-7a4b-4c1d-9e2f-0a1b2c3d4e5f',
  phase: 'active',
  finished: false,
  winners: [],
  endsAt: '2099-11-29T23:00:00.000Z',
  startsAt: '2026-11-22T23:00:00.000Z',
  canManage: false,
};

const team = (subjectId: string, name: string, rank: number, score: number, members: number) => ({
  subjectId,
  kind: 'team' as const,
  name,
  avatarUrl: null,
  rank,
  score,
  totals: { calls: score },
  reachedOn: null,
  members,
});

const data = (standings: ReturnType<typeof team>[]): Extract<DisplayScreenData, { kind: 'contest' }> => ({
  kind: 'contest',
  standings: {
    contest: { ...contest, teamIds: [], userIds: [], weights: [{ metric: 'calls', weight: 1 }] },
    standings,
    today: '2026-11-25',
  },
});
const screenOf: TvScreen = { id: 's1', kind: 'contest', contestId: contest.id, durationSeconds: 30 };
const t = i18n.getFixedT(null, 'scoreboard');

afterEach(() => void i18n.changeLanguage('en'));

describe('the contest screen', () => {
  it('crowns the leader, shows each team with its members and score, and the prizes', () => {
    render(<TvScreenView data={data([team('a', 'Oslo', 1, 31, 4), team('b', 'Bergen', 2, 24, 3)])} language="en" timeZone="Europe/Oslo" />);
    const rows = screen.getAllByTestId('tv-contest-row');
    // Each score says what it counts (decision 087).
    expect(rows.map((row) => row.textContent)).toEqual(['1Oslo4 members31calls', '2Bergen3 members24calls']);
    expect(within(screen.getByRole('list', { name: 'Standings' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('Prizes: Pizza Friday')).toBeInTheDocument();
  });

  it('names the contest, its time left and target above the board; in Norwegian too', async () => {
    const heading = describeTvScreen(screenOf, data([]), t);
    expect(heading.title).toBe('Call blitz');
    expect(heading.subtitle).toMatch(/^\d+ d \d+ h left · First to 50$/);
    await i18n.changeLanguage('nb');
    expect(describeTvScreen(screenOf, data([]), i18n.getFixedT('nb', 'scoreboard')).subtitle).toMatch(/ t igjen · Først til 50$/);
  });

  it("counts down to the wall's now and says Finished the minute the contest is, before the finished round is read", () => {
    const endsAt = new Date(data([]).standings!.contest.endsAt);
    const before = new Date(endsAt.getTime() - 2 * 60 * 60 * 1000 - 5 * 60 * 1000);
    expect(describeTvScreen(screenOf, data([]), t, before).subtitle).toBe('2 h 5 min left · First to 50');
    // Still "active" in the numbers the wall read last; the time is up all the same.
    expect(data([]).standings!.contest.phase).toBe('active');
    expect(describeTvScreen(screenOf, data([]), t, new Date(endsAt.getTime() + 1_000)).subtitle).toBe('Finished');
  });

  it('says no contest is running when the screen follows whatever runs and nothing does (decision 087)', async () => {
    const none: Extract<DisplayScreenData, { kind: 'contest' }> = { kind: 'contest', standings: null };
    const running: TvScreen = { id: 's2', kind: 'contest', follow: 'running', durationSeconds: 30 };
    render(<TvScreenView data={none} language="en" timeZone="Europe/Oslo" />);
    expect(screen.getByText('No contest is running right now')).toBeInTheDocument();
    expect(describeTvScreen(running, none, t)).toMatchObject({ title: 'Contest', subtitle: '' });
  });

  it('says so while nobody has scored', () => {
    render(<TvScreenView data={data([team('a', 'Oslo', 1, 0, 4)])} language="en" timeZone="Europe/Oslo" />);
    expect(screen.getByText('Nobody has scored yet. The first to score takes the lead!')).toBeInTheDocument();
    expect(screen.queryByTestId('tv-contest-row')).not.toBeInTheDocument();
  });
});

describe('the KPI screen', () => {
  it("shows revenue in the company's currency, not always kroner", () => {
    const kpi: Extract<DisplayScreenData, { kind: 'kpi' }> = {
      kind: 'kpi',
      team: null,
      metric: 'revenue',
      date: '2026-11-25',
      today: 1_250_000,
      yesterday: 1_000_000,
      change: '+25%',
    };
    render(<TvScreenView data={kpi} language="en" timeZone="Europe/Oslo" currency="EUR" />);
    expect(screen.getByTestId('tv-kpi')).toHaveTextContent('€12,500');
    expect(screen.getByTestId('tv-kpi')).not.toHaveTextContent(/kr|NOK/);
  });
});

describe('the feed screen (decision 087)', () => {
  const item = (over: Partial<DisplayFeedItem>): DisplayFeedItem => ({
    type: 'activity',
    id: crypto.randomUUID(),
    createdAt: new Date().toISOString(),
    userId: 'u1',
    displayName: 'Kari Nordmann',
    formerMember: false,
    activityType: 'call_answered',
    ownType: null,
    meetingBooked: true,
    saleValue: null,
    customerName: null,
    eventKind: null,
    teamName: null,
    subjectId: null,
    data: {},
    reactions: [],
    ...over,
  });

  it("lists the floor's news: who did what, a sale with its amount and customer, and contest news", () => {
    const feed: Extract<DisplayScreenData, { kind: 'feed' }> = {
      kind: 'feed',
      items: [
        item({}),
        item({ displayName: 'Ola Hansen', activityType: 'sale', meetingBooked: false, saleValue: 4_800_000, customerName: 'Fjordkraft' }),
        item({
          type: 'event',
          displayName: 'Dag Lie',
          activityType: null,
          meetingBooked: false,
          eventKind: 'contest.finished',
          data: { name: 'Friday blitz', winners: [{ subjectId: 'u1', score: 8 }] },
        }),
      ],
    };
    render(<TvScreenView data={feed} language="en" timeZone="Europe/Oslo" currency="NOK" />);
    const rows = screen.getAllByTestId('tv-feed-item').map((row) => row.querySelector('p')!.textContent);
    expect(rows).toEqual([
      'Kari Nordmann booked a meeting',
      'Ola Hansen closed a sale · NOK\u00a048,000 · Fjordkraft',
      'Dag Lie won “Friday blitz”',
    ]);
    expect(describeTvScreen({ id: 'f', kind: 'feed', durationSeconds: 20 }, feed, t).title).toBe('Live feed');
  });

  it('says so while the feed is empty', () => {
    render(<TvScreenView data={{ kind: 'feed', items: [] }} language="en" timeZone="Europe/Oslo" />);
    expect(screen.getByText('Nothing on the feed yet today')).toBeInTheDocument();
  });
});

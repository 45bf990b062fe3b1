import type { Contest, ContestList, ContestStandings } from '@core/contracts';
import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@web/i18n';
import { renderWithProviders } from '@web/test/render-with-providers';
import { reply, stubFetch } from '@web/test/stub-fetch';
import { Component as ContestPage } from './contest-page';
import { Component as ContestsPage } from './contests-page';

/* The Contests screens (decision 049): running, upcoming and past with winners; one contest's standings, target and prizes. */

const contest = (overrides: Partial<Contest>): Contest => ({
  id: crypto.randomUUID(),
  name: 'Call sprint',
  startsOn: '2026-11-25',
  endsOn: '2026-12-01',
  participants: 'everyone',
  teamIds: [],
  userIds: [],
  mode: 'individual',
  weights: [{ metric: 'calls', weight: 1 }],
  kpiId: null,
  kpi: null,
  target: null,
  prizes: 'Pizza',
  recurrence: 'none',
  template: null,
  seriesId: crypto.randomUUID(),
  phase: 'active',
  finished: false,
  winners: [],
  startsAt: '2026-11-24T23:00:00.000Z',
  endsAt: '2099-12-01T23:00:00.000Z',
  canManage: false,
  ...overrides,
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/app/contests', element: <ContestsPage /> },
      { path: '/app/contests/:id', element: <ContestPage /> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the contests list', () => {
  it('sets running, upcoming and past contests apart, the past with their winners', async () => {
    const list: ContestList = {
      canCreate: true,
      contests: [
        contest({ name: 'Call sprint' }),
        contest({ name: 'December race', phase: 'upcoming', startsOn: '2026-12-01', endsOn: '2026-12-31' }),
        contest({ name: 'Blitz', phase: 'past', finished: true, winners: [{ subjectId: 'u1', score: 40, name: 'Kari Nordmann' }] }),
      ],
    };
    stubFetch({ 'GET /api/v1/contests': reply(200, list) });
    renderAt('/app/contests');
    const running = await screen.findByRole('region', { name: 'Running now' });
    expect(within(running).getByRole('link', { name: 'Open Call sprint' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Coming up' })).getByText('December race')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Past contests' })).getByText('Won by Kari Nordmann')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New contest' })).toBeInTheDocument();
  });

  it('tells a rep with no contests that they show up here, with nothing to create', async () => {
    stubFetch({ 'GET /api/v1/contests': reply(200, { canCreate: false, contests: [] } satisfies ContestList) });
    renderAt('/app/contests');
    expect(await screen.findByText('No contests yet')).toBeInTheDocument();
    expect(screen.getByText(/When your manager starts a contest/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New contest' })).not.toBeInTheDocument();
  });

  it('reads in Norwegian', async () => {
    await i18n.changeLanguage('nb');
    stubFetch({ 'GET /api/v1/contests': reply(200, { canCreate: false, contests: [contest({})] } satisfies ContestList) });
    renderAt('/app/contests');
    expect(await screen.findByRole('region', { name: 'Pågår nå' })).toBeInTheDocument();
  });
});

describe('one contest', () => {
  it('over, says when it ended and names the winner once; running, names the leader once; in Norwegian too', async () => {
    const person = (name: string, score: number) => ({
      subjectId: name,
      kind: 'person' as const,
      name,
      avatarUrl: null,
      rank: 1,
      score,
      totals: { calls: score },
      reachedOn: null,
      members: null,
    });
    const finished = contest({
      phase: 'past',
      finished: true,
      endsOn: '2026-11-27',
      endsAt: '2026-11-27T23:00:00.000Z',
      winners: [{ subjectId: 'Dag Lie', score: 12, name: 'Dag Lie' }],
    });
    stubFetch({
      [`GET /api/v1/contests/${finished.id}`]: reply(200, { contest: finished, today: '2026-11-30', standings: [person('Dag Lie', 12)] }),
    });
    await i18n.changeLanguage('nb');
    renderAt(`/app/contests/${finished.id}`);
    const time = await screen.findByTestId('contest-time-left');
    expect(time.parentElement).toHaveTextContent(/^Avsluttet.*27/);
    expect(time.parentElement).not.toHaveTextContent(/Tid igjen|Ferdig/);
    expect(screen.getByText('Vinner').nextElementSibling).toHaveTextContent(/^Dag Lie$/);
    expect(screen.queryByText(/Leder: Le/)).not.toBeInTheDocument();
  });

  it('gives a contest in its last day the hours and minutes left, without "0 d"', async () => {
    const endsAt = new Date(Date.now() + 20 * 3_600_000 + 30 * 60_000).toISOString();
    const ending = contest({ endsAt });
    stubFetch({ [`GET /api/v1/contests/${ending.id}`]: reply(200, { contest: ending, today: '2026-11-30', standings: [] }) });
    renderAt(`/app/contests/${ending.id}`);
    expect(await screen.findByTestId('contest-time-left')).toHaveTextContent(/^20 h (29|30) min$/);
  });

  it('names the leader of a running contest once, under "Leader"', async () => {
    const running = contest({});
    stubFetch({
      [`GET /api/v1/contests/${running.id}`]: reply(200, {
        contest: running,
        today: '2026-11-25',
        standings: [
          {
            subjectId: 'a',
            kind: 'person',
            name: 'Ada',
            avatarUrl: null,
            rank: 1,
            score: 3,
            totals: { calls: 3 },
            reachedOn: null,
            members: null,
          },
        ],
      }),
    });
    renderAt(`/app/contests/${running.id}`);
    expect((await screen.findByText('Leader')).nextElementSibling).toHaveTextContent(/^Ada$/);
    expect(screen.getByText('Time left')).toBeInTheDocument();
  });

  it('shows shared places, the leader against the target, the prizes and the tie rule', async () => {
    const shown = contest({ target: 10, canManage: true });
    const data: ContestStandings = {
      contest: shown,
      today: '2026-11-25',
      standings: [
        {
          subjectId: 'a',
          kind: 'person',
          name: 'Ada',
          avatarUrl: null,
          rank: 1,
          score: 5,
          totals: { calls: 5 },
          reachedOn: null,
          members: null,
        },
        {
          subjectId: 'b',
          kind: 'person',
          name: 'Bo',
          avatarUrl: null,
          rank: 1,
          score: 5,
          totals: { calls: 5 },
          reachedOn: null,
          members: null,
        },
        {
          subjectId: 'c',
          kind: 'person',
          name: 'Cleo',
          avatarUrl: null,
          rank: 3,
          score: 1,
          totals: { calls: 1 },
          reachedOn: null,
          members: null,
        },
      ],
    };
    stubFetch({ [`GET /api/v1/contests/${shown.id}`]: reply(200, data) });
    renderAt(`/app/contests/${shown.id}`);
    expect(await screen.findByRole('heading', { name: 'Call sprint' })).toBeInTheDocument();
    const rows = screen.getAllByTestId('contest-standing');
    expect(rows.map((row) => within(row).getByTestId('contest-score').textContent)).toEqual(['5', '5', '1']);
    expect(within(rows[2]!).getByLabelText('Place 3')).toBeInTheDocument();
    expect(screen.getByText('Ada is at 5 of 10')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Target' })).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByText('Pizza')).toBeInTheDocument();
    expect(screen.getByText(/Equal scores share a place/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('a contest on a KPI names the KPI and writes each score as the KPI is written (decision 103)', async () => {
    const shown = contest({
      weights: [],
      kpiId: 'k1',
      kpi: { id: 'k1', names: { en: 'Connect rate', nb: 'Svarprosent' }, format: 'percent', decimals: 0 },
    });
    const row = (subjectId: string, score: number, rank: number) => ({
      subjectId,
      kind: 'person' as const,
      name: subjectId,
      avatarUrl: null,
      rank,
      score,
      totals: {},
      reachedOn: null,
      members: null,
    });
    stubFetch({
      [`GET /api/v1/contests/${shown.id}`]: reply(200, {
        contest: shown,
        today: '2026-11-25',
        standings: [row('Ada', 0.75, 1), row('Bo', 0.5, 2)],
      }),
    });
    await i18n.changeLanguage('nb');
    renderAt(`/app/contests/${shown.id}`);
    const rows = await screen.findAllByTestId('contest-standing');
    expect(rows.map((r) => within(r).getByTestId('contest-score').textContent)).toEqual(['75\u00a0%', '50\u00a0%']);
    expect(within(rows[0]!).getByText('Svarprosent')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Call sprint' }).nextElementSibling).toHaveTextContent(/^Svarprosent/);
  });

  it('says so when the contest is not found', async () => {
    const id = crypto.randomUUID();
    stubFetch({
      [`GET /api/v1/contests/${id}`]: reply(404, { error: { code: 'not_found', message: 'No such contest in your company.' } }),
    });
    renderAt(`/app/contests/${id}`);
    expect(await screen.findByText('No such contest')).toBeInTheDocument();
  });
});

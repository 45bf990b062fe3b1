import type { Board, KpiList, KpiValues } from '@core/contracts';
import { BUILT_IN_KPI_DEFINITIONS } from '@core/kpi-formulas';
import { computeLocalDate } from '@core/period';
import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/i18n';
import { renderWithProviders } from '@web/test/render-with-providers';
import { refuse } from '@web/test/refuse';
import { reply, stubFetch } from '@web/test/stub-fetch';
import { Component as BoardPage } from './board-page';

const kpis: KpiList = {
  kpis: Object.entries(BUILT_IN_KPI_DEFINITIONS).map(([id, definition]) => ({
    id,
    builtIn: true,
    ...definition,
    createdAt: null,
    updatedAt: null,
  })),
};
const board = (over: Partial<Board> = {}): Board => ({
  id: 'b1',
  name: 'Sales floor',
  sharing: 'company',
  teamId: null,
  ownerId: 'someone-else',
  canEdit: false,
  isHome: false,
  widgets: [
    { id: 'w1', kind: 'number', kpiId: 'conversion', period: 'week', size: 'small', teamId: null },
    { id: 'w2', kind: 'gauge', kpiId: 'calls', period: 'today', size: 'small', teamId: null, goal: 40 },
    { id: 'w3', kind: 'number', kpiId: 'gone-kpi', period: 'week', size: 'small', teamId: null },
  ],
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:00:00.000Z',
  ...over,
});
/** The current week's values, then the week before's (the number widget's change). */
function values(query: URLSearchParams): KpiValues {
  const previous = query.get('to')! < computeLocalDate(new Date(), 'Europe/Oslo');
  const totals: Record<string, number | null> = previous ? { conversion: 0.2, calls: 12 } : { conversion: 0.25, calls: 30 };
  return {
    from: query.get('from')!,
    to: query.get('to')!,
    members: [],
    kpis: Object.keys(BUILT_IN_KPI_DEFINITIONS).map((id) => ({ id, total: totals[id] ?? 0, members: [] })),
  };
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/app/boards/:id', element: <BoardPage /> }], { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />);
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('a board', () => {
  it('shows each widget’s figure from the KPIs, a gauge against its goal, and a KPI that is gone said so; a viewer gets no editing', async () => {
    stubFetch({
      'GET /api/v1/boards/b1': reply(200, board()),
      'GET /api/v1/kpis': reply(200, kpis),
      'GET /api/v1/kpis/values': (call) => reply(200, values(new URLSearchParams(call.search))),
    });
    renderAt('/app/boards/b1');
    expect(await screen.findByRole('heading', { name: 'Sales floor' })).toBeInTheDocument();
    const conversion = await screen.findByRole('region', { name: 'Conversion' });
    expect(await within(conversion).findByText('25%')).toBeInTheDocument();
    const calls = screen.getByRole('region', { name: 'Calls' });
    const meter = await within(calls).findByRole('meter');
    expect(meter).toHaveAttribute('aria-valuetext', '30 of 40');
    // The figure itself is the headline; how far it has come goes under the bar.
    expect(within(calls).getByText('30')).toBeInTheDocument();
    expect(within(calls).getByText('75% of the goal (40)')).toBeInTheDocument();
    expect(screen.getByText("This widget's KPI no longer exists.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit board' })).toBeNull();
  });

  it('shows the teams side by side on a KPI, best first, and a contest’s standings with its days; a contest gone is said so', async () => {
    const day = computeLocalDate(new Date(), 'Europe/Oslo');
    const contest = {
      id: '00000000-0000-4000-8000-000000000001',
      name: 'December dials',
      startsOn: day,
      endsOn: day,
      phase: 'active',
      weights: [{ metric: 'calls', weight: 1 }],
    };
    stubFetch({
      'GET /api/v1/boards/b1': reply(
        200,
        board({
          widgets: [
            { id: 'w1', kind: 'teams', kpiId: 'calls', period: 'week', size: 'medium', teamId: null },
            { id: 'w2', kind: 'contest', contestId: contest.id, rows: 5, period: 'week', size: 'medium', teamId: null },
            {
              id: 'w3',
              kind: 'contest',
              contestId: '00000000-0000-4000-8000-000000000002',
              rows: 5,
              period: 'week',
              size: 'small',
              teamId: null,
            },
          ],
        }),
      ),
      'GET /api/v1/kpis': reply(200, kpis),
      'GET /api/v1/kpis/values': (call) => {
        const query = new URLSearchParams(call.search);
        expect(query.get('byTeam')).toBe('true');
        return reply(200, {
          ...values(query),
          teams: [
            { id: 't1', name: 'Bergen' },
            { id: 't2', name: 'Oslo' },
            { id: 't3', name: 'Tromsø' },
          ],
          kpis: [
            {
              id: 'calls',
              total: 50,
              members: [],
              teams: [
                { teamId: 't1', value: 12 },
                { teamId: 't2', value: 38 },
                { teamId: 't3', value: null },
              ],
            },
          ],
        });
      },
      'GET /api/v1/contests': reply(200, { contests: [contest] }),
      [`GET /api/v1/contests/${contest.id}`]: reply(200, {
        contest,
        today: day,
        standings: [
          {
            subjectId: 'u1',
            kind: 'person',
            name: 'Kari Nordmann',
            avatarUrl: null,
            rank: 1,
            score: 42,
            totals: {},
            reachedOn: null,
            members: null,
          },
          {
            subjectId: 'u2',
            kind: 'person',
            name: 'Ola Oslo',
            avatarUrl: null,
            rank: 2,
            score: 17,
            totals: {},
            reachedOn: null,
            members: null,
          },
          {
            subjectId: 'u3',
            kind: 'person',
            name: 'Nils Null',
            avatarUrl: null,
            rank: 3,
            score: 0,
            totals: {},
            reachedOn: null,
            members: null,
          },
        ],
      }),
      'GET /api/v1/contests/00000000-0000-4000-8000-000000000002': () => refuse(404, { code: 'not_found', message: 'No such contest.' }),
    });
    renderAt('/app/boards/b1');
    const teams = await screen.findByRole('region', { name: 'Calls by team' });
    await within(teams).findByText('38');
    // Best first; a team without a figure last, shown as "—".
    expect(
      within(teams)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Oslo38', 'Bergen12', 'Tromsø—']);
    const standings = await screen.findByRole('region', { name: 'December dials' });
    expect(await within(standings).findByText('Kari Nordmann')).toBeInTheDocument();
    expect(within(standings).getAllByRole('listitem')[0]).toHaveTextContent(/Kari Nordmann\s*42$/);
    expect(within(standings).getByText(/^Running · /)).toBeInTheDocument();
    // Only those who have scored are ranked.
    expect(within(standings).getAllByRole('listitem')).toHaveLength(2);
    expect(within(standings).queryByText('Nils Null')).toBeNull();
    expect(await screen.findByText("This widget's contest no longer exists.")).toBeInTheDocument();
  });

  it('makes the board the viewer’s start page, and takes it back; from there the dashboard is a link away', async () => {
    let home = false;
    stubFetch({
      'GET /api/v1/boards/b1': () => reply(200, board({ isHome: home })),
      'GET /api/v1/kpis': reply(200, kpis),
      'GET /api/v1/kpis/values': (call) => reply(200, values(new URLSearchParams(call.search))),
      'PUT /api/v1/boards/b1/home': () => {
        home = true;
        return reply(200, board({ isHome: true }));
      },
      'DELETE /api/v1/boards/b1/home': () => {
        home = false;
        return reply(200, board({ isHome: false }));
      },
      'GET /api/v1/me': reply(200, {}),
      'GET /api/v1/boards': reply(200, { boards: [], homeBoardId: null }),
    });
    renderAt('/app/boards/b1');
    const make = await screen.findByRole('button', { name: 'Make it my start page' });
    expect(make).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('link', { name: 'Team Dashboard' })).toBeNull();
    make.click();
    const remove = await screen.findByRole('button', { name: 'Remove as start page' });
    expect(remove).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('link', { name: 'Team Dashboard' })).toHaveAttribute('href', '/app/dashboard');
    remove.click();
    expect(await screen.findByRole('button', { name: 'Make it my start page' })).toBeInTheDocument();
  });

  it('says a board it may not see is not there', async () => {
    stubFetch({
      'GET /api/v1/boards/b1': () => refuse(404, { code: 'not_found', message: 'No such board in your company.' }),
      'GET /api/v1/kpis': reply(200, kpis),
    });
    renderAt('/app/boards/b1');
    expect(await screen.findByText('This board is not there, or not yours to see.')).toBeInTheDocument();
  });
});

import type { Kpi, KpiValues, Leaderboard, PeopleTargets } from '@core/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/i18n';
import { AuthProvider } from '@web/lib/auth/auth-provider';
import { makeTestLeaderboardRow } from '@web/test/fixtures';
import { makeTestMe, renderWithProviders } from '@web/test/render-with-providers';
import { reply, stubFetch, type RecordedCall } from '@web/test/stub-fetch';
import { Component as DashboardPage, prefetch } from './dashboard-page';

const PERIOD = { kind: 'today', from: '2026-11-25', to: '2026-11-25', today: '2026-11-25', timezone: 'Europe/Oslo' } as const;

const KPI = { today: 0, yesterday: 0, change: '0%' };
const KPIS = {
  date: '2026-11-25',
  yesterdayDate: '2026-11-24',
  timezone: 'Europe/Oslo',
  calls: KPI,
  meetings: KPI,
  sales: KPI,
  points: KPI,
  revenue: KPI,
};

/** Two of the company's own KPIs (decision 101): one counted up, one where lower is better. */
const ownKpi = (id: string, en: string, over: Partial<Kpi> = {}): Kpi => ({
  id,
  names: { en, nb: `${en} (nb)` },
  formula: { kind: 'aggregate', aggregate: 'count', typeIds: ['sale'], outcomeIds: [], of: null, where: null },
  format: 'number',
  decimals: 0,
  lowerIsBetter: false,
  builtIn: false,
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T08:00:00.000Z',
  ...over,
});
const DEMOS = ownKpi('kpi-demos', 'Demos booked');
const COST = ownKpi('kpi-cost', 'Minutes per demo', { lowerIsBetter: true, decimals: 1 });
const KPI_VALUES: KpiValues = {
  from: '2026-11-25',
  to: '2026-11-25',
  members: [
    { userId: 'user-1', displayName: 'Rita Rep', avatarUrl: null },
    { userId: 'u-per', displayName: 'Per', avatarUrl: null },
    { userId: 'u-olav', displayName: 'Olav', avatarUrl: null },
  ],
  kpis: [
    {
      id: 'kpi-demos',
      total: 7,
      members: [
        { userId: 'user-1', value: 2 },
        { userId: 'u-per', value: 5 },
        { userId: 'u-olav', value: 0 },
      ],
    },
    {
      id: 'kpi-cost',
      total: 30,
      members: [
        { userId: 'user-1', value: 42.5 },
        { userId: 'u-per', value: 18 },
        { userId: 'u-olav', value: null },
      ],
    },
  ],
};

/** The server's board for each rankBy the screen asks for. */
function answerBoard(call: RecordedCall) {
  const rankBy = (new URLSearchParams(call.search).get('rankBy') ?? 'points') as Leaderboard['rankBy'];
  const rows =
    rankBy === 'goal_share'
      ? [
          makeTestLeaderboardRow(1, { displayName: 'Per', goalShare: { goal: 5, source: 'daily_goal', share: 13_400 } }),
          makeTestLeaderboardRow(2, { displayName: 'Olav', goalShare: { goal: null, source: null, share: null } }),
        ]
      : rankBy === 'improved'
        ? [
            makeTestLeaderboardRow(1, { displayName: 'Nina', improvement: { baseline: 5, periods: 1, change: 4_200 } }),
            makeTestLeaderboardRow(2, { displayName: 'Olav', improvement: { baseline: null, periods: 0, change: null } }),
          ]
        : [makeTestLeaderboardRow(1, { displayName: 'Olav' }), makeTestLeaderboardRow(2, { displayName: 'Per' })];
  return reply(200, { period: PERIOD, sort: 'points', rankBy, rows } satisfies Leaderboard);
}

/** Today's KPI figures; with ?improvement=day, the one KPI asked for with each person's change on their own average. */
function answerKpiValues(call: RecordedCall) {
  const query = new URLSearchParams(call.search);
  if (!query.get('improvement')) return reply(200, KPI_VALUES);
  const improvement = {
    'user-1': { baseline: 4, periods: 3, change: -5_000 },
    'u-per': { baseline: 2.5, periods: 6, change: 10_000 },
    'u-olav': { baseline: null, periods: 0, change: null },
  } as const;
  const kpi = KPI_VALUES.kpis.find((k) => k.id === query.get('ids'))!;
  return reply(200, {
    ...KPI_VALUES,
    kpis: [{ ...kpi, members: kpi.members.map((m) => ({ ...m, improvement: improvement[m.userId as keyof typeof improvement] })) }],
  } satisfies KpiValues);
}

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderDashboard(url: string, { prefetched = false, kpis = [DEMOS, COST] } = {}) {
  const calls = stubFetch({
    'GET /api/v1/me': reply(200, makeTestMe()),
    'GET /api/v1/teams': reply(200, {
      teams: [{ id: 'team-1', name: 'Oslo', members: [], leads: [], createdAt: '2026-11-01T08:00:00.000Z' }],
    }),
    'GET /api/v1/scoreboard/kpis': reply(200, KPIS),
    'GET /api/v1/scoreboard/leaderboard': answerBoard,
    'GET /api/v1/scoreboard/recent-activities': reply(200, { activities: [] }),
    'GET /api/v1/exports/leaderboard': reply(200, { file: 'bytes' }),
    'GET /api/v1/kpis': reply(200, { kpis }),
    'GET /api/v1/kpis/values': answerKpiValues,
    'GET /api/v1/targets/people': reply(200, {
      period: 'day',
      on: '2026-11-25',
      targets: [
        { userId: 'user-1', value: 2 },
        { userId: 'u-per', value: 10 },
      ],
    } satisfies PeopleTargets),
  });
  renderWithProviders(
    <AuthProvider>
      <MemoryRouter initialEntries={[url]}>
        <DashboardPage />
        <Location />
      </MemoryRouter>
    </AuthProvider>,
    // The route's prefetch (app/router.tsx) runs as the code comes in, before the first render.
    { seed: (client) => prefetched && prefetch(client, new URL(url, window.location.origin).searchParams) },
  );
  const boardCalls = () => calls.filter((c) => c.path === '/api/v1/scoreboard/leaderboard').map((c) => new URLSearchParams(c.search));
  const exportCalls = () => calls.filter((c) => c.path === '/api/v1/exports/leaderboard').map((c) => new URLSearchParams(c.search));
  return { calls, boardCalls, exportCalls };
}

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => vi.unstubAllGlobals());

describe("the dashboard's first answers", () => {
  it('are asked for before the screen renders, for the team and ranking in the address, and its cards take them: each asked once', async () => {
    const { calls } = renderDashboard('/app?team=team-1&rankBy=goal_share', { prefetched: true });
    await screen.findByRole('table');
    await screen.findByText('Oslo');
    const asked = (path: string) => calls.filter((c) => c.path === path).map((c) => c.search);
    expect(asked('/api/v1/scoreboard/kpis')).toEqual(['?teamId=team-1']);
    expect(asked('/api/v1/scoreboard/leaderboard')).toEqual(['?period=today&sort=points&teamId=team-1&rankBy=goal_share']);
    expect(asked('/api/v1/feed')).toEqual(['?limit=10&teamId=team-1']);
    expect(asked('/api/v1/badges/recent')).toEqual(['']);
    // Asked first, before anything the rendered screen asks for.
    expect(calls.slice(0, 4).map((c) => c.path)).toEqual([
      '/api/v1/scoreboard/kpis',
      '/api/v1/scoreboard/leaderboard',
      '/api/v1/feed',
      '/api/v1/badges/recent',
    ]);
  });
});

describe('the dashboard ranked fairly', () => {
  it('reads the ranking from the URL, shows each row\'s share of goal, "No goal", how it ranks and the tie rule', async () => {
    const { boardCalls } = renderDashboard('/app?rankBy=goal_share');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('134% of goal')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('No goal')).toBeInTheDocument();
    expect(boardCalls().at(-1)!.get('rankBy')).toBe('goal_share');
    expect(screen.getByRole('combobox', { name: 'Rank by' })).toHaveTextContent('% of goal');
    expect(screen.getByTestId('ranking-note')).toHaveTextContent(
      "Ranked by each person's share of their own goal for the period (a manager's target, else their daily goal × working days). No goal comes last. Ties go to more points, then more calls, then more meetings, then name (A–Z).",
    );
    // The wall screen opens ranked the same way.
    expect(screen.getByRole('link', { name: 'TV Mode (opens in a new tab)' })).toHaveAttribute('href', '/tv?rankBy=goal_share');
  });

  it('changes the ranking from the keyboard, keeps it in the URL, and shows the change on own average', async () => {
    const user = userEvent.setup();
    const { boardCalls } = renderDashboard('/app');
    await screen.findByRole('table');
    expect(boardCalls()[0]!.get('rankBy')).toBeNull();
    expect(screen.getByTestId('ranking-note')).toHaveTextContent(
      'Ties go to more points, then more calls, then more meetings, then name (A–Z).',
    );

    screen.getByRole('combobox', { name: 'Rank by' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');

    expect(await screen.findByText('+42% on own average')).toBeInTheDocument();
    expect(screen.getByText('No history yet')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/app?rankBy=improved');
    expect(boardCalls().at(-1)!.get('rankBy')).toBe('improved');
  });

  it('speaks Norwegian', async () => {
    await i18n.changeLanguage('nb');
    renderDashboard('/app?rankBy=goal_share');
    expect(await screen.findByText('134 % av målet')).toBeInTheDocument();
    expect(screen.getByText('Intet mål')).toBeInTheDocument();
    expect(screen.getByTestId('ranking-note')).toHaveTextContent(
      'Ved likhet vinner flest poeng, så flest samtaler, så flest møter, så navn (A–Å).',
    );
  });

  it('treats an unknown ranking in the URL as points', async () => {
    const { boardCalls } = renderDashboard('/app?rankBy=best');
    await screen.findByRole('table');
    expect(boardCalls()[0]!.get('rankBy')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Rank by' })).toHaveTextContent('Most points');
  });

  it("names the figure the board is sorted by as the first ranking: 'Most calls' beside 'Sort by: Calls', never 'Points'", async () => {
    renderDashboard('/app?sort=calls');
    await screen.findByRole('table');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveTextContent('Calls');
    expect(screen.getByRole('combobox', { name: 'Rank by' })).toHaveTextContent('Most calls');
  });

  it('exports the leaderboard as the card shows it: its sort and its ranking', async () => {
    const user = userEvent.setup();
    const { exportCalls } = renderDashboard('/app?rankBy=improved');
    await screen.findByRole('table');
    screen.getByRole('combobox', { name: 'Sort by' }).focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('option', { name: 'Calls' }));

    // jsdom has no object URLs, and a click on the file's link would navigate.
    const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = () => 'blob:file';
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      await user.click(screen.getByRole('button', { name: 'Export' }));
      const leaderboard = await screen.findByRole('group', { name: 'Export Leaderboard, today' });
      await user.click(within(leaderboard).getByRole('menuitem', { name: /^Excel/ }));
      await vi.waitFor(() => expect(exportCalls()).toHaveLength(1));
    } finally {
      click.mockRestore();
      Object.assign(URL, { createObjectURL: objectUrls.create, revokeObjectURL: objectUrls.revoke });
    }
    const query = exportCalls()[0]!;
    expect([query.get('period'), query.get('sort'), query.get('rankBy')]).toEqual(['today', 'calls', 'improved']);
  });
});

describe('the dashboard ranked by one of the company’s KPIs (decision 101)', () => {
  /** Each row as who (by the name's text) and the KPI's figure, top first. */
  const rowTexts = () =>
    within(screen.getByRole('table', { name: /by/ }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => {
        const cells = within(row).getAllByRole('cell');
        const name = ['Rita Rep', 'Per', 'Olav'].find((n) => within(cells[1]!).queryByText(n)) ?? '?';
        return `${name}${row.getAttribute('aria-current') ? ' (you)' : ''}: ${cells[2]!.textContent}`;
      });

  it('offers the KPIs after the built-in sorts, ranks today by the one chosen for the team filtered to, and exports the KPI file', async () => {
    const user = userEvent.setup();
    const { calls } = renderDashboard('/app?team=team-1');
    await screen.findByRole('table');
    screen.getByRole('combobox', { name: 'Sort by' }).focus();
    await user.keyboard('{Enter}');
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Points',
      'Calls',
      'Meetings',
      'Sales',
      'Demos booked',
      'Minutes per demo',
    ]);
    await user.click(screen.getByRole('option', { name: 'Demos booked' }));

    await screen.findByRole('table', { name: 'Team leaderboard by Demos booked' });
    expect(rowTexts()).toEqual(['Per: 5', 'Rita Rep (you): 2', 'Olav: 0']);
    // Kept in the address with the team, so a reload or a shared link opens on it.
    expect(screen.getByTestId('location')).toHaveTextContent('/app?team=team-1&sort=kpi%3Akpi-demos');
    expect(screen.getByText('Today · ranked by Demos booked')).toBeInTheDocument();
    // Ranked by the figure: "Rank by" says so, and there is no measure column.
    expect(screen.getByRole('combobox', { name: 'Rank by' })).toHaveTextContent('By the figure');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Rank#', 'Member', 'Demos booked']);
    expect(screen.getByTestId('ranking-note')).toHaveTextContent('Ranked by Demos booked today, highest first.');
    const asked = calls.filter((c) => c.path === '/api/v1/kpis/values').map((c) => new URLSearchParams(c.search));
    // The company's today as the dashboard's numbers count it (the server's), for the team.
    expect(asked.map((q) => [q.get('from'), q.get('to'), q.get('teamId')])).toEqual([['2026-11-25', '2026-11-25', 'team-1']]);

    // Lower is better: lowest first, no figure last.
    screen.getByRole('combobox', { name: 'Sort by' }).focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('option', { name: 'Minutes per demo' }));
    await screen.findByRole('table', { name: 'Team leaderboard by Minutes per demo' });
    expect(rowTexts()).toEqual(['Per: 18.0', 'Rita Rep (you): 42.5', 'Olav: —']);
    expect(screen.getByTestId('ranking-note')).toHaveTextContent('lowest first (lower is better)');

    // The file is the KPI file of today for the team: every KPI a column.
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByRole('group', { name: /^Export KPIs, today/ })).toBeInTheDocument();
  });

  it('opens on the order in the address: a KPI, a built-in sort, and the first for one it does not know', async () => {
    const { calls } = renderDashboard('/app?sort=kpi%3Akpi-cost');
    await screen.findByRole('table', { name: 'Team leaderboard by Minutes per demo' });
    expect(rowTexts()).toEqual(['Per: 18.0', 'Rita Rep (you): 42.5', 'Olav: —']);
    // The built-in board is not asked for while a KPI orders the card.
    expect(calls.some((c) => c.path === '/api/v1/scoreboard/leaderboard')).toBe(false);
  });

  it.each([
    ['/app?sort=calls', 'Calls', 'calls'],
    ['/app?sort=bogus', 'Points', 'points'],
    ['/app?sort=kpi%3Agone', 'Points', 'points'],
  ])('%s sorts by %s', async (url, label, asked) => {
    const { boardCalls } = renderDashboard(url);
    await screen.findByRole('table');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveTextContent(label);
    await vi.waitFor(() => expect(boardCalls().at(-1)!.get('sort')).toBe(asked));
  });

  it('speaks Norwegian', async () => {
    await i18n.changeLanguage('nb');
    const user = userEvent.setup();
    renderDashboard('/app');
    await screen.findByRole('table');
    screen.getByRole('combobox', { name: 'Sorter etter' }).focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('option', { name: 'Demos booked (nb)' }));
    await screen.findByRole('table', { name: 'Teamets toppliste etter Demos booked (nb)' });
    expect(screen.getByTestId('ranking-note')).toHaveTextContent('Rangert etter Demos booked (nb) i dag, høyest først.');
  });

  /** The card's sort, chosen from the keyboard as a person would (it is the card's own, not the address's). */
  async function chooseSort(label: string, option: string) {
    const user = userEvent.setup();
    await screen.findByRole('table');
    screen.getByRole('combobox', { name: label }).focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('option', { name: option }));
  }

  /** Each row as who, the KPI's figure and the fair ranking's measure, top first. */
  const measuredRows = () =>
    within(screen.getByRole('table', { name: /by|etter/ }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => {
        const cells = within(row).getAllByRole('cell');
        const name = ['Rita Rep', 'Per', 'Olav'].find((n) => within(cells[1]!).queryByText(n)) ?? '?';
        return `${name}: ${cells[2]!.textContent} | ${cells[3]!.textContent}`;
      });

  it("ranks a KPI by % of goal: each person's figure today over their manager's target for today, no target last", async () => {
    const { calls } = renderDashboard('/app?rankBy=goal_share');
    await chooseSort('Sort by', 'Demos booked');
    await screen.findByRole('table', { name: 'Team leaderboard by Demos booked' });
    // Per has more demos (5 against Rita's 2) but is at half his target; Rita has met hers.
    await vi.waitFor(() => expect(measuredRows()).toEqual(['Rita Rep: 2 | 100%Target 2', 'Per: 5 | 50%Target 10', 'Olav: 0 | No target']));
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Rank#', 'Member', 'Demos booked', '% of target']);
    expect(screen.getByText('Today · ranked by % of goal (Demos booked)')).toBeInTheDocument();
    expect(screen.getByTestId('ranking-note')).toHaveTextContent("as a share of their manager's target for today. No target comes last.");
    const asked = calls.filter((c) => c.path === '/api/v1/targets/people').map((c) => new URLSearchParams(c.search));
    expect(asked.map((q) => [q.get('kpi'), q.get('period'), q.get('on')])).toEqual([['kpi-demos', 'day', '2026-11-25']]);
  });

  it('ranks a KPI where lower is better by its figure under % of goal, and says why', async () => {
    const { calls } = renderDashboard('/app?rankBy=goal_share');
    await chooseSort('Sort by', 'Minutes per demo');
    await screen.findByRole('table', { name: 'Team leaderboard by Minutes per demo' });
    expect(rowTexts()).toEqual(['Per: 18.0', 'Rita Rep (you): 42.5', 'Olav: —']);
    expect(screen.getByText('Today · ranked by Minutes per demo')).toBeInTheDocument();
    expect(screen.getByTestId('ranking-note')).toHaveTextContent('Minutes per demo is lower-is-better, and a target is met by going up');
    expect(calls.some((c) => c.path === '/api/v1/targets/people')).toBe(false);
  });

  it('says which kind of figure a KPI without targets is, under % of goal', async () => {
    const rate = ownKpi('kpi-rate', 'Demos per call', { format: 'percent', formula: { kind: 'ratio', left: 'kpi-demos', right: 'calls' } });
    renderDashboard('/app?rankBy=goal_share', { kpis: [DEMOS, COST, rate] });
    await chooseSort('Sort by', 'Demos per call');
    await screen.findByRole('table', { name: 'Team leaderboard by Demos per call' });
    expect(screen.getByTestId('ranking-note')).toHaveTextContent(
      'Demos per call is a ratio, not a figure that adds up day by day, so it has no targets: ranked by its figure today.',
    );
  });

  it('ranks a KPI by most improved: the change today on their own average, no history last, in Norwegian', async () => {
    await i18n.changeLanguage('nb');
    const { calls } = renderDashboard('/app?rankBy=improved&team=team-1');
    await chooseSort('Sorter etter', 'Demos booked (nb)');
    await screen.findByRole('table', { name: 'Teamets toppliste etter Demos booked (nb)' });
    await vi.waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(4));
    const rows = measuredRows().map((row) => row.replace(/\s+/g, ' '));
    expect(rows[0]).toMatch(/^Per: 5 \| \+100 % mot eget snitt/);
    expect(rows[1]).toMatch(/^Rita Rep: 2 \| −50 % mot eget snitt/);
    expect(rows[2]).toMatch(/^Olav: 0 \| /);
    expect(screen.getByTestId('ranking-note')).toHaveTextContent('mot eget snitt for tidligere dager med aktivitet');
    const asked = calls.filter((c) => c.path === '/api/v1/kpis/values').map((c) => new URLSearchParams(c.search));
    expect(asked.map((q) => [q.get('ids'), q.get('improvement'), q.get('teamId')])).toContainEqual(['kpi-demos', 'day', 'team-1']);
  });
});

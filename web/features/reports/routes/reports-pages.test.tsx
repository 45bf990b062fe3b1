import type {
  CompanyPage,
  LeaderboardRow,
  MonthlyOverview,
  ScoreboardPeriod,
  ScoreboardTotals,
  TeamStats,
  WeeklyOverview,
} from '@core/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/i18n';
import { AuthProvider } from '@web/lib/auth/auth-provider';
import { makeTestLeaderboardRow } from '@web/test/fixtures';
import { makeTestMe, renderWithProviders } from '@web/test/render-with-providers';
import { reply, stubFetch, type StubReply } from '@web/test/stub-fetch';
import { Component as CompanyPageScreen } from './company-page';
import { Component as MonthlyPage } from './monthly-page';
import { Component as TeamOverviewPage } from './team-overview-page';
import { Component as WeeklyPage } from './weekly-page';

const ZERO: ScoreboardTotals = {
  calls: 0,
  answered: 0,
  unanswered: 0,
  meetings: 0,
  sales: 0,
  revenue: 0,
  points: 0,
  activities: 0,
  conversion: 0,
};

const period = (kind: ScoreboardPeriod['kind'], from: string, to: string): ScoreboardPeriod => ({
  kind,
  from,
  to,
  today: '2026-11-18',
  timezone: 'Europe/Oslo',
});

/** A server that never answers this request: the screen stays in its loading state. */
const hanging = () => new Promise<StubReply>(() => {});

/** A scoreboard screen inside the app's providers, with our API answering as given. */
function renderScreen(Screen: ComponentType, answers: Parameters<typeof stubFetch>[0] = {}) {
  const calls = stubFetch({ 'GET /api/v1/me': reply(200, makeTestMe()), ...answers });
  const view = renderWithProviders(
    <AuthProvider>
      <MemoryRouter>
        <Screen />
      </MemoryRouter>
    </AuthProvider>,
  );
  return { ...view, calls };
}

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => vi.unstubAllGlobals());

describe('Weekly View', () => {
  it("says 'No activity recorded this week yet.' when the team has logged nothing, and shows no member cards", async () => {
    const weekly: WeeklyOverview = {
      period: period('week', '2026-11-16', '2026-11-22'),
      totals: ZERO,
      teamSize: 2,
      rankBy: 'points',
      members: [makeTestLeaderboardRow(1, { ...ZERO }), makeTestLeaderboardRow(2, { ...ZERO })],
    };
    renderScreen(WeeklyPage, { 'GET /api/v1/scoreboard/weekly': reply(200, weekly) });
    expect(await screen.findByText('No activity recorded this week yet.')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.queryByText('Rep 1')).not.toBeInTheDocument();
  });
  it("labels the week's conversion as meetings per call, all calls, with how it is computed", async () => {
    const weekly: WeeklyOverview = {
      period: period('week', '2026-11-16', '2026-11-22'),
      totals: { ...ZERO, calls: 10, answered: 5, meetings: 2, conversion: 20 },
      teamSize: 1,
      rankBy: 'points',
      members: [makeTestLeaderboardRow(1)],
    };
    renderScreen(WeeklyPage, { 'GET /api/v1/scoreboard/weekly': reply(200, weekly) });
    const label = (await screen.findByText('Avg Conversion')).closest('[data-slot="stat-card"]') as HTMLElement;
    const info = within(label).getByRole('button', { name: 'How is this computed?' });
    info.focus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Meetings booked ÷ all calls, answered or not, in the period.');
  });
});

describe('Team Overview', () => {
  const week: TeamStats = { period: period('week', '2026-11-16', '2026-11-22'), totals: ZERO, teamSize: 3, members: [] };

  it("says 'No activities yet today' and 'No activity to show for today' on a quiet day", async () => {
    const { calls } = renderScreen(TeamOverviewPage, {
      'GET /api/v1/scoreboard/team-stats': reply(200, week),
      'GET /api/v1/scoreboard/recent-activities': reply(200, { activities: [] }),
      'GET /api/v1/scoreboard/leaderboard': reply(200, { period: period('today', '2026-11-18', '2026-11-18'), sort: 'calls', rows: [] }),
    });
    expect(await screen.findByText('No activities yet today')).toBeInTheDocument();
    expect(await screen.findByText('No activity to show for today')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const board = calls.find((c) => c.path === '/api/v1/scoreboard/leaderboard');
    expect(new URLSearchParams(board!.search).get('period')).toBe('today');
    const feed = calls.find((c) => c.path === '/api/v1/scoreboard/recent-activities');
    expect(new URLSearchParams(feed!.search).get('period')).toBe('today');
  });

  it("lists everyone on today's leaderboard, the ones with no activity yet included, like the other boards", async () => {
    // Seven members, two of whom have called today; the server answers as it does (activeOnly and limit honoured).
    const everyone = [1, 2, 3, 4, 5, 6, 7].map((rank) =>
      makeTestLeaderboardRow(rank, rank <= 2 ? {} : { calls: 0, answered: 0, unanswered: 0, meetings: 0, points: 0, activities: 0 }),
    );
    renderScreen(TeamOverviewPage, {
      'GET /api/v1/scoreboard/team-stats': reply(200, week),
      'GET /api/v1/scoreboard/recent-activities': reply(200, { activities: [] }),
      'GET /api/v1/scoreboard/leaderboard': (call) => {
        const query = new URLSearchParams(call.search);
        const active = query.get('activeOnly') === 'true' ? everyone.filter((row) => row.activities > 0) : everyone;
        const limit = Number(query.get('limit') ?? active.length);
        return reply(200, { period: period('today', '2026-11-18', '2026-11-18'), sort: 'calls', rows: active.slice(0, limit) });
      },
    });
    const table = await screen.findByRole('table', { name: "Today's Leaderboard" });
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(7);
    expect(within(table).getByText('Rep 7')).toBeInTheDocument();
    expect(screen.getByText('Every member, ranked by calls today')).toBeInTheDocument();
    // The ranking's first choice names the same order, not "Points".
    expect(screen.getByRole('combobox', { name: 'Rank by' })).toHaveTextContent('Most calls');
  });

  it("marks the viewer's row in today's leaderboard with 'You', and only that row", async () => {
    const rows = [1, 2, 3, 4, 5].map((rank) => makeTestLeaderboardRow(rank, { isCurrentUser: rank === 4 }));
    renderScreen(TeamOverviewPage, {
      'GET /api/v1/scoreboard/team-stats': reply(200, week),
      'GET /api/v1/scoreboard/recent-activities': reply(200, { activities: [] }),
      'GET /api/v1/scoreboard/leaderboard': reply(200, { period: period('today', '2026-11-18', '2026-11-18'), sort: 'calls', rows }),
    });
    const table = await screen.findByRole('table', { name: "Today's Leaderboard" });
    const bodyRows = within(table).getAllByRole('row').slice(1);
    // (One badge for phones, under the name, and one beside it from 640 px: the CSS shows one.)
    expect(bodyRows.map((row) => within(row).queryAllByText('You').length > 0)).toEqual([false, false, false, true, false]);
    expect(bodyRows[3]).toHaveAttribute('aria-current', 'true');
  });

  it("says how today's leaderboard conversion is computed, from its column header", async () => {
    renderScreen(TeamOverviewPage, {
      'GET /api/v1/scoreboard/team-stats': reply(200, week),
      'GET /api/v1/scoreboard/recent-activities': reply(200, { activities: [] }),
      'GET /api/v1/scoreboard/leaderboard': reply(200, {
        period: period('today', '2026-11-18', '2026-11-18'),
        sort: 'calls',
        rows: [makeTestLeaderboardRow(1)],
      }),
    });
    const table = await screen.findByRole('table', { name: "Today's Leaderboard" });
    const header = within(table).getByRole('columnheader', { name: /Conv/ });
    within(header).getByRole('button', { name: 'How is this computed?' }).focus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Meetings booked ÷ all calls, answered or not, in the period.');
  });
});

describe('Monthly Overview', () => {
  function makeMonthly(leaderboard: LeaderboardRow[]): MonthlyOverview {
    return {
      period: period('month', '2026-11-01', '2026-11-30'),
      individual: { ...ZERO, workingDays: 1, avgCallsPerDay: 0, avgPointsPerDay: 0 },
      company: { totals: ZERO, teamSize: leaderboard.length, rankBy: 'points', leaderboard },
      trend: [],
    };
  }

  it('shows four placeholder cards on both tabs while the month loads', async () => {
    const user = userEvent.setup();
    const { container } = renderScreen(MonthlyPage, { 'GET /api/v1/scoreboard/monthly': hanging });
    const placeholders = () => container.querySelectorAll('[data-slot="stat-card-skeleton"]');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(placeholders()).toHaveLength(4);
    await user.click(screen.getByRole('tab', { name: 'Company' }));
    expect(screen.getByRole('tab', { name: 'Company' })).toHaveAttribute('aria-selected', 'true');
    expect(placeholders()).toHaveLength(4);
  });

  it("calls a member without a name 'Unknown user' on the Company leaderboard, with rank badges for the top 3", async () => {
    const user = userEvent.setup();
    const rows = [
      makeTestLeaderboardRow(1),
      makeTestLeaderboardRow(2, { displayName: null }),
      makeTestLeaderboardRow(3, { displayName: '   ' }),
      makeTestLeaderboardRow(4),
    ];
    renderScreen(MonthlyPage, { 'GET /api/v1/scoreboard/monthly': reply(200, makeMonthly(rows)) });
    await user.click(await screen.findByRole('tab', { name: 'Company' }));
    const table = await screen.findByRole('table');
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(bodyRows.map((row) => row.querySelector('[data-slot="member-name"]')?.textContent)).toEqual([
      'Rep 1',
      'Unknown user',
      'Unknown user',
      'Rep 4',
    ]);
    for (const rank of [1, 2, 3]) expect(within(bodyRows[rank - 1]!).getByText(`Rank ${rank}`)).toBeInTheDocument();
    expect(within(bodyRows[3]!).queryByText('Rank 4')).not.toBeInTheDocument();
  });

  it('opens on the company for a manager who is not on the boards, and keeps the chosen tab in the address', async () => {
    const user = userEvent.setup();
    const me = makeTestMe();
    const manager = { ...me, profile: { ...me.profile!, role: 'admin' as const, onBoards: false } };
    stubFetch({
      'GET /api/v1/me': reply(200, manager),
      'GET /api/v1/scoreboard/monthly': reply(200, makeMonthly([makeTestLeaderboardRow(1)])),
    });
    let search = '';
    function Address() {
      search = useLocation().search;
      return null;
    }
    const page = (entry: string) => (
      <AuthProvider>
        <MemoryRouter initialEntries={[entry]}>
          <MonthlyPage />
          <Address />
        </MemoryRouter>
      </AuthProvider>
    );
    const { unmount } = renderWithProviders(page('/app/monthly'), { me: manager });
    expect(await screen.findByRole('tab', { name: 'Company', selected: true })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Individual' }));
    expect(screen.getByRole('tab', { name: 'Individual', selected: true })).toBeInTheDocument();
    expect(search).toBe('?view=individual');
    unmount();
    // A reload (or a bookmark) of that address opens the tab it names.
    renderWithProviders(page('/app/monthly?view=individual'), { me: manager });
    expect(await screen.findByText('Average conversion rate')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Individual', selected: true })).toBeInTheDocument();
  });

  it('opens on your own month when you are on the boards', async () => {
    renderScreen(MonthlyPage, { 'GET /api/v1/scoreboard/monthly': reply(200, makeMonthly([makeTestLeaderboardRow(1)])) });
    expect(await screen.findByText('Average conversion rate')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Individual', selected: true })).toBeInTheDocument();
  });

  it("says how the month's conversion is computed, on your numbers and on the Company leaderboard's column", async () => {
    const user = userEvent.setup();
    renderScreen(MonthlyPage, { 'GET /api/v1/scoreboard/monthly': reply(200, makeMonthly([makeTestLeaderboardRow(1)])) });
    const yours = (await screen.findByText('Average conversion rate')).closest('dt') as HTMLElement;
    within(yours).getByRole('button', { name: 'How is this computed?' }).focus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Meetings booked ÷ all calls, answered or not, in the period.');
    await user.click(screen.getByRole('tab', { name: 'Company' }));
    const header = within(await screen.findByRole('table')).getByRole('columnheader', { name: /Conv/ });
    within(header).getByRole('button', { name: 'How is this computed?' }).focus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Meetings booked ÷ all calls');
  });
});

describe('Company', () => {
  it("shows the company's name and the date it was created", async () => {
    const page: CompanyPage = {
      company: { id: 'company-1', name: 'Nordlys Salg AS', timezone: 'Europe/Oslo', createdAt: '2026-03-14T10:00:00.000Z' },
      memberCount: 1,
      members: [{ userId: 'user-1', displayName: 'Rita Rep', avatarUrl: null, role: 'admin', joinedAt: '2026-03-15T09:00:00.000Z' }],
    };
    renderScreen(CompanyPageScreen, { 'GET /api/v1/scoreboard/company': reply(200, page) });
    expect(await screen.findByRole('heading', { name: 'Nordlys Salg AS' })).toBeInTheDocument();
    const created = screen.getByText('Created').closest('div');
    expect(created).toHaveTextContent('14 Mar 2026');
    expect(screen.getByText('Europe/Oslo')).toBeInTheDocument();
  });
});

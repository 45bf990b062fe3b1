import type { Calendar, Kpi, Target, TargetList, TargetSubjects } from '@core/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@web/components/ui/toaster';
import { i18n } from '@web/i18n';
import { makeTestAdminMe, renderWithProviders } from '@web/test/render-with-providers';
import { reply, stubFetch } from '@web/test/stub-fetch';
import { Component as AdminTargetsPage } from './admin-targets-page';

const TODAY = '2026-11-24';
const subjects: TargetSubjects = {
  members: [{ userId: 'user-2', displayName: 'Ola Rep', avatarUrl: null, teamId: 'team-1' }],
  teams: [{ id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', name: 'Oslo' }],
};

const calendar: Calendar = {
  country: 'NO',
  daysOff: [{ date: '2026-12-24', label: 'Julaften' }],
  holidays: [
    { date: '2026-12-25', name: 'Christmas Day' },
    { date: '2026-12-26', name: 'Boxing Day' },
  ],
};

const kpi = (id: string, name: string, over: Partial<Kpi> = {}): Kpi => ({
  id,
  builtIn: false,
  names: { en: name },
  formula: { kind: 'aggregate', aggregate: 'count', typeIds: ['t-1'], outcomeIds: [] },
  format: 'number',
  decimals: 0,
  lowerIsBetter: false,
  createdAt: null,
  updatedAt: null,
  ...over,
});
/** A count, a money sum, a ratio, one where lower is better and a built-in one: the first two can be targets. */
const kpis: Kpi[] = [
  kpi('calls', 'Calls', { builtIn: true }),
  kpi('k-contracts', 'Contracts'),
  kpi('k-value', 'Contract value', {
    format: 'money',
    formula: { kind: 'aggregate', aggregate: 'sum', of: 'f-1', typeIds: ['t-1'], outcomeIds: [] },
  }),
  kpi('k-rate', 'Sign rate', { format: 'percent', formula: { kind: 'ratio', left: 'k-contracts', right: 'calls' } }),
  kpi('k-misses', 'Misses', { lowerIsBetter: true }),
];

function renderPage(targets: Target[] = []) {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${TODAY}T10:00:00Z`) });
  const calls = stubFetch({
    'GET /api/v1/me': reply(200, makeTestAdminMe()),
    'GET /api/v1/targets/subjects': reply(200, subjects),
    'GET /api/v1/targets': reply(200, { targets } satisfies TargetList),
    'POST /api/v1/targets': (call) =>
      reply(201, { id: crypto.randomUUID(), ...(call.body as object), endsOn: null, status: 'active', createdAt: `${TODAY}T10:00:00Z` }),
    'GET /api/v1/calendar': reply(200, calendar),
    'GET /api/v1/kpis': reply(200, { kpis }),
    'PUT /api/v1/calendar': (call) => reply(200, { ...calendar, ...(call.body as object) }),
  });
  renderWithProviders(
    <>
      <AdminTargetsPage />
      <Toaster />
    </>,
    { me: makeTestAdminMe() },
  );
  return { calls, user: userEvent.setup() };
}

afterEach(async () => {
  vi.useRealTimers();
  await i18n.changeLanguage('en');
});

describe('Administration, Targets', () => {
  it('sets a weekly calls target for a person from today', async () => {
    const { calls, user } = renderPage();
    expect(await screen.findByText('No targets yet')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Set target' }));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('Choose a team or person');
    expect(screen.getByText('Enter a whole number of at least 1')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.click(screen.getByRole('combobox', { name: 'For' }));
    await user.click(await screen.findByRole('option', { name: 'Ola Rep' }));
    await user.type(screen.getByLabelText('Target'), '60');
    await user.click(screen.getByRole('button', { name: 'Set target' }));
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
        { userId: 'user-2', metric: 'calls', period: 'week', value: 60, effectiveFrom: TODAY },
      ]),
    );
    expect(await screen.findByText('Target set')).toBeInTheDocument();
  });

  it('sets a target on a KPI that adds up and is met by going up, money typed in kroner (decision 104)', async () => {
    const { calls, user } = renderPage();
    await user.click(await screen.findByRole('combobox', { name: 'For' }));
    await user.click(await screen.findByRole('option', { name: 'Ola Rep' }));
    await user.click(screen.getByRole('combobox', { name: 'Metric' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    // The built-in metrics, then the company's KPIs that can be targets: not a ratio, not lower-is-better, not a built-in KPI again.
    expect(options.slice(-3)).toEqual(['Points', 'Contracts', 'Contract value']);
    // The ones left out are named under the form, with why: a manager looking for one is not left guessing.
    const leftOut = screen.getByText(
      'Not offered for targets: Sign rate (a ratio) and Misses (lower is better). A target is set on a KPI that adds up over the period and where more is better.',
    );
    await user.click(screen.getByRole('option', { name: 'Contract value' }));
    expect(screen.getByRole('combobox', { name: 'Metric' })).toHaveAttribute('aria-describedby', leftOut.id);
    expect(
      screen
        .getByLabelText(/^Target/)
        .closest('div')!
        .querySelector('label')!.textContent,
    ).toMatch(/\(.+\)/);
    // Read as a sale's value is: a Dane's or a Norwegian's "50.000" is fifty thousand (it was 50).
    await user.type(screen.getByLabelText(/^Target/), '50.000');
    await user.click(screen.getByRole('button', { name: 'Set target' }));
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
        { userId: 'user-2', metric: 'kpi', kpiId: 'k-value', period: 'week', value: 5_000_000, effectiveFrom: TODAY },
      ]),
    );
    expect(await screen.findByText('Target set')).toBeInTheDocument();
  });

  it("sets a team's target: the team is offered first, marked as a team", async () => {
    const { calls, user } = renderPage();
    await user.click(await screen.findByRole('combobox', { name: 'For' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Choose a team or person', 'Team: Oslo', 'Ola Rep']);
    await user.click(screen.getByRole('option', { name: 'Team: Oslo' }));
    // A count with its thousands grouped as a Dane writes them: "1.200" calls is twelve hundred.
    await user.type(screen.getByLabelText('Target'), '1.200');
    await user.click(screen.getByRole('button', { name: 'Set target' }));
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
        { teamId: subjects.teams[0]!.id, metric: 'calls', period: 'week', value: 1200, effectiveFrom: TODAY },
      ]),
    );
    // The toast names the team as a team, once ("Oslo team: Calls", not "Team: Oslo: Calls").
    expect(await screen.findByText('Oslo team: Calls, 1,200 per week.')).toBeInTheDocument();
  });

  it('lists the targets set, with their status, and ends an active one', async () => {
    const active: Target = {
      id: '5e3c4b1a-0000-4000-8000-000000000001',
      subjectKind: 'person',
      userId: 'user-2',
      teamId: null,
      metric: 'sales_value',
      kpiId: null,
      kpi: null,
      period: 'month',
      value: 50_000_00,
      effectiveFrom: '2026-11-01',
      endsOn: null,
      status: 'active',
      createdAt: '2026-11-01T08:00:00Z',
    };
    const { calls, user } = renderPage([
      active,
      { ...active, id: '5e3c4b1a-0000-4000-8000-000000000002', status: 'ended', value: 40_000_00 },
      { ...active, id: '5e3c4b1a-0000-4000-8000-000000000003', subjectKind: 'team', userId: null, teamId: subjects.teams[0]!.id },
    ]);
    const rows = await screen.findAllByTestId('target-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[2]!).getByText('Oslo')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Team target')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Ola Rep')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Active')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Ended')).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument();
    await user.click(within(rows[0]!).getByRole('button', { name: 'End the target sales value for Ola Rep' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === `/api/v1/targets/${active.id}/end`)).toBe(true));
  });

  it("shows the working calendar: the country's coming holidays and the company's days off, and changes the country", async () => {
    const { calls, user } = renderPage();
    expect(await screen.findByText('Christmas Day')).toBeInTheDocument();
    expect(screen.getByText('Julaften')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Public holidays of' }));
    await user.click(await screen.findByRole('option', { name: 'Sweden' }));
    await vi.waitFor(() => expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ country: 'SE' }]));
  });

  it('speaks Norwegian', async () => {
    await i18n.changeLanguage('nb');
    renderPage();
    expect(await screen.findByText('Ingen mål ennå')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sett mål' })).toBeInTheDocument();
    expect(await screen.findByText('Arbeidskalender')).toBeInTheDocument();
    expect(await screen.findByText(/^Kan ikke få mål her: Sign rate \(en andel\) og Misses \(lavere er bedre\)\./)).toBeInTheDocument();
  });
});

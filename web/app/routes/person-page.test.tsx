import type { Kpi, KpiValues, PersonOverview } from '@core/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/i18n';
import { makeTestAdminMe, makeTestMe, makeTestMember, renderWithProviders } from '@web/test/render-with-providers';
import { makeTestKpiRules } from '@web/test/fixtures';
import { reply, stubFetch } from '@web/test/stub-fetch';
import { Toaster } from '@web/components/ui/toaster';
import { queryKeys } from '@web/lib/query-keys';
import { dismissAllToasts, findToast } from '@web/test/find-toast';
import { Component as PersonPage } from './person-page';

const zero = { calls: 0, answered: 0, meetings_booked: 0, meetings_held: 0, sales: 0, sales_value: 0, points: 0 };
const weeks = Array.from({ length: 12 }, (_, i) => {
  const monday = new Date(Date.UTC(2026, 8, 7 + 7 * i));
  const sunday = new Date(monday.getTime() + 6 * 86_400_000);
  return {
    isoYear: 2026,
    isoWeek: 37 + i,
    from: monday.toISOString().slice(0, 10),
    to: sunday.toISOString().slice(0, 10),
    totals: { ...zero, calls: i === 11 ? 14 : i, points: i * 10 },
  };
});

function makeOverview(overrides: Partial<PersonOverview> = {}): PersonOverview {
  return {
    person: {
      userId: 'user-2',
      displayName: 'Ola Rep',
      avatarUrl: null,
      role: 'user',
      team: { id: 'team-1', name: 'Oslo' },
      isSelf: false,
      joinedAt: '2026-09-01T08:00:00.000Z',
    },
    today: '2026-11-25',
    timezone: 'Europe/Oslo',
    periods: {
      day: { from: '2026-11-25', to: '2026-11-25', totals: { ...zero, calls: 3, answered: 2, points: 6 } },
      week: { from: '2026-11-23', to: '2026-11-29', totals: { ...zero, calls: 14, answered: 9, meetings_booked: 2, points: 40 } },
      month: {
        from: '2026-11-01',
        to: '2026-11-30',
        totals: { calls: 40, answered: 20, meetings_booked: 5, meetings_held: 4, sales: 2, sales_value: 125_000_00, points: 160 },
      },
    },
    targets: [
      {
        targetId: '5e3c4b1a-0000-4000-8000-000000000001',
        subjectKind: 'person',
        teamName: null,
        metric: 'calls',
        kpiId: null,
        kpi: null,
        period: 'week',
        value: 50,
        from: '2026-11-23',
        to: '2026-11-29',
        progress: 14,
        expected: 25,
        pace: 'behind',
        workingDays: 5,
        workingDaysGone: 2.5,
      },
      {
        // A money target whose expected share falls between two øre: written in whole kroner, as My Activity writes it.
        targetId: '5e3c4b1a-0000-4000-8000-000000000002',
        subjectKind: 'person',
        teamName: null,
        metric: 'sales_value',
        kpiId: null,
        kpi: null,
        period: 'month',
        value: 150_000_00,
        from: '2026-11-01',
        to: '2026-11-30',
        progress: 125_000_00,
        expected: 2_727_272.73,
        pace: 'ahead',
        workingDays: 21,
        workingDaysGone: 3.8,
      },
    ],
    weeks,
    funnel: {
      period: 'month',
      from: '2026-11-01',
      to: '2026-11-30',
      stages: [
        { step: 'calls', count: 40, rate: null },
        { step: 'answered', count: 20, rate: 50 },
        { step: 'meetings_booked', count: 5, rate: 25 },
        { step: 'meetings_held', count: 4, rate: 80 },
        { step: 'sales', count: 2, rate: 50 },
      ],
      overall: 5,
    },
    activities: [
      {
        id: 'a1',
        userId: 'user-2',
        displayName: 'Ola Rep',
        formerMember: false,
        type: 'sale',
        meetingBooked: false,
        movedForward: false,
        customerName: 'Fjord Shipping AS',
        points: 10,
        bonusPoints: 0,
        ticketSize: 125_000_00,
        productName: null,
        amount: 125_000_00,
        notes: 'Annual licence',
        createdAt: '2026-11-25T09:30:00.000Z',
        ownType: null,
      },
    ],
    wrapups: [
      {
        id: 'w1',
        date: '2026-11-24',
        calls: 12,
        meetings: 1,
        sales: 0,
        points: 30,
        good: 'Two good talks with Fjord Shipping',
        improve: null,
        createdAt: '2026-11-24T16:00:00.000Z',
        updatedAt: '2026-11-24T16:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

/** Rita (user-1, a rep) leads the team Ola (user-2) is in: she may open his page. */
const RITA_LEADS_OLA = {
  'GET /api/v1/teams': reply(200, {
    teams: [
      {
        id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
        name: 'Oslo',
        members: [{ userId: 'user-2', displayName: 'Ola Rep', avatarUrl: null }],
        leads: [{ userId: 'user-1', displayName: 'Rita Rep', avatarUrl: null }],
        createdAt: '2026-11-01T08:00:00.000Z',
      },
    ],
  }),
};

function renderPage(
  answer: NonNullable<Parameters<typeof stubFetch>[0]>[string] = reply(200, makeOverview()),
  me = makeTestAdminMe(),
  more: Parameters<typeof stubFetch>[0] = {},
) {
  const calls = stubFetch({
    'GET /api/v1/teams': reply(200, { teams: [] }),
    'GET /api/v1/team/members': reply(200, {
      members: [
        makeTestMember({ userId: 'user-1', displayName: 'Rita Rep' }),
        makeTestMember({ id: 'p2', userId: 'user-2', displayName: 'Ola Rep' }),
      ],
    }),
    ...more,
    'GET /api/v1/me': reply(200, me),
    'GET /api/v1/people/user-2/overview': answer,
    'GET /api/v1/coaching/members/user-2/notes': reply(200, {
      member: { userId: 'user-2', displayName: 'Ola Rep', avatarUrl: null, formerMember: false },
      notes: [],
      followUps: [
        {
          id: 'n-1',
          kind: 'follow_up',
          body: 'Role-play the pricing call',
          author: { userId: 'admin', displayName: 'Ada Admin', avatarUrl: null, formerMember: false },
          createdAt: '2026-11-24T09:00:00Z',
          doneAt: null,
        },
      ],
    }),
  });
  const { queryClient } = renderWithProviders(
    <MemoryRouter initialEntries={['/app/people/user-2']}>
      <Routes>
        <Route path="/app/people/:id" element={<PersonPage />} />
      </Routes>
    </MemoryRouter>,
    { me },
  );
  return { calls, user: userEvent.setup(), queryClient };
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe("a person's page", () => {
  it("shows an admin the rep's day, week and month against targets, the funnel, activities, wrap-ups and coaching notes", async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ola Rep' })).toBeInTheDocument();
    expect(screen.getByText('Oslo')).toBeInTheDocument();

    const week = screen.getByTestId('person-period-week');
    expect(within(week).getByRole('heading', { name: 'This week' })).toBeInTheDocument();
    expect(within(within(week).getByTestId('person-week-calls')).getByText('14')).toBeInTheDocument();
    const target = within(week).getByTestId('person-target-calls-week');
    expect(within(target).getByText('Behind')).toBeInTheDocument();
    expect(target).toHaveTextContent('of 50 · 25 expected by now');
    expect(within(screen.getByTestId('person-period-month')).getByTestId('person-month-sales_value')).toHaveTextContent(/125[\s,.]?000/);
    expect(within(screen.getByTestId('person-period-month')).getByTestId('person-target-sales_value-month')).toHaveTextContent(
      /NOK 27,273 expected by now/,
    );

    const funnel = screen.getByTestId('person-funnel');
    expect(within(funnel).getByTestId('funnel-meetings_held')).toHaveTextContent('Meetings held80% of the step before4');
    expect(within(funnel).getByTestId('funnel-overall')).toHaveTextContent('From call to sale5%');

    expect(within(screen.getByTestId('person-activities')).getByText(/Sale closed/)).toBeInTheDocument();
    const wrapup = screen.getByRole('link', { name: /Read the wrap-up of Tuesday 24 November/ });
    expect(wrapup).toHaveAttribute('href', '/app/coaching/wrapups/w1');
    expect(within(wrapup).getByText('12 calls')).toBeInTheDocument();

    const coaching = screen.getByTestId('person-coaching-notes');
    expect(await within(coaching).findByText('Role-play the pricing call')).toBeInTheDocument();
    expect(within(coaching).getByRole('link', { name: 'All their wrap-ups in Coaching' })).toHaveAttribute(
      'href',
      '/app/coaching?member=user-2',
    );
    expect(screen.getByRole('link', { name: 'Set targets' })).toHaveAttribute('href', '/app/targets');
  });

  it('switches the 12-week trend between metrics, with the numbers in a table for those who cannot see the chart', async () => {
    const { user } = renderPage();
    const chart = await screen.findByTestId('person-trend-chart');
    expect(chart).toHaveAccessibleName(/Calls per week over the last 12 weeks: 69 in all, best week W48 with 14, this week so far 14/);
    await user.click(screen.getByText('Show as a table'));
    const table = screen.getByTestId('person-trend-table');
    expect(within(table).getAllByRole('row')).toHaveLength(13);
    expect(within(table).getByRole('columnheader', { name: 'Calls' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Points' }));
    expect(within(table).getByRole('columnheader', { name: 'Points' })).toBeInTheDocument();
    expect(within(within(table).getAllByRole('row')[12]!).getByRole('cell', { name: '110' })).toBeInTheDocument();
    expect(chart).toHaveAccessibleName(/Points per week/);
  });

  it('lists the first 8 activities, and all of them on asking', async () => {
    const first = makeOverview().activities[0]!;
    const many = Array.from({ length: 12 }, (_, i) => ({ ...first, id: `a${i}`, notes: `Note ${i}` }));
    const { user } = renderPage(reply(200, makeOverview({ activities: many })));
    const list = await screen.findByTestId('person-activities');
    expect(within(list).getAllByRole('listitem')).toHaveLength(8);
    const more = screen.getByRole('button', { name: 'Show all 12' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(within(list).getAllByRole('listitem')).toHaveLength(12);
    expect(screen.getByRole('button', { name: 'Show fewer' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows an own type by its name, outcome and look, not as "Own type"', async () => {
    const first = makeOverview().activities[0]!;
    const knock = {
      ...first,
      id: 'k1',
      type: 'custom' as const,
      ticketSize: null,
      notes: null,
      customerName: 'Tømrer Hansen',
      ownType: {
        names: { en: 'Door knock', da: 'Dørbesøg' },
        icon: 'door-open' as const,
        colour: 'blue' as const,
        outcomeNames: { en: 'Talked', da: 'Talte' },
        celebratesEvery: false,
      },
    };
    renderPage(reply(200, makeOverview({ activities: [knock] })));
    const list = await screen.findByTestId('person-activities');
    expect(within(list).getByRole('listitem')).toHaveTextContent(/^Door knock, Talked · Tømrer Hansen/);
  });

  it('marks the activity that carries its day’s bonus, a call’s as the calls’ rule', async () => {
    const first = makeOverview().activities[0]!;
    const meeting = {
      ...first,
      id: 'm1',
      type: 'meeting' as const,
      ticketSize: null,
      amount: null,
      notes: 'Demo for the CFO',
      points: 13,
      bonusPoints: 10,
    };
    const call = {
      ...first,
      id: 'c1',
      type: 'call_unanswered' as const,
      ticketSize: null,
      amount: null,
      notes: null,
      points: 5,
      bonusPoints: 5,
    };
    renderPage(reply(200, makeOverview({ activities: [meeting, call, { ...first, id: 'plain', bonusPoints: 0 }] })));
    const [withBonus, callWithBonus, plain] = within(await screen.findByTestId('person-activities')).getAllByRole('listitem');
    expect(withBonus).toHaveTextContent('daily bonus +10 · Demo for the CFO');
    expect(callWithBonus).toHaveTextContent('daily call bonus +5');
    expect(plain).not.toHaveTextContent(/bonus/);
  });

  it('asks for another funnel period', async () => {
    const { calls, user } = renderPage();
    await user.click(await screen.findByRole('combobox', { name: 'Funnel period' }));
    await user.click(await screen.findByRole('option', { name: 'This week' }));
    await vi.waitFor(() =>
      expect(calls.some((c) => c.path === '/api/v1/people/user-2/overview' && c.search === '?funnel=week')).toBe(true),
    );
  });

  it("a team lead (not an admin) on their rep's page is offered the targets they set", async () => {
    renderPage(reply(200, makeOverview()), makeTestMe(), RITA_LEADS_OLA);
    expect(await screen.findByRole('link', { name: 'Set targets' })).toHaveAttribute('href', '/app/targets');
  });

  it("an admin corrects the rep's activity from here, with My Activity's edit dialog", async () => {
    const sale = {
      id: 'a1',
      userId: 'user-2',
      kind: 'sale',
      type: 'sale',
      answered: null,
      outcome: null,
      meetingBooked: false,
      movedForward: false,
      customerId: null,
      customerName: 'Fjord Shipping AS',
      ticketSize: 125_000_00,
      productName: null,
      notes: 'Annual licence',
      pointsEarned: 10,
      dailyBonus: false,
      localDate: '2026-11-20',
      loggedLate: false,
      createdAt: '2026-11-20T09:30:00.000Z',
      updatedAt: '2026-11-20T09:30:00.000Z',
    };
    const { user, calls } = renderPage(undefined, makeTestAdminMe(), {
      'GET /api/v1/activities/a1': reply(200, sale),
      'GET /api/v1/kpi-rules': reply(200, makeTestKpiRules()),
      'PATCH /api/v1/activities/a1': () => reply(200, { ...sale, notes: 'Annual licence, 3 years' }),
    });
    const list = await screen.findByTestId('person-activities');
    await user.click(within(list).getByRole('button', { name: /^Correct Sale/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: /^Edit/ });
    const notes = within(dialog).getByRole('textbox', { name: 'Notes' });
    expect(notes).toHaveValue('Annual licence');
    await user.clear(notes);
    await user.type(notes, 'Annual licence, 3 years');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => {
      const patch = calls.find((c) => c.method === 'PATCH' && c.path === '/api/v1/activities/a1');
      expect(patch?.body).toMatchObject({ notes: 'Annual licence, 3 years' });
    });
  });

  it('says the activity was deleted even though its row (and the menu that asked) leaves the list first', async () => {
    let deleted = false;
    const base = makeOverview();
    const overview = { ...base, activities: [...base.activities, { ...base.activities[0]!, id: 'a2', notes: 'Another' }] };
    const rendered = renderPage(
      // After the deletion the page is read again without the row: its menu unmounts with it.
      () => reply(200, deleted ? { ...overview, activities: overview.activities.filter((a) => a.id !== 'a1') } : overview),
      makeTestAdminMe(),
      {
        'GET /api/v1/activities/a1': reply(200, { ...overview.activities[0], kind: 'sale', answered: null, outcome: null }),
        'DELETE /api/v1/activities/a1': async () => {
          deleted = true;
          // The live event of the deletion beats the answer: the page is read again, and the row
          // (with the menu and dialog that asked) is gone before the answer arrives.
          await rendered.queryClient.refetchQueries({ queryKey: queryKeys.scoreboard.people });
          await new Promise((resolve) => setTimeout(resolve, 20));
          return reply(200, { ok: true });
        },
      },
    );
    const { user } = rendered;
    render(<Toaster />);
    const list = await screen.findByTestId('person-activities');
    const rows = within(list).getAllByRole('listitem').length;
    await user.click(within(list).getAllByRole('button', { name: /^Correct Sale/ })[0]!);
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this activity?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem', { hidden: true })).toHaveLength(rows - 1));
    await findToast('Activity deleted');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    dismissAllToasts();
  });

  it("a team lead who is not an admin corrects their rep's activities here (decision 086)", async () => {
    renderPage(reply(200, makeOverview()), makeTestMe(), RITA_LEADS_OLA);
    const list = await screen.findByTestId('person-activities');
    expect(within(list).getAllByRole('button', { name: /^Correct/ })[0]).toBeVisible();
  });

  it("on one's own page a rep sees their numbers but no coaching notes and no target setting", async () => {
    const own = makeOverview({ person: { ...makeOverview().person, isSelf: true } });
    const ola = makeTestMe();
    renderPage(reply(200, own), { ...ola, user: { ...ola.user, id: 'user-2' } });
    expect(await screen.findByText('This is you')).toBeInTheDocument();
    expect(screen.queryByTestId('person-coaching-notes')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Set targets' })).not.toBeInTheDocument();
    // Their own activities they change as a rep does, in My Activity, not by correcting them here.
    expect(within(screen.getByTestId('person-activities')).queryByRole('button', { name: /^Correct/ })).not.toBeInTheDocument();
  });

  it('a new rep with nothing logged sees zeros and empty lists, not errors', async () => {
    const empty = makeOverview({
      periods: {
        day: { from: '2026-11-25', to: '2026-11-25', totals: zero },
        week: { from: '2026-11-23', to: '2026-11-29', totals: zero },
        month: { from: '2026-11-01', to: '2026-11-30', totals: zero },
      },
      targets: [],
      weeks: weeks.map((w) => ({ ...w, totals: zero })),
      funnel: {
        ...makeOverview().funnel,
        stages: makeOverview().funnel.stages.map((s) => ({ ...s, count: 0, rate: null })),
        overall: null,
      },
      activities: [],
      wrapups: [],
    });
    renderPage(reply(200, empty));
    expect(await screen.findByText('Nothing logged yet')).toBeInTheDocument();
    expect(screen.getByText('No wrap-ups yet')).toBeInTheDocument();
    expect(screen.getByText('No calls in this period yet.')).toBeInTheDocument();
    expect(screen.getByTestId('person-trend-chart')).toHaveAccessibleName('Calls per week over the last 12 weeks: none yet.');
    // Of the figure shown, not of the person: they may have logged other things.
    expect(screen.getByText('Calls: none in the last 12 weeks yet')).toBeInTheDocument();
  });

  it('tells a colleague the page is not theirs without asking the server (no refused request in the console)', async () => {
    const { calls } = renderPage(undefined, makeTestMe());
    expect(await screen.findByRole('heading', { name: 'This page is not yours to open' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/app');
    expect(calls.filter((call) => call.path.startsWith('/api/v1/people/'))).toEqual([]);
  });

  it('says the server’s refusal the same way, where the teams it knew were out of date', async () => {
    renderPage(
      reply(403, { error: { code: 'forbidden', message: "Only the person, their team's lead and admins can open this page." } }),
      makeTestMe(),
      RITA_LEADS_OLA,
    );
    expect(await screen.findByRole('heading', { name: 'This page is not yours to open' })).toBeInTheDocument();
  });

  it('leaves an address that names no member to the server, which says there is no such person', async () => {
    const { calls } = renderPage(reply(404, { error: { code: 'not_found', message: 'No such member in your company.' } }), makeTestMe(), {
      'GET /api/v1/team/members': reply(200, { members: [makeTestMember({ userId: 'user-1', displayName: 'Rita Rep' })] }),
    });
    expect(await screen.findByRole('heading', { name: 'No such person here' })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/v1/people/user-2/overview')).toHaveLength(1);
  });

  it('says so when the person is not in the company', async () => {
    renderPage(reply(404, { error: { code: 'not_found', message: 'No such member in your company.' } }));
    expect(await screen.findByRole('heading', { name: 'No such person here' })).toBeInTheDocument();
  });

  it('offers a retry when the page fails to load', async () => {
    renderPage(reply(500, { error: { code: 'internal', message: 'Something went wrong.' } }));
    expect(await screen.findByText("This person's page could not be loaded")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again/i })).toBeInTheDocument();
  });

  it('speaks Norwegian', async () => {
    await i18n.changeLanguage('nb');
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Denne uken' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Konverteringstrakt' })).toBeInTheDocument();
    expect(screen.getByText('Bak')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Alle dagsoppsummeringene i Coaching' })).toBeInTheDocument();
  });
});

describe("a person's KPIs (decision 101)", () => {
  const kpi = (id: string, name: string, over: Partial<Kpi> = {}): Kpi => ({
    id,
    builtIn: false,
    names: { en: name },
    formula: { kind: 'ratio', left: 'sales', right: 'calls' },
    format: 'number',
    decimals: 0,
    lowerIsBetter: false,
    createdAt: null,
    updatedAt: null,
    ...over,
  });
  const demos = kpi('k-demos', 'Demos');
  const handle = kpi('k-handle', 'Handling time', { lowerIsBetter: true, decimals: 1 });
  const values = (from: string, to: string, of: Record<string, Record<string, number | null>>): KpiValues => ({
    from,
    to,
    members: ['user-2', 'user-3', 'user-4'].map((userId) => ({ userId, displayName: userId, avatarUrl: null })),
    kpis: Object.entries(of).map(([id, members]) => ({
      id,
      total: null,
      members: Object.entries(members).map(([userId, value]) => ({ userId, value })),
    })),
  });

  it("shows the company's own KPIs this week and this month, and the month's place among those with a value", async () => {
    renderPage(undefined, undefined, {
      'GET /api/v1/kpis': reply(200, { kpis: [kpi('calls', 'Calls', { builtIn: true }), demos, handle] }),
      'GET /api/v1/kpis/values': (call) =>
        reply(
          200,
          call.search.includes('from=2026-11-23')
            ? values('2026-11-23', '2026-11-29', { 'k-demos': { 'user-2': 2 }, 'k-handle': { 'user-2': null } })
            : values('2026-11-01', '2026-11-30', {
                'k-demos': { 'user-2': 5, 'user-3': 7, 'user-4': 5 },
                'k-handle': { 'user-2': 3.5, 'user-3': 4, 'user-4': null },
              }),
        ),
    });
    const card = await screen.findByTestId('person-kpis');
    await waitFor(() =>
      expect(
        within(card)
          .getAllByTestId('person-kpi')
          .map((row) => row.textContent),
      ).toEqual(['Demos252 of 3', 'Handling time—3.51 of 2']),
    );
    // The built-in figures are on the period cards: the card lists the company's own.
    expect(within(card).queryByText('Calls')).toBeNull();
  });

  it('shows under a KPI the targets a manager set on it, with their pace (decision 104)', async () => {
    const overview = makeOverview();
    const target = (period: 'week' | 'month', value: number, progress: number, pace: 'ahead' | 'behind') => ({
      targetId: `t-${period}`,
      subjectKind: 'person' as const,
      teamName: null,
      metric: 'kpi' as const,
      kpiId: 'k-demos',
      kpi: { id: 'k-demos', names: { en: 'Demos' }, format: 'number' as const, decimals: 0 },
      period,
      value,
      from: '2026-11-23',
      to: '2026-11-29',
      progress,
      expected: value / 2,
      pace,
      workingDays: 5,
      workingDaysGone: 2.5,
    });
    renderPage(reply(200, { ...overview, targets: [target('week', 4, 2, 'ahead'), target('month', 20, 5, 'behind')] }), undefined, {
      'GET /api/v1/kpis': reply(200, { kpis: [demos] }),
      'GET /api/v1/kpis/values': reply(200, values('2026-11-23', '2026-11-29', { 'k-demos': { 'user-2': 2 } })),
    });
    const card = await screen.findByTestId('person-kpis');
    const week = await within(card).findByTestId('person-kpi-target-week');
    expect(week).toHaveTextContent('Target: 2 of 4 this week');
    expect(within(week).getByTestId('pace-pill')).toHaveTextContent('Ahead');
    expect(within(card).getByTestId('person-kpi-target-month')).toHaveTextContent('Target: 5 of 20 this month');
  });

  it('is not there when the company has no KPIs of its own', async () => {
    renderPage(undefined, undefined, { 'GET /api/v1/kpis': reply(200, { kpis: [kpi('calls', 'Calls', { builtIn: true })] }) });
    await screen.findByRole('heading', { level: 1, name: 'Ola Rep' });
    expect(screen.queryByTestId('person-kpis')).toBeNull();
  });
});

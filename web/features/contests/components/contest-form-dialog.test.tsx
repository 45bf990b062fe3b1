import type { Contest, Kpi } from '@core/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTestMe, renderWithProviders } from '@web/test/render-with-providers';
import { makeTestKpiRules } from '@web/test/fixtures';
import { reply, stubFetch } from '@web/test/stub-fetch';
import { ContestFormDialog } from './contest-form-dialog';

/* The contest dialog's target: money is typed in whole currency units and sent in minor units (decision 103). */

const kpi = (id: string, name: string, over: Partial<Kpi> = {}): Kpi => ({
  id,
  builtIn: false,
  names: { en: name },
  formula: { kind: 'aggregate', aggregate: 'sum', of: 'value', typeIds: ['t'], outcomeIds: [] },
  format: 'money',
  decimals: 0,
  lowerIsBetter: false,
  createdAt: null,
  updatedAt: null,
  ...over,
});

const salesRace: Contest = {
  id: '6f1c2d8e-7a4b-4c1d-9e2f-0a1b2c3d4e5f',
  name: 'Sales race',
  startsOn: '2099-11-25',
  endsOn: '2099-11-30',
  participants: 'everyone',
  teamIds: [],
  userIds: [],
  mode: 'individual',
  weights: [{ metric: 'sales_value', weight: 1 }],
  kpiId: null,
  kpi: null,
  target: 5_000_000,
  prizes: '',
  recurrence: 'none',
  template: null,
  seriesId: '6f1c2d8e-7a4b-4c1d-9e2f-0a1b2c3d4e5f',
  phase: 'upcoming',
  finished: false,
  winners: [],
  startsAt: '2099-11-24T23:00:00.000Z',
  endsAt: '2099-11-30T23:00:00.000Z',
  canManage: true,
};

afterEach(() => vi.unstubAllGlobals());

function stub() {
  const base = makeTestMe();
  const me = { ...base, profile: { ...base.profile!, role: 'admin' as const } };
  const calls = stubFetch({
    'GET /api/v1/me': reply(200, me),
    'GET /api/v1/targets/subjects': reply(200, { teams: [], members: [] }),
    'GET /api/v1/kpis': reply(200, { kpis: [kpi('k-upsell', 'Upsell value'), kpi('k-wait', 'Wait time', { lowerIsBetter: true })] }),
    [`PUT /api/v1/contests/${salesRace.id}`]: (call) => reply(200, { ...salesRace, ...(call.body as object) }),
  });
  return { me, calls };
}

describe('the contest dialog’s target', () => {
  it('shows a sales-value target in kroner and sends it back in øre', async () => {
    const { me, calls } = stub();
    renderWithProviders(<ContestFormDialog open onOpenChange={() => {}} contest={salesRace} />, { me });
    const target = await screen.findByLabelText(/^Target in/);
    expect(target).toHaveValue(50000);
    await userEvent.clear(target);
    await userEvent.type(target, '60000');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')!.body).toMatchObject({ target: 6_000_000, kpiId: null });
  });

  it('edits a money KPI contest’s target in kroner even before the KPI list has come', async () => {
    const upsell = { id: 'k-upsell', names: { en: 'Upsell value' }, format: 'money' as const, decimals: 0 };
    const contest = { ...salesRace, weights: [], kpiId: upsell.id, kpi: upsell, target: 5_000_000 };
    const base = makeTestMe();
    const me = { ...base, profile: { ...base.profile!, role: 'admin' as const } };
    const calls = stubFetch({
      'GET /api/v1/me': reply(200, me),
      'GET /api/v1/targets/subjects': reply(200, { teams: [], members: [] }),
      // The list never comes: the dialog goes by the contest's own KPI.
      'GET /api/v1/kpis': () => new Promise(() => {}),
      [`PUT /api/v1/contests/${salesRace.id}`]: (call) => reply(200, { ...contest, ...(call.body as object) }),
    });
    renderWithProviders(<ContestFormDialog open onOpenChange={() => {}} contest={contest} />, { me });
    const target = await screen.findByLabelText(/^Target in/);
    expect(target).toHaveValue(50000);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')!.body).toMatchObject({ kpiId: upsell.id, target: 5_000_000 });
  });

  it('a KPI contest offers the KPIs where higher is better and sends the KPI with no activities', async () => {
    const { me, calls } = stub();
    renderWithProviders(<ContestFormDialog open onOpenChange={() => {}} contest={salesRace} />, { me });
    await userEvent.click(await screen.findByRole('radio', { name: 'A KPI' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'KPI' }));
    expect(await screen.findByRole('option', { name: 'Upsell value' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Wait time' })).toBeNull();
    await userEvent.click(screen.getByRole('option', { name: 'Upsell value' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')!.body).toMatchObject({ kpiId: 'k-upsell', weights: [], target: 5_000_000 });
  });
});

describe('the contest dialog’s activities', () => {
  it('offers no kind the company has switched off, unless the contest already counts it', async () => {
    const base = makeTestMe();
    const me = { ...base, profile: { ...base.profile!, role: 'admin' as const } };
    stubFetch({
      'GET /api/v1/me': reply(200, me),
      'GET /api/v1/targets/subjects': reply(200, { teams: [], members: [] }),
      'GET /api/v1/kpis': reply(200, { kpis: [] }),
      // E-mail and LinkedIn are off (the defaults), meetings held switched off by the admin.
      'GET /api/v1/kpi-rules': reply(200, makeTestKpiRules({ meeting_completed: { enabled: false } })),
    });
    const counted = { ...salesRace, weights: [{ metric: 'emails' as const, weight: 1 }] };
    const view = renderWithProviders(<ContestFormDialog open onOpenChange={() => {}} contest={counted} />, { me });
    await screen.findByRole('checkbox', { name: 'E-mails' });
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Meetings held' })).toBeNull());
    expect(screen.queryByRole('checkbox', { name: 'LinkedIn' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Sales value' })).toBeInTheDocument();
    view.unmount();

    renderWithProviders(<ContestFormDialog open onOpenChange={() => {}} contest={salesRace} />, { me });
    await screen.findByRole('checkbox', { name: 'Sales value' });
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'E-mails' })).toBeNull());
    expect(screen.getByRole('checkbox', { name: 'Calls' })).toBeInTheDocument();
  });
});

describe('the contest dialog’s refusals', () => {
  it('says a contest of chosen teams needs a team, under the teams, and sends nothing', async () => {
    const { me, calls } = stub();
    renderWithProviders(<ContestFormDialog open onOpenChange={() => {}} contest={salesRace} />, { me });
    await userEvent.click(await screen.findByRole('radio', { name: 'Chosen teams' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose at least one team')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('says a weight above the most a weight can be under the weights, and sends nothing', async () => {
    const { me, calls } = stub();
    renderWithProviders(<ContestFormDialog open onOpenChange={() => {}} contest={salesRace} />, { me });
    const weight = await screen.findByRole('spinbutton', { name: 'Weight for Sales value' });
    await userEvent.clear(weight);
    await userEvent.type(weight, '2000');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent).join(' ')).toMatch(/1[,\s\u00a0]?000/);
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });
});

import type { ActivityType, Kpi, KpiInput, KpiList, KpiValues } from '@core/contracts';
import { BUILT_IN_KPI_DEFINITIONS } from '@core/kpi-formulas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@web/components/ui/toaster';
import { i18n } from '@web/i18n';
import { AuthProvider } from '@web/lib/auth/auth-provider';
import { dismissAllToasts } from '@web/test/find-toast';
import { makeTestAdminMe, renderWithProviders } from '@web/test/render-with-providers';
import { refuse } from '@web/test/refuse';
import { type RecordedCall, reply, stubFetch } from '@web/test/stub-fetch';
import { Component as AdminKpisPage } from './admin-kpis-page';

const adminMe = makeTestAdminMe();

const BUILT_IN: Kpi[] = Object.entries(BUILT_IN_KPI_DEFINITIONS).map(([id, definition]) => ({
  id,
  builtIn: true,
  ...definition,
  createdAt: null,
  updatedAt: null,
}));
const VISIT: ActivityType = {
  id: '5b3c9f52-0000-4000-8000-000000000001',
  names: { en: 'Site visit', nb: 'Befaring' },
  icon: 'car',
  colour: 'amber',
  points: 3,
  outcomes: [{ id: 'offer', names: { en: 'Offer sent', nb: 'Tilbud sendt' }, points: 5, celebrate: false, archived: false }],
  fields: [
    {
      id: 'size',
      names: { en: 'Size m2', nb: 'Areal m2' },
      kind: 'number',
      required: false,
      options: [],
      pointsPerUnit: null,
      archived: false,
    },
  ],
  bonus: null,
  celebrate: false,
  archivedAt: null,
  inUse: true,
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:00:00.000Z',
};
const OFFERS: Kpi = {
  id: '6c4d0a63-0000-4000-8000-000000000002',
  builtIn: false,
  names: { en: 'Offers', nb: 'Tilbud' },
  formula: { kind: 'aggregate', aggregate: 'count', of: null, typeIds: [VISIT.id], outcomeIds: ['offer'], where: null },
  format: 'number',
  decimals: 0,
  lowerIsBetter: false,
  createdAt: '2026-12-02T10:00:00.000Z',
  updatedAt: '2026-12-02T10:00:00.000Z',
};

function stubServer() {
  const kpis = [...BUILT_IN, OFFERS];
  const totals: Record<string, number | null> = { calls: 120, conversion: 0.25, sales_value: 1_250_000, [OFFERS.id]: 7 };
  return stubFetch({
    'GET /api/v1/me': reply(200, adminMe),
    'GET /api/v1/activity-types': reply(200, { types: [VISIT] }),
    'GET /api/v1/kpis': () => reply(200, { kpis } satisfies KpiList),
    'GET /api/v1/kpis/values': () =>
      reply(200, {
        from: '2026-12-01',
        to: '2026-12-05',
        members: [],
        kpis: kpis.map((kpi) => ({ id: kpi.id, total: kpi.id in totals ? totals[kpi.id]! : 0, members: [] })),
      } satisfies KpiValues),
    'POST /api/v1/kpis': (call) => {
      const input = call.body as KpiInput;
      if (input.names.en === 'Offers') return refuse(409, { code: 'kpi_exists', message: 'A KPI named "Offers" already exists.' });
      const created: Kpi = {
        ...OFFERS,
        id: '7d5e1b74-0000-4000-8000-000000000003',
        names: input.names as Record<string, string>,
        formula: input.formula as Kpi['formula'],
        format: input.format,
        decimals: input.decimals ?? 0,
      };
      kpis.push(created);
      totals[created.id] = null;
      return reply(201, created);
    },
  });
}

function renderPage() {
  renderWithProviders(
    <MemoryRouter>
      <AuthProvider>
        <AdminKpisPage />
        <Toaster />
      </AuthProvider>
    </MemoryRouter>,
    { me: adminMe },
  );
  return userEvent.setup();
}

const posted = (recorded: RecordedCall[]) => recorded.filter((c) => c.method === 'POST' && c.path === '/api/v1/kpis').map((c) => c.body);

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  dismissAllToasts();
  vi.unstubAllGlobals();
});

describe('Administration, KPIs', () => {
  it('shows the built-in KPIs and the company’s own with this month’s figure, and what each computes', async () => {
    stubServer();
    renderPage();
    const list = await screen.findByRole('list', { name: 'Your KPIs' });
    const [row] = within(list).getAllByRole('listitem');
    expect(row).toHaveTextContent('Offers');
    expect(row).toHaveTextContent('Count: Site visit · Offer sent only');
    expect(await within(row!).findByText('7')).toBeInTheDocument();
    expect(await screen.findByText('25%')).toBeInTheDocument(); // conversion, a ratio read as a percent
    expect(screen.getByText('Meetings booked')).toBeInTheDocument();
  });

  it('creates a ratio: a KPI divided by itself is refused before sending, a taken name beside the names', async () => {
    const recorded = stubServer();
    const user = renderPage();
    await screen.findByRole('list', { name: 'Your KPIs' });
    await user.click(screen.getByRole('button', { name: 'New KPI' }));
    const editor = within(await screen.findByRole('dialog', { name: 'New KPI' }));
    await user.type(editor.getByRole('textbox', { name: 'English' }), 'Offers');
    await user.click(editor.getByRole('radio', { name: 'Ratio' }));
    await user.click(editor.getByRole('combobox', { name: 'KPI' }));
    await user.click(await screen.findByRole('option', { name: 'Offers' }));
    await user.click(editor.getByRole('combobox', { name: 'Divided by' }));
    await user.click(await screen.findByRole('option', { name: 'Offers' }));
    await user.click(editor.getByRole('button', { name: 'Create KPI' }));
    expect(
      await editor.findByText('A ratio of a KPI to itself is always 1, and a difference always 0: choose two different KPIs'),
    ).toBeInTheDocument();
    expect(posted(recorded)).toEqual([]);

    await user.click(editor.getByRole('combobox', { name: 'Divided by' }));
    await user.click(await screen.findByRole('option', { name: 'Calls' }));
    await user.click(editor.getByRole('button', { name: 'Create KPI' }));
    expect(await editor.findByText('A KPI named "Offers" already exists.')).toBeInTheDocument();
    const name = editor.getByRole('textbox', { name: 'English' });
    await user.clear(name);
    await user.type(name, 'Offers per call');
    await user.click(editor.getByRole('button', { name: 'Create KPI' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted(recorded).at(-1)).toEqual({
      names: { en: 'Offers per call' },
      formula: { kind: 'ratio', left: OFFERS.id, right: 'calls' },
      format: 'percent',
      decimals: 0,
      lowerIsBetter: false,
    });
    // No value yet reads as a dash, not a zero.
    const rows = within(screen.getByRole('list', { name: 'Your KPIs' })).getAllByRole('listitem');
    expect(rows.at(-1)).toHaveTextContent('Offers ÷ Calls');
    await vi.waitFor(() => expect(rows.at(-1)).toHaveTextContent('—'));
  });

  it("sums the points of a built-in kind: a call's points take no outcome, and the chosen ones are not sent", async () => {
    const recorded = stubServer();
    const user = renderPage();
    await screen.findByRole('list', { name: 'Your KPIs' });
    await user.click(screen.getByRole('button', { name: 'New KPI' }));
    const editor = within(await screen.findByRole('dialog', { name: 'New KPI' }));
    await user.type(editor.getByRole('textbox', { name: 'English' }), 'Points from calls');
    // What no type ticked means is said until one is ticked, then no longer.
    expect(editor.getByText('None chosen counts every activity.')).toBeInTheDocument();
    await user.click(editor.getByRole('checkbox', { name: 'Call' }));
    expect(editor.queryByText('None chosen counts every activity.')).toBeNull();
    expect(editor.getByText('Only the ticked types are counted.')).toBeInTheDocument();
    await user.click(editor.getByRole('checkbox', { name: 'Meeting booked' }));
    await user.click(editor.getByRole('radio', { name: 'Sum' }));
    await user.click(editor.getByRole('combobox', { name: 'Of' }));
    await user.click(await screen.findByRole('option', { name: 'Points' }));
    expect(editor.getByTestId('call-points-outcomes')).toHaveTextContent("A call's points count for all its outcomes together");
    expect(editor.queryByRole('checkbox', { name: 'Meeting booked' })).toBeNull();
    await user.click(editor.getByRole('button', { name: 'Create KPI' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted(recorded).at(-1)).toMatchObject({
      names: { en: 'Points from calls' },
      formula: { kind: 'aggregate', aggregate: 'sum', of: 'points', typeIds: ['call'], outcomeIds: [], where: null },
    });
  });

  it('reads in Norwegian, names included', async () => {
    await i18n.changeLanguage('nb');
    stubServer();
    renderPage();
    expect(await screen.findByRole('button', { name: 'Ny KPI' })).toBeInTheDocument();
    expect(await screen.findByText('Antall: Befaring · bare Tilbud sendt')).toBeInTheDocument();
    expect(screen.getByText('Møter booket')).toBeInTheDocument();
  });
});

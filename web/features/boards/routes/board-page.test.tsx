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
    expect(within(calls).getByText('75%')).toBeInTheDocument();
    expect(screen.getByText("This widget's KPI no longer exists.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit board' })).toBeNull();
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

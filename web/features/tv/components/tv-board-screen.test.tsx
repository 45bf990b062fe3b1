import '@web/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { DisplayScreenData, Kpi, KpiValues } from '@core/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/i18n';
import { describeTvScreen, TvScreenView } from './tv-screens';

/* A board on the wall (decision 102): the app's widgets, drawn from the numbers the server read. */

const calls: Kpi = {
  id: 'calls',
  builtIn: true,
  names: { en: 'Calls', nb: 'Samtaler' },
  formula: { kind: 'aggregate', aggregate: 'count', types: ['call'], outcomes: [], filters: [] } as unknown as Kpi['formula'],
  format: 'number',
  decimals: 0,
  lowerIsBetter: false,
  createdAt: null,
  updatedAt: null,
};
const values = (total: number, members: [string, string, number][]): KpiValues => ({
  from: '2026-11-20',
  to: '2026-11-20',
  members: members.map(([userId, displayName]) => ({ userId, displayName, avatarUrl: null })),
  kpis: [{ id: 'calls', total, members: members.map(([userId, , value]) => ({ userId, value })) }],
});

const data: Extract<DisplayScreenData, { kind: 'board' }> = {
  kind: 'board',
  team: null,
  board: {
    id: 'b1',
    name: 'Sales floor',
    widgets: [
      { id: 'n', kind: 'number', kpiId: 'calls', period: 'today', size: 'small', teamId: null },
      { id: 'l', kind: 'leaderboard', kpiId: 'calls', period: 'today', size: 'medium', teamId: null, rows: 5 },
      { id: 'c', kind: 'contest', contestId: '6f1c2d8e-7a4b-4c1d-9e2f-0a1b2c3d4e5f', period: 'week', size: 'small', teamId: null, rows: 5 },
    ],
  },
  kpis: [calls],
  today: '2026-11-20',
  currency: 'NOK',
  readings: [
    { widgetId: 'n', values: values(4, []), before: values(2, []) },
    {
      widgetId: 'l',
      values: values(4, [
        ['u1', 'Ola Oslo', 1],
        ['u2', 'Berit Bergen', 3],
      ]),
    },
    { widgetId: 'c', contest: null },
  ],
};

function show(language = 'en') {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <TvScreenView data={data} language={language} timeZone="Europe/Oslo" />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  void i18n.changeLanguage('en');
});

describe('a board screen', () => {
  it('shows each widget with the numbers it was given, reads nothing itself and links to no one', () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    show();
    const [number, board] = screen.getAllByRole('region', { name: 'Calls' }) as [HTMLElement, HTMLElement];
    expect(within(number).getByText('4')).toBeInTheDocument();
    expect(within(number).getByText('▲ 100% on yesterday')).toBeInTheDocument();
    expect(
      within(board)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['1BBBerit Bergen3', '2OOOla Oslo1']);
    expect(within(board).queryByRole('link')).toBeNull();
    // A contest deleted since the board was saved says so, as in the app.
    expect(screen.getByText("This widget's contest no longer exists.")).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("is headed by the board's name, in the wall's language", async () => {
    const t = i18n.getFixedT(null, 'scoreboard');
    const heading = describeTvScreen({ id: 's', kind: 'board', boardId: 'b1', durationSeconds: 30 }, data, t);
    expect(heading).toMatchObject({ title: 'Sales floor', subtitle: 'Live board' });
    await i18n.changeLanguage('nb');
    show('nb');
    expect(screen.getAllByRole('region', { name: 'Samtaler' })).toHaveLength(2);
  });
});

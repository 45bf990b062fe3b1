import type { Kpi, KpiValues } from '@core/contracts';
import { computeLocalDate, computePeriodDays, type LocalDate } from '@core/period';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTestMe, renderWithProviders } from '@web/test/render-with-providers';
import { reply, stubFetch } from '@web/test/stub-fetch';
import { OwnKpiTotals } from './own-kpi-totals';

/* The company's own KPIs on the weekly and monthly reports (decision 101). */

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
const totals = (of: Record<string, number | null>): KpiValues => ({
  from: '',
  to: '',
  members: [],
  kpis: Object.entries(of).map(([id, total]) => ({ id, total, members: [] })),
});

afterEach(() => vi.unstubAllGlobals());

describe("a report's own KPIs", () => {
  it("shows each one's total so far against the same days before, better in green where lower is better too; a team's only", async () => {
    const me = makeTestMe();
    const today = computeLocalDate(new Date(), me.company!.timezone) as LocalDate;
    const thisWeek = computePeriodDays('week', today).from;
    const calls = stubFetch({
      'GET /api/v1/me': reply(200, me),
      'GET /api/v1/kpis': reply(200, {
        kpis: [kpi('calls', 'Calls', { builtIn: true }), kpi('k-demos', 'Demos'), kpi('k-wait', 'Wait time', { lowerIsBetter: true })],
      }),
      'GET /api/v1/kpis/values': (call) =>
        reply(
          200,
          call.search.includes(`from=${thisWeek}`) ? totals({ 'k-demos': 12, 'k-wait': 30 }) : totals({ 'k-demos': 10, 'k-wait': 40 }),
        ),
    });
    renderWithProviders(<OwnKpiTotals period="week" teamId="t-1" />, { me });
    const section = await screen.findByRole('region', { name: 'Your KPIs' });
    await within(section).findByText('▲ 20% on last week');
    expect(within(section).getByText('▲ 20% on last week')).toHaveClass('text-success');
    // Lower is better: down is the good way.
    expect(within(section).getByText('▼ 25% on last week')).toHaveClass('text-success');
    expect(within(section).queryByText('Calls')).toBeNull();
    const asked = calls.filter((call) => call.path === '/api/v1/kpis/values').map((call) => new URLSearchParams(call.search));
    expect(
      asked.every((query) => query.get('teamId') === 't-1' && query.get('ids') === 'k-demos,k-wait' && query.get('totalOnly') === 'true'),
    ).toBe(true);
  });

  it('is not there when the company has no KPIs of its own', async () => {
    stubFetch({ 'GET /api/v1/kpis': reply(200, { kpis: [kpi('calls', 'Calls', { builtIn: true })] }) });
    const { container, queryClient } = renderWithProviders(<OwnKpiTotals period="month" teamId={undefined} />);
    // Once the KPIs are in, nothing is drawn and no values are asked for.
    await waitFor(() => expect(queryClient.getQueryData(['kpis'])).toBeDefined());
    expect(container.querySelector('[data-testid="own-kpis"]')).toBeNull();
    expect(
      queryClient
        .getQueryCache()
        .findAll({ queryKey: ['scoreboard'] })
        .every((query) => query.state.fetchStatus === 'idle' && !query.state.data),
    ).toBe(true);
  });
});

import type { MyTargets, TargetProgress } from '@core/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@web/i18n';
import { renderWithProviders } from '@web/test/render-with-providers';
import { reply, stubFetch } from '@web/test/stub-fetch';
import { MyTargetsCard } from './my-targets-card';

const target = (overrides: Partial<TargetProgress>): TargetProgress => ({
  targetId: crypto.randomUUID(),
  subjectKind: 'person',
  teamName: null,
  metric: 'calls',
  kpiId: null,
  kpi: null,
  period: 'week',
  value: 50,
  from: '2026-11-23',
  to: '2026-11-29',
  progress: 12,
  expected: 25,
  pace: 'behind',
  workingDays: 5,
  workingDaysGone: 2.5,
  ...overrides,
});

function renderCard(targets: TargetProgress[]) {
  stubFetch({ 'GET /api/v1/targets/me': reply(200, { on: '2026-11-25', targets } satisfies MyTargets) });
  renderWithProviders(<MyTargetsCard />);
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe("the rep's targets from a manager", () => {
  it('shows each target marked as set by a manager, with progress, what is expected by now and the pace', async () => {
    renderCard([
      target({}),
      target({ metric: 'sales_value', period: 'month', value: 5_000_000, progress: 3_000_000, expected: 2_500_000, pace: 'ahead' }),
    ]);
    const list = await screen.findByRole('list', { name: 'Targets from your manager' });
    expect(screen.getByText('Set by manager')).toBeInTheDocument();
    const [calls, value] = within(list).getAllByRole('listitem');
    expect(within(calls!).getByText('Calls')).toBeInTheDocument();
    expect(within(calls!).getByText('This week')).toBeInTheDocument();
    expect(within(calls!).getByText('12 of 50')).toBeInTheDocument();
    expect(within(calls!).getByText('Expected by now: 25')).toBeInTheDocument();
    expect(within(calls!).getByTestId('pace-pill')).toHaveTextContent('Behind');
    expect(within(value!).getByText('Sales value')).toBeInTheDocument();
    expect(within(value!).getByTestId('pace-pill')).toHaveTextContent('Ahead');
    expect(within(value!).getByTestId('target-progress').textContent).toMatch(/30,000.*50,000/);
  });

  it('says what is expected of a sales value in whole kroner, as every other amount', async () => {
    renderCard([
      target({ metric: 'sales_value', period: 'month', value: 5_000_000, progress: 1_000_000, expected: 2_272_727.27, pace: 'behind' }),
    ]);
    const expected = await screen.findByText(/Expected by now/);
    expect(expected.textContent!.replace(/\s/g, ' ')).toBe('Expected by now: NOK 22,727');
  });

  it('names a KPI’s target by the KPI in the reader’s language and writes it as the KPI is written (decision 104)', async () => {
    await i18n.changeLanguage('nb');
    renderCard([
      target({
        metric: 'kpi',
        kpiId: 'k-value',
        kpi: { id: 'k-value', names: { en: 'Contract value', nb: 'Kontraktsverdi' }, format: 'money', decimals: 0 },
        period: 'month',
        value: 5_000_000,
        progress: 7_500_000,
        expected: 4_000_000,
        pace: 'ahead',
      }),
      target({ metric: 'kpi', kpiId: 'k-gone', kpi: null, value: 5, progress: 0 }),
    ]);
    const list = await screen.findByRole('list', { name: 'Mål fra lederen din' });
    const [value, gone] = within(list).getAllByRole('listitem');
    expect(within(value!).getByText('Kontraktsverdi')).toBeInTheDocument();
    expect(within(value!).getByTestId('target-progress').textContent!.replace(/\s/g, ' ')).toBe('75 000 kr av 50 000 kr');
    expect(within(gone!).getByText('KPI-en er slettet')).toBeInTheDocument();
  });

  it("marks a target of the rep's team as the team's, beside their own", async () => {
    renderCard([target({}), target({ subjectKind: 'team', teamName: 'Oslo', value: 300, progress: 140, pace: 'on-track' })]);
    const list = await screen.findByRole('list', { name: 'Targets from your manager' });
    const [own, team] = within(list).getAllByRole('listitem');
    expect(within(own!).queryByTestId('team-target-badge')).not.toBeInTheDocument();
    expect(within(team!).getByTestId('team-target-badge')).toHaveTextContent('Oslo team');
    expect(within(team!).getByText('140 of 300')).toBeInTheDocument();
  });

  it('says a period without working days is a day off, and expects nothing', async () => {
    renderCard([target({ period: 'day', pace: 'no-working-days', expected: 0, workingDays: 0, workingDaysGone: 0 })]);
    expect(await screen.findByTestId('pace-pill')).toHaveTextContent('Day off');
    expect(screen.queryByText(/Expected by now/)).not.toBeInTheDocument();
  });

  it('shows nothing while no manager has set a target', async () => {
    renderCard([]);
    // The card is gone once the answer is in (the skeleton stands in while loading).
    await expect.poll(() => document.querySelector('[aria-busy="true"]')).toBeNull();
    expect(screen.queryByText('Targets from your manager')).not.toBeInTheDocument();
  });

  it('speaks Norwegian', async () => {
    await i18n.changeLanguage('nb');
    renderCard([target({ pace: 'on-track', progress: 25 }), target({ subjectKind: 'team', teamName: 'Oslo' })]);
    expect(await screen.findByText('Mål fra lederen din')).toBeInTheDocument();
    expect(screen.getByTestId('team-target-badge')).toHaveTextContent('Team Oslo');
    expect(screen.getByText('Satt av leder')).toBeInTheDocument();
    expect(screen.getAllByTestId('pace-pill')[0]).toHaveTextContent('I rute');
    expect(screen.getByText('25 av 50')).toBeInTheDocument();
  });
});

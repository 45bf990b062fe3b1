import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, loadNamespaces } from '@web/i18n';
import { renderWithProviders } from '@web/test/render-with-providers';
import { KpiImprovementCell, KpiTargetShareCell } from './kpi-rank-cells';

/** The "Most improved" measure of one person, as the KPI board and the dashboard show it. */
async function renderMeasure(
  measure: { baseline: number | null; periods: number; change: number | null; changeIn?: 'percentage_points' } | undefined,
  value: number | null,
) {
  await loadNamespaces(['scoreboard']);
  const { container } = renderWithProviders(
    <KpiImprovementCell measure={measure} value={value} baseline={(v) => String(v)} lowerIsBetter={false} />,
  );
  return container;
}

describe('the most improved measure', () => {
  afterEach(() => void i18n.changeLanguage('en'));

  it('says a rise from an average of 0 as one, not as nothing to compare', async () => {
    expect((await renderMeasure({ baseline: 0, periods: 3, change: null }, 2)).textContent).toBe(
      'Up from an average of 0Own average 0 over 3 earlier periods with activity',
    );
  });

  it('says 0 on an average of 0 is as on average', async () => {
    expect((await renderMeasure({ baseline: 0, periods: 2, change: null }, 0)).textContent).toMatch(/^As on own average/);
  });

  it('keeps its other words: a change, no history', async () => {
    expect((await renderMeasure({ baseline: 4, periods: 2, change: 5_000 }, 6)).textContent).toMatch(/^\+50% on own average/);
    expect((await renderMeasure({ baseline: null, periods: 0, change: null }, 1)).textContent).toBe('No history yet');
  });

  it("names the earlier periods by the board's period, one or more", async () => {
    await loadNamespaces(['scoreboard']);
    renderWithProviders(
      <KpiImprovementCell
        measure={{ baseline: 4, periods: 1, change: 5_000 }}
        value={6}
        baseline={String}
        lowerIsBetter={false}
        unit="day"
      />,
    );
    expect(await screen.findByText('Own average 4 over 1 earlier day with activity')).toBeInTheDocument();
  });

  it("says a rate's change in percentage points, one decimal, in each language", async () => {
    const rate = { baseline: 0.025, periods: 4, change: 1_083, changeIn: 'percentage_points' } as const;
    expect((await renderMeasure(rate, 0.133)).textContent).toMatch(/^\+10\.8 pp on own average/);
    await i18n.changeLanguage('nb');
    expect((await renderMeasure({ ...rate, change: -245 }, 0)).textContent).toMatch(/^−2,5 %-poeng mot eget snitt/);
  });

  it('in Norwegian', async () => {
    await i18n.changeLanguage('nb');
    await renderMeasure({ baseline: 0, periods: 3, change: null }, 2);
    expect(await screen.findByText('Opp fra et snitt på 0')).toBeInTheDocument();
  });
});

describe('the % of target measure', () => {
  afterEach(() => void i18n.changeLanguage('en'));

  it("names a week's target made of day targets with the day's, in each language", async () => {
    await loadNamespaces(['scoreboard']);
    const cell = (perDay?: number) =>
      renderWithProviders(<KpiTargetShareCell value={11} target={22} perDay={perDay} formatTarget={String} />).container.textContent;
    expect(cell(1)).toBe('50%Target 22 (1 a day)');
    await i18n.changeLanguage('da');
    expect(cell(1)).toMatch(/^50\s%Mål 22 \(1 om dagen\)$/);
    expect(cell()).toMatch(/^50\s%Mål 22$/);
  });
});

import type { WrapupToday } from '@core/contracts';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@web/i18n';
import { renderWithProviders } from '@web/test/render-with-providers';
import { TodayReportCard } from './today-report-card';

const today: WrapupToday = { date: '2026-11-23', saved: null, prefill: { calls: 10, meetings: 2, sales: 1, points: 30 } };

describe("Today's Report", () => {
  beforeEach(() => void i18n.changeLanguage('en'));

  it("names the report's own conversion and says, on focus, how it is computed", async () => {
    renderWithProviders(<TodayReportCard today={today} />);
    expect(screen.getByText('Conversion in this report')).toBeInTheDocument();
    screen.getByRole('button', { name: 'How is this computed?' }).focus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Meetings ÷ calls as written in this report');
  });

  it('speaks Norwegian', async () => {
    await i18n.changeLanguage('nb');
    renderWithProviders(<TodayReportCard today={today} />);
    expect(screen.getByText('Konvertering i rapporten')).toBeInTheDocument();
    screen.getByRole('button', { name: 'Hvordan regnes dette ut?' }).focus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Møter ÷ samtaler slik de står i denne rapporten');
  });
});

import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { computePercentChange } from '@core/stats';
import { i18n, loadNamespaces } from '@web/i18n';
import { renderWithProviders } from '@web/test/render-with-providers';
import { ChangeIndicator, computeChangeTone, formatChangeLabel } from './change-indicator';

describe('computeChangeTone', () => {
  it.each([
    ['+50%', 'up'],
    ['+100%', 'up'],
    ['new', 'up'],
    ['-20%', 'down'],
    ['0%', 'flat'],
    ['+0%', 'flat'],
  ])('%s is %s', (change, tone) => {
    expect(computeChangeTone(change)).toBe(tone);
  });
});

describe('ChangeIndicator', () => {
  afterEach(() => void i18n.changeLanguage('en'));

  it('says "New" for something there was none of yesterday, not a percentage', async () => {
    await loadNamespaces(['scoreboard']);
    renderWithProviders(<ChangeIndicator change={computePercentChange(4, 0)} yesterday="0" />);
    expect(await screen.findByText('New')).toBeInTheDocument();
    expect(screen.getByText('vs yesterday (0)')).toBeInTheDocument();
    expect(screen.queryByText(/%/)).toBeNull();
  });

  it('in Norwegian', async () => {
    await i18n.changeLanguage('nb');
    await loadNamespaces(['scoreboard']);
    renderWithProviders(<ChangeIndicator change={computePercentChange(4, 0)} yesterday="0" />);
    expect(await screen.findByText('Ny')).toBeInTheDocument();
  });

  it('shows a percentage when there was something yesterday', async () => {
    await loadNamespaces(['scoreboard']);
    renderWithProviders(<ChangeIndicator change={computePercentChange(6, 4)} yesterday="4" />);
    expect(await screen.findByText('+50%')).toBeInTheDocument();
  });

  it("writes the percentage as the reader's language does", async () => {
    await i18n.changeLanguage('nb');
    await loadNamespaces(['scoreboard']);
    renderWithProviders(<ChangeIndicator change={computePercentChange(2, 4)} yesterday="4" />);
    expect((await screen.findByText(/50/)).textContent).toBe('-50\u00a0%');
    expect(formatChangeLabel('+48%', 'nb')).toBe('+48\u00a0%');
    expect(formatChangeLabel('0%', 'nb')).toBe('0\u00a0%');
    // Large changes keep the API's digits, in English as before.
    expect(formatChangeLabel('+8300%', 'en')).toBe('+8300%');
    expect(formatChangeLabel('-20%', 'en')).toBe('-20%');
    expect(formatChangeLabel('new', 'en')).toBe('new');
  });
});

import { i18n } from '@web/i18n';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeTestStats } from '@web/test/fixtures';
import { renderWithProviders } from '@web/test/render-with-providers';
import { parseGoalInput } from './goals-form';
import { StatsCards } from './stats-cards';

const card = (name: string) => screen.getByRole('heading', { name, level: 3 }).closest('[data-slot="card"]') as HTMLElement;

describe('StatsCards', () => {
  beforeEach(() => void i18n.changeLanguage('en'));

  it('shows calls with the answered count, meetings, conversion answered to meeting, and sales with revenue', () => {
    renderWithProviders(<StatsCards stats={makeTestStats()} />);
    expect(card('Calls today')).toHaveTextContent('12');
    expect(card('Calls today')).toHaveTextContent('8 answered');
    expect(card('Meetings booked')).toHaveTextContent('from 8 answered calls');
    expect(card('Hit rate')).toHaveTextContent('25%');
    expect(card('Sales today')).toHaveTextContent('NOK 12,500 in sales');
  });

  it('says which conversion it is and, from the keyboard, how it is computed', async () => {
    const user = userEvent.setup();
    renderWithProviders(<StatsCards stats={makeTestStats()} />);
    await user.tab();
    const info = within(card('Hit rate')).getByRole('button', { name: 'How is this computed?' });
    while (document.activeElement !== info) await user.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Meetings booked ÷ answered calls.');
    expect(info).toHaveAccessibleDescription(/Meetings booked ÷ answered calls/);
  });

  it('counts one answered call in the singular ("av 1 besvarat"), more in the plural', async () => {
    await i18n.changeLanguage('sv');
    const { unmount } = renderWithProviders(<StatsCards stats={makeTestStats({ answered: 1, hitRate: 0 })} />);
    expect(screen.getByText('av 1 besvarat')).toBeInTheDocument();
    unmount();
    renderWithProviders(<StatsCards stats={makeTestStats()} />);
    expect(screen.getByText('av 8 besvarade')).toBeInTheDocument();
  });

  it('caps progress at 100 % and shows 0 % with no goal', () => {
    renderWithProviders(<StatsCards stats={makeTestStats()} />);
    expect(within(card('Calls today')).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(card('Calls today')).toHaveTextContent('Goal reached · 12/10');
    expect(within(card('Meetings booked')).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    expect(card('Meetings booked')).toHaveTextContent('2 of 4 · 50%');
    expect(within(card('Sales today')).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    expect(card('Sales today')).toHaveTextContent('No daily goal set');
  });

  it('formats money in the company currency and the Norwegian words for a Norwegian rep', async () => {
    await i18n.changeLanguage('nb');
    renderWithProviders(<StatsCards stats={makeTestStats()} />);
    expect(card('Salg i dag').textContent?.replace(/\s/g, ' ')).toContain('12 500 kr i salg');
    expect(card('Samtaler i dag')).toHaveTextContent('8 besvart');
    expect(card('Treffprosent')).toHaveTextContent('25');
  });
});

describe('parseGoalInput', () => {
  it.each([
    ['12', 12],
    [' 7 ', 7],
    ['', 0],
    ['abc', 0],
    ['2.5', 2.5],
    ['-3', -3],
  ])('%j becomes %d (unparsable is 0; the schema then rejects fractions and negatives)', (input, expected) => {
    expect(parseGoalInput(input)).toBe(expected);
  });
});

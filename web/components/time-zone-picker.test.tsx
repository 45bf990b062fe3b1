import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TimeZonePicker } from './time-zone-picker';

const labels = { search: 'Search time zones...', suggested: 'Suggested', all: 'All time zones', empty: 'No time zone matches.' };

function Harness() {
  const [zone, setZone] = useState('Europe/Oslo');
  return (
    <>
      <label htmlFor="tz">Time zone</label>
      <TimeZonePicker id="tz" value={zone} onChange={setZone} labels={labels} />
      <output>{zone}</output>
    </>
  );
}

// Some 420 zones rendered twice over in jsdom: slower than a real browser, so a longer budget.
describe('TimeZonePicker', { timeout: 30_000 }, () => {
  it('offers the five suggested zones first, then the full IANA list, and filters as you type', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const trigger = screen.getByRole('combobox', { name: 'Time zone' });
    expect(trigger).toHaveTextContent('Europe/Oslo');
    // Until first opened it is a stand-in; pressing it loads the picker and opens it.
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await user.click(trigger);

    const suggested = await screen.findByRole('group', { name: 'Suggested' });
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(suggested)
        .getAllByRole('option')
        .map((o) => o.textContent?.replace(/GMT.*$/, '')),
    ).toEqual(['Europe/Oslo', 'Europe/Stockholm', 'Europe/Copenhagen', 'Europe/London', 'UTC']);
    expect(within(screen.getByRole('group', { name: 'All time zones' })).getAllByRole('option').length).toBeGreaterThan(300);

    await user.click(screen.getByPlaceholderText('Search time zones...'));
    await user.paste('new york');
    const matches = screen.getAllByRole('option');
    expect(matches.some((o) => o.textContent?.startsWith('America/New York'))).toBe(true);
    await user.click(matches.find((o) => o.textContent?.startsWith('America/New York'))!);
    expect(screen.getByRole('status')).toHaveTextContent('America/New_York');
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveTextContent('America/New York');
  });

  it('opens from the keyboard as well', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    screen.getByRole('combobox', { name: 'Time zone' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('group', { name: 'Suggested' })).toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('combobox', { name: 'Time zone' }));
    await user.click(await screen.findByPlaceholderText('Search time zones...'));
    await user.paste('qqqq');
    expect(await screen.findByText('No time zone matches.', undefined, { timeout: 5_000 })).toBeInTheDocument();
  });
});

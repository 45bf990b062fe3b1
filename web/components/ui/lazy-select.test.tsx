import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { LazySelect } from './lazy-select';

const OPTIONS = [
  { value: 'points', label: 'Points' },
  { value: 'calls', label: 'Calls' },
  { value: 'meetings', label: 'Meetings' },
] as const;

function SortBy() {
  const [sort, setSort] = useState<(typeof OPTIONS)[number]['value']>('points');
  return (
    <>
      <span id="sort-label">Sort by</span>
      <LazySelect value={sort} onValueChange={setSort} options={OPTIONS} aria-labelledby="sort-label" />
      <p>Ranked by {sort}</p>
    </>
  );
}

describe('LazySelect (the select whose list loads when it first opens)', () => {
  it('shows the chosen option as a select does, opens on a click and chooses, then opens at once next time', async () => {
    const user = userEvent.setup();
    render(<SortBy />);
    const trigger = screen.getByRole('combobox', { name: 'Sort by' });
    expect(trigger).toHaveTextContent('Points');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');

    await user.click(trigger);
    await user.click(await screen.findByRole('option', { name: 'Calls' }));
    expect(screen.getByText('Ranked by calls')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveTextContent('Calls');

    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(screen.getByRole('option', { name: 'Meetings' }));
    expect(screen.getByText('Ranked by meetings')).toBeInTheDocument();
  });

  it('opens from the keyboard as well', async () => {
    const user = userEvent.setup();
    render(<SortBy />);
    await user.tab();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByText('Ranked by calls')).toBeInTheDocument();
  });
});

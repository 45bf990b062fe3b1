import { i18n } from '@web/i18n';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@web/test/render-with-providers';
import { OutcomeChoice } from './outcome-choice';

const points = { no_progress: 0, moved_forward: 1, meeting_booked: 5 } as never;

describe('OutcomeChoice', () => {
  beforeEach(() => void i18n.changeLanguage('en'));

  it("shows each outcome with what it is worth under the company's rules", () => {
    renderWithProviders(<OutcomeChoice value={null} onChange={() => {}} points={points} />);
    const group = screen.getByRole('group', { name: 'Outcome' });
    expect(group).toHaveTextContent('No progress');
    expect(screen.getByRole('radio', { name: /No progress.*0 pts/ })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: /Moved forward.*1 pt$/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Meeting booked.*5 pts/ })).toBeInTheDocument();
  });

  it('reports the chosen outcome and shows it checked', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    const { rerender } = renderWithProviders(<OutcomeChoice value={null} onChange={onChange} points={points} />);
    await user.click(screen.getByRole('radio', { name: /Meeting booked/ }));
    expect(onChange).toHaveBeenLastCalledWith('meeting_booked');
    rerender(<OutcomeChoice value="meeting_booked" onChange={onChange} points={points} />);
    expect(screen.getByRole('radio', { name: /Meeting booked/ })).toBeChecked();
  });

  it('follows a rule change: an admin who makes a booked meeting worth 8 sees 8 here', () => {
    renderWithProviders(
      <OutcomeChoice value={null} onChange={() => {}} points={{ no_progress: 0, moved_forward: 2, meeting_booked: 8 } as never} />,
    );
    expect(screen.getByRole('radio', { name: /Meeting booked.*8 pts/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Moved forward.*2 pts/ })).toBeInTheDocument();
  });
});

import type { Wrapup, WrapupToday } from '@core/contracts';
import { i18n } from '@web/i18n';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@web/test/render-with-providers';
import { computeFormValues } from './wrapup-form';
import { WrapupHistoryList } from './wrapup-history';

const wrapup = (date: string, good: string | null, improve: string | null): Wrapup => ({
  id: `w-${date}`,
  date,
  calls: 21,
  meetings: 1,
  sales: 2,
  points: 17,
  good,
  improve,
  createdAt: `${date}T15:00:00.000Z`,
  updatedAt: `${date}T15:00:00.000Z`,
});

describe('WrapupHistoryList', () => {
  beforeEach(() => void i18n.changeLanguage('en'));

  it('lists earlier days with their numbers and opens one to show its notes', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <WrapupHistoryList history={[wrapup('2026-11-20', 'Two demos booked', 'Start calling earlier'), wrapup('2026-11-19', null, null)]} />,
    );
    const list = screen.getByRole('list', { name: 'Previous summaries' });
    const [friday, thursday] = within(list).getAllByRole('button');
    expect(friday).toHaveTextContent('Friday 20 November');
    expect(friday).toHaveTextContent('21 calls1 meeting2 sales17 points');
    expect(friday).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Two demos booked')).not.toBeInTheDocument();

    await user.click(friday!);
    expect(friday).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Two demos booked')).toBeVisible();
    expect(screen.getByText('Start calling earlier')).toBeVisible();

    await user.click(thursday!);
    expect(screen.getByText('No notes were written this day.')).toBeVisible();
    await user.click(friday!);
    expect(screen.queryByText('Two demos booked')).not.toBeInTheDocument();
  });

  it('says so when there is nothing before today', () => {
    renderWithProviders(<WrapupHistoryList history={[]} />);
    expect(screen.getByText('No earlier wrap-ups yet')).toBeInTheDocument();
  });
});

describe('computeFormValues', () => {
  const prefill = { calls: 9, meetings: 2, sales: 1, points: 20 };

  it("prefills from today's activities while nothing is saved", () => {
    const today: WrapupToday = { date: '2026-11-23', saved: null, prefill };
    expect(computeFormValues(today)).toEqual({ ...prefill, good: '', improve: '' });
  });

  it('shows the saved wrap-up once there is one, even when the activities moved on', () => {
    const saved = { ...wrapup('2026-11-23', 'Good day', null), calls: 7 };
    expect(computeFormValues({ date: '2026-11-23', saved, prefill })).toEqual({
      calls: 7,
      meetings: 1,
      sales: 2,
      points: 17,
      good: 'Good day',
      improve: '',
    });
  });
});

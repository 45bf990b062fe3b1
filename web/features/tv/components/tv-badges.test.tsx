import '@web/i18n';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeTestLeaderboardRow } from '@web/test/fixtures';
import { TvScreen } from './tv-screen';

describe("the TV's rows and badges (decision 050)", () => {
  it('shows the recent badges beside the name of whoever earned them, named for screen readers', () => {
    const rows = [makeTestLeaderboardRow(1), makeTestLeaderboardRow(2)];
    const badges = [
      {
        userId: rows[1]!.userId,
        badges: [
          { kind: 'goal_streak' as const, count: 1, lastEarnedAt: '2026-11-25T09:00:00.000Z' },
          { kind: 'first_sale' as const, count: 1, lastEarnedAt: '2026-11-24T09:00:00.000Z' },
        ],
      },
    ];
    render(<TvScreen isPending={false} errorMessage={null} isStale={false} timeZone="Europe/Oslo" rows={rows} badges={badges} />);
    const [first, second] = screen.getAllByTestId('tv-row');
    expect(within(first!).queryByRole('list', { name: 'Badges' })).not.toBeInTheDocument();
    const list = within(second!).getByRole('list', { name: 'Badges' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['5-day streak', 'First sale']);
  });
});

import '@web/i18n';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeTestLeaderboardRow } from '@web/test/fixtures';
import { TvScreen } from './tv-screen';

describe('TvScreen', () => {
  const base = { isPending: false, errorMessage: null, isStale: false, timeZone: 'Europe/Oslo' };

  it('shows the loading, empty and error texts', () => {
    const { rerender } = render(<TvScreen {...base} rows={undefined} isPending />);
    expect(screen.getByText('Loading leaderboard...')).toBeInTheDocument();
    rerender(<TvScreen {...base} rows={[]} />);
    expect(screen.getByText('No activity to display yet today')).toBeInTheDocument();
    expect(screen.getByText('Start making calls to see the leaderboard!')).toBeInTheDocument();
    rerender(<TvScreen {...base} rows={undefined} errorMessage="Failed to load leaderboard data" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Error loading leaderboard: Failed to load leaderboard data');
  });

  it("shows the top 10 with 'points today', the fallback name and a Norwegian date", () => {
    const rows = Array.from({ length: 12 }, (_, i) =>
      makeTestLeaderboardRow(i + 1, i === 0 ? { displayName: null, userId: 'zyxwvutsrqpo' } : {}),
    );
    render(<TvScreen {...base} rows={rows} />);
    const list = screen.getByRole('list', { name: 'Team Leaderboard' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(within(list).getAllByText('points today')).toHaveLength(10);
    expect(within(list).getByText('User zyxwvuts')).toBeInTheDocument();
    const date = new Intl.DateTimeFormat('nb-NO', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Europe/Oslo',
    }).format(new Date());
    expect(screen.getByTestId('tv-date')).toHaveTextContent(date);
    expect(screen.getByRole('button', { name: 'Enter fullscreen' })).toHaveAttribute('aria-pressed', 'false');
  });
});

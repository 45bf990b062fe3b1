import '@web/i18n';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeTestLeaderboardRow } from '@web/test/fixtures';
import { TvScreen } from './tv-screen';

describe('TvScreen ranked fairly (decision 053)', () => {
  const base = { isPending: false, errorMessage: null, isStale: false, timeZone: 'Europe/Oslo' };

  it("names the ranking, shows each row's measure and states the tie rule under the board", () => {
    const rows = [
      makeTestLeaderboardRow(1, { displayName: 'Nina', improvement: { baseline: 5, periods: 1, change: 20_000 } }),
      makeTestLeaderboardRow(2, { displayName: 'Ada', improvement: { baseline: 30, periods: 2, change: -1_300 } }),
      makeTestLeaderboardRow(3, { displayName: 'Olav', improvement: { baseline: null, periods: 0, change: null } }),
    ];
    render(<TvScreen {...base} rows={rows} rankBy="improved" />);
    expect(screen.getByText(/Today · Most improved/)).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Team Leaderboard' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('+200% on own average');
    expect(items[1]).toHaveTextContent('−13% on own average');
    expect(items[2]).toHaveTextContent('No history yet');
    expect(screen.getByTestId('ranking-note')).toHaveTextContent(
      'Ties go to more points, then more calls, then more meetings, then name (A–Z).',
    );
  });

  it('by points shows no measure', () => {
    render(<TvScreen {...base} rows={[makeTestLeaderboardRow(1)]} />);
    expect(screen.queryByText(/of goal|own average/)).not.toBeInTheDocument();
  });
});

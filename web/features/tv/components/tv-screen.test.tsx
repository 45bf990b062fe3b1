import { i18n } from '@web/i18n';
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

  it('says calmly that it is reconnecting, in both languages, and keeps the board on the wall', async () => {
    const rows = [makeTestLeaderboardRow(1, { displayName: 'Ola Nordmann' })];
    const updatedAt = Date.parse('2026-11-25T09:42:00Z'); // 10:42 in Oslo
    const { rerender } = render(<TvScreen {...base} rows={rows} isReconnecting updatedAt={updatedAt} />);
    const notice = screen.getByTestId('tv-reconnecting');
    expect(notice).toHaveAttribute('role', 'status');
    expect(notice).toHaveTextContent('Reconnecting…');
    expect(notice).toHaveTextContent('Showing the numbers from 10:42');
    expect(screen.getByText('Ola Nordmann')).toBeInTheDocument();
    await i18n.changeLanguage('nb');
    rerender(<TvScreen {...base} rows={rows} isReconnecting updatedAt={updatedAt} />);
    expect(screen.getByTestId('tv-reconnecting')).toHaveTextContent('Kobler til igjen …');
    expect(screen.getByTestId('tv-reconnecting')).toHaveTextContent('Viser tallene fra 10:42');
    await i18n.changeLanguage('en');
    rerender(<TvScreen {...base} rows={rows} />);
    expect(screen.queryByTestId('tv-reconnecting')).not.toBeInTheDocument();
    expect(screen.getByTestId('tv-connection')).toHaveTextContent('Live · updates as activities are logged');
  });

  it('a Swedish wall speaks Swedish under a Swedish date; a Danish one Danish (decision 080)', async () => {
    const rows = [makeTestLeaderboardRow(1, { displayName: 'Anna Svensson' })];
    const dateIn = (locale: string) =>
      new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Oslo' }).format(
        new Date(),
      );
    try {
      await i18n.changeLanguage('sv');
      const { rerender } = render(<TvScreen {...base} rows={rows} />);
      expect(screen.getByTestId('tv-date')).toHaveTextContent(dateIn('sv-SE'));
      expect(screen.getByRole('list', { name: 'Teamets topplista' })).toBeInTheDocument();
      await i18n.changeLanguage('da');
      rerender(<TvScreen {...base} rows={rows} />);
      expect(screen.getByTestId('tv-date')).toHaveTextContent(dateIn('da-DK'));
      expect(dateIn('da-DK')).not.toBe(dateIn('nb-NO'));
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

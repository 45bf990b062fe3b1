import type { TeamList } from '@core/contracts';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LeaderboardTable } from '@web/components/scoreboard/leaderboard-table';
import { createCompanyFormat } from '@web/lib/format';
import { usePersonPageHref } from '@web/lib/people';
import { makeTestLeaderboardRow } from '@web/test/fixtures';
import { makeTestAdminMe, makeTestMe, renderWithProviders } from '@web/test/render-with-providers';
import { reply, stubFetch } from '@web/test/stub-fetch';

const format = createCompanyFormat('en', 'Europe/Oslo', 'NOK');
const person = (userId: string) => ({ userId, displayName: userId, avatarUrl: null });
// Rita (user-1, the signed-in rep of makeTestMe) leads Oslo, where Rep 2 is; Rep 3 is in Bergen.
const teams: TeamList = {
  teams: [
    { id: 'oslo', name: 'Oslo', members: [person('user-2-0123456789')], leads: [person('user-1')], createdAt: '2026-11-01T08:00:00Z' },
    { id: 'bergen', name: 'Bergen', members: [person('user-3-0123456789')], leads: [], createdAt: '2026-11-01T08:00:00Z' },
  ],
};
const rows = [
  makeTestLeaderboardRow(1, { userId: 'user-1', displayName: 'Rita Rep', isCurrentUser: true }),
  makeTestLeaderboardRow(2),
  makeTestLeaderboardRow(3),
];

function Board() {
  return <LeaderboardTable rows={rows} sort="points" format={format} personHref={usePersonPageHref()} />;
}

function renderBoard(me = makeTestMe()) {
  stubFetch({ 'GET /api/v1/me': reply(200, me), 'GET /api/v1/teams': reply(200, teams) });
  renderWithProviders(
    <MemoryRouter>
      <Board />
    </MemoryRouter>,
    { me },
  );
}

const rowOf = (name: string) => screen.getByText(name).closest('tr')!;

afterEach(() => vi.unstubAllGlobals());

describe('names on the boards lead to the pages the viewer may open', () => {
  it("a lead: their own and their team's people are links, a colleague in another team is plain text", async () => {
    renderBoard();
    expect(await within(rowOf('Rep 2')).findByRole('link', { name: 'Rep 2' })).toHaveAttribute('href', '/app/people/user-2-0123456789');
    expect(within(rowOf('Rita Rep')).getByRole('link', { name: 'Rita Rep' })).toHaveAttribute('href', '/app/people/user-1');
    expect(within(rowOf('Rep 3')).queryByRole('link')).not.toBeInTheDocument();
  });

  it('an admin: everyone is a link', async () => {
    renderBoard(makeTestAdminMe());
    expect(await within(rowOf('Rep 3')).findByRole('link', { name: 'Rep 3' })).toHaveAttribute('href', '/app/people/user-3-0123456789');
    expect(screen.getAllByRole('link')).toHaveLength(3);
  });
});

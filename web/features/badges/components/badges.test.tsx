import type { Badge } from '@core/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BadgeIcons } from '@web/components/badges/badge-icons';
import { LeaderboardTable } from '@web/components/scoreboard/leaderboard-table';
import { Toaster } from '@web/components/ui/toaster';
import { i18n } from '@web/i18n';
import { createCompanyFormat } from '@web/lib/format';
import { makeTestLeaderboardRow } from '@web/test/fixtures';
import { dismissAllToasts, findToast } from '@web/test/find-toast';
import { renderWithProviders } from '@web/test/render-with-providers';
import { reply, stubFetch } from '@web/test/stub-fetch';
import { BadgeSettingsCard } from './badge-settings-card';
import { BadgesCard } from './badges-card';

const badge = (over: Partial<Badge>): Badge => ({
  id: crypto.randomUUID(),
  userId: 'user-2',
  kind: 'first_sale',
  occasion: '',
  localDate: '2026-11-24',
  data: { sales: 1 },
  earnedAt: '2026-11-24T10:00:00.000Z',
  ...over,
});

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => dismissAllToasts());

describe("a rep's Badges card", () => {
  it('lists the badges newest first, each with what it was for and the day it was earned', async () => {
    stubFetch({
      'GET /api/v1/badges/members/user-2': reply(200, {
        badges: [
          badge({
            kind: 'goal_streak',
            occasion: '2026-11-16',
            data: { days: 5, from: '2026-11-16' },
            earnedAt: '2026-11-20T14:00:00.000Z',
          }),
          badge({ kind: 'first_sale', earnedAt: '2026-11-03T09:00:00.000Z' }),
        ],
      }),
    });
    renderWithProviders(<BadgesCard userId="user-2" isSelf={false} />);
    const tiles = await screen.findAllByTestId('badge-tile');
    expect(tiles.map((tile) => tile.getAttribute('data-badge'))).toEqual(['goal_streak', 'first_sale']);
    expect(within(tiles[0]!).getByText('5-day streak')).toBeInTheDocument();
    expect(within(tiles[0]!).getByText(/5 working days from/)).toBeInTheDocument();
    expect(within(tiles[1]!).getByText('Closed their first sale.')).toBeInTheDocument();
    expect(within(tiles[1]!).getByText(/Earned .*3/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Badges/ })).toBeInTheDocument();
  });

  it('says how to earn the first one, in Norwegian too', async () => {
    await i18n.changeLanguage('nb');
    stubFetch({ 'GET /api/v1/badges/members/user-2': reply(200, { badges: [] }) });
    renderWithProviders(<BadgesCard userId="user-2" isSelf />);
    expect(await screen.findByText('Ingen merker ennå')).toBeInTheDocument();
    expect(screen.getByText(/Registrer et salg/)).toBeInTheDocument();
  });
});

describe('badges in the leaderboard row', () => {
  it('draws each recent badge as an icon named for screen readers, with a count, and no more than three', () => {
    const rows = [makeTestLeaderboardRow(1), makeTestLeaderboardRow(2)];
    const badges = new Map([
      [
        rows[0]!.userId,
        [
          { kind: 'personal_best_day' as const, count: 2, lastEarnedAt: '2026-11-24T10:00:00.000Z' },
          { kind: 'first_sale' as const, count: 1, lastEarnedAt: '2026-11-23T10:00:00.000Z' },
        ],
      ],
    ]);
    renderWithProviders(
      <LeaderboardTable rows={rows} sort="points" format={createCompanyFormat('en', 'Europe/Oslo', 'NOK')} badges={badges} />,
    );
    const [first, second] = screen.getAllByTestId('leaderboard-row');
    const list = within(first!).getByRole('list', { name: 'Badges' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Personal best day ×2', 'First sale']);
    expect(within(second!).queryByRole('list', { name: 'Badges' })).not.toBeInTheDocument();

    const many = (['first_sale', 'tenth_sale', 'goal_streak', 'contest_winner'] as const).map((kind) => ({
      kind,
      count: 1,
      lastEarnedAt: '2026-11-24T10:00:00.000Z',
    }));
    renderWithProviders(<BadgeIcons badges={many} />);
    const items = within(screen.getAllByRole('list', { name: 'Badges' }).at(-1)!).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['First sale', '10th sale', '5-day streak', '+1Contest winner']);
  });
});

describe("the admins' badge switches", () => {
  it('switches a badge off with one flip (keyboard too), saves at once and says so', async () => {
    const calls = stubFetch({
      'PUT /api/v1/badges/settings/first_sale': reply(200, {
        badges: [
          { kind: 'first_sale', enabled: false },
          { kind: 'tenth_sale', enabled: true },
        ],
      }),
    });
    renderWithProviders(
      <>
        <BadgeSettingsCard />
        <Toaster />
      </>,
    );
    const toggle = await screen.findByRole('switch', { name: 'First sale' });
    expect(toggle).toBeChecked();
    expect(screen.getAllByRole('switch')).toHaveLength(7);
    toggle.focus();
    await userEvent.setup().keyboard(' ');
    await findToast('“First sale” is no longer awarded');
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ enabled: false });
    expect(screen.getByRole('switch', { name: 'First sale' })).not.toBeChecked();
  });

  it('speaks Norwegian', async () => {
    await i18n.changeLanguage('nb');
    stubFetch();
    renderWithProviders(<BadgeSettingsCard />);
    expect(await screen.findByRole('switch', { name: '5 dager på rad' })).toBeChecked();
    expect(screen.getByText('Merker')).toBeInTheDocument();
  });
});

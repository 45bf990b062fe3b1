import type { RecentActivity } from '@core/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTestMe, renderWithProviders } from '@web/test/render-with-providers';
import { reply, stubFetch } from '@web/test/stub-fetch';
import { AuthProvider } from '@web/lib/auth/auth-provider';
import { TeamFeedCard } from './team-feed-card';

/* "Team today" names the company's own types as the company named them (decision 100). */

const activity = (over: Partial<RecentActivity>): RecentActivity => ({
  id: crypto.randomUUID(),
  userId: 'user-2',
  displayName: 'Ola Rep',
  formerMember: false,
  type: 'custom',
  meetingBooked: false,
  movedForward: false,
  customerName: null,
  points: 10,
  bonusPoints: 0,
  ticketSize: null,
  productName: null,
  amount: null,
  notes: null,
  ownType: null,
  createdAt: '2026-12-06T09:00:00.000Z',
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

describe('Team today', () => {
  it("names an own type and its outcome, never 'Activity of your own type'", async () => {
    stubFetch({
      'GET /api/v1/me': reply(200, makeTestMe()),
      'GET /api/v1/scoreboard/recent-activities': reply(200, {
        activities: [
          activity({
            ownType: {
              names: { en: 'Signed contract', nb: 'Signert kontrakt' },
              icon: 'star',
              colour: 'amber',
              outcomeNames: null,
              celebratesEvery: false,
            },
          }),
          activity({
            ownType: { names: { en: 'Door knock' }, icon: 'star', colour: 'blue', outcomeNames: { en: 'Talked' }, celebratesEvery: false },
            customerName: 'Fjord Fisk AS',
          }),
          activity({
            ownType: { names: { en: 'Upsell' }, icon: 'star', colour: 'amber', outcomeNames: null, celebratesEvery: false },
            amount: 1_250_000,
          }),
          activity({ type: 'call_answered', movedForward: true, ownType: null }),
        ],
      }),
    });
    renderWithProviders(
      <AuthProvider>
        <TeamFeedCard />
      </AuthProvider>,
      { me: makeTestMe() },
    );
    const items = await screen.findAllByTestId('team-feed-item');
    expect(within(items[0]!).getByText('Signed contract')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Door knock · Talked')).toBeInTheDocument();
    // An own type's amount as a sale's, and an answered call's outcome.
    expect(within(items[2]!).getByText('Upsell · NOK 12,500')).toBeInTheDocument();
    expect(within(items[3]!).getByText('Answered call · Moved forward')).toBeInTheDocument();
    expect(screen.queryByText('Activity of your own type')).toBeNull();
  });

  it('cuts a long customer name at 60 characters, its whole name on hover', async () => {
    const customerName = `Norrsken ${'Försäljning '.repeat(16)}AB`.slice(0, 200);
    stubFetch({
      'GET /api/v1/me': reply(200, makeTestMe()),
      'GET /api/v1/scoreboard/recent-activities': reply(200, { activities: [activity({ type: 'sale', customerName })] }),
    });
    renderWithProviders(
      <AuthProvider>
        <TeamFeedCard />
      </AuthProvider>,
      { me: makeTestMe() },
    );
    const [item] = await screen.findAllByTestId('team-feed-item');
    expect(within(item!).getByTitle(customerName)).toHaveTextContent(`${customerName.slice(0, 60)}…`);
  });
});

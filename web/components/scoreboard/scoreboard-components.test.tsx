import '@web/i18n';
import type { FeedEventView, FeedItem, FeedReaction, RecentActivity } from '@core/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ActivityIcon } from '@web/components/activity-icon';
import { createCompanyFormat } from '@web/lib/format';
import { makeTestActivityType, makeTestLeaderboardRow } from '@web/test/fixtures';
import { renderWithProviders } from '@web/test/render-with-providers';
import { reply, stubFetch } from '@web/test/stub-fetch';
import { i18n } from '@web/i18n';
import { ActivityFeed } from './activity-feed';
import { LeaderboardTable } from './leaderboard-table';

const format = createCompanyFormat('en', 'Europe/Oslo', 'NOK');

function makeActivity(overrides: Partial<RecentActivity> = {}): RecentActivity {
  return {
    id: 'a1',
    userId: 'u1',
    displayName: 'Kari Nordmann',
    formerMember: false,
    type: 'call_answered',
    meetingBooked: false,
    movedForward: false,
    customerName: null,
    points: 0,
    bonusPoints: 0,
    ticketSize: null,
    productName: null,
    amount: null,
    notes: null,
    ownType: null,
    createdAt: '2026-11-16T13:05:00Z',
    ...overrides,
  };
}

describe('LeaderboardTable', () => {
  it("gives the top 3 rank badges, marks the viewer 'that's you', and shows the answered/unanswered split", () => {
    const rows = [1, 2, 3, 4].map((rank) => makeTestLeaderboardRow(rank, { isCurrentUser: rank === 2 }));
    renderWithProviders(<LeaderboardTable rows={rows} sort="points" format={format} />);
    const bodyRows = screen.getAllByRole('row').slice(1);
    expect(bodyRows).toHaveLength(4);
    for (const rank of [1, 2, 3]) expect(within(bodyRows[rank - 1]!).getByText(`Rank ${rank}`)).toBeInTheDocument();
    expect(within(bodyRows[3]!).queryByText('Rank 4')).not.toBeInTheDocument();
    expect(within(bodyRows[1]!).getByText("that's you")).toBeInTheDocument();
    expect(bodyRows[1]).toHaveAttribute('aria-current', 'true');
    expect(within(bodyRows[0]!).getByText('5 answered, 4 unanswered')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Points' })).toHaveAttribute('aria-sort', 'descending');
  });

  it('says which conversion the board shows and how it is computed, in the header above it', async () => {
    renderWithProviders(<LeaderboardTable rows={[makeTestLeaderboardRow(1)]} sort="points" format={format} />);
    // Below 1536 px the conversion sits under each name; the Member header names it.
    const member = screen.getByRole('columnheader', { name: /Member/ });
    expect(member).toHaveTextContent('Conversion');
    within(member).getByRole('button', { name: 'How is this computed?' }).focus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Meetings booked ÷ all calls, answered or not, in the period.');
    expect(
      within(screen.getByRole('columnheader', { name: /^Conversion/ })).getByRole('button', { name: 'How is this computed?' }),
    ).toBeInTheDocument();
  });

  it("falls back to 'User' and the first 8 characters of the id", () => {
    renderWithProviders(
      <LeaderboardTable
        rows={[makeTestLeaderboardRow(1, { displayName: null, userId: 'abcdefghijklmnop' })]}
        sort="calls"
        format={format}
      />,
    );
    expect(screen.getByText('User abcdefgh')).toBeInTheDocument();
  });
});

const asItems = (activities: RecentActivity[], reactions: FeedReaction[] = []): FeedItem[] =>
  activities.map((activity) => ({ type: 'activity', id: activity.id, createdAt: activity.createdAt, activity, reactions }));

function makeEvent(overrides: Partial<FeedEventView> = {}): FeedItem {
  const event: FeedEventView = {
    id: 'e1',
    kind: 'goal.reached',
    userId: 'u1',
    displayName: 'Kari Nordmann',
    formerMember: false,
    teamId: null,
    teamName: null,
    subjectId: null,
    data: {},
    createdAt: '2026-11-16T13:05:00.000Z',
    ...overrides,
  };
  return { type: 'event', id: event.id, createdAt: event.createdAt, event, reactions: [] };
}

describe('ActivityFeed', () => {
  it('shows who did what with which customer, a sparkle on a booked meeting, points, time and notes cut at 50', () => {
    const notes = 'x'.repeat(60);
    renderWithProviders(
      <ActivityFeed
        today="2026-11-16"
        format={format}
        items={asItems([makeActivity({ meetingBooked: true, customerName: 'Equinor', points: 5, notes })])}
      />,
    );
    const item = screen.getByRole('listitem');
    expect(item).toHaveTextContent('Kari Nordmann booked a meeting with Equinor');
    expect(within(item).getByRole('img', { name: 'Meeting booked' })).toBeInTheDocument();
    expect(within(item).getByText('+5 pts')).toBeInTheDocument();
    expect(within(item).getByText('14:05')).toBeInTheDocument();
    expect(within(item).getByText(`“${'x'.repeat(50)}…”`)).toBeInTheDocument();
  });

  it.each([
    ['nb', 'Kari Nordmann tok en sak et steg videre med Equinor'],
    ['da', 'Kari Nordmann rykkede en sag et skridt videre med Equinor'],
    ['sv', 'Kari Nordmann tog en affär vidare med Equinor'],
  ])('says a call that moved a deal forward with a customer in %s without saying "with" twice', async (language, line) => {
    await i18n.changeLanguage(language);
    try {
      renderWithProviders(
        <ActivityFeed
          today="2026-11-16"
          format={format}
          items={asItems([makeActivity({ movedForward: true, customerName: 'Equinor' })])}
        />,
      );
      expect(screen.getByRole('listitem')).toHaveTextContent(line);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('quotes a note with the language’s own marks: »…« in Danish, «…» in Norwegian', async () => {
    try {
      for (const [language, quoted] of [
        ['da', '»Ring igen fredag«'],
        ['nb', '«Ring igen fredag»'],
      ] as const) {
        await i18n.changeLanguage(language);
        const { unmount } = renderWithProviders(
          <ActivityFeed today="2026-11-16" format={format} items={asItems([makeActivity({ notes: 'Ring igen fredag' })])} />,
        );
        expect(screen.getByText(quoted)).toBeInTheDocument();
        unmount();
      }
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('cuts a long customer name at 60 characters, its whole name on hover', () => {
    const customerName = `Norrsken ${'Försäljning '.repeat(16)}AB`.slice(0, 200);
    renderWithProviders(<ActivityFeed today="2026-11-16" format={format} items={asItems([makeActivity({ customerName })])} />);
    const name = within(screen.getByRole('listitem')).getByTitle(customerName);
    expect(name).toHaveTextContent(`${customerName.slice(0, 60)}…`);
  });

  it('names one of the company’s own types as the company named it, with its outcome and its own daily bonus', async () => {
    const ownType = {
      names: { en: 'Site visit', nb: 'Befaring' },
      icon: 'car' as const,
      colour: 'amber' as const,
      outcomeNames: { en: 'Offer sent', nb: 'Tilbud sendt' },
      celebratesEvery: false,
    };
    const items = asItems([makeActivity({ type: 'custom', ownType, points: 18, bonusPoints: 10, customerName: 'Equinor' })]);
    const { unmount } = renderWithProviders(<ActivityFeed today="2026-11-16" format={format} items={items} />);
    expect(screen.getByRole('listitem')).toHaveTextContent('Kari Nordmann logged site visit: offer sent with Equinor');
    expect(screen.getByText('daily bonus +10')).toBeInTheDocument();
    unmount();
    await i18n.changeLanguage('nb');
    renderWithProviders(<ActivityFeed today="2026-11-16" format={format} items={items} />);
    expect(screen.getByRole('listitem')).toHaveTextContent('Kari Nordmann registrerte befaring: tilbud sendt');
    await i18n.changeLanguage('en');
  });

  it('names a built-in kind the company renamed by its name and outcome, with the kind’s own icon (decision 116)', () => {
    const ownType = {
      names: { en: 'Dial' },
      icon: 'phone' as const,
      colour: 'blue' as const,
      outcomeNames: { en: 'Meeting booked' },
      celebratesEvery: false,
    };
    renderWithProviders(
      <ActivityFeed
        today="2026-11-16"
        format={format}
        items={asItems([makeActivity({ type: 'call_answered', meetingBooked: true, ownType, bonusPoints: 5 })])}
      />,
    );
    const item = screen.getByRole('listitem');
    expect(item).toHaveTextContent('Kari Nordmann logged dial: meeting booked');
    // Still a call: its bonus is the calls' rule, and it wears the answered call's icon, not the row's.
    expect(within(item).getByText('daily call bonus +5')).toBeInTheDocument();
    expect(item.querySelector('svg.lucide-phone-incoming')).not.toBeNull();
  });

  it('keeps an acronym in an own type’s name as it is written', () => {
    const ownType = {
      names: { en: 'CRM demo' },
      icon: 'car' as const,
      colour: 'amber' as const,
      outcomeNames: { en: 'NDA signed' },
      celebratesEvery: false,
    };
    renderWithProviders(<ActivityFeed today="2026-11-16" format={format} items={asItems([makeActivity({ type: 'custom', ownType })])} />);
    expect(screen.getByRole('listitem')).toHaveTextContent('Kari Nordmann logged CRM demo: NDA signed');
  });

  it('says why the 20th call earned its points: the daily bonus', () => {
    renderWithProviders(
      <ActivityFeed
        today="2026-11-16"
        format={format}
        items={asItems([makeActivity({ type: 'call_unanswered', points: 5, bonusPoints: 5 })])}
      />,
    );
    const item = screen.getByRole('listitem');
    expect(item).toHaveTextContent('Kari Nordmann called, no answer');
    expect(within(item).getByText('+5 pts')).toBeInTheDocument();
    expect(within(item).getByText('daily call bonus +5')).toBeInTheDocument();
  });

  it('says a meeting’s daily bonus as the day’s bonus, not the calls’ (decision 115)', () => {
    renderWithProviders(
      <ActivityFeed today="2026-11-16" format={format} items={asItems([makeActivity({ type: 'meeting', points: 13, bonusPoints: 10 })])} />,
    );
    const item = screen.getByRole('listitem');
    expect(within(item).getByText('daily bonus +10')).toBeInTheDocument();
    expect(within(item).queryByText('daily call bonus +10')).toBeNull();
  });

  it('shows a run of unanswered calls by one person as one line, which opens to show each', async () => {
    const calls = Array.from({ length: 15 }, (_, i) =>
      makeActivity({
        id: `c${i}`,
        type: 'call_unanswered',
        createdAt: new Date(Date.parse('2026-11-16T13:30:00Z') - i * 120_000).toISOString(),
      }),
    );
    const other = makeActivity({ id: 'o1', userId: 'u2', displayName: 'Ola Hansen', type: 'call_unanswered' });
    const sale = makeActivity({ id: 's1', type: 'sale', points: 10, ticketSize: 100_000 });
    const user = userEvent.setup();
    renderWithProviders(
      <ActivityFeed today="2026-11-16" format={format} items={asItems([...calls.slice(0, 10), other, ...calls.slice(10), sale])} />,
    );
    const lines = screen.getAllByRole('listitem');
    // Ten in a row are one line; Ola's call breaks the run; the five after are another; the sale its own.
    expect(lines.map((line) => line.textContent)).toEqual([
      expect.stringContaining('Kari Nordmann called 10 times, no answer'),
      expect.stringContaining('Ola Hansen called, no answer'),
      expect.stringContaining('Kari Nordmann called 5 times, no answer'),
      expect.stringContaining('Kari Nordmann closed a sale'),
    ]);
    expect(lines[0]).toHaveTextContent('14:12 to 14:30');
    await user.click(within(lines[0]!).getByRole('button', { name: 'Show all 10' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(14);
    await user.click(screen.getByRole('button', { name: 'Show as one line' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
  });

  it('keeps two unanswered calls in a row, and one with a customer, notes or reactions, as lines of their own', () => {
    const items = asItems([
      makeActivity({ id: 'a', type: 'call_unanswered' }),
      makeActivity({ id: 'b', type: 'call_unanswered' }),
      makeActivity({ id: 'c', type: 'sale', points: 10, ticketSize: 1 }),
      makeActivity({ id: 'd', type: 'call_unanswered', customerName: 'Equinor' }),
      makeActivity({ id: 'e', type: 'call_unanswered', notes: 'Try again Monday' }),
      makeActivity({ id: 'f', type: 'call_unanswered' }),
    ]);
    renderWithProviders(<ActivityFeed today="2026-11-16" format={format} items={items} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(6);
  });

  it('shows an own type’s amount as a sale’s value', () => {
    const ownType = {
      names: { en: 'Upsell' },
      icon: 'star' as const,
      colour: 'amber' as const,
      outcomeNames: null,
      celebratesEvery: false,
    };
    renderWithProviders(
      <ActivityFeed today="2026-11-16" format={format} items={asItems([makeActivity({ type: 'custom', ownType, amount: 1_250_000 })])} />,
    );
    expect(screen.getByRole('listitem')).toHaveTextContent('Kari Nordmann logged upsell');
    expect(screen.getByRole('listitem')).toHaveTextContent('NOK 12,500');
  });

  it('shows a sale with its value and no sparkle', () => {
    renderWithProviders(
      <ActivityFeed
        today="2026-11-16"
        format={format}
        items={asItems([makeActivity({ type: 'sale', points: 10, ticketSize: 4_500_000, amount: 4_500_000, productName: 'Pro' })])}
      />,
    );
    expect(screen.getByRole('listitem')).toHaveTextContent('Kari Nordmann closed a sale');
    expect(screen.getByText(/45,000/)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Meeting booked' })).not.toBeInTheDocument();
  });

  it("draws each activity with its type's badge from the app's one map (decision 032): a sale is a banknote in amber", () => {
    renderWithProviders(<ActivityFeed today="2026-11-16" format={format} items={asItems([makeActivity({ type: 'sale', points: 10 })])} />);
    const { container } = render(<ActivityIcon type="sale" />);
    const badge = screen.getByRole('listitem').querySelector('[aria-hidden] > svg')!.parentElement!;
    expect(badge).toHaveClass('bg-warning-soft', 'text-warning-strong');
    expect(badge.innerHTML).toBe(container.firstElementChild!.innerHTML);
  });

  it('names a person whose data was erased a former member, whatever name is left (decision 022)', () => {
    renderWithProviders(
      <ActivityFeed
        today="2026-11-16"
        format={format}
        items={asItems([makeActivity({ type: 'sale', displayName: null, formerMember: true })])}
      />,
    );
    expect(screen.getByRole('listitem')).toHaveTextContent('Former member closed a sale');
  });

  it("words the floor's news among the activities, richer when the event carries its documented data", () => {
    renderWithProviders(
      <ActivityFeed
        today="2026-11-16"
        format={format}
        items={[
          makeEvent({ id: 'g', data: { goal: 'sales', target: 3 } }),
          makeEvent({ id: 'b', kind: 'badge.earned', data: { badge: 'first_sale' } }),
          makeEvent({ id: 'r', kind: 'record.broken' }),
          makeEvent({ id: 'c', kind: 'contest.started', userId: null, displayName: null, data: { name: 'Call blitz' } }),
          makeEvent({ id: 'w', kind: 'contest.finished', userId: null, displayName: null, teamName: 'Oslo' }),
        ]}
      />,
    );
    expect(screen.getAllByRole('listitem').map((item) => item.querySelector('p')!.textContent)).toEqual([
      'Kari Nordmann reached the daily goal of 3 sales',
      'Kari Nordmann earned the badge “First sale”',
      'Kari Nordmann broke a record',
      'The contest “Call blitz” started',
      'Oslo won a contest',
    ]);
  });

  it("names a goal reached on one of the company's own types by the type, once the types are read (decision 106)", async () => {
    const typeId = '6f1c2a3b-0000-4000-8000-000000000001';
    stubFetch({
      'GET /api/v1/activity-types': reply(200, {
        types: [makeTestActivityType({ id: typeId, names: { en: 'Dial', nb: 'Oppringning' } })],
        myUse: {},
      }),
    });
    try {
      renderWithProviders(
        <ActivityFeed
          today="2026-11-16"
          format={format}
          items={[
            makeEvent({ id: 'g', data: { goal: 'type', typeId, target: 50 } }),
            makeEvent({ id: 'x', data: { goal: 'type', typeId: 'a-type-deleted-since', target: 5 } }),
          ]}
        />,
      );
      const lines = () => screen.getAllByRole('listitem').map((item) => item.querySelector('p')!.textContent);
      await vi.waitFor(() => expect(lines()[0]).toBe('Kari Nordmann reached the daily goal of 50 on dial'));
      expect(lines()[1]).toBe('Kari Nordmann reached a daily goal');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("shows each reaction with its count, pressed when it is the viewer's, and names who reacted for screen readers", () => {
    const people = [
      { userId: 'u2', displayName: 'Ola', formerMember: false },
      { userId: 'u3', displayName: null, formerMember: true },
    ];
    renderWithProviders(
      <ActivityFeed
        today="2026-11-16"
        format={format}
        items={asItems([makeActivity({ type: 'sale' })], [{ emoji: '👏', count: 2, reactedByMe: true, people }])}
      />,
    );
    const chip = screen.getByRole('button', { name: 'Applause (2): Ola, Former member' });
    expect(chip).toHaveAttribute('aria-pressed', 'true');
    expect(chip).toHaveTextContent('👏2');
    expect(screen.getByRole('button', { name: 'Add a reaction' })).toBeInTheDocument();
  });
});

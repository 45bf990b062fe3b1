import type { CoachingNotes, CoachingPerson, CoachingWrapup, CoachingWrapupItem, CoachingWrapupList } from '@core/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Toaster } from '@web/components/ui/toaster';
import { i18n } from '@web/i18n';
import { makeTestAdminMe, renderWithProviders } from '@web/test/render-with-providers';
import { reply, stubFetch } from '@web/test/stub-fetch';
import { Component as CoachingPage } from './coaching-page';
import { Component as CoachingWrapupPage } from './coaching-wrapup-page';

const TODAY = '2026-11-24';
const ola: CoachingPerson = { userId: 'user-ola', displayName: 'Ola Oslo', avatarUrl: null, formerMember: false };
const oda: CoachingPerson = { userId: 'user-oda', displayName: 'Oda Oslo', avatarUrl: null, formerMember: false };

const item = (over: Partial<CoachingWrapupItem>): CoachingWrapupItem => ({
  id: 'w-1',
  date: TODAY,
  member: ola,
  typed: { calls: 9, meetings: 1, sales: 0, points: 5 },
  logged: { calls: 9, meetings: 1, sales: 0, points: 5 },
  good: 'Good openers',
  improve: null,
  unread: false,
  commentCount: 0,
  updatedAt: `${TODAY}T15:00:00Z`,
  ...over,
});

const list: CoachingWrapupList = {
  items: [
    item({ id: 'w-oda', member: oda, unread: true, typed: { calls: 12, meetings: 1, sales: 0, points: 5 } }),
    item({ id: 'w-ola', commentCount: 2 }),
  ],
  unreadCount: 1,
  people: [oda, ola],
};

const notes: CoachingNotes = {
  member: ola,
  notes: [],
  followUps: [
    {
      id: 'n-1',
      kind: 'follow_up',
      body: 'Role-play pricing',
      author: { userId: 'admin', displayName: 'Ada Admin', avatarUrl: null, formerMember: false },
      createdAt: `${TODAY}T09:00:00Z`,
      doneAt: null,
    },
  ],
};

function renderAt(path: string, answers: Parameters<typeof stubFetch>[0] = {}) {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${TODAY}T16:00:00Z`) });
  const calls = stubFetch({
    'GET /api/v1/me': reply(200, makeTestAdminMe()),
    'GET /api/v1/coaching/wrapups': reply(200, list),
    'GET /api/v1/coaching/members/user-ola/notes': reply(200, notes),
    ...answers,
  });
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/app/coaching" element={<CoachingPage />} />
        <Route path="/app/coaching/wrapups/:wrapupId" element={<CoachingWrapupPage />} />
      </Routes>
      <Toaster />
    </MemoryRouter>,
    { me: makeTestAdminMe() },
  );
  return { calls, user: userEvent.setup() };
}

afterEach(async () => {
  vi.useRealTimers();
  await i18n.changeLanguage('en');
});

describe('Coaching', () => {
  it("lists the day's wrap-ups unread first, marks the one that differs from the log, and counts the unread", async () => {
    const { calls } = renderAt('/app/coaching');
    const links = await screen.findAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/app/coaching/wrapups/w-oda', '/app/coaching/wrapups/w-ola']);
    expect(within(links[0]!).getByText('Unread')).toBeInTheDocument();
    expect(within(links[0]!).getByText('Differs from log')).toBeInTheDocument();
    expect(within(links[1]!).queryByText('Differs from log')).not.toBeInTheDocument();
    expect(within(links[1]!).getByText('2 comments')).toBeInTheDocument();
    expect(screen.getByText('1 unread')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/v1/coaching/wrapups')?.search).toBe(`?date=${TODAY}`);
  });

  it('filtered to one person, lists their wrap-ups and their private 1:1 notes; a follow-up is checked off', async () => {
    const { calls, user } = renderAt('/app/coaching?member=user-ola', {
      'PATCH /api/v1/coaching/notes/n-1': reply(200, { ...notes, followUps: [{ ...notes.followUps[0]!, doneAt: `${TODAY}T16:00:00Z` }] }),
    });
    expect(await screen.findByRole('heading', { name: '1:1 notes: Ola Oslo' })).toBeInTheDocument();
    expect(screen.getByText('Private: only team leads and admins see these, never Ola Oslo.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/v1/coaching/wrapups')?.search).toBe('?memberId=user-ola');
    await user.click(screen.getByRole('checkbox', { name: 'Role-play pricing' }));
    expect(await screen.findByRole('checkbox', { name: 'Role-play pricing' })).toBeChecked();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ done: true });
  });

  it('tells a rep who leads no team that coaching is not theirs', async () => {
    renderAt('/app/coaching', {
      'GET /api/v1/coaching/wrapups': reply(403, { error: { code: 'forbidden', message: 'Coaching is for team leads and admins.' } }),
    });
    expect(await screen.findByText('Coaching is for team leads and admins')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('speaks Norwegian', async () => {
    await i18n.changeLanguage('nb');
    renderAt('/app/coaching');
    expect(await screen.findByText('1 ulest')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Per dag' })).toBeInTheDocument();
    expect(screen.getAllByText('Avviker fra loggen')).toHaveLength(1);
  });
});

describe('reading one wrap-up', () => {
  const wrapup: CoachingWrapup = {
    ...item({ id: 'w-oda', member: oda, unread: true, typed: { calls: 12, meetings: 1, sales: 0, points: 5 } }),
    comments: [],
    isAuthor: false,
  };

  it('shows typed beside logged, marks it read, and sends a comment', async () => {
    let current = wrapup;
    const { calls, user } = renderAt('/app/coaching/wrapups/w-oda', {
      'GET /api/v1/coaching/wrapups/w-oda': () => reply(200, current),
      'GET /api/v1/coaching/members/user-oda/notes': reply(200, { ...notes, member: oda, followUps: [] }),
      'POST /api/v1/coaching/wrapups/w-oda/comments': (call) => {
        const body = (call.body as { body: string }).body;
        current = { ...wrapup, unread: false, comments: [{ id: 'c-1', author: ola, body, createdAt: `${TODAY}T16:00:00Z`, mine: true }] };
        return reply(201, current);
      },
    });
    const comparison = await screen.findByRole('region', { name: 'The report differs from the log' });
    expect(within(comparison).getByRole('row', { name: 'Calls 12 9' })).toBeInTheDocument();
    expect(within(comparison).getByRole('columnheader', { name: 'Typed' })).toBeInTheDocument();
    expect(within(comparison).getByRole('columnheader', { name: 'The log has' })).toBeInTheDocument();
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/v1/coaching/wrapups/w-oda/read')).toBe(true));

    await user.type(screen.getByLabelText('Comment to Oda Oslo'), 'You typed 12 calls; the log has 9.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('You typed 12 calls; the log has 9.')).toBeInTheDocument();
    expect(screen.getByLabelText('Comment to Oda Oslo')).toHaveValue('');
  });

  it('is a "not yours" page for a wrap-up outside your people', async () => {
    renderAt('/app/coaching/wrapups/w-x', {
      'GET /api/v1/coaching/wrapups/w-x': reply(404, { error: { code: 'not_found', message: 'No such wrap-up among your people.' } }),
    });
    expect(await screen.findByText('This wrap-up is not one you can read')).toBeInTheDocument();
  });
});

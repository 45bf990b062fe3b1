import type { MyWrapupThreads as Threads } from '@core/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { i18n } from '@web/i18n';
import { renderWithProviders } from '@web/test/render-with-providers';
import { reply, stubFetch } from '@web/test/stub-fetch';
import { MyWrapupThreads } from './my-wrapup-threads';

const lead = { userId: 'user-lea', displayName: 'Lea Lead', avatarUrl: null, formerMember: false };

function renderThreads(threads: Threads['threads']) {
  let current = threads;
  const calls = stubFetch({
    'GET /api/v1/coaching/my-threads': () => reply(200, { threads: current }),
    'POST /api/v1/coaching/wrapups/w-1/read': () => {
      current = current.map((thread) => ({ ...thread, unread: false }));
      return reply(200, { ok: true });
    },
    'POST /api/v1/coaching/wrapups/w-1/comments': (call) => {
      const body = (call.body as { body: string }).body;
      current = current.map((thread) => ({
        ...thread,
        comments: [...thread.comments, { id: 'c-2', author: lead, body, createdAt: '2026-11-24T09:00:00Z', mine: true }],
      }));
      return reply(201, {});
    },
  });
  renderWithProviders(
    <MemoryRouter>
      <MyWrapupThreads />
    </MemoryRouter>,
  );
  return { calls, user: userEvent.setup() };
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe("the rep's comments from their lead", () => {
  it('shows a new comment, marks it read, and sends the answer', async () => {
    const { calls, user } = renderThreads([
      {
        wrapupId: 'w-1',
        date: '2026-11-23',
        unread: true,
        comments: [{ id: 'c-1', author: lead, body: 'You typed 12 calls; the log has 9.', createdAt: '2026-11-24T08:00:00Z', mine: false }],
      },
    ]);
    expect(await screen.findByText('You typed 12 calls; the log has 9.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Comments from your lead' })).toBeInTheDocument();
    expect(screen.getByText('New')).toBeInTheDocument();
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/api/v1/coaching/wrapups/w-1/read')).toBe(true));
    await user.type(screen.getByLabelText('Your answer'), 'Three were from my mobile.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Three were from my mobile.')).toBeInTheDocument();
  });

  it('shows nothing before a lead has written', async () => {
    const { calls } = renderThreads([]);
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/api/v1/coaching/my-threads')).toBe(true));
    expect(screen.queryByRole('heading', { name: 'Comments from your lead' })).not.toBeInTheDocument();
  });
});

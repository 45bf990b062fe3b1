import type { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@web/components/ui/toaster';
import { i18n } from '@web/i18n';
import { AuthProvider } from '@web/lib/auth/auth-provider';
import { queryKeys } from '@web/lib/query-keys';
import { dismissAllToasts, findToast } from '@web/test/find-toast';
import { makeTestAdminMe, makeTestMe, makeTestMember, renderWithProviders } from '@web/test/render-with-providers';
import { reply, stubFetch } from '@web/test/stub-fetch';
import { MembersCard } from './members-card';

const adminMe = makeTestAdminMe();

function renderAsAdmin(ui: ReactElement, seed: (client: QueryClient) => void) {
  return renderWithProviders(
    <MemoryRouter>
      <AuthProvider>
        {ui}
        <Toaster />
      </AuthProvider>
    </MemoryRouter>,
    { me: adminMe, seed },
  );
}

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  dismissAllToasts();
  vi.unstubAllGlobals();
});

describe('MembersCard', () => {
  it('says why the only admin cannot lose the role, and asks before Make Admin', async () => {
    const kasperAsAdmin = makeTestMember({ id: 'p2', userId: 'user-2', displayName: null, email: 'kasper@example.com', role: 'admin' });
    const calls = stubFetch({
      'PATCH /api/v1/team/members/user-2/role': reply(200, kasperAsAdmin),
      'GET /api/v1/team/members': reply(200, { members: [makeTestMember(), kasperAsAdmin] }),
      'GET /api/v1/me': reply(200, adminMe),
    });
    const user = userEvent.setup();
    renderAsAdmin(<MembersCard canRemove />, (client) =>
      client.setQueryData(queryKeys.company.members, {
        members: [
          makeTestMember(),
          makeTestMember({ id: 'p2', userId: 'user-2', displayName: null, email: 'kasper@example.com', role: 'user' }),
        ],
      }),
    );
    const [me, kasper] = within(screen.getByRole('list', { name: 'Members' })).getAllByRole('listitem');
    expect(me).toHaveTextContent('Only admin: make someone else admin first.');
    expect(within(me!).queryByRole('button', { name: 'Remove Admin' })).not.toBeInTheDocument();
    expect(within(me!).queryByRole('button', { name: /Remove .* from the company/ })).not.toBeInTheDocument();
    // No display name: the e-mail stands in.
    await user.click(within(kasper!).getByRole('button', { name: 'Make Admin' }));
    const dialog = screen.getByRole('dialog', { name: 'Make kasper@example.com an admin?' });
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Make Admin' }));
    expect(await screen.findByText('Role updated')).toBeInTheDocument();
    expect(calls).toContainEqual(
      expect.objectContaining({ method: 'PATCH', path: '/api/v1/team/members/user-2/role', body: { role: 'admin' } }),
    );
  });

  it('an admin leaves a member off the leaderboards with the switch (decision 081); a rep reads it as a badge', async () => {
    const ola = makeTestMember({ id: 'p3', userId: 'user-3', displayName: 'Ola Leder', email: 'ola@example.com', role: 'user' });
    const calls = stubFetch({
      'PATCH /api/v1/team/members/user-3/boards': reply(200, { ...ola, onBoards: false }),
      'GET /api/v1/team/members': reply(200, { members: [makeTestMember(), { ...ola, onBoards: false }] }),
      'GET /api/v1/me': reply(200, adminMe),
    });
    const user = userEvent.setup();
    const view = renderAsAdmin(<MembersCard canRemove />, (client) =>
      client.setQueryData(queryKeys.company.members, { members: [makeTestMember(), ola] }),
    );
    expect(screen.getByText(/Turn off for a manager who does not sell/)).toBeInTheDocument();
    const toggle = screen.getByRole('switch', { name: 'Show Ola Leder on the leaderboards' });
    expect(toggle).toBeChecked();
    toggle.focus();
    await user.keyboard(' ');
    expect(
      await screen.findByText('Ola Leder is left off the leaderboards, contests and the TV. Their history stays.'),
    ).toBeInTheDocument();
    expect(calls).toContainEqual(
      expect.objectContaining({ method: 'PATCH', path: '/api/v1/team/members/user-3/boards', body: { onBoards: false } }),
    );
    expect(await screen.findByRole('switch', { name: 'Show Ola Leder on the leaderboards' })).not.toBeChecked();
    view.unmount();

    // A rep sees no switch, only who is not on the boards.
    stubFetch({ 'GET /api/v1/me': reply(200, makeTestMe()) });
    renderWithProviders(
      <MemoryRouter>
        <AuthProvider>
          <MembersCard />
        </AuthProvider>
      </MemoryRouter>,
      { seed: (client) => client.setQueryData(queryKeys.company.members, { members: [makeTestMember(), { ...ola, onBoards: false }] }) },
    );
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    const [, olaRow] = within(screen.getByRole('list', { name: 'Members' })).getAllByRole('listitem');
    expect(olaRow).toHaveTextContent('Not on the boards');
  });
});

describe('MembersCard: a member’s personal data (Administration, Users)', () => {
  it('erases after a confirmation that says what stays, from the keyboard; you cannot erase yourself', async () => {
    const calls = stubFetch({ 'GET /api/v1/me': reply(200, adminMe) });
    const user = userEvent.setup();
    renderAsAdmin(<MembersCard canRemove />, (client) =>
      client.setQueryData(queryKeys.company.members, {
        members: [
          makeTestMember(),
          makeTestMember({ id: 'p2', userId: 'user-2', displayName: 'Kasper Kollega', email: 'kasper@example.com', role: 'user' }),
        ],
      }),
    );
    const [mine, kasper] = within(screen.getByRole('list', { name: 'Members' })).getAllByRole('listitem');
    await user.click(within(mine!).getByRole('button', { name: 'Personal data of Rita Rep' }));
    expect(await screen.findByRole('menuitem', { name: 'Download personal data' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Erase personal data...' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    within(kasper!).getByRole('button', { name: 'Personal data of Kasper Kollega' }).focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('menuitem', { name: 'Erase personal data...' });
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    const dialog = await screen.findByRole('dialog', { name: "Erase Kasper Kollega's personal data?" });
    expect(dialog).toHaveTextContent('Their numbers stay in the totals and past boards under "Former member"');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Erase personal data' }));
    await findToast('Personal data erased');
    expect(calls).toContainEqual(expect.objectContaining({ method: 'DELETE', path: '/api/v1/team/members/user-2/data' }));
  });
});

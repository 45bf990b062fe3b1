import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@web/components/ui/toaster';
import { i18n } from '@web/i18n';
import { AuthProvider } from '@web/lib/auth/auth-provider';
import { dismissAllToasts } from '@web/test/find-toast';
import { makeTestAdminMe, renderWithProviders } from '@web/test/render-with-providers';
import { reply, stubFetch } from '@web/test/stub-fetch';
import { CreateInvitationDialog } from './create-invitation-dialog';

const adminMe = makeTestAdminMe();
const oslo = { id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', name: 'Oslo' };

function renderDialog(teams: { id: string; name: string }[]) {
  const calls = stubFetch({
    'GET /api/v1/teams': reply(200, {
      teams: teams.map((team) => ({ ...team, members: [], leads: [], createdAt: '2026-11-01T00:00:00Z' })),
    }),
    'GET /api/v1/me': reply(200, adminMe),
    'POST /api/v1/invitations': reply(201, {
      id: 'inv-1',
      code: 'ABCD1234',
      role: 'user',
      status: 'active',
      url: 'http://localhost/invite/ABCD1234',
      expiresAt: '2026-12-02T00:00:00Z',
      createdAt: '2026-11-25T00:00:00Z',
      createdBy: adminMe.user.id,
      teamId: oslo.id,
    }),
  });
  renderWithProviders(
    <AuthProvider>
      <CreateInvitationDialog open onOpenChange={vi.fn()} />
      <Toaster />
    </AuthProvider>,
    { me: adminMe },
  );
  return { calls, user: userEvent.setup() };
}

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  dismissAllToasts();
  vi.unstubAllGlobals();
});

describe('CreateInvitationDialog', () => {
  it('makes a link into the team chosen once the company has teams', async () => {
    const { user, calls } = renderDialog([oslo]);
    const picker = await screen.findByRole('combobox', { name: 'Team' });
    expect(picker).toHaveTextContent('No team');
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Oslo' }));
    await user.click(screen.getByRole('button', { name: 'Create invitation' }));
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/v1/invitations').map((c) => c.body)).toEqual([
        { role: 'user', expiresInDays: 7, teamId: oslo.id },
      ]),
    );
  });

  it('makes a link into no team by default, and offers no picker without teams', async () => {
    const { user, calls } = renderDialog([]);
    await screen.findByRole('combobox', { name: 'Role' });
    expect(screen.queryByRole('combobox', { name: 'Team' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create invitation' }));
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/v1/invitations').map((c) => c.body)).toEqual([
        { role: 'user', expiresInDays: 7 },
      ]),
    );
  });
});

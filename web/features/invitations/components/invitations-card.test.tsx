import type { Invitation } from '@core/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@web/components/ui/toaster';
import { i18n } from '@web/i18n';
import { AuthProvider } from '@web/lib/auth/auth-provider';
import { queryKeys } from '@web/lib/query-keys';
import { dismissAllToasts } from '@web/test/find-toast';
import { makeTestAdminMe, renderWithProviders } from '@web/test/render-with-providers';
import { reply, stubFetch } from '@web/test/stub-fetch';
import { InvitationsCard } from './invitations-card';

const adminMe = makeTestAdminMe();

const invitation = (over: Partial<Invitation>): Invitation => ({
  id: 'i1',
  code: 'code-active',
  role: 'user',
  status: 'active',
  url: 'http://localhost/invite/code-active',
  expiresAt: '2026-12-01T10:00:00.000Z',
  createdAt: '2026-11-20T10:00:00.000Z',
  createdBy: 'user-1',
  usedBy: null,
  usedByName: null,
  usedAt: null,
  email: null,
  openedAt: null,
  sentCount: 0,
  teamId: null,
  lastSentAt: null,
  ...over,
});

function renderAsAdmin(ui: ReactElement, seed: (client: QueryClient) => void) {
  return renderWithProviders(
    <AuthProvider>
      {ui}
      <Toaster />
    </AuthProvider>,
    { me: adminMe, seed },
  );
}

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  dismissAllToasts();
  vi.unstubAllGlobals();
});

describe('InvitationsCard', () => {
  it('shows Active, Used and Expired, a stored manager role as User, and Copy link only while active', () => {
    stubFetch({ 'GET /api/v1/me': reply(200, adminMe) });
    renderAsAdmin(<InvitationsCard />, (client) =>
      client.setQueryData(queryKeys.company.invitations, {
        invitations: [
          invitation({}),
          invitation({
            id: 'i2',
            code: 'code-used',
            status: 'used',
            usedBy: 'u2',
            usedByName: 'Kasper Kollega',
            usedAt: '2026-11-21T10:00:00.000Z',
          }),
          invitation({ id: 'i3', code: 'code-old', status: 'expired', role: 'manager' as 'user', expiresAt: '2026-11-10T10:00:00.000Z' }),
        ],
      }),
    );
    const rows = within(screen.getByRole('table', { name: 'Invitations' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual(['Active', 'Used', 'Expired']);
    expect(within(rows[2]!).getByText('User')).toBeInTheDocument();
    expect(within(rows[1]!).getAllByText(/Used by Kasper Kollega/).length).toBeGreaterThan(0);
    expect(within(rows[0]!).queryAllByRole('button', { name: 'Copy link' })).toHaveLength(1);
    expect(within(rows[1]!).queryAllByRole('button', { name: 'Copy link' })).toHaveLength(0);
    expect(within(rows[2]!).queryAllByRole('button', { name: 'Copy link' })).toHaveLength(0);
    // Any invitation can be deleted.
    for (const row of rows) expect(within(row).getByRole('button', { name: /Delete invitation/ })).toBeInTheDocument();
  });

  it('deletes after a confirmation and says so', async () => {
    const calls = stubFetch({ 'GET /api/v1/me': reply(200, adminMe), 'GET /api/v1/invitations': reply(200, { invitations: [] }) });
    const user = userEvent.setup();
    renderAsAdmin(<InvitationsCard />, (client) =>
      client.setQueryData(queryKeys.company.invitations, { invitations: [invitation({ id: '4a6f0d1e-0000-4000-8000-000000000001' })] }),
    );
    await user.click(screen.getByRole('button', { name: 'Delete invitation code-active' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this invitation?' });
    expect(dialog).toHaveTextContent('The link stops working at once.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete invitation' }));
    expect(await screen.findByText('Invitation Deleted')).toBeInTheDocument();
    expect(calls).toContainEqual(
      expect.objectContaining({ method: 'DELETE', path: '/api/v1/invitations/4a6f0d1e-0000-4000-8000-000000000001' }),
    );
  });
});

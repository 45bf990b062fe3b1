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
import { makeTestAdminMe, makeTestMember, renderWithProviders } from '@web/test/render-with-providers';
import { InvitationsCard } from './invitations-card';
import { MembersCard } from './members-card';

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
  ...over,
});


/** The API as these cards see it: every request recorded, answers by method and path. */
function stubApi(answers: Record<string, unknown> = {}) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | URL | string, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const { method } = request;
      const path = new URL(request.url).pathname.replace('/api/v1', '');
      const text = await request.clone().text();
      calls.push({ method, path, body: text ? JSON.parse(text) : undefined });
      const body = answers[`${method} ${path}`] ?? (path === '/me/provision' ? { success: true, created: false, promoted: false, error: null } : { ok: true });
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

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
afterEach(() => vi.unstubAllGlobals());

describe('InvitationsCard', () => {
  it('shows Active, Used and Expired, a stored manager role as User, and Copy link only while active', () => {
    stubApi();
    renderAsAdmin(<InvitationsCard />, (client) =>
      client.setQueryData(queryKeys.company.invitations, {
        invitations: [
          invitation({}),
          invitation({ id: 'i2', code: 'code-used', status: 'used', usedBy: 'u2', usedByName: 'Kasper Kollega', usedAt: '2026-11-21T10:00:00.000Z' }),
          invitation({ id: 'i3', code: 'code-old', status: 'expired', role: 'manager' as 'user', expiresAt: '2026-11-10T10:00:00.000Z' }),
        ],
      }),
    );
    const rows = within(screen.getByRole('table', { name: 'Invitations' })).getAllByRole('row').slice(1);
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
    const calls = stubApi({ 'GET /invitations': { invitations: [] } });
    const user = userEvent.setup();
    renderAsAdmin(<InvitationsCard />, (client) => client.setQueryData(queryKeys.company.invitations, { invitations: [invitation({ id: '4a6f0d1e-0000-4000-8000-000000000001' })] }));
    await user.click(screen.getByRole('button', { name: 'Delete invitation code-active' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this invitation?' });
    expect(dialog).toHaveTextContent('The link stops working at once.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete invitation' }));
    expect(await screen.findByText('Invitation Deleted')).toBeInTheDocument();
    expect(calls).toContainEqual({ method: 'DELETE', path: '/invitations/4a6f0d1e-0000-4000-8000-000000000001', body: undefined });
  });
});

describe('MembersCard', () => {
  it('says why the only admin cannot lose the role, and asks before Make Admin', async () => {
    const kasperAsAdmin = makeTestMember({ id: 'p2', userId: 'user-2', displayName: null, email: 'kasper@example.com', role: 'admin' });
    const calls = stubApi({
      'PATCH /team/members/user-2/role': kasperAsAdmin,
      'GET /team/members': { members: [makeTestMember(), kasperAsAdmin] },
      'GET /me': adminMe,
    });
    const user = userEvent.setup();
    renderAsAdmin(<MembersCard canRemove />, (client) =>
      client.setQueryData(queryKeys.company.members, {
        members: [makeTestMember(), makeTestMember({ id: 'p2', userId: 'user-2', displayName: null, email: 'kasper@example.com', role: 'user' })],
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
    expect(calls).toContainEqual({ method: 'PATCH', path: '/team/members/user-2/role', body: { role: 'admin' } });
  });
});

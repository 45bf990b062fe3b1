import type { Invitation, InvitationList, Me, SignupPolicySettings, TeamMember, TeamMemberList } from '@core/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@web/components/ui/toaster';
import { i18n } from '@web/i18n';
import { AuthProvider } from '@web/lib/auth/auth-provider';
import { dismissAllToasts, findToast } from '@web/test/find-toast';
import { makeTestAdminMe, makeTestMember, renderWithProviders } from '@web/test/render-with-providers';
import { refuse } from '@web/test/refuse';
import { type RecordedCall, reply, stubFetch, type StubReply } from '@web/test/stub-fetch';
import { Component as AdminUsersPage } from './admin-users-page';

/** Ada, the signed-in admin of Fjordsalg AS. */
const adminMe: Me = (() => {
  const me = makeTestAdminMe();
  return { ...me, user: { ...me.user, id: 'user-ada', name: 'Ada Admin', email: 'ada@example.com' } };
})();

const ada = makeTestMember({ id: 'p1', userId: 'user-ada', displayName: 'Ada Admin', email: 'ada@example.com', role: 'admin' });
const bjorn = makeTestMember({ id: 'p2', userId: 'user-bjorn', displayName: 'Bjørn Boss', email: 'bjorn@example.com', role: 'admin' });
const rita = makeTestMember({ id: 'p3', userId: 'user-rita', displayName: 'Rita Rep', email: 'rita@example.com', role: 'user' });

const invitation = (over: Partial<Invitation> = {}): Invitation => ({
  id: '4a6f0d1e-0000-4000-8000-000000000001',
  code: 'inv-active',
  role: 'user',
  status: 'active',
  url: 'http://localhost/invite/inv-active',
  expiresAt: '2026-12-01T10:00:00.000Z',
  createdAt: '2026-11-24T10:00:00.000Z',
  createdBy: 'user-ada',
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

type Answers = Record<string, StubReply | ((call: RecordedCall) => StubReply)>;

/**
 * The server behind Administration, Users: it keeps its members, invitations and policy, so the
 * page shows what a change left behind after it reloads. `answers` override single routes.
 */
function stubServer(
  answers: Answers = {},
  start: { members?: TeamMember[]; invitations?: Invitation[]; policy?: SignupPolicySettings } = {},
) {
  let members = start.members ?? [ada, bjorn, rita];
  const invitations = start.invitations ?? [];
  let policy = start.policy ?? { policy: 'open', accessCode: null, enforced: true };
  return stubFetch({
    'GET /api/v1/me': reply(200, adminMe),
    'GET /api/v1/team/members': () => reply(200, { members } satisfies TeamMemberList),
    'GET /api/v1/invitations': () => reply(200, { invitations } satisfies InvitationList),
    'GET /api/v1/admin/signup-policy': () => reply(200, policy),
    'POST /api/v1/invitations': (call) => {
      const body = call.body as { role: 'user' | 'admin'; expiresInDays: number };
      const created = invitation({
        id: '4a6f0d1e-0000-4000-8000-000000000002',
        code: 'inv-new',
        role: body.role,
        url: 'http://localhost/invite/inv-new',
        expiresAt: '2026-12-08T10:00:00.000Z',
      });
      invitations.unshift(created);
      return reply(201, created);
    },
    'DELETE /api/v1/team/members/user-rita': () => {
      members = members.filter((m) => m.userId !== 'user-rita');
      return reply(200, { ok: true });
    },
    'PUT /api/v1/admin/signup-policy': (call) => {
      const body = call.body as { policy: SignupPolicySettings['policy']; accessCode?: string | null };
      policy = { policy: body.policy, accessCode: body.accessCode || null, enforced: policy.enforced };
      return reply(200, policy);
    },
    ...answers,
  });
}

function renderPage() {
  renderWithProviders(
    <MemoryRouter>
      <AuthProvider>
        <AdminUsersPage />
        <Toaster />
      </AuthProvider>
    </MemoryRouter>,
    { me: adminMe },
  );
  return userEvent.setup();
}

const memberRows = async () => within(await screen.findByRole('list', { name: 'Members' })).getAllByRole('listitem');
const rowOf = async (name: string) => (await memberRows()).find((row) => row.textContent?.includes(name))!;

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  dismissAllToasts();
  vi.unstubAllGlobals();
});

describe('Administration, Users: members', () => {
  it('shows members first, then invitations and the sign-up policy; removal for everyone but yourself', async () => {
    stubServer();
    renderPage();
    // Loading: placeholders until the members arrive.
    expect(document.querySelectorAll('[aria-busy="true"]').length).toBeGreaterThan(0);
    const rows = await memberRows();
    expect(rows).toHaveLength(3);
    expect(await screen.findByText('Who can create an account')).toBeInTheDocument();
    const titles = [...document.querySelectorAll('[data-slot="card-title"]')].map((title) => title.firstChild?.textContent);
    expect(titles).toEqual(['Members', 'Invitations', 'Who can create an account']);
    expect(screen.getByText('No invitations yet')).toBeInTheDocument();

    const [me, bjornRow, ritaRow] = rows;
    expect(me).toHaveTextContent('You');
    expect(within(me!).queryByRole('button', { name: /^Remove .* from the company$/ })).not.toBeInTheDocument();
    expect(within(me!).getByRole('button', { name: 'Remove Admin' })).toBeInTheDocument();
    expect(within(bjornRow!).getByRole('button', { name: 'Remove Bjørn Boss from the company' })).toBeInTheDocument();
    expect(within(ritaRow!).getByRole('button', { name: 'Make Admin' })).toBeInTheDocument();
    expect(within(ritaRow!).getByRole('button', { name: 'Remove Rita Rep from the company' })).toBeInTheDocument();
    expect(within(ritaRow!).getByRole('button', { name: 'Personal data of Rita Rep' })).toBeInTheDocument();
  });

  it('removes a member after a confirmation that says what stays, and the list no longer has them', async () => {
    const calls = stubServer();
    const user = renderPage();
    await user.click(within(await rowOf('Rita Rep')).getByRole('button', { name: 'Remove Rita Rep from the company' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Rita Rep from the company?' });
    expect(dialog).toHaveTextContent(
      'Rita Rep loses access to Fjordsalg AS at once. Their activities, wrap-ups and points stay in the history.',
    );
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Remove from company' }));

    const toast = await findToast('Member removed');
    expect(toast.description).toEqual(['Rita Rep no longer has access. Their activities stay in the history.']);
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/v1/team/members/user-rita']);
    await vi.waitFor(async () =>
      expect((await memberRows()).map((row) => row.textContent)).not.toContainEqual(expect.stringContaining('Rita Rep')),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks before you remove your own admin role, then takes you to the dashboard without loading admin data again', async () => {
    let demoted = false;
    const live: { client?: QueryClient } = {};
    const asUser: Me = { ...adminMe, profile: { ...adminMe.profile!, role: 'user' }, onboarding: { ...adminMe.onboarding, role: 'user' } };
    const adminOnly = () => (demoted ? refuse(403, { code: 'forbidden', message: 'Access denied' }) : undefined);
    const calls = stubServer({
      'GET /api/v1/me': () => reply(200, demoted ? asUser : adminMe),
      'GET /api/v1/invitations': () => adminOnly() ?? reply(200, { invitations: [] } satisfies InvitationList),
      'GET /api/v1/admin/signup-policy': () => adminOnly() ?? reply(200, { policy: 'open', accessCode: null, enforced: true }),
      'PATCH /api/v1/team/members/user-ada/role': () => {
        demoted = true;
        // The live stream tells every screen that a profile changed, as the server's NOTIFY does.
        void live.client?.invalidateQueries({ queryKey: ['company'] });
        return reply(200, { ...ada, role: 'user' });
      },
    });
    live.client = renderWithProviders(
      <MemoryRouter initialEntries={['/app/admin/users']}>
        <AuthProvider>
          <Routes>
            <Route path="/app/admin/users" element={<AdminUsersPage />} />
            <Route path="/app" element={<h1>The dashboard</h1>} />
          </Routes>
          <Toaster />
        </AuthProvider>
      </MemoryRouter>,
      { me: adminMe },
    ).queryClient;
    const user = userEvent.setup();
    await screen.findByText('Who can create an account');
    await user.click(within(await rowOf('Ada Admin')).getByRole('button', { name: 'Remove Admin' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove your own admin rights?' });
    expect(dialog).toHaveTextContent('You will become a user and lose access to the administration at once.');
    const before = calls.length;
    await user.click(within(dialog).getByRole('button', { name: 'Remove Admin' }));
    expect(await screen.findByRole('heading', { name: 'The dashboard' })).toBeInTheDocument();
    await findToast('You are no longer an admin');
    const after = calls.slice(before).map((c) => `${c.method} ${c.path}`);
    expect(after).toContain('PATCH /api/v1/team/members/user-ada/role');
    expect(after.filter((c) => c.includes('/invitations') || c.includes('/admin/'))).toEqual([]);
    expect(screen.queryByText(/Could not load invitations|Error loading the sign-up policy|Access denied/)).not.toBeInTheDocument();
  });

  it('Cancel asks nothing of the server', async () => {
    const calls = stubServer();
    const user = renderPage();
    await user.click(within(await rowOf('Rita Rep')).getByRole('button', { name: 'Remove Rita Rep from the company' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET' && c.path !== '/api/v1/me/provision')).toEqual([]);
  });

  it('says why the server refused a role change, and the member keeps the role', async () => {
    const calls = stubServer({
      'PATCH /api/v1/team/members/user-bjorn/role': refuse(409, {
        code: 'last_admin',
        message: 'The company must keep at least one admin.',
      }),
    });
    const user = renderPage();
    await user.click(within(await rowOf('Bjørn Boss')).getByRole('button', { name: 'Remove Admin' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove admin rights from Bjørn Boss?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove Admin' }));
    const toast = await findToast('Error updating user role');
    expect(toast.description).toEqual(['The company must keep at least one admin.']);
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ role: 'user' });
    expect(await rowOf('Bjørn Boss')).toHaveTextContent('Admin');
  });

  it('says when the members cannot load, and loads them again on Try again', async () => {
    let attempts = 0;
    stubServer({
      'GET /api/v1/team/members': () =>
        ++attempts === 1 ? refuse(500, { code: 'internal', message: 'Something went wrong' }) : reply(200, { members: [ada] }),
    });
    const user = renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading team members');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await memberRows()).toHaveLength(1);
  });
});

describe('Administration, Users: invitations', () => {
  it('creates an admin invitation: a bad expiry is refused first, the role chosen stays; then the link to hand over', async () => {
    const calls = stubServer();
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Invite someone' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite a colleague' });
    expect(dialog).toHaveTextContent('Create a link that lets one person join Fjordsalg AS.');
    const role = within(dialog).getByRole('combobox', { name: 'Role' });
    expect(role).toHaveTextContent('User');
    const expiry = within(dialog).getByLabelText('Expires after');
    expect(expiry).toHaveValue(7);

    await user.click(role);
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    await user.clear(expiry);
    await user.type(expiry, '45');
    await user.click(within(dialog).getByRole('button', { name: 'Create invitation' }));
    expect(await within(dialog).findByText('Choose a whole number of days between 1 and 30.')).toBeInTheDocument();
    expect(expiry).toHaveAttribute('aria-invalid', 'true');
    expect(role).toHaveTextContent('Admin');
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/v1/invitations')).toBe(false);

    await user.clear(expiry);
    await user.type(expiry, '14');
    await user.click(within(dialog).getByRole('button', { name: 'Create invitation' }));
    const ready = await screen.findByRole('dialog', { name: 'Invitation ready' });
    expect(ready).toHaveTextContent('Send this link to the person you want as admin. It works once and expires on 8 Dec 2026.');
    expect(within(ready).getByLabelText('Invitation link')).toHaveValue('http://localhost:3000/invite/inv-new');
    expect(ready).toHaveTextContent('Code: inv-new');
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/v1/invitations').map((c) => c.body)).toEqual([
      { role: 'admin', expiresInDays: 14 },
    ]);
    expect((await findToast('Invitation Created')).description).toEqual(['Code: inv-new']);

    await user.click(within(ready).getByRole('button', { name: 'Done' }));
    const table = await screen.findByRole('table', { name: 'Invitations' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('inv-new');
    expect(row).toHaveTextContent('Active');
    expect(row).toHaveTextContent('Admin');
  });

  it('keeps the form when the server refuses, and says why', async () => {
    stubServer({
      'POST /api/v1/invitations': refuse(429, {
        code: 'rate_limited',
        message: 'Too many invitations. Please wait a minute and try again.',
      }),
    });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Invite someone' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite a colleague' });
    const expiry = within(dialog).getByLabelText('Expires after');
    await user.clear(expiry);
    await user.type(expiry, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Create invitation' }));
    expect((await findToast('Creation Error')).description).toEqual(['Too many invitations. Please wait a minute and try again.']);
    expect(screen.getByRole('dialog', { name: 'Invite a colleague' })).toBeInTheDocument();
    expect(expiry).toHaveValue(3);
  });
});

describe('Administration, Users: who can create an account', () => {
  it('requires an access code: a short one is refused before sending, a good one is saved', async () => {
    const calls = stubServer();
    const user = renderPage();
    const save = await screen.findByRole('button', { name: 'Save policy' });
    expect(save).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: /^Access code required/ }));
    const code = screen.getByLabelText('Access code');
    expect(code).toHaveAccessibleDescription('Required for this policy: at least 4 characters.');
    await user.type(code, 'abc');
    await user.click(save);
    expect(await screen.findByText('Access code must be at least 4 characters')).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('radio', { name: /^Access code required/ })).toBeChecked();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.type(code, 'd-2026');
    await user.click(save);
    expect((await findToast('Sign-up policy saved')).description).toEqual(['Access code required']);
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([
      ['/api/v1/admin/signup-policy', { policy: 'access_code', accessCode: 'abcd-2026' }],
    ]);
    expect(screen.getByLabelText('Access code')).toHaveValue('abcd-2026');
    expect(screen.getByRole('button', { name: 'Save policy' })).toBeDisabled();
  });

  it('puts the server’s refusal on the field (no code stored for the access-code policy)', async () => {
    stubServer({
      'PUT /api/v1/admin/signup-policy': refuse(400, {
        code: 'bad_request',
        message: 'Set an access code to require one at sign-up.',
        details: { accessCode: 'An access code is required for this policy' },
      }),
    });
    const user = renderPage();
    await user.click(await screen.findByRole('radio', { name: /^Access code required/ }));
    await user.click(screen.getByRole('button', { name: 'Save policy' }));
    expect((await findToast('Error saving the sign-up policy')).description).toEqual(['Set an access code to require one at sign-up.']);
    expect(screen.getByLabelText('Access code')).toHaveAccessibleDescription('An access code is required for this policy');
    expect(screen.getByRole('radio', { name: /^Access code required/ })).toBeChecked();
  });

  it('says that the choice is not enforced on a server of several companies', async () => {
    stubServer({}, { policy: { policy: 'invite_only', accessCode: null, enforced: false } });
    renderPage();
    expect(await screen.findByRole('radio', { name: /^Invitation only/ })).toBeChecked();
    expect(screen.getByText(/This server runs several companies/)).toBeInTheDocument();
  });
});

describe('Administration, Users in Norwegian', () => {
  it('words the cards, the confirmation and the server’s refusal in Norwegian', async () => {
    await i18n.changeLanguage('nb');
    stubServer(
      {
        'DELETE /api/v1/team/members/user-bjorn': refuse(409, { code: 'last_admin', message: 'The company must keep at least one admin.' }),
      },
      { invitations: [invitation({ status: 'expired', code: 'inv-old', expiresAt: '2026-11-10T10:00:00.000Z' })] },
    );
    const user = renderPage();
    const rows = within(await screen.findByRole('list', { name: 'Medlemmer' })).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Deg');
    expect(within(rows[2]!).getByRole('button', { name: 'Gjør til admin' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Invitasjoner' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Utløpt');
    expect(await screen.findByText('Hvem kan lage en konto')).toBeInTheDocument();

    await user.click(within(rows[1]!).getByRole('button', { name: 'Fjern Bjørn Boss fra selskapet' }));
    const dialog = screen.getByRole('dialog', { name: 'Fjerne Bjørn Boss fra selskapet?' });
    expect(dialog).toHaveTextContent('Bjørn Boss mister tilgangen til Fjordsalg AS med en gang.');
    await user.click(within(dialog).getByRole('button', { name: 'Fjern fra selskapet' }));
    expect((await findToast('Feil ved fjerning av medlemmet')).description).toEqual([
      'Selskapet må ha minst én administrator. Gjør et annet medlem til administrator først.',
    ]);
  });
});

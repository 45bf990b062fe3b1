import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@web/components/ui/toaster';
import { i18n } from '@web/i18n';
import { AuthProvider } from '@web/lib/auth/auth-provider';
import { dismissAllToasts, findToast } from '@web/test/find-toast';
import { makeTestAdminMe, renderWithProviders } from '@web/test/render-with-providers';
import { reply, stubFetch } from '@web/test/stub-fetch';
import { InviteByEmailForm } from './invite-by-email-form';

const adminMe = makeTestAdminMe();

function renderForm(onSent = vi.fn(), teams: { id: string; name: string }[] = []) {
  const calls = stubFetch({
    'GET /api/v1/teams': reply(200, {
      teams: teams.map((team) => ({ ...team, members: [], leads: [], createdAt: '2026-11-01T00:00:00Z' })),
    }),
    'GET /api/v1/me': reply(200, adminMe),
    'POST /api/v1/invitations/send': (call) => {
      const emails = (call.body as { emails: string[] }).emails;
      return reply(201, { sent: emails.length, emails });
    },
    'GET /api/v1/invitations': reply(200, { invitations: [] }),
  });
  renderWithProviders(
    <AuthProvider>
      <InviteByEmailForm onSent={onSent} />
      <Toaster />
    </AuthProvider>,
    { me: adminMe },
  );
  return { calls, onSent, user: userEvent.setup() };
}

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  dismissAllToasts();
  vi.unstubAllGlobals();
});

describe('InviteByEmailForm', () => {
  it('reads a pasted list (commas, new lines, Name <address>) and shows invalid and repeated addresses before sending', async () => {
    const { user, calls } = renderForm();
    const box = screen.getByLabelText('E-mail addresses');
    await user.click(box);
    await user.paste('Kari Nordmann <kari@example.com>, per@example.com\nnot-an-address\nKARI@example.com');
    expect(screen.getByText('2 people will be invited')).toBeInTheDocument();
    expect(screen.getByText('kari@example.com')).toBeInTheDocument();
    expect(screen.getByText('per@example.com')).toBeInTheDocument();
    expect(screen.getByTestId('invalid-emails')).toHaveTextContent('not-an-address');
    expect(screen.getByTestId('duplicate-emails')).toHaveTextContent('kari@example.com');

    // Nothing leaves while an address is invalid.
    await user.click(screen.getByRole('button', { name: 'Send 2 invitations' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Fix or remove the address that is not valid.');
    expect(calls.filter((c) => c.path === '/api/v1/invitations/send')).toEqual([]);
  });

  it('invites into the team chosen once the company has teams, and into none by default', async () => {
    const oslo = { id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', name: 'Oslo' };
    const { user, calls } = renderForm(vi.fn(), [oslo]);
    await user.click(screen.getByLabelText('E-mail addresses'));
    await user.paste('kari@example.com');
    const picker = await screen.findByRole('combobox', { name: 'Team' });
    expect(picker).toHaveTextContent('No team');
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Oslo' }));
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/v1/invitations/send').map((c) => c.body)).toEqual([
        { emails: ['kari@example.com'], role: 'user', teamId: oslo.id },
      ]),
    );
  });

  it('has no team picker while the company has no teams', async () => {
    renderForm();
    expect(await screen.findByLabelText('E-mail addresses')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Team' })).not.toBeInTheDocument();
  });

  it('sends one invitation per distinct address with the role chosen, and says so', async () => {
    const { user, calls, onSent } = renderForm();
    await user.click(screen.getByLabelText('E-mail addresses'));
    await user.paste('kari@example.com per@example.com kari@example.com');
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    await user.click(screen.getByRole('button', { name: 'Send 2 invitations' }));
    await findToast('2 invitations sent');
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/api/v1/invitations/send');
    expect(sent?.body).toEqual({ emails: ['kari@example.com', 'per@example.com'], role: 'admin' });
    expect(onSent).toHaveBeenCalledWith(['kari@example.com', 'per@example.com']);
    expect(screen.getByLabelText('E-mail addresses')).toHaveValue('');
  });

  it('asks for an address when the box is empty, in Norwegian too', async () => {
    await i18n.changeLanguage('nb');
    const { user, calls } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Send invitasjon' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Skriv minst én e-postadresse.');
    expect(calls.filter((c) => c.path === '/api/v1/invitations/send')).toEqual([]);
  });
});

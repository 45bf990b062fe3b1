import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@web/components/ui/toaster';
import { i18n } from '@web/i18n';
import { AuthProvider } from '@web/lib/auth/auth-provider';
import { makeTestMe, renderWithProviders } from '@web/test/render-with-providers';
import { reply, stubFetch } from '@web/test/stub-fetch';
import { ChangePasswordCard } from './change-password-card';

/** Rita Rep (rita@example.com) of Fjordsalg AS, on the Personal tab. */
function renderCard() {
  return renderWithProviders(
    <AuthProvider>
      <ChangePasswordCard />
      <Toaster />
    </AuthProvider>,
    { me: makeTestMe() },
  );
}

const ME = { 'GET /api/v1/me': reply(200, makeTestMe()) };

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  values: { current: string; next: string; confirm?: string },
  labels = { current: 'Current password', next: 'New password', confirm: 'Confirm new password' },
) {
  await user.type(screen.getByLabelText(labels.current), values.current);
  await user.type(screen.getByLabelText(labels.next), values.next);
  await user.type(screen.getByLabelText(labels.confirm), values.confirm ?? values.next);
}

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => vi.unstubAllGlobals());

describe('Change password', () => {
  it('changes the password and signs out the other devices by default', async () => {
    const calls = stubFetch({ ...ME, 'POST /api/auth/change-password': reply(200, { token: 'new', user: { id: 'user-1' } }) });
    const user = userEvent.setup();
    renderCard();
    expect(screen.getByRole('heading', { name: 'Password' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Sign out on other devices' })).toBeChecked();
    await fill(user, { current: 'old-password-1', next: 'vinduet-mot-havet-7' });
    await waitFor(() => expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(/^Strength: (strong|very strong)\.$/));
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(screen.getByText('Your other devices have been signed out.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/auth/change-password')!.body).toEqual({
      currentPassword: 'old-password-1',
      newPassword: 'vinduet-mot-havet-7',
      revokeOtherSessions: true,
    });
    // The form is empty again.
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('keeps the other devices signed in when asked to', async () => {
    const calls = stubFetch({ ...ME, 'POST /api/auth/change-password': reply(200, { token: null, user: { id: 'user-1' } }) });
    const user = userEvent.setup();
    renderCard();
    await fill(user, { current: 'old-password-1', next: 'vinduet-mot-havet-7' });
    await user.click(screen.getByRole('switch', { name: 'Sign out on other devices' }));
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveValue(''));
    expect(calls.find((c) => c.path === '/api/auth/change-password')!.body).toMatchObject({ revokeOtherSessions: false });
  });

  it('refuses a weak or personal new password, and a mismatch, before sending anything', async () => {
    const calls = stubFetch(ME);
    const user = userEvent.setup();
    renderCard();
    const next = screen.getByLabelText('New password');
    await fill(user, { current: 'old-password-1', next: 'fjordsalg2026' });
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    // The company's name (Fjordsalg AS) is the person's own word.
    await waitFor(() =>
      expect(next).toHaveAccessibleDescription('This password is too easy to guess from your name, e-mail address or company.'),
    );
    expect(next).toHaveAttribute('aria-invalid', 'true');

    await user.clear(next);
    await user.type(next, 'vinduet-mot-havet-7');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The passwords do not match.')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/auth/change-password')).toBe(false);
  });

  it('says when the current password is wrong, on its field', async () => {
    stubFetch({ ...ME, 'POST /api/auth/change-password': reply(400, { code: 'INVALID_PASSWORD', message: 'Invalid password' }) });
    const user = userEvent.setup();
    renderCard();
    await fill(user, { current: 'not-my-password', next: 'vinduet-mot-havet-7' });
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription('That is not your current password.'),
    );
  });

  it('in Norwegian: a locked account, and the server’s refusal of the new password', async () => {
    await i18n.changeLanguage('nb');
    const answers = [
      reply(429, { code: 'ACCOUNT_LOCKED', message: 'Too many failed attempts for this account.', retryAfterSeconds: 120 }),
      reply(400, { code: 'PASSWORD_COMMON', message: 'This password is too common.' }),
    ];
    stubFetch({ ...ME, 'POST /api/auth/change-password': () => answers.shift()! });
    const user = userEvent.setup();
    renderCard();
    expect(screen.getByRole('heading', { name: 'Passord' })).toBeInTheDocument();
    await fill(
      user,
      { current: 'old-password-1', next: 'vinduet-mot-havet-7' },
      { current: 'Nåværende passord', next: 'Nytt passord', confirm: 'Bekreft nytt passord' },
    );
    await user.click(screen.getByRole('button', { name: 'Endre passord' }));
    expect(await screen.findAllByText('For mange mislykkede forsøk for denne kontoen. Prøv igjen om 2 minutter.')).not.toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Endre passord' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Nytt passord')).toHaveAccessibleDescription(
        'Dette passordet er for vanlig: unngå kjente passord og vanlige ord, som «passord» eller «sommer».',
      ),
    );
  });
});
